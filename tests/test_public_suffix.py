"""relurl.public_suffix, relurl.registered_domain, relurl.PublicSuffixList and
URL.registered_domain: the list's own test file, the records of the bundled snapshot, the
`publicsuffixlist` package on the same list (every corpus host and 100,000 generated ones; each
difference of a kind that a test below names and pins), hostile hosts."""

from __future__ import annotations

import hashlib
import os
import random
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import relurl
from conftest import bundled_public_suffix_list_file, link_corpus_urls

ROOT = Path(__file__).resolve().parents[1]
LIST_DIR = ROOT / "crates/relurl/src/services/public_suffix"
#: The bundled list as a file (beside an installed wheel, the core's text written out).
LIST_FILE = bundled_public_suffix_list_file()
TEST_DATA = ROOT / "tests/data/public_suffix"
IN_CI = os.environ.get("CI") == "true"


def test_psl_s_own_test_file() -> None:
    """publicsuffix/list's tests/test_psl.txt (the pinned copy in tests/data/public_suffix,
    SOURCE.md beside it): every `checkPublicSuffix(host, registered_domain)` line, and the
    same through `public_suffix` (the registered domain less its first label)."""
    lines = re.findall(r"^checkPublicSuffix\((.*), (.*)\);$", (TEST_DATA / "test_psl.txt").read_text("utf-8"), re.M)
    assert len(lines) == 78

    def arg(text: str) -> str | None:
        return None if text == "null" else text.strip("'")

    for host, expected in lines:
        assert relurl.registered_domain(arg(host)) == arg(expected), host
        if expected != "null":
            assert relurl.public_suffix(arg(host)) == arg(expected).split(".", 1)[1], host  # type: ignore[union-attr]


def record(path: Path) -> dict[str, str]:
    """The `- key: value` lines of a SOURCE.md."""
    return dict(re.findall(r"^- (\w+): (.*)$", path.read_text("utf-8"), re.M))


def test_the_snapshot_is_what_its_records_say() -> None:
    """SOURCE.md (the list's and the test file's), the core's BUNDLED_COMMIT and BUNDLED_DATE
    and docs/crawler.md name one commit, and the files are the bytes the records hash
    (scripts/refresh_psl.py writes them all)."""
    if not (LIST_DIR / "SOURCE.md").is_file():
        pytest.skip("the core's source is not here (a wheel's test run): checked in the checkout")
    listed, tested = record(LIST_DIR / "SOURCE.md"), record(TEST_DATA / "SOURCE.md")
    assert hashlib.sha256(LIST_FILE.read_bytes()).hexdigest() == listed["sha256"]
    assert hashlib.sha256((TEST_DATA / "test_psl.txt").read_bytes()).hexdigest() == tested["sha256"]
    assert listed["repository"] == tested["repository"] == "https://github.com/publicsuffix/list"
    assert (listed["commit"], listed["date"]) == (tested["commit"], tested["date"])
    assert re.fullmatch(r"[0-9a-f]{40}", listed["commit"]) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", listed["date"])
    mod = (LIST_DIR / "mod.rs").read_text("utf-8")
    assert f'pub const BUNDLED_COMMIT: &str = "{listed["commit"]}";' in mod
    assert f'pub const BUNDLED_DATE: &str = "{listed["date"]}";' in mod
    # The same two, as Python reads them.
    assert (relurl.PublicSuffixList.BUNDLED_COMMIT, relurl.PublicSuffixList.BUNDLED_DATE) == (
        listed["commit"],
        listed["date"],
    )
    assert f"publicsuffix/list commit `{listed['commit']}` ({listed['date']})" in (ROOT / "docs/crawler.md").read_text(
        "utf-8"
    )


