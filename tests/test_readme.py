"""The README's generated parts match what the code does, so they cannot drift.

Run `python tests/test_readme.py` to print the differences table (to paste between the
`differences` markers of README.md)."""

from __future__ import annotations

import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

import relurl

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
sys.path.insert(0, str(Path(__file__).parent))
from conftest import load_table  # noqa: E402


def differences_table() -> str:
    """Markdown rows for every RFC 1808 section 5 example where `urllib.parse.urljoin` on
    the running Python gives another answer than RFC 1808 (and relurl)."""
    rows = load_table()["examples"]
    lines = [
        "| § | reference | RFC 1808 (`relurl.resolve`) | `urllib.parse.urljoin` |",
        "|---|---|---|---|",
    ]
    same = 0
    for row in rows:
        ours = relurl.resolve(row["base"], row["reference"])
        assert ours == row["expected"]
        theirs = urllib.parse.urljoin(row["base"], row["reference"])
        if ours == theirs:
            same += 1
            continue
        lines.append(f"| {row['section']} | `{row['reference']}` | `{ours}` | `{theirs}` |")
    lines.append("")
    lines.append(f"The other {same} of the {len(rows)} examples give the same answer in both.")
    return "\n".join(lines)


def readme_block(name: str) -> str:
    text = README.read_text(encoding="utf-8")
    match = re.search(rf"<!-- {name}:start -->\n(.*?)\n<!-- {name}:end -->", text, re.S)
    assert match, f"README.md lacks the {name} markers"
    return match.group(1)


def test_differences_table_is_current() -> None:
    assert readme_block("differences") == differences_table()


def test_tour_runs() -> None:
    """The README's tour block runs and its `# ->` comments are the values it prints."""
    code = readme_block("tour").removeprefix("```python\n").removesuffix("\n```")
    for line in code.splitlines():
        if "# -> " in line:
            expression, expected = line.split("# -> ")
            env: dict[str, object] = {}
            exec(code.split(line)[0], env)  # the tour up to this line
            assert repr(eval(expression.strip(), env)) == expected.strip(), line


def test_example_command() -> None:
    """The bundled example (README 'Try it') resolves every href of the page."""
    page = (ROOT / "examples" / "page-url.txt").read_text(encoding="utf-8").strip()
    hrefs = (ROOT / "examples" / "hrefs.txt").read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "relurl", "resolve", page], input=hrefs, capture_output=True, check=True
    )
    out = done.stdout.decode().splitlines()
    assert len(out) == hrefs.count(b"\n")
    assert all(line.startswith(("http", "mailto:", "tel:", "javascript:", "data:", "android-app:", "ios-app:")) for line in out)


if __name__ == "__main__":
    print(differences_table())
