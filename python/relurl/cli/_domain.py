"""`relurl domain`: the registered domain of each host or URL (relurl.registered_domain, the
Public Suffix List's algorithm on the bundled list; see relurl.cli).

    relurl domain HOST_OR_URL...       the registered domain of each, one per line
    relurl domain [-] < hosts          the same for each line of standard input, streaming

A line with `//` is a URL, and its host name is looked up (`relurl.parse(line).hostname`); any
other line is a host: one with a `/`, `?`, `#`, `@` or `\\`, or a single `:` (a URL without its
scheme, a host with its port) is reported, not taken for a host. `--suffix` prints the public
suffix instead, `--icann-only` uses the list's ICANN rules alone, `--list FILE` reads a newer
list (relurl.PublicSuffixList.from_file). A host without a registered domain (a public suffix
itself, an IP address, no host) gives an empty line; a line or argument that is not UTF-8, or a
URL relurl.parse refuses (a lone surrogate, a URL longer than 4 GiB), is reported on standard
error as `relurl: WHERE: message` (WHERE: `line N` or `HOST_OR_URL N`), answered with an empty
line, and the exit status is then 1."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from relurl._relurl import PublicSuffixList, URLError, parse
from relurl.cli._common import ItemProblem, answer_each, reason, stdin_url_problem

if TYPE_CHECKING:
    from typing import BinaryIO


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds the `domain` command to `commands`."""
    dom = commands.add_parser(
        "domain",
        help="registered domains (eTLD+1) of hosts or URLs, by the Public Suffix List",
        description="Print the registered domain (the public suffix and one label more) of each host or URL, "
        "by the Public Suffix List bundled in relurl. Without argument, or with '-', read standard input, "
        "one per line.",
    )
    dom.add_argument(
        "items", metavar="HOST_OR_URL", nargs="*", default=[], help="hosts or URLs ('-' or none: standard input)"
    )
    dom.add_argument("--suffix", action="store_true", help="print the public suffix instead")
    dom.add_argument("--icann-only", action="store_true", help="the list's ICANN rules alone (no private suffixes)")
    dom.add_argument("--list", metavar="FILE", help="read the Public Suffix List from FILE instead of the bundled one")
    dom.set_defaults(command_parser=dom)


def usage_problem(args: argparse.Namespace) -> str | None:
    """What makes the `domain` arguments unusable together (a usage error), or None."""
    return stdin_url_problem(args.items)


def run(args: argparse.Namespace, stdin: BinaryIO, stdout: TextIO, stderr: TextIO) -> int:
    """Runs `relurl domain`; returns the exit status. Standard input is answered as it comes."""
    try:
        psl = PublicSuffixList.from_file(args.list) if args.list else PublicSuffixList.bundled()
    except (OSError, ValueError) as err:
        stderr.write(f"relurl: --list {args.list}: {err}\n")
        return 2
    if len(psl) == 0:
        stderr.write(f"relurl: --list {args.list}: no rule in it (not a Public Suffix List)\n")
        return 2
    lookup = psl.public_suffix if args.suffix else psl.registered_domain

    def answer(text: str) -> str | None:
        host: str | None = text
        if "//" in text:
            try:
                host = parse(text).hostname
            except URLError as err:
                raise ItemProblem(reason(err)) from err
        else:
            problem = _not_a_host(text)
            if problem:
                raise ItemProblem(problem)
        return lookup(host, icann_only=args.icann_only)

    return answer_each(args.items, stdin, stdout, stderr, "HOST_OR_URL", answer)


def _not_a_host(text: str) -> str | None:
    """Why `text` (a line without `//`) is neither a host nor a URL, or None: a `/`, `?`, `#`,
    `@` or `\\` (a URL's path, query, fragment or userinfo without its scheme), or a single `:`
    (a port: an IPv6 address has two at least)."""
    for position, char in enumerate(text):
        if char in "/?#@\\":
            return f"not a host: {char!r} at position {position} (a URL needs its scheme and //: http://{text})"
    if text.count(":") == 1:
        return f"not a host: ':' at position {text.index(':')} (a port? give the host alone, or a URL with its scheme)"
    return None
