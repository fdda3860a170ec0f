"""relurl.arrow: Arrow string columns in and out through the PyCapsule interface.

Row for row the same answers as `relurl.resolve`, for every string layout (string,
large_string, string_view), arrays and chunked arrays (pyarrow and polars), a scalar base or
a column of bases chunked differently from the references; nulls stay null; errors follow
the `errors=` mode with the global row index; the result is taken without a copy."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
import relurl
import relurl.arrow
from conftest import corpus_pairs

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
        (
            lambda: relurl.arrow.resolve(pa.array([BASE]), pa.array(["g", "h"])),
            ValueError,
            "bases has 1 rows and references 2",
        ),
        (lambda: relurl.arrow.resolve(BASE, pa.array(["g"]), errors="skip"), ValueError, "errors must be"),
        (lambda: relurl.arrow.parse(pa.array([b"x"])), TypeError, "urls must be an Arrow string"),
    ],
)
def test_bad_arguments(call: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)


COMPONENTS = ("scheme", "netloc", "path", "params", "query", "fragment")


def components(row: dict[str, str] | None) -> tuple[str, ...] | None:
    return None if row is None else tuple(row[name] for name in COMPONENTS)


def test_parse_gives_the_six_strings_of_relurl_parse_on_the_corpus() -> None:
    # One model (RFC 1808 section 2.4): a component is "" when empty or absent, as
    # tuple(relurl.parse(u)) and urllib give it; null only for a null (or failed) row.
    # Since issue 13 a row whose net_loc has a port urllib rejects fails; since issue 22 the
    # port is read from the net_loc up to its '?', as urllib reads it, so that no corpus URL
    # fails (`whatsapp://send?text=...:%20Part` did: RFC 1808's net_loc runs to the first '/').
    urls = [*sorted({u for pair in PAIRS for u in pair}), "http://x/?", "//h/p#", "g;", "", "?", "#", ";"]
    got = pa.array(relurl.arrow.parse(pa.array([*urls, None]))).to_pylist()
    assert got[-1] is None
    assert not any(port_fails(relurl.parse(u)) for u in urls)
    assert any(u.startswith("whatsapp://send?text=") for u in urls)
    assert [components(row) for row in got[:-1]] == [tuple(relurl.parse(u)) for u in urls]


def port_fails(url: relurl.URL) -> bool:
    try:
        url.port  # noqa: B018
    except relurl.URLError:
        return True
    return False


def test_parse_rfc3986_gives_appendix_b_strings_empty_when_absent() -> None:
    urls = ["http://a/b;p?q#f", "g", "http://x/?", "", "//h/p#", "mailto:x@y;z", None]
    got = [components(row) for row in pa.array(relurl.arrow.parse(pa.array(urls), spec="rfc3986")).to_pylist()]
    assert got == [
        ("http", "a", "/b;p", "", "q", "f"),
        ("", "", "g", "", "", ""),
        ("http", "x", "/", "", "", ""),
        ("", "", "", "", "", ""),
        ("", "h", "/p", "", "", ""),
        ("mailto", "", "x@y;z", "", "", ""),
        None,
    ]


def test_parse_chunked_keeps_chunks() -> None:
    got = pa.chunked_array(relurl.arrow.parse(pa.chunked_array([["http://a/"], ["b", "c"]])))
    assert [len(c) for c in got.chunks] == [1, 2]
    # The six components, then (issue 13) the net_loc's hostname and port.
    assert got.type.names == ["scheme", "netloc", "path", "params", "query", "fragment", "hostname", "port"]


# -- Issue 10: invalid UTF-8, thread caps, chunked bases, one failure per row ------------------

# Run in a subprocess: before the UTF-8 check, some of these aborted the interpreter
# (SIGABRT), which no pytest.raises can catch. The script asserts every answer and prints
# "ok"; the test asserts a clean exit.
NOT_UTF8_SCRIPT = r"""
import struct
import pyarrow as pa
import relurl, relurl.arrow

REFS = [b"http://a/\x80x", b"g", None, b"caf\xc3\xa9/\xe2\x82", b"http://example.com/long/\xffpath"]
ROWS = ["reference of item 0", None, None, "reference of item 3", "reference of item 4"]
# (index, position in characters, first bad byte) of each bad row.
BAD = {0: (9, 0x80), 3: (5, 0xE2), 4: (24, 0xFF)}

def columns(values):
    yield "string", pa.array(values, pa.binary()).view(pa.string())
    yield "large_string", pa.array(values, pa.large_binary()).view(pa.large_string())
    yield "string_view", pa.array(values, pa.binary_view()).view(pa.string_view())

