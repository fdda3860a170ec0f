"""The core's IDNA 2003 twin (relurl::idna2003) against CPython's own `str.encode("idna")`
codec and `unicodedata.ucd_3_2_0.normalize("NFKC", ...)`: every BMP code point, alone and
in runs, and hypothesis-generated domains; 0 differences allowed."""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from relurl._relurl import _testing

BMP = [chr(c) for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]
SEPARATORS = ".\u3002\uff0e\uff61"


def python_idna(domain: str) -> str | None:
    try:
        return domain.encode("idna").decode("ascii")
    except UnicodeError:
        return None


def relurl_idna(domain: str) -> str | None:
    try:
        return _testing._idna2003_encode(domain)
    except UnicodeError:
        return None


def differences(domains: list[str]) -> list[tuple[str, str | None, str | None]]:
    out = []
    for d in domains:
        expected, got = python_idna(d), relurl_idna(d)
        if expected != got:
            out.append((d, expected, got))
    return out


def test_examples() -> None:
    assert _testing._idna2003_encode("Bücher.example") == "xn--bcher-kva.example"
    assert _testing._idna2003_encode("\uff25\uff38\uff21\uff2d\uff30\uff2c\uff25\u3002com") == "example.com"
    assert _testing._idna2003_encode("a.b.") == "a.b."
    for bad in ["a..b", "ü..b", "xn--ü", "a" * 64 + ".b", "\u05d0a"]:
        try:
            _testing._idna2003_encode(bad)
        except UnicodeError:
            pass
        else:  # pragma: no cover
            raise AssertionError(bad)


def test_nfkc_every_bmp_code_point() -> None:
    nfkc = unicodedata.ucd_3_2_0.normalize
    assert [c for c in BMP if _testing._nfkc_3_2(c) != nfkc("NFKC", c)] == []
    # Runs of neighbours: combining sequences, Hangul jamo, compositions across characters.
    runs = ["".join(BMP[i : i + 7]) for i in range(0, len(BMP), 3)]
    assert [r for r in runs if _testing._nfkc_3_2(r) != nfkc("NFKC", r)] == []


def test_every_bmp_code_point() -> None:
    assert differences(BMP) == []
    assert differences(["a" + c + "b.com" for c in BMP]) == []
    assert differences(["x." + "".join(BMP[i : i + 5]) for i in range(0, len(BMP), 5)]) == []


ALPHABET = st.sampled_from(
    [
        *"abcXYZ019-_.",
        *SEPARATORS,
        "xn--",
        "ß",
        "ü",
        "Ü",
        "\u0301",
        "\u0308",
        "\u00ad",
        "\u200b",
        "\u05d0",
        "\u0627",
        "\u0660",
        "\u1100",
        "\u1161",
        "\u11a8",
        "\uac00",
        "ﬁ",
        "Ⅸ",
        "㍿",
        "\ufb2a",
        "\u2028",
        "\u0340",
        "\ue000",
        "\U0001d400",
        "\u0378",
        "\u3000",
    ]
)


@settings(max_examples=4000, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.one_of(
        st.lists(ALPHABET, max_size=12).map("".join),
        st.text(max_size=10),
        st.lists(ALPHABET, min_size=15, max_size=40).map("".join),
    )
)
def test_hypothesis_domains(domain: str) -> None:
    assert python_idna(domain) == relurl_idna(domain)


@settings(max_examples=2000, deadline=None)
@given(st.text(max_size=12))
def test_hypothesis_nfkc(s: str) -> None:
    assert _testing._nfkc_3_2(s) == unicodedata.ucd_3_2_0.normalize("NFKC", s)