def test_bundled_and_own_lists(tmp_path: Path) -> None:
    bundled = relurl.PublicSuffixList.bundled()
    # Where the bundled list is from, in a wheel too: a commit and its date.
    assert re.fullmatch(r"[0-9a-f]{40}", relurl.PublicSuffixList.BUNDLED_COMMIT)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", bundled.BUNDLED_DATE)
    assert len(bundled) == len(relurl.PublicSuffixList.from_file(LIST_FILE)) > 9000
    assert repr(bundled).startswith("<PublicSuffixList (bundled): ")
    own = relurl.PublicSuffixList.from_text(
        "uk\nco.uk\n*.ck\n!www.ck\n// ===BEGIN PRIVATE DOMAINS===\nxn--85x722f.uk\n"
    )
    assert len(own) == 5
    assert relurl.public_suffix("a.食狮.uk", psl=own) == own.public_suffix("a.食狮.uk") == "食狮.uk"
    assert relurl.public_suffix("a.食狮.uk", psl=own, icann_only=True) == "uk"
    assert relurl.registered_domain("a.b.www.ck", psl=own) == relurl.registered_domain("www.ck", psl=own) == "www.ck"
    assert relurl.registered_domain("a.b.other.ck", psl=own) == "b.other.ck"
    assert relurl.registered_domain("other.ck", psl=own) is None
    path = tmp_path / "list.dat"
    path.write_text("com\n", encoding="utf-8")
    assert relurl.registered_domain("a.b.com", psl=relurl.PublicSuffixList.from_file(path)) == "b.com"
    assert relurl.registered_domain("a.b.com", psl=relurl.PublicSuffixList.from_file(str(path))) == "b.com"
    assert relurl.registered_domain("a.b.com", psl=relurl.PublicSuffixList.from_file(bytes(path))) == "b.com"
    # The errors `open` raises, with their errno and filename.
    for missing in (tmp_path / "missing.dat", str(tmp_path / "missing.dat"), bytes(tmp_path / "missing.dat")):
        with pytest.raises(FileNotFoundError) as raised:
            relurl.PublicSuffixList.from_file(missing)
        with pytest.raises(FileNotFoundError) as opened:
            open(missing)
        assert (raised.value.errno, raised.value.filename, str(raised.value)) == (
            opened.value.errno,
            opened.value.filename,
            str(opened.value),
        )
    with pytest.raises(IsADirectoryError):
        relurl.PublicSuffixList.from_file(tmp_path)
    with pytest.raises(TypeError, match=r"expected str, bytes or os\.PathLike object"):
        relurl.PublicSuffixList.from_file(None)  # type: ignore[arg-type]
    path.write_bytes(b"com\n\xff\n")
    with pytest.raises(ValueError, match="not UTF-8"):
        relurl.PublicSuffixList.from_file(path)
    for bad, line in [("com\na..b", 2), ("a.*.b", 1), ("!", 1), ("xn--a-.com", 1)]:
        with pytest.raises(ValueError, match=f"line {line}: "):
            relurl.PublicSuffixList.from_text(bad)
    assert len(relurl.PublicSuffixList.from_text("")) == 0
    assert relurl.public_suffix("a.b", psl=relurl.PublicSuffixList.from_text("")) == "b"  # the implicit rule


def test_answers_and_their_forms() -> None:
    assert relurl.registered_domain("WWW.Example.CO.UK") == "example.co.uk"
    assert relurl.public_suffix("www.食狮.公司.cn") == "公司.cn"
    assert relurl.public_suffix("www.xn--85x722f.xn--55qx5d.cn") == "xn--55qx5d.cn"
    # A final dot is dropped, as publicsuffixlist and tldextract drop it.
    assert relurl.registered_domain("www.Example.com.") == "example.com"
    assert relurl.public_suffix("www.example.co.uk.") == "co.uk"
    assert relurl.registered_domain("co.uk.") is None
    assert relurl.registered_domain("foo.blogspot.com") == "foo.blogspot.com"
    assert relurl.registered_domain("foo.blogspot.com", icann_only=True) == "blogspot.com"
    nones = [None, "", ".", "..", "com", "com.", "a..com", "a.com..", ".example.com", "[::1]", "::1", "fe80::1%eth0"]
    # Every IPv4 form the URL Standard's host parser reads, and what it fails as a bad one.
    nones += ["127.0.0.1", "127.0.0.1.", "0x7F.1", "0177.0.0.1", "127.1", "2130706433", "0x7f000001", "1.2.3.999"]
    nones += ["\uff11\uff12\uff17.0.0.1", "①②⑦.0.0.1", "%31%32%37.0.0.1", "[::ffff:127.0.0.1]", "[v1.x]"]
    for none in nones:
        assert relurl.registered_domain(none) is None, none
    with pytest.raises(TypeError, match="host must be a str or None, not bytes"):
        relurl.registered_domain(b"example.com")  # type: ignore[arg-type]
    assert relurl.registered_domain("a.b\udfff.com") == "b\udfff.com"


