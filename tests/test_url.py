"""relurl.URL: components (RFC 1808 section 2.4), recombination (section 4 step 7), and the
Python protocols: immutable, hashable, iterable, picklable, with a useful repr."""

from __future__ import annotations

import copy
import pickle

import pytest
import relurl
from conftest import OverridingStr
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
    a, b = relurl.parse("http://a/b"), URL("http://a/b")
    assert a == b and hash(a) == hash(b)
    # Equal text only (issue 10 item 11): "http://a/b?" resolves "" to itself.
    assert relurl.parse("http://a/b?") != relurl.parse("http://a/b")
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


# --- Issue 10: the same question gets the same kind of answer -------------------------------


def test_equal_urls_behave_alike() -> None:
    # Equal only when parsed from the same text by the same spec: then every method agrees.
    a, b = relurl.parse("http://a/b#"), relurl.parse("http://a/b")
    assert a != b and a.resolve("") != b.resolve("")
    assert str(a) == str(b) == "http://a/b"  # the step 7 recombination
    assert relurl.parse("http://a/b#") == URL("http://a/b#") and hash(relurl.parse("http://a/b#")) == hash(
        URL("http://a/b#")
    )
    assert relurl.parse("http://a/b") != relurl.parse("http://a/b", spec="rfc3986")
    pairs = [("http://a/b?", "http://a/b"), ("http://a/b;", "http://a/b"), ("http://a/b#", "http://a/b?#")]
    for x, y in pairs:
        u, v = relurl.parse(x), relurl.parse(y)
        for ref in ["", "g", "#s", "?y"]:
            for spec in ("rfc1808", "rfc3986"):
                if u == v:
                    assert u.resolve(ref, spec=spec) == v.resolve(ref, spec=spec)
        assert (u == v) == (x == y)


def test_one_model_for_empty_and_absent_components() -> None:
    # RFC 1808 sections 2.4.1, 2.4.4, 2.4.5: an empty fragment, query or params is the same
    # as none; every component is '' when absent or empty (as relurl.arrow.parse and the CLI).
    assert tuple(relurl.parse("http://a/b;?#")) == tuple(relurl.parse("http://a/b")) == ("http", "a", "/b", "", "", "")


def test_parse_by_rfc3986() -> None:
    u = relurl.parse("http://a/b/c/d;p?q#f", spec="rfc3986")
    assert u.spec == "rfc3986" and relurl.parse("x").spec == "rfc1808"
    assert tuple(u) == ("http", "a", "/b/c/d;p", "", "q", "f")
    assert str(relurl.parse("http://a/b?#", spec="rfc3986")) == "http://a/b?#"
    assert repr(u) == "URL('http://a/b/c/d;p?q#f', spec='rfc3986')"
    assert u.resolve("../../../g") == "http://a/g" and u.resolve("../../../g", spec="rfc1808") == "http://a/../g"
    assert URL("http://a/b", "rfc3986") == URL("http://a/b", spec="rfc3986") == u.__class__("http://a/b", "rfc3986")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        clone = pickle.loads(pickle.dumps(u, protocol))
        assert clone == u and clone.spec == "rfc3986"
    with pytest.raises(ValueError, match="not available with spec='rfc3986'"):
        relurl.parse("http://a/", spec="rfc3986", strict=True)
    with pytest.raises(ValueError, match="spec must be"):
        relurl.parse("http://a/", spec="rfc2396")  # type: ignore[arg-type]


def test_str_subclass_overrides_never_leak() -> None:
    S = OverridingStr
    u = relurl.parse(S("http://good/x"))
    assert u != relurl.parse("http://other/")
    assert type(str(u)) is str and str(u) == "http://good/x"
    assert hash(u) == hash("http://good/x")
    assert all(type(c) is str for c in u)
    assert type(relurl.resolve(S("http://good/x"), "")) is str
    assert type(u.resolve("")) is str and u.resolve("") == "http://good/x"
    assert pickle.loads(pickle.dumps(u)) == u


@pytest.mark.parametrize("key", [10**20, -(10**20), 6, -7, 2**63])
def test_out_of_range_index_is_an_index_error(key: int) -> None:
    with pytest.raises(IndexError):
        relurl.parse("http://a/b")[key]


def test_index_and_slice_like_a_tuple() -> None:
    u = relurl.parse("http://a/b;p?q#f")
    assert u[-1] == "f" and u[1:3] == ("a", "/b") and u[::-1] == tuple(u)[::-1]
    with pytest.raises(TypeError):
        u["scheme"]  # type: ignore[call-overload]


def test_a_url_is_taken_wherever_a_base_is() -> None:
    base = relurl.parse("http://a/b/c/d;p?q#f")
    assert relurl.resolve(base, "../g") == relurl.resolve(str(base), "../g") == "http://a/b/g"
    assert relurl.resolve(base, "") == "http://a/b/c/d;p?q#f"
    assert relurl.resolve(base, "../../../g", spec="rfc3986") == "http://a/g"
    b3986 = relurl.parse("http://a/b/c/d;p?q", spec="rfc3986")
    assert relurl.resolve(b3986, "../../../g") == "http://a/g"
    assert relurl.resolve_many(base, ["../g"]) == ["http://a/b/g"]


def test_a_url_is_the_base_of_a_page_too() -> None:
    page = relurl.parse("http://a/b/c.html")
    assert [link.url for link in relurl.extract_links('<a href="d">', page)] == ["http://a/b/d"]
    assert relurl.establish_base(retrieval_url=page, encapsulating_base=relurl.parse("http://x/")).url == "http://x/"
    assert relurl.establish_base(retrieval_url=page).url == "http://a/b/c.html"
    with pytest.raises(TypeError, match=r"^url must be str or URL, not bytes$"):
        relurl.extract_links("", b"http://a/")  # type: ignore[arg-type]
