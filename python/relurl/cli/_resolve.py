"""`relurl resolve`: each reference resolved against a base (see relurl.cli).

relurl resolve BASE REF...         resolve each REF against BASE (RFC 1808 section 4)
relurl resolve BASE [-] < refs.txt the same for each line of standard input, streaming
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import TYPE_CHECKING, BinaryIO, TextIO

from relurl._relurl import parse
from relurl._specs import SPECS
from relurl.cli._common import (
    Undecodable,
    batches,
    checked_base,
    line_problem,
    printable,
    read_line_batches,
    reads_standard_input,
    reason,
    scheme_warning,
    stdin_url_problem,
    strict_problem,
    write_answers,
    write_warning,
)

if TYPE_CHECKING:
    from relurl._specs import Spec


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds the `resolve` command to `commands`."""
    res = commands.add_parser(
        "resolve",
        help="resolve references against a base URL",
        description="Resolve each REF against BASE by RFC 1808 section 4 (or RFC 3986 section 5.2, or the "
        "URL Standard's URL parser with --spec whatwg) and "
        "print one absolute URL per line. Without REF, or with '-', read references from standard input, one "
        "per line (the reference '-' itself: './-'). A bad reference is reported and answered with an empty "
        "line (exit status 1).",
    )
    res.add_argument("base", metavar="BASE", help="the base URL (a BASE without a scheme is warned about)")
    res.add_argument(
        "refs", metavar="REF", nargs="*", default=[], help="references to resolve ('-' or none: standard input)"
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


def usage_problem(args: argparse.Namespace) -> str | None:
    """What makes the `resolve` arguments unusable together (a usage error), or None."""
    return stdin_url_problem(args.refs, "REF") or strict_problem(args)


def run(args: argparse.Namespace, stdin: BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    """Runs `relurl resolve`; returns the exit status."""
    spec: Spec = args.spec
    base, problem = checked_base(args.base, spec, args.strict)
    if base is None:
        stderr.write(f"relurl: BASE: {problem}\n")
        return 1
    warning = scheme_warning("BASE", args.base, spec)
    if warning:
        write_warning(stderr, warning)
    from_stdin = reads_standard_input(args.refs)
    label = "line" if from_stdin else "REF"
    refs_batches: Iterator[list[str | Undecodable]] = (
        read_line_batches(stdin) if from_stdin else batches(iter(args.refs))
    )
    failed = False
    number = 0  # of the last item done
    for batch in refs_batches:
        refs, problems = _checked(batch, number)
        if warning and not from_stdin and number == 0:
            _warn_swapped(refs, spec, stderr)
        # A rejected reference leaves an empty line, so output line N answers input line N.
        # The library strips (`--strip`) and checks (`--strict`) each reference; a failed
        # row is reported by its number, with the rejected ones, in the lines' order.
        results, failures = base.resolve_many(refs, spec=spec, strict=args.strict, errors="report", strip=args.strip)
        problems += [(number + (f.index or 0) + 1, reason(f)) for f in failures]
        problems.sort(key=lambda problem: problem[0])
        stderr.writelines(f"relurl: {label} {at}: {problem}\n" for at, problem in problems)
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
            write_warning(
                stderr,
                f"relurl: warning: REF {number} {printable(ref)!r} has a scheme but BASE has none: are the "
                "arguments swapped? (relurl resolve BASE REF...)\n",
            )
            return


def _checked(texts: list[str | Undecodable], before: int) -> tuple[list[str | None], list[tuple[int, str]]]:
    """`texts` (items `before` + 1, ...), each None when it is rejected (`line_problem`; the
    library checks the rest), and the rejected ones' numbers and problems."""
    try:
        joined = "".join(texts)  # type: ignore[arg-type]  # a TypeError for an Undecodable
    except TypeError:
        joined = None
    if joined is not None and joined.isascii() and "\n" not in joined and "\r" not in joined:
        return texts, []  # type: ignore[return-value]  # the common case, checked at C speed
    refs: list[str | None] = []
    problems: list[tuple[int, str]] = []
    for number, text in enumerate(texts, before + 1):
        problem = line_problem(text, False)
        if problem is None:
            assert isinstance(text, str)
            refs.append(text)
        else:
            refs.append(None)
            problems.append((number, problem))
    return refs, problems
