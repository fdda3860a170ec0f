"""Type stubs for `relurl._relurl._testing`, the native module's hooks for the tests and bug
reports (kept out of the public module; checked by
`python -m mypy.stubtest relurl._relurl relurl._relurl._testing`)."""

__all__ = ["_bundled_public_suffix_list", "_idna2003_encode", "_nfkc_3_2", "_unicode_version", "_urllib_dialect"]

def _bundled_public_suffix_list() -> str:
    """The text of the Public Suffix List bundled in the core."""

def _idna2003_encode(domain: str) -> str:
    """`domain.encode("idna")` by the core (as str); UnicodeError as the codec."""

def _nfkc_3_2(s: str) -> str:
    """`unicodedata.ucd_3_2_0.normalize("NFKC", s)` by the core."""

def _unicode_version() -> str:
    """The Unicode version whose tables the twins use: the running CPython's
    `unicodedata.unidata_version` (the nearest one the core has for another)."""

def _urllib_dialect() -> dict[str, str | bool]:
    """What the twins found out about the running urllib.parse (captured on first use)."""
