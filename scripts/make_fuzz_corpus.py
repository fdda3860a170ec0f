#!/usr/bin/env python3
"""Writes the fuzz seed corpora, fuzz/corpus/<target>/ (run from anywhere; idempotent).

Seeds: every example of RFC 1808 §5 (and relurl's documented choices) and of RFC 3986 §5.4
from tests/data/*.json, and 50 real (base, href) pairs sampled, with a fixed seed, from
the link corpus ../shared/corpus/links.jsonl (skipped with a note if it is absent), and a
few pairs on the boundaries of the properties' exclusions (BOUNDARY_PAIRS).

The resolve targets read `base NUL reference`; parse, roundtrip and validate read one URL.

`urljoin` reads a selector byte (CPython version, allow_fragments) then `base NUL url`:
every urljoin and urlsplit input of tests/data/urljoin_cases.json (CPython's own
test_urlparse.py inputs and the pinned extras), spread over the eight versions.
`base_header` reads a flags byte then NUL-separated fields (BASE_HEADER_SEEDS).
`whatwg` reads `base NUL input` (the URL Standard parser): every case of
tests/data/whatwg/urltestdata.json (its base, or none: an input alone), and the link pairs.
`extract_links` reads a page: the small HTML_SEEDS below and a few windows of at most
3.5 KB around a `<base href>`, a `srcset` and a meta refresh in ../shared/corpus/pages/.

`scrapy_links` reads a selector byte (CPython version, the extractor's options) then
NUL-separated fields, the base (and `response.url`) and the values: SCRAPY_LINKS_SEEDS.

`whatwg` reads `base NUL reference` (default base RFC 3986 §5.4's): every case of the WPT
URL tests tests/data/whatwg/urltestdata.json (input against its base, or parsed as a base
itself, with an empty reference, when it has none), the 50 link pairs, and WHATWG_SEEDS.

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
PAGES = ROOT.parent / "shared" / "corpus" / "pages"
SAMPLE = 50
WPT = ROOT / "tests" / "data" / "whatwg" / "urltestdata.json"
RFC3986_BASE = "http://a/b/c/d;p?q"

# URL Standard corners for the `whatwg` target, as (base, reference).
WHATWG_SEEDS = [
    ("http://example.com/a/b", "\\\\x\\y\\..\\z"),  # backslashes are slashes in special URLs
    ("foo://h/a/b", "..\\c"),  # ... and data elsewhere
    ("http://h/a", "\t/\nb\r/c"),  # tab and newlines removed anywhere
    ("http://h/a", "  \x01//x.y/  "),  # leading/trailing C0 and space stripped
    ("http://h/", "//0x7f.1/"),
    ("http://h/", "//0300.0250.0.1/"),
    ("http://h/", "//4294967295/"),
    ("http://h/", "//4294967296/"),
    ("http://h/", "//1.2.3.4.5/"),
    ("http://h/", "//1.2.3.09/"),
    ("http://h/", "//foo.0x/"),
    ("http://h/", "//[::1]:80/x"),
    ("http://h/", "//[1:0::]/"),
    ("http://h/", "//[::127.0.0.1]/"),
    ("http://h/", "//[0:0:0:0:0:ffff:1.2.3.4]/"),
    ("http://h/", "//[1::2::3]/"),
    ("http://h/", "//[::1.2.3.]/"),
    ("foo://h/", "//[::1]/p"),
    ("http://h/", "//B\u00fccher.example/"),  # IDN
    ("http://h/", "//xn--bcher-kva.example/"),
    ("http://h/", "//\u2165.example/"),  # NFKC mapping
    ("http://h/", "//a\u3002b/"),  # ideographic full stop
    ("http://h/", "//\uff05\uff14\uff11.com"),  # fullwidth percent
    ("http://h/", "//%zz/"),
    ("http://h/", "//ex%41mple.com/"),
    ("http://h/", "//a b/"),
    ("http://h/", "//user:pa:ss@h:0080/"),
    ("http://h/", "//@h/"),
    ("http://h/", "//h:65536/"),
    ("http://h/", "//h:/"),
    ("file:///C:/a/b", ".."),  # a drive letter is never removed
    ("file:///C:/a/b", "/d:/x"),
    ("file:///C:/a/b", "//host/x"),
    ("file:///C:/a/b", "file:c|/x"),
    ("file://host/share/x", "C|\\y"),
    ("file:///", "//localhost/p"),
    ("file:///", "file://LOCALHOST/p"),
    ("file:///a", "?q"),
    ("file:", "..\\..\\x"),
    ("mailto:a@b", "#f"),  # an opaque path: only a fragment resolves
    ("mailto:a@b", "x"),
    ("data:text/plain,a b  ", "#f"),
    ("javascript:alert(1)", "?q"),
    ("sc:/a/b", "..//c"),  # the `/.` prefix of the serializer
    ("sc:", "//x/../../y"),
    ("web+demo:/.//not-a-host/", ""),
    ("http://h/a/b", "%2e%2E/c"),  # percent-encoded dot segments
    ("http://h/a/b", ".%2e/./%2E"),
    ("http://h/a/b", "c?%\u00e9'\"<>#\u00e9`"),
    ("ws://h/a", "wss:x"),
    ("http://h/a", "http:b"),  # same scheme: relative
    ("http://h/a", "HTTPS:b"),
    ("http://h/a", "a:\t/b"),
    ("http://h/a?q#f", ""),
    ("http://h/a?q#f", "#"),
    ("http://h/a?q#f", "?"),
    ("non-spec:/p", "\u0000x"),
    ("blob:https://a.b/x", "#f"),
]


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


# urljoin: (selector, base, url) on the boundaries of the properties (fuzz/README.md): results
# that a path merge against a scheme-less base writes, which do not read back as themselves
# (so `urljoin(j, j) == j` is asserted only against a base with a scheme), and urlunsplit's
# round trip before 3.12.4 (`////`, `////]`), which is not a fixed point.
URLJOIN_BOUNDARY = [
    (7, "/+", "/../\x16http://h/"),
    (6, "+", "/../HTTP://h"),
    (7 | 8, "+", "/../http://h#x"),
    (6 | 8, "http://a/b", "//h#x"),
    (6, "+", "/../HTTP://[x"),  # a joined path that reads back as an invalid IPv6 URL
    (6, ";", "#"),  # urljoin(b, urljoin(b, u)) != urljoin(b, u): `;` + `#` = ``
    (3 | 8, "ws:#?", "////\x01#?h"),  # before 3.12.4: ws://\x01#?h, joined with itself ws://\x01/#?h
    (4, "http://a/b", "////"),
    (4, "http://a/b", "////]"),
    (6, "http://a/b", "////]"),
]


def urljoin_inputs():
    """`selector base NUL url` for every urljoin input, `selector url` for every urlsplit
    input; the selector's low three bits pick the CPython version, bit 3 allow_fragments=False."""
    data = json.loads((ROOT / "tests" / "data" / "urljoin_cases.json").read_text(encoding="utf-8"))
    blobs = []
    for i, (base, url, allow) in enumerate(data["inputs"]["urljoin"]):
        blobs.append(bytes([i % 8 | (0 if allow else 8)]) + f"{base}\0{url}".encode())
    for i, row in enumerate(data["inputs"]["urlsplit"]):
        url, allow = row[0], row[2]
        blobs.append(bytes([(i + 3) % 8 | (0 if allow else 8)]) + url.encode("utf-8"))
    for selector, base, url in URLJOIN_BOUNDARY:
        blobs.append(bytes([selector]) + f"{base}\0{url}".encode())
    return blobs


