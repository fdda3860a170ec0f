"""relurl.normalize and relurl.arrow.normalize: relurl's own key (RFC 3986 section 6.2.2
syntax-based and 6.2.3 scheme-based normalization), idempotent by every grammar.

The rules one by one are checked in the core (crates/relurl/tests/it/normalize.rs); this file
checks the Python entry points, that the key is a fixed point (hypothesis), and that the
column gives the single function's answer on every corpus URL.
"""

from __future__ import annotations

import pytest
import relurl
import relurl.arrow
from conftest import corpus_pairs
from hypothesis import example, given, settings
from hypothesis import strategies as st

SPECS = ("rfc1808", "rfc3986", "whatwg")


def test_the_rules() -> None:
    assert relurl.normalize("HTTP://User@Example.COM:80/a/./b/../%7ec%2f") == "http://User@example.com/a/~c%2F"
    assert relurl.normalize("http://example.com") == "http://example.com/"
    # Dot segments by the grammar's rules: RFC 1808 keeps a ".." with nothing to remove.
    assert relurl.normalize("http://a/../g") == "http://a/../g"
    assert relurl.normalize("http://a/../g", spec="rfc3986") == "http://a/g"
    # RFC 3986 keeps an empty query; RFC 1808 has no empty query.
    assert relurl.normalize("http://a/?", spec="rfc3986") == "http://a/?"
    assert relurl.normalize("http://a/?") == "http://a/"
    # RFC 1808's net_loc runs to the first "/": a query in it is kept as written.
    assert relurl.normalize("http://Example.COM?Q=ABC@Y.COM:80") == "http://example.com?Q=ABC@Y.COM:80"
    assert relurl.normalize("http://Example.COM?Q=ABC", spec="rfc3986") == "http://example.com/?Q=ABC"
    # The URL Standard's own serialization.
    assert relurl.normalize("HTTP://\uff45vil.com:80/a/../b c", spec="whatwg") == "http://evil.com/b%20c"


def test_an_already_normal_url_is_the_input_itself() -> None:
    url = "http://example.com/a?b#c"
    assert relurl.normalize(url) is url


def test_bad_input() -> None:
    with pytest.raises(relurl.URLError) as info:
        relurl.normalize("http://a:99999/", spec="whatwg")
    assert info.value.kind == "port_out_of_range"
    with pytest.raises(TypeError, match="url must be str, not bytes"):
        relurl.normalize(b"http://a/")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="spec"):
        relurl.normalize("http://a/", spec="nope")  # type: ignore[arg-type]


def test_a_percent_encoded_port_is_decoded_before_the_default_port_goes() -> None:
    """Issue 22: one pass decodes the port's digits (RFC 3986 section 6.2.2.2: digits are
    unreserved) and then drops the scheme's default port, so the key is its own key."""
    cases = {
        "http://h:%38%30/": "http://h/",
        "https://h:%34%34%33/": "https://h/",
        "ftp://h:%32%31/": "ftp://h/",
        "ws://h:8%30/": "ws://h/",
        "wss://h:%34%343/": "wss://h/",
        "http://h:%3080/": "http://h/",
        "http://h:%38%31/": "http://h:81/",
        "foo://h:%38%30/": "foo://h:80/",
    }
    pa = pytest.importorskip("pyarrow")
    for spec in ("rfc1808", "rfc3986"):
        for url, key in cases.items():
            assert relurl.normalize(url, spec=spec) == key, (url, spec)
            assert relurl.normalize(key, spec=spec) == key
        column = pa.array(relurl.arrow.normalize(pa.array(list(cases)), spec=spec)).to_pylist()
        assert column == list(cases.values())


TOKENS = ["http:", "HTTPS:", "s:", "//", "/", ".", "..", "%2e", "%41", "%7e", "%2f", "%c3%a9", "%", "a", "B", "@", ":80",
          ":443", ":", "[::1]", "?", "#", ";", "\u00e9", "\t",
          # Percent-encoded ports (issue 22).
          "ftp:", "ws:", ":%38%30", ":%34%34%33", ":8%30", ":%3080", ":%32%31", "%38", "%30", "0"]  # fmt: skip


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=14).map("".join), st.sampled_from(SPECS))
@example("http://h:%38%30/", "rfc1808")
@example("https://h:%34%34%33", "rfc3986")
def test_normalizing_twice_is_normalizing_once(url: str, spec: relurl._relurl._Spec) -> None:
    try:
        once = relurl.normalize(url, spec=spec)
    except relurl.URLError:
        return
    assert relurl.normalize(once, spec=spec) == once


@pytest.mark.parametrize("spec", SPECS)
def test_the_column_gives_the_function_s_answer_on_the_corpus(spec: relurl._relurl._Spec) -> None:
    pa = pytest.importorskip("pyarrow")
    urls = sorted({url for pair in corpus_pairs() for url in pair})
    expected = []
    for url in urls:
        try:
            expected.append(relurl.normalize(url, spec=spec))
        except relurl.URLError:
            expected.append(None)
    got = pa.array(relurl.arrow.normalize(pa.array(urls), spec=spec, errors="null")).to_pylist()
    assert got == expected
    chunked = pa.chunked_array([urls[:100], urls[100:]])
    again = pa.chunked_array(relurl.arrow.normalize(chunked, spec=spec, errors="null", threads=2)).to_pylist()
    assert again == expected
    assert all(relurl.normalize(n, spec=spec) == n for n in expected if n is not None)


def test_the_column_s_nulls_and_failures() -> None:
    pa = pytest.importorskip("pyarrow")
    column = pa.array(["HTTP://A/", None, "http://a:99999/"])
    assert pa.array(relurl.arrow.normalize(column, spec="rfc3986")).to_pylist() == [
        "http://a/",
        None,
        "http://a:99999/",
    ]
    with pytest.raises(relurl.URLError) as info:
        relurl.arrow.normalize(column, spec="whatwg")
    assert (info.value.index, info.value.input, info.value.kind) == (2, None, "port_out_of_range")
    result, failures = relurl.arrow.normalize(column, spec="whatwg", errors="report")
    assert pa.array(result).to_pylist() == ["http://a/", None, None]
    assert [f.index for f in failures] == [2]
