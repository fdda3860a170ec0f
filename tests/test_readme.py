"""The documentation's generated parts match what the code does, so they cannot drift: the
README (the front door) and the pages of the docs site (docs/*.md, built by mkdocs).

`python tests/readme_tables.py` prints the tables to paste between the markers of
docs/semantics.md."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest
import relurl

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).parent))
from readme_tables import differences_table, doc_files, marked_block, marked_blocks, semantics_table  # noqa: E402

#: The pages whose `>>>` examples show each task (each must keep some).
PAGES_WITH_EXAMPLES = {"resolve.md", "base.md", "links.md", "batches.md", "crawler.md"}


def test_differences_table_is_current() -> None:
    assert marked_block("differences", "semantics.md") == differences_table()


def test_semantics_table_is_current() -> None:
    assert marked_block("semantics", "semantics.md") == semantics_table()


def test_the_tours_are_in_the_readme_and_getting_started() -> None:
    assert sorted(path.name for path in marked_blocks("tour")) == ["README.md", "getting-started.md"]


@pytest.mark.parametrize("page", ["README.md", "getting-started.md"])
def test_tour_runs(page: str) -> None:
    """A tour block (the README's ten lines, the whole one in docs/getting-started.md) runs
    and its `# ->` comments are the values it prints."""
    blocks = {path.name: block for path, block in marked_blocks("tour").items()}
    code = blocks[page].removeprefix("```python\n").removesuffix("\n```")
    checked = 0
    for line in code.splitlines():
        if "# -> " in line:
            expression, expected = line.split("# -> ")
            env: dict[str, object] = {}
            exec(code.split(line)[0], env)  # the tour up to this line
            assert repr(eval(expression.strip(), env)) == expected.strip(), line
            checked += 1
    assert checked, f"the tour of {page} shows values"


def _doctest(path: Path) -> doctest.TestResults:
    text = path.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {"relurl": relurl}, path.name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL)
    runner.run(test, out=lambda _: None)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("path", doc_files(), ids=lambda path: path.name)
def test_interactive_examples(path: Path) -> None:
    """Every `>>>` example of the README and of each docs page gives the output it shows
    (doctest); the task pages keep theirs."""
    result = _doctest(path)
    assert result.failed == 0, f"{result.failed} example(s) of {path.name} failed; run python -m doctest {path}"
    if path.name in PAGES_WITH_EXAMPLES:
        assert result.attempted, f"{path.name} has >>> examples"


def test_example_command() -> None:
    """The bundled example (README and docs/getting-started.md, 'Try it') resolves every href
    of the page."""
    page = (ROOT / "examples" / "page-url.txt").read_text(encoding="utf-8").strip()
    hrefs = (ROOT / "examples" / "hrefs.txt").read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "relurl", "resolve", page], input=hrefs, capture_output=True, check=True
    )
    out = done.stdout.decode().splitlines()
    assert len(out) == hrefs.count(b"\n")
    assert all(
        line.startswith(("http", "mailto:", "tel:", "javascript:", "data:", "android-app:", "ios-app:")) for line in out
    )


def docs_group() -> list[str]:
    """The requirements of pyproject.toml's `docs` dependency group (what .ci/run installs)."""
    import re

    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    group = re.search(r"^docs\s*=\s*\[([^\]]*)\]", text, re.M)
    assert group, "pyproject.toml has no docs dependency group"
    return re.findall(r'"([^"]+)"', re.sub(r"#.*", "", group.group(1)))


@pytest.mark.parametrize("page", ["README.md", "docs/design.md"])
def test_docs_install_line_is_the_pinned_group_for_pip_23(page: str) -> None:
    # The one command that installs the docs' packages must work with a fresh venv's pip 23
    # (no --group): a plain `pip install` of exactly the group's pins.
    lines = [line for line in (ROOT / page).read_text(encoding="utf-8").splitlines() if "pip install mkdocs" in line]
    assert len(lines) == 1, f"{page}: one docs install line, found {lines}"
    assert "--group" not in lines[0]
    installed = lines[0].split("pip install ", 1)[1].split(" && ")[0].split()
    assert installed == docs_group()