# base_header: (flags, fields). Flags bit 0: RFC 3986; bits 1, 2, 3: the retrieval URL, the
# encapsulating base, the <base href> come first, in that order; other fields are headers.
BASE_HEADER_SEEDS = [
    (0, ["Base: <URL:http://www.ics.uci.edu/Test/a/b/c>"]),
    (0, ["<URL: http://a/b\r\n  /c >"]),
    (0, ["base :\t<url:HTTP://a/b>  "]),
    (0, ["<URL:>"]),
    (0, ["<URL:a/b>"]),
    (0, ["<URL:http://a"]),
    (0, ["<URL:http://a> x"]),
    (0, ["http://a/b"]),
    (2, ["http://example.com/dir/page.html"]),
    (2 | 8, ["http://example.com/a/b.html", "\n\t sub/index.html \r\n"]),
    (2 | 4, ["http://example.com/dir/page.html", "http://mail.example/msg/", "Content-Location:../other/"]),
    (
        2,
        [
            "http://example.com/dir/page.html",
            "content-location:http://c/l/",
            "CONTENT-BASE:http://c/b/",
            "base:<URL:http://b/h/>",
            "Base:<URL:http://second/ignored/>",
        ],
    ),
    (2, ["http://example.com/", "Content-Base:   ", "Content-Location:/x"]),
    (2, ["http://example.com/", "Base:<URL:relative>"]),
    (1 | 2 | 8, ["s:/a/../b", "../../c/./d"]),
    (1 | 2 | 4 | 8, ["http://a/b/c/d;p?q", "g;x?y#s", "//h2/p", "../.."]),
    (8, ["sub/"]),
    (4 | 8, ["../p:x", "q"]),
]


