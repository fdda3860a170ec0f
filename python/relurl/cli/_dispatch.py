"""The dispatcher of the `relurl` command line (see relurl.cli): the parser, whose
subcommands the command modules add, and `main`, which checks the usage and runs the command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from relurl._relurl import __version__
from relurl.cli import _canonicalize, _domain, _links, _parse, _resolve, _surt
from relurl.cli._common import printable

#: The commands, in the order `relurl --help` lists them.
COMMANDS = (_resolve, _parse, _links, _surt, _canonicalize, _domain)


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="relurl",
        description="Resolve relative URLs by RFC 1808 (or RFC 3986, or the URL Standard with --spec whatwg), "
        "parse URLs into their components, extract the links of HTML pages, and give URLs' SURT keys, "
        "w3lib's canonical forms and registered domains (the commands below).",
    )
    parser.add_argument("--version", action="version", version=f"relurl {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line with `argv` (default: `sys.argv[1:]`); returns the exit status."""
    args, unknown = _build_parser().parse_known_args(argv)
    command_parser: argparse.ArgumentParser = args.command_parser
    if unknown:
        # After a subcommand, its own usage (the top-level parser would print its own).
        command_parser.error(f"unrecognized arguments: {' '.join(map(printable, unknown))}")
    problem = _usage_problem(args)
    if problem:
        command_parser.error(problem)
    try:
        if args.command == "resolve":
            return _resolve.run(args, sys.stdin.buffer, sys.stdout, sys.stderr)
        if args.command == "links":
            return _links.run(args, sys.stdout, sys.stderr)
        if args.command == "surt":
            return _surt.run(args, sys.stdin.buffer, sys.stdout.buffer, sys.stderr)
        if args.command == "canonicalize":
            return _canonicalize.run(args, sys.stdin.buffer, sys.stdout, sys.stderr)
        if args.command == "domain":
            return _domain.run(args, sys.stdin.buffer, sys.stdout, sys.stderr)
        return _parse.run(args, sys.stdin.buffer, sys.stdout, sys.stderr)
    except BrokenPipeError:
        # The reader went away (`relurl resolve ... | head`): stop quietly.
        sys.stderr.close()
        return 0


def _usage_problem(args: argparse.Namespace) -> str | None:
    """What makes the arguments unusable together (a usage error of the command), or None."""
    usage_problems = {
        "resolve": _resolve.usage_problem,
        "parse": _parse.usage_problem,
        "links": _links.usage_problem,
        "surt": _surt.usage_problem,
        "canonicalize": _canonicalize.usage_problem,
        "domain": _domain.usage_problem,
    }
    return usage_problems[args.command](args)
