"""Writes tests/data/urljoin_cases.json: inputs for the urllib twins and, per CPython version,
what that version's urllib.parse answers. Read by tests/urllib_twin.rs (cargo) and
tests/test_urllib_twin.py (pytest). Nothing in the file is typed by hand: the inputs are the
ones CPython's own Lib/test/test_urlparse.py passes to urljoin/urlsplit/urlparse/urlunsplit/
urlunparse (recorded while that suite runs) plus the EXTRA_* inputs below, and every expected
value is what the interpreter running this script returns.

Regenerate (each interpreter needs only its standard library and its ``test`` package)::

    for v in 3.9.18 3.10.13 3.11.7 3.12.1 3.13.0; do python$v tests/gen_urllib_cases.py harvest; done
    for v in 3.9.18 3.10.13 3.11.7 3.12.1 3.13.0; do python$v tests/gen_urllib_cases.py expect; done

``harvest`` adds the inputs this interpreter's test suite uses (and drops every stored
expectation, since the inputs changed); ``expect`` stores this interpreter's answers (the
stored 3.12.10 ones came from a CPython 3.12.10 build without its ``test`` package, by
``expect`` only). tests/urllib_twin.rs checks the Rust core against every stored version with
``Dialect::for_python(version)``, so only vanilla CPython builds belong here: a distribution's
build with backported fixes (Debian's 3.11.2 has gh-102153 and gh-105704) answers like a later
micro release.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import unittest
import urllib.parse
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "urljoin_cases.json"
FUNCTIONS = ("urljoin", "urlsplit", "urlparse", "urlunsplit", "urlunparse")

# Inputs where CPython versions differ or urllib has a quirk worth pinning (their
# expectations are generated like every other).
EXTRA_URLJOIN = [
    ("http://a/b?q#f", "#"),
    ("http://a/b?q#f", "?"),
    ("http://a/b?q#f", "#g"),
    ("http://a/b?q#f", "?#"),
    ("http://a/b?q#f", "http:"),
    ("http://a/b?q#f", "http:#g"),
    ("http://a/b#f", "?y"),
    ("http://a/b/c/d;p?q", ".;x"),
    ("http://a/b/c/d;p?q", "..;x"),
    ("http://a/b/;p", ";x"),
    ("http://a/b/c;p", ""),
    ("http://a/b/c;p", ";"),
    ("http://a/b/c;p", "?"),
    ("http://a/b/c;p", "g;"),
    ("/static/", "admin/img/icon-addlink.svg"),
    ("a", "b"),
    ("a/b", "../../c"),
    ("a/b/", "./"),
    ("http:/a/b", "c"),
    ("http:a", "b"),
    ("http:a/b", "../../../c"),
    ("http:", "a"),
    ("http:", "//a"),
    ("file:///a/b", "c"),
    ("file:/a/b", "c"),
    ("file:", "c"),
    ("//h/a", "b"),
    ("//h", "b"),
    ("mailto:x@y", "z"),
    ("svn+ssh://h/a", "b"),
    ("x+y:/a", "b"),
    ("x+y://h/a", "//g/b"),
    ("tel:1", "tel:2"),
    ("HTTP://A/B/c", "d"),
    ("http://a/b", "HTTP:c"),
    ("http://a/b", "hTtP://H/x"),
    (" \x01http://a/b", "c"),
    ("http://a/b", "\tc\n"),
    ("http://a/b", " c"),
    ("ht\ttp://a/b", "c"),
    ("http://a/b", "1a:b"),
    ("1a:b", "c"),
    ("http://a/b", "+a:b"),
    ("http://a/b", "a1+-.:b"),
    ("http://[::1]/a", "b"),
    ("http://a/", "//[x]/"),
    ("http://a/", "//a[::1]/"),
    ("http://a/", "//[::1]x/"),
    ("http://a/", "//[::1]:8/"),
    ("http://a/", "//u[x]@h/"),
    ("http://a/", "//[v1.x]/"),
    ("http://a/", "//[1.2.3.4]/"),
    ("http://a/", "//[fe80::1%25eth0]/"),
    ("http://a/", "//h\u2100/"),
    ("http://a/", "//\u00e9/"),
    ("http://a/", "//\uff0f/"),
    ("http://a/", "//[/"),
    ("http://a/", "//]/"),
    ("http://[/", "g"),
    ("http://a", ".."),
    ("http://a", "."),
    ("http://a/b/c", "../../../.."),
    ("http://a//b//c", "d"),
    ("http://a/b", ".//c"),
    ("http://a/b", "c//d/./../e"),
    ("http://a/b", "//"),
    ("http://a/b", "///"),
    ("http://a/b", "///c"),
    ("http://a/b", "////c"),
    ("http://a/b/", "..//c"),
    ("http://a/b", "/..//c"),
    ("http://a/b", "\\c"),
    ("http://a/b", "c\\..\\d"),
    ("http://a/b", "%2e%2e/c"),
    ("http://a/b", "javascript:x"),
    ("http://a/b", "data:,x"),
    ("http://a/b", "https:c"),
    ("https://a/b", "//g"),
    ("ftp://a/b", "c;type=a"),
    ("http://a/b;p/c", "d"),
    ("http://a/b;p/c;q", ";r"),
    ("sip:a;b", "c;d"),
    ("tel:1;a", ";b"),
]
EXTRA_URLSPLIT = [
    "http://a/b;p?q#f",
    "HTTP://User:Pw@Host:80/p",
    "http://[::1]:80/p",
    "http://[v1.x]/",
    "//a?b#c",
    "a:b",
    "1a:b",
    "+a:b",
    "a1+-.:b",
    "http:",
    "http:?",
    "http:#",
    "\x01 http://a",
    "ht\ttp://a\n/b",
    "http://a#b?c",
    "http://a?b#c",
    "http://u@[::1]@h/",
    "mailto:a@b",
    "tel:+1;ext=2",
    "x+y://h/p;a",
    "http://h/a;b/c;d",
    "http://h/a/;b",
    "http://h/;",
    "http://\u00e9/",
    "http://h\u2100/",
    "http://[/",
    "http://]/",
    "//[x]",
    "http://a[::1]/",
    "http://[::1]a/",
    "http://[::1]:x/",
    "http://[1.2.3.4]/",
    "",
    " ",
    "#",
    "?",
    ";",
    "//",
    "///",
    ":",
    "a:",
    ":a",
]


def _result(fn, *args):
    try:
        value = fn(*args)
    except Exception as e:
        return {"error": type(e).__name__, "message": str(e)}
    if isinstance(value, tuple):
        return list(value)
    return value


def _load():
    if DATA.exists():
        return json.loads(DATA.read_text(encoding="utf-8"))
    return {"inputs": {f: [] for f in FUNCTIONS}, "expected": {}}


def _save(data):
    DATA.parent.mkdir(exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True)
    DATA.write_text(text + "\n", encoding="utf-8")


def _is_text(*values):
    """Only str inputs that are valid UTF-8 (the Rust core's domain) are kept."""
    try:
        return all(isinstance(v, str) and v.encode("utf-8") is not None for v in values)
    except UnicodeEncodeError:
        return False


def harvest():
    data = _load()
    inputs = data["inputs"]
    seen = {f: {json.dumps(x) for x in inputs[f]} for f in FUNCTIONS}

    def add(function, row):
        key = json.dumps(row)
        if key not in seen[function]:
            seen[function].add(key)
            inputs[function].append(row)

    def recorder(name, original):
        def wrapper(*args, **kwargs):
            args = list(args)
            if name == "urljoin":
                base, url = args[0], args[1]
                allow = kwargs.get("allow_fragments", args[2] if len(args) > 2 else True)
                if _is_text(base, url) and isinstance(allow, bool):
                    add(name, [base, url, allow])
            elif name in ("urlsplit", "urlparse"):
                url = args[0]
                scheme = kwargs.get("scheme", args[1] if len(args) > 1 else "")
                allow = kwargs.get("allow_fragments", args[2] if len(args) > 2 else True)
                if _is_text(url, scheme) and isinstance(allow, bool):
                    add(name, [url, scheme, allow])
            else:
                parts = list(args[0]) if args and not isinstance(args[0], (str, bytes)) else None
                if parts is not None and len(parts) == (5 if name == "urlunsplit" else 6) and _is_text(*parts):
                    add(name, parts)
            return original(*args, **kwargs)

        for attr in ("cache_clear", "cache_info"):
            if hasattr(original, attr):
                setattr(wrapper, attr, getattr(original, attr))
        return wrapper

    originals = {name: getattr(urllib.parse, name) for name in FUNCTIONS}
    for name, original in originals.items():
        setattr(urllib.parse, name, recorder(name, original))
    try:
        from test import test_urlparse

        suite = unittest.defaultTestLoader.loadTestsFromModule(test_urlparse)
        with contextlib.redirect_stderr(io.StringIO()):
            unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    finally:
        for name, original in originals.items():
            setattr(urllib.parse, name, original)
        urllib.parse.clear_cache()
    for base, url in EXTRA_URLJOIN:
        for allow in (True, False):
            add("urljoin", [base, url, allow])
    for url in EXTRA_URLSPLIT:
        for scheme, allow in (("", True), ("", False), ("Hx", True)):
            add("urlsplit", [url, scheme, allow])
            add("urlparse", [url, scheme, allow])
    data["expected"] = {}
    _save(data)
    print({f: len(inputs[f]) for f in FUNCTIONS})


def expect():
    data = _load()
    inputs = data["inputs"]
    version = "%d.%d.%d" % sys.version_info[:3]
    checks = {"bracketed_host": {}, "netloc": {}}

    def recorder(table, original):
        def wrapper(arg):
            outcome = _result(original, arg)
            table[arg] = outcome["message"] if isinstance(outcome, dict) else None
            return original(arg)

        return wrapper

    patched = {"_checknetloc": "netloc", "_check_bracketed_host": "bracketed_host"}
    originals = {name: getattr(urllib.parse, name) for name in patched if hasattr(urllib.parse, name)}
    for name, original in originals.items():
        setattr(urllib.parse, name, recorder(checks[patched[name]], original))
    urllib.parse.clear_cache()
    try:
        results = {
            "urljoin": [_result(urllib.parse.urljoin, *row) for row in inputs["urljoin"]],
            "urlsplit": [_result(urllib.parse.urlsplit, *row) for row in inputs["urlsplit"]],
            "urlparse": [_result(urllib.parse.urlparse, *row) for row in inputs["urlparse"]],
            "urlunsplit": [_result(urllib.parse.urlunsplit, row) for row in inputs["urlunsplit"]],
            "urlunparse": [_result(urllib.parse.urlunparse, row) for row in inputs["urlunparse"]],
        }
    finally:
        for name, original in originals.items():
            setattr(urllib.parse, name, original)
        urllib.parse.clear_cache()
    results["checks"] = checks
    results["schemes"] = {
        name: list(getattr(urllib.parse, name)) for name in ("uses_relative", "uses_netloc", "uses_params")
    }
    data["expected"][version] = results
    _save(data)
    print(version, {f: len(results[f]) for f in FUNCTIONS})


if __name__ == "__main__":
    {"harvest": harvest, "expect": expect}[sys.argv[1]]()
