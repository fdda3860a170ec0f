"""relurl.surt against the Internet Archive's surt package (surt.surt, 0.3.1): the same key,
or the same exception type, for every input, str and bytes.

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import relurl
from conftest import corpus_pairs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

surt_package = pytest.importorskip("surt")
from surt import GoogleURLCanonicalizer, IAURLCanonicalizer  # noqa: E402
from surt.handyurl import handyurl  # noqa: E402

#: In CI (CI=true) the corpus is there: missing, the corpus test fails instead of skipping.
IN_CI = os.environ.get("CI") == "true"
LINKS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "links.jsonl"

#: Hypothesis examples, each a batch of BATCH generated URLs (checked as str and as bytes).
EXAMPLES = 1_100
BATCH = 20
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
#: comes from the core's idna2003 module; while it is not wired in, the cases whose host is
#: not ASCII after percent-decoding are skipped (and counted), and only those.
IDNA_WIRED = False


def outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    """The result and its type, or the exception's type."""
    try:
        result = function(*args, **kwargs)
    except Exception as e:
        return ("raised", type(e))
    return ("returned", type(result), result)


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
    "combination", list(itertools.product((False, True), repeat=len(WRITER_OPTIONS))), ids=lambda c: "".join("01"[v] for v in c)
)
def test_corpus_option_combinations(corpus: list[str], combination: tuple[bool, ...]) -> None:
    """Every combination of surt's writer options and host_massage on every corpus URL."""
    options = dict(zip(WRITER_OPTIONS, combination, strict=True))
    # The bytes twin is the same code as str's (checked with the defaults above): str only here.
    found = []
    for url in corpus:
        if not IDNA_WIRED and needs_idna(url):
            continue
        if outcome(surt_package.surt, url, **options) != outcome(relurl.surt, url, **options):
            found.append(url)
    assert found == []


@pytest.mark.parametrize("canonicalizer", ["google", "ia"])
def test_corpus_canonicalizers(corpus: list[str], canonicalizer: str) -> None:
    """Each of surt's two canonicalizers alone on every corpus URL."""
    assert differences(corpus, canonicalizer=canonicalizer) == []


# --- Examples that pin behaviour down (each fails if a rule of surt is lost) ---------------

EXAMPLES_TABLE = [
    ("http://www.Example.com:80/a/./b/../c?b=1&a=2#f", "com,example)/a/c?a=2&b=1"),
    ("https://WWW2.example.com:443/", "com,example)/"),
    ("http://example.com:8080/", "com,example:8080)/"),
    ("example.com/x/", "com,example)/x"),
    ("http://http://https://example.com/", "com,example)/"),
    ("http:////www.vikings.com/a", "com,vikings)/a"),
    ("http://1.2.3/", "3,0,2,1)/"),
    ("http://010.1/", "1,0,0,8)/"),
    ("http://4294967297/", "1,0,0,0)/"),
    ("http://1.08/", "08,1)/"),
    ("http://a..b.../%7Efoo/%2561", "b,a)/~foo/a"),
    ("http://x.com/?JSESSIONID=0123456789abcdef0123456789ABCDEF&b=1", "com,x)/?b=1"),
    ("http://x.com/a/(S(abcdefghijklmnopqrstuvwx))/page.aspx?q", "com,x)/a/page.aspx?q"),
    ("http://x.com/a?b=1&b&a=", "com,x)/a?a=&b&b=1"),
    ("http://user:pass@x.com/", "com,x)/"),
    ("mailto:Someone@Example.com", "mailto:someone@example.com"),
    ("dns:www.example.com", "dns:www.example.com"),
    ("filedesc:foo.arc.gz", "filedesc:foo.arc.gz"),
    ("", "-"),
]


@pytest.mark.parametrize(("url", "key"), EXAMPLES_TABLE)
def test_examples(url: str, key: str) -> None:
    assert surt_package.surt(url) == key
    assert relurl.surt(url) == key
    assert relurl.surt(url.encode()) == key.encode()


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
    with pytest.raises(UnicodeEncodeError):
        relurl.surt("http://x/\ud800")
    with pytest.raises(AttributeError):
        relurl.surt(1)  # type: ignore[call-overload]
    assert relurl.surt(None) == surt_package.surt(None) == "-"  # type: ignore[call-overload]


def test_options_relurl_refuses() -> None:
    """public_suffix needs the Public Suffix List (tldextract): refused, not guessed; an
    unknown canonicalizer or keyword is an error (surt ignores unknown keywords)."""
    with pytest.raises(ValueError, match="public_suffix"):
        relurl.surt("http://a.example.co.uk/", public_suffix=True)
    assert relurl.surt("http://a.example.co.uk/", public_suffix=False) == "uk,co,example,a)/"
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


# --- Generated cases -------------------------------------------------------------------------

ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _run(alphabet: str, size: int) -> st.SearchStrategy[str]:
    return st.text(alphabet, min_size=size, max_size=size)


_ipv4 = st.one_of(
    st.lists(st.integers(0, 300).map(str), min_size=1, max_size=5).map(".".join),
    st.lists(st.sampled_from(["0", "00", "010", "0377", "08", "1", "255", "256", "65535", "16777215"]), min_size=1, max_size=4).map(
        ".".join
    ),
    st.integers(0, 2**40).map(str),
    st.sampled_from(["0x7f.1", "1.2.3.4%0a", "%31%2e2.3.4", "127.0.0.1.", ".1.2.3.4", "1..2.3"]),
)
_label = st.one_of(
    st.sampled_from(["example", "Example", "EXAMPLE", "com", "org", "co", "uk", "a", "xn--bcher-kva", "-x-", "a_b", "%41", "%2e", "%25", "%2541"]),
    st.text("abcXYZ019-_.%~!$&'()*+,;=:@[] ", min_size=0, max_size=6),
)
_host = st.one_of(
    st.tuples(
        st.sampled_from(["", "www.", "WWW.", "www2.", "www12.", "www", "wwwx.", "Www1."]),
        st.lists(_label, min_size=0, max_size=4).map(".".join),
        st.sampled_from(["", ".", "..", ":"]),
    ).map("".join),
    _ipv4,
    st.sampled_from(["[::1]", "[fe80::1%25eth0]", "[::1", "]", "", "Bücher.example", "%C3%BC.de", "b\u00fccher.DE", "\u4e2d\u6587.cn"]),
)
_port = st.sampled_from(["", "", "", ":", "::", ":80", ":443", ":0", ":8080", ":08080", ":65535", ":65536", ":abc", ":+1", ": 1", ":١"])
_userinfo = st.sampled_from(["", "", "user@", "user:pass@", "@", "a@b@", "us%40er:p@"])
_segment = st.one_of(
    st.sampled_from(
        [
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
            "é",
            "%C3%A9",
            " ",
            "x.aspx",
            "Page.ASPX",
            "(S(abcdefghijklmnopqrstuvwx))",
            "(a(ABCDEFGHIJKLMNOPQRSTUVWX)b(0123456789abcdef01234567))",
            "(0123456789abcdefghijklmn)",
            "index.html",
            ";p=1",
            "%3F",
            "#",
        ]
    ),
    st.text("aZ09.%/~-_()?;=&é", max_size=8),
)
_path = st.lists(_segment, max_size=6).map("/".join)
_session = st.one_of(
    st.tuples(st.sampled_from(["jsessionid=", "JSESSIONID=", "phpsessid=", "PHPSESSID=", "sid=", "SID="]), _run(ALNUM, 32)).map("".join),
    st.tuples(st.sampled_from(["jsessionid=", "sid="]), st.text(ALNUM, min_size=30, max_size=34)).map("".join),
    st.tuples(st.just("ASPSESSIONID"), _run("abcXYZ", 8), st.just("="), _run("abcdXYZ", 24)).map("".join),
    st.tuples(st.sampled_from(["cfid=", "CFID="]), st.text("12ab=", max_size=3), st.sampled_from(["&cftoken=", "&CFTOKEN="]), st.text("12ab", max_size=3)).map(
        "".join
    ),
)
_param = st.one_of(
    _session,
    st.sampled_from(["a=1", "b=2", "A=1", "a=", "a", "", "=", "b=1=2", "%26=%3D", "a=%41", "c=d e", "z=é", "a=2"]),
    st.text("abAB=%12&+", max_size=6),
)
_query = st.one_of(st.just(""), st.lists(_param, max_size=5).map(lambda ps: "?" + "&".join(ps)), st.sampled_from(["?", "??", "?#"]))
_fragment = st.sampled_from(["", "", "#", "#f", "#F?x", "#a#b"])
_scheme = st.sampled_from(
    [
        "http://",
        "http://",
        "https://",
        "HTTP://",
        "Http://",
        "ftp://",
        "",
        "http:",
        "http:///",
        "http:////",
        "https://http://",
        "http://https://http://",
        "dns:",
        "mailto:",
        "urn:x:",
        "httpx://",
        "h+t-t.p://",
        "1http://",
        "file:///",
    ]
)
_space = st.sampled_from(["", "", "", " ", "\t", "\n", "\r\n", "\x0b", "\x0c", "\x1f"])

_structured_url = st.tuples(_space, _scheme, _userinfo, _host, _port, st.sampled_from(["", "/"]), _path, _query, _fragment, _space).map(
    "".join
)
_noisy_url = st.text("htps:/wWW.%2eE5A?#&=;@[]:0123 \t\n\x0bé\u00c0\u4e2d\ud800", max_size=30)
_url = st.one_of(_structured_url, _structured_url, _structured_url, _noisy_url)

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

_generated = {"cases": 0}


@settings(
    max_examples=max(50, int(EXAMPLES * SHARE)),
    deadline=None,
    derandomize=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
@given(urls=st.lists(_url, min_size=BATCH, max_size=BATCH), options=_options)
def test_generated(urls: list[str], options: dict[str, Any]) -> None:
    _generated["cases"] += len(urls)
    assert differences(urls, **options) == []


def test_generated_count() -> None:
    """The generated test ran its 20,000 cases (runs after it: pytest keeps file order)."""
    if SHARE >= 1:
        assert _generated["cases"] >= 20_000