def test_url_registered_domain() -> None:
    assert relurl.parse("http://user@WWW.bbc.CO.uk:80/x").registered_domain == "bbc.co.uk"
    assert relurl.parse("http://食狮.公司.cn/", spec="whatwg").registered_domain == "xn--85x722f.xn--55qx5d.cn"
    assert relurl.parse("http://食狮.公司.cn/").registered_domain == "食狮.公司.cn"
    assert relurl.parse("http://www.example.com./").registered_domain == "example.com"
    assert relurl.parse("http://www.example.com./", spec="whatwg").registered_domain == "example.com"
    for none in [
        "http://[::1]/",
        "http://127.0.0.1/",
        "http://0x7f.1/",
        "mailto:a@b.com",
        "/relative",
        "http://co.uk/",
    ]:
        assert relurl.parse(none).registered_domain is None, none
        assert relurl.parse(none, spec="rfc3986").registered_domain is None, none


#: Hostile hosts and their answers: a quadratic step anywhere would take minutes on these.
HOSTILE = [
    ("a." * 1_000_000 + "co.uk", "a.co.uk"),
    ("A." * 1_000_000 + "CO.UK", "a.co.uk"),
    ("食." * 1_000_000 + "公司.cn", "食.公司.cn"),
    ("xn--zz." * 1_000_000 + "xn--55qx5d.cn", "xn--zz.xn--55qx5d.cn"),
    ("x" * 100_000 + ".com", "x" * 100_000 + ".com"),
    ("a." + "食" * 100_000 + ".cn", "食" * 100_000 + ".cn"),
    ("a.xn--" + "b" * 100_000, "a.xn--" + "b" * 100_000),
    ("a.xn--" + "5" * 100_000 + ".com", "xn--" + "5" * 100_000 + ".com"),
    ("." * 100_000, None),
    (".a" * 1_000_000, None),
    ("1." * 1_000_000 + "1", None),
    ("xn--zz-.xn--.xn---", "xn--.xn---"),
    ("a.b\udfff.com", "b\udfff.com"),
    ("\ud800.\udfff", "\ud800.\udfff"),
]


