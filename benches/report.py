"""Runs the corpus benchmarks (benches/test_bench_resolve.py) and prints a Markdown table.

Usage, from the repository root::

    python benches/report.py                      # run the benchmarks, print the table
    python benches/report.py --json run.json      # table from an existing --benchmark-json file
    python benches/report.py -- -k "relurl or urljoin"   # extra arguments go to pytest

The table gives, per contestant, the median time per link (median time of one round, which
resolves every link of the corpus once, divided by the number of links) and two speed-up
ratios: urljoin's median over the contestant's, and can_ada's median over the contestant's
("23.4x" = 23.4 times as fast; below 1x = slower).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH_FILE = Path(__file__).resolve().parent / "test_bench_resolve.py"
REPO_ROOT = BENCH_FILE.parents[1]
GROUP = "resolve-corpus"

#: Table order and the short labels used in the README.
ORDER = [
    ("test_urljoin", "`urllib.parse.urljoin(base, href)`"),
    ("test_ada_url", "`ada_url.join_url(base, href)`"),
    ("test_can_ada", "`can_ada`: `(parse(base) + href).href`, base parsed once per page"),
    ("test_relurl_resolve", "`relurl.resolve(base, href)`"),
    ("test_relurl_url_resolve", "`relurl`: `parse(base).resolve(href)`, base parsed once per page"),
    ("test_relurl_resolve_many", "`relurl`: `parse(base).resolve_many(hrefs)`, one call per page"),
]
URLJOIN = "test_urljoin"
CAN_ADA = "test_can_ada"


def run_benchmarks(json_path: Path, extra: list[str]) -> list[str]:
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        str(BENCH_FILE.relative_to(REPO_ROOT)),
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


def ratio(numerator: float | None, denominator: float) -> str:
    if numerator is None:
        return "n/a"
    r = numerator / denominator
    return f"{r:.1f}x" if r >= 1 else f"{r:.2f}x"


def table(data: dict) -> tuple[str, int]:
    benches = {b["name"]: b for b in data["benchmarks"] if b.get("group") == GROUP}
    if not benches:
        sys.exit(f"no benchmark of group {GROUP!r} in the JSON (was the corpus found?)")
    links = {b["extra_info"]["links"] for b in benches.values()}
    if len(links) != 1:
        sys.exit(f"benchmarks disagree on the number of links: {sorted(links)}")
    (n_links,) = links

    def ns_per_link(name: str) -> float | None:
        b = benches.get(name)
        return None if b is None else b["stats"]["median"] * 1e9 / n_links

    urljoin = ns_per_link(URLJOIN)
    can_ada = ns_per_link(CAN_ADA)
    labels = dict(ORDER)
    names = [name for name, _ in ORDER if name in benches]
    names += sorted(set(benches) - set(names))

    lines = [
        "| Contestant | Median ns per link | vs `urljoin` | vs `can_ada` | Rounds | Notes |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name in names:
        b = benches[name]
        ns = ns_per_link(name)
        assert ns is not None
        info = b["extra_info"]
        notes = []
        if "matches_relurl_resolve" in info:
            notes.append("same results as `relurl.resolve`" if info["matches_relurl_resolve"] else "**differs from `relurl.resolve`**")
        else:
            notes.append(f"{info['differs_from_relurl_resolve']:,} results differ from `relurl.resolve`")
        if info.get("failures"):
            notes.append(f"{info['failures']:,} errors")
        lines.append(
            f"| {labels.get(name, name)} | {ns:,.0f} | {ratio(urljoin, ns)} | {ratio(can_ada, ns)} "
            f"| {b['stats']['rounds']} | {'; '.join(notes)} |"
        )
    return "\n".join(lines), n_links


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", type=Path, help="read this pytest-benchmark JSON instead of running the benchmarks")
    parser.add_argument("pytest_args", nargs="*", help="extra arguments for pytest (after --)")
    args = parser.parse_args()

    if args.json:
        data = json.loads(args.json.read_text(encoding="utf-8"))
        cmd_line = f"python benches/report.py --json {args.json}"
        ran = ""
    else:
        with tempfile.TemporaryDirectory() as tmp:
            json_path = Path(tmp) / "bench.json"
            run_benchmarks(json_path, args.pytest_args)
            data = json.loads(json_path.read_text(encoding="utf-8"))
        extra = f" -- {shlex.join(args.pytest_args)}" if args.pytest_args else ""
        cmd_line = f"python benches/report.py{extra}"
        ran = f" (runs `python -m pytest {BENCH_FILE.relative_to(REPO_ROOT)} --benchmark-json=<tmp> -q{extra and ' ' + shlex.join(args.pytest_args)}`)"

    body, n_links = table(data)
    machine = data.get("machine_info", {})
    cpu = machine.get("cpu", {}).get("brand_raw") or platform.processor() or "unknown CPU"
    commit = (data.get("commit_info") or {}).get("id")
    print(
        f"Resolving the {n_links:,} (base, href) pairs of the link corpus (`../shared/corpus/links.jsonl`), "
        "each once per round, in page order; median of the rounds. Ratios are speed-ups "
        "(the other's median time / this one's)."
    )
    print()
    print(body)
    print()
    print(
        f"CPython {machine.get('python_version', platform.python_version())}, "
        f"{machine.get('system', platform.system())} {machine.get('machine', platform.machine())}, "
        f"{cpu}, {os.cpu_count()} CPUs; relurl {version_of('relurl')}"
        f"{f' (commit {commit[:10]})' if commit else ''}, "
        f"can_ada {version_of('can_ada')}, ada-url {version_of('ada-url')}, "
        f"pytest-benchmark {version_of('pytest-benchmark')}."
    )
    print()
    print(f"Command: `{cmd_line}`{ran}")


if __name__ == "__main__":
    main()
