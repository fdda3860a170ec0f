"""The twins follow the Unicode database of the CPython they run in.

w3lib's NFKC check and `str.lower`, and the `idna` codec's nameprep (its B.2 mapping calls
`str.lower`; its NFKC orders marks by the current database's combining classes) give
different answers on CPython 3.10 (Unicode 13.0), 3.11 (14.0), 3.12 (15.0) and 3.13 (15.1).
The core has each version's tables (`crates/relurl/src/common/unicode_versions.txt`). This file is
among the wheel check's smoke tests, so it runs on every claimed CPython: each code point
those tables touch, in a host, against w3lib, surt and the codec of the running CPython."""

from __future__ import annotations

import stringprep
import unicodedata
from collections.abc import Callable
from typing import Any

import pytest
import relurl
from relurl import _relurl

w3lib_url = pytest.importorskip("w3lib.url")
surt_package = pytest.importorskip("surt")


def outcome(function: Callable[..., Any], arg: str) -> tuple[Any, ...]:
    try:
        return ("returned", function(arg))
    except Exception as e:
        return ("raised", type(e))


def idna(host: str) -> str:
    """The codec's answer; its UnicodeEncodeError (CPython 3.13 on) as the UnicodeError it
    was before, which the private binding raises (w3lib and surt catch either)."""
    try:
        return host.encode("idna").decode("ascii")
    except UnicodeError as e:
        raise UnicodeError(str(e)) from None


def touched() -> list[str]:
    """The code points whose NFKC, lower case, combining class or nameprep mapping is not
    the identity in this CPython's database (surrogates apart)."""
    out = []
    for cp in range(0x80, 0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        mapped = "" if stringprep.in_table_b1(c) else stringprep.map_table_b2(c)
        if unicodedata.normalize("NFKC", c) != c or c.lower() != c or unicodedata.combining(c) or mapped != c:
            out.append(c)
    return out


def test_the_tables_are_the_running_pythons() -> None:
    assert _relurl._testing._unicode_version() == unicodedata.unidata_version


def test_each_touched_code_point_in_a_host() -> None:
    chars = touched()
    assert len(chars) > 5000
    differences = []
    for c in chars:
        hosts = [f"x{c}.com"]
        if unicodedata.combining(c):
            # A mark after U+0301 (class 230) and before U+0327 (class 202): reordered by class.
            hosts.append(f"a\u0301{c}\u0327.com")
        for host in hosts:
            url = f"http://{host}/"
            cases = [
                (w3lib_url.canonicalize_url, relurl.canonicalize_url, url),
                (surt_package.surt, relurl.surt, url),
                (idna, _relurl._testing._idna2003_encode, host),
            ]
            for theirs, ours, arg in cases:
                expected, got = outcome(theirs, arg), outcome(ours, arg)
                if expected != got:
                    differences.append((hex(ord(c)), arg, expected, got))
    assert differences == []
