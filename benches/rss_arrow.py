"""Peak memory of one `relurl.arrow.resolve` on 10^6+ rows, against the bytes of its input
and output (issue 6 target: at most 2x).

    python benches/rss_arrow.py            # 10^6 rows (the corpus repeated), threads=1
    python benches/rss_arrow.py --threads 2

The input columns (bases, hrefs: pyarrow `string` arrays) are written to an Arrow IPC file
by a first process, so that the measured process holds them without ever having built them
from Python objects. The measured process reads them, then resets the kernel's peak-RSS mark
(`echo 5 > /proc/self/clear_refs`, which resets VmHWM), runs
`pyarrow.array(relurl.arrow.resolve(bases, hrefs))`, and reads VmHWM. Reported:

- input bytes (the two arrays' buffers) and output bytes (the result's buffers);
- the peak RSS of the run above the RSS before the input was read: what the input, the
  output and relurl's scratch memory cost together, and its ratio to input + output bytes.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from corpus import link_rows


def kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"{field} not in /proc/self/status")


def write_input(path: Path, rows: int) -> None:
    import pyarrow as pa

    pairs = link_rows()
    copies = -(-rows // len(pairs))
    table = pa.table(
        {
            "base": pa.array([p["base"] for _ in range(copies) for p in pairs], pa.string()),
            "href": pa.array([p["href"] for _ in range(copies) for p in pairs], pa.string()),
        }
    )
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_file(sink, table.schema) as writer:
        writer.write_table(table)


def measure(path: Path, threads: int) -> dict[str, float]:
    import pyarrow as pa
    import relurl.arrow

    before_input = kib("VmRSS")
    with pa.OSFile(str(path), "rb") as source:
        table = pa.ipc.open_file(source).read_all()  # read into memory, not mapped
    assert table.column("base").num_chunks == 1, "written as one record batch"
    bases, hrefs = table.column("base").chunk(0), table.column("href").chunk(0)
    del table
    input_bytes = bases.nbytes + hrefs.nbytes
    loaded = kib("VmRSS")
    Path("/proc/self/clear_refs").write_text("5")
    result = pa.array(relurl.arrow.resolve(bases, hrefs, threads=threads))
    peak = kib("VmHWM")
    return {
        "rows": len(result),
        "input_mib": input_bytes / 2**20,
        "output_mib": result.nbytes / 2**20,
        "peak_over_start_mib": (peak - before_input) / 2**10,
        "input_resident_mib": (loaded - before_input) / 2**10,
        "run_mib": (peak - loaded) / 2**10,
        "ratio": (peak - before_input) * 1024 / (input_bytes + result.nbytes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=float, default=1e6)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.threads)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "links.arrow"
        write_input(path, int(args.rows))
        out = subprocess.run(
            [sys.executable, __file__, "--measure", str(path), "--threads", str(args.threads)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    r = json.loads(out)
    print(
        f"rows {r['rows']:,}: input {r['input_mib']:.1f} MiB + output {r['output_mib']:.1f} MiB; "
        f"peak RSS over start {r['peak_over_start_mib']:.1f} MiB = {r['ratio']:.2f}x input+output (target <= 2x); "
        f"of which the input as read {r['input_resident_mib']:.1f} MiB, the run {r['run_mib']:.1f} MiB"
    )


if __name__ == "__main__":
    main()
