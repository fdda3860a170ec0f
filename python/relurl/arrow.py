"""Arrow columns in and out: `relurl.arrow` resolve, parse, normalize, surt and canonicalize_url
(w3lib.url.canonicalize_url's twin, row by row).

Any Arrow string array or chunked array goes in through the Arrow PyCapsule interface
(`__arrow_c_array__` / `__arrow_c_stream__`): pyarrow, polars, duckdb, arro3, nanoarrow.
Columns of `string`, `large_string` or `string_view` are read in place, without a Python
object per row, and the Rust core works on them with the GIL released. The result is an
Arrow array object (a chunked array for chunked input) that the caller's library takes
without a copy: ``pyarrow.array(result)``, ``pyarrow.chunked_array(result)``,
``polars.Series(result)``.

Every input buffer is checked once before it is read: for UTF-8 (one SIMD pass over the
text, plus a check that each row starts on a character boundary) and for offsets in order.
Arrow producers may hand over bytes that are not UTF-8 (a pyarrow ``binary`` array viewed as
``string``); such a row fails like any bad row, by ``errors=``: a `relurl.URLError` of kind
``"invalid_utf8"`` naming the row (``.index``, counted across chunks) and the invalid byte, a
null, or a reported failure. ``relurl.arrow.parse`` takes ``strict=True`` as
``relurl.parse`` does, and reports a failed row the same way (``.input`` is None).
``relurl.arrow.parse`` gives, for each row, the six components as ``""`` when empty or
absent, as ``tuple(relurl.parse(url))`` does (RFC 1808 section 2.4), then the net_loc's
``hostname`` (string) and ``port`` (int32), null when absent, as ``URL(url).hostname`` and
``.port`` give them (urllib's answers; a port urllib rejects fails the row by ``errors=``,
kind ``"bad_port"``); with ``spec="whatwg"``,
the URL Standard's components (href, protocol, username, password, host, hostname, port,
pathname, search, hash, origin).

``relurl.arrow.surt`` gives each row's SURT key as ``relurl.surt`` (the twin of
``surt.surt``) does, with the same options; a row surt raises for fails by ``errors=`` with
surt's exception (``ValueError``, or ``AttributeError`` for a blank URL), ``.index`` set.

``relurl.arrow.in_domain_set(hosts, domain_set)`` gives a boolean column: whether each host is in
a `relurl.DomainSet` (``host in domain_set``); a null host gives a null.

``relurl.arrow.registered_domain(hosts)`` and ``relurl.arrow.public_suffix(hosts)`` give each
host's registered domain and public suffix by the Public Suffix List, as
``relurl.registered_domain`` and ``relurl.public_suffix`` do (``psl=``, ``icann_only=``); a host
without one, or a null host, gives a null.

relurl itself needs no Arrow library at run time; ``pip install relurl[arrow]`` adds pyarrow.

>>> import pyarrow as pa, relurl.arrow
>>> pa.array(relurl.arrow.resolve("http://a/b/c/d;p?q#f", pa.array(["g", None, "../h"]))).to_pylist()
['http://a/b/c/g', None, 'http://a/b/h']
"""

from relurl._relurl import arrow_canonicalize_url as canonicalize_url
from relurl._relurl import arrow_in_domain_set as in_domain_set
from relurl._relurl import arrow_normalize as normalize
from relurl._relurl import arrow_parse as parse
from relurl._relurl import arrow_public_suffix as public_suffix
from relurl._relurl import arrow_registered_domain as registered_domain
from relurl._relurl import arrow_resolve as resolve
from relurl._relurl import arrow_surt as surt

__all__ = [
    "canonicalize_url",
    "in_domain_set",
    "normalize",
    "parse",
    "public_suffix",
    "registered_domain",
    "resolve",
    "surt",
]
