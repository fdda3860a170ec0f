"""The shared link corpus (``../shared/corpus``) as the benchmarks in ``benches/`` read it.

One place for the corpus paths (the repository's parent directory holds ``shared/``), the
``links.jsonl`` rows (read once per process), the pages of ``pages.tsv`` with their bytes, the
distinct ``urljoin(base, href)`` several benchmarks time, and the pytest helper that skips a
benchmark module when the corpus is missing. The benchmark files import it as ``corpus``
(pytest's default import mode and ``python benches/x.py`` both put ``benches/`` on
``sys.path``). It never imports pytest unless a module asks to be skipped.
"""

from __future__ import annotations

import csv
import functools
import json
import urllib.parse
from pathlib import Path

__all__ = [
    "CORPUS_DIR",
    "LINKS_FILE",
    "PAGES_DIR",
    "PAGES_FILE",
    "REPO_ROOT",
    "link_rows",
    "pages",
    "resolved_urls",
    "skip_module_without",
]

#: The repository's root (this file is ``<root>/benches/corpus.py``).
REPO_ROOT = Path(__file__).resolve().parents[1]
#: The corpus directory, next to the repository: ``<root>/../shared/corpus``.
CORPUS_DIR = REPO_ROOT.parent / "shared" / "corpus"
#: One JSON object per line: ``page``, ``base``, ``href``, ``el``, in page order.
LINKS_FILE = CORPUS_DIR / "links.jsonl"
#: The pages' table (tab-separated, with a header): ``file``, ``url`` and more.
PAGES_FILE = CORPUS_DIR / "pages.tsv"
#: The pages' HTML files, named by the ``file`` column of ``pages.tsv``.
PAGES_DIR = CORPUS_DIR / "pages"


@functools.cache
def link_rows() -> list[dict[str, str]]:
    """The rows of ``links.jsonl`` in file order (blank lines skipped), read once per process.

    The list is shared between callers: do not change it or its rows.
    """
    with LINKS_FILE.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def pages() -> list[tuple[str, bytes]]:
    """The pages of ``pages.tsv`` in file order, each as ``(url, the page file's bytes)``."""
    with PAGES_FILE.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [(row["url"], (PAGES_DIR / row["file"]).read_bytes()) for row in rows]


def resolved_urls() -> list[str]:
    """The distinct ``urllib.parse.urljoin(base, href)`` of the links, in first-seen order.

    Links that ``urljoin`` refuses (``ValueError``) are left out.
    """
    urls: dict[str, None] = {}
    for row in link_rows():
        try:
            urls[urllib.parse.urljoin(row["base"], row["href"])] = None
        except ValueError:
            pass
    return list(urls)


def skip_module_without(path: Path = LINKS_FILE, what: str = "link corpus") -> None:
    """Skip the calling pytest module (at import time) when ``path`` is not a file."""
    if not path.is_file():
        import pytest

        pytest.skip(f"{what} not found: {path}", allow_module_level=True)
