"""The `relurl` command line and `python -m relurl`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
    block = "url:      g\nscheme:   \nnetloc:   \npath:     g\nparams:   \nquery:    \nfragment: \n"
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
    assert done.stdout.decode().startswith("url:      g\nscheme:   \n")


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
