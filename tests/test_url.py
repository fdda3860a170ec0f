"""relurl.URL: components (RFC 1808 section 2.4), recombination (section 4 step 7), and the
Python protocols: immutable, hashable, iterable, picklable, with a useful repr."""

from __future__ import annotations

import copy
import pickle

import pytest

import relurl
from relurl import URL


@pytest.mark.parametrize(
    ("url", "components"),
    [
        ("http://a/b/c/d;p?q#f", ("http", "a", "/b/c/d", "p", "q", "f")),
        ("g;x?y#s", ("", "", "g", "x", "y", "s")),
        ("//g", ("", "g", "", "", "", "")),
        ("http:g", ("http", "", "g", "", "", "")),
        ("g#a#b", ("", "", "g", "", "", "a#b")),
        ("g;a;b?c?d", ("", "", "g", "a;b", "c?d", "")),
        ("//a;b?c/d", ("", "a;b?c", "/d", "", "", "")),
        ("./this:that", ("", "", "./this:that", "", "", "")),
        ("this:that", ("this", "", "that", "", "", "")),
        ("", ("", "", "", "", "", "")),
        ("h://wörld/ü;ä?ö#ß", ("h", "wörld", "/ü", "ä", "ö", "ß")),
    ],
)
def test_components(url: str, components: tuple[str, ...]) -> None:
    u = relurl.parse(url)
    assert (u.scheme, u.netloc, u.path, u.params, u.query, u.fragment) == components
    assert tuple(u) == components
    assert len(u) == 6
    assert tuple(u[i] for i in range(6)) == components
    assert u[-1] == components[5]


def test_unpacks_like_urlparse() -> None:
    scheme, netloc, path, params, query, fragment = relurl.parse("http://a/b/c/d;p?q#f")
    assert (scheme, netloc, path, params, query, fragment) == ("http", "a", "/b/c/d", "p", "q", "f")
    with pytest.raises(IndexError):
        relurl.parse("http://a/")[6]


def test_str_recombines() -> None:
    assert str(relurl.parse("http://a/b/c/d;p?q#f")) == "http://a/b/c/d;p?q#f"
    # Empty params, query and fragment are not written back (sections 2.4.1, 2.4.4, 2.4.5).
    assert str(relurl.parse("http://a/b;?#")) == "http://a/b"
    # An empty net_loc after '//' is kept.
    assert str(relurl.parse("file:///etc")) == "file:///etc"


def test_str_returns_the_input_object_when_lossless() -> None:
    text = "http://example.com/" + "x" * 10
    assert str(relurl.parse(text)) is text


def test_repr() -> None:
    assert repr(relurl.parse("http://a/b")) == "URL('http://a/b')"
    assert repr(relurl.parse("it's")) == 'URL("it\'s")'


def test_immutable() -> None:
    u = relurl.parse("http://a/b")
    with pytest.raises(AttributeError):
        u.scheme = "ftp"  # type: ignore[misc]
    with pytest.raises((AttributeError, TypeError)):
        u.extra = 1  # type: ignore[attr-defined]


def test_equality_and_hash() -> None:
    a, b = relurl.parse("http://a/b?"), relurl.parse("http://a/b")
    assert a == b and hash(a) == hash(b)
    assert relurl.parse("http://a/b") != relurl.parse("http://a/c")
    assert relurl.parse("http://a/b") != "http://a/b"
    assert len({relurl.parse("http://a/b"), URL("http://a/b"), URL("http://a/c")}) == 2


def test_constructor_is_parse() -> None:
    assert URL("http://a/b;p") == relurl.parse("http://a/b;p")
    assert URL("http://a/b;p").params == "p"


@pytest.mark.parametrize("text", ["http://a/b/c/d;p?q#f", "http://a/b?", "", "ü:x"])
def test_pickle_and_copy(text: str) -> None:
    u = relurl.parse(text)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        clone = pickle.loads(pickle.dumps(u, protocol))
        assert clone == u and tuple(clone) == tuple(u)
    assert copy.copy(u) == u and copy.deepcopy(u) == u


def test_strict_parse() -> None:
    assert relurl.parse("http://a/b", strict=True).path == "/b"
    with pytest.raises(relurl.URLError) as info:
        relurl.parse("http://a/b c", strict=True)
    assert info.value.position == 10


def test_version() -> None:
    assert relurl.__version__.count(".") == 2


def test_steps_1_2a_2b_return_the_input_objects_themselves() -> None:
    """Section 4 steps 1, 2a and 2b end with 'we are done': the answer is an input URL as it
    was given (not recombined), and relurl hands back that very object, without a copy."""
    base_text = "http://a/b/c/d;p?#"
    absolute = "javascript:void(0);"
    base = relurl.parse(base_text)
    assert base.resolve(absolute) is absolute
    assert relurl.resolve(base_text, absolute) is absolute
    assert base.resolve_many([absolute])[0] is absolute
    assert base.resolve("") is base_text and relurl.resolve(base_text, "") is base_text
    assert relurl.resolve("", "g?") == "g?"

    class Href(str):
        pass

    result = base.resolve(Href(absolute))
    assert type(result) is str and result == absolute
