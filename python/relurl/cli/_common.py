"""What the commands of `relurl` share: reading standard input in batches, checking
arguments, reporting bad input and writing answers. Imports nothing of relurl.cli (the
commands import it, the dispatcher imports the commands)."""

from __future__ import annotations

import argparse
import os
import select
from collections.abc import Callable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, BinaryIO, TextIO, TypeVar

from relurl._relurl import URL, URLError, _relative_base_warning, parse, validate

if TYPE_CHECKING:
    from relurl._specs import Spec

#: Lines resolved per call into the Rust core when streaming standard input (at most).
BATCH_LINES = 8192

#: Bytes asked of standard input per read.
READ_BYTES = 1 << 16

_LINE_BREAKS = {"\n": "line feed (LF)", "\r": "carriage return (CR)"}

_Item = TypeVar("_Item")


def reads_standard_input(items: list[str]) -> bool:
    """Whether a command's items (its URL or REF arguments) stand for standard input: none, or
    `-` alone (every command's rule)."""
    return items in ([], ["-"])


def stdin_url_problem(urls: list[str], name: str = "URL") -> str | None:
    """The usage error of arguments (`name`: their metavar) where `-` alone stands for
    standard input (every command's): `-` beside others; or None."""
    if "-" in urls and len(urls) > 1:
        return f"{name} '-' (standard input) must be the only {name}"
    return None


def strict_problem(args: argparse.Namespace) -> str | None:
    """The usage error of `--strict` with a `--spec` it cannot check (`resolve`, `parse`), or None."""
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


def write_warning(stderr: TextIO, text: str) -> None:
    """Writes `text` (warning lines, `relurl: ...warning: ...`) to `stderr`: not a problem,
    which the dispatcher's standard error (`_Reports`) is told, so that the exit status of a
    command its reader stopped stays 0. Every other `relurl: ...` line written is a problem."""
    write = getattr(stderr, "write_warning", None)
    (write or stderr.write)(text)


def scheme_warning(what: str, text: str, spec: Spec, against: str = "references resolve") -> str | None:
    """The warning line for a base `text` (named `what`, a checked base) that has no scheme
    (RFC 1808 allows a relative base, so it is no error), or None when it has one: the
    library's text, as `extract_links` warns it."""
    warning = _relative_base_warning(text, spec, what, against)
    return None if warning is None else f"relurl: warning: {warning}\n"


class Undecodable:
    """A line of standard input that is not UTF-8, in place of its text, with why (reported
    in its turn, among the other lines' problems)."""

    __slots__ = ("problem",)

    def __init__(self, problem: str) -> None:
        self.problem = problem


def line_problem(text: str | Undecodable, strict: bool) -> str | None:
    """Why `text` (an argument or a line) is rejected before the library reads it, or None:
    see `Undecodable`, `argument_problem`, and with `strict`, `relurl.validate`."""
    if isinstance(text, Undecodable):
        return text.problem
    problem = argument_problem(text)
    if problem is None and strict:
        try:
            validate(text)
        except URLError as err:
            problem = reason(err)
    return problem


def check(text: str | Undecodable, where: str, strict: bool, stderr: TextIO) -> str | None:
    """`text`, or None when it is rejected (`line_problem`, reported here as `where`)."""
    problem = line_problem(text, strict)
    if problem is None:
        assert isinstance(text, str)
        return text
    stderr.write(f"relurl: {where}: {problem}\n")
    return None


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

    def report(index: int, err: UnicodeEncodeError) -> None:
        stderr.write(f"relurl: {label} {first + index}: {unwritable(err, f' at position {err.start}')}\n")

    unwritten = write_each(
        stdout, answers, report, lambda index: stdout.write("\n" if blank is None else blank(first + index))
    )
    stdout.flush()
    return unwritten


def write_each(
    stdout: TextIO,
    texts: list[str],
    report: Callable[[int, UnicodeEncodeError], object],
    instead: Callable[[int], object] = lambda _: None,
) -> bool:
    """Writes `texts`, all at once when the output's encoding can; else one by one, each it
    cannot write reported (`report(index, error)`) and replaced by `instead(index)`. Returns
    whether one could not be written."""
    try:
        stdout.write("".join(texts))
        return False
    except UnicodeEncodeError:
        pass
    for index, text in enumerate(texts):
        try:
            stdout.write(text)
        except UnicodeEncodeError as err:
            report(index, err)
            instead(index)
    return True


