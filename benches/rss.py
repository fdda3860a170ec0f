"""Leak check: 10^7 resolutions through every entry point, and the process's memory along the way.

    python benches/rss.py                 # 10^7 calls (about a minute)
    python benches/rss.py --calls 1e6     # quicker

The calls are a mix over the link corpus (../shared/corpus/links.jsonl, else
tests/data/corpus_pairs.json), cycling: `URL.resolve` and `relurl.resolve` (both specs),
`URL.resolve_many` (one call per page; each link counts as a call), `relurl.urljoin`, and,
once per 100 links, a reference with a lone surrogate (the `URLError` path), a non-`str`
(the `TypeError` path) and a fresh `relurl.parse` of a base. RSS (VmRSS from
/proc/self/status; resource.getrusage's peak beside it) is read at the start (corpus
loaded), after a warm-up of 10^6 calls, every further 10^6 calls and at the end; the
growth after the warm-up is the figure to watch (target: flat, i.e. a few hundred KiB of
allocator noise, not a slope). Python-level leaks that RSS would miss are checked too:
`sys.getallocatedblocks()` and the reference counts of the shared base and href objects
(a leaked reference to a shared string costs no memory but is still a leak).
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import sys
import time
from array import array
from pathlib import Path
from typing import Literal

import relurl
from corpus import LINKS_FILE, link_rows

ROOT = Path(__file__).resolve().parents[1]
PAIRS_JSON = ROOT / "tests" / "data" / "corpus_pairs.json"


def load_pairs() -> tuple[str, list[tuple[str, str]]]:
    if LINKS_FILE.is_file():
        return str(LINKS_FILE), [(r["base"], r["href"]) for r in link_rows()]
    data = json.loads(PAIRS_JSON.read_text(encoding="utf-8"))
    return str(PAIRS_JSON), [(data["bases"][i], href) for i, href in data["pairs"]]


def rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


def peak_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=float, default=1e7, help="resolutions in all (default 1e7)")
    parser.add_argument("--warmup", type=float, default=1e6, help="calls before the reference reading")
    parser.add_argument("--every", type=float, default=1e6, help="calls between readings")
    args = parser.parse_args()
    total, warmup, every = int(args.calls), int(args.warmup), int(args.every)

    source, pairs = load_pairs()
    pages: dict[str, list[str]] = {}
    for base, href in pairs:
        pages.setdefault(base, []).append(href)
    parsed = [(relurl.parse(base), base, hrefs) for base, hrefs in pages.items()]
    shared = [s for _, base, hrefs in parsed for s in (base, hrefs[0])]
    bad_refs = ["g\ud800", b"g", None]
    resolve, urljoin, parse, URLError = relurl.resolve, relurl.urljoin, relurl.parse, relurl.URLError

    def one_page(u: relurl.URL, base: str, hrefs: list[str], k: int) -> int:
        """Every entry point over one page's links; returns the number of calls made."""
        spec: Literal["rfc1808", "rfc3986"] = "rfc3986" if k % 2 else "rfc1808"
        r = u.resolve
        for h in hrefs:
            r(h)
        for h in hrefs:
            r(h, spec=spec)
        for h in hrefs:
            resolve(base, h)
        for h in hrefs:
            urljoin(base, h)
        u.resolve_many(hrefs, spec=spec)
        n = 5 * len(hrefs)
        for _ in range(max(1, len(hrefs) // 100)):
            for bad in bad_refs:
                try:
                    u.resolve(bad)  # type: ignore[arg-type]
                except (URLError, TypeError):
                    pass
            try:
                resolve(base, "x\udfff")
            except URLError:
                pass
            parse(base).resolve("g")
            n += 5
        return n

    def run(calls: int, k0: int) -> tuple[int, int]:
        done, k = 0, k0
        while done < calls:
            u, base, hrefs = parsed[k % len(parsed)]
            done += one_page(u, base, hrefs, k)
            k += 1
        return done, k

    # Readings go into preallocated arrays (raw machine integers): taking one allocates no
    # Python object, so the block counts see only the calls.
    n_readings = 2 + max(0, (total - warmup + every - 1) // every)
    r_calls, r_rss, r_peak, r_blocks = (array("q", [0]) * n_readings for _ in range(4))

    def reading(i: int, calls: int) -> None:
        gc.collect()
        r_blocks[i] = sys.getallocatedblocks()
        r_calls[i], r_rss[i], r_peak[i] = calls, rss_kib(), peak_kib()

    refcounts0 = [sys.getrefcount(s) for s in shared]
    reading(0, 0)
    t0 = time.perf_counter()
    done, k = run(warmup, 0)
    reading(1, done)
    i = 1
    while done < total:
        n, k = run(min(every, total - done), k)
        done += n
        i += 1
        reading(i, done)
    elapsed = time.perf_counter() - t0
    refcounts1 = [sys.getrefcount(s) for s in shared]
    last = i

    print(f"relurl {relurl.__version__} ({relurl._relurl.__file__}), Python {sys.version.split()[0]}")
    print(f"corpus: {source}: {len(pairs)} links on {len(pages)} pages")
    print(f"{done:,} calls in {elapsed:.1f} s ({elapsed / done * 1e9:.0f} ns per call, loop included)\n")
    print("| reading | calls | VmRSS (KiB) | peak RSS (KiB) | allocated blocks |")
    print("|---|---:|---:|---:|---:|")
    for j in range(last + 1):
        label = {0: "start (corpus loaded)", 1: "after warm-up", last: "end"}.get(j, "")
        print(f"| {label} | {r_calls[j]:,} | {r_rss[j]:,} | {r_peak[j]:,} | {r_blocks[j]:,} |")
    calls = r_calls[last] - r_calls[1]
    growth = r_rss[last] - r_rss[1]
    print(
        f"\nRSS growth after warm-up: {growth:+,} KiB over {calls:,} calls "
        f"({growth * 1024 / max(1, calls):+.4f} bytes per call); from the start: {r_rss[last] - r_rss[0]:+,} KiB"
    )
    print(f"allocated blocks growth after warm-up: {r_blocks[last] - r_blocks[1]:+,}")
    changed = sum(a != b for a, b in zip(refcounts0, refcounts1, strict=False))
    print(f"reference counts of {len(shared)} shared base/href strings: {changed} changed")
    if changed:
        sys.exit(1)


if __name__ == "__main__":
    main()
