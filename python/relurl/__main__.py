"""`python -m relurl`: the same as the `relurl` command."""

import sys

from relurl.cli import main

sys.exit(main())
