"""Refresh the Public Suffix List bundled in relurl (the core compiles it in; no network, ever).

    python scripts/refresh_psl.py CHECKOUT                  # a git checkout of publicsuffix/list
    python scripts/refresh_psl.py CHECKOUT --commit REV     # that commit of the checkout
    python scripts/refresh_psl.py FILE.dat --commit SHA --date YYYY-MM-DD   # a list file alone

From a checkout (a work tree, or a bare/mirror git directory), the script takes
`public_suffix_list.dat` and `tests/test_psl.txt` at the commit (HEAD by default) with
`git show`, and that commit's hash and date; from a file, the `.dat` alone, with the commit and
date given (the test file is left as it is). It writes:

- crates/relurl/src/services/public_suffix/public_suffix_list.dat (and SOURCE.md: repository,
  path, commit, date, SHA-256);
- the `BUNDLED_COMMIT` and `BUNDLED_DATE` constants of crates/relurl/src/services/public_suffix/mod.rs;
- tests/data/public_suffix/test_psl.txt (and its SOURCE.md);
- the commit and date in docs/crawler.md's "Registered domains" section.

It checks that the new list reads (every line is a rule the core takes, through the built
`relurl` if it is importable) before writing anything. Then rebuild, and run
`pytest tests/test_public_suffix.py` (which checks the records against the files).
"""

from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST_DIR = ROOT / "crates/relurl/src/services/public_suffix"
TEST_DIR = ROOT / "tests/data/public_suffix"
REPOSITORY = "publicsuffix/list"


def git(checkout: Path, *args: str) -> bytes:
    return subprocess.run(["git", "-C", str(checkout), *args], check=True, capture_output=True).stdout


def from_checkout(checkout: Path, rev: str) -> tuple[bytes, bytes, str, str]:
    """The list, the test file, the commit and its date (YYYY-MM-DD) of a git checkout."""
    commit = git(checkout, "rev-parse", f"{rev}^{{commit}}").decode().strip()
    date = git(checkout, "show", "-s", "--format=%cs", commit).decode().strip()
    dat = git(checkout, "show", f"{commit}:public_suffix_list.dat")
    test = git(checkout, "show", f"{commit}:tests/test_psl.txt")
    return dat, test, commit, date


def check_reads(text: str) -> int:
    """How many rules `text` has; exits when the core refuses it."""
    try:
        import relurl
    except ImportError:
        print("relurl is not built here: the list is checked by the tests after the rebuild", file=sys.stderr)
        return -1
    try:
        return len(relurl.PublicSuffixList.from_text(text))
    except ValueError as e:
        sys.exit(f"the new list does not read: {e}")


def source_md(title: str, lines: list[str]) -> str:
    return f"# {title}\n\n" + "\n".join(lines) + "\n"


def record(path: str, commit: str, date: str, data: bytes, license_: str) -> list[str]:
    return [
        f"- repository: https://github.com/{REPOSITORY}",
        f"- path: `{path}`",
        f"- commit: {commit}",
        f"- date: {date}",
        f"- sha256: {hashlib.sha256(data).hexdigest()}",
        f"- license: {license_}",
    ]


def replace_once(path: Path, pattern: str, new: str) -> None:
    text = path.read_text("utf-8")
    updated, count = re.subn(pattern, new, text)
    if count == 0:
        sys.exit(f"{path}: found no {pattern!r} to update")
    path.write_text(updated, "utf-8")


def write_source(directory: Path, title: str, intro: list[str], source: list[str], footer: str) -> None:
    """`directory`/SOURCE.md: `title`, the `intro` lines, the file's `source` record, `footer`."""
    (directory / "SOURCE.md").write_text(source_md(title, [*intro, "", *source, "", footer]), "utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path, help="a git checkout of publicsuffix/list, or a public_suffix_list.dat")
    parser.add_argument("--commit", help="the commit to take from a checkout (default HEAD); for a file, its commit")
    parser.add_argument("--date", help="for a file: the date (YYYY-MM-DD) of its commit")
    args = parser.parse_args()

    if args.source.is_dir():
        dat, test, commit, date = from_checkout(args.source, args.commit or "HEAD")
    else:
        if not (args.commit and args.date):
            sys.exit("a list file needs --commit and --date (its source, recorded in SOURCE.md and the docs)")
        if not re.fullmatch(r"[0-9a-f]{40}", args.commit) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", args.date):
            sys.exit("--commit is a full 40-digit hash, --date is YYYY-MM-DD")
        dat, test, commit, date = args.source.read_bytes(), None, args.commit, args.date
    text = dat.decode("utf-8")
    rules = check_reads(text)

    (LIST_DIR / "public_suffix_list.dat").write_bytes(dat)
    write_source(
        LIST_DIR,
        "The bundled Public Suffix List",
        ["`public_suffix_list.dat`, compiled into relurl (`include_str!`, mod.rs's `BUNDLED_LIST`):"],
        record(
            "public_suffix_list.dat", commit, date, dat, "Mozilla Public License 2.0 (https://mozilla.org/MPL/2.0/)"
        ),
        "Written by `python scripts/refresh_psl.py` (see its docstring); do not edit by hand.",
    )
    mod = LIST_DIR / "mod.rs"
    replace_once(
        mod, r'pub const BUNDLED_COMMIT: &str = "[0-9a-f]{40}";', f'pub const BUNDLED_COMMIT: &str = "{commit}";'
    )
    replace_once(mod, r'pub const BUNDLED_DATE: &str = "[0-9-]{10}";', f'pub const BUNDLED_DATE: &str = "{date}";')
    if test is not None:
        (TEST_DIR / "test_psl.txt").write_bytes(test)
        write_source(
            TEST_DIR,
            "The Public Suffix List's own test file",
            [
                "`test_psl.txt`, read by tests/test_public_suffix.py and the core's",
                "services/public_suffix/tests.rs (`checkPublicSuffix(host, registered_domain)` lines):",
            ],
            record("tests/test_psl.txt", commit, date, test, "public domain (CC0), as its header says"),
            "Written by `python scripts/refresh_psl.py` with the bundled list; do not edit by hand.",
        )
    replace_once(
        ROOT / "docs/crawler.md",
        r"publicsuffix/list commit `[0-9a-f]{40}` \([0-9-]{10}\)",
        f"publicsuffix/list commit `{commit}` ({date})",
    )
    print(f"bundled list: {REPOSITORY} {commit} ({date}), {rules if rules >= 0 else 'unchecked'} rules")


if __name__ == "__main__":
    main()
