"""surt's keyword options are listed once in the bindings (`_relurl._SURT_OPTIONS`: each name
and its default, in order): relurl.surt's signature and the stub name the same ones with the
same defaults, and relurl.surt, relurl.arrow.surt's `**options` and surt.surt agree on what
each one does."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
import relurl
import relurl.arrow
from relurl._relurl import _SURT_OPTIONS

surt_package = pytest.importorskip("surt")

#: URLs whose keys each option (but those of UNSEEN) changes: www, case, a default port,
#: an empty path, session ids in path and query, a trailing slash, an empty query, a query
#: to sort, an IPv4 host, userinfo and a fragment.
URLS = [
    "http://www.Example.com:80/",
    "http://www.example.com/Dir/(S(abcdefghijklmnopqrstuvwx))/Page.ASPX?B=2&jsessionid=0123456789abcdef0123456789abcdef&a=1",
    "https://user:pass@www2.example.com:443/a/b/?#Frag",
    "http://10.0.0.1/x/",
    "http://example.com/p?",
]

#: The options that change none of these keys: those surt accepts and ignores, and
#: host_lowercase (the key's host is in lower case anyway).
UNSEEN = {"auth_strip_user", "auth_strip_pass", "hash_strip", "host_lowercase"}


def test_the_list_is_relurl_surt_s_signature() -> None:
    """The keyword-only parameters of relurl.surt, in order, with their defaults."""
    parameters = list(inspect.signature(relurl.surt).parameters.values())
    assert [(p.name, p.default) for p in parameters[:2]] == [("url", inspect.Parameter.empty), ("canonicalizer", None)]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in parameters[2:])
    assert [(p.name, p.default) for p in parameters[2:]] == list(_SURT_OPTIONS)
    assert len(_SURT_OPTIONS) == 19
    assert all(type(default) is bool for _, default in _SURT_OPTIONS)


def test_the_list_is_the_stub_s() -> None:
    """Each overload of `surt` in _relurl.pyi: the same keywords, in order, same defaults."""
    stub = ast.parse((Path(relurl.__file__).parent / "_relurl.pyi").read_text(encoding="utf-8"))
    overloads = [node for node in stub.body if isinstance(node, ast.FunctionDef) and node.name == "surt"]
    assert len(overloads) == 2
    for overload in overloads:
        args = overload.args
        assert [a.arg for a in args.args] == ["url", "canonicalizer"]
        defaults = [ast.literal_eval(d) if d is not None else None for d in args.kw_defaults]
        assert list(zip([a.arg for a in args.kwonlyargs], defaults, strict=True)) == list(_SURT_OPTIONS)
        assert args.kwarg is None


@pytest.mark.parametrize(("name", "default"), _SURT_OPTIONS)
def test_each_option_means_the_same_on_both_paths_and_as_in_surt(name: str, default: bool) -> None:
    """Given its default, an option changes nothing; flipped, relurl.surt gives surt.surt's
    key, and relurl.arrow.surt(column, **options) relurl.surt's, for every URL; each option
    but those of UNSEEN changes some key (so the URLs test it)."""
    pa = pytest.importorskip("pyarrow")
    column = pa.array(URLS, type=pa.string())
    if name == "public_suffix":
        with pytest.raises(ValueError, match="public_suffix"):
            relurl.surt(URLS[0], public_suffix=True)
        with pytest.raises(ValueError, match="public_suffix"):
            relurl.arrow.surt(column, public_suffix=True)
        assert pa.array(relurl.arrow.surt(column, public_suffix=False)).to_pylist() == [relurl.surt(u) for u in URLS]
        return
    plain = [relurl.surt(url) for url in URLS]
    assert [relurl.surt(url, **{name: default}) for url in URLS] == plain  # type: ignore[call-overload]
    assert pa.array(relurl.arrow.surt(column, **{name: default})).to_pylist() == plain
    for flipped in (not default, int(not default), "x" if not default else ""):
        keys = [relurl.surt(url, **{name: flipped}) for url in URLS]  # type: ignore[call-overload]
        assert keys == [surt_package.surt(url, **{name: flipped}) for url in URLS]
        assert pa.array(relurl.arrow.surt(column, **{name: flipped})).to_pylist() == keys
    assert (keys == plain) is (name in UNSEEN)


def test_unknown_keywords_are_refused_alike() -> None:
    """An unknown keyword is the same TypeError on both paths (surt ignores it)."""
    pa = pytest.importorskip("pyarrow")
    message = "surt() got an unexpected keyword argument 'no_such_option'"
    with pytest.raises(TypeError) as per_call:
        relurl.surt("http://a/", no_such_option=True)  # type: ignore[call-overload]
    with pytest.raises(TypeError) as column:
        relurl.arrow.surt(pa.array(["http://a/"]), no_such_option=True)
    assert str(per_call.value) == str(column.value) == message
