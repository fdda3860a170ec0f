"""`relurl canonicalize`: w3lib's canonical form of each URL (relurl.canonicalize_url; see relurl.cli).

    relurl canonicalize URL...          the canonical form of each URL, one per line
    relurl canonicalize [-] < urls      the same for each line of standard input, streaming

`--keep-fragments`, `--drop-blank-values` (w3lib's keep_blank_values=False) and
`--query-separator SEP` are canonicalize_url's options. A URL w3lib rejects (a bad port or
IPv6 host, ...) or a line that is not UTF-8 is reported on standard error as
`relurl: WHERE: message`, answered with an empty line, and the exit status is then 1.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from relurl._relurl import canonicalize_url
from relurl.cli._common import argument_problem, batches, read_line_batches, stdin_url_problem, write_answers

if TYPE_CHECKING:
    from typing import BinaryIO


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds the `canonicalize` command to `commands`."""
    can = commands.add_parser(
        "canonicalize",
        help="canonical URLs, as w3lib.url.canonicalize_url (Scrapy's fingerprint key)",
        description="Print w3lib.url.canonicalize_url's answer for each URL (query sorted, percent-encoding "
        "normalized, host lower-cased and IDNA-encoded, dot segments resolved, fragment dropped). Without "
        "URL, or with URL '-', read URLs from standard input, one per line.",
    )
    can.add_argument("urls", metavar="URL", nargs="*", default=[], help="URLs ('-' or none: standard input)")
    can.add_argument("--keep-fragments", action="store_true", help="keep the fragment (keep_fragments=True)")
    can.add_argument(
        "--drop-blank-values", action="store_true", help="drop query fields without a value (keep_blank_values=False)"
    )
    can.add_argument("--query-separator", default="&", metavar="SEP", help="the query's field separator (default: &)")
    can.set_defaults(command_parser=can)


def usage_problem(args: argparse.Namespace) -> str | None:
    """What makes the `canonicalize` arguments unusable together (a usage error), or None."""
    return stdin_url_problem(args.urls)


def run(args: argparse.Namespace, stdin: BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    """Runs `relurl canonicalize`; returns the exit status. Standard input is answered as it
    comes (`relurl.cli._common.read_line_batches`)."""
    from_stdin = args.urls in ([], ["-"])
    label = "line" if from_stdin else "URL"
    url_batches = read_line_batches(stdin, stderr) if from_stdin else batches(iter(args.urls))
    failed = False
    number = 0  # of the last item done
    for batch in url_batches:
        first = number + 1
        out: list[str] = []
        for text in batch:
            number += 1
            key = ""
            # An argument that is not UTF-8 (PEP 383's lone surrogates) or holds a line break:
            # reported as the other commands report it.
            problem = None if from_stdin or text is None else argument_problem(text)
            if problem:
                stderr.write(f"relurl: {label} {number}: {problem}\n")
                failed = True
            elif text is None:
                failed = True
            else:
                try:
                    key = canonicalize_url(
                        text,
                        keep_blank_values=not args.drop_blank_values,
                        keep_fragments=args.keep_fragments,
                        query_separator=args.query_separator,
                    )
                except ValueError as err:
                    stderr.write(f"relurl: {label} {number}: {err}\n")
                    failed = True
            out.append(key + "\n")
        failed = write_answers(stdout, stderr, out, label, first) or failed
    stdout.flush()
    return 1 if failed else 0
