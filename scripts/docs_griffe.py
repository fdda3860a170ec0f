"""A griffe extension for the docs site (mkdocs.yml), two fixes for how the package is read.

- A function of a stub (`.pyi`) that has only `@overload` variants, as the native module's
  stubs declare them, becomes a member. griffe keeps overloads aside until the
  implementation they belong to is seen; a stub has none, so `resolve_many`, `urljoin`,
  `surt` and the `relurl.arrow` functions would be missing from the API reference. The first
  variant (the one with the docstring) stands for the function, and the others are shown as
  its overloads.
- A docstring's interactive example (`>>>` lines and their output, up to a blank line) is
  fenced as a `pycon` code block: Markdown would read each `>` as a quotation."""

from __future__ import annotations

from typing import Any

from griffe import Class, Extension, Module, Object


def fence_examples(text: str) -> str:
    """`text` with every run of `>>>` example lines (to the next blank line) fenced."""
    out: list[str] = []
    fence = False
    inside = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fence = not fence
        if not fence and not inside and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            inside = True
        elif inside and not line.strip():
            out.append(f"{indent}```")
            inside = False
        out.append(line)
    if inside:
        out.append(f"{indent}```")
    return "\n".join(out)


class StubsAndExamples(Extension):
    """Makes a member of every overloaded function without an implementation, and fences
    the docstrings' examples."""

    def on_members(self, *, obj: Module | Class, **_: Any) -> None:
        if not obj.filepath or not str(obj.filepath).endswith(".pyi"):
            return
        for name, variants in list(obj.overloads.items()):
            if variants and name not in obj.members:
                main = next((v for v in variants if v.docstring), variants[0])
                obj.set_member(name, main)
                main.overloads = [v for v in variants if v is not main]
                del obj.overloads[name]

    def on_instance(self, *, obj: Object, **_: Any) -> None:
        if obj.docstring and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_examples(obj.docstring.value)
