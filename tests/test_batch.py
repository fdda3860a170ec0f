"""Batch resolution: `relurl.resolve_many(bases, refs)` and `URL.resolve_many(refs)`.

Every batch must give, item for item, what `relurl.resolve` gives one call at a time,
whatever the thread count, the container, or the spec; nulls and failed items keep their
places; errors follow the `errors=` mode; 8 Python threads sharing one parsed base (each
also splitting its batch over 2 native threads) get the single-threaded answers."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import relurl
from conftest import corpus_pairs

BASE = "http://a/b/c/d;p?q#f"


PAIRS = corpus_pairs()
BASES = [b for b, _ in PAIRS]
REFS = [r for _, r in PAIRS]


@pytest.mark.parametrize("spec", ["rfc1808", "rfc3986"])
@pytest.mark.parametrize("threads", [None, 1, 2, 3])
def test_per_row_bases_equal_one_call_at_a_time(spec: Any, threads: int | None) -> None:
    # Repeated so that the batch is long enough for every thread to get rows.
    bases, refs = BASES * 3, REFS * 3
    expected = [relurl.resolve(b, r, spec=spec) for b, r in zip(bases, refs, strict=False)]
    assert relurl.resolve_many(bases, refs, spec=spec, threads=threads) == expected


@pytest.mark.parametrize("spec", ["rfc1808", "rfc3986"])
def test_one_base_as_str_or_url_equals_url_resolve(spec: Any) -> None:
    base = relurl.parse(BASES[0])
    expected = [base.resolve(r, spec=spec) for r in REFS]
    assert base.resolve_many(REFS, spec=spec) == expected
    assert base.resolve_many(REFS, spec=spec, threads=4) == expected
    assert relurl.resolve_many(BASES[0], REFS, spec=spec) == expected
    assert relurl.resolve_many(base, REFS, spec=spec) == expected


def test_any_iterable_in_order() -> None:
    refs = ["g", "../h", "", "x:y", "?z"]
    expected = [relurl.resolve(BASE, r) for r in refs]
    assert relurl.resolve_many(BASE, tuple(refs)) == expected
    assert relurl.resolve_many(BASE, iter(refs)) == expected
    assert relurl.resolve_many(iter([BASE] * 5), (r for r in refs)) == expected
    assert relurl.resolve_many(BASE, []) == []


def test_answers_that_are_inputs_are_the_input_objects() -> None:
    absolute = "".join(["https://x.example/", "page"])  # a fresh object
    got = relurl.resolve_many(BASE, [absolute, ""])
    assert got[0] is absolute
    assert got[1] == BASE


def test_none_gives_none_in_its_place() -> None:
    assert relurl.resolve_many(BASE, ["g", None, "h"]) == ["http://a/b/c/g", None, "http://a/b/c/h"]
    assert relurl.resolve_many([BASE, None, BASE], ["g", "h", None]) == ["http://a/b/c/g", None, None]


def test_strict_failure_raises_one_urlerror_naming_the_first_bad_item() -> None:
    refs = ["g"] * 10_000 + ["a b"] + ["g"] * 10 + ["c<d"]
    for threads in (1, 2, 4):
        with pytest.raises(relurl.URLError) as info:
            relurl.resolve_many(BASE, refs, strict=True, threads=threads)
        err = info.value
        assert (err.index, err.input, err.position) == (10_000, "reference", 1)
        assert err.reason == "space is not allowed in a path"
        assert str(err) == "reference of item 10000: space is not allowed in a path (at position 1)"
    # Not strict: every string parses.
    assert len(relurl.resolve_many(BASE, refs)) == len(refs)


def test_strict_failure_in_a_base_names_the_base() -> None:
    with pytest.raises(relurl.URLError) as info:
        relurl.resolve_many([BASE, "http://a b/"], ["g", "g"], strict=True)
    assert (info.value.index, info.value.input, info.value.position) == (1, "base", 8)


@pytest.mark.parametrize(
    ("base", "kwargs"),
    [("a b", {"strict": True}), ("", {"spec": "whatwg"}), (relurl.parse("a b"), {"strict": True})],
)
def test_a_failed_base_is_the_error_before_a_reference_s_surrogate(base: Any, kwargs: dict[str, Any]) -> None:
    """A row whose base fails and whose reference holds a lone surrogate fails by its base,
    in a batch and in one call alike (the base is looked at first)."""
    with pytest.raises(relurl.URLError) as single:
        relurl.resolve(base, "g\ud800", **kwargs)
    _, (failure,) = relurl.resolve_many(base, ["g\ud800"], errors="report", **kwargs)
    assert (single.value.kind, single.value.position) == (failure.kind, failure.position)
    assert single.value.kind != "lone_surrogate"
    # A reference that is not a str is a TypeError before any of it.
    with pytest.raises(TypeError, match="reference must be str, not int"):
        relurl.resolve(base, 5, **kwargs)
    if isinstance(base, relurl.URL):
        with pytest.raises(TypeError, match="reference must be str, not int"):
            base.resolve(5, **kwargs)


def test_errors_null_and_report() -> None:
    refs = ["g", "a b", "h", "\udc80x", "i"]
    expected = ["http://a/b/c/g", None, "http://a/b/c/h", None, "http://a/b/c/i"]
    assert relurl.resolve_many(BASE, refs, strict=True, errors="null") == expected
    results, failures = relurl.resolve_many(BASE, refs, strict=True, errors="report")
    assert results == expected
    assert [(e.index, e.input, e.position) for e in failures] == [(1, "reference", 1), (3, "reference", 0)]
    assert all(isinstance(e, relurl.URLError) for e in failures)
    assert "lone surrogate U+DC80" in failures[1].reason
    # The default raises for the lone surrogate, strict or not.
    with pytest.raises(relurl.URLError) as info:
        relurl.resolve_many(BASE, refs)
    assert (info.value.index, info.value.position) == (3, 0)
    # A clean batch reports nothing.
    assert relurl.resolve_many(BASE, ["g"], errors="report") == (["http://a/b/c/g"], [])


def test_single_call_errors_have_no_index() -> None:
    with pytest.raises(relurl.URLError) as info:
        relurl.validate("a b")
    assert info.value.index is None and info.value.input is None


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: relurl.resolve_many(BASE, ["g", 3]), TypeError, "references[1] must be str or None, not int"),
        (
            lambda: relurl.resolve_many([BASE, b"x"], ["g", "h"]),
            TypeError,
            "bases[1] must be str, URL or None, not bytes",
        ),
        (
            lambda: relurl.resolve_many(BASE, 5),
            TypeError,
            "references must be a sequence of str (a list, a tuple, any iterable), not int",
        ),
        (
            lambda: relurl.resolve_many(5, ["g"]),
            TypeError,
            "bases must be a str, a URL, None or a sequence of str or URL, not int",
        ),
        (
            lambda: relurl.resolve_many([relurl.URL(BASE), relurl.URL(BASE, spec="whatwg")], ["g", "h"]),
            TypeError,
            "bases mix grammars: bases[0] (URL, rfc1808) and bases[1] (URL, whatwg)",
        ),
        (
            lambda: relurl.resolve_many([BASE, relurl.URL(BASE, spec="rfc3986")], ["g", "h"]),
            TypeError,
            "bases mix grammars: bases[0] (str, rfc1808) and bases[1] (URL, rfc3986)",
        ),
        (lambda: relurl.resolve_many([BASE], ["g", "h"]), ValueError, "bases has 1 items and references 2"),
        (lambda: relurl.resolve_many(BASE, ["g"], threads=0), ValueError, "threads must be at least 1"),
        (
            lambda: relurl.resolve_many(BASE, ["g"], errors="skip"),
            ValueError,
            "errors must be 'raise', 'null' or 'report'",
        ),
        (
            lambda: relurl.resolve_many(BASE, ["g"], spec="rfc2396"),
            ValueError,
            "spec must be 'rfc1808', 'rfc3986' or 'whatwg'",
        ),
        (
            lambda: relurl.resolve_many(BASE, ["g"], spec="rfc3986", strict=True),
            ValueError,
            "not available with spec='rfc3986'",
        ),
        (lambda: relurl.resolve_many("\ud800", ["g"]), relurl.URLError, "lone surrogate U+D800"),
    ],
)
def test_bad_arguments_raise_before_any_work(call: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)


def test_eight_threads_share_one_parsed_base() -> None:
    base = relurl.parse(BASES[0])
    refs = REFS * 4
    expected = {spec: [relurl.resolve(BASES[0], r, spec=spec) for r in refs] for spec in ("rfc1808", "rfc3986")}
    per_row = [relurl.resolve(b, r) for b, r in zip(BASES, REFS, strict=False)]
    start = threading.Barrier(8)
    failures: list[str] = []

    def run(i: int) -> None:
        start.wait()
        for round_ in range(5):
            spec = ("rfc1808", "rfc3986")[(i + round_) % 2]
            if base.resolve_many(refs, spec=spec, threads=1 + (i % 2)) != expected[spec]:  # type: ignore[arg-type]
                failures.append(f"thread {i} round {round_} URL.resolve_many {spec}")
            if relurl.resolve_many(BASES, REFS, threads=2) != per_row:
                failures.append(f"thread {i} round {round_} resolve_many per row")

    threads = [threading.Thread(target=run, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_the_first_failure_is_raised_whatever_its_kind_and_chunk(threads: int) -> None:
    # Items are resolved in chunks (with threads >= 2, ahead of the thread making the strs):
    # the item raised is the first failed one, a lone surrogate or a strict failure.
    def refs(bad: dict[int, str]) -> list[str]:
        return [bad.get(i, "g") for i in range(40_000)]

    for bad, first in [({20_000: "\udc80", 30_000: "a b"}, 20_000), ({5_000: "a b", 20_000: "\udc80"}, 5_000)]:
        with pytest.raises(relurl.URLError) as info:
            relurl.resolve_many(BASE, refs(bad), strict=True, threads=threads)
        assert info.value.index == first
        results, failures = relurl.resolve_many(BASE, refs(bad), strict=True, errors="report", threads=threads)
        assert [e.index for e in failures] == sorted(bad)
        assert [i for i, r in enumerate(results) if r is None] == sorted(bad)


# --- Issue 10: the same question gets the same kind of answer -------------------------------


@pytest.mark.parametrize("threads", [2**51 + 1, 2**64 + 5, 10**6, 10**30])
@pytest.mark.parametrize("errors", ["raise", "null", "report"])
def test_huge_thread_counts_are_capped_not_wrapped(threads: int, errors: Any) -> None:
    # ROWS_PER_CHUNK * threads wrapped around in release builds: [] and no errors.
    refs = ["g", "h", "a b"]
    expected_ok = ["http://a/g", "http://a/h", None]
    if errors == "raise":
        with pytest.raises(relurl.URLError) as info:
            relurl.resolve_many("http://a/", refs, strict=True, threads=threads)
        assert info.value.index == 2
        assert relurl.resolve_many("http://a/", refs[:2], threads=threads) == expected_ok[:2]
        assert relurl.parse("http://a/").resolve_many(refs[:2], threads=threads) == expected_ok[:2]
        assert relurl.resolve_many(["http://a/"] * 2, refs[:2], threads=threads) == expected_ok[:2]
    elif errors == "null":
        assert relurl.resolve_many("http://a/", refs, strict=True, errors="null", threads=threads) == expected_ok
    else:
        results, failures = relurl.resolve_many(["http://a/"] * 3, refs, strict=True, errors="report", threads=threads)
        assert results == expected_ok and [e.index for e in failures] == [2]


def test_many_rows_with_a_huge_thread_count() -> None:
    # 10**6 threads asked: capped at the CPUs available, the answers those of one thread.
    refs = REFS * 10
    assert relurl.resolve_many(BASES[0], refs, threads=10**6) == relurl.resolve_many(BASES[0], refs)


@pytest.mark.parametrize("threads", [0, -1, -(2**70)])
def test_threads_below_one_is_the_same_value_error(threads: int) -> None:
    for call in (
        lambda: relurl.resolve_many(BASE, ["g"], threads=threads),
        lambda: relurl.parse(BASE).resolve_many(["g"], threads=threads),
    ):
        with pytest.raises(ValueError, match=r"^threads must be at least 1, not -?\d+$"):
            call()


def test_threads_must_be_an_int() -> None:
    with pytest.raises(TypeError, match="threads must be int, not str"):
        relurl.resolve_many(BASE, ["g"], threads="2")  # type: ignore[call-overload]


@pytest.mark.parametrize("errors", ["raise", "null", "report"])
def test_a_bad_single_base_fails_each_row_by_the_mode(errors: Any) -> None:
    # A lone surrogate in the one base is a failure of every row with a reference, as a base
    # failing strict=True is; a None reference stays None.
    refs = ["g", None, "h"]
    for base, strict in [("http://a/\ud800", False), ("http://a/ b", True)]:
        if errors == "raise":
            with pytest.raises(relurl.URLError) as info:
                relurl.resolve_many(base, refs, strict=strict)
            assert (info.value.index, info.value.input) == (0, "base")
            continue
        got = relurl.resolve_many(base, refs, strict=strict, errors=errors)
        if errors == "null":
            assert got == [None, None, None]
        else:
            results, failures = got
            assert results == [None, None, None]
            assert [(e.index, e.input) for e in failures] == [(0, "base"), (2, "base")]


def test_report_gives_one_failure_per_failed_row() -> None:
    # Row 0: base and reference both bad (the base's failure only); row 1: a None reference
    # with a bad base (None, no failure); row 2: bad reference; row 3: strict failure of the
    # base and a lone surrogate in the reference; row 4: fine.
    bases = ["http://a/\ud800", "http://a/\ud800", "http://a/", "http://a/ b", "http://a/"]
    refs: list[str | None] = ["g\udc80", None, "h\udc80", "i\udc80", "j"]
    for strict in (False, True):
        results, failures = relurl.resolve_many(bases, refs, strict=strict, errors="report")
        failed_rows = [i for i, r in enumerate(results) if r is None and refs[i] is not None]
        assert len(failures) == len(failed_rows) == results.count(None) - 1
        assert [e.index for e in failures] == failed_rows
        assert [(e.index, e.input) for e in failures][:2] == [(0, "base"), (2, "reference")]
        assert failures[-1].input == ("base" if strict else "reference")
        assert results[4] == "http://a/j"


@pytest.mark.parametrize("one", ["abc", b"abc", bytearray(b"abc"), relurl.parse("http://a/b")])
def test_one_value_where_a_sequence_is_expected_is_a_type_error(one: Any) -> None:
    with pytest.raises(TypeError, match="references must be a sequence of str"):
        relurl.resolve_many("http://a/", one)
    with pytest.raises(TypeError, match="references must be a sequence of str"):
        relurl.parse("http://a/").resolve_many(one)
    if not isinstance(one, str | relurl.URL):
        with pytest.raises(TypeError, match="bases must be a str, a URL, None or a sequence of str"):
            relurl.resolve_many(one, ["g", "h", "i"])


def test_a_url_base_resolves_by_its_own_spec() -> None:
    base = relurl.parse("http://a/b/c/d;p?q", spec="rfc3986")
    assert relurl.resolve_many(base, ["../../../g", ";x"]) == ["http://a/g", "http://a/b/c/;x"]
    assert base.resolve_many(["../../../g"]) == ["http://a/g"]
    assert base.resolve_many(["../../../g"], spec="rfc1808") == ["http://a/../g"]
    assert relurl.resolve_many("http://a/b/c/d;p?q", ["../../../g"]) == ["http://a/../g"]


# Issue 22 item 12: per-row bases may be parsed URLs, each resolved by its own grammar (or by
# `spec=` when given); bases that would need different grammars are a clear TypeError.
@pytest.mark.parametrize("spec", ["rfc1808", "rfc3986", "whatwg"])
def test_a_sequence_of_url_bases_resolves_each_by_its_own_grammar(spec: Any) -> None:
    bases = [relurl.URL(b, spec=spec) for b in ("http://a/b/c/d;p?q", "http://x/y/", "http://a/b/c/d;p?q")]
    refs = ["../../../g", " h", "#s"]
    expected = [relurl.resolve(b, r) for b, r in zip(bases, refs, strict=True)]
    assert relurl.resolve_many(bases, refs) == expected
    assert relurl.resolve_many(tuple(bases), iter(refs), threads=2) == expected
    # None keeps its place; a str with URLs of RFC 1808 is RFC 1808 too.
    if spec == "rfc1808":
        assert relurl.resolve_many([bases[0], None, "http://a/b/c/d;p?q"], refs) == [expected[0], None, expected[2]]


def test_spec_chooses_the_grammar_of_mixed_url_bases() -> None:
    bases = [relurl.URL("http://a/b/c/d", spec="whatwg"), "http://a/b/c/d", relurl.URL("http://a/b/c/d")]
    refs = ["../../../g"] * 3
    for spec in ("rfc1808", "rfc3986", "whatwg"):
        expected = [relurl.resolve("http://a/b/c/d", r, spec=spec) for r in refs]
        assert relurl.resolve_many(bases, refs, spec=spec) == expected
    with pytest.raises(TypeError, match=r"bases\[0\] \(URL, whatwg\) and bases\[1\] \(str, rfc1808\).*pass spec="):
        relurl.resolve_many(bases, refs)


# Issue 22 item 19: strip=True strips HTML's ASCII whitespace around each reference (the
# core's one rule, as extract_links does), on every resolving entry point.
HTML_WHITESPACE = "\t\n\x0c\r "
RAW_HREFS = [" g ", "\n\t../x?y\r\n", "\x0chttp://abs/ok ", "  ", "g\x0b", "\xa0g", "#f ", "  http://a/b/c/d;p?q#f  "]


@pytest.mark.parametrize("spec", ["rfc1808", "rfc3986", "whatwg"])
def test_strip_is_html_stripping_of_each_reference(spec: Any) -> None:
    # The peer: Python's own str.strip with HTML's set, then the plain resolution.
    expected = [relurl.resolve(BASE, href.strip(HTML_WHITESPACE), spec=spec) for href in RAW_HREFS]
    assert [relurl.resolve(BASE, href, spec=spec, strip=True) for href in RAW_HREFS] == expected
    url = relurl.URL(BASE, spec=spec)
    assert [url.resolve(href, strip=True) for href in RAW_HREFS] == expected
    assert relurl.resolve_many(BASE, RAW_HREFS, spec=spec, strip=True) == expected
    assert relurl.resolve_many([BASE] * len(RAW_HREFS), RAW_HREFS, spec=spec, strip=True) == expected
    assert url.resolve_many(RAW_HREFS, strip=True, threads=2) == expected
    # As extract_links takes an href.
    page = "".join(f'<a href="{h}">' for h in RAW_HREFS if "\x0c" not in h)
    links = [link.url for link in relurl.extract_links(page, BASE, spec=spec)]
    kept = [h for h in RAW_HREFS if "\x0c" not in h]
    assert links == [relurl.resolve(BASE, h, spec=spec, strip=True) for h in kept]
    # Not without strip (\x0b and U+00A0 are no ASCII whitespace: kept either way).
    assert relurl.resolve("http://a/b", " g") == "http://a/ g"
    assert relurl.resolve("http://a/b", "\xa0g", strip=True) == "http://a/\xa0g"


def test_strip_answers_the_stripped_reference_and_counts_positions_as_given() -> None:
    # An absolute reference is its own answer: the stripped text, not the input.
    assert relurl.resolve(BASE, "  http://x/y \n", strip=True) == "http://x/y"
    assert relurl.resolve_many(BASE, ["  http://x/y \n", "http://z/"], strip=True) == ["http://x/y", "http://z/"]
    with pytest.raises(relurl.URLError) as info:
        relurl.resolve(BASE, "\t a b", strict=True, strip=True)
    assert (info.value.kind, info.value.position) == ("invalid_character", 3)
    _, failures = relurl.resolve_many(BASE, ["g", " \na b "], strict=True, strip=True, errors="report")
    assert [(f.index, f.input, f.position) for f in failures] == [(1, "reference", 3)]
