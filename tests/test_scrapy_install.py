"""relurl.scrapy.install() / uninstall(): relurl's twins of w3lib's `safe_url_string` and
`canonicalize_url` put in place inside Scrapy's modules and taken out again; and the installed
Scrapy's own tests of `Request`, the redirect middleware and `scrapy.utils.url` (2.19.0, and the
older versions of tests/scrapy_versions.py), run from its sdist (tests/peer_suites.py) with
relurl installed, all pass."""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Iterator

import pytest
from peer_suites import run_suite, sdist, unpack
from scrapy_versions import expected_for

if os.environ.get("CI") != "true":
    pytest.importorskip("scrapy")

import relurl
import relurl.scrapy
import w3lib
import w3lib.url
from relurl.scrapy import _install


@pytest.fixture(autouse=True)
def clean() -> Iterator[None]:
    relurl.scrapy.uninstall()
    yield
    relurl.scrapy.uninstall()


def current(module: str, name: str) -> object:
    return getattr(importlib.import_module(module), name)


def test_install_puts_the_twins_in_every_place_scrapy_holds_w3lib_s_functions() -> None:
    assert all(current(m, n) is getattr(w3lib.url, n) for m, n in _install.TARGETS)
    relurl.scrapy.install()
    assert relurl.scrapy.installed()
    for module, name in _install.TARGETS:
        assert current(module, name) is getattr(relurl, name), (module, name)
    relurl.scrapy.install()  # a second call changes nothing
    relurl.scrapy.uninstall()
    assert not relurl.scrapy.installed()
    assert all(current(m, n) is getattr(w3lib.url, n) for m, n in _install.TARGETS)


def test_every_place_of_w3lib_s_functions_in_scrapy_is_a_target() -> None:
    # If Scrapy imports w3lib's functions in a new module, install() must know it.
    import pkgutil

    import scrapy

    holders = set()
    for info in pkgutil.walk_packages(scrapy.__path__, "scrapy."):
        if ".commands" in info.name or info.name.endswith(("shell", "__main__")):
            continue
        try:
            with warnings.catch_warnings():  # Scrapy's deprecated aliases warn on import
                warnings.simplefilter("ignore")
                module = importlib.import_module(info.name)
        except ImportError:  # optional dependencies (boto3, ...) missing
            continue
        for name in ("safe_url_string", "canonicalize_url"):
            if getattr(module, name, None) is getattr(w3lib.url, name):
                holders.add((info.name, name))
    assert holders == set(_install.TARGETS)


def test_a_request_built_after_install_uses_relurl_and_answers_the_same() -> None:
    from scrapy import Request

    urls = ["http://example.com/a b?q=é#f", "https://ÉXample.com:443/%zz/ü", "http://[::1]/x"]
    before = [Request(url).url for url in urls]
    relurl.scrapy.install()
    assert [Request(url).url for url in urls] == before


@pytest.mark.parametrize("keep_fragments", [0, 1, None, "", "yes", [1], 2.0])
def test_scrapy_s_fingerprint_with_any_keep_fragments_after_install(keep_fragments: object) -> None:
    """Scrapy's `fingerprint` passes its `keep_fragments` to `canonicalize_url` as it was
    given: relurl's twin reads it for its truth, as w3lib's does (found by a probe: it raised
    `TypeError` for a value that is not a `bool`)."""
    from scrapy import Request
    from scrapy.utils.request import fingerprint

    def digest() -> object:
        # Scrapy's own answer, or its own exception (Scrapy 2.16 caches by
        # `keep_fragments`: `TypeError` for a list).
        try:
            return fingerprint(Request("http://example.com/?b=1&a=2#frag"), keep_fragments=keep_fragments)  # type: ignore[arg-type]
        except TypeError as e:
            return ("raised", str(e))

    before = digest()
    relurl.scrapy.install()
    assert digest() == before
    for keep_blank_values in (0, 1, None, "x"):
        url = "http://e.com/?a=&b=1#f"
        assert relurl.canonicalize_url(url, keep_blank_values, keep_fragments) == w3lib.url.canonicalize_url(  # type: ignore[arg-type]
            url,
            keep_blank_values,
            keep_fragments,  # type: ignore[arg-type]
        )


def test_install_refuses_another_w3lib_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(w3lib, "__version__", "2.1.0")
    with pytest.raises(RuntimeError, match=r"w3lib 2\.5\.0.*w3lib 2\.1\.0.*check_w3lib=False"):
        relurl.scrapy.install()
    assert not relurl.scrapy.installed()
    relurl.scrapy.install(check_w3lib=False)
    assert relurl.scrapy.installed()


def test_a_name_someone_else_replaced_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    import scrapy.utils.request

    def theirs(url: str, **kwargs: object) -> str:
        return url

    monkeypatch.setattr(scrapy.utils.request, "canonicalize_url", theirs)
    with pytest.warns(RuntimeWarning, match=r"scrapy\.utils\.request\.canonicalize_url is not w3lib's"):
        relurl.scrapy.install()
    assert scrapy.utils.request.canonicalize_url is theirs
    relurl.scrapy.uninstall()
    assert scrapy.utils.request.canonicalize_url is theirs


def test_a_missing_twin_leaves_nothing_half_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    # A relurl without one of the twins: install() raises before replacing anything (no
    # target recorded, installed() is False, every name is still w3lib's).
    monkeypatch.delattr(relurl, "safe_url_string", raising=False)
    with pytest.raises(AttributeError, match="safe_url_string"):
        relurl.scrapy.install()
    assert not relurl.scrapy.installed()
    assert not _install._replaced
    assert all(current(m, n) is getattr(w3lib.url, n) for m, n in _install.TARGETS)


PLUGIN = """
import relurl.scrapy

relurl.scrapy.install()


def pytest_report_header(config):
    import scrapy.http.request, scrapy.utils.request
    return "installed: " + scrapy.http.request.safe_url_string.__module__ + " " + (
        scrapy.utils.request.canonicalize_url.__module__)
"""


def test_scrapy_s_own_tests_of_request_redirect_and_utils_url_pass_with_relurl_installed() -> None:
    version, expected = expected_for("install")
    directory = unpack(sdist("scrapy", version))
    files = ["tests/test_http_request.py", "tests/test_downloadermiddleware_redirect.py", "tests/test_utils_url.py"]
    deselect = [arg for name in expected.not_applicable for f in files for arg in ("--deselect", f"{f}::{name}")]
    report = run_suite(directory, files, plugin=PLUGIN, args=deselect)
    assert report.returncode == 0, report.text[-6000:]
    header = next(line for line in report.text.splitlines() if line.startswith("installed: "))
    assert header.split()[1:] == [relurl.safe_url_string.__module__, relurl.canonicalize_url.__module__]
    assert "w3lib" not in header
    assert len(report.passed) == expected.passed, report.text[-6000:]
    assert not report.outcomes("FAILED")
    skipped = report.outcomes("SKIPPED")
    # The skipped ones: a Windows path, on Linux.
    assert len(skipped) == expected.skipped and (not skipped or "Windows" in report.text)


def test_uninstall_restores_w3lib_even_when_relurl_s_name_was_rebound(monkeypatch: pytest.MonkeyPatch) -> None:
    # uninstall() recognises what install() put in place by identity, not by looking the twin
    # up in relurl again.
    relurl.scrapy.install()
    monkeypatch.setattr(relurl, "safe_url_string", lambda url, *args, **kwargs: url)
    relurl.scrapy.uninstall()
    assert all(current(m, n) is getattr(w3lib.url, n) for m, n in _install.TARGETS)
