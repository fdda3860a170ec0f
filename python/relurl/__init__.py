"""relurl: RFC 1808 relative URLs, resolved by a Rust core.

>>> import relurl
>>> relurl.resolve("http://a/b/c/d;p?q#f", "../g")
'http://a/b/g'
>>> base = relurl.parse("http://a/b/c/d;p?q#f")
>>> base.resolve("g;x?y#s")
'http://a/b/c/g;x?y#s'
>>> relurl.urljoin("http://a/b/c/d;p?q#f", "../../../g")  # urllib.parse.urljoin's answer
'http://a/g'
"""

from relurl._relurl import (
    URL,
    DomainSet,
    EstablishedBase,
    ExtractResult,
    Link,
    PublicSuffixList,
    URLError,
    URLWarning,
    __version__,
    base_from_header,
    canonicalize_url,
    establish_base,
    extract_links,
    normalize,
    parse,
    public_suffix,
    registered_domain,
    resolve,
    resolve_many,
    safe_url_string,
    surt,
    tldextract,
    urljoin,
    urlparse,
    urlsplit,
    validate,
)

__all__ = [
    "URL",
    "DomainSet",
    "EstablishedBase",
    "ExtractResult",
    "Link",
    "PublicSuffixList",
    "URLError",
    "URLWarning",
    "__version__",
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

# The urllib twins (urljoin, urlsplit, urlparse) take urllib.parse's functions, scheme lists
# and behaviour from the running Python on first use: make that now, before anything can
# put the twins into urllib.parse in place of its own functions (any call of a twin captures).
urlsplit("")
