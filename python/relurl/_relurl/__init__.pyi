"""Type stubs for relurl's native module (checked by `python -m mypy.stubtest relurl._relurl`)."""

from collections.abc import Callable, Iterable, Iterator, Mapping
from os import PathLike
from typing import Any, ClassVar, Literal, Protocol, SupportsIndex, final, overload, type_check_only
from urllib.parse import ParseResult, ParseResultBytes, SplitResult, SplitResultBytes

# Private: hooks for the tests and bug reports (`from relurl._relurl import _testing`), a
# submodule with its own stub (_testing.pyi beside this one), which stubtest checks.
from . import _testing as _testing

__all__ = [
    "URL",
    "_SPECS",
    "_SPLIT_COMPONENTS",
    "_STANDARD_COMPONENTS",
    "_SURT_OPTIONS",
    "DomainSet",
    "EstablishedBase",
    "ExtractResult",
    "Link",
    "PublicSuffixList",
    "URLError",
    "URLWarning",
    "_ScrapyLinks",
    "__version__",
    "_check_row_errors",
    "_check_spec",
    "_relative_base_warning",
    "_scrapy_fingerprint",
    "_testing",
    "arrow_canonicalize_url",
    "arrow_in_domain_set",
    "arrow_normalize",
    "arrow_parse",
    "arrow_public_suffix",
    "arrow_registered_domain",
    "arrow_resolve",
    "arrow_surt",
    "base_from_header",
    "canonicalize_url",
    "establish_base",
    "extract_links",
    "normalize",
    "parse",
    "public_suffix",
    "registered_domain",
    "resolve",
    "resolve_many",
    "safe_url_string",
    "surt",
    "tldextract",
    "urljoin",
    "urlparse",
    "urlsplit",
    "validate",
]
__version__: str

_ErrorKind = Literal[
    "too_long",
    "invalid_character",
    "bad_escape",
    "empty_first_segment",
    "invalid_utf8",
    "lone_surrogate",
    "bad_base_header",
    "html_tokenizer",
    "strict_unavailable",
    "bad_port",
    "not_a_host_name",
    "missing_scheme_non_relative_url",
    "host_missing",
    "host_invalid_code_point",
    "domain_invalid_code_point",
    "domain_to_ascii",
    "ipv4_too_many_parts",
    "ipv4_non_numeric_part",
    "ipv4_out_of_range_part",
    "ipv6_unclosed",
    "ipv6_invalid_compression",
    "ipv6_too_many_pieces",
    "ipv6_multiple_compression",
    "ipv6_invalid_code_point",
    "ipv6_too_few_pieces",
    "ipv4_in_ipv6_too_many_pieces",
    "ipv4_in_ipv6_invalid_code_point",
    "ipv4_in_ipv6_out_of_range_part",
    "ipv4_in_ipv6_too_few_parts",
    "port_out_of_range",
    "port_invalid",
]

#: The rule sets: RFC 1808 (the default), RFC 3986, the WHATWG URL Standard.
_Spec = Literal["rfc1808", "rfc3986", "whatwg"]

class URLError(ValueError):
    """A URL was rejected: `kind` names why in one stable word (docs/errors.md, "Bad input"),
    `reason` says it as a sentence, `position` is the position (in characters) of the
    first offending character (None for an argument that cannot be used as given, such as
    strict=True with spec="whatwg", where no character is at fault). `str()` is
    "{reason} (at position {position})". A subclass of ValueError.

    From a batch (`resolve_many`, `URL.resolve_many`, `relurl.arrow`), `index` is the failed
    item's row and `input` is "base" or "reference" (None from `relurl.arrow.parse`, which
    has one input), and `str()` starts with "reference of item N: " ("item N: "). From
    `resolve` and `URL.resolve`, `input` is "base" or "reference" and `str()` starts with
    "base: " or "reference: ". Both are None otherwise."""

    kind: _ErrorKind
    position: int | None
    reason: str
    index: int | None
    input: Literal["base", "reference"] | None

class URLWarning(UserWarning):
    """An input was skipped rather than rejected, such as a malformed Base header while
    extracting links (the next layer of RFC 1808 section 3 defines the base). The message
    names the input, the reason and the position. A subclass of UserWarning."""

