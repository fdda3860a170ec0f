"""Audit built relurl wheels: the platform tags they claim, and their license files.

    TOOLS/bin/python scripts/audit_wheel.py [--licenses-only] WHEEL...

Run with a Python that has auditwheel installed (scripts/wheel_check.sh and
scripts/cross_wheels.sh make one). For each wheel, unless --licenses-only:

- `auditwheel show --json`, and the platform tags of the file name (after its third `-` from
  the end, split on `.`), which must all be of one libc and of auditwheel's architecture:
  - glibc (manylinux_2_X, or manylinux2014 = manylinux_2_17): auditwheel's tag must be
    manylinux_2_Y with Y >= 17, and no tag of the file name may claim an older glibc than
    Y (what the symbol versions allow); auditwheel then found no external library beyond
    the policy's;
  - musl (musllinux_1_X): auditwheel's symbol tag must be musllinux, no older than the
    claimed tag, and the only library it could not place must be `libc.so`, the musl libc:
    the name zig links against, which musl's dynamic loader resolves to itself and which
    auditwheel's own musllinux policy lists as allowed (it renames it to Alpine's
    `libc.musl-<arch>.so.1`, and on a glibc machine it can find no musl libc at all, so its
    overall verdict there is `linux_<arch>`). Any other library fails;
- the license (pyproject.toml's PEP 639 `license` and `license-files`): METADATA says
  `License-Expression: MIT OR Apache-2.0` and `License-File:` both files, and
  `.dist-info/licenses/` holds LICENSE-MIT and LICENSE-APACHE, equal to the checkout's.

Exits non-zero on the first wheel that fails, saying why.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LICENSES = ("LICENSE-MIT", "LICENSE-APACHE")
METADATA_LINES = ("License-Expression: MIT OR Apache-2.0", *(f"License-File: {name}" for name in LICENSES))
#: The musl libc as zig names it (the policy file's own name for it, before auditwheel's renaming).
MUSL_LIBC = "libc.so"


def fail(wheel: Path, message: str) -> None:
    sys.exit(f"audit_wheel: {wheel.name}: FAILED: {message}")


def file_tags(wheel: Path) -> list[str]:
    return wheel.name.removesuffix(".whl").split("-")[-1].split(".")


def glibc_minor(tag: str) -> int | None:
    if tag.startswith("manylinux2014_"):
        return 17
    match = re.match(r"manylinux_2_(\d+)_", tag)
    return int(match.group(1)) if match else None


def musl_minor(tag: str) -> int | None:
    match = re.match(r"musllinux_1_(\d+)_", tag)
    return int(match.group(1)) if match else None


def arch(tag: str) -> str:
    match = re.match(r"(?:manylinux2014|manylinux_\d+_\d+|musllinux_\d+_\d+|linux)_(.+)$", tag)
    return match.group(1) if match else tag


def musl_allowed_libraries(policy: str) -> set[str]:
    """The lib_whitelist of auditwheel's musllinux policy `policy` (as in its JSON file)."""
    policies = json.loads(resources.files("auditwheel").joinpath("policy/musllinux-policy.json").read_text())
    return next(set(p["lib_whitelist"]) for p in policies if p["name"] == policy)


def audit(wheel: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "auditwheel", "show", "--json", str(wheel)], capture_output=True, text=True, check=False
    )
    if done.returncode:
        fail(wheel, f"auditwheel show failed:\n{done.stderr}")
    show = json.loads(done.stdout)
    tags = file_tags(wheel)
    arches = {arch(tag) for tag in tags} | {arch(show["overall_tag"]), arch(show["sym_tag"])}
    if len(arches) != 1:
        fail(wheel, f"architectures disagree: file {tags}, auditwheel {show['overall_tag']} / {show['sym_tag']}")
    glibc = [glibc_minor(tag) for tag in tags]
    musl = musl_minor(tags[0]) if len(tags) == 1 else None
    if all(minor is not None for minor in glibc):
        audit_minor = glibc_minor(show["overall_tag"])
        if audit_minor is None:
            fail(wheel, f"auditwheel says {show['overall_tag']}, not manylinux (external: {show['external_libs']})")
        elif audit_minor < 17:
            fail(wheel, f"auditwheel's tag {show['overall_tag']} is older than manylinux_2_17")
        for tag, minor in zip(tags, glibc, strict=True):
            if audit_minor is not None and minor is not None and minor < audit_minor:
                fail(wheel, f"the file name claims {tag} but auditwheel allows only {show['overall_tag']}")
        verdict = f"auditwheel: {show['overall_tag']}"
    elif musl is not None:
        symbols = musl_minor(show["sym_tag"])
        if symbols is None or musl < symbols:
            fail(wheel, f"the file name claims {tags[0]} but auditwheel's symbol tag is {show['sym_tag']}")
        policy = tags[0].removesuffix(f"_{arch(tags[0])}")
        if MUSL_LIBC not in musl_allowed_libraries(policy):
            fail(wheel, f"auditwheel's {policy} policy does not list {MUSL_LIBC}")
        if set(show["external_libs"]) - {MUSL_LIBC}:
            fail(wheel, f"external libraries beyond the musl libc: {show['external_libs']}")
        verdict = f"auditwheel: symbols {show['sym_tag']}, libraries {sorted(show['external_libs']) or 'none'}"
        verdict += f" (the musl libc, allowed by {policy})"
    else:
        fail(wheel, f"platform tags neither all manylinux nor one musllinux: {tags}")
    print(f"{wheel.name}: platform tag {'.'.join(tags)} ok ({verdict})")


def check_licenses(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        metadata = archive.read(f"{info}/METADATA").decode().splitlines()
        problems = [f"no {line!r} in METADATA" for line in METADATA_LINES if line not in metadata]
        for name in LICENSES:
            path = f"{info}/licenses/{name}"
            if path not in names:
                problems.append(f"no {path}")
            elif archive.read(path) != (ROOT / name).read_bytes():
                problems.append(f"{path} differs from the checkout's {name}")
    if problems:
        fail(wheel, "; ".join(problems))
    print(f"{wheel.name}: licenses ok ({info}/licenses/LICENSE-MIT, LICENSE-APACHE, License-Expression)")


def main() -> None:
    args = sys.argv[1:]
    licenses_only = "--licenses-only" in args
    wheels = [Path(a) for a in args if a != "--licenses-only"]
    if not wheels:
        sys.exit(f"usage: {sys.argv[0]} [--licenses-only] WHEEL...")
    for wheel in wheels:
        if not licenses_only:
            audit(wheel)
        check_licenses(wheel)


if __name__ == "__main__":
    main()
