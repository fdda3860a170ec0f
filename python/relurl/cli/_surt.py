"""`relurl surt`: the SURT key of each URL (relurl.surt, the twin of surt.surt; see relurl.cli).

    relurl surt URL...           the key of each URL, one per line
    relurl surt < urls.txt       the same for each line of standard input, streaming
    relurl surt - < urls.txt     the same (`-` alone: standard input)

Options: `--with-scheme`, `--trailing-comma`, `--no-reverse-ipaddr`, `--keep-www` (surt's
`host_massage=False`), `--no-surt` (the canonicalized URL, host not reversed). A line is read as
bytes, as surt reads them (a line need not be UTF-8; its key then need not be either): output
line N answers input line N. A URL surt raises for (a port urllib refuses, a line of spaces:
surt's AttributeError; an empty line is surt's `-`) is reported on standard error as `relurl:
line N: message` (`URL N` for arguments), answered with an empty line, and the exit status is
then 1."""

from __future__ import annotations

import argparse
import os
from typing import BinaryIO, TextIO

from relurl._relurl import surt
from relurl.cli._common import batches, read_raw_batches, reads_standard_input, stdin_url_problem


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds the `surt` command to `commands`."""
    sub = commands.add_parser(
        "surt",
        help="the SURT key of URLs (as the surt package and pywb compute it)",
        description="Print the SURT key of each URL (surt.surt, version 0.3.1, with pywb's defaults). "
        "Without URL, read URLs from standard input, one per line.",
    )
    sub.add_argument("urls", metavar="URL", nargs="*", default=[], help="URLs (default, or -: standard input)")
    sub.add_argument("--with-scheme", action="store_true", help="start the key with the scheme: http://(com,example)/")
    sub.add_argument("--trailing-comma", action="store_true", help="a comma after the host: com,example,)/")
    sub.add_argument("--no-reverse-ipaddr", action="store_true", help="keep IPv4 addresses in their usual order")
    sub.add_argument("--keep-www", action="store_true", help="keep a leading www. (host_massage=False)")
    sub.add_argument("--no-surt", action="store_true", help="the canonicalized URL, host not reversed")
    sub.set_defaults(command_parser=sub)


def usage_problem(args: argparse.Namespace) -> str | None:
    """What makes the `surt` arguments unusable together (a usage error), or None."""
    return stdin_url_problem(args.urls)


def run(args: argparse.Namespace, stdin: BinaryIO, stdout: BinaryIO, stderr: TextIO) -> int:
    """Writes the key of each URL of `args.urls` (or line of `stdin`) to `stdout`."""
    options = {
        "with_scheme": args.with_scheme,
        "trailing_comma": args.trailing_comma,
        "reverse_ipaddr": not args.no_reverse_ipaddr,
        "host_massage": not args.keep_www,
        "surt": not args.no_surt,
    }
    from_stdin = reads_standard_input(args.urls)
    label = "line" if from_stdin else "URL"
    # An argument is read as the bytes it was given as (PEP 383: os.fsencode), as a line is.
    url_batches = read_raw_batches(stdin) if from_stdin else batches(map(os.fsencode, args.urls))
    failed = False
    number = 0
    for batch in url_batches:
        out: list[bytes] = []
        for url in batch:
            number += 1
            try:
                out.append(surt(url, **options))
            except (ValueError, AttributeError) as err:
                # surt's AttributeError is its answer to a blank URL (no scheme to read).
                message = "a blank URL (surt raises AttributeError)" if isinstance(err, AttributeError) else str(err)
                stderr.write(f"relurl: {label} {number}: {message}\n")
                failed = True
                out.append(b"")
        # Answered as it comes: flushed when no more input is ready (read_raw_batches).
        stdout.write(b"\n".join(out) + b"\n")
        stdout.flush()
    stdout.flush()
    return 1 if failed else 0
