"""Shared helpers: the data directory (tables cargo test reads too), the corpus pairs, the
shared link corpus's URLs, a lying str, the bundled Public Suffix List as a file, a call's
outcome."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

DATA = Path(__file__).parent / "data"

#: The shared link corpus (``../shared/corpus/links.jsonl`` beside the checkout).
LINK_CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "links.jsonl"


def corpus_pairs() -> list[tuple[str, str]]:
    """The (base, href) pairs of tests/data/corpus_pairs.json (the link corpus's dev half),
    in first-seen order."""
    with open(DATA / "corpus_pairs.json", encoding="utf-8") as f:
        data = json.load(f)
    bases: list[str] = data["bases"]
    return [(bases[i], href) for i, href in data["pairs"]]


def link_corpus_urls() -> list[str]:
    """Every URL of the shared link corpus, each once, in first-seen order: each row's page,
    base and href resolved against the base (urllib's `urljoin`). Without the corpus the
    calling test skips, or fails in CI (`CI=true`), where the corpus is always there."""
    import pytest

    if not LINK_CORPUS.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"corpus not found: {LINK_CORPUS}", pytrace=False)
        pytest.skip(f"corpus not found: {LINK_CORPUS}")
    urls: dict[str, None] = {}
    with LINK_CORPUS.open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            for url in (row["page"], row["base"], urljoin(row["base"], row["href"])):
                urls[url] = None
    return list(urls)


class OverridingStr(str):
    """A `str` subclass whose overrides lie: every instance equal to anything, one hash, and
    a different `str()`. relurl must read its exact `str` value and never call them."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __str__(self) -> str:
        return "overridden"


def bundled_public_suffix_list_file() -> Path:
    """The bundled Public Suffix List as a file (its source in the checkout; beside an
    installed wheel, the core's text written to a temporary file), for the peers that read
    a list from a file (tldextract, publicsuffixlist)."""
    source = Path(__file__).resolve().parents[1] / "crates/relurl/src/services/public_suffix/public_suffix_list.dat"
    if source.is_file():
        return source
    import tempfile

    from relurl._relurl import _testing

    path = Path(tempfile.mkdtemp(prefix="relurl-psl-")) / "public_suffix_list.dat"
    path.write_text(_testing._bundled_public_suffix_list(), encoding="utf-8")
    return path


def outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    """The result and its type, or the exception's type and message (the surt tests compare
    relurl's and the peer's this way)."""
    try:
        result = function(*args, **kwargs)
    except Exception as e:
        return ("raised", type(e), str(e))
    return ("returned", type(result), result)
