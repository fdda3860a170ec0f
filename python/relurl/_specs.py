"""The names of the rule sets relurl follows: what every `spec=` takes (the core's `Spec`
names), and the command line's `--spec`. Owned here, by the library, so that its modules
(relurl.spark) and the command line (relurl.cli) read one list, and no library module
imports the command line."""

from __future__ import annotations

from typing import Literal, get_args

#: A spec's name, as a type.
Spec = Literal["rfc1808", "rfc3986", "whatwg"]

#: The names `--spec` (and every `spec=`) takes.
SPECS: tuple[Spec, ...] = get_args(Spec)