@final
class URL:
    """A URL split into its six components: by RFC 1808 section 2.4 (the default), or by
    RFC 3986 Appendix B with `spec="rfc3986"` (then `params` is always ''), or parsed by the
    WHATWG URL Standard with `spec="whatwg"` (then `str()` is its href, the six components
    are read from the href, and the Standard's own components `href`, `protocol`, ...,
    `origin` are there too; a URL the Standard rejects raises URLError).

    A component is '' when it is absent or empty (RFC 1808 sections 2.4.1, 2.4.4 and 2.4.5
    make an empty fragment, query or params the same as none). Immutable, hashable,
    iterable as the six components in `urllib.parse.urlparse` order, indexable like that
    tuple, picklable. Two URLs are equal when they were parsed from the same text by the
    same spec. `str()` is the section 4 step 7 recombination (RFC 1808) or the text itself
    (RFC 3986); `repr()` is `URL('...')`. A `str` subclass is read as its exact `str` value.
    `username`, `password`, `hostname` and `port` read the netloc as RFC 1738 section 3.1's
    `[user[:password]@]host[:port]`, with `urllib.parse.urlsplit`'s answers.
    """

    def __new__(cls, url: str, spec: _Spec | None = "rfc1808", *, strict: bool = False) -> URL:
        """`relurl.parse(url, spec=spec, strict=strict)`."""
    @property
    def spec(self) -> _Spec:
        """The grammar this URL was parsed with."""
    @property
    def scheme(self) -> str: ...
    @property
    def netloc(self) -> str: ...
    @property
    def path(self) -> str: ...
    @property
    def params(self) -> str: ...
    @property
    def query(self) -> str: ...
    @property
    def fragment(self) -> str: ...
    # The net_loc's parts (RFC 1738 section 3.1 `[user[:password]@]host[:port]`, to which
    # RFC 1808 section 2.1 refers): for spec="rfc1808" and spec="rfc3986" exactly
    # `urllib.parse.urlsplit(url)`'s properties of the same names, read from the netloc up
    # to its first '?' (RFC 1808's net_loc runs to the first '/', urllib's also ends at '?');
    # for spec="whatwg" the URL Standard's getters of those names (str, '' when absent).
    @property
    def username(self) -> str | None:
        """RFCs: before the first ':' of what precedes the netloc's last '@'; None without an
        '@' (urllib's `username`). spec="whatwg": the username, percent-encoded."""
    @property
    def password(self) -> str | None:
        """RFCs: after the first ':' of what precedes the netloc's last '@'; None without
        that '@' or ':' (urllib's `password`). spec="whatwg": the password, percent-encoded."""
    @property
    def hostname(self) -> str | None:
        """RFCs: the host after the last '@', lower-cased (Unicode `str.lower()`, but not an
        IPv6 zone after '%'), without an IPv6 address's brackets; None when empty
        (urllib's `hostname`). spec="whatwg": the host as serialized (lower-cased,
        IDNA-encoded, IPv4 in dotted decimal, IPv6 in brackets), '' without a host."""
    @property
    def registered_domain(self) -> str | None:
        """The registered domain of `hostname` by the bundled Public Suffix List
        (`relurl.registered_domain(url.hostname)`); None without a host name, for an IP
        address, where the host is a public suffix itself, and where it is not a host name
        (RFC 1808 and RFC 3986 split any net_loc: `http://a b/` has the host `a b`)."""
    @property
    def port(self) -> int | str | None:
        """RFCs: an int, or None when absent or empty (urllib's `port`); a URLError of kind
        "bad_port" (a ValueError, at the port's position) where urllib raises ValueError:
        not all ASCII digits, more digits than sys.get_int_max_str_digits(), or above 65535.
        spec="whatwg": a str, '' when none or the scheme's default."""
    # The URL Standard's components (its API's getters, section 6.1): only a URL parsed
    # with spec="whatwg" has them; any other raises AttributeError.
    @property
    def href(self) -> str:
        """The URL serialized: `str()` (spec="whatwg" only)."""
    @property
    def protocol(self) -> str:
        """The scheme and ':' (spec="whatwg" only)."""
    @property
    def host(self) -> str:
        """The host and ':port' when the port is not the default; '' without a host (spec="whatwg" only)."""
    @property
    def pathname(self) -> str:
        """The path as serialized (spec="whatwg" only)."""
    @property
    def search(self) -> str:
        """'' when the query is empty or absent, else '?' and the query (spec="whatwg" only)."""
    @property
    def hash(self) -> str:
        """'' when the fragment is empty or absent, else '#' and the fragment (spec="whatwg" only)."""
    @property
    def origin(self) -> str:
        """The ASCII serialization of the origin, 'null' when opaque (spec="whatwg" only)."""
    def resolve(
        self,
        reference: str,
        *,
        spec: _Spec | None = None,
        strict: bool = False,
        strip: bool = False,
        encoding: str | None = None,
    ) -> str:
        """Resolves `reference` against this URL by RFC 1808 section 4 or RFC 3986 section
        5.2 (`spec`; by default the spec this URL was parsed with). With `strict=True`
        (RFC 1808 only), this URL and then the reference are first checked against the
        section 2.2 BNF (raises URLError). `strip` and `encoding` as in `relurl.resolve`."""
    @overload
    def resolve_many(
        self,
        references: Iterable[str],
        *,
        spec: _Spec | None = None,
        strict: bool = False,
        errors: Literal["raise"] = "raise",
        threads: int | None = None,
        strip: bool = False,
        encoding: str | None = None,
    ) -> list[str]:
        """Resolves each reference against this URL, in order, with the GIL released;
        `relurl.resolve_many(self, references, ...)`: see there for the arguments."""
    @overload
    def resolve_many(
        self,
        references: Iterable[str | None],
        *,
        spec: _Spec | None = None,
        strict: bool = False,
        errors: Literal["raise", "null"] = "raise",
        threads: int | None = None,
        strip: bool = False,
        encoding: str | None = None,
    ) -> list[str | None]: ...
    @overload
    def resolve_many(
        self,
        references: Iterable[str | None],
        *,
        spec: _Spec | None = None,
        strict: bool = False,
        errors: Literal["report"],
        threads: int | None = None,
        strip: bool = False,
        encoding: str | None = None,
    ) -> tuple[list[str | None], list[URLError]]: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...
    @overload
    def __getitem__(self, key: SupportsIndex, /) -> str: ...
    @overload
    def __getitem__(self, key: slice, /) -> tuple[str, ...]: ...
    def __hash__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __reduce__(self) -> tuple[type[URL], tuple[str] | tuple[str, str]]: ...

def parse(url: str, *, spec: _Spec | None = "rfc1808", strict: bool = False) -> URL:
    """Parses `url` into its six components by RFC 1808 section 2.4 (or, with
    `spec="rfc3986"`, RFC 3986 Appendix B; with `spec="whatwg"`, the URL Standard's basic
    URL parser, which may fail: URLError); with `strict=True` (RFC 1808 only), first checks
    it against the section 2.2 BNF (raises URLError)."""

