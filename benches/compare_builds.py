"""ns per row of the 10^6-row batch calls, for an A/B run of two builds of relurl.

Run it with the Python of each build in turn (a venv with the other build installed), a
few times, alternating, and compare the lines:

    for i in 1 2; do old/bin/python benches/compare_builds.py; .venv/bin/python benches/compare_builds.py; done

`--only pages60 --rounds 15 --best` times one row, best of 15 calls (on a busy machine the
best round is the steadier figure for a call this short).

Rows: the link corpus (`../shared/corpus/links.jsonl`) repeated 87 times (1,001,544 rows);
median of 7 calls each (`--rounds`, `--best` for the fastest). `lists` is `relurl.resolve_many(bases, hrefs)`, `arrow` one pyarrow
array, `chunked` 65,536-row chunks, `chunked_t2` the same with `threads=2`, `pages60` the
many small calls of a crawler: per page `relurl.parse(base)`, then `URL.resolve_many` on its
links 60 at a time (a page's last call has the rest; 54 per call on average).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Callable

import pyarrow as pa
import relurl
import relurl.arrow
from corpus import link_rows

REPEAT = 87
CHUNK = 65_536
PER_CALL = 60
ROWS = ("lists", "arrow", "chunked", "chunked_t2", "pages60")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", choices=ROWS, help="time only this row (repeatable)")
    parser.add_argument("--rounds", type=int, default=7, help="calls per row (default 7)")
    parser.add_argument("--best", action="store_true", help="the fastest call instead of the median")
    args = parser.parse_args()
    rows = link_rows()
    bases = [r["base"] for r in rows] * REPEAT
    hrefs = [r["href"] for r in rows] * REPEAT
    b, h = pa.array(bases), pa.array(hrefs)
    cb = pa.chunked_array([b.slice(i, CHUNK) for i in range(0, len(b), CHUNK)])
    ch = pa.chunked_array([h.slice(i, CHUNK) for i in range(0, len(h), CHUNK)])
    pages = [
        (base, [href for _, href in group])
        for base, group in itertools.groupby(zip(bases, hrefs, strict=True), key=lambda p: p[0])
    ]
    page_calls = [(base, [links[i : i + PER_CALL] for i in range(0, len(links), PER_CALL)]) for base, links in pages]

    def pages60() -> None:
        for base, calls in page_calls:
            url = relurl.parse(base)
            for links in calls:
                url.resolve_many(links)

    def ns_per_row(call: Callable[[], object]) -> float:
        times = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            call()
            times.append(time.perf_counter() - start)
        return (min(times) if args.best else statistics.median(times)) / len(hrefs) * 1e9

    calls: dict[str, Callable[[], object]] = {
        "lists": lambda: relurl.resolve_many(bases, hrefs),
        "arrow": lambda: relurl.arrow.resolve(b, h),
        "chunked": lambda: relurl.arrow.resolve(cb, ch),
        "chunked_t2": lambda: relurl.arrow.resolve(cb, ch, threads=2),
        "pages60": pages60,
    }
    results = {name: ns_per_row(call) for name, call in calls.items() if not args.only or name in args.only}
    print(" ".join(f"{name}={ns:.0f}" for name, ns in results.items()))


if __name__ == "__main__":
    main()
