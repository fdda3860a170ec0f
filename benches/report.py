"""Runs the corpus benchmarks (benches/test_bench_resolve.py) and prints a Markdown table.

Usage, from the repository root::

    python benches/report.py                      # run the benchmarks 3 times, print the table
    python benches/report.py --runs 1             # once (quicker, noisier)
    python benches/report.py --interleaved 0      # without the interleaved check
    python benches/report.py --json a.json b.json # table from existing --benchmark-json files
    python benches/report.py -- -k "relurl or urljoin"   # extra arguments go to pytest

The table gives, per contestant, the median time per link (median time of one round, which
resolves every link of the corpus once, divided by the number of links) and two speed-up
ratios: urljoin's median over the contestant's, and can_ada's median over the contestant's
("23.4x" = 23.4 times as fast; below 1x = slower).

Why several runs: on a shared (virtual) machine the speed of the whole machine drifts by
tens of percent over seconds, and pytest-benchmark times the contestants one after the
other, so a single run's ratios move with the drift. Each ratio is computed within a run;
the table shows the median over the runs and the lowest and highest. Then, unless
``--interleaved 0``, the same contestant functions are timed outside pytest-benchmark, one
round of each in turn for about 20 seconds, and the speed-ups are taken within each cycle:
the steadiest figure for checking a target ratio on a noisy machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH_FILE = Path(__file__).resolve().parent / "test_bench_resolve.py"
REPO_ROOT = BENCH_FILE.parents[1]
GROUP = "resolve-corpus"

#: Table order and the short labels used in the docs (docs/benchmarks.md, the README).
ORDER = [
    ("test_urljoin", "`urllib.parse.urljoin(base, href)`"),
    ("test_ada_url", "`ada_url.join_url(base, href)`"),
    ("test_can_ada", "`can_ada`: `(parse(base) + href).href`, base parsed once per page"),
    ("test_relurl_resolve", "`relurl.resolve(base, href)`"),
    ("test_relurl_url_resolve", "`relurl`: `parse(base).resolve(href)`, base parsed once per page"),
    ("test_relurl_resolve_many", "`relurl`: `parse(base).resolve_many(hrefs)`, one call per page"),
    ("test_relurl_rfc3986_many", '`relurl`: `parse(base).resolve_many(hrefs, spec="rfc3986")`, one call per page'),
    ("test_relurl_urljoin", "`relurl.urljoin(base, href)` (the urllib twin: identical results)"),
    ("test_relurl_whatwg_url_resolve", '`relurl`: `URL(base, spec="whatwg").resolve(href)`, base parsed once per page'),
    ("test_relurl_whatwg_many", '`relurl`: `URL(base, spec="whatwg").resolve_many(hrefs)`, one call per page'),
]
URLJOIN = "test_urljoin"
CAN_ADA = "test_can_ada"


def run_benchmarks(json_path: Path, extra: list[str], bench_file: Path = BENCH_FILE) -> list[str]:
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        str(bench_file.relative_to(REPO_ROOT)),
        f"--benchmark-json={json_path}",
        "-q",
        *extra,
    ]
    print("running:", shlex.join(cmd), file=sys.stderr, flush=True)
    # The pytest output (its own table) goes to stderr so that stdout is only the Markdown.
    proc = subprocess.run(cmd, cwd=REPO_ROOT, stdout=sys.stderr, stderr=sys.stderr, check=False)
    if proc.returncode != 0:
        sys.exit(f"pytest exited with status {proc.returncode}")
    return cmd


def version_of(dist: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def ratio(r: float) -> str:
    return f"{r:.1f}x" if r >= 1 else f"{r:.2f}x"


def ratio_cell(ratios: list[float]) -> str:
    """The median ratio over the runs, with the range when there are several runs."""
    if not ratios:
        return "n/a"
    cell = ratio(statistics.median(ratios))
    if max(ratios) - min(ratios) > 1e-9:
        cell += f" ({ratio(min(ratios))}–{ratio(max(ratios))})"
    return cell


def group_of(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    benches = {b["name"]: b for b in data["benchmarks"] if b.get("group") == GROUP}
    if not benches:
        sys.exit(f"no benchmark of group {GROUP!r} in the JSON (was the corpus found?)")
    links = {b["extra_info"]["links"] for b in benches.values()}
    if len(links) != 1:
        sys.exit(f"benchmarks disagree on the number of links: {sorted(links)}")
    return benches, links.pop()


def table(runs: list[dict[str, Any]]) -> tuple[str, int]:
    """One row per contestant: the median over the runs of its median ns per link, and the
    median (and range) over the runs of the per-run speed-up ratios."""
    groups = [group_of(data) for data in runs]
    n_links = groups[0][1]
    if any(n != n_links for _, n in groups):
        sys.exit("the runs disagree on the number of links")
    per_run = [{name: b["stats"]["median"] * 1e9 / n_links for name, b in benches.items()} for benches, _ in groups]
    labels = dict(ORDER)
    everywhere = set.intersection(*(set(ns) for ns in per_run))
    names = [name for name, _ in ORDER if name in everywhere]
    names += sorted(everywhere - set(names))

    lines = [
        "| Contestant | Median ns per link | vs `urljoin` | vs `can_ada` | Notes |",
        "|---|---:|---:|---:|---|",
    ]
    for name in names:
        ns = statistics.median(run[name] for run in per_run)
        vs_urljoin = [run[URLJOIN] / run[name] for run in per_run if URLJOIN in run]
        vs_can_ada = [run[CAN_ADA] / run[name] for run in per_run if CAN_ADA in run]
        info = groups[0][0][name]["extra_info"]
        notes = []
        if info.get("matches_urljoin"):
            notes.append("identical results to `urllib.parse.urljoin`")
        elif info.get("matches_ada"):
            notes.append("identical results to ada's (`ada_url.join_url`)")
        elif "matches_relurl_resolve" in info:
            same = all(benches[name]["extra_info"]["matches_relurl_resolve"] for benches, _ in groups)
            notes.append("same results as `relurl.resolve`" if same else "**differs from `relurl.resolve`**")
        else:
            notes.append(f"{info['differs_from_relurl_resolve']:,} results differ from `relurl.resolve`")
        if info.get("failures"):
            notes.append(f"{info['failures']:,} errors")
        lines.append(
            f"| {labels.get(name, name)} | {ns:,.0f} | {ratio_cell(vs_urljoin)} | {ratio_cell(vs_can_ada)} | {'; '.join(notes)} |"
        )
    return "\n".join(lines), n_links


#: The contestants of the interleaved check: test name -> function in the benchmark file.
INTERLEAVED = {
    "test_urljoin": "run_urljoin",
    "test_ada_url": "run_ada_url",
    "test_can_ada": "run_can_ada",
    "test_relurl_resolve": "run_relurl_resolve",
    "test_relurl_url_resolve": "run_relurl_url_resolve",
    "test_relurl_resolve_many": "run_relurl_resolve_many",
    "test_relurl_rfc3986_many": "run_relurl_rfc3986_many",
    "test_relurl_urljoin": "run_relurl_urljoin",
    "test_relurl_whatwg_url_resolve": "run_relurl_whatwg_url_resolve",
    "test_relurl_whatwg_many": "run_relurl_whatwg_many",
}


def interleaved(seconds: float) -> str:
    """Times the same contestants outside pytest-benchmark, one round of each in turn, over
    and over for about `seconds`; each ratio is taken within one cycle (a fraction of a
    second), so the drift of the machine's speed cancels out."""
    import importlib.util

    import pytest

    spec = importlib.util.spec_from_file_location("_bench_resolve", BENCH_FILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except pytest.skip.Exception as e:
        return f"(interleaved check skipped: {e})"
    fns = {}
    for name, fn_name in INTERLEAVED.items():
        try:
            fn = getattr(module, fn_name)
            fn()  # warm-up; an ImportError here means the peer is not installed
        except ImportError:
            continue
        fns[name] = fn
    n_links = module.N_LINKS
    times: dict[str, list[float]] = {name: [] for name in fns}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(times[URLJOIN]) < 5:
        for name, fn in fns.items():
            start = time.perf_counter_ns()
            fn()
            times[name].append(time.perf_counter_ns() - start)
    cycles = len(times[URLJOIN])
    labels = dict(ORDER)
    lines = [
        "| Contestant | Median ns per link | vs `urljoin` | vs `can_ada` |",
        "|---|---:|---:|---:|",
    ]

    def per_cycle(num: str, den: str) -> str:
        if num not in times:
            return "n/a"
        ratios = sorted(a / b for a, b in zip(times[num], times[den], strict=False))
        q1, med, q3 = ratios[len(ratios) // 4], statistics.median(ratios), ratios[(3 * len(ratios)) // 4]
        return ratio(med) if q3 - q1 < 1e-9 else f"{ratio(med)} ({ratio(q1)}–{ratio(q3)})"

    for name in fns:
        ns = statistics.median(times[name]) / n_links
        lines.append(f"| {labels[name]} | {ns:,.0f} | {per_cycle(URLJOIN, name)} | {per_cycle(CAN_ADA, name)} |")
    head = (
        f"Interleaved check: {cycles} cycles, each timing one round of every contestant in turn "
        "(outside pytest-benchmark); ratios taken within each cycle, median (and interquartile range)."
    )
    return head + "\n\n" + "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="run the benchmark file this many times (default 3)")
    parser.add_argument(
        "--json", type=Path, nargs="+", help="read these pytest-benchmark JSON files (one per run) instead of running"
    )
    parser.add_argument(
        "--interleaved",
        type=float,
        default=20.0,
        metavar="SECONDS",
        help="then time the contestants in turn for about SECONDS and print their speed-ups (default 20; 0: skip)",
    )
    parser.add_argument("pytest_args", nargs="*", help="extra arguments for pytest (after --)")
    args = parser.parse_args()

    if args.json:
        runs = [json.loads(path.read_text(encoding="utf-8")) for path in args.json]
        cmd_line = f"python benches/report.py --json {' '.join(map(str, args.json))}"
        if args.interleaved != 20.0:
            cmd_line += f" --interleaved {args.interleaved:g}"
        ran = ""
    else:
        runs = []
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(args.runs):
                json_path = Path(tmp) / f"bench{i}.json"
                run_benchmarks(json_path, args.pytest_args)
                runs.append(json.loads(json_path.read_text(encoding="utf-8")))
        extra = f" -- {shlex.join(args.pytest_args)}" if args.pytest_args else ""
        options = (f" --runs {args.runs}" if args.runs != 3 else "") + (
            f" --interleaved {args.interleaved:g}" if args.interleaved != 20.0 else ""
        )
        cmd_line = f"python benches/report.py{options}{extra}"
        ran = (
            f" (runs `python -m pytest {BENCH_FILE.relative_to(REPO_ROOT)} --benchmark-json=<tmp> -q"
            f"{extra and ' ' + shlex.join(args.pytest_args)}` {len(runs)} times)"
        )

    body, n_links = table(runs)
    data = runs[-1]
    machine = data.get("machine_info", {})
    cpu = machine.get("cpu", {}).get("brand_raw") or platform.processor() or "unknown CPU"
    commit_info = data.get("commit_info") or {}
    commit = commit_info.get("id")
    commit_note = (
        f" (commit {commit[:10]}{', with uncommitted changes' if commit_info.get('dirty') else ''})" if commit else ""
    )
    n = len(runs)
    print(
        f"Resolving the {n_links:,} (base, href) pairs of the link corpus (`../shared/corpus/links.jsonl`), "
        "each once per round, in page order. ns per link: median time of a round / links"
        + (f", median over {n} runs" if n > 1 else "")
        + ". Ratios are speed-ups (the other's time / this one's) computed within each run"
        + ("; median over the runs, with the lowest and highest in brackets." if n > 1 else ".")
    )
    print()
    print(body)
    print()
    print(
        f"CPython {machine.get('python_version', platform.python_version())}, "
        f"{machine.get('system', platform.system())} {machine.get('machine', platform.machine())}, "
        f"{cpu}, {os.cpu_count()} CPUs; relurl {version_of('relurl')}{commit_note}, "
        f"can_ada {version_of('can_ada')}, ada-url {version_of('ada-url')}, "
        f"pytest-benchmark {version_of('pytest-benchmark')}."
    )
    if args.interleaved > 0:
        print()
        print(interleaved(args.interleaved))
    print()
    print(f"Command: `{cmd_line}`{ran}")


if __name__ == "__main__":
    main()
