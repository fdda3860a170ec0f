"""relurl: RFC 1808 relative URLs, resolved by a Rust core.

>>> import relurl
>>> relurl.resolve("http://a/b/c/d;p?q#f", "../g")
'http://a/b/g'
>>> base = relurl.parse("http://a/b/c/d;p?q#f")
>>> base.resolve("g;x?y#s")
'http://a/b/c/g;x?y#s'
"""

from relurl._relurl import URL, URLError, __version__, parse, resolve, validate

__all__ = ["URL", "URLError", "__version__", "parse", "resolve", "validate"]
