"""The `relurl` command line: resolve references against a base, or parse URLs.

    relurl resolve BASE REF...         resolve each REF against BASE (RFC 1808 section 4)
    relurl resolve BASE < refs.txt     the same for each line of standard input, streaming
    relurl parse [--json] URL...       the six components of each URL (section 2.4)
    relurl parse [--json] [-] < urls   the same for each line of standard input, streaming
    relurl links PAGE... --url URL     every link of HTML pages, resolved (see relurl._links_cli)
    relurl surt [URL...] [< urls]      the SURT key of each URL (see relurl._surt_cli)
    relurl canonicalize [URL...]       w3lib's canonical form of each URL (see relurl._canonical_cli)
    relurl --version                   `relurl X.Y.Z`

`--spec rfc3986` resolves by RFC 3986 section 5.2 and parses by its Appendix B (`params`
is then always empty); `--spec whatwg` by the WHATWG URL Standard (what browsers request;
`parse` prints its components: href, protocol, username, password, host, hostname, port,
pathname, search, hash, origin; a URL it rejects is a bad URL); `--strict` (RFC 1808 only)
rejects a BASE, references and URLs that do not follow the section 2.2 BNF; `resolve
--strip` strips ASCII whitespace (TAB, LF, FF, CR, SPACE: HTML's set, as `extract_links`
does; `relurl.resolve_many(..., strip=True)`) around each reference.

Standard input is read as it comes: the answers to the lines read so far are written (and
flushed) whenever no more input is ready, so a program that writes one URL and waits for
its answer (a coprocess) gets it at once, while a file or a busy pipe is still done in
batches of up to 8,192 lines. An answer that standard output's encoding cannot write
(`PYTHONIOENCODING=ascii` and a non-ASCII URL) is reported as `relurl: WHERE: standard
output's encoding ('ascii') cannot write ...` and answered with an empty line (exit status
1); the rest is still written.

Output line N answers input line N (for `parse` without `--json`: block N, blocks separated
by an empty line). A bad reference or URL (an argument or a line of standard input that is
not UTF-8, holds a line break, or with --strict does not follow the BNF) is reported on
standard error as `relurl: WHERE: message` (WHERE is `REF 2`, `URL 2` or `line 2`, counted
from 1), answered with an empty line (an empty block), and the rest is still processed;
the exit status is then 1. A bad BASE is reported as `relurl: BASE: message`: nothing is
resolved and the exit status is 1. A BASE without a scheme is allowed (RFC 1808 allows a
relative base) but warned about (`relurl: warning: ...`), with a hint when a REF has a
scheme (swapped arguments); the exit status stays 0. Usage errors exit with status 2 and
print the usage of the command they concern.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import sys
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING, BinaryIO, Literal, TextIO

from relurl._relurl import _STANDARD_COMPONENTS, URL, URLError, __version__, _relative_base_warning, parse, validate

if TYPE_CHECKING:
    Spec = Literal["rfc1808", "rfc3986", "whatwg"]

#: Lines resolved per call into the Rust core when streaming standard input (at most).
BATCH_LINES = 8192

#: Bytes asked of standard input per read.
READ_BYTES = 1 << 16

#: The names `--spec` (and every `spec=`) takes.
SPECS = ("rfc1808", "rfc3986", "whatwg")

_FIELDS = ("scheme", "netloc", "path", "params", "query", "fragment")

#: What `relurl parse --spec whatwg` prints: the URL Standard's components (its API's getters),
#: in the order of `relurl.arrow.parse`'s fields.
_STANDARD_FIELDS = _STANDARD_COMPONENTS

_LINE_BREAKS = {"\n": "line feed (LF)", "\r": "carriage return (CR)"}


def _build_parser() -> argparse.ArgumentParser:
    # Imported here, not at the top: _links_cli imports the helpers of this module.
    from relurl import _canonical_cli, _links_cli, _surt_cli

    parser = argparse.ArgumentParser(
        prog="relurl",
        description="Resolve relative URLs by RFC 1808 (or RFC 3986), parse URLs into their components, "
        "and extract the links of HTML pages.",
    )
    parser.add_argument("--version", action="version", version=f"relurl {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    res = commands.add_parser(
        "resolve",
        help="resolve references against a base URL",
        description="Resolve each REF against BASE by RFC 1808 section 4 (or RFC 3986 section 5.2) and "
        "print one absolute URL per line. Without REF, read references from standard input, one per "
        "line. A bad reference is reported and answered with an empty line (exit status 1).",
    )
    res.add_argument("base", metavar="BASE", help="the base URL (a BASE without a scheme is warned about)")
    res.add_argument(
        "refs", metavar="REF", nargs="*", default=[], help="references to resolve (default: standard input)"
    )
    res.add_argument(
        "--strict",
        action="store_true",
        help="reject a BASE, and report references, that do not follow the RFC 1808 section 2.2 BNF",
    )
    res.add_argument(
        "--strip",
        action="store_true",
        help="strip ASCII whitespace (TAB, LF, FF, CR, SPACE) around each reference, as HTML does",
    )
    res.add_argument("--spec", choices=SPECS, default="rfc1808", help="resolution rules (default: rfc1808)")
    res.set_defaults(command_parser=res)
    par = commands.add_parser(
        "parse",
        help="split URLs into their six components",
        description="Print the RFC 1808 section 2.4 (or RFC 3986 Appendix B) components of each URL. "
        "Without URL, or with URL '-', read URLs from standard input, one per line.",
    )
    par.add_argument("urls", metavar="URL", nargs="*", default=[], help="URLs to parse ('-' or none: standard input)")
    par.add_argument("--json", action="store_true", help="one JSON object per line")
    par.add_argument("--strict", action="store_true", help="reject URLs that do not follow the RFC 1808 BNF")
    par.add_argument(
        "--spec",
        choices=SPECS,
        default="rfc1808",
        help="rfc3986: Appendix B components, params always empty; whatwg: the URL Standard's components",
    )
    par.set_defaults(command_parser=par)
    _links_cli.add_parser(commands)
    _surt_cli.add_parser(commands)
    _canonical_cli.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line with `argv` (default: `sys.argv[1:]`); returns the exit status."""
    # Imported here, not at the top: _links_cli imports the helpers of this module.
    from relurl import _canonical_cli, _links_cli, _surt_cli

    args, unknown = _build_parser().parse_known_args(argv)
    command_parser: argparse.ArgumentParser = args.command_parser
    if unknown:
        # After a subcommand, its own usage (the top-level parser would print its own).
        command_parser.error(f"unrecognized arguments: {' '.join(map(printable, unknown))}")
    problem = _links_cli.usage_problem(args) if args.command == "links" else _usage_problem(args)
    if problem:
        command_parser.error(problem)
    try:
        if args.command == "resolve":
            return _resolve(args, sys.stdin.buffer, sys.stdout, sys.stderr)
        if args.command == "links":
            return _links_cli.run(args, sys.stdout, sys.stderr)
        if args.command == "surt":
            return _surt_cli.run(args, sys.stdin.buffer, sys.stdout.buffer, sys.stderr)
        if args.command == "canonicalize":
            return _canonical_cli.run(args, sys.stdin.buffer, sys.stdout, sys.stderr)
        return _parse(args, sys.stdin.buffer, sys.stdout, sys.stderr)
    except BrokenPipeError:
        # The reader went away (`relurl resolve ... | head`): stop quietly.
        sys.stderr.close()
        return 0


