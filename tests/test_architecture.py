"""The shape of the sources: no import circle in the core crate or the bindings, and no file too long to read.

The import circles are found by ``scripts/import_cycles.py`` (its docstring says what a circle
is); it is run here on the core crate, and on a small crate made to hold one, so that the
check is known to see a circle when there is one.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "import_cycles.py"
CORE_SRC = ROOT / "crates" / "relurl" / "src"
BINDINGS_SRC = ROOT / "crates" / "relurl-py" / "src"
MAX_LINES = 600

# The sources are absent beside an installed wheel, whose checks run the same tests from a
# copy of tests/ only (scripts/wheel_check.sh): checked in the checkout.
pytestmark = pytest.mark.skipif(
    not (CORE_SRC.is_dir() and SCRIPT.is_file()), reason="the core's source is not here (a wheel's test run)"
)


def run_script(*crates: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, crates)], capture_output=True, text=True, check=False)


def test_core_has_no_import_circle() -> None:
    result = run_script(CORE_SRC)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no import circle" in result.stdout


def test_bindings_have_no_import_circle() -> None:
    result = run_script(BINDINGS_SRC)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no import circle" in result.stdout


def test_import_cycles_finds_a_circle(tmp_path: Path) -> None:
    # The core's old circle in small: error -> whatwg (Failure) -> spec -> error, through a
    # folder of a kind (looked through) and a re-export of the root.
    src = tmp_path / "src"
    (src / "common").mkdir(parents=True)
    (src / "grammars" / "whatwg").mkdir(parents=True)
    (src / "lib.rs").write_text("mod common;\nmod grammars;\npub use common::error::Error;\n")
    (src / "common" / "mod.rs").write_text("//! Shared.\npub(crate) mod error;\npub(crate) mod spec;\n")
    (src / "grammars" / "mod.rs").write_text("pub mod whatwg;\n")
    (src / "common" / "error.rs").write_text(
        "// use crate::common::spec; (a comment is not a use)\nuse crate::grammars::whatwg::Failure;\n"
    )
    (src / "grammars" / "whatwg" / "mod.rs").write_text(
        'mod fast;\npub struct Failure;\nconst S: &str = "crate::common::error";\n'
    )
    (src / "grammars" / "whatwg" / "fast.rs").write_text("use crate::common::{spec::Spec as _, scan};\n")
    (src / "common" / "spec.rs").write_text("pub struct Spec;\nfn f() -> crate::Error { todo!() }\n")
    result = run_script(src)
    assert result.returncode == 1, result.stdout
    assert "import circle between common::error, common::spec, grammars::whatwg" in result.stdout
    # Without the last link there is none (the comment and the string do not count).
    (src / "common" / "spec.rs").write_text("pub struct Spec;\n")
    result = run_script(src)
    assert result.returncode == 0, result.stdout


def test_no_core_source_file_is_over_600_lines() -> None:
    long = {
        str(path.relative_to(CORE_SRC)): n
        for path in sorted(CORE_SRC.rglob("*.rs"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"over {MAX_LINES} lines: {long}"