def expect_raise(call, index, input_, position, byte):
    try:
        call()
    except relurl.URLError as e:
        assert (e.index, e.input, e.position) == (index, input_, position), (e.index, e.input, e.position, str(e))
        assert e.reason == f"invalid UTF-8: byte 0x{byte:02X} is not part of a valid UTF-8 sequence", e.reason
    else:
        raise AssertionError("no URLError")

def check_modes(resolve, expected_ok, input_="reference"):
    first = min(BAD)
    expect_raise(resolve, first, input_, *BAD[first])
    nulls = pa.array(resolve(errors="null")).to_pylist()
    assert nulls == expected_ok, nulls
    result, failures = resolve(errors="report")
    assert pa.array(result).to_pylist() == expected_ok
    assert [(f.index, f.input, f.position) for f in failures] == [(i, input_, p) for i, (p, _) in sorted(BAD.items())]

for name, refs in columns(REFS):
    ok = [None, "http://a/g", None, None, None]
    for strict in (False, True):
        check_modes(lambda **kw: relurl.arrow.resolve("http://a/", refs, strict=strict, **kw), ok)
    # The same bytes as a column of bases.
    check_modes(lambda **kw: relurl.arrow.resolve(refs, pa.array(["x"] * 5), **kw), [None, "x", None, None, None], "base")
    # Chunked, on two threads (whole chunks per thread): global row indices.
    chunked = pa.chunked_array([refs.slice(0, 2), refs.slice(2, 1), refs.slice(3)])
    check_modes(lambda **kw: pa.chunked_array(relurl.arrow.resolve("http://a/", chunked, threads=2, **kw))
                if kw.get("errors") != "report" else (lambda r: (pa.chunked_array(r[0]), r[1]))(
                    relurl.arrow.resolve("http://a/", chunked, threads=2, **kw)), ok)
    # parse: the same rows fail (never copied into the output).
    expect_raise(lambda: relurl.arrow.parse(refs), 0, None, 9, 0x80)
    parsed, failures = relurl.arrow.parse(refs, errors="report")
    assert [r is None for r in pa.array(parsed).to_pylist()] == [True, False, True, True, True]
    assert [(f.index, f.input, f.position) for f in failures] == [(0, None, 9), (3, None, 5), (4, None, 24)]
    assert str(failures[0]).startswith("item 0: invalid UTF-8")
    assert pa.array(relurl.arrow.parse(refs, errors="null")).to_pylist()[1]["path"] == "g"

# UTF-8 as a whole, but an offset splits a character: both rows fail.
split = pa.StringArray.from_buffers(2, pa.py_buffer(struct.pack("<3i", 0, 1, 2)), pa.py_buffer("é".encode()))
result, failures = relurl.arrow.resolve("http://a/", split, errors="report")
assert pa.array(result).to_pylist() == [None, None]
assert [(f.index, f.position, f.reason[:29]) for f in failures] == [(0, 0, "invalid UTF-8: byte 0xC3 is n"), (1, 0, "invalid UTF-8: byte 0xA9 is n")]
# A null row's bytes are never read: a null row with bad bytes is null, not a failure.
nulled = pa.StringArray.from_buffers(2, pa.py_buffer(struct.pack("<3i", 0, 1, 2)), pa.py_buffer(b"\xffg"), pa.py_buffer(b"\x02"))
assert relurl.arrow.resolve("http://a/", nulled, errors="report")[1] == []
assert pa.array(relurl.arrow.resolve("http://a/", nulled)).to_pylist() == [None, "http://a/g"]
assert pa.array(relurl.arrow.parse(nulled)).to_pylist()[0] is None
# A single str base with a lone surrogate: a URLError for each row (issue 10 item 6).
try:
    relurl.arrow.resolve("http://a/\ud800", pa.array([None, "g"]))
except relurl.URLError as e:
    assert (e.index, e.input, e.position) == (1, "base", 9)
else:
    raise AssertionError("no URLError")
print("ok")
"""


def test_invalid_utf8_through_every_entry_point_fails_cleanly_in_a_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-c", NOT_UTF8_SCRIPT], check=False, capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "ok\n"


def test_a_huge_thread_count_is_capped() -> None:
    # threads=10**6 starts at most os.cpu_count()-ish threads (one per chunk before).
    refs = pa.chunked_array([REFS[i : i + 50] for i in range(0, len(REFS), 50)])
    bases = pa.chunked_array([BASES[i : i + 70] for i in range(0, len(BASES), 70)])
    expected = [relurl.resolve(b, r) for b, r in PAIRS]
    assert pa.chunked_array(relurl.arrow.resolve(bases, refs, threads=10**6)).to_pylist() == expected
    assert pa.array(relurl.arrow.resolve(pa.array(BASES), pa.array(REFS), threads=10**6)).to_pylist() == expected


THREADS_SCRIPT = r"""
import resource
import pyarrow as pa, relurl, relurl.arrow

