"""Runs the 10^6-row batch benchmarks (benches/test_bench_batch.py) and the Arrow RSS run
(benches/rss_arrow.py), and prints the README's batch table (Markdown, on stdout).

    python benches/report_batch.py                 # one pytest-benchmark run + RSS runs
    python benches/report_batch.py --json a.json   # the table from an existing run

Ratios are taken within the run: the urljoin loop's median over the contestant's median
(speed-up), and threads=1's median over threads=2's.
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
from report import REPO_ROOT, ratio, run_benchmarks, version_of  # noqa: E402

BENCH_FILE = Path(__file__).resolve().parent / "test_bench_batch.py"
GROUP = "batch-1M"
ROWS_LABELS = [
    ("test_urljoin_loop", "`[urljoin(b, h) for b, h in pairs]`"),
    ("test_url_resolve_many", "`parse(base).resolve_many(hrefs)`, one call per page"),
    ("test_resolve_many", "`relurl.resolve_many(bases, hrefs)`, one call"),
    ("test_resolve_many_threads2", "`relurl.resolve_many(bases, hrefs, threads=2)`"),
    ("test_arrow_resolve", "`pa.array(relurl.arrow.resolve(bases, hrefs))`, pyarrow `string` columns"),
    ("test_arrow_resolve_threads2", "`pa.array(relurl.arrow.resolve(bases, hrefs, threads=2))`"),
    ("test_arrow_chunked", "`relurl.arrow.resolve` on chunked arrays (65,536-row chunks)"),
    ("test_arrow_chunked_threads2", "the same, `threads=2` (whole chunks per thread)"),
]


def table(data: dict[str, Any]) -> str:
    benches = {b["name"]: b for b in data["benchmarks"] if b.get("group") == GROUP}
    rows = benches["test_urljoin_loop"]["extra_info"]["rows"]
    median = {name: b["stats"]["median"] for name, b in benches.items()}
    base = median["test_urljoin_loop"]
    lines = [
        f"Resolving {rows:,} (base, href) rows (the link corpus repeated), results kept; one run, "
        "median of its rounds; ratios within the run.",
        "",
        "| Contestant | ns per link | vs the `urljoin` loop | threads=2 vs threads=1 |",
        "|---|---:|---:|---:|",
    ]
    for name, label in ROWS_LABELS:
        if name not in median:
            continue
        threads = ""
        if name.endswith("_threads2"):
            threads = ratio(median[name.removesuffix("_threads2")] / median[name])
        lines.append(f"| {label} | {median[name] / rows * 1e9:,.0f} | {ratio(base / median[name])} | {threads} |")
    info = data["machine_info"]
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
    parser.add_argument("--json", type=Path, help="an existing --benchmark-json file")
    args = parser.parse_args()
    if args.json:
        data = json.loads(args.json.read_text())
    else:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "batch.json"
            run_benchmarks(path, [], bench_file=BENCH_FILE)
            data = json.loads(path.read_text())
    print(table(data))
    print()
    print("Peak memory (`python benches/rss_arrow.py --threads N`):")
    print()
    print("\n".join(rss_lines()))
    print()
    print("Command: `python benches/report_batch.py`")


if __name__ == "__main__":
    main()
