"""Linear time and memory on adversarial input: each family at size n and 10n.

    python benches/linearity.py              # the table (a few minutes)
    python benches/linearity.py --strict     # exit 1 if a time ratio exceeds 12 for 10x input
    python benches/linearity.py --family dotdot
    python benches/linearity.py --family arrow_chunks --family arrow_base_chunks --strict

For each family of tests/test_adversarial.py (and a few more that would expose a quadratic
step), each entry point is timed at size n and at 10n: `relurl.resolve` (RFC 1808 and
RFC 3986), `URL.resolve` on a parsed base, `relurl.urljoin`, `relurl.validate` and
`relurl.parse` (an exception, where that is the answer, is part of the call); the `idn_`
families (hosts: UTS #46 and Punycode) time `relurl.parse` and `relurl.resolve` with
`spec="whatwg"`; the Arrow
families time `relurl.arrow.resolve` on columns cut into n and 10n chunks of 10 rows (one
chunk per page: a chunked base column was once walked whole for each chunk of references,
issue 10 item 3). The surt families time `relurl.surt` (str, the default canonicalizer;
bytes, the Google one), `relurl.arrow.surt` on a column of the one URL and `relurl surt`
(its loop, in this process) on hostile URLs (nested percent-encodings, which surt decodes
"until nothing changes": quadratic when done pass by pass, issue 22 item 10). The standard
input family times `relurl domain` reading one long line from a file (each read's line once
joined again and searched whole: quadratic in the line's length, fixed 2026-11-27); the page
family times `relurl.scrapy.LinkExtractor` with two `attrs` on an element of many attributes
(quadratic through lxml's `el.items()`, fixed 2026-11-27). Every
measurement runs in a fresh subprocess, so no call inherits memory or a grown buffer from
another; each size is measured in --rounds processes (n, 10n, n, 10n, ...) and the fastest
counts. Time: the fastest of 7 batches of calls (a batch takes at least 20 ms of this
process's CPU time, so that other processes on the machine do not count), per call.
Memory: the peak RSS of one call over the RSS just before it, read from /proc/self/status
after resetting the peak (`echo 5 > /proc/self/clear_refs`), since Rust's allocations are
invisible to tracemalloc; it includes the result string. Linear means a time ratio near 10
(target: at most 12) and memory that grows with the input, not faster; for the `idn_`
families (Punycode, O(n log n) by design) the ratio is measured against 10 log(10n) / log(n)
(about 12 to 12.7 at their sizes) and the worst ratio reported scaled to 10. Beyond a few MB
the memory system shows (the 32 MiB L3 cache; glibc serves blocks over 32 MiB by mmap, so
each such result string is page-faulted anew): `--sizes 1,10,100` shows that step.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import relurl
import relurl.arrow

BASE = "http://a/b/c/d;p?q#f"

#: family -> (description, n, build(n) -> (base, reference))
FAMILIES: dict[str, tuple[str, int, Callable[[int], tuple[str, str]]]] = {
    "dotdot": ("`'../' * n + 'g'`", 100_000, lambda n: (BASE, "../" * n + "g")),
    "dot": ("`'./' * n + 'g'`", 100_000, lambda n: (BASE, "./" * n + "g")),
    "empty": ("`'x' + '/' * n + 'g'` (empty segments)", 100_000, lambda n: (BASE, "x" + "/" * n + "g")),
    "emptyabs": ("`'/' * n + 'g'` (empty net_loc, empty segments)", 100_000, lambda n: (BASE, "/" * n + "g")),
    "long": ("`'x' * n` (one segment; 10n = 10 MB)", 1_000_000, lambda n: (BASE, "x" * n)),
    "segments": ("`'a/' * n` (n segments; 10n = 10 MB)", 500_000, lambda n: (BASE, "a/" * n)),
    "climb": (
        "base `'http://a/' + 'x/' * n`, reference `'../' * n + 'g'`",
        100_000,
        lambda n: ("http://a/" + "x/" * n, "../" * n + "g"),
    ),
    "semicolons": ("`';' * n`", 100_000, lambda n: (BASE, ";" * n)),
    "questions": ("`'?' * n`", 100_000, lambda n: (BASE, "?" * n)),
    "controls": ("`'g' + '\\t\\n\\x00\\x7f' * n`", 100_000, lambda n: (BASE, "g" + "\t\n\x00\x7f" * n)),
    "space_at_end": ("`'x' * n + ' '` (validate fails at the end)", 1_000_000, lambda n: (BASE, "x" * n + " ")),
    "non_ascii": ("`'é/' * n`", 100_000, lambda n: (BASE, "é/" * n)),
    "astral": ("`'\\U0010ffff/' * n`", 100_000, lambda n: (BASE, "\U0010ffff/" * n)),
    "surrogate_at_end": (
        "`'x' * n + '\\ud800'` (URLError at the end)",
        1_000_000,
        lambda n: (BASE, "x" * n + "\ud800"),
    ),
    # Hosts by the URL Standard (UTS #46 and Punycode, which RFC 3492 writes quadratic: the
    # encoder scans the label once per distinct code point, the decoder inserts into the middle).
    "idn_label": (
        "`'http://' + 'ü' * n + '/'` (one label, no length cap)",
        100_000,
        lambda n: (BASE, "http://" + "\u00fc" * n + "/"),
    ),
    "idn_distinct": (
        "`'http://'` + n distinct CJK ideographs `+ '/'` (Punycode's worst case: O(n^2) by RFC 3492)",
        6_000,
        lambda n: (BASE, "http://" + cjk(n) + "/"),
    ),
    "idn_decode": (
        "`'http://ü.'` + the Punycode host of n distinct CJK ideographs `+ '/'` (decoded, validated)",
        6_000,
        lambda n: (BASE, "http://\u00fc." + relurl.parse("http://" + cjk(n) + "/", spec="whatwg").host + "/"),
    ),
    "idn_bad_punycode": (
        "`'http://ü.xn--' + 'a' * n + '/'` (n insertions of U+0080, then URLError)",
        100_000,
        lambda n: (BASE, "http://\u00fc.xn--" + "a" * n + "/"),
    ),
    "idn_marks": (
        "`'http://a' + '\\u0301\\u0316' * n + '/'` (NFC reorders every pair)",
        50_000,
        lambda n: (BASE, "http://a" + "\u0301\u0316" * n + "/"),
    ),
    "idn_joiners": (
        "`'http://' + '\\u0628\\u200c' * n + '\\u0628/'` (ZWNJ context, Bidi rule)",
        50_000,
        lambda n: (BASE, "http://" + "\u0628\u200c" * n + "\u0628/"),
    ),
}

#: The entry points of the families named here (the others: OPERATIONS).
FAMILY_OPERATIONS = {family: ["parse whatwg", "resolve whatwg"] for family in FAMILIES if family.startswith("idn_")}

#: Families whose bound is O(n log n), not O(n): Punycode, whose encoder counts, for each code
#: point, the smaller ones before it (a Fenwick tree), and whose decoder places each insertion
#: (the same). Their expected time ratio is the input ratio times log(10n) / log(n).
N_LOG_N = set(FAMILY_OPERATIONS)


def cjk(n: int) -> str:
    """n CJK ideographs, distinct up to 63,712: U+4E00..U+9FFF, then U+20000..U+2A6DF (valid in UTS #46;
    Punycode's deltas stay within RFC 3492's 32 bits, which a label with more code points below the
    jump to plane 2 would overflow, a failure by the RFC)."""
    ideographs = [*range(0x4E00, 0xA000), *range(0x20000, 0x2A6E0)]
    return "".join(chr(ideographs[i % len(ideographs)]) for i in range(n))


#: Arrow families: family -> (description, n chunks, chunked bases?, chunked references?).
ARROW_FAMILIES: dict[str, tuple[str, int, bool, bool]] = {
    "arrow_chunks": ("`relurl.arrow.resolve`, bases and references in n chunks of 10 rows", 6_400, True, True),
    "arrow_base_chunks": (
        "`relurl.arrow.resolve`, bases in n chunks of 10 rows, references one array",
        6_400,
        True,
        False,
    ),
}
ARROW_OPERATION = "arrow.resolve"

SESSION_ID = "a" * 24

#: surt families: family -> (description, n, build(n) -> URL).
SURT_FAMILIES: dict[str, tuple[str, int, Callable[[int], str]]] = {
    "surt_path": ("surt: path `'%' + '25' * n + '41'`", 100_000, lambda n: "http://a.com/%" + "25" * n + "41"),
    "surt_host": ("surt: host `'a%' + '25' * n + '41.com'`", 100_000, lambda n: "http://a%" + "25" * n + "41.com/"),
    "surt_query": ("surt: query `'%' + '25' * n + '41'`", 100_000, lambda n: "http://a.com/?%" + "25" * n + "41"),
    "surt_flat": ("surt: path `'%25' * n + '41'`", 100_000, lambda n: "http://a.com/" + "%25" * n + "41"),
    "surt_aspx": (
        "surt: path `'/x.aspx' + '/(' + 'a' * 24 + ')' * n` (session ids, no .aspx after)",
        10_000,
        lambda n: "http://a.com/x.aspx" + f"/({SESSION_ID})" * n + "/",
    ),
    "surt_cfid": ("surt: query `'cfid=' * n`", 100_000, lambda n: "http://a.com/?" + "cfid=" * n),
}
SURT_OPERATIONS = ["surt", "surt google", "arrow.surt", "relurl surt"]


def surt_operations(url: str) -> dict[str, Callable[[], object]]:
    import argparse
    import io

    import pyarrow as pa
    from relurl.cli import _surt as _surt_cli

    column = pa.array([url], pa.string())
    raw = url.encode()
    cli_args = argparse.Namespace(
        urls=[], with_scheme=False, trailing_comma=False, no_reverse_ipaddr=False, keep_www=False, no_surt=False
    )
    return {
        "surt": lambda: relurl.surt(url),
        "surt google": lambda: relurl.surt(raw, "google"),
        "arrow.surt": lambda: relurl.arrow.surt(column),
        "relurl surt": lambda: _surt_cli.run(cli_args, io.BytesIO(raw), io.BytesIO(), io.StringIO()),
    }


#: Standard input families: family -> (description, n bytes, build(n) -> the input's bytes).
#: One long line read from a file descriptor, as the commands read standard input
#: (`relurl.cli._common.read_raw_batches`, 64 KiB a read): a line once joined again and
#: searched whole at each read was quadratic in its length.
STDIN_FAMILIES: dict[str, tuple[str, int, Callable[[int], bytes]]] = {
    "stdin_long_line": (
        "standard input: one line `'a.' * (n // 2) + 'co.uk'`",
        100_000,
        lambda n: b"a." * (n // 2) + b"co.uk\n",
    ),
}
STDIN_OPERATIONS = ["relurl domain"]

#: Page families: family -> (description, n, build(n) -> an HTML page's bytes), each page's
#: links extracted by `relurl.scrapy.LinkExtractor(attrs=("href", "src"))` from a response
#: parsed beforehand (libxml2's parse of an element of n attributes is quadratic itself, for
#: Scrapy as for relurl). An element's attributes read with lxml's `el.items()` were quadratic
#: in their number (found by a probe, fixed 2026-11-27).
PAGE_FAMILIES: dict[str, tuple[str, int, Callable[[int], bytes]]] = {
    "linkextractor_attrs": (
        "`LinkExtractor(attrs=('href', 'src'))`: one `<a>` of n attributes",
        5_000,
        lambda n: ("<a " + " ".join(f"d{i}=x" for i in range(n)) + " href=/p>x</a>").encode(),
    ),
}
PAGE_OPERATIONS = ["relurl.scrapy.LinkExtractor.extract_links"]


def page_call(family: str, n: int) -> tuple[Callable[[], object], int]:
    """`LinkExtractor(attrs=("href", "src")).extract_links` on a response of the page, parsed
    beforehand (its tree kept by the response, as Scrapy keeps it)."""
    from relurl.scrapy import LinkExtractor
    from scrapy.http import HtmlResponse

    body = PAGE_FAMILIES[family][2](n)
    extractor = LinkExtractor(attrs=("href", "src"))
    response = HtmlResponse("http://example.com/", body=body, encoding="utf-8")
    response.selector.root  # the parse, before the timed calls

    def call() -> object:
        return extractor.extract_links(response)

    return call, len(body)


def stdin_call(family: str, n: int) -> tuple[Callable[[], object], int]:
    """`relurl domain` (its loop, in this process) reading the family's input from a file."""
    import argparse
    import io
    import tempfile

    from relurl.cli import _domain as _domain_cli

    data = STDIN_FAMILIES[family][2](n)
    with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(data)
    args = argparse.Namespace(items=[], suffix=False, icann_only=False, list=None)

    def call() -> object:
        with open(f.name, "rb") as stdin:
            return _domain_cli.run(args, stdin, io.StringIO(), io.StringIO())

    return call, len(data)


