"""Many threads at once, one set of parsed bases: every thread gets exactly the answers of a
single thread.

16 threads are released together by a barrier, meet again at a second one halfway through
their work, and the interpreter switches threads every 100 microseconds (not every 5 ms) so
that their calls interleave finely; on a free-threaded build they would run in parallel.
Each thread resolves a quarter of the (base, href) pairs of the link corpus, from its own
starting point, through every entry point: `relurl.resolve`, `URL.resolve` and
`URL.resolve_many` on `URL` objects shared by all threads (both specs), `relurl.urljoin`
(str and bytes), and inputs that raise. Its results must equal the ones computed
beforehand in one thread, item for item (values; exception types, messages, positions and
reasons)."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import relurl

DATA = Path(__file__).parent / "data"
THREADS = 16

Outcome = tuple[str, Any]


def corpus() -> tuple[list[str], list[tuple[str, str]]]:
    with open(DATA / "corpus_pairs.json", encoding="utf-8") as f:
        data = json.load(f)
    bases: list[str] = data["bases"]
    return bases, [(bases[i], href) for i, href in data["pairs"]]


BASES, PAIRS = corpus()
BY_BASE: dict[str, list[str]] = {}
for _base, _href in PAIRS:
    BY_BASE.setdefault(_base, []).append(_href)

#: References that raise (lone surrogates: URLError with a position; not a str: TypeError).
BAD: list[object] = ["g\ud800", "\udfff", "é/ü\udc80x", b"g", None, 3]

#: The URL objects every thread shares.
PARSED = {base: relurl.parse(base) for base in BASES}


def outcome(call: Callable[[], Any]) -> Outcome:
    """A call's value, or its exception as (type, message, position, reason)."""
    try:
        return ("ok", call())
    except Exception as e:
        return ("raised", (type(e).__name__, str(e), getattr(e, "position", None), getattr(e, "reason", None)))


def work(order: list[int]) -> dict[str, list[Any]]:
    """Every entry point over the pairs in `order` (indexes into PAIRS), each result with the
    index of its pair, and over the bad inputs."""
    pairs = [(i, *PAIRS[i]) for i in order]
    out: dict[str, list[Any]] = {}
    for spec in ("rfc1808", "rfc3986"):
        out[f"resolve {spec}"] = [(i, outcome(lambda: relurl.resolve(b, h, spec=spec))) for i, b, h in pairs]
        out[f"URL.resolve {spec}"] = [(i, outcome(lambda: PARSED[b].resolve(h, spec=spec))) for i, b, h in pairs]
        out[f"URL.resolve_many {spec}"] = [
            outcome(lambda: PARSED[b].resolve_many(BY_BASE[b], spec=spec)) for b in BASES
        ]
        out[f"bad {spec}"] = [
            outcome(lambda: call(bad))
            for bad in BAD
            for call in (
                lambda r: relurl.resolve(BASES[0], r, spec=spec),
                lambda r: PARSED[BASES[0]].resolve(r, spec=spec),
                lambda r: PARSED[BASES[0]].resolve_many(["g", r], spec=spec),
            )
        ]
    out["urljoin"] = [(i, outcome(lambda: relurl.urljoin(b, h))) for i, b, h in pairs]
    out["urljoin bytes"] = [
        (i, outcome(lambda: relurl.urljoin(b.encode(), h.encode()))) for i, b, h in pairs if (b + h).isascii()
    ]
    out["urljoin bad"] = [outcome(lambda: relurl.urljoin(BASES[0], bad)) for bad in BAD]  # type: ignore[call-overload]
    return out


#: The entries of `work` that hold one (pair index, outcome) per pair.
PER_PAIR = (
    "resolve rfc1808",
    "resolve rfc3986",
    "URL.resolve rfc1808",
    "URL.resolve rfc3986",
    "urljoin",
    "urljoin bytes",
)


@contextmanager
def fine_thread_switching() -> Iterator[None]:
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def test_threads_get_the_single_threaded_answers() -> None:
    n = len(PAIRS)
    # Each thread walks a quarter of the pairs from its own starting point (every pair is
    # walked by 4 threads), so that at any moment the threads resolve different links
    # against the same shared URL objects.
    orders = [[(i * n // THREADS + k) % n for k in range(n // 4)] for i in range(THREADS)]
    expected = work(list(range(n)))
    assert len(expected["resolve rfc1808"]) == n
    by_index = {name: dict(expected[name]) for name in PER_PAIR}
    # Every bad input raises, but for resolve_many, where a None reference gives None.
    bad_calls = [(bad, kind) for bad in BAD for kind in ("resolve", "URL.resolve", "URL.resolve_many")]
    for (bad, call_kind), (kind, value) in zip(bad_calls, expected["bad rfc1808"], strict=False):
        if bad is None and call_kind == "URL.resolve_many":
            assert (kind, value[1]) == ("ok", None)
        else:
            assert kind == "raised", (bad, call_kind)

    # All threads start together, and none starts the second half of its pairs before every
    # thread has done the first half: they are all at work at the same time, by construction
    # (a timing check would fail on a loaded machine, where a thread may wait long for a core).
    start, middle = threading.Barrier(THREADS), threading.Barrier(THREADS)
    results: list[list[dict[str, list[Any]]] | BaseException | None] = [None] * THREADS

    def run(i: int) -> None:
        half = len(orders[i]) // 2
        try:
            start.wait(timeout=60)
            first = work(orders[i][:half])
            middle.wait(timeout=60)
            results[i] = [first, work(orders[i][half:])]
        except BaseException as e:
            start.abort()
            middle.abort()
            results[i] = e

    threads = [threading.Thread(target=run, args=(i,), name=f"resolver-{i}") for i in range(THREADS)]
    with fine_thread_switching():
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=180)
    assert not any(t.is_alive() for t in threads), "a thread did not finish"

    for i, halves in enumerate(results):
        assert isinstance(halves, list), f"thread {i} failed: {halves!r}"
        for got in halves:
            assert got.keys() == expected.keys()
            for name, values in expected.items():
                mine = got[name]
                if name in PER_PAIR:  # (pair index, outcome) for this thread's pairs
                    assert mine, name
                    values = [(k, by_index[name][k]) for k, _ in mine]
                assert mine == values, f"thread {i}: {name} differs from the single-threaded results"