def unwritable(err: UnicodeEncodeError, where: str) -> str:
    """What standard output's encoding could not write (`where`: which part of the output),
    and the way out."""
    char = err.object[err.start]
    return (
        f"standard output's encoding ({err.encoding!r}) cannot write {char!a} (U+{ord(char):04X}){where}: "
        "set PYTHONIOENCODING=utf-8"
    )


class ItemProblem(Exception):
    """Raised by an `answer_each` command's answer function: this item has no answer, for
    the reason given (reported as `relurl: WHERE: reason`)."""


def answer_each(
    items: list[str],
    stdin: BinaryIO,
    stdout: TextIO,
    stderr: TextIO,
    item_label: str,
    answer: Callable[[str], str | None],
) -> int:
    """The run of a command that answers each of `items` (its arguments; none or `-`: the
    lines of `stdin`, answered as they come) with one line (`canonicalize`, `domain`):
    `answer(text)`'s text, or an empty line for None. An argument that is not UTF-8 or holds
    a line break, a line that is not UTF-8, and an `ItemProblem` raised by `answer` are
    reported on `stderr` as `relurl: WHERE: reason` (WHERE: `line N`, or `ITEM_LABEL N` for
    an argument) and answered with an empty line. Returns the exit status: 1 when something
    was reported, else 0."""
    from_stdin = reads_standard_input(items)
    label = "line" if from_stdin else item_label
    item_batches: Iterator[list[str | Undecodable]] = read_line_batches(stdin) if from_stdin else batches(iter(items))
    failed = False
    number = 0  # of the last item done
    for batch in item_batches:
        first = number + 1
        out: list[str] = []
        for text in batch:
            number += 1
            result = None
            # A line that is not UTF-8; an argument that is not UTF-8 (PEP 383's lone
            # surrogates) or holds a line break.
            if isinstance(text, Undecodable):
                problem: str | None = text.problem
            else:
                problem = None if from_stdin else argument_problem(text)
            if problem:
                stderr.write(f"relurl: {label} {number}: {problem}\n")
                failed = True
            else:
                assert isinstance(text, str)
                try:
                    result = answer(text)
                except ItemProblem as err:
                    stderr.write(f"relurl: {label} {number}: {err}\n")
                    failed = True
            out.append((result or "") + "\n")
        failed = write_answers(stdout, stderr, out, label, first) or failed
    stdout.flush()
    return 1 if failed else 0


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
    # The chunks of the line not ended yet: each byte is searched for a line break once, and
    # joined once, however many reads a long line takes (linear in the input).
    pending: list[bytes] = []
    lines: list[bytes] = []
    while True:
        if lines and not _ready(fd):
            yield lines
            lines = []
        chunk = os.read(fd, READ_BYTES)
        if not chunk:
            break
        if b"\n" not in chunk:
            pending.append(chunk)
            continue
        first, *complete = chunk.split(b"\n")
        pending.append(first)
        complete[:0] = [b"".join(pending)]
        pending = [complete.pop()]
        lines.extend(raw.removesuffix(b"\r") for raw in complete)
        while len(lines) >= limit:
            yield lines[:limit]
            del lines[:limit]
    rest = b"".join(pending)
    if rest:
        lines.append(rest.removesuffix(b"\r"))
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


def read_line_batches(stdin: BinaryIO) -> Iterator[list[str | Undecodable]]:
    """`read_raw_batches`, each line decoded; an `Undecodable` for a line that is not UTF-8
    (the command reports it in its turn, so that problems are reported in the lines' order)."""
    for raw_batch in read_raw_batches(stdin):
        batch: list[str | Undecodable] = []
        for raw in raw_batch:
            try:
                batch.append(raw.decode("utf-8"))
            except UnicodeDecodeError as err:
                batch.append(Undecodable(f"invalid UTF-8 at byte {err.start}: {err.reason}"))
        yield batch


def batches(items: Iterator[_Item]) -> Iterator[list[_Item]]:
    """`items` (the command's URL arguments) in batches of `BATCH_LINES`, as standard input's lines come."""
    while batch := list(islice(items, BATCH_LINES)):
        yield batch
