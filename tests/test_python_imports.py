"""The Python package's imports go one way: no module imports one that (through others)
imports it back, and the library (relurl, relurl.arrow, relurl.spark) never imports the
command line, whose package runs dispatcher -> commands -> shared helpers -> relurl._relurl.

The graph is read from the source with `ast` (every import statement, those inside
functions and under `if TYPE_CHECKING:` too), from the package that is imported (the
checkout's python/relurl, or an installed wheel's), so it needs no import to succeed."""

from __future__ import annotations

import ast
import graphlib
import subprocess
import sys
from pathlib import Path

import relurl

PACKAGE = Path(relurl.__file__).parent

#: The command line, as `python -m relurl`: the one module outside relurl.cli that may import it.
CLI_ENTRY = "relurl.__main__"


def module_names() -> dict[str, Path]:
    """Each module of the package (sources and stubs: the extension is known by its stub),
    by dotted name."""
    modules: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py*")):
        if path.suffix not in (".py", ".pyi"):
            continue
        parts = ("relurl", *path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules.setdefault(".".join(parts), path)
    return modules


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    modules = module_names()

    def known(name: str) -> str | None:
        # `import relurl.cli._common` names a module; `from relurl.cli import main` names a
        # module's attribute: the nearest enclosing module of the package is what is imported.
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_package = path.stem == "__init__"
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: from the module's package, up level - 1 packages
                    anchor = name.split(".") if is_package else name.split(".")[:-1]
                    base = ".".join(anchor[: len(anchor) - node.level + 1] + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                targets = [f"{base}.{alias.name}" for alias in node.names]
            imported.update(target for target in map(known, targets) if target is not None)
        graph[name] = imported
    return graph


def test_python_package_has_no_import_circle() -> None:
    graph = import_graph()
    # The graph is read: the entry point of `python -m relurl` imports the command line.
    assert "relurl.cli" in graph[CLI_ENTRY], graph
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as err:
        raise AssertionError(f"import circle: {' -> '.join(err.args[1])}") from None
    library_to_cli = {
        (module, target)
        for module, targets in graph.items()
        if module != CLI_ENTRY and not (module == "relurl.cli" or module.startswith("relurl.cli."))
        for target in targets
        if target == "relurl.cli" or target.startswith("relurl.cli.")
    }
    assert library_to_cli == set(), "library modules import the command line"


def test_importing_relurl_imports_no_peer_and_not_relurl_scrapy() -> None:
    # Scrapy, w3lib, lxml... are extras: `import relurl` (with the arrow module) loads none of
    # them, nor relurl.scrapy, which is for Scrapy users.
    code = (
        "import sys, relurl, relurl.arrow\n"
        "peers = {'scrapy', 'w3lib', 'twisted', 'lxml', 'parsel', 'tldextract', 'surt', 'pyarrow'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in peers or m.startswith('relurl.scrapy')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout
