"""relurl.surt against the Internet Archive's surt package (surt.surt, 0.3.1): the same key,
or the same exception (type and message), for every input, str and bytes.

Differential throughout: every URL of the link corpus (../shared/corpus/links.jsonl: pages,
bases, hrefs and the links they resolve to) with the default options (pywb's call,
`surt.surt(url)`) and with every combination of the writer's options and `host_massage`, and
at least 20,000 generated cases (hosts with case, www prefixes, IPv4 forms, ports,
percent-encodings, session ids in paths and queries, queries to sort, fragments, userinfo,
dots) under generated options.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import relurl
import relurl.arrow
from conftest import DATA, corpus_pairs, outcome
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

surt_package = pytest.importorskip("surt")
from surt import GoogleURLCanonicalizer, IAURLCanonicalizer  # noqa: E402
from surt.handyurl import handyurl  # noqa: E402

#: In CI (CI=true) the corpus is there: missing, the corpus test fails instead of skipping.
IN_CI = os.environ.get("CI") == "true"
LINKS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "links.jsonl"

#: Hypothesis examples, each a batch of BATCH generated URLs (checked as str and as bytes).
EXAMPLES = 600
BATCH = 40
assert EXAMPLES * BATCH >= 20_000
SHARE = float(os.environ.get("RELURL_HYPOTHESIS_SHARE", "1"))

#: relurl.surt's canonicalizer names and the surt module each stands for.
CANONICALIZERS: dict[str | None, Any] = {
    None: None,
    "default": None,
    "google": GoogleURLCanonicalizer,
    "ia": IAURLCanonicalizer,
}

#: The IDNA step (GoogleURLCanonicalizer: `host.decode('utf-8', 'ignore').encode('idna')`)
#: comes from the core's idna2003 module. Were it not wired in, the cases whose host is not
#: ASCII after percent-decoding would be skipped (and counted), and only those.
IDNA_WIRED = True
SKIPPED_NON_ASCII_HOSTS: set[str] = set()


def needs_idna(url: str | bytes) -> bool:
    """Whether surt's Google canonicalizer would IDNA-encode the host of `url`."""
    raw = url if isinstance(url, bytes) else url.encode("utf-8", "surrogatepass")
    try:
        host = handyurl.parse(raw).host
    except Exception:
        return False
    return bool(host) and not GoogleURLCanonicalizer.unescapeRepeatedly(host).isascii()


def differences(urls: list[str], **options: Any) -> list[tuple[Any, ...]]:
    """The inputs (str and bytes) where relurl.surt and surt.surt disagree under `options`."""
    canonicalizer = options.pop("canonicalizer", None)
    theirs = CANONICALIZERS[canonicalizer]
    found = []
    for url in urls:
        if not IDNA_WIRED and needs_idna(url):
            SKIPPED_NON_ASCII_HOSTS.add(url)
            continue
        inputs: list[str | bytes] = [url]
        if not any(0xD800 <= ord(c) <= 0xDFFF for c in url):
            inputs.append(url.encode("utf-8"))
        for item in inputs:
            expected = outcome(surt_package.surt, item, theirs, **options)
            actual = outcome(relurl.surt, item, canonicalizer, **options)
            if expected != actual:
                found.append((item, options, canonicalizer, expected, actual))
    return found


def corpus_urls() -> list[str]:
    """Every URL of the link corpus: pages, bases, hrefs and the resolved links, once each."""
    if LINKS.exists():
        rows = [json.loads(line) for line in LINKS.read_text(encoding="utf-8").splitlines() if line]
        pairs = [(row["base"], row["href"]) for row in rows]
        pages = [row["page"] for row in rows]
    elif IN_CI:
        pytest.fail(f"the link corpus is missing: {LINKS}")
    else:
        pairs = corpus_pairs()
        pages = []
    resolved = []
    for base, href in pairs:
        try:
            resolved.append(relurl.resolve(base, href))
        except relurl.URLError:
            pass
    return list(dict.fromkeys([*pages, *(b for b, _ in pairs), *(h for _, h in pairs), *resolved]))


@pytest.fixture(scope="module")
def corpus() -> list[str]:
    urls = corpus_urls()
    assert len(urls) > 1000
    return urls


def test_corpus_default_options(corpus: list[str]) -> None:
    """pywb's call, `surt.surt(url)`, on every corpus URL as str and as bytes."""
    assert differences(corpus) == []


WRITER_OPTIONS = ("surt", "with_scheme", "trailing_comma", "reverse_ipaddr", "host_massage")


@pytest.mark.parametrize(
    "combination",
    list(itertools.product((False, True), repeat=len(WRITER_OPTIONS))),
    ids=lambda c: "".join("01"[v] for v in c),
)
def test_corpus_option_combinations(corpus: list[str], combination: tuple[bool, ...]) -> None:
    """Every combination of surt's writer options and host_massage on every corpus URL."""
    options = dict(zip(WRITER_OPTIONS, combination, strict=True))
    # The bytes twin is the same code as str's (checked with the defaults above): str only here.
    found = []
    for url in corpus:
        if not IDNA_WIRED and needs_idna(url):
            SKIPPED_NON_ASCII_HOSTS.add(url)
            continue
        if outcome(surt_package.surt, url, **options) != outcome(relurl.surt, url, **options):
            found.append(url)
    assert found == []


@pytest.mark.parametrize("canonicalizer", ["google", "ia"])
def test_corpus_canonicalizers(corpus: list[str], canonicalizer: str) -> None:
    """Each of surt's two canonicalizers alone on every corpus URL."""
    assert differences(corpus, canonicalizer=canonicalizer) == []


# --- Examples that pin behaviour down (each fails if a rule of surt is lost) ---------------

#: (url, options, expected key) rows of tests/data/surt_examples.json (cargo test reads it too):
#: `options` are surt.surt's keyword arguments, `canonicalizer` by relurl's name for it.
with open(DATA / "surt_examples.json", encoding="utf-8") as _f:
    EXAMPLES_TABLE: list[dict[str, Any]] = json.load(_f)["examples"]


@pytest.mark.parametrize(
    ("url", "options", "key"),
    [pytest.param(row["url"], row["options"], row["expected"], id=str(i)) for i, row in enumerate(EXAMPLES_TABLE)],
)
def test_examples(url: str, options: dict[str, Any], key: str) -> None:
    options = dict(options)
    canonicalizer = options.pop("canonicalizer", None)
    assert surt_package.surt(url, CANONICALIZERS[canonicalizer], **options) == key
    assert relurl.surt(url, canonicalizer, **options) == key
    assert relurl.surt(url.encode(), canonicalizer, **options) == key.encode()


def test_errors_are_surt_errors() -> None:
    """The same exception types as surt: a port urllib refuses, a blank URL, a huge number."""
    for url in ("http://x.com:abc/", "http://x.com:99999/", "http://x.com:-1/"):
        with pytest.raises(ValueError):
            surt_package.surt(url)
        with pytest.raises(ValueError, match="Port"):
            relurl.surt(url)
    for url in (" ", "\t\n"):
        with pytest.raises(AttributeError):
            surt_package.surt(url)
        with pytest.raises(AttributeError):
            relurl.surt(url)
    with pytest.raises(ValueError):
        surt_package.surt("http://" + "1" * 4301 + "/")
    with pytest.raises(ValueError, match="4300"):
        relurl.surt("http://" + "1" * 4301 + "/")
    assert relurl.surt("http://" + "1" * 4300 + "/") == surt_package.surt("http://" + "1" * 4300 + "/")
    # The running Python's limit: sys.set_int_max_str_digits.
    limit = sys.get_int_max_str_digits()
    try:
        for digits in (0, 5000):
            sys.set_int_max_str_digits(digits)
            for url in ("http://" + "1" * 4301 + "/", "http://x:" + "0" * 4301 + "80/"):
                assert relurl.surt(url) == surt_package.surt(url)
        sys.set_int_max_str_digits(4301)
        with pytest.raises(ValueError, match="4301 digits"):
            relurl.surt("http://" + "1" * 4302 + "/")
    finally:
        sys.set_int_max_str_digits(limit)
    with pytest.raises(UnicodeEncodeError):
        relurl.surt("http://x/\ud800")
    with pytest.raises(AttributeError):
        relurl.surt(1)  # type: ignore[call-overload]
    assert relurl.surt(None) == surt_package.surt(None) == "-"  # type: ignore[call-overload]


#: URLs with and without a host (after surt's canonicalization) for public_suffix=True.
PUBLIC_SUFFIX_URLS = [
    "http://a.example.co.uk/", "https://www.bbc.co.uk/x", "http://1.2.3.4/", "http:///a", "http://@/",
    "mailto:x@y", "file:///tmp/x", "dns:example.com", "screenshot:http://a.com/", "warcinfo:x", "filedesc:x",
    "", "http://[::1]/", "ftp://user:pw@Example.COM:21/", "http://xn--bcher-kva.de/", "http://bücher.de/",
]  # fmt: skip


@pytest.mark.parametrize("url", PUBLIC_SUFFIX_URLS)
def test_public_suffix_as_surt(url: str) -> None:
    """surt 0.3.1's public_suffix=True hands tldextract the host as bytes, which tldextract
    5.4.0 refuses (TypeError) for every URL with a host; the others keep their key."""
    for canonicalizer in CANONICALIZERS:
        for options in ({}, {"with_scheme": True}, {"surt": False}):
            expected = outcome(surt_package.surt, url, CANONICALIZERS[canonicalizer], public_suffix=True, **options)
            assert outcome(relurl.surt, url, canonicalizer, public_suffix=True, **options) == expected
    assert outcome(relurl.surt, url, public_suffix=False) == outcome(surt_package.surt, url)


def test_public_suffix_raises_for_hosts_only() -> None:
    with pytest.raises(TypeError, match="bytes-like object, not 'str'"):
        relurl.surt("http://a.example.co.uk/", public_suffix=True)
    assert relurl.surt("mailto:x@y", public_suffix=True) == "mailto:x@y"
    assert relurl.surt("http://a.example.co.uk/", public_suffix=False) == "uk,co,example,a)/"


def test_options_relurl_refuses() -> None:
    """An unknown canonicalizer or keyword is an error (surt ignores unknown keywords)."""
    with pytest.raises(ValueError, match="canonicalizer"):
        relurl.surt("http://a/", "other")  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        relurl.surt("http://a/", GoogleURLCanonicalizer)  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        relurl.surt("http://a/", no_such_option=True)  # type: ignore[call-overload]


def test_options_are_truth_values() -> None:
    """surt reads its options by truth value (`if surt:`): so does relurl."""
    url = "http://www.example.com/a"
    assert relurl.surt(url, with_scheme=1, surt=[]) == surt_package.surt(url, with_scheme=1, surt=[])  # type: ignore[arg-type]


# --- Arrow columns -------------------------------------------------------------------------------


def test_arrow_column_is_the_twin_row_by_row(corpus: list[str]) -> None:
    """relurl.arrow.surt over the corpus (plus nulls and failing rows), chunked, on two
    threads: each row surt.surt's key, or null (errors="null") / its exception (errors="report")."""
    pa = pytest.importorskip("pyarrow")
    rows: list[str | None] = [*corpus, None, " ", "http://x:99999/", "http://Bücher.de/x", "HTTP://www.a.com:80/?b&a#f"]
    column = pa.chunked_array([rows[:5000], rows[5000:]], type=pa.string())
    expected = [None if row is None else outcome(surt_package.surt, row, with_scheme=True) for row in rows]
    result, failures = relurl.arrow.surt(column, errors="report", threads=2, with_scheme=True)
    got = pa.chunked_array(result).to_pylist()
    assert got == [e[2] if e is not None and e[0] == "returned" else None for e in expected]
    assert [(f.index, type(f)) for f in failures] == [
        (i, e[1]) for i, e in enumerate(expected) if e is not None and e[0] == "raised"
    ]
    assert pa.array(relurl.arrow.surt(pa.array(corpus[:100], type=pa.large_string()))).to_pylist() == [
        surt_package.surt(u) for u in corpus[:100]
    ]
    with pytest.raises(ValueError, match="item 1: Port") as raised:
        relurl.arrow.surt(pa.array(["http://a/", "http://x:99999/", " "]))
    assert raised.value.index == 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        relurl.arrow.surt(pa.array(["http://a/"]), no_such_option=True)
    with pytest.raises(TypeError, match="bytes-like object, not 'str'"):
        relurl.arrow.surt(pa.array(["mailto:x", "http://a/"]), public_suffix=True)
    got, failures = relurl.arrow.surt(pa.array(["mailto:x", "http://a/"]), public_suffix=True, errors="report")
    assert pa.array(got).to_pylist() == ["mailto:x", None]
    assert [(f.index, type(f)) for f in failures] == [(1, TypeError)]


def test_arrow_column_reads_the_running_int_limit() -> None:
    """A column's hosts and ports of digits are read under the running Python's
    sys.get_int_max_str_digits(), as surt.surt's int() calls are."""
    pa = pytest.importorskip("pyarrow")
    urls = ["http://" + "1" * 4301 + "/", "http://x:" + "0" * 4301 + "80/", "http://" + "1" * 4300 + "/"]
    limit = sys.get_int_max_str_digits()
    try:
        for digits in (0, 4300, 5000):
            sys.set_int_max_str_digits(digits)
            expected = [outcome(surt_package.surt, url) for url in urls]
            result, failures = relurl.arrow.surt(pa.array(urls), errors="report")
            assert result.to_pylist() == [e[2] if e[0] == "returned" else None for e in expected], digits
            assert [f.index for f in failures] == [i for i, e in enumerate(expected) if e[0] == "raised"], digits
    finally:
        sys.set_int_max_str_digits(limit)


# --- The command line -------------------------------------------------------------------------


def run_cli(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "relurl", "surt", *args], input=stdin, capture_output=True, check=False
    )


def test_cli_streams_standard_input() -> None:
    """Line N answers line N, as bytes; a bad line is reported, answered empty, exit 1."""
    lines = [b"http://www.Example.com/a?b=1&a=2", b" ", b"http://x:abc/", b"\xff.com/x\r", b"HTTP://A.com:80/"]
    done = run_cli(stdin=b"\n".join(lines) + b"\n")
    expected = [surt_package.surt(b"http://www.Example.com/a?b=1&a=2"), b"", b"", surt_package.surt(b"\xff.com/x"), b""]
    expected[4] = surt_package.surt(b"HTTP://A.com:80/")
    assert done.stdout.split(b"\n")[:-1] == expected
    assert done.stderr.decode().splitlines() == [
        "relurl: line 2: a blank URL (surt raises AttributeError)",
        "relurl: line 3: Port could not be cast to integer value as b'abc'",
    ]
    assert done.returncode == 1
    many = b"".join(b"http://www.example.com/%d?b&a\n" % i for i in range(20_000))
    done = run_cli(stdin=many)
    assert done.returncode == 0
    assert done.stdout.splitlines() == [b"com,example)/%d?a&b" % i for i in range(20_000)]
    # `-` alone is standard input too (as for parse and canonicalize); with URLs, an error.
    done = run_cli("-", stdin=b"http://www.Example.com/x\n")
    assert (done.returncode, done.stdout) == (0, b"com,example)/x\n")
    done = run_cli("-", "http://a/")
    assert done.returncode == 2 and b"URL '-' (standard input) must be the only URL" in done.stderr


def test_cli_arguments_and_options() -> None:
    done = run_cli("--with-scheme", "--keep-www", "--trailing-comma", "http://www.a.com/x", "http://1.2.3.4/")
    assert done.stdout.decode().splitlines() == [
        surt_package.surt(url, with_scheme=True, host_massage=False, trailing_comma=True)
        for url in ("http://www.a.com/x", "http://1.2.3.4/")
    ]
    done = run_cli("--no-reverse-ipaddr", "--no-surt", "http://1.2.3.4/A", "http://5.6.7.8/")
    assert done.stdout.decode().splitlines() == ["1.2.3.4/a", "5.6.7.8/"]
    assert run_cli("--no-reverse-ipaddr", "http://1.2.3.4/").stdout == b"1.2.3.4)/\n"
    assert done.returncode == 0


# --- Generated cases -------------------------------------------------------------------------
#
# A case is built from a string of bytes hypothesis draws (one draw per URL, so that 20,000
# cases take seconds): each byte picks the next piece from a table (scheme, user info, host
# form, port, path segments, query parameters, fragment, whitespace), and shrinking the bytes
# towards zero shrinks the URL towards the first entry of each table.

ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

SPACES = ["", "", "", "", " ", "\t", "\n", "\r\n", "\x0b", "\x0c", "\x1f", "  "]
SCHEMES = ["http://", "http://", "https://", "HTTP://", "Http://", "ftp://", "", "", "http:", "http:///", "http:////"]
SCHEMES += [
    "https://http://",
    "http://https://http://",
    "dns:",
    "mailto:",
    "urn:x:",
    "httpx://",
    "h+t-t.p://",
    "1http://",
]
SCHEMES += ["file:///", "//", "http:/", "javascript:"]
USERINFO = ["", "", "", "user@", "user:pass@", "@", "a@b@", "us%40er:p@", ":@"]
WWW = ["", "", "www.", "WWW.", "www2.", "www12.", "www", "wwwx.", "Www1.", "www..", ".www."]
LABELS = [
    "example",
    "Example",
    "EXAMPLE",
    "com",
    "org",
    "co",
    "uk",
    "a",
    "xn--bcher-kva",
    "-x-",
    "a_b",
    "%41",
    "%2e",
    "%25",
]
LABELS += [
    "%2541",
    "",
    "x:y",
    "a@b",
    "a b",
    "a~!$&'()*+,;=",
    "[x]",
    "%2E%2E",
    "0x1f",
    "Sub",
    "%0a",
    "%C3%BC",
    "%ff",
    "Bücher",
]
LABELS += ["中文", "xn--", "a" * 64, "1", "255", "08", "%2f", "%23", "%3F"]
HOST_ENDS = ["", "", "", ".", "..", ":", "%2e"]
IPV4_PARTS = [
    "0",
    "00",
    "010",
    "0377",
    "08",
    "1",
    "127",
    "255",
    "256",
    "300",
    "65535",
    "16777215",
    "4294967295",
    "01",
    "9",
    "",
]
SPECIAL_HOSTS = [
    "[::1]",
    "[fe80::1%25eth0]",
    "[::1",
    "]",
    "",
    "Bücher.example",
    "%C3%BC.de",
    "b\u00fccher.DE",
    "\u4e2d\u6587.cn",
]
SPECIAL_HOSTS += [
    "0x7f.1",
    "1.2.3.4%0a",
    "%31%2e2.3.4",
    "127.0.0.1.",
    ".1.2.3.4",
    "1..2.3",
    "1.2.3.4\n",
    "%30",
    "0",
    "1" * 12,
]
SPECIAL_HOSTS += ["xn--bcher-kva.example", "a.\u3002b", "\udc80.com", "\u00df.de", "%E2%80%8B.com"]
PORTS = [
    "",
    "",
    "",
    "",
    ":",
    "::",
    ":80",
    ":443",
    ":0",
    ":8080",
    ":08080",
    ":65535",
    ":65536",
    ":abc",
    ":+1",
    ": 1",
    ":\u0661",
    ":80:",
]
SEGMENTS = [
    "a",
    "B",
    ".",
    "..",
    "",
    "%2e",
    "%2E%2E",
    "%2F",
    "%25",
    "%2525",
    "%7e",
    "%7E",
    "%00",
    "%0A",
    "%20",
    "%zz",
    "%",
]
SEGMENTS += ["é", "%C3%A9", " ", "x.aspx", "Page.ASPX", "(S(abcdefghijklmnopqrstuvwx))", "(0123456789abcdefghijklmn)"]
SEGMENTS += ["(a(ABCDEFGHIJKLMNOPQRSTUVWX)b(0123456789abcdef01234567))", "(S(abcdefghijklmnopqrstuvw))", "index.html"]
SEGMENTS += [";p=1", "%3F", "#", "?", "a.aspx?x", "%2Easpx", "..%2f", "%2e%2e", "~user", "a%2fb"]
SESSION_NAMES = ["jsessionid=", "JSESSIONID=", "phpsessid=", "PHPSESSID=", "sid=", "SID=", "x_sid=", "sessid="]
PARAMS = ["a=1", "b=2", "A=1", "a=", "a", "", "=", "b=1=2", "%26=%3D", "a=%41", "c=d e", "z=é", "a=2", "B=1", "a=%2526"]
PARAMS += ["cfid=1&cftoken=2", "CFID=ab&CFTOKEN=cd", "cfid=&cftoken=1", "cfid=1&cftoken=", "x=1&cfid=9&cftoken=9&y=2"]
QUERY_ENDS = ["", "", "", "?", "&", "#?"]
FRAGMENTS = ["", "", "", "#", "#f", "#F?x", "#a#b", "#%41"]
NOISY = "htps:/wWW.%2eE5A?#&=;@[]:0123 \t\n\x0bé\u00c0\u4e2d\ud800()"


class _Bytes:
    """The drawn bytes, read one at a time (round again when they run out)."""

    def __init__(self, data: bytes) -> None:
        self.data = data or b"\0"
        self.at = 0

    def byte(self) -> int:
        b = self.data[self.at % len(self.data)]
        self.at += 1
        return b

    def pick(self, table: list[str]) -> str:
        return table[self.byte() % len(table)]

    def run(self, alphabet: str, n: int) -> str:
        return "".join(alphabet[self.byte() % len(alphabet)] for _ in range(n))


def _session(d: _Bytes) -> str:
    kind = d.byte() % 3
    if kind == 0:
        return d.pick(SESSION_NAMES) + d.run(ALNUM + "-", 30 + d.byte() % 5)
    if kind == 1:
        return "ASPSESSIONID" + d.run("abcXYZ1", 8 + d.byte() % 2 - 1 + 1) + "=" + d.run("abcdXYZ", 23 + d.byte() % 3)
    return d.pick(SESSION_NAMES) + d.run(ALNUM, 32)


def build_url(data: bytes) -> str:
    """A URL built from `data` (see above)."""
    d = _Bytes(data)
    if d.byte() % 6 == 0:
        return d.run(NOISY, d.byte() % 30)
    out = [d.pick(SPACES), d.pick(SCHEMES), d.pick(USERINFO)]
    form = d.byte() % 5
    if form <= 1:
        out.append(d.pick(WWW) + ".".join(d.pick(LABELS) for _ in range(d.byte() % 4)) + d.pick(HOST_ENDS))
    elif form == 2:
        out.append(".".join(d.pick(IPV4_PARTS) for _ in range(1 + d.byte() % 5)))
    elif form == 3:
        out.append(str(int.from_bytes(bytes(d.byte() for _ in range(1 + d.byte() % 6)), "big")))
    else:
        out.append(d.pick(SPECIAL_HOSTS))
    out.append(d.pick(PORTS))
    segments = [
        d.pick(SEGMENTS) if d.byte() % 5 else d.run("aZ09.%/~-_()?;=&é", d.byte() % 6) for _ in range(d.byte() % 6)
    ]
    out.append(("/" if d.byte() % 4 else "") + "/".join(segments))
    params = [_session(d) if d.byte() % 4 == 0 else d.pick(PARAMS) for _ in range(d.byte() % 5)]
    if params or d.byte() % 3 == 0:
        out.append("?" + "&".join(params) + d.pick(QUERY_ENDS))
    out += [d.pick(FRAGMENTS), d.pick(SPACES)]
    return "".join(out)


#: The bytes each URL is built from.
CHUNK = 48
_urls = st.binary(min_size=BATCH * CHUNK, max_size=BATCH * CHUNK).map(
    lambda data: [build_url(data[i : i + CHUNK]) for i in range(0, len(data), CHUNK)]
)

_options = st.fixed_dictionaries(
    {},
    optional={
        "canonicalizer": st.sampled_from([None, "default", "google", "ia"]),
        "surt": st.booleans(),
        "with_scheme": st.booleans(),
        "trailing_comma": st.booleans(),
        "reverse_ipaddr": st.booleans(),
        "host_massage": st.booleans(),
        "host_lowercase": st.booleans(),
        "port_strip_default": st.booleans(),
        "path_strip_empty": st.booleans(),
        "path_lowercase": st.booleans(),
        "path_strip_session_id": st.booleans(),
        "path_strip_trailing_slash_unless_empty": st.booleans(),
        "query_lowercase": st.booleans(),
        "query_strip_session_id": st.booleans(),
        "query_strip_empty": st.booleans(),
        "query_alpha_reorder": st.booleans(),
    },
)

_generated: dict[str, Any] = {"cases": 0, "distinct": set()}


@settings(
    max_examples=max(50, int(EXAMPLES * SHARE)),
    deadline=None,
    derandomize=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
@given(urls=_urls, options=_options)
def test_generated(urls: list[str], options: dict[str, Any]) -> None:
    _generated["cases"] += len(urls)
    key = tuple(sorted(options.items(), key=str))
    _generated["distinct"].update((url, key) for url in urls)
    assert differences(urls, **options) == []


def test_non_ascii_hosts_compared() -> None:
    """No case is skipped once the IDNA step is wired in (runs last)."""
    if not IDNA_WIRED:
        pytest.skip(f"IDNA not wired in: {len(SKIPPED_NON_ASCII_HOSTS)} URLs with a non-ASCII host skipped")
    assert not SKIPPED_NON_ASCII_HOSTS


def test_generated_count() -> None:
    """The generated test ran its 20,000 cases (runs after it: pytest keeps file order)."""
    if SHARE >= 1:
        assert _generated["cases"] >= 20_000
        # Distinct (URL, options) pairs: a URL recurs under other options.
        assert len(_generated["distinct"]) >= 15_000, len(_generated["distinct"])