def _usage_problem(args: argparse.Namespace) -> str | None:
    # `-` stands for standard input where URLs are read (`parse`, `canonicalize`, `surt`).
    if args.command in ("parse", "canonicalize", "surt") and "-" in args.urls and len(args.urls) > 1:
        return "URL '-' (standard input) must be the only URL"
    if args.command in ("canonicalize", "surt"):
        return None
    if args.strict and args.spec != "rfc1808":
        return f"--strict checks the RFC 1808 section 2.2 BNF: not available with --spec {args.spec}"
    return None


def printable(text: str) -> str:
    """`text` with each byte that is not UTF-8 (held as a lone surrogate, PEP 383: a
    non-UTF-8 argument or file name) as `\\xNN`, so that it can be written to any UTF-8
    stream; any other lone surrogate as `\\udNNN`."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def argument_problem(text: str) -> str | None:
    """Why the command-line argument `text` cannot be taken as a URL, or None: it is not
    UTF-8 (its bytes reach Python as lone surrogates, PEP 383), or it holds a line break,
    which would break "output line N answers input line N"."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            try:
                os.fsencode(text).decode("utf-8")
            except UnicodeEncodeError:
                pass  # a surrogate that stands for no byte: the library reports it
            except UnicodeDecodeError as err:
                return f"invalid UTF-8 at byte {err.start}: {err.reason}"
    breaks = [position for position in map(text.find, _LINE_BREAKS) if position >= 0]
    if breaks:
        position = min(breaks)
        return f"{_LINE_BREAKS[text[position]]} is not allowed: one URL per line (at position {position})"
    return None