def resolve(
    base: str | URL,
    reference: str,
    *,
    spec: _Spec | None = None,
    strict: bool = False,
    strip: bool = False,
    encoding: str | None = None,
) -> str:
    """Resolves `reference` against `base` (a str, or a parsed URL) by RFC 1808 section 4,
    or with `spec="rfc3986"` by RFC 3986 section 5.2 (strict), or with `spec="whatwg"` by
    the URL Standard (the reference parsed with the base as its base URL; a failure of
    either raises URLError); any other `spec` raises ValueError. Without `spec`, a URL base
    is resolved by the spec it was parsed with, a str by RFC 1808. With `strict=True` (RFC
    1808 only; otherwise a URLError of kind "strict_unavailable", without a position), the
    base and then the reference are first checked against the section 2.2 BNF (raises
    URLError). With `strip=True`, HTML's ASCII whitespace (TAB, LF, FF, CR, SPACE) is
    stripped from both ends of the reference first, as `extract_links` does to a raw href
    (a URLError's position still counts in the reference as given). A non-bool `strict` or
    `strip` is a TypeError that names it.

    `encoding` (spec="whatwg" only, else ValueError): a label of the Encoding Standard
    ("windows-1251", "shift_jis", ...; an unknown one raises LookupError). The query of a
    special URL (not ws:/wss:) is then percent-encoded in that encoding, as a browser
    requests a link of a page in it: `?q=Ж` on a windows-1251 page is `?q=%C6`; a character
    the encoding lacks is `%26%23` its code point in decimal `%3B`; UTF-16 and replacement
    labels mean UTF-8. The path and fragment stay UTF-8."""

@overload
def resolve_many(
    bases: str | URL | Iterable[str | URL],
    references: Iterable[str],
    *,
    spec: _Spec | None = None,
    strict: bool = False,
    errors: Literal["raise"] = "raise",
    threads: int | None = None,
    strip: bool = False,
    encoding: str | None = None,
) -> list[str]:
    """Resolves every reference against its base, in order: `bases` is one base (a str or
    a URL) for all of them (None: every row is None, as in relurl.arrow.resolve), or one
    base per reference (a sequence of str, URL or None; a str, bytes or URL given as
    `references` is a TypeError). The Rust
    work runs with the GIL released, split across `threads` threads (default 1; an int of
    at least 1, else ValueError; more than the CPUs available to the process are capped to
    them); equal consecutive bases are parsed once. A None base or reference gives None.
    Ctrl-C (a signal handler's exception) stops the batch within a few milliseconds of
    work and is raised.

    `spec` as in `resolve`: without it, a URL base (or a sequence of URLs) resolves by the
    spec it was parsed with, str bases by RFC 1808; per-row bases that would need different
    specs are a TypeError (give `spec`). `strip` as in `resolve`. `strict=True` first
    checks every base and reference against the RFC 1808 section 2.2 BNF (not with
    spec="rfc3986"). A non-str item raises TypeError
    before any work. A failed item (strict check, lone surrogate) never stops the batch
    midway: with errors="raise" (default) one URLError is raised for the first failed item,
    with its `index`, `input`, `position` and `reason`; with errors="null" the failed item
    is None; with errors="report" the result is `(results, failures)`, failures being the
    URLErrors of the failed items, one per item, in order. A row fails once: by its base
    when the base fails (so a bad single base fails every row with a reference), else by
    its reference. `encoding` as in `resolve`, for every row."""

@overload
def resolve_many(
    bases: str | URL | Iterable[str | URL | None] | None,
    references: Iterable[str | None],
    *,
    spec: _Spec | None = None,
    strict: bool = False,
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
    strip: bool = False,
    encoding: str | None = None,
) -> list[str | None]: ...
@overload
def resolve_many(
    bases: str | URL | Iterable[str | URL | None] | None,
    references: Iterable[str | None],
    *,
    spec: _Spec | None = None,
    strict: bool = False,
    errors: Literal["report"],
    threads: int | None = None,
    strip: bool = False,
    encoding: str | None = None,
) -> tuple[list[str | None], list[URLError]]: ...
def validate(url: str) -> None:
    """Checks `url` against the RFC 1808 section 2.2 BNF; raises URLError with the
    position of the first offending character and the reason."""

def normalize(url: str, *, spec: _Spec | None = "rfc1808") -> str:
    """The normal form of `url`: relurl's key for "the same URL" (for deduplication).

    RFC 3986 section 6.2.2 syntax-based normalization over the components of `spec`'s
    grammar: the scheme and the host lower-cased, percent-encodings in upper case, an
    encoded unreserved character (letters, digits, "-", ".", "_", "~") decoded, and in a URL
    with a scheme the "." and ".." segments removed (by RFC 3986 section 5.2.4, or RFC 1808
    section 4 step 6, which keeps a ".." with nothing to remove); then section 6.2.3
    scheme-based: an empty port goes, the default port of http, https, ws, wss and ftp goes
    (read after its percent-encodings are decoded: ":%38%30" is 80), and their empty path
    becomes "/". With `spec="whatwg"`, the URL Standard's serialization
    (its own normal form). Normalizing a normal form changes nothing. Raises URLError for a
    URL the grammar rejects (spec="whatwg"); the input itself when it is already normal."""

# Twins of urllib.parse's functions: the same results (and exceptions) as the running Python's
# urllib.parse, computed in Rust for str and ASCII bytes (anything else is handed to urllib).

@overload
def urljoin(base: str, url: str, allow_fragments: bool = True) -> str:
    """`urllib.parse.urljoin(base, url, allow_fragments)`, exactly (the running Python's
    version): joins a base URL and a possibly relative URL. str in, str out; bytes in, bytes
    out; mixing them raises TypeError as urllib does."""

@overload
def urljoin(base: bytes, url: bytes, allow_fragments: bool = True) -> bytes: ...
@overload
def urlsplit(url: str, scheme: str = "", allow_fragments: bool = True) -> SplitResult:
    """`urllib.parse.urlsplit(url, scheme, allow_fragments)`, exactly: urllib's own
    SplitResult (SplitResultBytes for bytes), with its hostname, port, username, password
    and geturl()."""

@overload
def urlsplit(url: bytes, scheme: bytes | Literal[""] = "", allow_fragments: bool = True) -> SplitResultBytes: ...
@overload
def urlparse(url: str, scheme: str = "", allow_fragments: bool = True) -> ParseResult:
    """`urllib.parse.urlparse(url, scheme, allow_fragments)`, exactly: urllib's own
    ParseResult (ParseResultBytes for bytes), params split from the last path segment."""

@overload
def urlparse(url: bytes, scheme: bytes | Literal[""] = "", allow_fragments: bool = True) -> ParseResultBytes: ...

# The twin of the Internet Archive's surt package (surt.surt, version 0.3.1).

