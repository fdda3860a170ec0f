"""`relurl.scrapy.OffsiteMiddleware`: Scrapy 2.19's offsite downloader middleware
(`scrapy.downloadermiddlewares.offsite.OffsiteMiddleware`) with its host regex replaced by a
`relurl.DomainSet`, so that 100,000 allowed domains cost what 10 do (scrapy/scrapy#63).

It is a subclass of Scrapy's class: `process_request`, `request_scheduled`, `from_crawler`,
the log line ("Filtered offsite request to ..." once per domain, by Scrapy's own logger), the
stats (`offsite/domains`, `offsite/filtered`), `dont_filter` and the `allow_offsite` meta key
are Scrapy's code. Only the match is relurl's: the host urllib gives
(`urlparse_cached(request).hostname`, lower-cased; `""` when there is none) is looked up in a
`DomainSet` of the spider's `allowed_domains` instead of searched by the regex
`^(.*\\.)?(domain1|domain2|...)$`, which the set answers exactly (see docs/scrapy.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scrapy.downloadermiddlewares.offsite import OffsiteMiddleware as _ScrapyOffsiteMiddleware
from scrapy.utils.httpobj import urlparse_cached

from relurl._relurl import DomainSet

if TYPE_CHECKING:
    from scrapy import Request, Spider
    from scrapy.statscollectors import StatsCollector

#: The `allowed_domains` values that cannot change once seen: the same object is the same
#: list of domains, so it is not compared again on every request.
_IMMUTABLE = (tuple, frozenset, DomainSet)
_NOTHING_SEEN = object()


class OffsiteMiddleware(_ScrapyOffsiteMiddleware):
    """Scrapy's offsite downloader middleware, matching hosts with a `relurl.DomainSet`.

    In `settings.py`::

        DOWNLOADER_MIDDLEWARES = {
            "scrapy.downloadermiddlewares.offsite.OffsiteMiddleware": None,
            "relurl.scrapy.OffsiteMiddleware": 50,
        }

    The same decisions, log lines and stats as Scrapy's middleware. `allowed_domains` is
    read again on every request, as Scrapy reads it, so that a spider may change it while it
    runs: a list is compared with the one seen last (Scrapy's check, linear in its length but
    with no copy); a tuple, a frozenset or a `relurl.DomainSet` is immutable and costs
    nothing after the first request. The hook to change the policy is Scrapy's
    `should_follow(request, spider)`; `get_domain_set(spider)` takes the place of Scrapy's
    `get_host_regex(spider)`, which this class never calls.
    """

    #: The set the hosts are matched against; `None` when every host is allowed (no
    #: `allowed_domains`, or an empty one).
    domain_set: DomainSet | None

    def __init__(self, stats: StatsCollector) -> None:
        super().__init__(stats)
        self.domain_set = None
        self._seen: Any = _NOTHING_SEEN

    def spider_opened(self, spider: Spider) -> None:
        """Builds the spider's `DomainSet` (Scrapy's handler of the `spider_opened` signal,
        which compiles its host regex there)."""
        self._update_domain_set(spider)

    def _update_domain_set(self, spider: Spider) -> None:
        allowed = getattr(spider, "allowed_domains", None)
        if allowed is self._seen and type(allowed) in _IMMUTABLE:
            return
        # Scrapy's own test, `list(allowed or []) != last`, without the copy for a list.
        current = allowed if type(allowed) is list else list(allowed or [])
        if current != self._allowed_domains:
            # Built first: a domain that is not a str raises (TypeError, as Scrapy's regex
            # does) on every request, not once.
            domain_set = self.get_domain_set(spider)
            self._allowed_domains = list(current)
            self.domain_set = domain_set
        self._seen = allowed

    def should_follow(self, request: Request, spider: Spider) -> bool:
        """Return ``True`` if *request* is on site (its host is an allowed domain or under
        one), ``False`` if it must be filtered out; Scrapy's hook, to override for another
        policy."""
        self._update_domain_set(spider)
        domain_set = self.domain_set
        if domain_set is None:
            return True
        # hostname is None for URLs without a host (javascript: links): Scrapy matches "".
        return (urlparse_cached(request).hostname or "") in domain_set

    def get_domain_set(self, spider: Spider) -> DomainSet | None:
        """The `DomainSet` of the spider's `allowed_domains` (`None`: every host allowed),
        the set of hosts Scrapy's `get_host_regex(spider)` matches."""
        allowed = getattr(spider, "allowed_domains", None)
        if not allowed:
            return None
        if type(allowed) is DomainSet:
            return allowed
        # Scrapy leaves out None; with no domain left its regex is `^(.*\.)?()$`, whose
        # empty alternative is the domain "" (the host "" and every host ending in ".").
        return DomainSet([domain for domain in allowed if domain is not None] or [""])