@pytest.mark.parametrize(("host", "expected"), HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_hosts(host: str, expected: str | None) -> None:
    """10^6 labels, 10^5-byte labels (ASCII, Unicode, `xn--` that is not Punycode), empty
    labels, lone surrogates (kept in the answer): an answer (in linear time: a quadratic
    lookup of these would not end within the test run)."""
    assert relurl.registered_domain(host) == expected
    if expected is not None:
        assert relurl.public_suffix(host) == expected.split(".", 1)[1]


def test_a_list_of_labels_sharing_their_ends_reads_in_linear_time() -> None:
    """100,000 rules whose labels share their first and last 8 bytes (generated names) under
    one parent: read and looked up (a hash of those bytes alone made reading quadratic)."""
    text = "example\n" + "".join(f"customer-{i:06d}-production.example\n" for i in range(100_000))
    psl = relurl.PublicSuffixList.from_text(text)
    assert len(psl) == 100_001
    assert psl.registered_domain("a.b.customer-099999-production.example") == "b.customer-099999-production.example"
    assert psl.registered_domain("a.b.customer-100000-production.example") == "customer-100000-production.example"


# --- The publicsuffixlist package on the same list ----------------------------------------------

if IN_CI:
    import publicsuffixlist
else:
    publicsuffixlist = pytest.importorskip("publicsuffixlist")


def peer(only_icann: bool) -> object:
    """publicsuffixlist (pinned in the test extra) reading relurl's bundled file, not its own."""
    with LIST_FILE.open("rb") as f:
        return publicsuffixlist.PublicSuffixList(source=f, only_icann=only_icann)


PEERS = {False: peer(False), True: peer(True)}

RULES = {
    line.split()[0].lower()
    for line in LIST_FILE.read_text("utf-8").splitlines()
    if line.strip() and not line.startswith("//")
}


def theirs(host: str, icann: bool) -> tuple[str | None, str | None]:
    """publicsuffixlist's (public suffix, registered domain) of `host`."""
    p = PEERS[icann]
    return p.publicsuffix(host), p.privatesuffix(host)  # type: ignore[attr-defined]


def ours(host: str, icann: bool) -> tuple[str | None, str | None]:
    return relurl.public_suffix(host, icann_only=icann), relurl.registered_domain(host, icann_only=icann)


def is_ip_address(host: str) -> bool:
    """What relurl takes for an IP address, asked of relurl's URL Standard parser: a host
    it reads as IPv4 or IPv6, or fails as a bad IPv4 (its last label is a number), and a host
    with a `:` (IPv6 without its brackets, as urllib's `hostname` gives it)."""
    if host.startswith("[") or ":" in host:
        return True
    try:
        parsed = relurl.parse(f"http://{host}/", spec="whatwg").hostname
    except relurl.URLError as e:
        return e.kind.startswith("ipv4") or e.kind.startswith("ipv6")
    return bool(re.fullmatch(r"[0-9.]+|\[.*\]", parsed))


def to_unicode(host: str) -> str:
    """`host` lower-cased, its `xn--` labels that are Punycode decoded (and lower-cased)."""
    labels = []
    for label in host.lower().split("."):
        if label.startswith("xn--"):
            try:
                label = label[4:].encode("ascii").decode("punycode").lower()
            except UnicodeError:
                pass
        labels.append(label)
    return ".".join(labels)


# The kinds of difference, each pinned by the test named after it.
IP_ADDRESS = "test_difference_ip_address"
WILDCARD_PARENT = "test_difference_wildcard_parent"
MIXED_FORMS = "test_difference_mixed_forms"


def test_difference_ip_address() -> None:
    """An IP address (every form the URL Standard's host parser reads, and `:` hosts) has no
    public suffix in relurl (the list is of names: browsers and Mozilla's reference service
    refuse addresses); publicsuffixlist reads its numbers as labels."""
    for host in ["127.0.0.1", "0x7f.1", "2130706433", "\uff11\uff12\uff17.0.0.1", "::1", "[::1]"]:
        assert ours(host, False) == (None, None), host
    assert theirs("127.0.0.1", False) == ("1", "0.1")
    assert theirs("::1", False) == ("::1", None)
    assert classify("127.0.0.1", False) == [IP_ADDRESS, IP_ADDRESS]


def test_difference_wildcard_parent() -> None:
    """A wildcard rule's parent that is not a rule itself (`*.dweb.link`, no `dweb.link`):
    by the list's algorithm `*` matches exactly one label, so `dweb.link` is under `link` (the
    implicit rule) and is a registered domain; publicsuffixlist makes the parent a public
    suffix (its comments read the list's test file that way, but that file's cases, which
    relurl passes, never ask for such a parent)."""
    assert "*.dweb.link" in RULES and "dweb.link" not in RULES
    assert ours("dweb.link", False) == ("link", "dweb.link")
    assert ours("a.dweb.link", False) == ("a.dweb.link", None)
    assert theirs("dweb.link", False) == ("dweb.link", None)
    assert theirs("a.dweb.link", False) == ("a.dweb.link", None)
    assert classify("dweb.link", False) == [WILDCARD_PARENT, WILDCARD_PARENT]


def test_difference_mixed_forms() -> None:
    """A host mixing Unicode and `xn--` labels under a rule of several IDN labels: relurl
    matches each label in either form; publicsuffixlist holds each rule in two forms, all
    Unicode or all `xn--`, and matches the host's text as it is."""
    host = "a.herøy.xn--mre-og-romsdal-qqb.no"
    assert "herøy.møre-og-romsdal.no" in RULES
    assert ours(host, False) == ("herøy.xn--mre-og-romsdal-qqb.no", "a.herøy.xn--mre-og-romsdal-qqb.no")
    assert theirs(host, False) == ("no", "xn--mre-og-romsdal-qqb.no")
    # In one form, the two agree.
    assert theirs(to_unicode(host), False) == ("herøy.møre-og-romsdal.no", "a.herøy.møre-og-romsdal.no")
    assert classify(host, False) == [MIXED_FORMS, MIXED_FORMS]


def explain(host: str, icann: bool, which: int, mine: str | None, their: str | None) -> str:
    """The kind of a difference (`which`: 0 the public suffix, 1 the registered domain), or
    "unexplained"."""
    if mine is None and is_ip_address(host):
        return IP_ADDRESS
    their_suffix = theirs(host, icann)[0]
    if their_suffix is not None:
        parent = to_unicode(their_suffix)
        mine_suffix = ours(host, icann)[0]
        if (
            f"*.{parent}" in RULES
            and parent not in RULES
            and mine_suffix
            and parent.endswith("." + to_unicode(mine_suffix))
        ):
            return WILDCARD_PARENT
    labels = host.rstrip(".").split(".")
    if any(not label.isascii() for label in labels) and any(label.lower().startswith("xn--") for label in labels):
        # In one form, publicsuffixlist gives relurl's answer (in that form).
        if theirs(to_unicode(host), icann)[which] == (None if mine is None else to_unicode(mine)):
            return MIXED_FORMS
    return "unexplained"


def classify(host: str, icann: bool) -> list[str]:
    """The kinds of the differences on `host` (none: the same answers)."""
    return [
        explain(host, icann, which, mine, their)
        for which, (mine, their) in enumerate(zip(ours(host, icann), theirs(host, icann), strict=True))
        if mine != their
    ]


def compare(hosts: list[str]) -> dict[str, int]:
    """How many differences of each kind on `hosts` (both sections, both answers); none
    unexplained."""
    kinds: dict[str, int] = {}
    unexplained = []
    for host in hosts:
        for icann in (False, True):
            for kind in classify(host, icann):
                if kind == "unexplained":
                    unexplained.append((host, icann, ours(host, icann), theirs(host, icann)))
                kinds[kind] = kinds.get(kind, 0) + 1
    assert unexplained[:20] == []
    return kinds


def corpus_hosts() -> list[str]:
    """Every host of the link corpus (../shared/corpus/links.jsonl: pages, bases, hrefs
    resolved), as urllib's `hostname` gives it, and as the URL Standard's parser gives it."""
    hosts: dict[str, None] = {}
    for url in link_corpus_urls():
        try:
            host = urlsplit(url).hostname
        except ValueError:
            continue
        if host:
            hosts[host] = None
        try:
            whatwg = relurl.parse(url, spec="whatwg").hostname
        except relurl.URLError:
            continue
        if whatwg:
            hosts[whatwg] = None
    return list(hosts)


def test_every_corpus_host_as_publicsuffixlist() -> None:
    hosts = corpus_hosts()
    assert len(hosts) > 900
    kinds = compare(hosts)
    assert set(kinds) <= {IP_ADDRESS, WILDCARD_PARENT, MIXED_FORMS}, kinds


#: IPv4 forms the URL Standard's host parser reads (and ones it fails as bad IPv4), IPv6.
IP_FORMS = [
    "127.0.0.1",
    "0x7f.1",
    "0177.0.0.1",
    "127.1",
    "2130706433",
    "0X7F.0.0.1.",
    "1.2.3.999",
    "\uff11\uff12\uff17.0.0.1",
    # Full-width digits that are a bad IPv4 address once ASCII (`1.2.3.999`, `a.1`).
    "\uff11.\uff12.\uff13.\uff19\uff19\uff19",
    "a.\uff11",
]
IP_FORMS += ["::1", "[::1]", "[fe80::1%25eth0]", "[::ffff:1.2.3.4]"]


def generated_hosts(rng: random.Random, count: int) -> list[str]:
    """Hosts under every kind of rule (plain, wildcard, exception; ICANN and private), with
    Unicode, `xn--` and mixed labels, upper case, trailing dots, empty labels and IP addresses."""
    rules = [
        line.split()[0] for line in LIST_FILE.read_text("utf-8").splitlines() if line and not line.startswith("//")
    ]
    words = [
        "www",
        "a",
        "b-c",
        "Example",
        "bücher",
        "日本",
        "İstanbul",
        "ß",
        "123",
        "0x1f",
        "_x",
        "xn--85x722f",
        "xn--zz",
        # A capital sigma lower-cases by the labels around it (Final_Sigma, across the dots).
        "\u03a3",
        "\u0391\u03a3",
    ]
    hosts = []
    for _ in range(count):
        rule = rng.choice(rules)
        labels = [rng.choice(words) for _ in range(rng.randrange(0, 3))] + rule.lstrip("!*.").split(".")
        if rule.startswith("*.") and rng.random() < 0.5:
            labels.insert(len(labels) - len(rule.split(".")) + 1, rng.choice(words))
        out = []
        for label in labels:
            r = rng.random()
            if r < 0.2 and not label.isascii():
                label = "xn--" + label.encode("punycode").decode("ascii")
            elif r < 0.3:
                label = label.upper()
            out.append(label)
        host = ".".join(out)
        r = rng.random()
        if r < 0.05:
            host += "."
        elif r < 0.06:
            host = rng.choice(["", "."]) + host + rng.choice(["", ".."])
        elif r < 0.08:
            host = ".".join(str(rng.randrange(300)) for _ in range(4))
        elif r < 0.09:
            host = rng.choice(IP_FORMS)
        hosts.append(host)
    return hosts


@pytest.mark.parametrize("seed", range(4))
def test_generated_hosts_as_publicsuffixlist(seed: int) -> None:
    """25,000 generated hosts a seed (100,000 in all): every difference of a named kind, and
    each kind met (so the classification is exercised)."""
    kinds = compare(generated_hosts(random.Random(f"psl-{seed}"), 25_000))
    assert set(kinds) == {IP_ADDRESS, WILDCARD_PARENT, MIXED_FORMS}, kinds


# --- Arrow columns -------------------------------------------------------------------------------


def test_arrow_columns_are_the_functions_row_by_row() -> None:
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    hosts = generated_hosts(random.Random("psl-arrow"), 5_000)
    column = pa.chunked_array([hosts[:1000], [None, *hosts[1000:]]])
    own = relurl.PublicSuffixList.from_text("uk\nco.uk\n*.ck\n!www.ck\n")
    for function, column_function in [
        (relurl.registered_domain, relurl.arrow.registered_domain),
        (relurl.public_suffix, relurl.arrow.public_suffix),
    ]:
        for options in ({}, {"icann_only": True}, {"psl": own}):
            got = pa.chunked_array(column_function(column, threads=2, **options))  # type: ignore[operator]
            assert got.type == pa.string() and got.num_chunks == 2
            expected = [function(h, **options) for h in hosts[:1000]] + [None]  # type: ignore[operator]
            expected += [function(h, **options) for h in hosts[1000:]]  # type: ignore[operator]
            assert got.to_pylist() == expected
            assert None in expected[:1000] and any(expected)
    assert pa.array(relurl.arrow.registered_domain(pa.array(["www.example.co.uk", "co.uk", None]))).to_pylist() == [
        "example.co.uk",
        None,
        None,
    ]
    bad = pa.Array.from_buffers(
        pa.string(), 1, [None, pa.py_buffer(b"\x00\x00\x00\x00\x01\x00\x00\x00"), pa.py_buffer(b"\xff")]
    )
    with pytest.raises(relurl.URLError) as info:
        relurl.arrow.registered_domain(bad)
    assert info.value.index == 0
    assert pa.array(relurl.arrow.public_suffix(bad, errors="null")).to_pylist() == [None]
    result, failures = relurl.arrow.registered_domain(bad, errors="report")
    assert pa.array(result).to_pylist() == [None]
    assert [f.index for f in failures] == [0]  # type: ignore[attr-defined]


#: Texts that are not host names, with the character at fault and its position (found by a
#: new user's walk: a URL, a port or spaces gave a silent None, or an answer with the space).
NOT_HOST_NAMES = [
    ("http://www.example.com/", "/", 5),
    ("www.example.co.uk:8080", ":", 17),
    (" www.example.com ", " ", 0),
    ("www.example.com/path", "/", 15),
    ("a\tb.com", "\t", 1),
    ("食.例:80", ":", 3),
    ("[::1]:80", ":", 5),
    ("[http://x/]", "[", 0),
    ("example.com\uff1a8080", "\uff1a", 11),
    ("\xa0example.com", "\xa0", 0),
]


def test_a_text_that_is_not_a_host_name_is_a_url_error() -> None:
    own = relurl.PublicSuffixList.from_text("com\n")
    for text, char, position in NOT_HOST_NAMES:
        for call in (
            lambda: relurl.registered_domain(text),
            lambda: relurl.public_suffix(text, icann_only=True),
            lambda: own.registered_domain(text),
            lambda: relurl.public_suffix(text, psl=own),
        ):
            with pytest.raises(relurl.URLError) as info:
                call()
            error = info.value
            assert (error.kind, error.position, text[error.position]) == ("not_a_host_name", position, char)
            assert error.reason.startswith(("space", f"{char!r}", "tab", "non-ASCII")), error.reason
    with pytest.raises(relurl.URLError, match=r"a URL\? look up its host"):
        relurl.registered_domain("https://www.example.com/")
    with pytest.raises(relurl.URLError, match=r"a port\? look up the host alone"):
        relurl.registered_domain("www.example.com:443")
    with pytest.raises(relurl.URLError, match=r"a port\? look up the host alone\) \(at position 5\)"):
        relurl.registered_domain("[::1]:443")
    # IP addresses with a `:` or brackets are still IP addresses; a URL's host is a host, and
    # a URL whose host is not a host name (RFC 1808 splits any net_loc) has no answer.
    for ip in ("::1", "[::1]", "fe80::1%eth0", "2001:db8::1."):
        assert relurl.registered_domain(ip) is None
    assert relurl.URL("https://www.example.co.uk:8080/a").registered_domain == "example.co.uk"
    assert relurl.URL("http://a b.example.com/").registered_domain is None


def test_a_column_row_that_is_not_a_host_name_fails_by_errors() -> None:
    pa = pytest.importorskip("pyarrow")
    import relurl.arrow

    column = pa.chunked_array([["www.example.co.uk"], [None, "example.com:8080", "co.uk"]])
    with pytest.raises(relurl.URLError) as info:
        relurl.arrow.registered_domain(column)
    assert (info.value.kind, info.value.index, info.value.position) == ("not_a_host_name", 2, 11)
    assert str(info.value).startswith("item 2: ':' is not allowed in a host name")
    nulls = relurl.arrow.public_suffix(column, errors="null", threads=2)
    assert pa.chunked_array(nulls).to_pylist() == ["co.uk", None, None, "co.uk"]
    result, failures = relurl.arrow.registered_domain(column, errors="report")
    assert pa.chunked_array(result).to_pylist() == ["example.co.uk", None, None, None]
    assert [(f.index, f.kind) for f in failures] == [(2, "not_a_host_name")]  # type: ignore[attr-defined]


def test_lists_pickle() -> None:
    """A list pickles (a Spark executor, a worker process): the bundled one as itself, one of
    one's own as its text, answering the same after."""
    import pickle

    bundled = pickle.loads(pickle.dumps(relurl.PublicSuffixList.bundled()))
    assert repr(bundled).startswith("<PublicSuffixList (bundled)")
    assert bundled.registered_domain("a.b.blogspot.com") == "b.blogspot.com"
    own = relurl.PublicSuffixList.from_text("com\n// ===BEGIN PRIVATE DOMAINS===\nexample.com\n")
    again = pickle.loads(pickle.dumps(own))
    assert (len(again), repr(again)) == (len(own), repr(own))
    assert again.registered_domain("a.b.example.com") == "b.example.com"
    assert again.registered_domain("a.b.example.com", icann_only=True) == "example.com"
    assert relurl.tldextract("a.b.example.com", True, psl=again).suffix == "example.com"
    assert again == own and hash(again) == hash(own)
    assert bundled == relurl.PublicSuffixList.bundled()


def test_lists_are_equal_when_read_from_the_same_text() -> None:
    """Equality (and the hash) is the text's: the bundled list whichever way it is made, an
    own list against another of the same text; not the same rules in another text, and not
    another type."""
    bundled = relurl.PublicSuffixList.bundled()
    same = [relurl.PublicSuffixList(), relurl.PublicSuffixList.from_file(LIST_FILE)]
    for other in same:
        assert bundled == other and not bundled != other and hash(bundled) == hash(other)
    assert len({bundled, *same}) == 1
    text = "com\nco.uk\n"
    assert relurl.PublicSuffixList.from_text(text) == relurl.PublicSuffixList.from_text(text)
    assert relurl.PublicSuffixList.from_text(text) != relurl.PublicSuffixList.from_text("co.uk\ncom\n")
    assert relurl.PublicSuffixList.from_text(text) != bundled
    assert bundled != LIST_FILE.read_text(encoding="utf-8") and bundled != None  # noqa: E711
