"""One version source: Cargo.toml's `[workspace.package] version`.

The extension's `__version__` is the crate's CARGO_PKG_VERSION (crates/relurl-py inherits the
workspace version), maturin writes the same into the wheel's metadata (pyproject.toml's
`dynamic = ["version"]`), and `relurl --version` prints `relurl.__version__`. Run against an
installed wheel, Cargo.toml is the one copied beside tests/ (scripts/wheel_check.sh,
scripts/wheel_test.py)."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

import relurl

CARGO_TOML = Path(__file__).resolve().parents[1] / "Cargo.toml"


def cargo_version() -> str:
    text = CARGO_TOML.read_text(encoding="utf-8")
    match = re.search(r'^\[workspace\.package\][^\[]*?^version\s*=\s*"([^"]+)"', text, re.M | re.S)
    assert match, f"{CARGO_TOML} has no [workspace.package] version"
    return match.group(1)


def test_cargo_version_is_semver() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?", cargo_version())


def test_dunder_version_is_cargos() -> None:
    assert relurl.__version__ == cargo_version()
    assert relurl._relurl.__version__ is relurl.__version__


def test_distribution_metadata_version_is_cargos() -> None:
    # The installed distribution's METADATA (a wheel's, or maturin develop's / pip install .'s).
    assert importlib.metadata.version("relurl") == cargo_version()


def test_cli_version_is_cargos() -> None:
    done = subprocess.run([sys.executable, "-m", "relurl", "--version"], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"relurl {cargo_version()}\n", "")


def test_changelog_heads_this_version() -> None:
    # The version and the changelog say the same thing: the newest released section of
    # CHANGELOG.md (after [Unreleased]) is Cargo.toml's version.
    changelog = (CARGO_TOML.parent / "CHANGELOG.md").read_text(encoding="utf-8")
    headers = re.findall(r"^## \[([^\]]+)\]", changelog, re.M)
    assert headers[0] == "Unreleased"
    assert headers[1] == cargo_version(), (
        f"CHANGELOG.md's newest release is {headers[1]}, Cargo.toml says {cargo_version()}"
    )
