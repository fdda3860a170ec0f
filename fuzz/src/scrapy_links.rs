//! Target `scrapy_links`: the core's half of Scrapy's link extractor
//! ([`relurl::scrapy::Extractor::page_links`], one call per page, with its shortcuts: a value
//! or a joined URL that every later step gives back skips them, and the filters then read its
//! host and path from the scan that found it safe) against its steps called one by one, on
//! untrusted bases and values:
//!
//! 1. the HTML5 whitespace stripped (with `strip`);
//! 2. `urljoin(base_url, value)`: an error skips the value;
//! 3. `safe_url_string(url)`: an error skips it;
//! 4. `urljoin(response_url, url)`: an error is the page's;
//! 5. the scheme check, and with filters [`Extractor::url_allowed`] (which always parses):
//!    an error is the page's;
//! 6. `canonicalize_url(url)` (with `canonicalize`): an error is the page's;
//!
//! and with `unique`, the first of each URL. The kept values (index, URL, canonical URL) are
//! the same, or both calls fail.

use relurl::idna2003::UnicodeVersion;
use relurl::scrapy::{is_valid_url, Domains, Extractor, LenientHooks, Page};
use relurl::urllib::{Lenient, Urllib};
use relurl::w3lib::{canonicalize_url, safe_url_string, Options, SafeOptions};

use crate::common::text;
use crate::urljoin::URLLIB_VERSIONS;

/// HTML5's space characters (`w3lib.html.strip_html5_whitespace`).
const HTML5_WHITESPACE: [char; 5] = [' ', '\t', '\n', '\r', '\x0c'];

/// A kept value: its index, URL and canonical URL.
type Kept = (usize, String, Option<String>);

/// Target `scrapy_links`: `selector base NUL value NUL value ...`; with bit 7 of the selector
/// set, the field after the base is `response.url` (else the base is both). The selector's
/// low three bits choose the CPython version of [`URLLIB_VERSIONS`]; bit 3 sets the domain
/// and extension filters, bit 4 `strip`, bit 5 `canonicalize`, bit 6 `unique`.
pub fn check_scrapy_links(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else { return };
    let input = text(rest);
    let mut fields = input.split('\0');
    let base = fields.next().unwrap_or_default();
    let response_url = if selector & 0x80 == 0 { base } else { fields.next().unwrap_or_default() };
    let values: Vec<&str> = fields.collect();
    let (major, minor, micro) = URLLIB_VERSIONS[usize::from(selector & 7)];
    let urllib = Urllib::cpython(major, minor, micro);
    let unicode = UnicodeVersion::default();
    let filtered = selector & 8 != 0;
    let extractor = Extractor {
        strip: selector & 0x10 != 0,
        allow_domains: if filtered { Domains::new(["a.com", "example.com", "xn--e-via.com", "x"], unicode) } else { Domains::default() },
        deny_domains: if filtered { Domains::new(["b.a.com"], unicode) } else { Domains::default() },
        deny_extensions: if filtered { [".pdf", ".p", ".com", ".tar.gz"].map(str::to_owned).into() } else { Default::default() },
        canonicalize: selector & 0x20 != 0,
        unique: selector & 0x40 != 0,
    };
    let options = Options::default();
    let page = Page { base_url: base, response_url, safe: SafeOptions::default() };
    let got = extractor
        .page_links(&urllib, &options, &page, values.iter().copied(), &mut LenientHooks::default())
        .map(|kept| kept.into_iter().map(|k| (k.index, k.url.into_owned(), k.canonical)).collect::<Vec<Kept>>());
    let expected = steps(&extractor, &urllib, &options, &page, &values);
    match (&got, &expected) {
        (Ok(got), Some(expected)) => assert_eq!(got, expected, "{input:?} ({selector:#04x}): the pipeline is not its steps"),
        (Err(_), None) => {}
        _ => panic!("{input:?} ({selector:#04x}): the pipeline gives {got:?}, its steps {expected:?}"),
    }
}

/// The steps above, one by one; `None` where the page fails.
fn steps(extractor: &Extractor, urllib: &Urllib, options: &Options<'_>, page: &Page<'_>, values: &[&str]) -> Option<Vec<Kept>> {
    let filters = !extractor.allow_domains.is_empty() || !extractor.deny_domains.is_empty() || !extractor.deny_extensions.is_empty();
    let mut kept: Vec<Kept> = Vec::new();
    for (index, given) in values.iter().enumerate() {
        let value = if extractor.strip { given.trim_matches(HTML5_WHITESPACE) } else { given };
        let Ok(joined) = urllib.urljoin(page.base_url, value, true, &mut Lenient) else { continue };
        let Ok(safe) = safe_url_string(&joined, &page.safe) else { continue };
        let url = urllib.urljoin(page.response_url, &safe, true, &mut Lenient).ok()?.into_owned();
        let allowed = if filters { extractor.url_allowed(urllib, &url, options.unicode, &mut Lenient).ok()? } else { is_valid_url(&url) };
        if !allowed {
            continue;
        }
        let canonical = if extractor.canonicalize { Some(canonicalize_url(&url, options).ok()?) } else { None };
        kept.push((index, url, canonical));
    }
    if extractor.unique {
        let mut seen = std::collections::HashSet::new();
        kept.retain(|(_, url, _)| seen.insert(url.clone()));
    }
    Some(kept)
}