_Canonicalizer = Literal["default", "google", "ia"]

@overload
def surt(
    url: str | None,
    canonicalizer: _Canonicalizer | None = None,
    *,
    surt: object = True,
    with_scheme: object = False,
    trailing_comma: object = False,
    reverse_ipaddr: object = True,
    public_suffix: object = False,
    host_lowercase: object = True,
    host_massage: object = True,
    auth_strip_user: object = True,
    auth_strip_pass: object = True,
    port_strip_default: object = True,
    path_strip_empty: object = False,
    path_lowercase: object = True,
    path_strip_session_id: object = True,
    path_strip_trailing_slash_unless_empty: object = True,
    query_lowercase: object = True,
    query_strip_session_id: object = True,
    query_strip_empty: object = True,
    query_alpha_reorder: object = True,
    hash_strip: object = True,
) -> str:
    """`surt.surt(url, canonicalizer, **options)` exactly (surt 0.3.1): the SURT key web
    archives index by (`http://www.Example.com/a?b=1&a=2` -> `com,example)/a?a=2&b=1`).
    str in, str out; bytes in, bytes out."""

@overload
def surt(
    url: bytes,
    canonicalizer: _Canonicalizer | None = None,
    *,
    surt: object = True,
    with_scheme: object = False,
    trailing_comma: object = False,
    reverse_ipaddr: object = True,
    public_suffix: object = False,
    host_lowercase: object = True,
    host_massage: object = True,
    auth_strip_user: object = True,
    auth_strip_pass: object = True,
    port_strip_default: object = True,
    path_strip_empty: object = False,
    path_lowercase: object = True,
    path_strip_session_id: object = True,
    path_strip_trailing_slash_unless_empty: object = True,
    query_lowercase: object = True,
    query_strip_session_id: object = True,
    query_strip_empty: object = True,
    query_alpha_reorder: object = True,
    hash_strip: object = True,
) -> bytes: ...
def _relative_base_warning(url: str, spec: _Spec, what: str, against: str) -> str | None:
    """The warning for a base without a scheme (the command line's BASE), or None."""

def _scrapy_fingerprint(
    method: str,
    url: object,
    body: bytes,
    headers: list[tuple[bytes, list[bytes]]] | None,
    keep_fragments: bool,
    verbatim: bool,
) -> bytes:
    """Scrapy's request fingerprint of these parts (relurl.scrapy.fingerprint's native half)."""

@final
class _ScrapyLinks:
    """The filters of one relurl.scrapy.LinkExtractor (its native half): strip, the domains,
    the extensions (with their leading dot), canonicalize, unique (each url once per page)."""

    def __new__(
        cls,
        strip: bool,
        allow_domains: list[str],
        deny_domains: list[str],
        deny_extensions: list[str],
        canonicalize: bool,
        unique: bool,
    ) -> _ScrapyLinks: ...
    def page(
        self,
        values: list[str],
        base_url: str,
        response_url: str,
        encoding: str,
        process_value: Callable[[str], object] | None,
    ) -> list[Any]:
        """The values of one page that Scrapy keeps: index (int), url, link_url (str) each, in
        order, in one flat list."""
    def url_allowed(self, url: str) -> bool:
        """The scheme, domain and extension filters of a link's URL."""
    def domains_match(self, url: str) -> bool:
        """The domain filters on w3lib's parse_url(url).netloc."""

@final
class EstablishedBase:
    """A document's base URL and the RFC 1808 section 3 layer it came from. Immutable,
    hashable, picklable."""

    def __new__(
        cls,
        url: str,
        source: Literal[
            "html", "base-header", "content-base", "content-location", "encapsulating", "retrieval", "empty"
        ],
    ) -> EstablishedBase: ...
    @property
    def url(self) -> str: ...
    @property
    def source(
        self,
    ) -> Literal["html", "base-header", "content-base", "content-location", "encapsulating", "retrieval", "empty"]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[type[EstablishedBase], tuple[str, str]]: ...

def establish_base(
    *,
    retrieval_url: str | URL | None = None,
    headers: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
    html: str | bytes | None = None,
    html_base_href: str | URL | None = None,
    encapsulating_base: str | URL | None = None,
    spec: _Spec | None = None,
) -> EstablishedBase:
    """Establishes a document's base URL by the precedence of RFC 1808 section 3: the first
    HTML `<base href>` (html_base_href, or found in the page html), then the Base, Content-Base
    or Content-Location header, then the encapsulating entity's base, then the retrieval URL,
    else the empty base. A layer that is empty, or names a URL with an opaque path
    (javascript:, data:, mailto:, about:blank...), defines no base: the next outer one does.
    A malformed Base header raises URLError. Without `spec`, the grammar of the first of
    retrieval_url, encapsulating_base and html_base_href given as a parsed URL (as
    extract_links follows its url's), else RFC 1808."""

def base_from_header(value: str) -> str:
    """Parses one RFC 1808 section 3.1 Base header (`<URL:http://...>` or the whole field
    `Base: <URL:...>`); raises URLError with the position and reason when malformed."""

