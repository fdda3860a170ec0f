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
from relurl.cli._common import ItemProblem, answer_each, stdin_url_problem

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
    if args.query_separator == "":
        return "--query-separator: an empty separator (w3lib raises ValueError for every URL with it)"
    return stdin_url_problem(args.urls)


def run(args: argparse.Namespace, stdin: BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    """Runs `relurl canonicalize`; returns the exit status. Standard input is answered as it
    comes (`relurl.cli._common.answer_each`)."""

    def answer(text: str) -> str:
        try:
            return canonicalize_url(
                text,
                keep_blank_values=not args.drop_blank_values,
                keep_fragments=args.keep_fragments,
                query_separator=args.query_separator,
            )
        except ValueError as err:
            raise ItemProblem(str(err)) from err

    return answer_each(args.urls, stdin, stdout, stderr, "URL", answer)
