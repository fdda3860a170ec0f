"""Runs the 10^6-row batch benchmarks (benches/test_bench_batch.py) and the Arrow RSS run
(benches/rss_arrow.py), and prints the batch table of docs/benchmarks.md (Markdown, on stdout).

    python benches/report_batch.py                 # 3 pytest-benchmark runs + RSS runs
    python benches/report_batch.py --runs 1        # one run (noisier)
    python benches/report_batch.py --json a.json b.json   # the table from existing runs

Ratios are taken within each run: the urljoin loop's median over the contestant's median
(speed-up), and threads=1's median over threads=2's; the table shows the median over the
runs and, in brackets, the lowest and highest (the machine's speed drifts between runs).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import REPO_ROOT, ratio_cell, run_benchmarks, version_of

BENCH_FILE = Path(__file__).resolve().parent / "test_bench_batch.py"
GROUP = "batch-1M"
ROWS_LABELS = [
    ("test_urljoin_loop", "`[urljoin(b, h) for b, h in pairs]`"),
    ("test_url_resolve_many", "`parse(base).resolve_many(hrefs)`, one call per page"),
    ("test_url_resolve_many_60", "the same, a page's links 60 at a time (54 per call on average)"),
    ("test_resolve_many", "`relurl.resolve_many(bases, hrefs)`, one call"),
    ("test_resolve_many_threads2", "`relurl.resolve_many(bases, hrefs, threads=2)`"),
    ("test_arrow_resolve", "`pa.array(relurl.arrow.resolve(bases, hrefs))`, pyarrow `string` columns"),
    ("test_arrow_resolve_threads2", "`pa.array(relurl.arrow.resolve(bases, hrefs, threads=2))`"),
    ("test_arrow_chunked", "`relurl.arrow.resolve` on chunked arrays (65,536-row chunks)"),
    ("test_arrow_chunked_threads2", "the same, `threads=2` (whole chunks per thread)"),
    (
        "test_arrow_resolve_whatwg",
        '`pa.array(relurl.arrow.resolve(bases, hrefs, spec="whatwg"))`, the URL Standard (same results as ada)',
    ),
    ("test_arrow_resolve_whatwg_threads2", "the same, `threads=2`"),
    (
        "test_arrow_check_only",
        "`relurl.arrow.resolve(None, hrefs)`: import, UTF-8 check, all-null result (no resolving)",
    ),
]


def table(runs: list[dict[str, Any]]) -> str:
    medians = [{b["name"]: b["stats"]["median"] for b in d["benchmarks"] if b.get("group") == GROUP} for d in runs]
    rows = next(b["extra_info"]["rows"] for b in runs[0]["benchmarks"] if b.get("group") == GROUP)
    lines = [
        f"Resolving {rows:,} (base, href) rows (the link corpus repeated), results kept. ns per link: "
        f"median round, median over {len(runs)} run(s); ratios within each run, median (lowest–highest).",
        "",
        "| Contestant | ns per link | vs the `urljoin` loop | threads=2 vs threads=1 |",
        "|---|---:|---:|---:|",
    ]
    for name, label in ROWS_LABELS:
        if not all(name in m for m in medians):
            continue
        ns = sorted(m[name] / rows * 1e9 for m in medians)[len(medians) // 2]
        speedup = ratio_cell([m["test_urljoin_loop"] / m[name] for m in medians])
        threads = ""
        if name.endswith("_threads2"):
            threads = ratio_cell([m[name.removesuffix("_threads2")] / m[name] for m in medians])
        lines.append(f"| {label} | {ns:,.0f} | {speedup} | {threads} |")
    info = runs[0]["machine_info"]
    lines += [
        "",
        f"CPython {info['python_version']}, {platform.system()} {info['machine']}, {os.cpu_count()} CPUs; "
        f"relurl {version_of('relurl')}, pyarrow {version_of('pyarrow')}.",
    ]
    return "\n".join(lines)


def rss_lines() -> list[str]:
    out = []
    for threads in (1, 2):
        cmd = [sys.executable, str(Path(__file__).parent / "rss_arrow.py"), "--threads", str(threads)]
        result = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=REPO_ROOT).stdout.strip()
        out.append(f"- Arrow run, threads={threads}: {result}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", type=Path, nargs="+", help="existing --benchmark-json files")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if args.json:
        runs = [json.loads(p.read_text()) for p in args.json]
    else:
        runs = []
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(args.runs):
                path = Path(tmp) / f"batch{i}.json"
                run_benchmarks(path, [], bench_file=BENCH_FILE)
                runs.append(json.loads(path.read_text()))
    print(table(runs))
    print()
    print("Peak memory (`python benches/rss_arrow.py --threads N`):")
    print()
    print("\n".join(rss_lines()))
    print()
    print("Command: `python benches/report_batch.py`")


if __name__ == "__main__":
    main()
