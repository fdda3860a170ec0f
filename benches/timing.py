"""The one timer of the ``test_ratios``-style benchmarks in ``benches/``: the fastest of a few
runs of a function, each after a garbage collection (so that one run does not pay for the
previous run's garbage). Imported as ``timing`` (``benches/`` is on ``sys.path`` for pytest's
default import mode and for ``python benches/x.py``)."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

__all__ = ["best_of"]


def best_of(f: Callable[[], object], rounds: int = 7, *, collect: bool = True) -> float:
    """The fastest of `rounds` runs of `f`, in seconds; with `collect`, `gc.collect()` before
    each run (outside the timing)."""
    best = float("inf")
    for _ in range(rounds):
        if collect:
            gc.collect()
        start = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - start)
    return best
