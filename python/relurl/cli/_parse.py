"""`relurl parse`: the components of each URL (see relurl.cli).

relurl parse [--json] URL...       the six components of each URL (section 2.4)
relurl parse [--json] [-] < urls   the same for each line of standard input, streaming
"""

from __future__ import annotations

import argparse
import json
from typing import BinaryIO, TextIO

from relurl._relurl import _SPLIT_COMPONENTS, _STANDARD_COMPONENTS, URL, URLError, parse
from relurl._specs import SPECS
from relurl.cli._common import (
    batches,
    check,
    read_line_batches,
    reads_standard_input,
    reason,
    stdin_url_problem,
    strict_problem,
    write_answers,
)

#: What `relurl parse` prints: the six components a URL unpacks to, in its order (the core's
#: names).
_FIELDS = _SPLIT_COMPONENTS

#: What `relurl parse --spec whatwg` prints: the URL Standard's components (its API's getters),
#: in the order of `relurl.arrow.parse`'s fields.
_STANDARD_FIELDS = _STANDARD_COMPONENTS


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds the `parse` command to `commands`."""
    par = commands.add_parser(
        "parse",
        help="split URLs into their components",
        description="Print the RFC 1808 section 2.4 (or RFC 3986 Appendix B, or the URL Standard's) components "
        "of each URL. "
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


def usage_problem(args: argparse.Namespace) -> str | None:
    """What makes the `parse` arguments unusable together (a usage error), or None."""
    return stdin_url_problem(args.urls) or strict_problem(args)


def run(args: argparse.Namespace, stdin: BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    """Runs `relurl parse`; returns the exit status."""
    from_stdin = reads_standard_input(args.urls)
    label = "line" if from_stdin else "URL"
    url_batches = read_line_batches(stdin) if from_stdin else batches(iter(args.urls))

    def blank(number: int) -> str:
        return "\n" if args.json or number > 1 else ""  # an empty line, or an empty block

    failed = False
    number = 0  # of the last item done
    for batch in url_batches:
        first = number + 1
        answers = []
        for line in batch:
            number += 1
            # `check` does the strict check.
            text = check(line, f"{label} {number}", args.strict, stderr)
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
                # An empty component is its name alone (no trailing spaces).
                block = [f"url:      {text}\n" if text else "url:\n"] + [
                    f"{name + ':':<9} {value}\n" if value else f"{name}:\n" for name, value in components.items()
                ]
                answers.append(("\n" if number > 1 else "") + "".join(block))
        failed = write_answers(stdout, stderr, answers, label, first, blank) or failed
    stdout.flush()
    return 1 if failed else 0
