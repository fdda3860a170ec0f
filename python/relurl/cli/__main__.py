"""`python -m relurl.cli`: the same as the `relurl` command (and `python -m relurl`)."""

import sys

from relurl.cli import main

sys.exit(main())
