"""The dispatcher of the `relurl` command line (see relurl.cli): the parser, whose
subcommands the command modules add, and `main`, which checks the usage and runs the command."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Iterable, Sequence
from typing import TextIO, cast

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
    reports = _Reports(sys.stderr if sys.stderr is not None else open(os.devnull, "w"))
    # What the commands write to: a text stream (the methods they call).
    stderr = cast(TextIO, reports)
    if sys.stdout is None:
        # Started with its standard output closed (`>&-`): nowhere to answer.
        stderr.write("relurl: standard output is closed\n")
        return 1
    # Started with its standard input closed (`<&-`, a daemon's): no line to read.
    stdin = sys.stdin.buffer if sys.stdin is not None else io.BytesIO()
    try:
        if args.command == "resolve":
            return _resolve.run(args, stdin, sys.stdout, stderr)
        if args.command == "links":
            if args.json and sys.stdout.encoding.lower().replace("-", "").replace("_", "") != "utf8":
                # JSON lines are UTF-8 whatever the locale says (docs/cli.md).
                sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
            return _links.run(args, sys.stdout, stderr, stdin)
        if args.command == "surt":
            return _surt.run(args, stdin, sys.stdout.buffer, stderr)
        if args.command == "canonicalize":
            return _canonicalize.run(args, stdin, sys.stdout, stderr)
        if args.command == "domain":
            return _domain.run(args, stdin, sys.stdout, stderr)
        return _parse.run(args, stdin, sys.stdout, stderr)
    except BrokenPipeError:
        # The reader went away (`relurl resolve ... | head`): stop quietly, with the status
        # of what was done (1 when a problem was reported).
        stderr.close()
        return 1 if reports.reported else 0
    except KeyboardInterrupt:
        # Ctrl-C: stop, as other command-line tools do (128 + SIGINT), without a traceback.
        return 130
    except OSError as err:
        # Standard output could not be written (a full disk: `> /dev/full`).
        stderr.write(f"relurl: cannot write the output: {err.strerror or err}\n")
        _drop_unwritten_output()
        return 1


class _Reports:
    """Standard error, noting whether a problem was written: every `relurl: ...` line but the
    warnings (written with `write_warning`, `relurl.cli._common.write_warning`). The exit
    status of a command its reader stopped (a broken pipe). Not an `io` stream: one of those
    closes what it wraps when it is collected."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.reported = False

    def write(self, text: str) -> int:
        if "relurl: " in text:
            self.reported = True
        return self._stream.write(text)

    def write_warning(self, text: str) -> int:
        """Writes warning lines, which are not problems."""
        return self._stream.write(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return self._stream.isatty()

    def close(self) -> None:
        self._stream.close()


def _drop_unwritten_output() -> None:
    """Points standard output at the null device, so that the interpreter's last flush of
    what could not be written does not fail again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


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
