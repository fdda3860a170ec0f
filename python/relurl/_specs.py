"""The names of the rule sets relurl follows: what every `spec=` takes, and the command
line's `--spec`. The core owns the list (`relurl::Spec::NAMES`, read here from the
extension); this module gives it to the library's modules (relurl.spark) and the command
line (relurl.cli) alike, so that no library module imports the command line. The `Spec`
Literal repeats the names for type checkers, and a test holds it equal to the core's
(tests/test_signatures.py)."""

from __future__ import annotations

from typing import Literal

from relurl._relurl import _SPECS
from relurl._relurl import _check_spec as check_spec

__all__ = ["SPECS", "Spec", "check_spec"]

#: A spec's name, as a type.
Spec = Literal["rfc1808", "rfc3986", "whatwg"]

#: The names `--spec` (and every `spec=`) takes: the core's list.
SPECS: tuple[Spec, ...] = _SPECS