def arrow_call(family: str, chunks: int) -> tuple[Callable[[], object], int]:
    """The call of an Arrow family on `chunks` chunks of 10 rows, and its input bytes."""
    import pyarrow as pa

    _, _, chunked_bases, chunked_refs = ARROW_FAMILIES[family]
    rows = 10 * chunks
    bases = [f"http://h{i // 10}.example/a/b/c" for i in range(rows)]
    refs = [f"../p{i}/q?{i}" for i in range(rows)]

    def column(values: list[str], chunked: bool) -> Any:
        if chunked:
            return pa.chunked_array([values[i : i + 10] for i in range(0, rows, 10)], pa.string())
        return pa.array(values, pa.string())

    base_column, ref_column = column(bases, chunked_bases), column(refs, chunked_refs)
    size = sum(len(s) for s in bases) + sum(len(s) for s in refs)
    return (lambda: relurl.arrow.resolve(base_column, ref_column)), size


def operations(base: str, ref: str) -> dict[str, Callable[[], object]]:
    try:
        parsed: relurl.URL | None = relurl.parse(base)
    except relurl.URLError:
        parsed = None

    def guarded(call: Callable[[], object]) -> Callable[[], object]:
        def run() -> object:
            try:
                return call()
            except relurl.URLError as e:
                return e

        return run

    ops = {
        "resolve": guarded(lambda: relurl.resolve(base, ref)),
        "resolve 3986": guarded(lambda: relurl.resolve(base, ref, spec="rfc3986")),
        "URL.resolve": guarded(lambda: parsed.resolve(ref) if parsed else None),
        "urljoin": guarded(lambda: relurl.urljoin(base, ref)),
        "validate": guarded(lambda: relurl.validate(ref)),
        "parse": guarded(lambda: relurl.parse(ref)),
        "parse whatwg": guarded(lambda: relurl.parse(ref, spec="whatwg")),
        "resolve whatwg": guarded(lambda: relurl.resolve(base, ref, spec="whatwg")),
    }
    return ops


