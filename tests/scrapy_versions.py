"""The Scrapy versions relurl.scrapy's pieces are checked against, in one table: for each suite
of Scrapy's own tests (run from that version's sdist by tests/peer_suites.py) and each version
it is checked at, how many tests pass, how many are skipped, and which are not applicable
(tests of Scrapy's internals rather than its answers, each with its reason).

A piece's versions are the versions in its suites' rows; the oldest is the one docs/scrapy.md
("Which Scrapy versions") claims, and the oldest over all pieces is the lower bound of
pyproject.toml's `scrapy` extra, which CI installs and tests (scripts/scrapy_oldest.sh). A
suite test run with a Scrapy that is not in its rows skips, saying so.

    version, expected = expected_for("offsite")
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Expected:
    """What one suite gives at one Scrapy version, relurl's names swapped in."""

    passed: int
    skipped: int = 0
    #: Scrapy's test name -> why it does not apply (deselected).
    not_applicable: dict[str, str] = field(default_factory=dict)


_OFFSITE_CACHING = {
    "test_dynamic_allowed_domains_caching": (
        "counts the calls of get_host_regex, the regex builder relurl's middleware never calls "
        "(its set is built by get_domain_set, whose caching test_domain_set_is_built_once_per_change checks)"
    ),
}

#: suite -> {Scrapy version -> what it gives}. The suites: "fingerprint" (tests/test_utils_request.py
#: `-k Fingerprint`), "dupefilters" (tests/test_dupefilters.py), "offsite"
#: (tests/test_downloadermiddleware_offsite.py), "install" (tests/test_http_request.py,
#: tests/test_downloadermiddleware_redirect.py and tests/test_utils_url.py with install()).
_LINKS_INTERNALS = {
    "TestLxmlLinkExtractor::test_canonicalize_once_per_link": (
        "counts the calls of the Python function scrapy.linkextractors.lxmlhtml.canonicalize_url; "
        "relurl's core canonicalizes, so the count is of Scrapy's internals; the answer it checks "
        "is checked by tests/test_scrapy_linkextractor.py"
    ),
    "TestLxmlParserLinkExtractor": (
        "Scrapy's internal LxmlParserLinkExtractor class (3 tests), which relurl does not replace"
    ),
}

SUITES: dict[str, dict[str, Expected]] = {
    "linkextractor": {
        "2.19.0": Expected(37, not_applicable=_LINKS_INTERNALS),
        "2.18.0": Expected(37, not_applicable=_LINKS_INTERNALS),
    },
    "fingerprint": {
        # TestFingerprint's 11, TestRequestFingerprinter's 1, TestCustomRequestFingerprinter's 4.
        "2.19.0": Expected(16),
        "2.18.0": Expected(16),
        "2.17.0": Expected(16),
    },
    "dupefilters": {
        # TestRFPDupeFilter's 11, TestBaseDupeFilter's 1 (2.18.0 and older: TestRFPDupeFilter's 9).
        "2.19.0": Expected(12),
        "2.18.0": Expected(10),
        "2.17.0": Expected(10),
    },
    "offsite": {
        # 51 tests (parametrized cases counted), one not applicable.
        "2.19.0": Expected(50, not_applicable=_OFFSITE_CACHING),
        "2.18.0": Expected(50, not_applicable=_OFFSITE_CACHING),
    },
    "install": {
        # One skipped: a Windows path, on Linux.
        "2.19.0": Expected(248, skipped=1),
        "2.18.0": Expected(247, skipped=1),
        "2.17.0": Expected(246, skipped=1),
        "2.16.0": Expected(239, skipped=1),
    },
}

#: piece (as docs/scrapy.md names it) -> its suites.
PIECES: dict[str, tuple[str, ...]] = {
    "linkextractor": ("linkextractor",),
    "fingerprint": ("fingerprint", "dupefilters"),
    "offsite": ("offsite",),
    "install": ("install",),
}

#: piece -> its test files (differential tests and suites), which pass at each of its versions.
FILES: dict[str, tuple[str, ...]] = {
    "linkextractor": (
        "tests/test_scrapy_linkextractor.py",
        "tests/test_scrapy_linkextractor_suite.py",
        "tests/test_scrapy_crawl.py",
    ),
    "fingerprint": ("tests/test_scrapy_fingerprint.py", "tests/test_scrapy_fingerprint_suite.py"),
    "offsite": ("tests/test_scrapy_offsite.py",),
    "install": ("tests/test_scrapy_install.py",),
}

#: tests/test_scrapy_*.py files of no piece above, each with the reason; CI's older Scrapy
#: versions do not run them (the test step runs them with Scrapy 2.19.0).
OTHER_FILES: dict[str, str] = {
    "tests/test_scrapy_versions.py": "checks this table against pyproject.toml and docs/scrapy.md; no Scrapy needed",
}

#: The w3lib the older Scrapy versions are checked with: the one relurl's twins answer as.
W3LIB_VERSION = "2.5.0"
#: What the older versions' own test files import beyond relurl's test extra.
SUITE_REQUIREMENTS = ("testfixtures==12.4.0",)


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def versions(piece: str) -> list[str]:
    """The Scrapy versions `piece` is checked at (every one of its suites has a row), oldest
    first."""
    rows = [set(SUITES[suite]) for suite in PIECES[piece]]
    return sorted(set.intersection(*rows), key=_key)


def oldest(piece: str) -> str:
    """The oldest Scrapy version `piece` is checked at: what docs/scrapy.md claims."""
    return versions(piece)[0]


def oldest_for_all() -> str:
    """The oldest Scrapy version every piece is checked at: the `scrapy` extra's lower bound."""
    return max((oldest(piece) for piece in PIECES), key=_key)


def expected_for(suite: str) -> tuple[str, Expected]:
    """The installed Scrapy's version and what `suite` gives at it; skips when that version
    is not in the suite's rows (not a version relurl checks that piece at)."""
    import pytest
    import scrapy

    version: str = scrapy.__version__
    rows = SUITES[suite]
    if version not in rows:
        pytest.skip(f"Scrapy {version} is installed; the {suite!r} suite is checked at {', '.join(rows)}")
    return version, rows[version]


def plan() -> list[tuple[str, list[str]]]:
    """What CI checks (scripts/scrapy_oldest.sh): for each piece's oldest version, that
    version and the test files of every piece checked at it."""
    out = []
    for version in sorted({oldest(piece) for piece in PIECES}, key=_key):
        files = [f for piece in PIECES if version in versions(piece) for f in FILES[piece]]
        out.append((version, files))
    return out


if __name__ == "__main__":
    # `python tests/scrapy_versions.py`: the plan, one line per version: VERSION FILE...
    for version, files in plan():
        print(version, *files)
