"""relurl.surt on hostile input: the keys surt.surt gives, through every entry point.

surt decodes the host, the path and the query "until nothing changes"
(`GoogleURLCanonicalizer.unescapeRepeatedly`), one `unquote_to_bytes` pass over the whole
text at a time: `%` then `25` * k then `41` takes k passes. The core reaches the same text in
one pass (crates/relurl/src/twins/surt/google.rs); its session-id patterns are checked in one pass
too (transform.rs). Here the answers are checked against surt itself, on every family at a
size surt answers in a moment, and on generated texts of the bytes that make and unmake
escapes. Megabytes of the same families run in the core's tests within a deadline
(crates/relurl/tests/it/surt.rs) and are timed at two sizes by benches/linearity.py.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
import relurl
import relurl.arrow
from conftest import outcome
from hypothesis import given, settings
from hypothesis import strategies as st

surt_package = pytest.importorskip("surt")
from surt import GoogleURLCanonicalizer, IAURLCanonicalizer  # noqa: E402

#: relurl's canonicalizer names and the surt module each stands for.
CANONICALIZERS: dict[str | None, Any] = {None: None, "google": GoogleURLCanonicalizer, "ia": IAURLCanonicalizer}

SESSION_ID = "a" * 24


def families(k: int) -> dict[str, str]:
    """Each hostile family at size k: nested percent-encodings in the host, the path and
    the query (one escape k deep; k escapes each one deep, which leave k `%`), session-id
    path segments without and with an `.aspx` after them, `cfid=` without `&`."""
    nested = "%" + "25" * k + "41"
    return {
        "path": "http://a.com/" + nested,
        "host": "http://a" + nested + ".com/",
        "query": "http://a.com/?" + nested,
        "path_flat": "http://a.com/" + "%25" * k + "41" + "%" * k,
        "host_flat": "http://a" + "%25" * k + "41.com/",
        "query_flat": "http://a.com/?" + "%25" * k + "41&b=%" + "%2525" * k,
        "mixed": "http://a%25%" + "%32%35" * k + "34%31/%%" + "%32%35" * k + "%34%31?%%25" + "%25%32%35" * k + "41",
        "aspx_segments": "http://a.com/x.aspx" + f"/({SESSION_ID})" * k + "/",
        "aspx_cookieless": "http://a.com/x.aspx" + f"/(a({SESSION_ID}))" * k + "/",
        "aspx_after": "http://a.com/x.aspx" + f"/({SESSION_ID})" * k + "/y.aspx",
        "aspx_question": "http://a.com/" + f"/({SESSION_ID})" * k + "/x%3F.aspx" + f"/({SESSION_ID})" * k,
        "cfid": "http://a.com/?" + "cfid=" * k,
        "cfid_tokens": "http://a.com/?" + "cfid=x&cftoken=y&" * k,
    }


@pytest.mark.parametrize("canonicalizer", list(CANONICALIZERS))
@pytest.mark.parametrize("name", list(families(1)))
def test_each_family_is_surt_s_key(name: str, canonicalizer: str | None) -> None:
    """Each family at a few sizes, as str and as bytes, with each canonicalizer."""
    for k in (1, 2, 3, 10, 300):
        url = families(k)[name]
        for item in (url, url.encode()):
            expected = outcome(surt_package.surt, item, CANONICALIZERS[canonicalizer])
            assert outcome(relurl.surt, item, canonicalizer) == expected, (k, item)


def test_column_and_command_line_give_the_same_keys() -> None:
    """relurl.arrow.surt and `relurl surt` key the families as relurl.surt does."""
    pa = pytest.importorskip("pyarrow")
    urls = list(families(300).values())
    keys = [surt_package.surt(url) for url in urls]
    assert pa.array(relurl.arrow.surt(pa.array(urls))).to_pylist() == keys
    google = [surt_package.surt(url, GoogleURLCanonicalizer) for url in urls]
    assert pa.array(relurl.arrow.surt(pa.array(urls), "google")).to_pylist() == google
    done = subprocess.run(
        [sys.executable, "-m", "relurl", "surt"], input="\n".join(urls).encode(), capture_output=True, check=True
    )
    assert done.stdout.decode().splitlines() == keys


#: The pieces that make escapes, unmake them and nest them.
PIECES = ["%", "%", "2", "5", "4", "1", "3", "a", "A", "f", "F", "g", "0", "%25", "%32", "%35", "%34", "%31", "%2525"]
_texts = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


@settings(max_examples=600, deadline=None)
@given(host=_texts, path=_texts, query=_texts, canonicalizer=st.sampled_from(list(CANONICALIZERS)))
def test_generated_escapes(host: str, path: str, query: str, canonicalizer: str | None) -> None:
    """Generated hosts, paths and queries of escape pieces: surt's key (the Google
    canonicalizer escapes the query again after decoding it, so the key shows the decoded
    text byte for byte)."""
    url = f"http://h{host}/{path}?{query}"
    for item in (url, url.encode()):
        expected = outcome(surt_package.surt, item, CANONICALIZERS[canonicalizer])
        assert outcome(relurl.surt, item, canonicalizer) == expected, item
