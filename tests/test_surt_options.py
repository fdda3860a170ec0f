"""surt's keyword options are listed once, in the core (`_relurl._SURT_OPTIONS`: each name
and its default, in order): relurl.surt's signature and the stub name the same ones with the
same defaults, and relurl.surt, relurl.arrow.surt's `**options` and surt.surt agree on what
each one does."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Any

import pytest
import relurl
import relurl.arrow
from conftest import outcome
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
    """Each overload of `surt` in _relurl/__init__.pyi: the same keywords, in order, same defaults."""
    stub = ast.parse((Path(relurl.__file__).parent / "_relurl" / "__init__.pyi").read_text(encoding="utf-8"))
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
        # surt raises TypeError for every URL with a host (tests/test_surt.py): the rows
        # without one keep their key.
        got = pa.array(relurl.arrow.surt(column, public_suffix=True, errors="null")).to_pylist()
        for url, key in zip(URLS, got, strict=True):
            expected = outcome(surt_package.surt, url, public_suffix=True)
            assert outcome(relurl.surt, url, public_suffix=True) == expected
            assert key == (expected[2] if expected[0] == "returned" else None)
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


#: The IA canonicalizer's options: `canonicalizer="ia"` with all of them False changes
#: nothing, which is what surt's own tests do with `canonicalizer=lambda x, **opts: x`.
IA_OPTIONS = [
    "host_lowercase",
    "host_massage",
    "port_strip_default",
    "path_strip_empty",
    "path_lowercase",
    "path_strip_session_id",
    "path_strip_trailing_slash_unless_empty",
    "query_lowercase",
    "query_strip_session_id",
    "query_strip_empty",
    "query_alpha_reorder",
]


def identity(url: Any, **options: Any) -> Any:
    """surt's "simple customization": a canonicalizer that changes nothing."""
    return url


@pytest.mark.parametrize(
    "canonicalizer",
    [
        identity,
        surt_package.GoogleURLCanonicalizer,
        surt_package.GoogleURLCanonicalizer.canonicalize,
        [surt_package.GoogleURLCanonicalizer, surt_package.IAURLCanonicalizer],
    ],
    ids=["function", "module", "module function", "list"],
)
def test_a_canonicalizer_object_is_refused_saying_what_to_do(canonicalizer: Any) -> None:
    """surt calls a canonicalizer object (a callable, a module's `canonicalize`, a list of
    them) on its handyurl; relurl runs surt's by name: a TypeError that names them, the
    recipe for none and surt.surt for others, on both paths."""
    pa = pytest.importorskip("pyarrow")
    with pytest.raises(TypeError) as per_call:
        relurl.surt("http://a/", canonicalizer)
    with pytest.raises(TypeError) as column:
        relurl.arrow.surt(pa.array(["http://a/"]), canonicalizer)
    message = str(per_call.value)
    assert str(column.value) == message
    assert message.startswith(
        f"canonicalizer must be None or one of 'default', 'google', 'ia', not {type(canonicalizer).__name__}: "
    )
    for advice in ("'google' for GoogleURLCanonicalizer", "'ia' with every IA option False", "call surt.surt"):
        assert advice in message


def test_no_canonicalization_is_ia_with_its_options_false() -> None:
    """The recipe the TypeError gives for surt's identity canonicalizer gives its keys: a
    fragment, `www`, case, a default port, a session id, a trailing slash and an unsorted
    query all kept, under the writer's options too."""
    off = dict.fromkeys(IA_OPTIONS, False)
    assert sorted(IA_OPTIONS) == sorted(
        name for name, _ in _SURT_OPTIONS if name.startswith(("host_", "port_", "path_", "query_"))
    )
    # surt's own test (tests/test_surt.py, "Simple customization").
    assert relurl.surt("http://www.example.com/", "ia", **off) == "com,example,www)/"
    urls = [
        *URLS,
        "HTTP://WWW.Example.COM:80/A/b/?z=1&a=2#Frag",
        "https://www2.example.com:443/a.aspx?jsessionid=0123456789abcdef0123456789abcdef",
        "dns:www.example.com",
        "http://1.2.3/%41%2541/",
        "mailto:a@example.com",
        "http://example.com?",
        "http://example.com/?#",
    ]
    for url in urls:
        for writer in ({}, {"with_scheme": True}, {"surt": False}, {"trailing_comma": True}):
            assert relurl.surt(url, "ia", **off, **writer) == surt_package.surt(url, identity, **writer), (url, writer)
            assert relurl.surt(url.encode(), "ia", **off, **writer) == surt_package.surt(
                url.encode(), identity, **writer
            )
