"""`relurl links`: every link of HTML pages, resolved (see relurl.cli).

    relurl links PAGE.html --url URL             the absolute links of one page
    relurl links DIR/ --urls pages.tsv --json    every *.html/*.htm page under DIR, as JSON lines
    relurl links - --url URL < page.html         one page read from standard input

Each page's URL is `--url` (for every page), else the row of `--urls FILE.tsv` whose first
column (a file name or a relative path) ends the page's path, else the page's own `file://`
URL. A page read from standard input (`-`, at most once) needs `--url`. Pages are read as
bytes (their encoding from a BOM, a `Content-Type` `--header`, or `<meta charset>`; else
UTF-8). A progress bar goes to standard error when it is a terminal.

With `--json`, each link is one JSON object: `page` (the path as given or found; `-` for
standard input), `page_url` (the URL the page was retrieved from, as above), `url`, `tag`,
`attr`, `raw`, `special` and `rel` (the element's rel tokens, a list, `[]` for none). The
output is always UTF-8: in `page` (and in messages) a byte of a file name that is not
UTF-8 is written as the four characters `\\xNN` (Python's backslashreplace, as Python
writes such names to standard error), never as a raw byte or a lone surrogate, so that
every JSON reader takes it (a name that really holds a backslash followed by `xNN` reads
the same: the choice trades that rare ambiguity for portability).

A page that cannot be read (or whose base is rejected) is reported as `relurl: PAGE: message`
and the exit status is 1; the other pages are still done. A warning of relurl's link
extraction (`relurl.URLWarning`, e.g. a malformed Base header skipped) is printed as
`relurl: PAGE: warning: message` and leaves the exit status alone (so is a page whose base
has no scheme, a `--url` without one and no absolute `<base href>`, warned about). A
malformed `--header` is a usage error (exit status 2). Without `--json`, a link whose URL
holds a line break (an href may, RFC 1808 keeps it as data) is left out, with a warning, so
that each output line is one whole link.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path, PurePath
from typing import BinaryIO, TextIO

from relurl._relurl import Link, URLError, URLWarning, extract_links
from relurl._specs import SPECS
from relurl.cli._common import checked_base, printable, unwritable, write_each, write_warning

#: Files read from a directory (recursively, in sorted order).
PAGE_SUFFIXES = (".html", ".htm")

BAR_WIDTH = 30

#: The page name of standard input.
STDIN = "-"


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds the `links` command to `commands`."""
    links = commands.add_parser(
        "links",
        help="print the links of HTML pages, resolved against each page's base",
        description="Print every link of each PAGE (a file, a directory of *.html and *.htm files, or '-' "
        "for standard input, with --url), resolved against the page's base: the first <base href>, else a "
        "Base, Content-Base or Content-Location --header, else the page's URL.",
    )
    links.add_argument("pages", metavar="PAGE", nargs="+", help="HTML files or directories, or '-' (standard input)")
    where = links.add_mutually_exclusive_group()
    where.add_argument("--url", help="the URL the page(s) were retrieved from (needed for '-')")
    where.add_argument(
        "--urls",
        metavar="FILE.tsv",
        type=Path,
        help="tab-separated 'file<TAB>url' rows (a header row and extra columns are ignored); a row "
        "applies to the page whose path ends with its file; other pages get their file:// URL",
    )
    links.add_argument(
        "--header",
        "-H",
        action="append",
        default=[],
        type=_header,
        metavar="'NAME: VALUE'",
        help="a message header of every page (Content-Type for the charset; Base, Content-Base, Content-Location)",
    )
    links.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per link: page, page_url, url, tag, attr, raw, special, rel",
    )
    links.add_argument(
        "--skip-special", action="store_true", help="leave out javascript:, mailto:, data: and fragment-only links"
    )
    links.add_argument("--spec", choices=SPECS, default="rfc1808", help="resolution rules (default: rfc1808)")
    links.set_defaults(command_parser=links)


def _header(text: str) -> tuple[str, str]:
    name, colon, value = text.partition(":")
    if not colon:
        raise argparse.ArgumentTypeError(f"{printable(text)!r}: expected 'NAME: VALUE'")
    return name.strip(), value.strip()


def usage_problem(args: argparse.Namespace) -> str | None:
    """What makes the `links` arguments unusable together (a usage error), or None."""
    stdin_pages = args.pages.count(STDIN)
    if stdin_pages and args.url is None:
        return "PAGE '-' (standard input) needs --url"
    if stdin_pages > 1:
        return "PAGE '-' (standard input) can be given once"
    return None