# One chunk of 10^6 rows was split into one range per 2048 rows: about 490 OS threads.
rows = 1_000_000
refs = pa.array(["g", "../h", None, "?y"] * (rows // 4))
bases = pa.chunked_array([["http://a/b/c"] * 1000] * (rows // 1000))
expected = ["http://a/b/g", "http://a/h", None, "http://a/b/c?y"] * (rows // 4)
with open("/proc/self/status") as f:
    size = next(int(line.split()[1]) for line in f if line.startswith("VmSize:")) * 1024
# 256 MiB of address space to spare: room for the results, not for hundreds of stacks.
resource.setrlimit(resource.RLIMIT_AS, (size + (256 << 20), resource.RLIM_INFINITY))
assert pa.array(relurl.arrow.resolve("http://a/b/c", refs, threads=10**6)).to_pylist() == expected
assert pa.array(relurl.arrow.resolve(bases, refs, threads=10**6)).to_pylist() == expected
print("ok")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_a_huge_thread_count_starts_no_more_threads_than_cores() -> None:
    # Hundreds of OS threads were started before; under a limit on address space that was a
    # PanicException ("failed to spawn thread"). Now at most the machine's parallelism.
    done = subprocess.run(
        [sys.executable, "-c", THREADS_SCRIPT], check=False, capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stderr, done.stdout) == (0, "", "ok\n")


@pytest.mark.parametrize(("ref_rows", "base_rows"), [(10, 10), (10, 1), (1, 7), (1000, 3), (3, 1000)])
def test_many_chunks_of_bases_give_every_row(ref_rows: int, base_rows: int) -> None:
    # Chunked bases are read by windows of the chunks that overlap each reference chunk (was:
    # every base chunk walked per reference chunk). Empty chunks in between too.
    rows = 5_000
    pairs = (PAIRS * (rows // len(PAIRS) + 1))[:rows]
    bases, refs = [b for b, _ in pairs], [r for _, r in pairs]

    def chunks(values: list[str], size: int) -> Any:
        parts: list[list[str]] = []
        for i in range(0, len(values), size):
            parts += [values[i : i + size], []]
        return pa.chunked_array(parts, pa.string())

    expected = [relurl.resolve(b, r) for b, r in pairs]
    for threads in (1, 2):
        got = pa.chunked_array(relurl.arrow.resolve(chunks(bases, base_rows), chunks(refs, ref_rows), threads=threads))
        assert got.to_pylist() == expected


def test_report_gives_one_failure_per_failed_row() -> None:
    # Base and reference both bad (strict, not UTF-8, a surrogate base): one failure for the
    # row, its base's; a row with a null input is null and not a failure.
    def strings(values: list[bytes | None]) -> Any:
        return pa.array(values, pa.binary()).view(pa.string())

    refs = strings([b"a b", b"g", b"\x80", None, b"c d", b"h", b"\xff"])
    bases = strings([b"http://a b/", b"http://a/", b"http://\xff/", b"http://a/", None, b"http://a/", b"http://a/"])
    cases = [
        (bases, True, [(0, "base"), (2, "base"), (6, "reference")]),
        (bases, False, [(2, "base"), (6, "reference")]),
        ("http://a/\udc80", False, [(0, "base"), (1, "base"), (2, "base"), (4, "base"), (5, "base"), (6, "base")]),
        ("http://a b/", True, [(0, "base"), (1, "base"), (2, "base"), (4, "base"), (5, "base"), (6, "base")]),
    ]
    for base, strict, expected in cases:
        result, failures = relurl.arrow.resolve(base, refs, strict=strict, errors="report")
        assert [(f.index, f.input) for f in failures] == expected
        got = pa.array(result).to_pylist()
        has_base = [bases[i].is_valid if base is bases else True for i in range(len(got))]
        failed = [i for i, value in enumerate(got) if value is None and has_base[i] and refs[i].is_valid]
        assert [f.index for f in failures] == failed


def test_a_bad_single_base_fails_each_row_by_the_mode() -> None:
    refs = pa.array([None, "g", None, "h"])
    for base, reason, position in [
        ("http://a/\ud800", "lone surrogate U+D800 cannot be encoded as UTF-8", 9),
        ("http://a b/", "space is not allowed in a net_loc", 8),
    ]:
        with pytest.raises(relurl.URLError) as info:
            relurl.arrow.resolve(base, refs, strict=True)
        assert (info.value.index, info.value.input, info.value.reason, info.value.position) == (
            1,
            "base",
            reason,
            position,
        )
        assert pa.array(relurl.arrow.resolve(base, refs, strict=True, errors="null")).to_pylist() == [None] * 4
        _, failures = relurl.arrow.resolve(base, refs, strict=True, errors="report")
        assert [(f.index, f.input, f.reason) for f in failures] == [(1, "base", reason), (3, "base", reason)]


def test_parse_errors_modes() -> None:
    urls = pa.array([b"http://a/", b"\xc3(", None, b"x\x80"], pa.binary()).view(pa.string())
    with pytest.raises(relurl.URLError) as info:
        relurl.arrow.parse(urls)
    assert (info.value.index, info.value.input, info.value.position) == (1, None, 0)
    assert str(info.value) == "item 1: invalid UTF-8: byte 0xC3 is not part of a valid UTF-8 sequence (at position 0)"
    rows = pa.array(relurl.arrow.parse(urls, errors="null")).to_pylist()
    assert [components(r) for r in rows] == [("http", "a", "/", "", "", ""), None, None, None]
    result, failures = relurl.arrow.parse(urls, errors="report")
    assert pa.array(result).to_pylist() == rows
    assert [(f.index, f.position) for f in failures] == [(1, 0), (3, 1)]
    with pytest.raises(ValueError, match="errors must be"):
        relurl.arrow.parse(urls, errors="skip")  # type: ignore[call-overload]


def test_offsets_that_decrease_are_a_value_error() -> None:
    import struct

    # pyarrow checks offsets when it builds the array; they are changed in place afterwards
    # (the buffer wraps a bytearray), as a broken producer would hand them over. (The C Data
    # Interface carries no buffer sizes: the text's length is taken from the last offset.)
    def broken(*new: int) -> Any:
        offsets = bytearray(struct.pack("<4i", 0, 1, 1, 2))
        array = pa.StringArray.from_buffers(3, pa.py_buffer(offsets), pa.py_buffer(b"ab"))
        offsets[:] = struct.pack("<4i", *new)
        return array

    with pytest.raises(ValueError, match="references is not a valid Arrow array: offsets decrease"):
        relurl.arrow.resolve(BASE, broken(0, 2, 1, 2))
    with pytest.raises(ValueError, match="urls is not a valid Arrow array: offset 2 outside the 1 bytes"):
        relurl.arrow.parse(broken(0, 2, 1, 1))


def test_the_result_is_an_arro3_array_as_the_docs_say() -> None:
    # docs/batches.md names the class and what it answers without the arro3-core package.
    single = relurl.arrow.resolve("http://a/", pa.array(["b", None]))
    chunked = relurl.arrow.resolve("http://a/", pa.chunked_array([["b"], [None]]))
    assert (type(single).__module__, type(single).__name__) == ("arro3.core._core", "Array")
    assert (type(chunked).__module__, type(chunked).__name__) == ("arro3.core._core", "ChunkedArray")
    assert (len(single), single.to_pylist(), single.null_count) == (2, ["http://a/b", None], 1)
    assert pa.chunked_array(chunked).to_pylist() == ["http://a/b", None]


# Issue 22 item 19: strip=True on Arrow columns, as relurl.resolve(..., strip=True).
def test_strip_on_arrow_columns() -> None:
    hrefs = [" g ", None, "\n../x\t", "  http://abs/ \r\n", "g\x0b"]
    expected = [None if h is None else relurl.resolve(BASE, h.strip("\t\n\x0c\r ")) for h in hrefs]
    assert pa.array(relurl.arrow.resolve(BASE, pa.array(hrefs), strip=True)).to_pylist() == expected
    bases = pa.chunked_array([[BASE, BASE], [BASE, BASE, BASE]])
    got = relurl.arrow.resolve(bases, pa.chunked_array([hrefs[:3], hrefs[3:]]), strip=True, threads=2)
    assert pa.chunked_array(got).to_pylist() == expected
    assert pa.array(relurl.arrow.resolve(BASE, pa.array([" g"]))).to_pylist() == ["http://a/b/c/ g"]


def test_a_stream_that_fails_while_read_is_a_runtime_error() -> None:
    """Found by a probe: a producer whose reader raised gave a bare `Exception`."""

    def batches() -> Iterator[pa.RecordBatch]:
        yield pa.record_batch([pa.array(["http://a/"])], names=["u"])
        raise ValueError("the producer broke")

    class Failing:
        def __arrow_c_stream__(self, requested_schema: object = None) -> object:
            reader = pa.RecordBatchReader.from_batches(pa.schema([("u", pa.string())]), batches())
            return reader.__arrow_c_stream__(requested_schema)

    for call in (
        lambda: relurl.arrow.normalize(Failing()),
        lambda: relurl.arrow.resolve("http://a/", Failing()),
        lambda: relurl.arrow.resolve(Failing(), pa.chunked_array([["g"]])),
        lambda: relurl.arrow.registered_domain(Failing()),
    ):
        with pytest.raises(RuntimeError, match=r"the Arrow stream failed while it was read: .*the producer broke"):
            call()
