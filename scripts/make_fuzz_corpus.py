#!/usr/bin/env python3
"""Writes the fuzz seed corpora, fuzz/corpus/<target>/ (run from anywhere; idempotent).

Seeds: every example of RFC 1808 §5 (and relurl's documented choices) and of RFC 3986 §5.4
from tests/data/*.json, and 50 real (base, href) pairs sampled, with a fixed seed, from
the link corpus ../shared/corpus/links.jsonl (skipped with a note if it is absent), and a
few pairs on the boundaries of the properties' exclusions (BOUNDARY_PAIRS).

The resolve targets read `base NUL reference`; parse, roundtrip and validate read one URL.
Files are named by the SHA-1 of their content, as libFuzzer names the inputs it keeps.
"""
import hashlib
import json
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"
LINKS = ROOT.parent / "shared" / "corpus" / "links.jsonl"
SAMPLE = 50


def rfc_pairs():
    pairs = []
    for name in ("rfc1808_examples.json", "rfc3986_examples.json"):
        data = json.loads((ROOT / "tests" / "data" / name).read_text(encoding="utf-8"))
        for row in data["examples"] + data.get("choices", []):
            pairs.append((row["base"], row["reference"], row["expected"]))
    return pairs


# Where the properties draw a line (fuzz/README.md): each pair sits on one side of an
# exclusion, so a replay of the seeds checks that the line is where the README says.
BOUNDARY_PAIRS = [
    ("s:/a/../b", ""),  # RFC 3986 keeps the base's dot segments for an empty reference
    ("s:/a/../b", "?y#s"),
    ("q", "../p:x"),  # RFC 3986 against a scheme-less base: p:x reads back with a scheme
    ("s:/q", "..//g"),  # RFC 3986: s://g reads back with the authority g
    ("http://a", "?y"),  # RFC 1808 http://a/?y, RFC 3986 http://a?y
    ("http://a", "g"),
    ("http://a/b", "///g"),  # RFC 1808 inherits the net_loc, RFC 3986 keeps it empty
    ("http://a/b#f", ""),  # RFC 1808 keeps the base fragment, RFC 3986 drops it
    ("b", "c/d:e"),
    ("s:x/y", "z"),
]


def link_pairs():
    if not LINKS.exists():
        print(f"note: {LINKS} not found; no real hrefs in the seeds", file=sys.stderr)
        return []
    rows = [json.loads(line) for line in LINKS.read_text(encoding="utf-8").splitlines() if line.strip()]
    seen, unique = set(), []
    for row in rows:
        if row["href"] not in seen:
            seen.add(row["href"])
            unique.append((row["base"], row["href"]))
    return random.Random(1808).sample(unique, min(SAMPLE, len(unique)))


def write(target, blobs):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    for blob in sorted(set(blobs)):
        (folder / hashlib.sha1(blob).hexdigest()).write_bytes(blob)
    return len(set(blobs))


def main():
    rfc = rfc_pairs()
    links = link_pairs()
    urls = set()
    for base, reference, expected in rfc:
        urls.update((base, reference, expected))
    for base, href in links + BOUNDARY_PAIRS:
        urls.update((base, href))
    single = [u.encode("utf-8") for u in urls]
    pairs = [f"{b}\0{r}".encode("utf-8") for b, r, _ in rfc] + [f"{b}\0{h}".encode("utf-8") for b, h in links + BOUNDARY_PAIRS]
    counts = {}
    for target in ("parse", "roundtrip", "validate"):
        counts[target] = write(target, single)
    for target in ("resolve_rfc1808", "resolve_rfc3986"):
        counts[target] = write(target, pairs)
    size = sum(p.stat().st_size for p in CORPUS.rglob("*") if p.is_file())
    print(", ".join(f"{t}: {n}" for t, n in counts.items()), f"seeds; {size} bytes in all")


if __name__ == "__main__":
    main()