@final
class Link:
    """One link of a page (relurl.extract_links): the absolute `url`, the element (`tag`)
    and attribute (`attr`) it came from, its `raw` value as the DOM has it (character
    references decoded, whitespace kept; one candidate's URL for a srcset, the URL part of a
    refresh), `special`: None, or the kind of link a crawler usually skips, and `rel`.

    Immutable, hashable, compared by all six fields, picklable. `repr()` shows `rel` when
    it is not empty."""

    def __new__(
        cls,
        url: str,
        tag: str,
        attr: str,
        raw: str,
        special: Literal["javascript", "mailto", "data", "fragment"] | None = None,
        rel: Iterable[str] | None = None,
    ) -> Link: ...
    @property
    def url(self) -> str: ...
    @property
    def tag(self) -> str: ...
    @property
    def attr(self) -> str: ...
    @property
    def raw(self) -> str: ...
    @property
    def special(self) -> Literal["javascript", "mailto", "data", "fragment"] | None: ...
    @property
    def rel(self) -> tuple[str, ...]:
        """The `rel` attribute's tokens of an `a`, `area` or `link` element (HTML section
        4.6.7): split on ASCII whitespace, ASCII-lower-cased, each once, in order (the DOM's
        relList); `()` for other elements and without `rel`. `("canonical",)`,
        `("nofollow", "noopener")`, `("stylesheet",)`, ... tell the links apart."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[type[Link], tuple[str, str, str, str, str | None, tuple[str, ...]]]: ...

def extract_links(
    html: str | bytes,
    url: str | URL,
    *,
    headers: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
    spec: _Spec | None = None,
    skip_special: bool = False,
) -> list[Link]:
    """Every link of the HTML page `html` (str, or bytes in the page's encoding) retrieved
    from `url`, in document order, resolved against the page's base: the first `<base href>`
    anywhere in the page, else the Base, Content-Base or Content-Location header, else
    `url` (RFC 1808 section 3). Malformed HTML never raises; a malformed Base header is
    skipped with a URLWarning. `special` flags a link by its raw value, else by its url.
    With skip_special=True, javascript:, mailto:, data: and fragment-only links are left
    out. A lone surrogate in a str page is read as one U+FFFD. Without `spec`, a URL `url`
    gives the spec it was parsed with, a str RFC 1808. A page whose base has no scheme
    (`url` not absolute, and no absolute `<base href>` or header) has relative links: a
    URLWarning says so ("the base URL '...' has no scheme; ...")."""

# Arrow (relurl.arrow re-exports these as resolve and parse). The inputs are anything that
# exports the Arrow PyCapsule interface; the results export it too (arro3 Array or
# ChunkedArray objects made by pyo3-arrow), for pyarrow.array(), pyarrow.chunked_array() or
# polars.Series() to take without a copy.

@type_check_only
class ArrowArrayExportable(Protocol):
    """An Arrow array: pyarrow.Array, arro3 Array, nanoarrow Array, ..."""

    def __arrow_c_array__(self, requested_schema: object | None = None) -> tuple[Any, Any]: ...

@type_check_only
class ArrowStreamExportable(Protocol):
    """An Arrow stream of arrays: pyarrow.ChunkedArray, polars.Series, ..."""

    def __arrow_c_stream__(self, requested_schema: object | None = None) -> Any: ...

@type_check_only
class ArrowArray(ArrowArrayExportable, Protocol):
    """A result array (exports __arrow_c_array__ and its schema)."""

    def __arrow_c_schema__(self) -> Any: ...

@type_check_only
class ArrowChunkedArray(ArrowStreamExportable, Protocol):
    """A result chunked array, one chunk per input chunk (exports __arrow_c_stream__)."""

    def __arrow_c_schema__(self) -> Any: ...

_ArrowBases = str | URL | ArrowArrayExportable | ArrowStreamExportable | None

@overload
def arrow_surt(
    urls: ArrowArrayExportable,
    canonicalizer: Literal["default", "google", "ia"] | None = None,
    *,
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
    **options: object,
) -> ArrowArray:
    """The SURT key of every row of an Arrow string column, as relurl.surt gives it (the twin
    of surt.surt, with the same `canonicalizer` and keyword options), with the GIL released on
    `threads` threads. A null row gives a null; a row surt raises for (ValueError, or
    AttributeError for a blank URL) or that is not UTF-8 fails by `errors=` as in
    relurl.arrow.resolve (the exception's `.index` is the row). A chunked array (or stream)
    gives a chunked result."""

@overload
def arrow_surt(
    urls: ArrowStreamExportable,
    canonicalizer: Literal["default", "google", "ia"] | None = None,
    *,
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
    **options: object,
) -> ArrowChunkedArray: ...
@overload
def arrow_surt(
    urls: ArrowArrayExportable | ArrowStreamExportable,
    canonicalizer: Literal["default", "google", "ia"] | None = None,
    *,
    errors: Literal["report"],
    threads: int | None = None,
    **options: object,
) -> tuple[ArrowArray | ArrowChunkedArray, list[Exception]]: ...
@overload
def arrow_resolve(
    bases: _ArrowBases,
    references: ArrowArrayExportable,
    *,
    spec: _Spec | None = None,
    strict: bool = False,
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
    strip: bool = False,
    encoding: str | None = None,
) -> ArrowArray:
    """Resolves an Arrow column of references (string, large_string or string_view; an array,
    or a chunked array / stream, whose chunks the result keeps) against one base (a str, a
    URL, or None for all-null) or a column of bases of the same length (chunked any way). The
    input buffers are checked once (one SIMD pass for UTF-8) and read in place, and the Rust
    work runs with the GIL released, on `threads` threads (at most the machine's available
    parallelism). A null base or reference gives a null row. The result is a `string` array
    (`large_string` for a chunk of more than 2 GiB of text). Ctrl-C (a signal handler's
    exception) stops the work within a few milliseconds and is raised.

    A row whose base or reference is not valid UTF-8 (Arrow producers may hand over any
    bytes) fails like any bad row: its URLError's reason names the first invalid byte, and
    its position counts the characters before it (the byte offset, when the value is ASCII
    up to there). A base str that cannot be encoded (a lone surrogate) fails every row that
    has a reference. Offsets that decrease or point outside the text are a ValueError.

    `spec`, `strict`, `errors`, `threads`, `strip` and `encoding` as in relurl.resolve_many;
    errors name the row index counted across chunks, one failure per failed row (its base's
    error first). With errors="report" the result is `(array, failures)`."""

@overload
def arrow_resolve(
    bases: _ArrowBases,
    references: ArrowStreamExportable,
    *,
    spec: _Spec | None = None,
    strict: bool = False,
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
    strip: bool = False,
    encoding: str | None = None,
) -> ArrowChunkedArray: ...
@overload
def arrow_resolve(
    bases: _ArrowBases,
    references: ArrowArrayExportable | ArrowStreamExportable,
    *,
    spec: _Spec | None = None,
    strict: bool = False,
    errors: Literal["report"],
    threads: int | None = None,
    strip: bool = False,
    encoding: str | None = None,
) -> tuple[ArrowArray | ArrowChunkedArray, list[URLError]]: ...
@overload
def arrow_parse(
    urls: ArrowArrayExportable,
    *,
    spec: _Spec | None = "rfc1808",
    strict: bool = False,
    errors: Literal["raise", "null"] = "raise",
) -> ArrowArray:
    """Parses an Arrow column of URLs into a struct array of their six components (scheme,
    netloc, path, params, query, fragment: string fields, in urllib.parse.urlparse order),
    by RFC 1808 section 2.4 or RFC 3986 Appendix B. A component is the empty string when it
    is empty or absent (RFC 1808 section 2.4: an empty params, query or fragment is the same
    as an absent one), exactly the six strings of `tuple(relurl.parse(url))` and urllib;
    under RFC 3986 params is always "". Then `hostname` (a string) and `port` (an int32),
    null when absent: `URL(url).hostname` and `URL(url).port`, urllib's answers; a port
    urllib rejects (not all ASCII digits, or above 65535) fails the row (a URLError of kind
    "bad_port", by `errors=`). With `spec="whatwg"`, the URL Standard's components
    instead (href, protocol, username, password, host, hostname, port, pathname, search,
    hash, origin: the `URL` attributes of those names), and a URL the Standard rejects is a
    failed row. A null URL is a null row. A chunked input gives a chunked result.

    With `strict=True` (RFC 1808 only) a row that does not follow the section 2.2 BNF fails.
    A row that is not valid UTF-8 (or longer than 4294967295 bytes) fails, by `errors`: "raise"
    (a URLError with `index`, the row counted across chunks, and `input` None), "null" (a
    null row) or "report" (the result and a list with one URLError per failed row)."""

@overload
def arrow_parse(
    urls: ArrowStreamExportable,
    *,
    spec: _Spec | None = "rfc1808",
    strict: bool = False,
    errors: Literal["raise", "null"] = "raise",
) -> ArrowChunkedArray: ...
@overload
def arrow_parse(
    urls: ArrowArrayExportable | ArrowStreamExportable,
    *,
    spec: _Spec | None = "rfc1808",
    strict: bool = False,
    errors: Literal["report"],
) -> tuple[ArrowArray | ArrowChunkedArray, list[URLError]]: ...
@overload
def arrow_normalize(
    urls: ArrowArrayExportable,
    *,
    spec: _Spec | None = "rfc1808",
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
) -> ArrowArray:
    """`normalize` for every row of an Arrow string column, with the GIL released, on up to
    `threads` threads (as `arrow_resolve`). A null row is a null row; a row that fails (not
    valid UTF-8, or a URL the grammar rejects) follows `errors`: "raise" (a URLError with
    `index`), "null" or "report" (the result and a list of URLErrors). A chunked input gives
    a chunked result."""

@overload
def arrow_normalize(
    urls: ArrowStreamExportable,
    *,
    spec: _Spec | None = "rfc1808",
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
) -> ArrowChunkedArray: ...
@overload
def arrow_normalize(
    urls: ArrowArrayExportable | ArrowStreamExportable,
    *,
    spec: _Spec | None = "rfc1808",
    errors: Literal["report"],
    threads: int | None = None,
) -> tuple[ArrowArray | ArrowChunkedArray, list[URLError]]: ...

#: The names every `spec=` takes, in order: the core's list (relurl._specs reads it).
_SPECS: tuple[_Spec, ...]

def _check_row_errors(errors: object) -> None:
    """Checks relurl.spark's `errors` by the core's rule: ValueError unless "raise" or "null"."""

def _check_spec(spec: _Spec | None) -> None:
    """Checks `spec` as every `spec=` is checked: ValueError for an unknown name (TypeError
    for a non-str)."""

#: The six components a parsed URL unpacks to, in order (what `relurl parse` prints).
_SPLIT_COMPONENTS: tuple[str, ...]

#: The URL Standard's components, in the order `relurl.arrow.parse` gives them.
_STANDARD_COMPONENTS: tuple[str, ...]

#: surt's keyword options (relurl.surt's, relurl.arrow.surt's `**options`), each name and its
#: default, in relurl.surt's order: the core's one list (tests/test_surt_options.py).
_SURT_OPTIONS: tuple[tuple[str, bool], ...]

# w3lib.url.canonicalize_url, computed in Rust.

def canonicalize_url(
    url: str | bytes | ParseResult,
    keep_blank_values: bool = True,
    keep_fragments: bool = False,
    encoding: str | None = None,
    *,
    query_separator: str = "&",
) -> str:
    """The answer of `w3lib.url.canonicalize_url` (w3lib 2.5.0) for the same arguments, or
    the same exception type: query fields sorted by key then value and re-encoded, blank
    ones dropped unless `keep_blank_values`, the path's percent-encodings normalized and its
    dot segments resolved, the host lower-cased and IDNA 2003-encoded, the fragment dropped
    unless `keep_fragments`. `encoding` (for bytes URLs, the query and the fragment) is any
    codec Python has, by any of its names (None: UTF-8); UTF-8, Latin-1 and ASCII are built
    into the core, another is CPython's; an unknown one raises LookupError where w3lib uses
    it. `query_separator` is used (and checked) only for a URL with a query, as in w3lib.
    A `urllib.parse.ParseResult`
    is joined back first, as w3lib does; its fields must be `str` (TypeError otherwise)."""

# w3lib.url.safe_url_string, computed in Rust.

def safe_url_string(
    url: str | bytes,
    encoding: str = "utf8",
    path_encoding: str = "utf8",
    quote_path: bool = True,
) -> str:
    """The answer of `w3lib.url.safe_url_string` (w3lib 2.5.0) for the same arguments, or
    the same exception type: the URL stripped of C0 controls and spaces (tabs and newlines
    anywhere), the user info re-quoted, the host IDNA 2003-encoded (as it is where IDNA
    fails), the port as a number, the path encoded by `path_encoding` and percent-quoted
    (left as it is when `quote_path` is false), the query and fragment encoded by `encoding`
    and percent-quoted. A bytes URL is decoded by `encoding`, undecodable bytes as `%HH`.
    Both encodings are any codec Python has, by any of its names (UTF-8, Latin-1 and ASCII
    are built into the core, another is CPython's); text an encoding cannot encode raises
    that codec's UnicodeEncodeError, a bad port or IPv6 host ValueError, as in w3lib."""

@overload
def arrow_canonicalize_url(
    urls: ArrowArrayExportable,
    keep_blank_values: bool = True,
    keep_fragments: bool = False,
    encoding: str | None = None,
    *,
    query_separator: str = "&",
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
) -> ArrowArray:
    """`relurl.canonicalize_url` (w3lib.url.canonicalize_url's twin) of every row of an Arrow
    column of URLs (string, large_string or string_view; an array, or a chunked array /
    stream, whose chunks the result keeps), read in place with the GIL released, on `threads`
    threads. A null row gives a null; a row that fails (w3lib's ValueError or
    UnicodeEncodeError, or the codec's own exception, with `.index`; a URLError for a row that
    is not UTF-8) fails by `errors` as in relurl.arrow.resolve; an exception that is not an
    Exception (KeyboardInterrupt from Ctrl-C inside a codec written in Python) is raised
    whatever `errors` says. The result is a `string` array."""

@overload
def arrow_canonicalize_url(
    urls: ArrowStreamExportable,
    keep_blank_values: bool = True,
    keep_fragments: bool = False,
    encoding: str | None = None,
    *,
    query_separator: str = "&",
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
) -> ArrowChunkedArray: ...
@overload
def arrow_canonicalize_url(
    urls: ArrowArrayExportable | ArrowStreamExportable,
    keep_blank_values: bool = True,
    keep_fragments: bool = False,
    encoding: str | None = None,
    *,
    query_separator: str = "&",
    errors: Literal["report"],
    threads: int | None = None,
) -> tuple[ArrowArray | ArrowChunkedArray, list[Exception]]: ...

@final
class DomainSet:
    """A set of domains: `host in domain_set` is True when the host equals a member or ends
    with "." and a member (Scrapy's offsite rule: its regex `^(.*\\.)?(a|b|...)$`, which differs
    only for a host with a line feed, never one urllib's `hostname` gives), in time
    linear in the host whatever the number of members; built in time linear in the members.
    Exact: no case folding, IDNA or trailing-dot removal (Scrapy compares urllib's lower-cased
    hostname with the domains as given). `len()` and iteration give the members, each once, in
    the order first given. Picklable."""

    def __new__(cls, domains: Iterable[str] | None = None) -> DomainSet: ...
    def __contains__(self, host: str, /) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...
    def __reduce__(self) -> tuple[type[DomainSet], tuple[list[str]]]: ...

@overload
def arrow_in_domain_set(
    hosts: ArrowArrayExportable,
    domain_set: DomainSet,
    *,
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
) -> ArrowArray:
    """Whether each host of an Arrow string column is in `domain_set` (`host in domain_set`),
    as a boolean column, with the GIL released on `threads` threads. A null host gives a null;
    a row that is not UTF-8 fails by `errors=` as in relurl.arrow.resolve (the URLError's
    `.index` is the row). A chunked array (or stream) gives a chunked result."""

@overload
def arrow_in_domain_set(
    hosts: ArrowStreamExportable,
    domain_set: DomainSet,
    *,
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
) -> ArrowChunkedArray: ...
@overload
def arrow_in_domain_set(
    hosts: ArrowArrayExportable | ArrowStreamExportable,
    domain_set: DomainSet,
    *,
    errors: Literal["report"],
    threads: int | None = None,
) -> tuple[ArrowArray | ArrowChunkedArray, list[Exception]]: ...

@final
class ExtractResult:
    """tldextract's `ExtractResult` (tldextract 5.4.0): a URL's host as `subdomain`, `domain`
    and `suffix` (together, the host), `is_private` (the suffix is a rule of the list's private
    section) and `registry_suffix` (the suffix by the ICANN rules alone), with tldextract's
    properties. Compared and ordered field by field, each `str` by its code points; not
    hashable (a dataclass's rules). `ValueError` for fields that would hold both lone
    surrogates and U+F0000..U+F07FF characters (which relurl's core cannot tell apart)."""

    subdomain: str
    domain: str
    suffix: str
    is_private: bool
    registry_suffix: str
    def __new__(
        cls, subdomain: str, domain: str, suffix: str, is_private: bool, registry_suffix: str
    ) -> ExtractResult: ...
    def __reduce__(self) -> tuple[type[ExtractResult], tuple[str, str, str, bool, str]]: ...
    @property
    def fqdn(self) -> str:
        """The parts joined with dots when there are a suffix and a domain (or a private
        suffix), else empty."""
    @property
    def ipv4(self) -> str:
        """The domain when the host is an IPv4 address in dotted decimal, else empty."""
    @property
    def ipv6(self) -> str:
        """The address in the domain's brackets when the host is an IPv6 address, else empty."""
    @property
    def top_domain_under_public_suffix(self) -> str:
        """`domain` and `suffix` joined with a dot when there are both, else empty."""
    @property
    def registered_domain(self) -> str:
        """Deprecated (a DeprecationWarning, as tldextract gives): `top_domain_under_public_suffix`."""
    @property
    def top_domain_under_registry_suffix(self) -> str:
        """The label before the registry suffix and that suffix, else empty."""
    @property
    def reverse_domain_name(self) -> str:
        """The suffix, the domain, then the subdomain's labels from the right, joined with dots."""
    def __lt__(self, other: ExtractResult, /) -> bool: ...
    def __le__(self, other: ExtractResult, /) -> bool: ...
    def __gt__(self, other: ExtractResult, /) -> bool: ...
    def __ge__(self, other: ExtractResult, /) -> bool: ...

def tldextract(
    url: str, include_psl_private_domains: object = None, *, psl: PublicSuffixList | None = None
) -> ExtractResult:
    """`tldextract.extract(url, include_psl_private_domains)` (tldextract 5.4.0; `None`, the
    default, is `False` there too: the private section's suffixes not counted) with the
    bundled Public Suffix List, or `psl` (read as tldextract reads a list): the host of `url`
    split into subdomain, domain and public suffix, with tldextract's answers (a host under no
    rule has no suffix). No network, no cache. tldextract's exceptions for a `url` that is
    not a `str`; ValueError for a `psl` without rules."""

@final
class PublicSuffixList:
    """A Public Suffix List: the one bundled in relurl (`PublicSuffixList.bundled()`; its date
    and source in docs/crawler.md), or a newer one read from a file or a text in the list's
    format, for `psl=`. No network access, ever. `len()` is its number of rules; two lists are
    equal (and hash alike) when read from the same text."""

    BUNDLED_COMMIT: ClassVar[str]
    """The publicsuffix/list commit the bundled list is from."""
    BUNDLED_DATE: ClassVar[str]
    """The date of that commit, `YYYY-MM-DD`."""

    def __new__(cls) -> PublicSuffixList:
        """The bundled list, as `bundled()`."""
    @staticmethod
    def bundled() -> PublicSuffixList:
        """The list bundled in relurl."""
    @staticmethod
    def from_text(text: str) -> PublicSuffixList:
        """The list of `text` (a rule per line, `//` comments, the private section);
        ValueError naming the line of a rule that cannot be used."""
    @staticmethod
    def from_file(path: str | bytes | PathLike[str] | PathLike[bytes]) -> PublicSuffixList:
        """The list in the UTF-8 file at `path` (as `open` takes it); OSError when it cannot be
        read (with `errno` and `filename`, as `open` raises it), ValueError when it is not
        UTF-8, and as `from_text`."""
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool:
        """Equal when read from the same text (`PublicSuffixList()`, `bundled()` and
        `from_text` of the bundled text are equal; the same rules in another text are not)."""
    def __hash__(self) -> int:
        """The hash of the list's text."""
    def __reduce__(self) -> tuple[Callable[..., PublicSuffixList], tuple[()] | tuple[str]]:
        """Pickles as `PublicSuffixList.bundled()` or `PublicSuffixList.from_text(text)`."""
    def public_suffix(self, host: str | None, *, icann_only: bool = False) -> str | None:
        """`relurl.public_suffix(host, psl=self)`."""
    def registered_domain(self, host: str | None, *, icann_only: bool = False) -> str | None:
        """`relurl.registered_domain(host, psl=self)`."""

def public_suffix(host: str | None, *, psl: PublicSuffixList | None = None, icann_only: bool = False) -> str | None:
    """The public suffix of `host` by the Public Suffix List's own algorithm (the longest
    matching rule, exception rules, the implicit `*` rule), lower-cased, in the host's own form
    (Unicode or `xn--` labels), without the host's final dot; None for an IP address, an empty
    host or one with an empty label, and for None. `psl`: the bundled list by default;
    `icann_only`: the ICANN rules alone. TypeError for a host that is not a str or None; a
    URLError (kind "not_a_host_name", at the character) for a text that is not a host name: a
    URL ("http://a.example/"), a host with its port ("a.example:8080"), a space, a control
    character (IPv6 addresses, in brackets or not, are IP addresses: None)."""

def registered_domain(host: str | None, *, psl: PublicSuffixList | None = None, icann_only: bool = False) -> str | None:
    """The registered domain of `host`: its public suffix and one label more, lower-cased, in
    the host's own form, without the host's final dot (`www.Example.co.uk.` gives
    `example.co.uk`); None where the host is a public suffix itself, an IP address, empty or
    has an empty label, and for None. `psl`, `icann_only` and the errors as `public_suffix`."""

@overload
def arrow_registered_domain(
    hosts: ArrowArrayExportable,
    *,
    psl: PublicSuffixList | None = None,
    icann_only: bool = False,
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
) -> ArrowArray:
    """The registered domain of each host of an Arrow string column, as relurl.registered_domain
    gives it with the same `psl` and `icann_only`, with the GIL released on `threads` threads. A
    null host, or one without a registered domain, gives a null; a row that is not UTF-8 or not
    a host name (kind "not_a_host_name", as relurl.registered_domain raises) fails by `errors=`
    as in relurl.arrow.resolve (the URLError's `.index` is the row). A chunked
    array (or stream) gives a chunked result."""

@overload
def arrow_registered_domain(
    hosts: ArrowStreamExportable,
    *,
    psl: PublicSuffixList | None = None,
    icann_only: bool = False,
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
) -> ArrowChunkedArray: ...
@overload
def arrow_registered_domain(
    hosts: ArrowArrayExportable | ArrowStreamExportable,
    *,
    psl: PublicSuffixList | None = None,
    icann_only: bool = False,
    errors: Literal["report"],
    threads: int | None = None,
) -> tuple[ArrowArray | ArrowChunkedArray, list[Exception]]: ...
@overload
def arrow_public_suffix(
    hosts: ArrowArrayExportable,
    *,
    psl: PublicSuffixList | None = None,
    icann_only: bool = False,
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
) -> ArrowArray:
    """The public suffix of each host of an Arrow string column, as relurl.public_suffix gives
    it; otherwise as relurl.arrow.registered_domain."""

@overload
def arrow_public_suffix(
    hosts: ArrowStreamExportable,
    *,
    psl: PublicSuffixList | None = None,
    icann_only: bool = False,
    errors: Literal["raise", "null"] = "raise",
    threads: int | None = None,
) -> ArrowChunkedArray: ...
@overload
def arrow_public_suffix(
    hosts: ArrowArrayExportable | ArrowStreamExportable,
    *,
    psl: PublicSuffixList | None = None,
    icann_only: bool = False,
    errors: Literal["report"],
    threads: int | None = None,
) -> tuple[ArrowArray | ArrowChunkedArray, list[Exception]]: ...
