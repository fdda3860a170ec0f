"""`relurl.scrapy.fingerprint` and `relurl.scrapy.RequestFingerprinter`: Scrapy 2.19's
request fingerprint (`scrapy.utils.request.fingerprint`), the same 20 bytes for every request,
with the core doing the work (`canonicalize_url`, the JSON text, the SHA-1).

This module only reads Scrapy's objects, in Scrapy's order (the included headers, the URL, the
method, the body), and keeps Scrapy's per-request cache: Scrapy's own `WeakKeyDictionary`
(`scrapy.utils.request._fingerprint_cache`), under Scrapy's key, so that a request fingerprinted
by Scrapy's function and by this one is computed once and both answer the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

import scrapy.utils.request as _scrapy_request
from scrapy.utils.python import to_bytes, to_unicode

from relurl import canonicalize_url as _canonicalize_url
from relurl._relurl import _scrapy_fingerprint

if TYPE_CHECKING:
    from scrapy import Request
    from scrapy.crawler import Crawler

__all__ = ["RequestFingerprinter", "fingerprint"]

_CacheKey = tuple[tuple[bytes, ...] | None, bool, bool]

#: Scrapy's per-request cache of fingerprints (or, should a Scrapy version lack it, one of the
#: same shape).
_fingerprint_cache: WeakKeyDictionary[Request, dict[_CacheKey, bytes]] = getattr(
    _scrapy_request, "_fingerprint_cache", WeakKeyDictionary()
)


def _plain_request_class() -> Any:
    """Scrapy's `Request` when its `meta`, `url` and `body` properties give the attributes
    `_meta`, `_url` and `_body` (checked on one request), else `None`. The fingerprint of a
    request of exactly that class reads them directly, which costs less than the properties."""
    from scrapy import Request

    probe = Request("http://example.com/", body=b"body", meta={"verbatim_url": True})
    attributes = (getattr(probe, name, None) for name in ("_meta", "_url", "_body"))
    if all(a is b for a, b in zip(attributes, (probe.meta, probe.url, probe.body), strict=True)):
        return Request
    return None


#: Scrapy's `Request` class (see `_plain_request_class`).
_PLAIN_REQUEST: Any = _plain_request_class()

#: Scrapy's cache key of a request fingerprinted with the default arguments and no
#: `verbatim_url`: (`include_headers`, `keep_fragments`, `verbatim_url`).
_DEFAULT_KEY: _CacheKey = (None, False, False)


def fingerprint(
    request: Request,
    *,
    include_headers: Iterable[bytes | str] | None = None,
    keep_fragments: bool = False,
) -> bytes:
    """`scrapy.utils.request.fingerprint(request, include_headers=..., keep_fragments=...)`.

    The SHA-1 digest (20 bytes) of the JSON text of the request's method, its URL
    (`w3lib.url.canonicalize_url(request.url, keep_fragments=keep_fragments)`, or the URL as it
    is when `request.meta["verbatim_url"]` is true), its body and the values of the headers
    named in `include_headers` (any case): the same bytes as Scrapy 2.19's function, cached per
    request as Scrapy caches them, with the same exceptions for bad input.
    """
    if (
        include_headers is None
        and keep_fragments is False
        and request.__class__ is _PLAIN_REQUEST
        and not request._meta
    ):
        # The default arguments, a plain `Request`, no `meta` (so no `verbatim_url`): Scrapy's
        # cache key is `_DEFAULT_KEY`, and the rest is the common case below, in fewer steps.
        cache = _fingerprint_cache.setdefault(request, {})
        digest = cache.get(_DEFAULT_KEY)
        if digest is None:
            method, body = request.method, request._body or b""
            if method.__class__ is str and body.__class__ is bytes:
                digest = _scrapy_fingerprint(method, request._url, body, None, False, False)
            else:
                digest = _compute(request, None, False, False)
            cache[_DEFAULT_KEY] = digest
        return digest
    processed_include_headers: tuple[bytes, ...] | None = None
    if include_headers:
        processed_include_headers = tuple(to_bytes(h.lower()) for h in sorted(include_headers))
    plain = request.__class__ is _PLAIN_REQUEST
    if plain:
        # `request.meta` without making the empty dictionary Scrapy's property makes.
        meta = request._meta
        verbatim_url = bool(meta.get("verbatim_url")) if meta else False
    else:
        verbatim_url = bool(request.meta.get("verbatim_url"))
    cache_key = (processed_include_headers, keep_fragments and not verbatim_url, verbatim_url)
    cache = _fingerprint_cache.setdefault(request, {})
    if cache_key in cache:
        return cache[cache_key]
    if not processed_include_headers:
        # The common case, in one call: no header, and the method and body a `Request` makes.
        method = request.method
        body = (request._body if plain else request.body) or b""
        if method.__class__ is str and body.__class__ is bytes:
            url = request._url if plain else request.url
            digest = _scrapy_fingerprint(method, url, body, None, bool(keep_fragments), verbatim_url)
            cache[cache_key] = digest
            return digest
    digest = cache[cache_key] = _compute(request, processed_include_headers, keep_fragments, verbatim_url)
    return digest


def _compute(request: Request, include: tuple[bytes, ...] | None, keep_fragments: bool, verbatim_url: bool) -> bytes:
    """The fingerprint of `request`, not cached."""
    headers: list[tuple[bytes, list[bytes]]] | None = None
    if include:
        request_headers = request.headers
        headers = []
        # Each name once (Scrapy's dictionary keeps one entry per name, and reading a name
        # again gives the same values): linear in the names and values, not their product.
        for header in dict.fromkeys(include):
            if header in request_headers:
                headers.append((header, [_as_bytes(value) for value in request_headers.getlist(header)]))
    url = request.url
    method: Any = request.method
    body: Any = request.body or b""
    if method.__class__ is not str or body.__class__ is not bytes:
        # Not from Scrapy's `Request` (which makes the method a `str` and the body `bytes`):
        # each checked in Scrapy's order, so that the first bad one raises.
        if not verbatim_url:
            _canonicalize_url(url, keep_fragments=bool(keep_fragments))
        method = to_unicode(method)
        body = _as_bytes(body)
    return _scrapy_fingerprint(method, url, body, headers, bool(keep_fragments), verbatim_url)


def _as_bytes(value: Any) -> bytes:
    """The bytes whose `.hex()` is `value.hex()` (Scrapy writes `value.hex()`): `value` itself
    when it is `bytes`; `value.hex()`'s own exception when it has none."""
    if value.__class__ is bytes:
        return value
    return bytes.fromhex(value.hex())


class RequestFingerprinter(_scrapy_request.RequestFingerprinter):
    """Scrapy 2.19's default request fingerprinter (`scrapy.utils.request.RequestFingerprinter`)
    computing by `relurl.scrapy.fingerprint`: the same fingerprints, faster.

    In `settings.py`::

        REQUEST_FINGERPRINTER_CLASS = "relurl.scrapy.RequestFingerprinter"

    Like Scrapy's (a subclass of it), it reads no setting: `from_crawler(crawler)` makes one,
    and `fingerprint(request)` is `fingerprint(request)` with the default arguments.
    """

    def __init__(self, crawler: Crawler | None = None) -> None:
        self._fingerprint = fingerprint
