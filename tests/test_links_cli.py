"""`relurl links`: the bundled example, a directory, URL mappings, JSON, progress."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import relurl
from relurl import _links_cli
from relurl.cli import _build_parser

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "links.html"
EXAMPLE_URL = (ROOT / "examples" / "links-url.txt").read_text(encoding="utf-8").strip()
CORPUS = ROOT.parent / "shared" / "corpus"

#: The links of examples/links.html, in document order.
EXAMPLE_LINKS = [
    "https://example.com/blog/2024/css/site.css",
    "https://example.com/favicon.ico",
    "https://example.com/blog/archive/?from=refresh",
    "https://example.com/blog/",
    "https://example.com/blog/about/",
    "https://example.com/blog/2024/search?q=base&lang=en",
    "https://example.com/blog/2024/#comments",
    "mailto:editor@example.com",
    "javascript:void(0)",
    "https://example.com/blog/2024/img/diagram.png",
    "https://example.com/blog/2024/img/diagram.png",
    "https://example.com/blog/2024/img/diagram@2x.png?v=1,2",
    "https://example.com/blog/2024/img/photo-480.webp",
    "https://example.com/blog/2024/img/photo-960.webp",
    "https://example.com/blog/2024/img/photo.jpg",
    "https://www.rfc-editor.org/rfc/rfc1808#section-3",
    "https://example.com/blog/2024/media/talk.webm",
    "https://example.com/blog/2024/media/talk.vtt",
    "https://player.example.org/embed/42",
    "https://example.com/blog/2024/files/paper.pdf",
    "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
    "https://example.com/blog/2024/notes/draft.html",
    "https://example.com/comments/new",
    "https://example.com/blog/2024/img/send.png",
    "https://stats.example.com/pixel.gif",
    "https://example.com/blog/2024/js/app.js",
]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "relurl", "links", *args], capture_output=True, text=True, check=False)


def test_the_bundled_example() -> None:
    done = run(str(EXAMPLE), "--url", EXAMPLE_URL)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == EXAMPLE_LINKS
    assert done.stderr == ""  # no progress bar: not a terminal


def test_json_and_skip_special() -> None:
    done = run(str(EXAMPLE), "--url", EXAMPLE_URL, "--json", "--skip-special")
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(rows) == len(EXAMPLE_LINKS) - 4
    assert rows[4] == {
        "page": str(EXAMPLE),
        "url": "https://example.com/blog/about/",
        "tag": "a",
        "attr": "href",
        "raw": "\n     ../about/ ",
        "special": None,
    }
    done = run(str(EXAMPLE), "--url", EXAMPLE_URL, "--json")
    specials = [json.loads(line)["special"] for line in done.stdout.splitlines()]
    assert [s for s in specials if s] == ["fragment", "mailto", "javascript", "data"]


def test_a_directory_with_default_and_mapped_urls(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "b.html").write_text('<a href="x">')
    (tmp_path / "a.htm").write_text('<base href="http://base/"><a href="y">')
    (tmp_path / "sub" / "c.HTML").write_text('<a href="../z">')
    (tmp_path / "notes.txt").write_text('<a href="ignored">')
    done = run(str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["http://base/y", (tmp_path / "x").as_uri(), (tmp_path / "z").as_uri()]
    tsv = tmp_path / "urls.tsv"
    tsv.write_text("file\turl\textra\nb.html\thttp://h/d/b.html\t1\nsub/c.HTML\thttp://h/d/sub/c.html\n")
    done = run(str(tmp_path), "--urls", str(tsv), "--json")
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(Path(r["page"]).name, r["url"]) for r in rows] == [
        ("a.htm", "http://base/y"),
        ("b.html", "http://h/d/x"),
        ("c.HTML", "http://h/d/z"),
    ]


@pytest.mark.skipif(not (CORPUS / "pages.tsv").is_file(), reason="the shared corpus is not beside the repository")
def test_the_corpus_directory() -> None:
    done = run(str(CORPUS / "pages"), "--urls", str(CORPUS / "pages.tsv"), "--json")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    with (CORPUS / "pages.tsv").open(encoding="utf-8") as f:
        urls = dict(line.split("\t")[:2] for line in f.read().splitlines()[1:])
    expected = [
        (str(page), link.url)
        for page in sorted((CORPUS / "pages").glob("*.html"))
        for link in relurl.extract_links(page.read_bytes(), urls[page.name])
    ]
    assert len(expected) > 11_500 and len({page for page, _ in expected}) == 55
    assert [(r["page"], r["url"]) for r in rows] == expected


def test_errors_are_reported_and_the_rest_done(tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_bytes(b"<meta charset=latin1><a href='\xe9'>")
    done = run(str(tmp_path / "missing.html"), str(page), "--url", "http://a/")
    assert done.returncode == 1
    assert done.stdout == "http://a/\u00e9\n"
    assert "missing.html: no such file or directory" in done.stderr
    done = run(str(page), "--header", "no colon")
    assert done.returncode == 1 and "expected 'NAME: VALUE'" in done.stderr
    done = run(str(page), "--url", "http://a/", "-H", "Base: broken")
    assert done.returncode == 1 and "Base header" in done.stderr
    done = run(str(page), "--url", "http://a/", "-H", "Content-Location: http://moved/x/", "-H", "Content-Type: text/html; charset=utf-8")
    assert done.stdout == "http://moved/x/\ufffd\n"  # the header's charset beats <meta>: \xe9 is not UTF-8


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(tmp_path: Path) -> None:
    for name in ("a.html", "b.html", "c.html"):
        (tmp_path / name).write_text('<a href="x"><a href="y">')
    args = _build_parser().parse_args(["links", str(tmp_path), "--url", "http://a/"])
    assert isinstance(args, argparse.Namespace)
    stdout, stderr = io.StringIO(), FakeTerminal()
    assert _links_cli.run(args, stdout, stderr) == 0
    assert stdout.getvalue() == "http://a/x\nhttp://a/y\n" * 3
    progress = stderr.getvalue()
    assert "\r[" + "#" * 30 + "] 3/3 pages, 6 links" in progress and progress.endswith("\n")
    stderr_file = io.StringIO()
    assert _links_cli.run(args, io.StringIO(), stderr_file) == 0
    assert stderr_file.getvalue() == ""
