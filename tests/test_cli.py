"""The `relurl` command line and `python -m relurl`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BASE = "http://a/b/c/d;p?q#f"
SCRIPT = Path(sys.executable).parent / "relurl"


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
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
    assert json.loads(run("parse", "--json", "http://a/ok").stdout) ["path"] == "/ok"
    assert done.stderr.decode() == "relurl: argument 2: space is not allowed in a path (at position 10)\n"


def test_usage_errors_exit_2() -> None:
    assert run().returncode == 2
    assert run("resolve").returncode == 2
    assert run("frobnicate").returncode == 2


@pytest.mark.skipif(not SCRIPT.exists(), reason="console script not installed next to this interpreter")
def test_console_script() -> None:
    done = subprocess.run([str(SCRIPT), "resolve", BASE, "../../g"], capture_output=True, check=False)
    assert done.returncode == 0 and done.stdout == b"http://a/g\n"
