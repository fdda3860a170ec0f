"""relurl.public_suffix, relurl.registered_domain, relurl.PublicSuffixList and
URL.registered_domain: the list's own test file, the `publicsuffixlist` package on the same
list (each difference explained), hostile hosts."""

from __future__ import annotations

import random
import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import relurl
from conftest import corpus_pairs

LIST_DIR = Path(__file__).resolve().parents[1] / "crates/relurl/src/services/public_suffix"
LIST_FILE = LIST_DIR / "public_suffix_list.dat"


def test_psl_s_own_test_file() -> None:
    """publicsuffix/list's tests/test_psl.txt (pinned copy; SOURCE.md): every
    `checkPublicSuffix(host, registered_domain)` line."""
    lines = re.findall(r"^checkPublicSuffix\((.*), (.*)\);$", (LIST_DIR / "test_psl.txt").read_text("utf-8"), re.M)
    assert len(lines) == 78

    def arg(text: str) -> str | None:
        return None if text == "null" else text.strip("'")

    for host, expected in lines:
        assert relurl.registered_domain(arg(host)) == arg(expected), host


def test_bundled_and_own_lists(tmp_path: Path) -> None:
    bundled = relurl.PublicSuffixList.bundled()
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
    with pytest.raises(FileNotFoundError):
        relurl.PublicSuffixList.from_file(tmp_path / "missing.dat")
    for bad, line in [("com\na..b", 2), ("a.*.b", 1), ("!", 1), ("xn--a-.com", 1)]:
        with pytest.raises(ValueError, match=f"line {line}: "):
            relurl.PublicSuffixList.from_text(bad)
    assert len(relurl.PublicSuffixList.from_text("")) == 0
    assert relurl.public_suffix("a.b", psl=relurl.PublicSuffixList.from_text("")) == "b"  # the implicit rule


def test_answers_and_their_forms() -> None:
    assert relurl.registered_domain("WWW.Example.CO.UK") == "example.co.uk"
    assert relurl.public_suffix("www.食狮.公司.cn") == "公司.cn"
    assert relurl.public_suffix("www.xn--85x722f.xn--55qx5d.cn") == "xn--55qx5d.cn"
    assert relurl.registered_domain("www.example.com.") == "example.com."
    assert relurl.registered_domain("foo.blogspot.com") == "foo.blogspot.com"
    assert relurl.registered_domain("foo.blogspot.com", icann_only=True) == "blogspot.com"
    for none in [
        None,
        "",
        ".",
        "com",
        "a..com",
        ".example.com",
        "127.0.0.1",
        "0x7F.1",
        "1.2.3.999",
        "[::1]",
        "::1",
        "\uff11\uff12\uff17.0.0.1",
    ]:
        assert relurl.registered_domain(none) is None, none
    with pytest.raises(TypeError, match="host must be a str or None, not bytes"):
        relurl.registered_domain(b"example.com")  # type: ignore[arg-type]
    assert relurl.registered_domain("a.b\udfff.com") == "b\udfff.com"


def test_url_registered_domain() -> None:
    assert relurl.parse("http://user@WWW.bbc.CO.uk:80/x").registered_domain == "bbc.co.uk"
    assert relurl.parse("http://食狮.公司.cn/", spec="whatwg").registered_domain == "xn--85x722f.xn--55qx5d.cn"
    assert relurl.parse("http://食狮.公司.cn/").registered_domain == "食狮.公司.cn"
    for none in ["http://[::1]/", "http://127.0.0.1/", "mailto:a@b.com", "/relative", "http://co.uk/"]:
        assert relurl.parse(none).registered_domain is None, none
        assert relurl.parse(none, spec="rfc3986").registered_domain is None, none


def test_hostile_hosts() -> None:
    many = "a." * 1_000_000 + "co.uk"
    assert relurl.registered_domain(many) == "a.co.uk"
    assert relurl.registered_domain("x" * 100_000 + ".com") == "x" * 100_000 + ".com"
    assert relurl.public_suffix("a.xn--" + "b" * 100_000) == "xn--" + "b" * 100_000
    assert relurl.public_suffix("." * 100_000) is None
    assert relurl.public_suffix("xn--zz-.xn--.xn---") == "xn---"


# --- The publicsuffixlist package on the same list ----------------------------------------------

