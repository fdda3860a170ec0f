"""The README's generated parts match what the code does, so they cannot drift.

`python tests/readme_tables.py` prints the tables to paste between the README's markers."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import relurl

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
sys.path.insert(0, str(Path(__file__).parent))
from readme_tables import differences_table, semantics_table  # noqa: E402


def readme_block(name: str) -> str:
    text = README.read_text(encoding="utf-8")
    match = re.search(rf"<!-- {name}:start -->\n(.*?)\n<!-- {name}:end -->", text, re.S)
    assert match, f"README.md lacks the {name} markers"
    return match.group(1)


def test_differences_table_is_current() -> None:
    assert readme_block("differences") == differences_table()


def test_semantics_table_is_current() -> None:
    assert readme_block("semantics") == semantics_table()


def test_tour_runs() -> None:
    """The README's tour block runs and its `# ->` comments are the values it prints."""
    code = readme_block("tour").removeprefix("```python\n").removesuffix("\n```")
    for line in code.splitlines():
        if "# -> " in line:
            expression, expected = line.split("# -> ")
            env: dict[str, object] = {}
            exec(code.split(line)[0], env)  # the tour up to this line
            assert repr(eval(expression.strip(), env)) == expected.strip(), line


def test_interactive_examples() -> None:
    """Every `>>>` example of the README gives the output it shows (doctest)."""
    text = README.read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {"relurl": relurl}, "README.md", str(README), 0)
    assert test.examples, "the README has >>> examples"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL)
    result = runner.run(test, out=lambda _: None)
    assert result.failed == 0, f"{result.failed} README example(s) failed; run python -m doctest README.md"


def test_example_command() -> None:
    """The bundled example (README 'Try it') resolves every href of the page."""
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
