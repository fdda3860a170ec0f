"""A griffe extension for the docs site (mkdocs.yml): a function of a stub (`.pyi`) that has
only `@overload` variants, as the native module's stubs declare them, becomes a member.

griffe keeps overloads aside until the implementation they belong to is seen; a stub has
none, so `resolve_many`, `urljoin`, `surt` and the `relurl.arrow` functions would be missing
from the API reference. The first variant (the one with the docstring) stands for the
function, and the others are shown as its overloads."""

from __future__ import annotations

from typing import Any

from griffe import Class, Extension, Module


class StubOverloads(Extension):
    """Makes a member of every overloaded function without an implementation."""

    def on_members(self, *, obj: Module | Class, **_: Any) -> None:
        if not obj.filepath or not str(obj.filepath).endswith(".pyi"):
            return
        for name, variants in list(obj.overloads.items()):
            if variants and name not in obj.members:
                main = next((v for v in variants if v.docstring), variants[0])
                obj.set_member(name, main)
                main.overloads = [v for v in variants if v is not main]
                del obj.overloads[name]