def run(args: argparse.Namespace, stdout: TextIO, stderr: TextIO, stdin: BinaryIO | None = None) -> int:
    """Prints the links of `args.pages` (see the module docstring); returns the exit status.
    `stdin` is read for the page `-` (default: `sys.stdin.buffer`)."""
    if args.url is not None:
        _, problem = checked_base(args.url, args.spec)
        if problem is not None:
            stderr.write(f"relurl: --url: {problem}\n")
            return 1
    urls: list[tuple[PurePath, str]] = []
    if args.urls is not None:
        try:
            urls = _read_urls(args.urls)
        except (OSError, UnicodeDecodeError) as err:
            stderr.write(f"relurl: {printable(str(args.urls))}: {printable(str(err))}\n")
            return 1
    pages, missing = _pages(args.pages, stderr)
    failed = missing
    progress = _Progress(stderr, len(pages)) if len(pages) > 1 and stderr.isatty() else None
    for page in pages:
        name = STDIN if page is None else printable(str(page))
        url = args.url if args.url is not None else _url_for(page, urls)
        warnings_text = problem = ""
        try:
            html = (stdin or sys.stdin.buffer).read() if page is None else page.read_bytes()
            links, warned = _extract(html, url, args)
            if not args.json:
                links, broken = _one_line_each(links)
                warned += broken
            warnings_text = "".join(f"relurl: {name}: warning: {message}\n" for message in warned)
        except (OSError, URLError) as err:
            problem = f"relurl: {name}: {printable(str(err))}\n"
            failed = True
            links = []
        if progress:
            progress.clear()
        write_warning(stderr, warnings_text)
        stderr.write(problem)
        failed |= not _write_lines(stdout, stderr, name, list(_lines(name, url, links, args.json)))
        if progress:
            stdout.flush()
            progress.advance(len(links))
    if progress:
        progress.finish()
    stdout.flush()
    return 1 if failed else 0


def _extract(html: bytes, url: str, args: argparse.Namespace) -> tuple[list[Link], list[str]]:
    """The links of one page, and the messages of the URLWarnings raised meanwhile
    (other warnings are passed on)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", URLWarning)
        links = extract_links(html, url, headers=args.header, spec=args.spec, skip_special=args.skip_special)
    messages = []
    for warning in caught:
        if issubclass(warning.category, URLWarning):
            messages.append(printable(str(warning.message)))
        else:
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    return links, messages


def _one_line_each(links: list[Link]) -> tuple[list[Link], list[str]]:
    """The links whose URL can be written on one line (an href may hold a line break, kept
    as data by RFC 1808), and a message for each of the others."""
    kept, messages = [], []
    for number, link in enumerate(links, 1):
        if "\n" in link.url or "\r" in link.url:
            messages.append(
                f"link {number} (<{link.tag} {link.attr}>) holds a line break: left out of the one-per-line "
                f"output (--json keeps it): {link.url!r}"
            )
        else:
            kept.append(link)
    return kept, messages


def _write_lines(stdout: TextIO, stderr: TextIO, name: str, lines: list[str]) -> bool:
    """Writes `lines`; returns whether all could be written. A line standard output's
    encoding cannot write (`PYTHONIOENCODING=ascii`, a C locale without UTF-8 mode) is
    reported on standard error and left out."""
    return not write_each(
        stdout, lines, lambda _, err: stderr.write(f"relurl: {name}: {unwritable(err, ' of a link, left out')}\n")
    )


def _lines(page: str, page_url: str, links: list[Link], as_json: bool) -> Iterator[str]:
    if not as_json:
        for link in links:
            yield link.url + "\n"
        return
    for link in links:
        row = {
            "page": page,
            "page_url": page_url,
            "url": link.url,
            "tag": link.tag,
            "attr": link.attr,
            "raw": link.raw,
            "special": link.special,
            "rel": list(link.rel),
        }
        yield json.dumps(row, ensure_ascii=False) + "\n"


def _pages(paths: list[str], stderr: TextIO) -> tuple[list[Path | None], bool]:
    """Each file as given (None for standard input), and the *.html and *.htm files under
    each directory, sorted; and whether a path was missing (or an empty directory), which
    is reported."""
    pages: list[Path | None] = []
    missing = False
    for name in paths:
        if name == STDIN:
            pages.append(None)
            continue
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix.lower() in PAGE_SUFFIXES and p.is_file())
            if not found:
                stderr.write(f"relurl: {printable(str(path))}: no *.html or *.htm file\n")
                missing = True
            pages.extend(found)
        elif path.exists():
            pages.append(path)
        else:
            stderr.write(f"relurl: {printable(str(path))}: no such file or directory\n")
            missing = True
    return pages, missing


def _read_urls(tsv: Path) -> list[tuple[PurePath, str]]:
    rows = []
    for number, line in enumerate(tsv.read_text(encoding="utf-8").splitlines(), 1):
        columns = line.split("\t")
        if len(columns) < 2 or (number == 1 and columns[1].strip().lower() == "url"):
            continue
        rows.append((PurePath(columns[0].strip()), columns[1].strip()))
    return rows


def _url_for(page: Path | None, urls: list[tuple[PurePath, str]]) -> str:
    if page is None:  # pragma: no cover (usage_problem requires --url for standard input)
        raise ValueError("a page from standard input needs --url")
    parts = page.parts
    for file, url in urls:
        if file.parts and parts[-len(file.parts) :] == file.parts:
            return url
    return page.resolve().as_uri()


class _Progress:
    """`[#####-----] 12/55 pages, 3,456 links` on one line of a terminal, redrawn in place."""

    def __init__(self, stream: TextIO, total: int) -> None:
        self.stream, self.total, self.done, self.links = stream, total, 0, 0
        self.draw()

    def advance(self, links: int) -> None:
        self.done += 1
        self.links += links
        self.draw()

    def draw(self) -> None:
        filled = BAR_WIDTH * self.done // self.total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} pages, {self.links:,} links")
        self.stream.flush()

    def finish(self) -> None:
        self.stream.write("\n")
        self.stream.flush()

    def clear(self) -> None:
        self.stream.write("\r\x1b[K")
        self.stream.flush()
