"""Ctrl-C stops a long batch (issue 11): `relurl.resolve_many` and `relurl.arrow.resolve`
check for signals between the tasks of the core's scheduler, so SIGINT raises
KeyboardInterrupt within a task's time instead of at the end of the batch.

Each case runs the same batch twice in a subprocess: once to the end (its time measured
there), once with SIGINT sent about 0.3 s into the call; the interrupted run must end in
KeyboardInterrupt well before the uninterrupted run's time. No absolute timing is asserted.

(`relurl.extract_links` takes one page: there is no batch of pages to stop between.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a subprocess is POSIX")

# Each row is slowish (a reference of 100 `../` under RFC 3986: microseconds, so a task of
# the core's scheduler takes tens of milliseconds) and its result short (`http://a/g`), so
# that a batch of seconds needs little memory.
CHILD = textwrap.dedent(
    """
    import sys, time
    import relurl
    kind, rows, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    ref = "../" * 100 + "g"
    if kind == "list":
        refs = [ref] * rows
        call = lambda: relurl.resolve_many("http://a/b/c", refs, spec="rfc3986", threads=threads)
    else:
        import pyarrow as pa
        import relurl.arrow
        # A string_view column whose rows all view the same bytes: no copy per row.
        data = ref.encode()
        view = len(data).to_bytes(4, "little") + data[:4] + bytes(8)
        refs = pa.Array.from_buffers(pa.string_view(), rows, [None, pa.py_buffer(view * rows), pa.py_buffer(data)])
        if kind == "chunked":
            step = max(1, rows // 64)
            refs = pa.chunked_array([refs.slice(i, step) for i in range(0, rows, step)])
        call = lambda: relurl.arrow.resolve("http://a/b/c", refs, spec="rfc3986", threads=threads)
    print("ready", flush=True)
    start = time.perf_counter()
    try:
        result = call()
    except KeyboardInterrupt:
        print("interrupted", time.perf_counter() - start, flush=True)
        sys.exit(3)
    assert len(result) == rows
    print("done", time.perf_counter() - start, flush=True)
    """
)


def run_child(kind: str, rows: int, threads: int, interrupt_after: float | None) -> tuple[str, float]:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, kind, str(rows), str(threads)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    if interrupt_after is not None:
        time.sleep(interrupt_after)
        os.kill(child.pid, signal.SIGINT)
    out, err = child.communicate(timeout=300)
    words = out.split()
    assert len(words) == 2, (out, err)
    status, seconds = words[0], float(words[1])
    assert child.returncode == (3 if status == "interrupted" else 0), (out, err)
    return status, seconds


@pytest.mark.parametrize(
    ("kind", "threads"),
    [("list", 1), ("list", 2), ("array", 1), ("array", 2), ("chunked", 2)],
)
def test_sigint_stops_a_long_batch_early(kind: str, threads: int) -> None:
    rows = 20_000
    status, full = run_child(kind, rows, threads, None)
    # Long enough that an interruption at 0.3 s means something (the machine's speed varies):
    # scaled to this machine's speed at once (to about 1.8 s), doubled again if still short.
    while full < 1.5 and rows < 20_000_000:
        rows = min(20_000_000, max(rows * 2, int(rows * 1.8 / max(full, 1e-3))))
        status, full = run_child(kind, rows, threads, None)
    assert status == "done"
    status, stopped = run_child(kind, rows, threads, 0.3)
    assert status == "interrupted", f"ran to the end: {stopped:.2f} s"
    assert stopped < full * 0.6, f"interrupted after {stopped:.2f} s, the whole batch takes {full:.2f} s"
