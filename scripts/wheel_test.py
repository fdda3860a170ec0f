"""Test a built relurl wheel on the machine it is for: the release workflow's test job.

    python scripts/wheel_test.py DIST

With the running interpreter (one CPython of the release matrix, on the runner of the
wheel's platform: .github/workflows/release.yml), this script:

1. makes a fresh venv and installs relurl from DIST only (`--no-index --only-binary
   :all:`): pip picks the one wheel whose tags fit this interpreter and platform, and fails
   if there is none, so a wheel missing from the matrix fails here; nothing is compiled;
2. checks the installed version is the one of Cargo.toml's `[workspace.package]` (the one
   version source) and, on a free-threaded CPython, that importing relurl leaves the GIL
   disabled (the module declares `gil_used = false`);
3. installs the `test` extra's requirements as the wheel's metadata declares them, from
   binary wheels only (but SDIST_ONLY below, pure Python): pytest and hypothesis must
   install; another one without a wheel for this platform or CPython (pyarrow on musl, for
   one) is reported and the tests that import it are left out (pytest's importorskip; the
   files in NEEDS below); PySpark and pandas, which only the left-out tests/test_spark.py
   needs, are not installed;
4. runs the test suite (a copy of tests/, with README.md, pyproject.toml, Cargo.toml, CHANGELOG.md and
   examples/, so that no python/ of the checkout shadows the installed package) against
   the installed wheel, with CI=false: the link corpus (../shared/corpus) is not on the
   runners, so its tests skip instead of failing. Left out: tests/test_spark.py (a JVM and
   a local Spark: run by .ci/run and ci.yml on Linux; its code is Python over the same
   extension functions the other files test).

Exits with pytest's status (non-zero on any failure of the steps before it).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: Test files that import a package of the test extra at module level, and that package.
NEEDS = {"test_errors.py": "pyarrow"}
#: Always left out here (see the module docstring).
LEFT_OUT = ["test_spark.py"]
#: The test extra's packages that must install.
REQUIRED = {"pytest", "hypothesis"}
#: The test extra's packages only the left-out files import (PySpark and its pandas): not installed.
NOT_NEEDED = {"pyspark", "pandas"}
#: Pure-Python packages of the test extra published as an sdist only (surt 0.3.1): built by pip.
SDIST_ONLY = ["surt"]


def run(*command: str | Path, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    print("+", " ".join(map(str, command)), flush=True)
    return subprocess.run([str(c) for c in command], check=False, text=True, **kwargs)


def cargo_version() -> str:
    text = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    match = re.search(r'^\[workspace\.package\][^\[]*?^version\s*=\s*"([^"]+)"', text, re.M | re.S)
    if not match:
        sys.exit("Cargo.toml has no [workspace.package] version")
    return match.group(1)


def main() -> int:
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} DIST")
    dist = Path(sys.argv[1]).resolve()
    free_threaded = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))
    build = " (free-threaded)" if free_threaded else ""
    print(f"CPython {sys.version.split()[0]}{build} on {sysconfig.get_platform()}")
    work = Path(tempfile.mkdtemp(prefix="relurl-wheel-test-"))
    run(sys.executable, "-m", "venv", work / "venv").check_returncode()
    bindir = work / "venv" / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    if not python.exists():  # a free-threaded venv on Windows may name it python3.14t.exe
        python = sorted(bindir.glob("python*.exe" if os.name == "nt" else "python*"))[0]
    pip = (python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--only-binary", ":all:")
    pip += tuple(arg for name in SDIST_ONLY for arg in ("--no-binary", name))

    # 1. relurl from DIST alone.
    if run(*pip, "--no-index", "--find-links", dist, "relurl").returncode:
        files = sorted(p.name for p in dist.iterdir())
        sys.exit(f"no wheel in {dist} installs on this interpreter and platform: {files}")

    # 2. The version, and the GIL on a free-threaded build.
    probe = run(
        python,
        "-c",
        "import json, sys, importlib.metadata as m, relurl;"
        "print(json.dumps([relurl.__version__, m.version('relurl'), m.requires('relurl') or [],"
        " getattr(sys, '_is_gil_enabled', lambda: True)(), relurl.__file__]))",
        capture_output=True,
        cwd=work,
        env={k: v for k, v in os.environ.items() if k != "PYTHON_GIL"},
    )
    if probe.returncode:
        sys.exit(f"import relurl failed:\n{probe.stderr}")
    version, dist_version, requires, gil_enabled, location = json.loads(probe.stdout)
    print(f"relurl {version} from {location}")
    expected = cargo_version()
    if not (version == dist_version == expected):
        sys.exit(f"versions disagree: relurl.__version__ {version}, metadata {dist_version}, Cargo.toml {expected}")
    if free_threaded and gil_enabled:
        sys.exit("importing relurl enabled the GIL on a free-threaded CPython")
    if free_threaded:
        print("free-threaded: the GIL stays disabled after import relurl")

    # 3. The test extra, binary wheels only: all at once, else one by one.
    test_requirements = [r.split(";")[0].strip() for r in requires if re.search(r"""extra\s*==\s*['"]test['"]""", r)]
    wanted = {}
    for requirement in test_requirements:
        name = re.split(r"[^A-Za-z0-9_.-]", requirement, maxsplit=1)[0].lower().replace("_", "-")
        if name not in NOT_NEEDED:
            wanted[name] = requirement
    unavailable = []
    if run(*pip, *wanted.values()).returncode:
        for name, requirement in wanted.items():
            if run(*pip, requirement).returncode:
                if name in REQUIRED:
                    sys.exit(f"{requirement} (needed to run any test) does not install here")
                print(f"::notice::{requirement}: no binary wheel for this platform/CPython; its tests are left out")
                unavailable.append(name)

    # 4. The suite, from a copy.
    repo = work / "repo"
    shutil.copytree(ROOT / "tests", repo / "tests")
    for name in ("README.md", "pyproject.toml", "Cargo.toml", "CHANGELOG.md"):
        shutil.copy(ROOT / name, repo / name)
    if (ROOT / "examples").is_dir():
        shutil.copytree(ROOT / "examples", repo / "examples")
    ignored = LEFT_OUT + [test for test, package in NEEDS.items() if package in unavailable]
    env = dict(os.environ, CI="false", PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHON_GIL", None)
    command = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *(f"--ignore=tests/{t}" for t in ignored)]
    status = run(*command, cwd=repo, env=env).returncode
    print(f"left out: {', '.join(ignored)}; unavailable here: {', '.join(unavailable) or 'none'}")
    if os.environ.get("KEEP") != "1":  # KEEP=1 keeps the venv and the copy
        shutil.rmtree(work, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
