"""`relurl.scrapy.LinkExtractor`: Scrapy 2.19's `LxmlLinkExtractor`
(`scrapy.linkextractors.lxmlhtml`), the same `Link` lists, with the URL work done by relurl's
core in one call per page.

Scrapy's lxml tree is kept: the elements and attributes are found by walking it as Scrapy
does (`_nons` tag names, `tags`/`deny_tags`, `attrs`/`deny_attrs`, the `'*'` wildcard), and a
link's `text` is the same XPath `string()` of its element. Each value then goes through the
core (`relurl._relurl._ScrapyLinks.page`): the HTML5 whitespace strip, `urljoin` against
`get_base_url(response)`, `process_value`, `safe_url_string` with the response's encoding,
`urljoin` against `response.url`, the scheme check, the domain and extension filters and
`canonicalize_url`. The `allow`, `deny` and `restrict_text` regular expressions are Python's
`re`, applied here to the URLs (and texts) the core keeps, and the duplicates are dropped in
Scrapy's order (by URL, before the filters and after `canonicalize`, per region and across
them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeAlias

from lxml import etree  # type: ignore[import-untyped,unused-ignore]
from parsel.csstranslator import HTMLTranslator
from scrapy.link import Link
from scrapy.linkextractors import IGNORED_EXTENSIONS
from scrapy.linkextractors.lxmlhtml import LxmlLinkExtractor as _ScrapyLxmlLinkExtractor
from scrapy.utils.misc import arg_to_iter, rel_has_nofollow
from scrapy.utils.response import get_base_url

from relurl._relurl import _ScrapyLinks, _testing

#: The running urllib is one the core does not know (relurl's urllib twins then call urllib
#: itself): the extractor then hands every call to Scrapy's own class, built with its options.
_DELEGATE: bool = bool(_testing._urllib_dialect()["delegate_all"])

if TYPE_CHECKING:
    from scrapy.http import TextResponse

_Regex: TypeAlias = "str | re.Pattern[str]"
_RegexOrSeveral: TypeAlias = "_Regex | Iterable[_Regex]"
#: A region's candidate elements, their values (in Scrapy's order) and, read beforehand (an
#: XML tree), their texts.
_Region: TypeAlias = "tuple[list[Any], list[str], list[str] | None]"

#: lxml/src/lxml/html/__init__.py's XHTML namespace, which Scrapy's `_nons` strips.
_XHTML_NAMESPACE = "http://www.w3.org/1999/xhtml"


def _string_value(element: Any) -> str:
    """The XPath string-value of `element` (Scrapy's `etree.XPath("string()")`): both are
    libxml2's `xmlNodeGetContent`, the text of every text and CDATA node under it. lxml's text
    serializer calls it directly, without an XPath context per element, and gives a plain `str`
    (Scrapy's is a "smart string" that keeps the whole document alive through `getparent()`).

    Most links have text nodes only (`len(element) == 0`: no element, comment, processing
    instruction or entity reference under it): then `element.text`, which is the same text
    (lxml's `_collectText` joins the text and CDATA nodes), at a third of the cost."""
    if not len(element):
        return element.text or ""
    return etree.tostring(element, method="text", encoding=str, with_tail=False)  # type: ignore[no-any-return]


def _nons(tag: Any) -> Any:
    """Scrapy's `_nons`: a tag name without the XHTML namespace."""
    if isinstance(tag, str) and tag[0] == "{" and tag[1 : len(_XHTML_NAMESPACE) + 1] == _XHTML_NAMESPACE:
        return tag.split("}")[-1]
    return tag


def _plain_name(name: object) -> bool:
    """Whether lxml reads `name` (a tag or attribute name of the options) as the name equal to
    it, as Scrapy's `==` does: printable ASCII, no Clark notation `{...}`, not empty. Any other
    name (bytes, a control character, a lone surrogate, `{}href`) is compared by `==`."""
    return (
        isinstance(name, str)
        and name.isascii()
        and name.isprintable()
        and name != ""
        and "{" not in name
        and "}" not in name
    )


def _compile_regexes(value: _RegexOrSeveral | None) -> list[re.Pattern[str]]:
    return [x if isinstance(x, re.Pattern) else re.compile(x) for x in arg_to_iter(value)]


class LinkExtractor:
    """Scrapy 2.19's `LxmlLinkExtractor` (`scrapy.linkextractors.LinkExtractor`): the same
    constructor, `extract_links(response)` giving the same `scrapy.link.Link` list (URLs,
    texts, fragments, `nofollow`, order) and `matches(url)`, with relurl's core doing the URL
    work. Picklable, usable in `Rule(...)`. See docs/scrapy.md.

    In a spider: ``from relurl.scrapy import LinkExtractor`` in place of
    ``from scrapy.linkextractors import LinkExtractor``.
    """

    _csstranslator = HTMLTranslator()

    def __init__(
        self,
        allow: _RegexOrSeveral = (),
        deny: _RegexOrSeveral = (),
        allow_domains: str | Iterable[str] = (),
        deny_domains: str | Iterable[str] = (),
        restrict_xpaths: str | Iterable[str] = (),
        tags: str | Iterable[str] | None = ("a", "area"),
        attrs: str | Iterable[str] | None = ("href",),
        canonicalize: bool = False,
        unique: bool = True,
        process_value: Callable[[Any], Any] | None = None,
        deny_extensions: str | Iterable[str] | None = None,
        restrict_css: str | Iterable[str] = (),
        strip: bool = True,
        restrict_text: _RegexOrSeveral | None = None,
        deny_tags: str | Iterable[str] = (),
        deny_attrs: str | Iterable[str] = (),
    ) -> None:
        self.tags: set[str] = set(arg_to_iter(tags))
        self.attrs: set[str] = set(arg_to_iter(attrs))
        self.deny_tags: set[str] = set(arg_to_iter(deny_tags))
        self.deny_attrs: set[str] = set(arg_to_iter(deny_attrs))
        self.unique: bool = unique
        self.strip: bool = strip
        self.process_value: Callable[[Any], Any] | None = process_value if callable(process_value) else None
        self.allow_res: list[re.Pattern[str]] = _compile_regexes(allow)
        self.deny_res: list[re.Pattern[str]] = _compile_regexes(deny)
        self.allow_domains: set[str] = set(arg_to_iter(allow_domains))
        self.deny_domains: set[str] = set(arg_to_iter(deny_domains))
        self.restrict_xpaths: tuple[str, ...] = tuple(arg_to_iter(restrict_xpaths))
        self.restrict_xpaths += tuple(map(self._csstranslator.css_to_xpath, arg_to_iter(restrict_css)))
        if deny_extensions is None:
            deny_extensions = IGNORED_EXTENSIONS
        self.canonicalize: bool = canonicalize
        self.deny_extensions: set[str] = {"." + e for e in arg_to_iter(deny_extensions)}
        self.restrict_text: list[re.Pattern[str]] = _compile_regexes(restrict_text)
        self._prepare()

    def _prepare(self) -> None:
        """The native filters and the tag walk (rebuilt after unpickling)."""
        self._scrapy: Any = self._scrapy_extractor() if _DELEGATE else None
        self._native = _ScrapyLinks(
            self.strip,
            list(self.allow_domains),
            list(self.deny_domains),
            list(self.deny_extensions),
            self.canonicalize,
            self.unique,
        )
        tags = self.tags - self.deny_tags
        # lxml finds the candidate elements by name ("{*}a": `a` in any namespace or none);
        # `_nons` then decides as in Scrapy. A wildcard, no tag, or a name that is not plain
        # (which lxml would read, or refuse, as Scrapy's `==` does not) means every element.
        if "*" in self.tags or not tags or not all(map(_plain_name, tags)):
            self._iter_tags: tuple[str, ...] | None = None
        else:
            self._iter_tags = tuple("{*}" + t for t in sorted(tags))
        # The one attribute to read, when there is one and its name is plain (`el.get(name)`,
        # which is then the attribute whose name is equal; an element has each name once),
        # else None (every attribute's name is compared, in order).
        attrs = self.attrs - self.deny_attrs
        one = next(iter(attrs)) if len(attrs) == 1 and "*" not in self.attrs else None
        self._one_attr: str | None = one if _plain_name(one) else None

    def _scrapy_extractor(self) -> Any:
        """Scrapy's own `LxmlLinkExtractor` with these options: where the core cannot answer
        (`_DELEGATE`), and for a page whose answer is Scrapy's exception (`extract_links`)."""
        return _ScrapyLxmlLinkExtractor(
            allow=self.allow_res,
            deny=self.deny_res,
            allow_domains=self.allow_domains,
            deny_domains=self.deny_domains,
            restrict_xpaths=self.restrict_xpaths,
            tags=self.tags,
            attrs=self.attrs,
            canonicalize=self.canonicalize,
            unique=self.unique,
            process_value=self.process_value,
            deny_extensions=[e[1:] for e in self.deny_extensions],
            strip=self.strip,
            restrict_text=self.restrict_text,
            deny_tags=self.deny_tags,
            deny_attrs=self.deny_attrs,
        )

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        for name in ("_native", "_iter_tags", "_one_attr", "_scrapy"):
            state.pop(name, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._prepare()

    def _tag_matches(self, tag: Any) -> bool:
        if tag in self.deny_tags:
            return False
        return "*" in self.tags or tag in self.tags

    def _values(self, root: Any, html: bool) -> tuple[list[Any], list[str]]:
        """The elements and the values Scrapy's `_iter_links` yields, in its order. In a tree
        of lxml's HTML parser (`html`), which has no namespaces, the elements lxml finds by
        name are those `_nons` keeps."""
        elements: list[Any] = []
        values: list[str] = []
        if self._iter_tags is None:
            iterator = root.iter(etree.Element)
            check = True
        else:
            iterator = root.iter(*self._iter_tags)
            check = not html
        tag_matches = self._tag_matches
        one = self._one_attr
        if one is not None:
            for el in iterator:
                if check and not tag_matches(_nons(el.tag)):
                    continue
                value = el.get(one)
                if value is not None:
                    elements.append(el)
                    values.append(value)
            return elements, values
        attrs, deny_attrs = self.attrs, self.deny_attrs
        any_attr = "*" in attrs
        for el in iterator:
            if check and not tag_matches(_nons(el.tag)):
                continue
            # The names, then the value of each name asked for, as Scrapy reads them: linear
            # in an element's attributes (`el.items()` is not, in lxml), and an attribute not
            # asked for is never decoded (in an XML tree, its value may not decode).
            attrib = el.attrib
            for name in attrib:
                if name in deny_attrs or not (any_attr or name in attrs):
                    continue
                elements.append(el)
                values.append(attrib[name])
        return elements, values

    def _region_links(self, region: _Region, response_url: str, encoding: str, base_url: str) -> list[Link]:
        elements, values, texts = region
        kept = self._native.page(values, base_url, response_url, encoding, self.process_value)
        allow_res, deny_res, restrict_text = self.allow_res, self.deny_res, self.restrict_text
        links: list[Link] = []
        append = links.append
        # With `unique`, the core has kept each `url` once already. `kept` is flat:
        # index, url, link_url, index, ...
        flat = iter(kept)
        for index, url, link_url in zip(flat, flat, flat, strict=True):
            if allow_res and not any(r.search(url) for r in allow_res):
                continue
            if deny_res and any(r.search(url) for r in deny_res):
                continue
            el = elements[index]
            text = _string_value(el) if texts is None else texts[index]
            if restrict_text and not any(r.search(text) for r in restrict_text):
                continue
            rel = el.get("rel")
            append(Link(link_url, text, "", False if rel is None else rel_has_nofollow(rel)))
        return links

    def extract_links(self, response: TextResponse) -> list[Link]:
        """The `scrapy.link.Link` objects of `response`: those the options keep, in document
        order, each URL once when `unique` (Scrapy's `LxmlLinkExtractor.extract_links`)."""
        if self._scrapy is not None:
            return self._scrapy.extract_links(response)  # type: ignore[no-any-return]
        base_url = get_base_url(response)
        if self.restrict_xpaths:
            docs = [subdoc for x in self.restrict_xpaths for subdoc in response.xpath(x)]
        else:
            docs = [response.selector]
        regions: list[_Region] = []
        for doc in docs:
            if doc.type == "html":
                regions.append((*self._values(doc.root, True), None))
                continue
            # In an XML tree an attribute's value or a link's text may not decode (a
            # character reference to a surrogate), and Scrapy reads each link's text before
            # its filters: Scrapy's exception, raised where Scrapy raises it (after the
            # `process_value` calls before it), is Scrapy's own class's answer. Every value
            # and text is read before any region's links.
            try:
                elements, values = self._values(doc.root, False)
                regions.append((elements, values, [_string_value(el) for el in elements]))
            except UnicodeError:
                return self._scrapy_extractor().extract_links(response)  # type: ignore[no-any-return]
        if len(regions) == 1 and not (self.unique and self.canonicalize):
            # One region: its links are each once already (by URL; `canonicalize` may still
            # make two of them equal, and Scrapy then drops the second).
            return self._region_links(regions[0], response.url, response.encoding, base_url)
        all_links: list[Link] = []
        seen: set[str] = set()
        for region in regions:
            for link in self._region_links(region, response.url, response.encoding, base_url):
                if self.unique:
                    if link.url in seen:
                        continue
                    seen.add(link.url)
                all_links.append(link)
        return all_links

    def _link_allowed(self, link: Link) -> bool:
        """Whether Scrapy keeps `link` (`LxmlLinkExtractor._link_allowed`): its URL's scheme,
        `allow`, `deny`, the domains and extensions, and `restrict_text` on its text."""
        if self._scrapy is not None:
            return self._scrapy._link_allowed(link)  # type: ignore[no-any-return]
        url = link.url
        if self.allow_res and not any(r.search(url) for r in self.allow_res):
            return False
        if self.deny_res and any(r.search(url) for r in self.deny_res):
            return False
        # The scheme first, then `urlparse` (which may raise) for the domains and extensions.
        if not self._native.url_allowed(url):
            return False
        return not self.restrict_text or any(r.search(link.text) for r in self.restrict_text)

    def matches(self, url: str) -> bool:
        """Whether `url` passes `allow_domains`, `deny_domains`, `allow` and `deny` (Scrapy's
        `LxmlLinkExtractor.matches`)."""
        if self._scrapy is not None:
            return self._scrapy.matches(url)  # type: ignore[no-any-return]
        if (self.allow_domains or self.deny_domains) and not self._native.domains_match(url):
            return False
        allowed = (regex.search(url) for regex in self.allow_res) if self.allow_res else [True]
        denied = (regex.search(url) for regex in self.deny_res) if self.deny_res else ()
        return any(allowed) and not any(denied)