def status_kib(field: str) -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(field)


def reset_peak() -> bool:
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
        return True
    except OSError:
        return False


def measure(call: Callable[[], object]) -> dict[str, float]:
    gc.collect()
    exact = reset_peak()
    before = status_kib("VmRSS")
    result = call()
    peak = status_kib("VmHWM") if exact else status_kib("VmRSS")
    del result

    # Time: batches of at least 20 ms, the fastest of 7.
    def batch(loops: int) -> float:  # CPU time: the machine's other processes do not count
        t = time.process_time()
        for _ in range(loops):
            call()
        return time.process_time() - t

    loops = 1
    while (elapsed := batch(loops)) < 0.02:
        loops = max(loops * 2, int(loops * 0.025 / max(elapsed, 1e-7)))
    best = min([elapsed / loops] + [batch(loops) / loops for _ in range(6)])
    return {"seconds": best, "extra_kib": max(0, peak - before)}


OPERATIONS = ["resolve", "resolve 3986", "URL.resolve", "urljoin", "validate", "parse"]


def worker(family: str, n: int, op: str) -> None:
    if family in PAGE_FAMILIES:
        call, size = page_call(family, n)
        out = measure(call)
        out["bytes"] = size
        print(json.dumps(out))
        return
    if family in STDIN_FAMILIES or family in ARROW_FAMILIES:
        call, size = stdin_call(family, n) if family in STDIN_FAMILIES else arrow_call(family, n)
        out = measure(call)
        out["bytes"] = size
        print(json.dumps(out))
        return
    if family in SURT_FAMILIES:
        url = SURT_FAMILIES[family][2](n)
        out = measure(surt_operations(url)[op])
        out["bytes"] = len(url)
        print(json.dumps(out))
        return
    base, ref = FAMILIES[family][2](n)
    out = measure(operations(base, ref)[op])
    out["bytes"] = len((base + ref).encode("utf-8", "surrogatepass"))
    print(json.dumps(out))


