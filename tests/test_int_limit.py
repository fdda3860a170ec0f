"""Issue 22: a port of more digits than `sys.get_int_max_str_digits()` is refused where the
peer's `int(port)` refuses it: `URL.port` and `relurl.arrow.parse` (urllib's `port`),
`relurl.canonicalize_url` and `relurl.arrow.canonicalize_url` (w3lib), `relurl.surt` (surt),
under the running limit (one mechanism, the same for every twin), whatever it is set to.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
import relurl
import surt
import w3lib.url

pa = pytest.importorskip("pyarrow")
import relurl.arrow  # noqa: E402


@pytest.fixture
def limit() -> Iterator[None]:
    before = sys.get_int_max_str_digits()
    yield
    sys.set_int_max_str_digits(before)


def _url(digits: int) -> str:
    """A URL whose port is 80 written with `digits` digits (leading zeros count)."""
    return "http://h:" + "0" * (digits - 2) + "80/"


def _error(call: object) -> tuple[type[BaseException], str] | object:
    try:
        return call()  # type: ignore[operator]
    except ValueError as e:
        return (ValueError, str(e))


@pytest.mark.parametrize(
    ("setting", "digits"), [(4300, 4300), (4300, 4301), (0, 5000), (640, 641), (1000, 1002), (5000, 4301)]
)
def test_port_follows_the_running_limit(limit: None, setting: int, digits: int) -> None:
    sys.set_int_max_str_digits(setting)
    url = _url(digits)
    refused = setting != 0 and digits > setting
    # urllib's port.
    try:
        theirs = urlsplit(url).port
    except ValueError as e:
        assert refused and "Exceeds the limit" in str(e)
        with pytest.raises(relurl.URLError) as info:
            relurl.URL(url).port  # noqa: B018
        assert (info.value.kind, info.value.position) == ("bad_port", 9)
        assert "sys.get_int_max_str_digits()" in info.value.reason
        with pytest.raises(relurl.URLError) as info:
            relurl.arrow.parse(pa.array([url]))
        assert (info.value.kind, info.value.index) == ("bad_port", 0)
        assert pa.array(relurl.arrow.parse(pa.array([url, "http://a:1/"]), errors="null")).to_pylist()[0] is None
    else:
        assert not refused and theirs == 80
        assert relurl.URL(url).port == 80 and relurl.URL(url, "rfc3986").port == 80
        assert pa.array(relurl.arrow.parse(pa.array([url]))).to_pylist()[0]["port"] == 80
    # w3lib: the same exception type and message, or the same key.
    theirs_key = _error(lambda: w3lib.url.canonicalize_url(url))
    assert _error(lambda: relurl.canonicalize_url(url)) == theirs_key
    assert _error(lambda: relurl.canonicalize_url(url.encode())) == theirs_key
    assert (theirs_key == "http://h:80/") != refused
    column = _error(lambda: pa.array(relurl.arrow.canonicalize_url(pa.array([url]))).to_pylist()[0])
    if refused:
        assert isinstance(column, tuple) and column[0] is ValueError and column[1].endswith(theirs_key[1])  # type: ignore[index]
    else:
        assert column == theirs_key
    # surt (which reads the port with urllib's `port`).
    assert _error(lambda: relurl.surt(url)) == _error(lambda: surt.surt(url))


def test_a_host_of_digits_in_surt_follows_a_lower_limit(limit: None) -> None:
    sys.set_int_max_str_digits(1000)
    url = "http://" + "1" * 1500 + "/"
    expected = _error(lambda: surt.surt(url))
    assert isinstance(expected, tuple)
    assert _error(lambda: relurl.surt(url)) == expected
    assert _error(lambda: relurl.surt(url.encode())) == _error(lambda: surt.surt(url.encode()))
