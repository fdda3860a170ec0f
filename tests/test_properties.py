"""Properties that hold for every input (hypothesis): only the documented outcomes, never a
crash; results are fixed points; '..' never changes the net_loc."""

from __future__ import annotations

import pickle

import relurl
from hypothesis import given, settings
from hypothesis import strategies as st

# Delimiters and dot segments, so that generated strings exercise every rule.
TOKENS = [
    "/",
    "//",
    ".",
    "..",
    "./",
    "../",
    ";",
    "?",
    "#",
    ":",
    "@",
    "%",
    "%4",
    "%41",
    "a",
    "b",
    "g",
    "http:",
    "x+y.z-1:",
    " ",
    "\t",
    "\x00",
    "é",
    "\ud800",
    "~",
]
url_like = st.lists(st.sampled_from(TOKENS), max_size=12).map("".join) | st.text(max_size=30)
absolute_base = st.tuples(
    st.sampled_from(["http://a", "http://a/b/c/d;p?q#f", "ftp://h/x/", "file:///e/f", "s:", "s:/p/q"]), url_like
).map(lambda parts: parts[0] + parts[1].replace("#", "").replace("?", ""))


def outcome(call: object) -> str | BaseException:
    try:
        return call()  # type: ignore[operator, no-any-return]
    except relurl.URLError as err:
        return err


@settings(max_examples=3000, deadline=None)
@given(url_like, url_like)
def test_resolve_answers_or_raises_urlerror(base: str, reference: str) -> None:
    result = outcome(lambda: relurl.resolve(base, reference))
    if isinstance(result, relurl.URLError):
        assert "surrogate" in result.reason
        assert any(0xD800 <= ord(c) <= 0xDFFF for c in base + reference)
        return
    assert isinstance(result, str)
    assert relurl.parse(base).resolve(reference) == result
    assert relurl.parse(base).resolve_many([reference]) == [result]


@settings(max_examples=2000, deadline=None)
@given(url_like)
def test_parse_components_recombine_and_pickle(url: str) -> None:
    parsed = outcome(lambda: relurl.parse(url))
    if isinstance(parsed, relurl.URLError):
        return
    scheme, netloc, path, params, query, fragment = parsed
    # The components are the input's pieces in order: what is dropped is only delimiters.
    assert len(scheme + netloc + path + params + query + fragment) <= len(url)
    assert path in url and netloc in url
    assert str(relurl.parse(str(parsed))) == str(parsed)
    assert pickle.loads(pickle.dumps(parsed)) == parsed
    validation = outcome(lambda: relurl.validate(url))
    if validation is not None:
        assert isinstance(validation, relurl.URLError)
        assert 0 <= validation.position <= len(url)


@settings(max_examples=2000, deadline=None)
@given(absolute_base, url_like)
def test_results_are_fixed_points_and_keep_the_netloc(base: str, reference: str) -> None:
    result = outcome(lambda: relurl.resolve(base, reference))
    if isinstance(result, relurl.URLError):
        return
    assert relurl.resolve(base, result) == result
    stripped = reference.lstrip("./")
    if not relurl.parse(reference).scheme and not reference.startswith("//") and "/" not in stripped.split("?")[0]:
        # A reference made only of dot segments and a last segment cannot leave the net_loc.
        assert relurl.parse(result).netloc == relurl.parse(base).netloc
