"""Every kind of bad input gets the documented answer (docs/errors.md, 'Bad input'): a result or a
typed error, never a crash."""

from __future__ import annotations

import pytest
import relurl

BASE = "http://a/b/c/d;p?q#f"


@pytest.mark.parametrize("bad", [None, 1, 1.5, b"http://a/", bytearray(b"x"), ["x"], object()])
def test_non_str_raises_type_error_naming_the_argument(bad: object) -> None:
    with pytest.raises(TypeError, match=r"^base must be str or URL, not "):
        relurl.resolve(bad, "g")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^reference must be str, not "):
        relurl.resolve(BASE, bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^url must be str, not "):
        relurl.parse(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^url must be str, not "):
        relurl.validate(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^reference must be str, not "):
        relurl.parse(BASE).resolve(bad)  # type: ignore[arg-type]


def test_resolve_many_names_the_bad_item() -> None:
    with pytest.raises(TypeError, match=r"^references\[2\] must be str or None, not int$"):
        relurl.parse(BASE).resolve_many(["g", "h", 3])  # type: ignore[list-item]
    with pytest.raises(
        TypeError, match=r"^references must be a sequence of str \(a list, a tuple, any iterable\), not int$"
    ):
        relurl.parse(BASE).resolve_many(5)  # type: ignore[arg-type]


def test_str_subclass_is_accepted() -> None:
    class Href(str):
        pass

    assert relurl.resolve(Href(BASE), Href("../g")) == "http://a/b/g"


@pytest.mark.parametrize(
    ("text", "position", "unit"),
    [("\ud800", 0, "D800"), ("g\udfff", 1, "DFFF"), ("é/ü\udc80x", 3, "DC80")],
)
def test_lone_surrogate_is_a_url_error_with_position(text: str, position: int, unit: str) -> None:
    for call in (
        lambda: relurl.resolve(BASE, text),
        lambda: relurl.resolve(text, "g"),
        lambda: relurl.parse(text),
        lambda: relurl.validate(text),
        lambda: relurl.parse(BASE).resolve(text),
        lambda: relurl.parse(BASE).resolve_many(["g", text]),
    ):
        with pytest.raises(relurl.URLError) as info:
            call()
        assert info.value.position == position
        assert info.value.reason == f"lone surrogate U+{unit} cannot be encoded as UTF-8"
        assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("reference", "expected", "position", "reason"),
    [
        ("g\x00h", "http://a/b/c/g\x00h", 1, "NUL (U+0000) is not allowed in a path"),
        ("g\th", "http://a/b/c/g\th", 1, "tab (U+0009) is not allowed in a path"),
        ("g\nh", "http://a/b/c/g\nh", 1, "line feed (U+000A) is not allowed in a path"),
        ("g\x7f", "http://a/b/c/g\x7f", 1, "control character U+007F is not allowed in a path"),
        (" g ", "http://a/b/c/ g ", 0, "space is not allowed in a path"),
        ("ü", "http://a/b/c/ü", 0, "non-ASCII character 'ü' (U+00FC) is not allowed in a path"),
        (
            "g?\U0001f600",
            "http://a/b/c/g?\U0001f600",
            2,
            "non-ASCII character '\U0001f600' (U+1F600) is not allowed in a query",
        ),
        ("%zz", "http://a/b/c/%zz", 0, "'%' not followed by two hex digits in a path"),
        ("~user/", "http://a/b/c/~user/", 0, "'~' is not allowed in a path"),
        ("g#a#b", "http://a/b/c/g#a#b", 3, "'#' is not allowed in a fragment"),
    ],
)
def test_unusual_characters_resolve_as_data_and_fail_validation(
    reference: str, expected: str, position: int, reason: str
) -> None:
    assert relurl.resolve(BASE, reference) == expected
    with pytest.raises(relurl.URLError) as info:
        relurl.validate(reference)
    assert (info.value.position, info.value.reason) == (position, reason)
    assert str(info.value) == f"{reason} (at position {position})"


def test_position_counts_characters_not_bytes() -> None:
    with pytest.raises(relurl.URLError) as info:
        relurl.validate("http://a/%41%42 ü")
    assert info.value.position == 15


def test_empty_strings() -> None:
    assert relurl.resolve(BASE, "") == BASE  # section 4 step 2a
    assert relurl.resolve("", "g") == "g"  # step 1: the reference is taken as absolute
    assert relurl.resolve("", "") == ""
    assert tuple(relurl.parse("")) == ("",) * 6
    relurl.validate("")  # the empty relativeURL is allowed by the BNF


def test_base_without_scheme_is_resolved_anyway() -> None:
    assert relurl.resolve("a/b", "c") == "a/c"
    assert relurl.resolve("/a/b", "../../c") == "/../c"


def test_ten_megabyte_strings() -> None:
    long_segment = "x" * 10_000_000
    assert relurl.resolve(BASE, long_segment) == "http://a/b/c/" + long_segment
    assert relurl.resolve("http://a/" + long_segment + "/d", "../g") == "http://a/g"
    many_dots = "../" * 1_000_000 + "g"
    assert relurl.resolve(BASE, many_dots) == "http://a/" + "../" * 999_998 + "g"
    assert relurl.parse(BASE).resolve_many([many_dots])[0].endswith("/g")
    with pytest.raises(relurl.URLError):
        relurl.validate(long_segment + " ")


def test_issue_22_rows_of_the_bad_input_page() -> None:
    # docs/errors.md's rows for encodings, separators, long ports, encoded ports, long IDN
    # labels and a page's charset by HTML's prescan: each documented answer.
    import sys

    with pytest.raises(LookupError, match="unknown encoding: nonsense"):
        relurl.canonicalize_url("http://h/?a=1", encoding="nonsense")
    assert relurl.canonicalize_url("http://h/?q=\u0416", encoding="cp1251") == "http://h/?q=%C6"
    with pytest.raises(ValueError, match=r"^empty separator$"):
        relurl.canonicalize_url("http://h/?a=1", query_separator="")
    assert relurl.canonicalize_url("http://h/", query_separator="") == "http://h/"
    long_port = "http://h:" + "0" * sys.get_int_max_str_digits() + "80/"
    with pytest.raises(ValueError, match=r"^Exceeds the limit"):
        relurl.canonicalize_url(long_port)
    with pytest.raises(relurl.URLError) as caught:
        relurl.URL(long_port).port  # noqa: B018
    assert caught.value.kind == "bad_port"
    assert relurl.normalize("http://h:%38%30/") == relurl.normalize(relurl.normalize("http://h:%38%30/")) == "http://h/"
    label = "\u00fc" * 1001
    assert str(relurl.parse(f"http://{label}/", spec="whatwg")) == f"http://xn--{label.encode('punycode').decode()}/"
    page = b'<meta charset="x-user-defined"><a href="?q=\xe9">x</a>'
    assert [link.url for link in relurl.extract_links(page, "http://h/", spec="whatwg")] == ["http://h/?q=%E9"]
