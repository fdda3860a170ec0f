//! Target `extract_links`: HTML link extraction, every link its raw value resolved against
//! the page's base ([`check_extract_links`], [`check_page`]).

use relurl::links::{extract_links, extract_links_from_bytes, first_base_href, first_base_href_from_bytes, Options, PageLinks, Special};
use relurl::{establish_base, strip_ascii_whitespace, BaseInputs, BaseSource, Spec};

use crate::common::{has_opaque_path, resolve_by, text, RFC3986_BASE};

/// The page URL of the `extract_links` target: RFC 3986 §5.4's base.
pub const PAGE_URL: &str = RFC3986_BASE;

/// The (element, attribute) pairs that `relurl::links` reports.
const LINK_ATTRIBUTES: &[(&str, &[&str])] = &[
    ("a", &["href"]),
    ("area", &["href"]),
    ("link", &["href", "imagesrcset"]),
    ("img", &["src", "srcset"]),
    ("script", &["src"]),
    ("iframe", &["src"]),
    ("frame", &["src"]),
    ("embed", &["src"]),
    ("source", &["src", "srcset"]),
    ("audio", &["src"]),
    ("video", &["src", "poster"]),
    ("track", &["src"]),
    ("input", &["src", "formaction"]),
    ("button", &["formaction"]),
    ("form", &["action"]),
    ("blockquote", &["cite"]),
    ("q", &["cite"]),
    ("ins", &["cite"]),
    ("del", &["cite"]),
    ("object", &["data"]),
    ("meta", &["content"]),
];

/// Target `extract_links`: the input is a page retrieved from [`PAGE_URL`], without
/// headers. `extract_links` on it as lossy UTF-8 text in both specs and with
/// `skip_special`, `extract_links_from_bytes` on the bytes:
///
/// - neither fails (only a 4 GiB value or a failing tokenizer could);
/// - [`check_page`] for each;
/// - both specs find the same links (element, attribute, raw value, special);
/// - `skip_special` leaves out exactly the links flagged special;
/// - an ASCII page gives the same answer as text and as bytes (a `<meta charset>` can only
///   switch to an ASCII-compatible encoding).
pub fn check_extract_links(data: &[u8]) {
    let html = text(data);
    let html: &str = &html;
    let options = |spec, skip_special| Options { spec, skip_special };
    let extract = |spec, skip_special| {
        extract_links(html, PAGE_URL, &[], options(spec, skip_special)).unwrap_or_else(|e| panic!("extract_links fails on {html:?}: {e}"))
    };
    let base_href = first_base_href(html).expect("the tokenizer does not fail");
    let page = extract(Spec::Rfc1808, false);
    check_page(&page, Spec::Rfc1808, base_href.as_deref(), html);
    let page3 = extract(Spec::Rfc3986, false);
    check_page(&page3, Spec::Rfc3986, base_href.as_deref(), html);
    let what = |p: &PageLinks| p.links.iter().map(|l| (l.tag, l.attr, l.raw.clone(), l.special)).collect::<Vec<_>>();
    assert_eq!(what(&page), what(&page3), "{html:?}: RFC 1808 and RFC 3986 find different links");
    let skipped = extract(Spec::Rfc1808, true);
    assert_eq!(skipped.base, page.base, "{html:?}: skip_special changes the base");
    let kept: Vec<_> = page.links.iter().filter(|l| l.special.is_none()).cloned().collect();
    assert_eq!(skipped.links, kept, "{html:?}: skip_special does not leave out exactly the special links");

    let from_bytes = extract_links_from_bytes(data, PAGE_URL, &[], options(Spec::Rfc1808, false))
        .unwrap_or_else(|e| panic!("extract_links_from_bytes fails on {data:?}: {e}"));
    check_page(&from_bytes, Spec::Rfc1808, first_base_href_from_bytes(data, &[]).expect("the tokenizer does not fail").as_deref(), html);
    if data.is_ascii() {
        assert_eq!(from_bytes, page, "{html:?}: an ASCII page gives other links as bytes");
    }
}

/// One page's links: the base is `establish_base` of [`PAGE_URL`] and the first `<base
/// href>` (the `HtmlBase` when its href is not empty after stripping and does not resolve to
/// a URL with an opaque path, else the page URL); every link's URL is its raw value,
/// stripped of ASCII whitespace, resolved against that base by `resolve` /
/// `rfc3986::resolve`, and flagged as `Special::of` that value says, else as `Special::of`
/// its URL says (so a `javascript:`, `mailto:` or `data:` URL is always flagged);
/// every (element, attribute) is one of the table's; a `srcset` (or `imagesrcset`)
/// candidate is non-empty, without ASCII whitespace and not ending in `,`; a `content` is a
/// `<meta>`'s; `rel` tokens only on `a`, `area` and `link`, each non-empty, without ASCII
/// whitespace or upper case, and distinct.
pub fn check_page(page: &PageLinks, spec: Spec, base_href: Option<&str>, html: &str) {
    let inputs = BaseInputs { retrieval_url: Some(PAGE_URL), html_base_href: base_href, ..BaseInputs::default() };
    let base = establish_base(&inputs, spec).expect("no Base header");
    assert_eq!(page.base, base, "{spec}: {html:?}: the base is not that of the first <base href> {base_href:?}");
    let from_html =
        base_href.map(strip_ascii_whitespace).is_some_and(|h| !h.is_empty() && !has_opaque_path(&resolve_by(spec, PAGE_URL, h), spec));
    let expected_source = if from_html { BaseSource::HtmlBase } else { BaseSource::Retrieval };
    assert_eq!(base.source, expected_source, "{spec}: {html:?}: base {base:?} for <base href> {base_href:?}");
    for link in &page.links {
        let stripped = strip_ascii_whitespace(&link.raw);
        let ctx = || format!("{spec}: {html:?}: {link:?} against the base {:?}", page.base.url);
        assert_eq!(link.url, resolve_by(spec, &page.base.url, stripped), "{}: not its raw value resolved", ctx());
        assert_eq!(link.special, Special::of(stripped).or_else(|| Special::of(&link.url)), "{}: special", ctx());
        if Special::of(&link.url).is_some_and(|s| s != Special::Fragment) {
            assert!(link.special.is_some(), "{}: a javascript:, mailto: or data: URL unflagged", ctx());
        }
        assert!(
            LINK_ATTRIBUTES.iter().any(|(tag, attrs)| *tag == link.tag && attrs.contains(&link.attr)),
            "{}: an element or attribute not in the table",
            ctx()
        );
        assert!(link.rel.is_empty() || ["a", "area", "link"].contains(&link.tag), "{}: rel on another element", ctx());
        for (i, token) in link.rel.iter().enumerate() {
            let bad = token.is_empty() || token.contains(|c: char| c.is_ascii_whitespace() || c.is_ascii_uppercase());
            assert!(!bad && !link.rel[..i].contains(token), "{}: rel token {token:?}", ctx());
        }
        if link.attr.ends_with("srcset") {
            assert!(
                !link.raw.is_empty() && !link.raw.contains(|c: char| c.is_ascii_whitespace()) && !link.raw.ends_with(','),
                "{}: not a srcset candidate URL",
                ctx()
            );
        }
    }
}
