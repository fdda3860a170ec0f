"""Report import circles between the modules of a Rust crate.

A circle is a set of modules each of which reaches every other one by its ``use`` lines and
paths (``crate::...``, ``super::...``, ``self::...``, in ``use`` trees and in code): module A
uses something of B and B, directly or through others, uses something of A. The modules
compared are the crate's top-level ones, except that a folder whose ``mod.rs`` only declares
modules (a folder of a kind: the core's ``grammars/``, ``common/``, ``services/``,
``twins/``) is looked through, so its children are compared (``grammars::whatwg``,
``common::error``). What a module uses of itself and of its own children is not counted;
the crate root (``lib.rs``) is not a module compared, and a path through one of its
re-exports (``crate::Error``) counts as a use of the module it re-exports.

Usage: ``python scripts/import_cycles.py [SRC_DIR ...]`` (by default the core's and the
bindings' ``src``); prints each circle (strongly connected component of more than one
module) with the lines that make it, and exits 1 if there is one.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CRATES = (ROOT / "crates/relurl/src", ROOT / "crates/relurl-py/src")

# Comments, strings and character literals, removed before paths are read (a `'"'` would
# otherwise open a string; `crate::` in a doc comment is not a use).
_NOISE = re.compile(
    r"""//[^\n]*
    | /\*.*?\*/
    | b?r(?P<hashes>\#*)".*?"(?P=hashes)
    | b?"(?:\\.|[^\\"])*"
    | b?'(?:\\u\{[0-9a-fA-F]+\}|\\x[0-9a-fA-F]{2}|\\.|[^\\'\n])'
    """,
    re.VERBOSE | re.DOTALL,
)
_EVENTS = re.compile(
    r"""(?P<mod>\bmod\s+(?P<modname>\w+)\s*\{)
    | (?P<use>\buse\s+(?P<tree>[^;]+);)
    | (?P<path>\b(?:crate|super|self)(?:\s*::\s*\w+)+)
    | (?P<open>\{)
    | (?P<close>\})
    """,
    re.VERBOSE,
)
_MOD_DECL = re.compile(r"^(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*;$")


def strip_noise(text: str) -> str:
    """``text`` with comments, strings and character literals blanked (newlines kept)."""
    return _NOISE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def expand_use_tree(tree: str) -> list[list[str]]:
    """The paths of a ``use`` tree: ``a::{b, c::{d, e as f}}`` gives ``a::b``, ``a::c::d``, ``a::c::e``."""
    tree = re.sub(r"\s+", "", re.sub(r"\s+as\s+", "@", tree))
    paths: list[list[str]] = []

    def walk(text: str, prefix: list[str]) -> None:
        if "{" not in text:
            for part in split_top(text):
                if part:
                    paths.append(prefix + [p for p in part.split("@", 1)[0].split("::") if p])
            return
        for part in split_top(text):
            if "{" in part:
                head, _, rest = part.partition("{")
                walk(rest[:-1], prefix + [p for p in head.split("::") if p])
            elif part:
                walk(part, prefix)

    walk(tree, [])
    return paths


def split_top(text: str) -> list[str]:
    """``text`` split at the commas outside braces."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


@dataclass
class Crate:
    """A crate's modules (one per file) and what each of its lines uses."""

    src: Path
    modules: dict[tuple[str, ...], Path] = field(default_factory=dict)
    groups: set[tuple[str, ...]] = field(default_factory=set)
    root_exports: dict[str, list[list[str]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for path in sorted(self.src.rglob("*.rs")):
            rel = path.relative_to(self.src).with_suffix("").parts
            if rel[-1] in {"lib", "main"} and len(rel) == 1:
                module: tuple[str, ...] = ()
            elif rel[-1] == "mod":
                module = tuple(rel[:-1])
            else:
                module = tuple(rel)
            self.modules[module] = path
        for module, path in self.modules.items():
            if module and path.name == "mod.rs":
                code = [line.strip() for line in strip_noise(path.read_text()).splitlines()]
                code = [line for line in code if line and not line.startswith("#")]
                if code and all(_MOD_DECL.match(line) for line in code):
                    self.groups.add(module)
        self._read_root_exports()

    def _read_root_exports(self) -> None:
        """The names the root re-exports (``pub use a::b::C``, ``pub mod m { pub use ... }``)."""
        root = self.modules.get(())
        if root is None:
            return
        stack: list[str | None] = []
        for m in _EVENTS.finditer(strip_noise(root.read_text())):
            if m.group("mod"):
                stack.append(m.group("modname"))
            elif m.group("open"):
                stack.append(None)
            elif m.group("close"):
                if stack:
                    stack.pop()
            elif m.group("use"):
                inline = next((s for s in reversed(stack) if s), None)
                for target in expand_use_tree(m.group("tree")):
                    if target and target[0] == "crate":
                        target = target[1:]
                    if not target or target[0] in {"std", "core", "alloc"}:
                        continue
                    name = inline or (target[-1] if target[-1] != "*" else None)
                    if name:
                        self.root_exports.setdefault(name, []).append(target)

    def node(self, absolute: list[str]) -> tuple[str, ...] | None:
        """The module compared that an absolute path (from the root) falls in."""
        if not absolute:
            return None
        first = absolute[0]
        if (first,) in self.groups:
            node = tuple(absolute[:2])
        else:
            node = (first,)
        return node if node in self.modules else None

    def targets(self, absolute: list[str]) -> list[tuple[str, ...]]:
        """The modules compared that an absolute path reaches (through root re-exports)."""
        direct = self.node(absolute)
        if direct is not None:
            return [direct]
        found = []
        for target in self.root_exports.get(absolute[0], []) if absolute else []:
            node = self.node(target + absolute[1:])
            if node is not None:
                found.append(node)
        return found

    def edges(self) -> dict[tuple[str, ...], dict[tuple[str, ...], list[str]]]:
        """For each module compared, the modules it uses, with the lines that use them."""
        graph: dict[tuple[str, ...], dict[tuple[str, ...], list[str]]] = {}
        for module, path in self.modules.items():
            source = self.node(list(module))
            if source is None:
                continue
            code = strip_noise(path.read_text())
            scope: list[str | None] = []
            for m in _EVENTS.finditer(code):
                if m.group("mod"):
                    scope.append(m.group("modname"))
                    continue
                if m.group("open"):
                    scope.append(None)
                    continue
                if m.group("close"):
                    if scope:
                        scope.pop()
                    continue
                here = list(module) + [s for s in scope if s]
                if m.group("use"):
                    paths = expand_use_tree(m.group("tree"))
                else:
                    paths = [re.sub(r"\s+", "", m.group("path")).split("::")]
                for p in paths:
                    absolute = resolve(here, p)
                    if absolute is None:
                        continue
                    line = code.count("\n", 0, m.start()) + 1
                    where = f"{path.relative_to(self.src)}:{line}"
                    for target in self.targets(absolute):
                        if target != source:
                            graph.setdefault(source, {}).setdefault(target, []).append(where)
        return graph


def resolve(here: list[str], path: list[str]) -> list[str] | None:
    """``path`` (seen from module ``here``) from the root, or None when not crate-relative."""
    if not path:
        return None
    if path[0] == "crate":
        return path[1:]
    if path[0] not in {"super", "self"}:
        return None
    base = list(here)
    rest = list(path)
    while rest and rest[0] in {"super", "self"}:
        if rest.pop(0) == "super":
            if not base:
                return None
            base.pop()
    return base + rest


def circles(graph: dict[tuple[str, ...], dict[tuple[str, ...], list[str]]]) -> list[list[tuple[str, ...]]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[tuple[str, ...], int] = {}
    low: dict[tuple[str, ...], int] = {}
    stack: list[tuple[str, ...]] = []
    on_stack: set[tuple[str, ...]] = set()
    found: list[list[tuple[str, ...]]] = []
    nodes = set(graph) | {t for targets in graph.values() for t in targets}

    def visit(v: tuple[str, ...]) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(1000, 10 * len(nodes)))
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return sorted(found)


def report(src: Path) -> list[str]:
    """The circles of the crate at ``src``, one description each (empty when none)."""
    crate = Crate(src)
    graph = crate.edges()
    out = []
    for component in circles(graph):
        names = ", ".join("::".join(c) for c in component)
        lines = [f"{src}: import circle between {names}"]
        for a in component:
            for b in component:
                if b in graph.get(a, {}):
                    lines.append(f"  {'::'.join(a)} -> {'::'.join(b)} ({', '.join(graph[a][b][:3])})")
        out.append("\n".join(lines))
    return out


def main(argv: list[str]) -> int:
    """Checks each crate given (by default the core and the bindings); 1 if any has a circle."""
    crates = [Path(a) for a in argv] or list(DEFAULT_CRATES)
    found = False
    for src in crates:
        texts = report(src)
        for text in texts:
            print(text)
        if not texts:
            print(f"{src}: no import circle")
        found = found or bool(texts)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
