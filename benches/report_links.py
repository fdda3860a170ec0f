"""Runs the link extraction benchmarks (benches/test_bench_links.py) and prints a Markdown
table: pages/s and MB/s of HTML per contestant, and relurl's speed-up over each.

Usage, from the repository root::

    python benches/report_links.py                  # 3 runs of the benchmark file, then 30 s interleaved
    python benches/report_links.py --runs 1 --interleaved 0
    python benches/report_links.py --json a.json    # table from existing --benchmark-json files

As in benches/report.py: each ratio is computed within one run (the machine's speed drifts
between runs), the table gives the median over the runs with the lowest and highest, and
the interleaved check times one round of each contestant in turn, over and over, taking
the ratios within each cycle: the steadiest figure on a noisy, shared machine.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import ratio, ratio_cell, run_benchmarks, version_of

BENCH_FILE = Path(__file__).resolve().parent / "test_bench_links.py"
GROUP = "links-corpus"
RELURL = "test_relurl"

#: test name -> (label in docs/benchmarks.md, the benchmark file's function, relurl's target speed-up).
CONTESTANTS = {
    "test_lxml": ("lxml.html: `fromstring` + `make_links_absolute` + `iterlinks`", "run_lxml", 5.0),
    "test_selectolax_urljoin": ("selectolax (Lexbor) + `urllib.parse.urljoin`", "run_selectolax_urljoin", 2.0),
    "test_selectolax_can_ada": (
        "selectolax (Lexbor) + can_ada, base parsed once per page",
        "run_selectolax_can_ada",
        1.0,
    ),
    "test_relurl": ("`relurl.extract_links(html, url)`", "run_relurl", 1.0),
}


def table(runs: list[dict[str, Any]]) -> str:
    per_run = []
    info: dict[str, Any] = {}
    for data in runs:
        benches = {b["name"]: b for b in data["benchmarks"] if b.get("group") == GROUP}
        if not benches:
            sys.exit(f"no benchmark of group {GROUP!r} in the JSON (was the corpus found?)")
        per_run.append({name: b["stats"]["median"] for name, b in benches.items()})
        info = {name: b["extra_info"] for name, b in benches.items()}
    names = [name for name in CONTESTANTS if all(name in run for run in per_run)]
    pages, size = info[RELURL]["pages"], info[RELURL]["bytes"]
    lines = [
        "| Contestant | pages/s | MB/s | links per round | relurl's speed-up | target |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name in names:
        label, _, target = CONTESTANTS[name]
        seconds = statistics.median(run[name] for run in per_run)
        speedups = [run[name] / run[RELURL] for run in per_run]
        notes = info[name]
        links = f"{notes['links']:,}"
        if "differs_from_relurl" in notes:
            links += f" ({notes['differs_from_relurl']:,} of {notes['compared']:,} URLs differ from relurl's"
            links += f", {notes['failures']:,} failures)" if notes["failures"] else ")"
        goal = "" if name == RELURL else f"≥ {target:g}x" if target > 1 else "> 1x"
        lines.append(
            f"| {label} | {pages / seconds:,.0f} | {size / seconds / 1e6:,.1f} | {links} | {ratio_cell(speedups)} | {goal} |"
        )
    return "\n".join(lines)


def interleaved(seconds: float) -> str:
    spec = importlib.util.spec_from_file_location("_bench_links", BENCH_FILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    fns = {}
    for name, (_, fn_name, _) in CONTESTANTS.items():
        try:
            fn = getattr(module, fn_name)
            fn()
        except ImportError:
            continue
        fns[name] = fn
    times: dict[str, list[float]] = {name: [] for name in fns}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(times[RELURL]) < 5:
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    lines = ["| Contestant | pages/s | MB/s | relurl's speed-up |", "|---|---:|---:|---:|"]
    for name in fns:
        ratios = sorted(a / b for a, b in zip(times[name], times[RELURL], strict=False))
        q1, med, q3 = ratios[len(ratios) // 4], statistics.median(ratios), ratios[(3 * len(ratios)) // 4]
        cell = ratio(med) if name == RELURL else f"{ratio(med)} ({ratio(q1)}–{ratio(q3)})"
        t = statistics.median(times[name])
        lines.append(
            f"| {CONTESTANTS[name][0]} | {module.N_PAGES / t:,.0f} | {module.N_BYTES / t / 1e6:,.1f} | {cell} |"
        )
    head = (
        f"Interleaved check: {len(times[RELURL])} cycles, each timing one round of every contestant in turn; "
        "speed-ups taken within each cycle, median (and interquartile range)."
    )
    return head + "\n\n" + "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", type=Path, nargs="+")
    parser.add_argument("--interleaved", type=float, default=30.0, metavar="SECONDS")
    parser.add_argument("pytest_args", nargs="*")
    args = parser.parse_args()
    if args.json:
        runs = [json.loads(path.read_text(encoding="utf-8")) for path in args.json]
    else:
        runs = []
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(args.runs):
                path = Path(tmp) / f"links{i}.json"
                run_benchmarks(path, args.pytest_args, BENCH_FILE)
                runs.append(json.loads(path.read_text(encoding="utf-8")))
    machine = runs[-1].get("machine_info", {})
    cpu = machine.get("cpu", {}).get("brand_raw") or platform.processor() or "unknown CPU"
    print(
        "All the pages of `../shared/corpus/pages/` (55 pages, 7.1 MB of HTML) per round, from bytes to absolute "
        f"URLs; median round time over {len(runs)} run(s); speed-ups = the contestant's time / relurl's, "
        "within each run (median, lowest–highest)."
    )
    print()
    print(table(runs))
    print()
    print(
        f"CPython {machine.get('python_version', platform.python_version())}, {cpu}; relurl {version_of('relurl')}, "
        f"lxml {version_of('lxml')}, selectolax {version_of('selectolax')}, can_ada {version_of('can_ada')}."
    )
    if args.interleaved > 0:
        print()
        print(interleaved(args.interleaved))
    print()
    print(f"Command: `python benches/report_links.py{' --runs ' + str(args.runs) if args.runs != 3 else ''}`")


if __name__ == "__main__":
    main()