def reason(err: URLError) -> str:
    """The message of `err` without the batch's "item N" (the caller names the input)."""
    if err.position is None:
        return err.reason
    return f"{err.reason} (at position {err.position})"


def checked_base(text: str, spec: Spec, strict: bool = False) -> tuple[URL | None, str | None]:
    """A base given on the command line (`BASE`, `--url`), parsed by `spec` (with `strict`,
    checked as `relurl.resolve(..., strict=True)` checks its base); or None and why it
    cannot be taken (`argument_problem`, or the library's error)."""
    problem = argument_problem(text)
    if problem is not None:
        return None, problem
    try:
        return parse(text, spec=spec, strict=strict), None
    except URLError as err:
        return None, reason(err)


def scheme_warning(what: str, text: str, spec: Spec, against: str = "references resolve") -> str | None:
    """The warning line for a base `text` (named `what`, a checked base) that has no scheme
    (RFC 1808 allows a relative base, so it is no error), or None when it has one: the
    library's text, as `extract_links` warns it."""
    warning = _relative_base_warning(text, spec, what, against)
    return None if warning is None else f"relurl: warning: {warning}\n"


def write_answers(
    stdout: TextIO,
    stderr: TextIO,
    answers: list[str],
    label: str,
    first: int,
    blank: Callable[[int], str] | None = None,
) -> bool:
    """Writes `answers` (the text for items `first`, `first` + 1, ..., in order) and
    flushes; returns whether one could not be written. An answer that standard output's
    encoding cannot write is reported as `relurl: LABEL N: ...` and written as `blank(N)`
    (default: an empty line), so that output line N still answers input line N."""
    try:
        stdout.write("".join(answers))
    except UnicodeEncodeError:
        for number, answer in enumerate(answers, first):
            try:
                stdout.write(answer)
            except UnicodeEncodeError as err:
                char = err.object[err.start]
                stderr.write(
                    f"relurl: {label} {number}: standard output's encoding ({err.encoding!r}) cannot write "
                    f"{char!a} (U+{ord(char):04X}) at position {err.start}: set PYTHONIOENCODING=utf-8\n"
                )
                stdout.write("\n" if blank is None else blank(number))
        stdout.flush()
        return True
    stdout.flush()
    return False


