"""Running a peer's own test suite against relurl: the one place that downloads a peer's sdist
(w3lib, Scrapy, tldextract...), unpacks it and runs some of its test files with pytest in a
subprocess, with relurl's names swapped in by a pytest plugin that loads before the peer's
conftest.py and before any test module imports the name.

Nothing of a peer is committed. The sdist is fetched by pip (`pip download --no-binary`) into
target/peer-sdists/ once. Without the network a developer's run skips; in CI (`CI=true`) a
failed download fails the test.

    archive = sdist("w3lib", "2.5.0")
    report = run_suite(archive, ["tests/test_url.py"], plugin=PLUGIN_TEXT, args=["-k", "x"])
    assert report.passed ...
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "target" / "peer-sdists"
#: The module name the swap plugin is written under (`-p` loads it before conftest.py).
PLUGIN = "relurl_peer_swap"


def sdist(project: str, version: str) -> Path:
    """`project`'s sdist at `version`, downloaded once into target/peer-sdists/ (skips, or in
    CI fails, when pip cannot fetch it)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    normalized = re.sub(r"[-_.]+", "_", project).lower()
    for candidate in (f"{normalized}-{version}.tar.gz", f"{project}-{version}.tar.gz"):
        if (CACHE / candidate).exists():
            return CACHE / candidate
    command = [sys.executable, "-m", "pip", "download", "--no-binary", ":all:", "--no-deps"]
    command += ["--disable-pip-version-check", f"{project}=={version}", "-d", str(CACHE)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    for candidate in (f"{normalized}-{version}.tar.gz", f"{project}-{version}.tar.gz"):
        if done.returncode == 0 and (CACHE / candidate).exists():
            return CACHE / candidate
    message = f"could not download {project} {version}'s sdist: {done.stderr[-2000:]}"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def unpack(archive: Path) -> Path:
    """The sdist unpacked once beside it (target/peer-sdists/NAME-VERSION/); returns that
    directory. A half-unpacked directory (no marker file) is unpacked again."""
    name = archive.name.removesuffix(".tar.gz")
    directory = CACHE / name
    marker = CACHE / f"{name}.unpacked"
    if not marker.exists():
        with tarfile.open(archive) as tar:
            tar.extractall(CACHE, filter="data")
        marker.write_text("")
    if not directory.is_dir():  # the archive's top folder differs in case or separators
        found = [p for p in CACHE.iterdir() if p.is_dir() and p.name.lower() == name.lower()]
        assert found, f"{archive} did not unpack to {directory}"
        directory = found[0]
    return directory


@dataclass
class SuiteReport:
    """What one run of a peer's tests printed, split up."""

    returncode: int
    text: str

    def outcomes(self, outcome: str) -> list[str]:
        """The node ids pytest's `-rA` summary lists under `outcome` (PASSED, FAILED, ...)."""
        prefix = outcome + " "
        return [line[len(prefix) :].split(" - ")[0] for line in self.text.splitlines() if line.startswith(prefix)]

    @property
    def passed(self) -> list[str]:
        """The tests that passed."""
        return self.outcomes("PASSED")


def run_suite(
    directory: Path,
    test_files: list[str],
    *,
    plugin: str,
    args: list[str] | None = None,
    timeout: int = 900,
) -> SuiteReport:
    """Runs `test_files` (paths inside the unpacked sdist) with pytest from `directory`, the
    peer's own configuration (pyproject.toml, tox.ini, its conftest.py) in force, and `plugin`
    (Python source) loaded first as a pytest plugin: the place to put relurl's names in the
    peer's modules. Returns the report (`-rA`: every test's outcome listed)."""
    plugin_dir = Path(tempfile.mkdtemp(prefix="relurl-peer-swap-"))
    (plugin_dir / f"{PLUGIN}.py").write_text(plugin, encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(plugin_dir), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "pytest", "-p", PLUGIN, "-p", "no:cacheprovider", "-rA"]
    command += [*(args or []), *test_files]
    done = subprocess.run(command, cwd=directory, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    return SuiteReport(done.returncode, done.stdout + done.stderr)
