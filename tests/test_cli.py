"""The `relurl` command line and `python -m relurl`."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
import relurl

BASE = "http://a/b/c/d;p?q#f"
SCRIPT = Path(sys.executable).parent / "relurl"


def run(*args: str | bytes, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "relurl", *args], input=stdin, capture_output=True, check=False)


def test_resolve_arguments() -> None:
    done = run("resolve", BASE, "../g", "", "#s", "g;x?y#s")
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines() == [
        "http://a/b/g",
        "http://a/b/c/d;p?q#f",
        "http://a/b/c/d;p?q#s",
        "http://a/b/c/g;x?y#s",
    ]
    assert done.stderr == b""


def test_resolve_stdin_streams_a_million_lines() -> None:
    lines = 1_000_000
    stdin = b"".join(b"p%d/../q%d\n" % (i, i) for i in range(lines))
    done = run("resolve", "http://example.com/dir/page.html", stdin=stdin)
    assert done.returncode == 0, done.stderr[:500]
    out = done.stdout.split(b"\n")
    assert len(out) == lines + 1 and out[-1] == b""
    assert out[0] == b"http://example.com/dir/q0"
    assert out[lines - 1] == b"http://example.com/dir/q%d" % (lines - 1)


def test_bad_lines_are_reported_and_skipped_without_stopping() -> None:
    stdin = b"g\r\n\xff\xfebad\n../x\n"
    done = run("resolve", BASE, stdin=stdin)
    assert done.returncode == 1
    assert done.stdout.decode().split("\n") == ["http://a/b/c/g", "", "http://a/b/x", ""]
    assert done.stderr.decode() == "relurl: line 2: invalid UTF-8 at byte 0: invalid start byte\n"


def test_strict_reports_line_numbers() -> None:
    done = run("resolve", "--strict", BASE, stdin=b"g\na b\nh\n")
    assert done.returncode == 1
    assert done.stdout.decode().split("\n") == ["http://a/b/c/g", "", "http://a/b/c/h", ""]
    assert done.stderr.decode() == "relurl: line 2: space is not allowed in a path (at position 1)\n"


def test_parse_plain_and_json() -> None:
    done = run("parse", BASE)
    assert done.returncode == 0
    assert done.stdout.decode().splitlines() == [
        f"url:      {BASE}",
        "scheme:   http",
        "netloc:   a",
        "path:     /b/c/d",
        "params:   p",
        "query:    q",
        "fragment: f",
    ]
    done = run("parse", "--json", BASE, "g;x")
    rows = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert rows == [
        {"url": BASE, "scheme": "http", "netloc": "a", "path": "/b/c/d", "params": "p", "query": "q", "fragment": "f"},
        {"url": "g;x", "scheme": "", "netloc": "", "path": "g", "params": "x", "query": "", "fragment": ""},
    ]


def test_parse_strict_error_goes_to_stderr() -> None:
    done = run("parse", "--strict", "http://a/ok", "http://a/b c")
    assert done.returncode == 1
    assert json.loads(run("parse", "--json", "http://a/ok").stdout)["path"] == "/ok"
    assert done.stderr.decode() == "relurl: URL 2: space is not allowed in a path (at position 10)\n"


def test_usage_errors_exit_2() -> None:
    assert run().returncode == 2
    assert run("resolve").returncode == 2
    assert run("frobnicate").returncode == 2


# Issue 10 item 14: a non-UTF-8 argument (a str with lone surrogates, PEP 383) is a bad
# argument, named, answered with an empty line; the others are still resolved.
def test_a_non_utf8_argument_is_named_and_answered_with_an_empty_line() -> None:
    done = run("resolve", "http://a/", "g", b"\xff", "h")
    assert done.returncode == 1
    assert done.stdout == b"http://a/g\n\nhttp://a/h\n"
    assert done.stderr.decode() == "relurl: REF 2: invalid UTF-8 at byte 0: invalid start byte\n"
    done = run("resolve", b"http://a/\xe9\xff", "g")
    assert (done.returncode, done.stdout) == (1, b"")
    assert done.stderr.decode() == "relurl: BASE: invalid UTF-8 at byte 9: invalid continuation byte\n"
    done = run("parse", "--json", "http://a/", b"x\x80", "g")
    assert done.returncode == 1
    assert [line and json.loads(line)["path"] for line in done.stdout.decode().split("\n")] == ["/", "", "g", ""]
    assert done.stderr.decode() == "relurl: URL 2: invalid UTF-8 at byte 1: invalid start byte\n"


def test_a_failed_url_of_parse_is_an_empty_block() -> None:
    block = "url:      g\nscheme:\nnetloc:\npath:     g\nparams:\nquery:\nfragment:\n"
    done = run("parse", "--strict", "a b", "g")
    assert (done.returncode, done.stdout.decode()) == (1, "\n" + block)  # an empty block, then the separator
    done = run("parse", "--strict", "g", "a b", "g")
    assert (done.returncode, done.stdout.decode()) == (1, block + "\n\n" + block)


# Issue 10 item 15: a line break in an argument would break "output line N answers input line N".
def test_a_line_break_in_an_argument_or_line_is_rejected() -> None:
    done = run("resolve", "http://a/", "g", "x\ny", "h", "#f\r")
    assert done.returncode == 1
    assert done.stdout == b"http://a/g\n\nhttp://a/h\n\n"
    assert done.stderr.decode() == (
        "relurl: REF 2: line feed (LF) is not allowed: one URL per line (at position 1)\n"
        "relurl: REF 4: carriage return (CR) is not allowed: one URL per line (at position 2)\n"
    )
    done = run("resolve", "http://a/\nb", "", "g")
    assert (done.returncode, done.stdout) == (1, b"")
    assert done.stderr.decode() == "relurl: BASE: line feed (LF) is not allowed: one URL per line (at position 9)\n"
    done = run("resolve", "http://a/", stdin=b"g\r\nx\ry\nh\n")
    assert (done.returncode, done.stdout) == (1, b"http://a/g\n\nhttp://a/h\n")
    assert (
        done.stderr.decode()
        == "relurl: line 2: carriage return (CR) is not allowed: one URL per line (at position 1)\n"
    )
    done = run("parse", "--json", "a\nb")
    assert (done.returncode, done.stdout) == (1, b"\n")
    assert done.stderr.decode().startswith("relurl: URL 1: line feed (LF) is not allowed")


# Issue 10 item 17: what was missing.
def test_version() -> None:
    done = run("--version")
    assert (done.returncode, done.stdout.decode()) == (0, f"relurl {relurl.__version__}\n")


def test_resolve_spec_and_strip() -> None:
    assert run("resolve", BASE, "../../../g").stdout == b"http://a/../g\n"
    done = run("resolve", "--spec", "rfc3986", BASE, "../../../g", "g;x")
    assert (done.returncode, done.stdout) == (0, b"http://a/g\nhttp://a/b/c/g;x\n")
    done = run("resolve", "--spec", "rfc3986", BASE, stdin=b"../../../g\n")
    assert done.stdout == b"http://a/g\n"
    done = run("resolve", "--strip", BASE, " \t../g\f", stdin=b"")
    assert (done.returncode, done.stdout) == (0, b"http://a/b/g\n")
    done = run("resolve", "--strip", BASE, stdin=b"  g \t\r\n\x0c#s\n")
    assert (done.returncode, done.stdout) == (0, b"http://a/b/c/g\nhttp://a/b/c/d;p?q#s\n")
    assert run("resolve", BASE, " g").stdout == b"http://a/b/c/ g\n"  # not without --strip


def test_parse_spec() -> None:
    done = run("parse", "--json", "--spec", "rfc3986", "http://a/b;p?q#f")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "url": "http://a/b;p?q#f",
        "scheme": "http",
        "netloc": "a",
        "path": "/b;p",
        "params": "",
        "query": "q",
        "fragment": "f",
    }
    assert json.loads(run("parse", "--json", "http://a/b;p").stdout)["params"] == "p"


def test_parse_reads_standard_input() -> None:
    stdin = b"http://a/b\n\xffx\ng;x\r\n"
    for args in (("parse", "--json"), ("parse", "--json", "-")):
        done = run(*args, stdin=stdin)
        assert done.returncode == 1
        lines = done.stdout.decode().split("\n")
        assert [line and json.loads(line)["path"] for line in lines] == ["/b", "", "g", ""]
        assert done.stderr.decode() == "relurl: line 2: invalid UTF-8 at byte 0: invalid start byte\n"
    done = run("parse", stdin=b"g\n")
    assert done.stdout.decode().startswith("url:      g\nscheme:\n")


@pytest.mark.parametrize(
    ("args", "usage"),
    [
        (("resolve", "--bogus", BASE, "g"), "usage: relurl resolve "),
        (("parse", "--bogus", "g"), "usage: relurl parse "),
        (("links", "--bogus", "x.html"), "usage: relurl links "),
        (("resolve", "--strict", "--spec", "rfc3986", BASE, "g"), "usage: relurl resolve "),
        (("parse", "--strict", "--spec", "rfc3986", "g"), "usage: relurl parse "),
        (("parse", "-", "g"), "usage: relurl parse "),
        (("links", "-"), "usage: relurl links "),
        (("links", "x.html", "-H", "no colon"), "usage: relurl links "),
    ],
)
def test_usage_errors_print_the_usage_of_their_command(args: tuple[str, ...], usage: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert done.stderr.decode().startswith(usage)
    assert done.stdout == b""


def test_resolve_without_arguments_names_only_base_as_required() -> None:
    done = run("resolve")
    assert done.returncode == 2
    assert "BASE [REF ...]" in done.stderr.decode()
    assert done.stderr.decode().endswith("relurl resolve: error: the following arguments are required: BASE\n")


# Issue 10 item 18: a BASE without a scheme is allowed (RFC 1808) but warned about.
def test_a_base_without_a_scheme_is_warned_about() -> None:
    done = run("resolve", "example.com/page", "../x")
    assert (done.returncode, done.stdout) == (0, b"x\n")
    assert done.stderr.decode() == (
        "relurl: warning: BASE 'example.com/page' has no scheme; references resolve against it as a relative "
        "URL (did you mean http://example.com/page?)\n"
    )
    done = run("resolve", "../g", "http://a/b/c/d")
    assert (done.returncode, done.stdout) == (0, b"http://a/b/c/d\n")
    assert done.stderr.decode() == (
        "relurl: warning: BASE '../g' has no scheme; references resolve against it as a relative URL\n"
        "relurl: warning: REF 1 'http://a/b/c/d' has a scheme but BASE has none: are the arguments swapped? "
        "(relurl resolve BASE REF...)\n"
    )
    done = run("resolve", "/dir/page", stdin=b"x\n")
    assert (done.returncode, done.stdout) == (0, b"/dir/x\n")
    assert done.stderr.decode().startswith("relurl: warning: BASE '/dir/page' has no scheme;")
    assert run("resolve", "mailto:x", "g").stderr == b""


@pytest.mark.skipif(not SCRIPT.exists(), reason="console script not installed next to this interpreter")
def test_console_script() -> None:
    done = subprocess.run([str(SCRIPT), "resolve", BASE, "../../g"], capture_output=True, check=False)
    assert done.returncode == 0 and done.stdout == b"http://a/g\n"


def _coprocess(args: list[str], lines: list[bytes], timeout: float = 20.0) -> list[bytes]:
    """Runs `relurl ARGS` as a coprocess: writes each line and waits for its answer (one
    line) before writing the next. A missing answer fails after `timeout` (a guard against
    a hang, not a speed assertion)."""
    import selectors

    proc = subprocess.Popen(
        [sys.executable, "-m", "relurl", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdin is not None and proc.stdout is not None
    answers = []
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(proc.stdout, selectors.EVENT_READ)
            for line in lines:
                proc.stdin.write(line)
                proc.stdin.flush()
                assert selector.select(timeout), f"no answer to {line!r} within {timeout} s"
                answers.append(proc.stdout.readline())
        proc.stdin.close()
        assert proc.wait(timeout) == 0, proc.stderr.read() if proc.stderr else b""
    finally:
        proc.kill()
        proc.wait()
    return answers


# Issue 22 item 14: standard input is answered as it comes (a coprocess gets each answer
# before it writes the next URL), for every command that streams it.
@pytest.mark.parametrize(
    ("args", "lines", "answers"),
    [
        (["resolve", "http://a/b/c"], [b"g\n", b"../h\n"], [b"http://a/b/g\n", b"http://a/h\n"]),
        (["resolve", "--strip", "--spec", "rfc3986", "http://a/b/c"], [b" ../../../g\n"], [b"http://a/g\n"]),
        (
            ["canonicalize"],
            [b"http://a.com/p?b=2&a=1#f\n", b"HTTP://B.com/\n"],
            [b"http://a.com/p?a=1&b=2\n", b"http://b.com/\n"],
        ),
        (["surt", "-"], [b"http://www.a.com/p?b=2&a=1\n", b"http://b.com/\n"], [b"com,a)/p?a=1&b=2\n", b"com,b)/\n"]),
        (["domain"], [b"www.example.co.uk\n", b"http://a.b.com/\n"], [b"example.co.uk\n", b"b.com\n"]),
        (
            ["parse", "--json"],
            [b"http://a/b;p?q#f\n"],
            [
                json.dumps(
                    {
                        "url": "http://a/b;p?q#f",
                        "scheme": "http",
                        "netloc": "a",
                        "path": "/b",
                        "params": "p",
                        "query": "q",
                        "fragment": "f",
                    }
                ).encode()
                + b"\n"
            ],
        ),
    ],
)
def test_standard_input_is_answered_line_by_line_to_a_coprocess(
    args: list[str], lines: list[bytes], answers: list[bytes]
) -> None:
    assert _coprocess(args, lines) == answers


def test_a_split_line_and_a_last_line_without_a_break_are_read_whole() -> None:
    # A file read in chunks of 64 KiB: lines across chunk ends, CRLF, no final line break.
    refs = [b"p%d/../q%d" % (i, i) for i in range(20_000)]
    stdin = b"\r\n".join(refs)
    done = run("resolve", "http://e.com/d/", stdin=stdin)
    assert done.returncode == 0, done.stderr[:500]
    assert done.stdout.split(b"\n")[:-1] == [b"http://e.com/d/q%d" % i for i in range(20_000)]


def test_lines_are_read_whole_whatever_the_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """read_raw_batches, with reads of 1 to 9 bytes: each line whole, wherever a read ends
    (inside a line, between CR and LF, at a break), long lines that take many reads, empty
    lines and a last line without a break: the lines `bytes.split` finds."""
    import random

    rng = random.Random(7)
    lines = [b"", b"x" * 200, b"a\r", b"\r", b"b"] + [
        bytes(rng.choice(b"ab.\r") for _ in range(rng.randrange(40))) for _ in range(300)
    ]
    path = tmp_path / "stdin"
    for data in (b"\n".join(lines), b"\n".join(lines) + b"\n", b"\n".join(lines) + b"\n\r"):
        _check_reads(data, path, monkeypatch)


def _check_reads(data: bytes, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from relurl.cli import _common

    path.write_bytes(data)
    for read_bytes in range(1, 10):
        monkeypatch.setattr(_common, "READ_BYTES", read_bytes)
        with path.open("rb") as stdin:
            got = [line for batch in _common.read_raw_batches(stdin, limit=50) for line in batch]
        pieces = data.split(b"\n")
        if pieces[-1] == b"":  # the break that ends the last line
            pieces.pop()
        assert got == [line.removesuffix(b"\r") for line in pieces], read_bytes


# Issue 22 item 15: an answer standard output's encoding cannot write is reported (exit
# status 1) and answered with an empty line; the other lines are still written.
@pytest.mark.parametrize("refs", [[], ["g", "\u00fc", "h"]])
def test_an_answer_the_output_encoding_cannot_write_is_reported(refs: list[str]) -> None:
    import os

    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    stdin = b"" if refs else "g\n\u00fc\nh\n".encode()
    done = subprocess.run(
        [sys.executable, "-m", "relurl", "resolve", "http://a/b", *refs],
        input=stdin,
        capture_output=True,
        check=False,
        env=env,
    )
    assert done.returncode == 1
    assert done.stdout == b"http://a/g\n\nhttp://a/h\n"
    where = "REF 2" if refs else "line 2"
    assert done.stderr.decode() == (
        f"relurl: {where}: standard output's encoding ('ascii') cannot write '\\xfc' (U+00FC) at position 9: "
        "set PYTHONIOENCODING=utf-8\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "relurl", "parse", "--json", "http://a/", "http://\u00fc/"],
        capture_output=True,
        check=False,
        env=env,
    )
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert done.stdout.split(b"\n")[1:] == [b"", b""] and b"URL 2: standard output's encoding" in done.stderr


# Issue 22 item 17: --strict checks BASE as relurl.resolve(..., strict=True) does.
def test_strict_checks_the_base_too() -> None:
    with pytest.raises(relurl.URLError) as info:
        relurl.resolve("http://a/b c", "g", strict=True)
    done = run("resolve", "--strict", "http://a/b c", "g")
    assert (done.returncode, done.stdout) == (1, b"")
    assert done.stderr.decode() == f"relurl: BASE: {info.value.reason} (at position {info.value.position})\n"
    assert run("resolve", "http://a/b c", "g").stdout == b"http://a/g\n"  # not without --strict


# Issue 22 item 19: --strip is the library's strip=True (the same rule, one place), also
# with --strict (which checks the stripped reference; positions count in the line as given).
def test_strip_with_strict_checks_the_stripped_reference() -> None:
    done = run("resolve", "--strip", "--strict", BASE, stdin=b"  g \t\n\t a b\n")
    assert done.returncode == 1
    assert done.stdout == b"http://a/b/c/g\n\n"
    assert done.stderr.decode() == "relurl: line 2: space is not allowed in a path (at position 3)\n"
    assert relurl.resolve_many(BASE, ["  g \t"], strip=True) == [
        run("resolve", "--strip", BASE, "  g \t").stdout.decode().strip()
    ]


def test_domain() -> None:
    """`relurl domain`: the registered domain of each host or URL (a line with `//` is a URL),
    an empty line where there is none, bad lines reported with their number."""
    lines = b"www.Example.co.uk\nhttp://user@a.b.blogspot.com:80/x\nco.uk\n127.0.0.1\nhttp://[::1]/\n" + b"\xff\n"
    done = run("domain", stdin=lines)
    assert done.stdout.decode().split("\n") == ["example.co.uk", "b.blogspot.com", "", "", "", "", ""]
    assert done.stderr.decode() == "relurl: line 6: invalid UTF-8 at byte 0: invalid start byte\n"
    assert done.returncode == 1
    assert run("domain", "a.b.blogspot.com", "--suffix").stdout == b"blogspot.com\n"
    assert run("domain", "a.b.blogspot.com", "--icann-only").stdout == b"blogspot.com\n"
    assert run("domain", "x.食狮.公司.cn").stdout.decode() == "食狮.公司.cn\n"


def test_domain_reports_a_url_it_cannot_parse(capsys: pytest.CaptureFixture[str]) -> None:
    """A URL argument relurl.parse refuses (a lone surrogate that stands for no byte, which
    only a caller of main() can pass) is reported with its number and answered with an empty
    line; the other arguments are still answered."""
    from relurl.cli import main

    assert main(["domain", "http://\ud800/", "a.example.com"]) == 1
    out, err = capsys.readouterr()
    assert out == "\nexample.com\n"
    assert err == "relurl: HOST_OR_URL 1: lone surrogate U+D800 cannot be encoded as UTF-8 (at position 7)\n"


def test_domain_reads_a_newer_list(tmp_path: Path) -> None:
    newer = tmp_path / "list.dat"
    newer.write_text("com\nexample.com\n", encoding="utf-8")
    done = run("domain", "--list", str(newer), "a.b.example.com", "a.b.org")
    assert (done.stdout, done.returncode) == (b"b.example.com\nb.org\n", 0)
    missing = run("domain", "--list", str(tmp_path / "missing.dat"), "a.com")
    assert missing.returncode == 2
    assert missing.stderr.startswith(b"relurl: --list ")
    bad = tmp_path / "bad.dat"
    bad.write_text("a..b\n", encoding="utf-8")
    assert b"line 1" in run("domain", "--list", str(bad), "a.com").stderr


# Found by a probe of the command line (2026-11-27).


@pytest.mark.parametrize(
    "args",
    [
        ("resolve", BASE, "g"),
        ("parse", BASE),
        ("surt", "http://a/"),
        ("canonicalize", "http://a/?b=1"),
        ("domain", "www.example.co.uk"),
    ],
)
def test_a_closed_standard_input_is_no_input(args: tuple[str, ...]) -> None:
    """A daemon's or cron job's closed standard input (`<&-`): the arguments are answered (it
    was `AttributeError: 'NoneType' object has no attribute 'buffer'`)."""
    done = subprocess.run([sys.executable, "-m", "relurl", *args], stdin=subprocess.DEVNULL, capture_output=True)
    closed = subprocess.run(
        ["sh", "-c", 'exec "$@" <&-', "sh", sys.executable, "-m", "relurl", *args], capture_output=True, check=False
    )
    assert (closed.returncode, closed.stdout, closed.stderr) == (0, done.stdout, b"")
    assert done.stdout.strip()


def test_output_that_cannot_be_written_is_reported() -> None:
    """A full disk (`> /dev/full`) or a closed standard output: one line on standard error and
    exit status 1, no traceback."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    for args in [("resolve", BASE, "g"), ("surt", "http://a/"), ("domain", "a.example.com")]:
        full = subprocess.run(
            ["sh", "-c", 'exec "$@" > /dev/full', "sh", sys.executable, "-m", "relurl", *args], capture_output=True
        )
        assert (full.returncode, full.stderr) == (1, b"relurl: cannot write the output: No space left on device\n")
        closed = subprocess.run(
            ["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "relurl", *args], capture_output=True
        )
        assert (closed.returncode, closed.stderr) == (1, b"relurl: standard output is closed\n")


def test_domain_reports_what_is_not_a_host() -> None:
    """A URL without its scheme or a host with its port is reported, not taken for a host (it
    gave `example.com/path` and an empty line); an IPv6 address is still an IP address."""
    items = ["www.example.com/path", "example.com:8080", "a@b.com", "2001:db8::1", "www.example.com"]
    done = run("domain", *items, "a b.com", "http://a b.com/x", "1:2:3", "fe80::1%eth0")
    assert done.returncode == 1
    assert done.stdout.decode().split("\n") == ["", "", "", "", "example.com", "", "", "", "", ""]
    assert done.stderr.decode().splitlines() == [
        "relurl: HOST_OR_URL 1: not a host: '/' at position 15 (a URL needs its scheme and //: "
        "http://www.example.com/path)",
        "relurl: HOST_OR_URL 2: not a host: ':' at position 11 (a port? give the host alone, or a URL with its scheme)",
        "relurl: HOST_OR_URL 3: not a host: '@' at position 1 (a URL needs its scheme and //: http://a@b.com)",
        # The library decides (its URLError of kind not_a_host_name): a space, a URL's host
        # that RFC 1808 split as it came, a `:` outside an IPv6 address.
        "relurl: HOST_OR_URL 6: not a host: space is not allowed in a host name (at position 1)",
        "relurl: HOST_OR_URL 7: the URL's host 'a b.com' is not a host name: space is not allowed in a host name "
        "(at position 1)",
        "relurl: HOST_OR_URL 8: not a host: ':' is not allowed in a host name (at position 1)",
    ]


def test_bad_option_values_are_usage_errors(tmp_path: Path) -> None:
    done = run("canonicalize", "--query-separator", "", "http://a/?b=1")
    assert done.returncode == 2 and b"--query-separator: an empty separator" in done.stderr
    empty = tmp_path / "empty.dat"
    empty.write_text("// only a comment\n")
    done = run("domain", "--list", str(empty), "www.a.com")
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.decode() == f"relurl: --list {empty}: no rule in it (not a Public Suffix List)\n"


@pytest.mark.parametrize(
    "command",
    [
        ("resolve", "--spec", "whatwg", "http://a/b"),
        ("resolve", "http://a/b"),
        ("parse", "--spec", "whatwg"),
        ("canonicalize",),
        ("domain",),
    ],
)
def test_problems_are_reported_in_the_lines_order(command: tuple[str, ...]) -> None:
    """Found by a probe: a line that is not UTF-8 was reported when its batch was read, before
    the problems of the lines above it."""
    lines = [b"http://[x/", b"www.example.com/x", b"a\rb", b"\xff", b"http://[y/", b"\xfe", b"ok.example.com"]
    done = run(*command, stdin=b"\n".join(lines) + b"\n")
    assert done.returncode == 1
    numbers = [int(line.split(b":")[1].split()[1]) for line in done.stderr.splitlines()]
    assert 4 in numbers and 6 in numbers, done.stderr
    assert numbers == sorted(numbers) and len(numbers) >= 3, done.stderr
    assert len(done.stdout.decode().split("\n")) >= len(lines)


def test_resolve_reads_standard_input_for_a_lone_dash() -> None:
    """As the other commands do (found by a probe: `-` was taken as the reference `-`)."""
    done = run("resolve", BASE, "-", stdin=b"../g\n")
    assert (done.returncode, done.stdout) == (0, b"http://a/b/g\n")
    assert run("resolve", BASE, "./-").stdout == b"http://a/b/c/-\n"
    done = run("resolve", BASE, "-", "g")
    assert done.returncode == 2
    assert b"REF '-' (standard input) must be the only REF" in done.stderr


@pytest.mark.parametrize(
    ("command", "first", "failed"),
    [
        (("resolve", "--spec", "whatwg", "http://a/b"), b"http://[x/", True),
        (("resolve", "--spec", "whatwg", "http://a/b"), b"http://ok/", False),
        # A problem whose message holds the line's own ": warning: " (found by a review: the
        # status was read from the text).
        (("canonicalize",), b"http://x:a: warning: b/", True),
        # A warning is no problem.
        (("resolve", "a/b"), b"g", False),
    ],
)
def test_a_broken_pipe_keeps_the_status_of_what_was_done(command: tuple[str, ...], first: bytes, failed: bool) -> None:
    """`relurl resolve ... | head -1`: quiet, and exit status 1 when a line failed before the
    reader went away (found by a probe: it was 0)."""
    stdin = first + b"\n" + b"http://example.com/g\n" * 1_000_000
    with subprocess.Popen(
        [sys.executable, "-m", "relurl", *command],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdin is not None and process.stdout is not None and process.stderr is not None
        feeder = threading.Thread(target=lambda: _feed(process.stdin, stdin))
        feeder.start()
        process.stdout.readline()
        process.stdout.close()
        feeder.join()
        errors = process.stderr.read()
        status = process.wait()
    assert status == (1 if failed else 0), errors
    assert errors.startswith(b"relurl: line 1: " if failed else b"relurl: warning: ") or errors == b"", errors
    assert b"Traceback" not in errors


def _feed(pipe: Any, data: bytes) -> None:
    try:
        pipe.write(data)
        pipe.close()
    except BrokenPipeError:
        pass


def test_parse_writes_no_trailing_space() -> None:
    for args in [("parse", ""), ("parse", "g"), ("parse", "http://a/b?")]:
        done = run(*args)
        assert all(line == line.rstrip() for line in done.stdout.decode().split("\n")), done.stdout