def _resolve(args: argparse.Namespace, stdin: BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    spec: Spec = args.spec
    base, problem = checked_base(args.base, spec, args.strict)
    if base is None:
        stderr.write(f"relurl: BASE: {problem}\n")
        return 1
    warning = scheme_warning("BASE", args.base, spec)
    if warning:
        stderr.write(warning)
    label = "REF" if args.refs else "line"
    batches = _batches(iter(args.refs)) if args.refs else read_line_batches(stdin, stderr)
    failed = False
    number = 0  # of the last item done
    for batch in batches:
        refs = _checked(batch, label, number, stderr)
        if warning and args.refs and number == 0:
            _warn_swapped(refs, spec, stderr)
        # A rejected reference leaves an empty line, so output line N answers input line N.
        # The library strips (`--strip`) and checks (`--strict`) each reference; a failed
        # row is reported by its number.
        results, failures = base.resolve_many(refs, spec=spec, strict=args.strict, errors="report", strip=args.strip)
        stderr.writelines(f"relurl: {label} {number + (f.index or 0) + 1}: {reason(f)}\n" for f in failures)
        failed = failed or None in results
        answers = [("" if url is None else url) + "\n" for url in results]
        first = number + 1
        failed = write_answers(stdout, stderr, answers, label, first) or failed
        number += len(batch)
    stdout.flush()
    return 1 if failed else 0


def _warn_swapped(refs: list[str | None], spec: Spec, stderr: TextIO) -> None:
    """Hints that BASE (without a scheme) and REF were swapped, when a REF has a scheme."""
    for number, ref in enumerate(refs, 1):
        if ref is not None and parse(ref, spec=spec).scheme:
            stderr.write(
                f"relurl: warning: REF {number} {printable(ref)!r} has a scheme but BASE has none: are the "
                "arguments swapped? (relurl resolve BASE REF...)\n"
            )
            return


def _checked(texts: list[str | None], label: str, before: int, stderr: TextIO) -> list[str | None]:
    """`texts` (items `before` + 1, ...), each None when it is rejected, which is reported
    here as `label N`: see `argument_problem` (the library checks the rest)."""
    joined = "".join(text for text in texts if text)
    if joined.isascii() and "\n" not in joined and "\r" not in joined:
        return texts  # the common case, checked at C speed
    return [_check(text, f"{label} {before + i}", False, stderr) for i, text in enumerate(texts, 1)]


def _check(text: str | None, where: str, strict: bool, stderr: TextIO) -> str | None:
    """`text`, or None when it is None or rejected (reported here as `where`)."""
    if text is None:
        return None
    problem = argument_problem(text)
    if problem is None and strict:
        try:
            validate(text)
        except URLError as err:
            problem = reason(err)
    if problem is None:
        return text
    stderr.write(f"relurl: {where}: {problem}\n")
    return None


def read_raw_batches(stdin: BinaryIO, limit: int = BATCH_LINES) -> Iterator[list[bytes]]:
    """The lines of `stdin` (without their line break, LF or CRLF), in batches of at most
    `limit`: a batch ends when no more input is ready (the caller then answers it, and
    flushes, before the next read waits), so that a coprocess gets each answer at once,
    while a file or a busy pipe gives full batches. Reads the file descriptor itself; a
    stream without one is read line by line."""
    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        fd = None
    if fd is None:
        while batch := [_line(raw) for raw in islice(stdin, limit)]:
            yield batch
        return
    pending = b""
    lines: list[bytes] = []
    while True:
        if lines and not _ready(fd):
            yield lines
            lines = []
        chunk = os.read(fd, READ_BYTES)
        if not chunk:
            break
        *complete, pending = (pending + chunk).split(b"\n")
        lines.extend(raw.removesuffix(b"\r") for raw in complete)
        while len(lines) >= limit:
            yield lines[:limit]
            del lines[:limit]
    if pending:
        lines.append(pending.removesuffix(b"\r"))
    if lines:
        yield lines


def _line(raw: bytes) -> bytes:
    return raw.removesuffix(b"\n").removesuffix(b"\r")


def _ready(fd: int) -> bool:
    """Whether reading `fd` would not wait. Where `select` cannot tell (a pipe on Windows),
    no: answers are then written after each read."""
    try:
        return bool(select.select([fd], [], [], 0)[0])
    except (OSError, ValueError):
        return False


def read_line_batches(stdin: BinaryIO, stderr: TextIO) -> Iterator[list[str | None]]:
    """`read_raw_batches`, each line decoded; None for a line that is not UTF-8, which is
    reported here."""
    number = 0
    for raw_batch in read_raw_batches(stdin):
        batch: list[str | None] = []
        for raw in raw_batch:
            number += 1
            try:
                batch.append(raw.decode("utf-8"))
            except UnicodeDecodeError as err:
                stderr.write(f"relurl: line {number}: invalid UTF-8 at byte {err.start}: {err.reason}\n")
                batch.append(None)
        yield batch


def _batches(texts: Iterator[str | None]) -> Iterator[list[str | None]]:
    while batch := list(islice(texts, BATCH_LINES)):
        yield batch


def _parse(args: argparse.Namespace, stdin: BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    from_stdin = args.urls in ([], ["-"])
    label = "line" if from_stdin else "URL"
    batches = read_line_batches(stdin, stderr) if from_stdin else _batches(iter(args.urls))

    def blank(number: int) -> str:
        return "\n" if args.json or number > 1 else ""  # an empty line, or an empty block

    failed = False
    number = 0  # of the last item done
    for batch in batches:
        first = number + 1
        answers = []
        for line in batch:
            number += 1
            # `_check` does the strict check.
            text = _check(line, f"{label} {number}", args.strict, stderr)
            url: URL | None = None
            if text is not None:
                try:
                    url = parse(text, spec=args.spec)
                except URLError as err:
                    stderr.write(f"relurl: {label} {number}: {reason(err)}\n")
            if url is None or text is None:
                failed = True
                answers.append(blank(number))
                continue
            if args.spec == "whatwg":
                components = {name: getattr(url, name) for name in _STANDARD_FIELDS}
            else:
                components = dict(zip(_FIELDS, url, strict=False))
            if args.json:
                answers.append(json.dumps({"url": text, **components}, ensure_ascii=False) + "\n")
            else:
                block = [f"url:      {text}\n"] + [f"{name + ':':<9} {value}\n" for name, value in components.items()]
                answers.append(("\n" if number > 1 else "") + "".join(block))
        failed = write_answers(stdout, stderr, answers, label, first, blank) or failed
    stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