def base_header_inputs():
    return [bytes([flags]) + "\0".join(fields).encode("utf-8") for flags, fields in BASE_HEADER_SEEDS]


# extract_links: small pages, one feature each (and all of them at once).
HTML_SEEDS = [
    '<a href="g">x</a>',
    '<a href=" ../x?a=1&amp;b=2 ">x</a><base href="/docs/"><a href="mailto:me@example.com">m</a>',
    '<base href="http://other.example/base/"><base href="ignored/">'
    '<a href="#top">t</a><a href=javascript:void(0)>j</a>',
    '<base target=_top><base href=" sub/ "><img src="i.png" srcset="a.jpg 1x, b.jpg?w=1,2 2x,c.jpg 100w, d.jpg 0w">',
    '<picture><source srcset="s1.webp 1x,s2.webp 2x"><img srcset=",,a.jpg,,b.jpg" src=""></picture>',
    '<meta http-equiv="refresh" content="5; url=/next"><meta http-equiv=Refresh content="0;URL=\'/a b\'junk">',
    '<meta http-equiv="refresh" content="1, /next"><meta content="2;url=x" name=refresh>',
    b'<meta charset="windows-1252"><a href="caf\xe9">c</a>',  # bytes: one windows-1252 byte
    '<template><base href="/t/"><a href="in-template">x</a></template><a href="out">y</a>',
    '<noscript><a href="ns">n</a></noscript><script>document.write("<a href=s>")</script><a href="after">a</a>',
    '<svg><base href="/svg/"></svg><a href="x">x</a>',
    '<form action="/search"><input type=image src="btn.png"></form><blockquote cite="q.html">q</blockquote>',
    '<object data="o.swf"></object><iframe src="//frame.example/f"></iframe><area href="a"><link href="s.css">',
    '<a href="&#x41;&#66&#0;&#x80;&notit;&amp">r</a><a href="a\r\nb\rc\0d&#13;">n</a><a href>e</a>',
    '<!-- <a href="comment"> --><textarea><a href="text"></textarea><title><a href="t"></title><a href=last',
]


def corpus_windows():
    """A window of at most 3.5 KB, cut at tag boundaries, around the first `<base`, `srcset`
    and meta refresh of the first page (by file name) that has one."""
    if not PAGES.exists():
        print(f"note: {PAGES} not found; no real page windows in the seeds", file=sys.stderr)
        return []
    pages = sorted(PAGES.iterdir())
    blobs = []
    for marker in (b"<base ", b"srcset=", b'http-equiv="refresh"'):
        for page in pages:
            html = page.read_bytes()
            at = html.lower().find(marker)
            if at < 0:
                continue
            start = html.rfind(b"<", 0, max(at - 1200, 0) + 1)
            start = max(start, 0)
            end = html.rfind(b">", start, start + 3500)
            blobs.append(html[start : end + 1])
            break
    return blobs