publicsuffixlist = pytest.importorskip("publicsuffixlist")


def peer(only_icann: bool) -> object:
    with LIST_FILE.open("rb") as f:
        return publicsuffixlist.PublicSuffixList(source=f, only_icann=only_icann)


PEERS = {False: peer(False), True: peer(True)}


def is_ip_address(host: str) -> bool:
    """What relurl takes for an IP address: the URL Standard's host parser's IPv4 or IPv6, a
    host ending in a number, or a `:`."""
    if ":" in host or host.startswith("["):
        return True
    last = host.rstrip(".").rsplit(".", 1)[-1]
    if last[:1].isascii() and last[:1].isdigit():
        return True
    try:
        parsed = relurl.parse(f"http://{host}/", spec="whatwg").hostname
    except relurl.URLError:
        return False
    return bool(re.fullmatch(r"[0-9.]+", parsed))


RULES = {
    line.split()[0].lower()
    for line in LIST_FILE.read_text("utf-8").splitlines()
    if line.strip() and not line.startswith("//")
}


def to_unicode(host: str) -> str:
    labels = []
    for label in host.lower().split("."):
        if label.startswith("xn--"):
            try:
                label = label[4:].encode("ascii").decode("punycode")
            except UnicodeError:
                pass
        labels.append(label)
    return ".".join(labels)


def explained(host: str, ours: str | None, theirs: str | None, their_suffix: str | None) -> str | None:
    """Why relurl's answer differs from publicsuffixlist's, or None when it does not."""
    if ours == theirs:
        return None
    if ours is None and is_ip_address(host):
        return "an IP address has no public suffix in relurl; publicsuffixlist reads it as a name"
    if host.endswith(".") and ours is not None and theirs is not None and ours == theirs + ".":
        return "relurl keeps a host's final dot; publicsuffixlist drops it"
    if their_suffix is not None:
        parent = to_unicode(their_suffix)
        if f"*.{parent}" in RULES and parent not in RULES:
            return (
                "publicsuffixlist makes a wildcard rule's parent (dweb.link under *.dweb.link) a public "
                "suffix; by the list's algorithm only a rule of its own does"
            )
    labels = host.rstrip(".").split(".")
    if any(not label.isascii() for label in labels) and any(label.lower().startswith("xn--") for label in labels):
        return (
            "a host mixing Unicode and xn-- labels: relurl compares each label in either form, "
            "publicsuffixlist matches the rules in one form per host"
        )
    return "unexplained"


def compare(hosts: list[str]) -> dict[str, int]:
    reasons: dict[str, int] = {}
    unexplained = []
    for host in hosts:
        for icann in (False, True):
            p = PEERS[icann]
            their_suffix = p.publicsuffix(host)  # type: ignore[attr-defined]
            for ours, theirs in [
                (relurl.public_suffix(host, icann_only=icann), their_suffix),
                (relurl.registered_domain(host, icann_only=icann), p.privatesuffix(host)),  # type: ignore[attr-defined]
            ]:
                reason = explained(host, ours, theirs, their_suffix)
                if reason == "unexplained":
                    unexplained.append((host, icann, ours, theirs))
                elif reason is not None:
                    reasons[reason] = reasons.get(reason, 0) + 1
    assert unexplained[:20] == []
    return reasons


def test_every_corpus_host_as_publicsuffixlist() -> None:
    hosts: dict[str, None] = {}
    for base, href in corpus_pairs():
        for url in (base, href):
            try:
                host = urlsplit(urljoin(base, url)).hostname
            except ValueError:
                continue
            if host:
                hosts[host] = None
    assert len(hosts) > 900
    compare(list(hosts))


def generated_hosts(rng: random.Random, count: int) -> list[str]:
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
        elif r < 0.08:
            host = ".".join(str(rng.randrange(300)) for _ in range(4))
        elif r < 0.09:
            host = rng.choice(["::1", "[::1]", "fe80::1%25eth0"])
        hosts.append(host)
    return hosts


@pytest.mark.parametrize("seed", range(4))
def test_generated_hosts_as_publicsuffixlist(seed: int) -> None:
    reasons = compare(generated_hosts(random.Random(f"psl-{seed}"), 25_000))
    # Each explained difference is met (so this test sees them).
    assert len(reasons) == 4, reasons


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
