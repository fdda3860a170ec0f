"""`relurl domain`: the registered domain of each host or URL (relurl.registered_domain, the
Public Suffix List's algorithm on the bundled list; see relurl.cli).

    relurl domain HOST_OR_URL...       the registered domain of each, one per line
    relurl domain [-] < hosts          the same for each line of standard input, streaming

A line with `//` is a URL, and its host name is looked up (`relurl.parse(line).hostname`); any
other line is a host: one that is not a host name (relurl.registered_domain's `URLError` of
kind not_a_host_name: a `/`, `?`, `#`, `@` or `\\`, a URL without its scheme; a `:` outside an
IPv6 address, a host with its port; a space, a control character) is reported. `--suffix` prints the public
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
        url = "//" in text
        if url:
            try:
                host = parse(text).hostname
            except URLError as err:
                raise ItemProblem(reason(err)) from err
        try:
            return lookup(host, icann_only=args.icann_only)
        except URLError as err:
            raise ItemProblem(_not_a_host(text, host, url, err)) from err

    return answer_each(args.items, stdin, stdout, stderr, "HOST_OR_URL", answer)


def _not_a_host(text: str, host: str | None, url: bool, err: URLError) -> str:
    """The report of a line the library refuses as a host name (`err`, of kind
    `not_a_host_name`; the library decides, this says it for a command line): a line without
    `//` with a `/`, `?`, `#`, `@` or `\\` is a URL without its scheme, one with a `:` a host
    with its port; a URL's host (RFC 1808 splits any net_loc) is named."""
    if url:
        return f"the URL's host {host!r} is not a host name: {reason(err)}"
    char = text[err.position] if err.position is not None else ""
    if char and char in "/?#@\\":
        return f"not a host: {char!r} at position {err.position} (a URL needs its scheme and //: http://{text})"
    if char == ":" and "(a port?" in err.reason:
        return f"not a host: ':' at position {err.position} (a port? give the host alone, or a URL with its scheme)"
    return f"not a host: {reason(err)}"
