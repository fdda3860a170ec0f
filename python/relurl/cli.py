"""The `relurl` command line: resolve references against a base, or parse URLs.

    relurl resolve BASE REF...         resolve each REF against BASE (RFC 1808 section 4)
    relurl resolve BASE < refs.txt     the same for each line of standard input, streaming
    relurl parse [--json] URL...       the six components of each URL (section 2.4)
    relurl links PAGE... --url URL     every link of HTML pages, resolved (see relurl._links_cli)

Errors go to standard error; a bad line of a stream (not UTF-8, or with --strict not
following the section 2.2 BNF) is reported with its line number, answered with an empty
line so that output line N always answers input line N, and the rest is still processed;
the exit status is then 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import BinaryIO, TextIO

from relurl import _links_cli
from relurl._relurl import URL, URLError, parse, validate

#: Lines resolved per call into the Rust core when streaming standard input.
BATCH_LINES = 8192

_FIELDS = ("scheme", "netloc", "path", "params", "query", "fragment")


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="relurl",
        description="Resolve relative URLs by RFC 1808, parse URLs into their components, and extract "
        "the links of HTML pages.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    res = commands.add_parser(
        "resolve",
        help="resolve references against a base URL",
        description="Resolve each REF against BASE by RFC 1808 section 4 and print one "
        "absolute URL per line. Without REF, read references from standard input, one per line.",
    )
    res.add_argument("base", metavar="BASE", help="the base URL")
    res.add_argument("refs", metavar="REF", nargs="*", help="references to resolve")
    res.add_argument(
        "--strict",
        action="store_true",
        help="reject (and report) references that do not follow the RFC 1808 section 2.2 BNF",
    )
    par = commands.add_parser(
        "parse",
        help="split URLs into their six components",
        description="Print the RFC 1808 section 2.4 components of each URL.",
    )
    par.add_argument("urls", metavar="URL", nargs="+", help="URLs to parse")
    par.add_argument("--json", action="store_true", help="one JSON object per line")
    par.add_argument("--strict", action="store_true", help="reject URLs that do not follow the BNF")
    _links_cli.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line with `argv` (default: `sys.argv[1:]`); returns the exit status."""
    args = _build_parser().parse_args(argv)
    try:
        if args.command == "resolve":
            return _resolve(args.base, args.refs, args.strict, sys.stdin.buffer, sys.stdout, sys.stderr)
        if args.command == "links":
            return _links_cli.run(args, sys.stdout, sys.stderr)
        return _parse(args.urls, args.json, args.strict, sys.stdout, sys.stderr)
    except BrokenPipeError:
        # The reader went away (`relurl resolve ... | head`): stop quietly.
        sys.stderr.close()
        return 0


def _error(stderr: TextIO, where: str, err: Exception) -> None:
    stderr.write(f"relurl: {where}: {err}\n")


def _resolve(base_text: str, refs: list[str], strict: bool, stdin: BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    try:
        base = parse(base_text)
    except URLError as err:
        _error(stderr, "BASE", err)
        return 1
    if refs:
        lines: Iterable[tuple[int, str | None]] = ((i, ref) for i, ref in enumerate(refs, 1))
        label = "argument"
    else:
        lines = _read_lines(stdin, stderr)
        label = "line"
    failed = False
    for batch in _batches(lines):
        # A rejected reference leaves an empty line, so output line N answers input line N.
        refs_ok: list[str] = []
        rejected: set[int] = set()
        for slot, (number, ref) in enumerate(batch):
            if ref is not None and strict:
                try:
                    validate(ref)
                except URLError as err:
                    _error(stderr, f"{label} {number}", err)
                    ref = None
            if ref is None:
                rejected.add(slot)
                failed = True
            else:
                refs_ok.append(ref)
        resolved = iter(base.resolve_many(refs_ok))
        stdout.write("".join("\n" if slot in rejected else next(resolved) + "\n" for slot in range(len(batch))))
    stdout.flush()
    return 1 if failed else 0


def _read_lines(stdin: BinaryIO, stderr: TextIO) -> Iterator[tuple[int, str | None]]:
    """Yields (line number, text) per line; text is None for a line that is not UTF-8,
    which is reported here."""
    for number, raw in enumerate(stdin, 1):
        raw = raw.removesuffix(b"\n").removesuffix(b"\r")
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError as err:
            stderr.write(f"relurl: line {number}: invalid UTF-8 at byte {err.start}: {err.reason}\n")
            yield number, None


def _batches(lines: Iterable[tuple[int, str | None]]) -> Iterator[list[tuple[int, str | None]]]:
    batch: list[tuple[int, str | None]] = []
    for item in lines:
        batch.append(item)
        if len(batch) >= BATCH_LINES:
            yield batch
            batch = []
    if batch:
        yield batch


def _parse(urls: list[str], as_json: bool, strict: bool, stdout: TextIO, stderr: TextIO) -> int:
    failed = False
    for number, text in enumerate(urls, 1):
        try:
            url: URL = parse(text, strict=strict)
        except URLError as err:
            _error(stderr, f"argument {number}", err)
            failed = True
            continue
        components = dict(zip(_FIELDS, url))
        if as_json:
            stdout.write(json.dumps({"url": text, **components}, ensure_ascii=False) + "\n")
        else:
            if number > 1:
                stdout.write("\n")
            stdout.write(f"url:      {text}\n")
            for name, value in components.items():
                stdout.write(f"{name + ':':<9} {value}\n")
    return 1 if failed else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