def run_worker(family: str, n: int, op: str) -> dict[str, Any]:
    """One measurement in a fresh interpreter: no memory or buffer left by another call."""
    done = subprocess.run(
        [sys.executable, __file__, "--worker", family, str(n), op], check=True, capture_output=True, text=True
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def fmt_time(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--worker", nargs=3, metavar=("FAMILY", "N", "OP"), help=argparse.SUPPRESS)
    parser.add_argument(
        "--family",
        action="append",
        choices=sorted([*FAMILIES, *ARROW_FAMILIES, *SURT_FAMILIES, *STDIN_FAMILIES, *PAGE_FAMILIES]),
        help="only these families",
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 if a time ratio exceeds 12")
    parser.add_argument(
        "--rounds", type=int, default=2, help="fresh processes per size, alternating; the fastest counts"
    )
    parser.add_argument("--sizes", default="1,10", help="multiples of each family's n (default 1,10; try 1,10,100)")
    args = parser.parse_args()
    if args.worker:
        worker(args.worker[0], int(args.worker[1]), args.worker[2])
        return
    multiples = [int(m) for m in args.sizes.split(",")]
    labels = ["n" if m == 1 else f"{m}n" for m in multiples]

    print(f"relurl {relurl.__version__} ({relurl._relurl.__file__}), Python {sys.version.split()[0]}")
    print(
        f"time: fastest of 7 batches in each of {args.rounds} fresh processes per size, per call; "
        "memory: peak RSS of one call over the RSS before it\n"
    )
    steps = list(zip(labels, labels[1:], multiples, multiples[1:], strict=False))
    print(
        "| family | n | entry point | "
        + " | ".join(f"time at {label}" for label in labels)
        + " | "
        + " | ".join(f"ratio {b}/{a} (input x{mb // ma})" for a, b, ma, mb in steps)
        + " | "
        + " | ".join(f"peak extra at {label}" for label in labels)
        + f" | extra per input byte at {labels[-1]} |"
    )
    print("|---|---:|---|" + "---:|" * (2 * len(labels) + len(steps) + 1))
    worst = 0.0
    for family in args.family or [*FAMILIES, *ARROW_FAMILIES, *SURT_FAMILIES, *STDIN_FAMILIES, *PAGE_FAMILIES]:
        if family in PAGE_FAMILIES:
            description, n, _ = PAGE_FAMILIES[family]
            family_operations = PAGE_OPERATIONS
        elif family in STDIN_FAMILIES:
            description, n, _ = STDIN_FAMILIES[family]
            family_operations = STDIN_OPERATIONS
        elif family in SURT_FAMILIES:
            description, n, _ = SURT_FAMILIES[family]
            family_operations = SURT_OPERATIONS
        elif family in ARROW_FAMILIES:
            description, n = ARROW_FAMILIES[family][:2]
            family_operations = [ARROW_OPERATION]
        else:
            description, n, _ = FAMILIES[family]
            family_operations = FAMILY_OPERATIONS.get(family, OPERATIONS)
        for op in family_operations:
            runs: dict[int, list[dict[str, Any]]] = {m * n: [] for m in multiples}
            for _ in range(args.rounds):  # n, 10n, n, 10n, ...: every size sees the same machine
                for size in runs:
                    runs[size].append(run_worker(family, size, op))
            best = [min(runs[m * n], key=lambda r: r["seconds"]) for m in multiples]
            ratios = []
            for (_, _, ma, mb), x, y in zip(steps, best, best[1:], strict=False):
                ratio = y["seconds"] / x["seconds"]
                expected = mb / ma
                if family in N_LOG_N:
                    expected *= math.log(mb * n) / math.log(ma * n)
                worst = max(worst, ratio / expected * 10)
                ratios.append(f"{ratio:.1f}x" + (" **!**" if ratio > 1.2 * expected else ""))
            per_byte = best[-1]["extra_kib"] * 1024 / best[-1]["bytes"]
            print(
                f"| {description} | {n:,} | `{op}` | "
                + " | ".join(fmt_time(r["seconds"]) for r in best)
                + " | "
                + " | ".join(ratios)
                + " | "
                + " | ".join(f"{r['extra_kib']:,} KiB" for r in best)
                + f" | {per_byte:.2f} |"
            )
    print(f"\nworst time ratio per 10x input: {worst:.1f}x (target: at most 12x)")
    if args.strict and worst > 12:
        sys.exit(1)


if __name__ == "__main__":
    main()
