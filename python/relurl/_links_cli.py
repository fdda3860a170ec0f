"""`relurl links`: every link of HTML pages, resolved (the `links` command of relurl.cli).

    relurl links PAGE.html --url URL             the absolute links of one page
    relurl links DIR/ --urls pages.tsv --json    every *.html/*.htm page under DIR, as JSON lines

Each page's URL is `--url` (for every page), else the row of `--urls FILE.tsv` whose first
column (a file name or a relative path) ends the page's path, else the page's own `file://`
URL. Pages are read as bytes (their encoding from a BOM, a `Content-Type` `--header`, or
`<meta charset>`; else UTF-8). A progress bar goes to standard error when it is a terminal.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path, PurePath
from typing import TextIO

from relurl._relurl import Link, URLError, extract_links

#: Files read from a directory (recursively, in sorted order).
PAGE_SUFFIXES = (".html", ".htm")

BAR_WIDTH = 30


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    links = commands.add_parser(
        "links",
        help="print the links of HTML pages, resolved against each page's base",
        description="Print every link of each PAGE (a file, or a directory of *.html and *.htm files), "
        "resolved against the page's base: the first <base href>, else a Base, Content-Base or "
        "Content-Location --header, else the page's URL.",
    )
    links.add_argument("pages", metavar="PAGE", nargs="+", help="HTML files or directories")
    where = links.add_mutually_exclusive_group()
    where.add_argument("--url", help="the URL the page(s) were retrieved from")
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
        metavar="'NAME: VALUE'",
        help="a message header of every page (Content-Type for the charset; Base, Content-Base, Content-Location)",
    )
    links.add_argument("--json", action="store_true", help="one JSON object per link: page, url, tag, attr, raw, special")
    links.add_argument(
        "--skip-special", action="store_true", help="leave out javascript:, mailto:, data: and fragment-only links"
    )
    links.add_argument("--spec", choices=["rfc1808", "rfc3986"], default="rfc1808", help="resolution rules")


def run(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    headers: list[tuple[str, str]] = []
    for header in args.header:
        name, colon, value = header.partition(":")
        if not colon:
            stderr.write(f"relurl: --header {header!r}: expected 'NAME: VALUE'\n")
            return 1
        headers.append((name.strip(), value.strip()))
    urls: list[tuple[PurePath, str]] = []
    if args.urls is not None:
        try:
            urls = _read_urls(args.urls)
        except (OSError, UnicodeDecodeError) as err:
            stderr.write(f"relurl: {args.urls}: {err}\n")
            return 1
    pages, missing = _pages(args.pages, stderr)
    failed = missing
    progress = _Progress(stderr, len(pages)) if len(pages) > 1 and stderr.isatty() else None
    for page in pages:
        url = args.url or _url_for(page, urls)
        try:
            links = extract_links(page.read_bytes(), url, headers=headers, spec=args.spec, skip_special=args.skip_special)
        except (OSError, URLError) as err:
            if progress:
                progress.clear()
            stderr.write(f"relurl: {page}: {err}\n")
            failed = True
            links = []
        if progress:
            progress.clear()
        stdout.write("".join(_lines(str(page), links, args.json)))
        if progress:
            stdout.flush()
            progress.advance(len(links))
    if progress:
        progress.finish()
    stdout.flush()
    return 1 if failed else 0


def _lines(page: str, links: list[Link], as_json: bool) -> Iterator[str]:
    if not as_json:
        for link in links:
            yield link.url + "\n"
        return
    for link in links:
        row = {"page": page, "url": link.url, "tag": link.tag, "attr": link.attr, "raw": link.raw, "special": link.special}
        yield json.dumps(row, ensure_ascii=False) + "\n"


def _pages(paths: list[str], stderr: TextIO) -> tuple[list[Path], bool]:
    """Each file as given, and the *.html and *.htm files under each directory, sorted;
    and whether a path was missing (or an empty directory), which is reported."""
    pages: list[Path] = []
    missing = False
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix.lower() in PAGE_SUFFIXES and p.is_file())
            if not found:
                stderr.write(f"relurl: {path}: no *.html or *.htm file\n")
                missing = True
            pages.extend(found)
        elif path.exists():
            pages.append(path)
        else:
            stderr.write(f"relurl: {path}: no such file or directory\n")
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


def _url_for(page: Path, urls: list[tuple[PurePath, str]]) -> str:
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
