"""`relurl links`: the bundled example, a directory, URL mappings, JSON, progress."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
import relurl
from relurl.cli import _build_parser
from relurl.cli import _links as _links_cli

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
    "https://example.com/blog/2024/media/talk.jpg",
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
        "page_url": EXAMPLE_URL,
        "url": "https://example.com/blog/about/",
        "tag": "a",
        "attr": "href",
        "raw": "\n     ../about/ ",
        "special": None,
        "rel": [],
    }
    assert [(r["attr"], r["rel"]) for r in rows[:2]] == [("href", ["stylesheet"]), ("href", ["icon"])]
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


# In CI (CI=true) the corpus is there: missing, the test fails instead of skipping.
@pytest.mark.skipif(
    not (CORPUS / "pages.tsv").is_file() and os.environ.get("CI") != "true",
    reason="the shared corpus is not beside the repository",
)
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
    assert done.returncode == 2 and "expected 'NAME: VALUE'" in done.stderr  # a usage error (issue 10 item 17)
    done = run(
        str(page),
        "--url",
        "http://a/",
        "-H",
        "Content-Location: http://moved/x/",
        "-H",
        "Content-Type: text/html; charset=utf-8",
    )
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


# Issue 10 item 16: the output is UTF-8 whatever the file names; a byte of a name that is
# not UTF-8 is written as \\xNN (backslashreplace), in the JSON and in messages.
def test_a_file_name_that_is_not_utf8(tmp_path: Path) -> None:
    try:
        (tmp_path / os.fsdecode(b"b\xff.html")).write_text('<a href="x">')
    except (OSError, UnicodeError):
        pytest.skip("the file system does not take a file name that is not UTF-8")
    name = str(tmp_path / "b") + "\\xff.html"
    for env in ({}, {"PYTHONIOENCODING": "utf-8"}):
        done = subprocess.run(
            [sys.executable, "-m", "relurl", "links", str(tmp_path), "--json", "--url", "http://a/"],
            capture_output=True,
            env={**os.environ, **env},
            check=False,
        )
        assert done.returncode == 0, done.stderr
        rows = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
        assert [(row["page"], row["url"]) for row in rows] == [(name, "http://a/x")]
    missing = os.fsdecode(bytes(tmp_path / "gone") + b"\xfe.html")
    done = subprocess.run(
        [sys.executable, "-m", "relurl", "links", str(tmp_path), missing],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout.decode("utf-8") == (tmp_path / "x").as_uri() + "\n"
    assert done.stderr.decode("utf-8") == f"relurl: {tmp_path / 'gone'}\\xfe.html: no such file or directory\n"


# Issue 10 item 17: one page from standard input.
def test_a_page_from_standard_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "relurl", "links", "-", "--url", EXAMPLE_URL, "--json"],
        input=EXAMPLE.read_bytes(),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [row["url"] for row in rows] == EXAMPLE_LINKS
    assert {(row["page"], row["page_url"]) for row in rows} == {("-", EXAMPLE_URL)}
    usage = run("-", "--urls", "x.tsv")
    assert usage.returncode == 2 and "PAGE '-' (standard input) needs --url" in usage.stderr
    usage = run("-", str(EXAMPLE), "-", "--url", EXAMPLE_URL)
    assert usage.returncode == 2 and "can be given once" in usage.stderr


# Issue 10 item 18: a --url without a scheme is allowed but warned about; issue 22 item 18:
# the warning is extract_links's own URLWarning, printed for its page.
def test_a_url_without_a_scheme_is_warned_about(tmp_path: Path) -> None:
    (tmp_path / "p.html").write_text('<a href="../x">')
    done = run(str(tmp_path / "p.html"), "--url", "example.com/d/page")
    assert (done.returncode, done.stdout) == (0, "example.com/x\n")
    assert done.stderr == (
        f"relurl: {tmp_path / 'p.html'}: warning: the base URL 'example.com/d/page' has no scheme; links resolve "
        "against it as a relative URL (did you mean http://example.com/d/page?)\n"
    )
    # An absolute <base href> makes the links absolute: no warning.
    (tmp_path / "p.html").write_text('<base href="http://b/c/"><a href="../x">')
    done = run(str(tmp_path / "p.html"), "--url", "example.com/d/page")
    assert (done.returncode, done.stdout, done.stderr) == (0, "http://b/x\n", "")
    assert run(str(tmp_path / "p.html"), "--url", "http://example.com/d/page").stderr == ""


# Issue 10 item 19: a malformed Base header is skipped with a warning by the library; the
# command prints it for its page and the exit status stays 0.
def test_a_malformed_base_header_is_a_warning(tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text('<a href="x">')
    done = run(str(page), "--url", "http://a/d/", "-H", "Base: http://b/")
    assert (done.returncode, done.stdout) == (0, "http://a/d/x\n")
    assert done.stderr.startswith(f"relurl: {page}: warning: ") and "Base" in done.stderr
    assert done.stderr.count("\n") == 1


def test_warnings_of_link_extraction_are_printed_per_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def extract(html: bytes, url: str, **kwargs: object) -> list[relurl.Link]:
        warnings.warn(f"{html.decode()} skipped", relurl.URLWarning, stacklevel=2)
        return relurl.extract_links(html, url)

    monkeypatch.setattr(_links_cli, "extract_links", extract)
    for name in ("a.html", "b.html"):
        (tmp_path / name).write_text('<a href="x">')
    args = _build_parser().parse_args(["links", str(tmp_path), "--url", "http://a/"])
    stdout, stderr = io.StringIO(), io.StringIO()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the command must catch them, not let them out
        assert _links_cli.run(args, stdout, stderr) == 0
    assert stdout.getvalue() == "http://a/x\n" * 2
    assert stderr.getvalue() == "".join(
        f'relurl: {tmp_path / name}: warning: <a href="x"> skipped\n' for name in ("a.html", "b.html")
    )


# Issue 10 item 20: each JSON row names the page's URL too.
def test_json_rows_name_the_page_url(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text('<base href="http://base/"><a href="y">')
    (tmp_path / "b.html").write_text('<a href="x">')
    tsv = tmp_path / "urls.tsv"
    tsv.write_text("a.html\thttp://h/a.html\n")
    done = run(str(tmp_path), "--urls", str(tsv), "--json")
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(Path(r["page"]).name, r["page_url"], r["url"]) for r in rows] == [
        ("a.html", "http://h/a.html", "http://base/y"),
        ("b.html", (tmp_path / "b.html").as_uri(), (tmp_path / "x").as_uri()),
    ]
    done = run(str(tmp_path / "b.html"), "--url", "http://u/b", "--json")
    assert json.loads(done.stdout)["page_url"] == "http://u/b"


def test_a_link_holding_a_line_break_is_not_split_across_lines(tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text('<a href="x"><a href="y\nz"><img src="w">')
    done = run(str(page), "--url", "http://a/")
    assert (done.returncode, done.stdout) == (0, "http://a/x\nhttp://a/w\n")
    assert done.stderr == (
        f"relurl: {page}: warning: link 2 (<a href>) holds a line break: left out of the one-per-line output "
        "(--json keeps it): 'http://a/y\\nz'\n"
    )
    done = run(str(page), "--url", "http://a/", "--json")
    assert [json.loads(line)["url"] for line in done.stdout.splitlines()] == [
        "http://a/x",
        "http://a/y\nz",
        "http://a/w",
    ]
    assert done.stderr == ""


def test_output_in_an_encoding_that_is_not_utf8(tmp_path: Path) -> None:
    """Found by a probe (2026-11-27): with `PYTHONIOENCODING=ascii` a link the encoding cannot
    write was a traceback; it is now reported and left out (exit status 1), the other links
    written. `--json` is UTF-8 whatever the encoding (the docs' promise; latin-1 wrote a raw
    0xFC)."""
    page = tmp_path / "u.html"
    page.write_bytes('<a href="/ü">x</a><a href="/a">y</a>'.encode())

    def links(encoding: str, *extra: str) -> subprocess.CompletedProcess[bytes]:
        env = {**os.environ, "PYTHONIOENCODING": encoding}
        command = [sys.executable, "-m", "relurl", "links", str(page), "--url", "http://a/", *extra]
        return subprocess.run(command, capture_output=True, env=env, check=False)

    done = links("ascii")
    assert done.returncode == 1
    assert done.stdout.decode().splitlines() == ["http://a/a"]
    assert done.stderr.decode() == (
        f"relurl: {page}: standard output's encoding ('ascii') cannot write '\\xfc' (U+00FC) of a link, "
        "left out: set PYTHONIOENCODING=utf-8\n"
    )
    for encoding in ("latin-1", "ascii"):
        done = links(encoding, "--json")
        assert done.returncode == 0, done.stderr
        assert [json.loads(line)["url"] for line in done.stdout.decode("utf-8").splitlines()] == [
            "http://a/ü",
            "http://a/a",
        ]
