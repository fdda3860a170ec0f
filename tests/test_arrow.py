"""relurl.arrow: Arrow string columns in and out through the PyCapsule interface.

Row for row the same answers as `relurl.resolve`, for every string layout (string,
large_string, string_view), arrays and chunked arrays (pyarrow and polars), a scalar base or
a column of bases chunked differently from the references; nulls stay null; errors follow
the `errors=` mode with the global row index; the result is taken without a copy."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import corpus_pairs

import relurl
import relurl.arrow

pa = pytest.importorskip("pyarrow")
pl = pytest.importorskip("polars")

BASE = "http://a/b/c/d;p?q#f"


PAIRS = corpus_pairs()
BASES = [b for b, _ in PAIRS]
REFS = [r for _, r in PAIRS]


@pytest.mark.parametrize("type_", ["string", "large_string", "string_view"])
@pytest.mark.parametrize("spec", ["rfc1808", "rfc3986"])
def test_column_of_bases_equals_one_call_at_a_time(type_: str, spec: Any) -> None:
    arrow_type = getattr(pa, type_)()
    got = pa.array(relurl.arrow.resolve(pa.array(BASES, arrow_type), pa.array(REFS, arrow_type), spec=spec))
    assert got.type == pa.string()
    assert got.to_pylist() == [relurl.resolve(b, r, spec=spec) for b, r in PAIRS]


@pytest.mark.parametrize("threads", [None, 1, 2, 4])
def test_threads_give_the_same_column(threads: int | None) -> None:
    bases, refs = BASES * 4, REFS * 4
    got = pa.array(relurl.arrow.resolve(pa.array(bases), pa.array(refs), threads=threads))
    assert got.to_pylist() == relurl.resolve_many(bases, refs)


def test_scalar_base_as_str_or_url() -> None:
    refs = pa.array(REFS)
    expected = relurl.parse(BASES[0]).resolve_many(REFS)
    assert pa.array(relurl.arrow.resolve(BASES[0], refs)).to_pylist() == expected
    assert pa.array(relurl.arrow.resolve(relurl.parse(BASES[0]), refs)).to_pylist() == expected


def test_nulls_stay_null() -> None:
    got = relurl.arrow.resolve(pa.array([BASE, None, BASE, BASE]), pa.array(["g", "h", None, ""]))
    assert pa.array(got).to_pylist() == ["http://a/b/c/g", None, None, BASE]
    assert pa.array(relurl.arrow.resolve(None, pa.array(["g"]))).to_pylist() == [None]
    assert pa.array(got).null_count == 2


def test_chunked_references_and_differently_chunked_bases() -> None:
    refs = pa.chunked_array([REFS[:100], REFS[100:101], [], REFS[101:]])
    bases = pa.chunked_array([BASES[:7], BASES[7:]])
    got = relurl.arrow.resolve(bases, refs)
    chunked = pa.chunked_array(got)
    # One result chunk per reference chunk, same lengths.
    assert [len(c) for c in chunked.chunks] == [len(c) for c in refs.chunks]
    assert chunked.to_pylist() == [relurl.resolve(b, r) for b, r in PAIRS]


def test_polars_series_in_and_out() -> None:
    got = pl.Series(relurl.arrow.resolve(BASE, pl.Series(["g", None, "../h"])))
    assert got.to_list() == ["http://a/b/c/g", None, "http://a/b/h"]
    bases = pl.Series(BASES)
    assert pl.Series(relurl.arrow.resolve(bases, pl.Series(REFS))).to_list() == relurl.resolve_many(BASES, REFS)


def test_result_is_taken_without_a_copy() -> None:
    result = relurl.arrow.resolve(BASE, pa.array(["g", "../h"]))
    first, second = pa.array(result), pa.array(result)
    # Two imports of one exported array see the same memory: pyarrow wraps relurl's buffer.
    assert first.buffers()[2].address == second.buffers()[2].address
    assert first.buffers()[1].address == second.buffers()[1].address


def test_input_is_read_in_place_from_a_slice() -> None:
    # A sliced array has an offset into shared buffers: the rows must be the slice's.
    refs = pa.array(["x", "g", "../h", "y"]).slice(1, 2)
    assert pa.array(relurl.arrow.resolve(BASE, refs)).to_pylist() == ["http://a/b/c/g", "http://a/b/h"]


def test_errors_modes_name_the_global_row() -> None:
    refs = pa.chunked_array([["g"] * 5, ["h", "a b", "i"], ["c<d"]])
    with pytest.raises(relurl.URLError) as info:
        relurl.arrow.resolve(BASE, refs, strict=True)
    assert (info.value.index, info.value.input, info.value.position) == (6, "reference", 1)
    assert str(info.value) == "reference of item 6: space is not allowed in a path (at position 1)"
    nulls = pa.chunked_array(relurl.arrow.resolve(BASE, refs, strict=True, errors="null")).to_pylist()
    assert nulls[6] is None and nulls[8] is None and nulls[5] == "http://a/b/c/h"
    result, failures = relurl.arrow.resolve(BASE, refs, strict=True, errors="report")
    assert pa.chunked_array(result).to_pylist() == nulls
    assert [(e.index, e.position) for e in failures] == [(6, 1), (8, 1)]
    with pytest.raises(relurl.URLError) as info:
        relurl.arrow.resolve(pa.array([BASE, "http://a b/"]), pa.array(["g", "g"]), strict=True)
    assert (info.value.index, info.value.input) == (1, "base")


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: relurl.arrow.resolve(BASE, pa.array([1, 2])), TypeError, "references must be an Arrow string"),
        (lambda: relurl.arrow.resolve(pa.array([1]), pa.array(["g"])), TypeError, "bases must be an Arrow string"),
        (lambda: relurl.arrow.resolve(BASE, ["g"]), TypeError, "references must be an Arrow array"),
        (lambda: relurl.arrow.resolve(pa.array([BASE]), pa.array(["g", "h"])), ValueError, "bases has 1 rows and references 2"),
        (lambda: relurl.arrow.resolve(BASE, pa.array(["g"]), errors="skip"), ValueError, "errors must be"),
        (lambda: relurl.arrow.parse(pa.array([b"x"])), TypeError, "urls must be an Arrow string"),
    ],
)
def test_bad_arguments(call: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)


@pytest.mark.parametrize("spec", ["rfc1808", "rfc3986"])
def test_parse_gives_the_components_null_when_absent(spec: Any) -> None:
    urls = ["http://a/b;p?q#f", "g", "http://x/?", "", "//h/p#", "mailto:x@y;z"]
    got = pa.array(relurl.arrow.parse(pa.array(urls + [None]), spec=spec)).to_pylist()
    assert got[-1] is None
    for url, row in zip(urls, got):
        parsed = relurl.parse(url)
        if spec == "rfc1808":
            assert (row["scheme"] or "", row["netloc"] or "", row["path"], row["params"] or "", row["query"] or "", row["fragment"] or "") == tuple(parsed)
            assert row["params"] is None or ";" in url
        else:
            assert row["params"] is None
        assert row["query"] is None or "?" in url
        assert row["fragment"] is None or "#" in url
        assert row["scheme"] is None or ":" in url
    # A delimiter with nothing after it is an empty component, not an absent one (null).
    assert got[2]["query"] == "" and got[4]["fragment"] == ""


def test_parse_chunked_keeps_chunks() -> None:
    got = pa.chunked_array(relurl.arrow.parse(pa.chunked_array([["http://a/"], ["b", "c"]])))
    assert [len(c) for c in got.chunks] == [1, 2]
    assert got.type.names == ["scheme", "netloc", "path", "params", "query", "fragment"]