def whatwg_inputs(links):
    """The `whatwg` seeds: WPT's cases, the link pairs, WHATWG_SEEDS."""
    blobs = []
    for case in json.loads(WPT.read_text(encoding="utf-8")):
        if not isinstance(case, dict):
            continue
        base, url = case.get("base"), case["input"]
        if base is None and "\0" not in url:
            base, url = url, ""
        if base is None or "\0" in base:
            base = RFC3986_BASE
        blobs.append(f"{base}\0{url}")
    blobs += [f"{b}\0{r}" for b, r in links + WHATWG_SEEDS]
    return [b.encode("utf-8", "surrogatepass") for b in blobs]


#: `scrapy_links` seeds: (selector, base, response.url or None for the base, values), the
#: bases and values of the unit tests of crates/relurl/src/twins/scrapy/links.rs.
SCRAPY_LINKS_SEEDS = [
    (
        0x03,
        "http://example.com/a/b.html",
        None,
        ["c d.html?b=1&a=\u00e4\n", "http://[x/", "x.PDF", "mailto:a@b", "//www.EXAMPLE.com/"],
    ),
    (
        0x1B,
        "http://example.com/a/b.html",
        None,
        [" x.pdf ", "y.p#f", "http://b.a.com/z", "../q;p?x", "https://a.com/ok", ""],
    ),
    (0x7B, "https://example.com/", None, ["a", "a", "b#x", "/c?", "?q", "#f", "http://e.com:99999/"]),
    (
        0x83,
        "http://example.com/base/",
        "https://a.com/resp/",
        ["x", "http://a.com/\u00e9", "//b.a.com/", "HTTP://A.COM/X"],
    ),
    (0x2C, "http://[::1]/", None, ["x", "http://a.com/%zz", "http://a.com/a b", "\thttp://a.com/\n"]),
    (0x45, "", None, ["http://a.com/", "x", "ftp://a/b", "file:///c"]),
    (0xF9, "ftp://x/", "mailto:x", ["a", "http://a.com/", "https://xn--e-via.com/t.tar.gz"]),
]


def scrapy_links_inputs():
    """The `scrapy_links` seeds: the selector byte, then the fields NUL-separated."""
    blobs = []
    for selector, base, response_url, values in SCRAPY_LINKS_SEEDS:
        fields = [base] + ([response_url] if response_url is not None else []) + values
        blobs.append(bytes([selector]) + "\0".join(fields).encode("utf-8"))
    return blobs


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
    pairs = [f"{b}\0{r}".encode() for b, r, _ in rfc] + [f"{b}\0{h}".encode() for b, h in links + BOUNDARY_PAIRS]
    counts = {}
    for target in ("parse", "roundtrip", "validate"):
        counts[target] = write(target, single)
    for target in ("resolve_rfc1808", "resolve_rfc3986"):
        counts[target] = write(target, pairs)
    counts["urljoin"] = write("urljoin", urljoin_inputs())
    counts["base_header"] = write("base_header", base_header_inputs())
    counts["whatwg"] = write("whatwg", whatwg_inputs(links))
    counts["extract_links"] = write(
        "extract_links", [h if isinstance(h, bytes) else h.encode("utf-8") for h in HTML_SEEDS] + corpus_windows()
    )
    counts["whatwg"] = write("whatwg", whatwg_inputs(links))
    counts["scrapy_links"] = write("scrapy_links", scrapy_links_inputs())
    size = sum(p.stat().st_size for p in CORPUS.rglob("*") if p.is_file())
    print(", ".join(f"{t}: {n}" for t, n in counts.items()), f"seeds; {size} bytes in all")


if __name__ == "__main__":
    main()
