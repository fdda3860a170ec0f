//! The per-value URL pipeline of Scrapy 2.19's `LxmlLinkExtractor`
//! (`scrapy/linkextractors/lxmlhtml.py`), for every value of one page in one call.
//!
//! Scrapy takes each attribute value the lxml walk finds and, in `_extract_links`:
//!
//! 1. strips the HTML5 whitespace (`" \t\n\r\x0c"`) around it when `strip` is set;
//! 2. `urljoin(base_url, value)` (urllib of the running Python): a `ValueError` skips it;
//! 3. `process_value(url)`: `None` skips it;
//! 4. `safe_url_string(url, encoding=response.encoding)`: a `ValueError` skips it;
//! 5. `urljoin(response.url, url)` (no error is caught here);
//!
//! then, in `_link_allowed`, keeps the URL when
//!
//! - the text before its first `"://"` (all of it when there is none) is `http`, `https`,
//!   `file` or `ftp` (`_is_valid_url`);
//! - `url_is_from_any_domain(urlparse(url), allow_domains)` when `allow_domains` is not
//!   empty, and not `url_is_from_any_domain(..., deny_domains)`: the net_loc (user info and
//!   port included) lowered by Python's `str.lower`, non-empty, equal to a lowered domain or
//!   ending with `"." + domain`;
//! - not `url_has_any_extension`: the path of `urlparse(url)` lowered does not end with any
//!   `"." + extension` (the extensions as given, not lowered);
//!
//! and with `canonicalize`, the link's URL becomes `canonicalize_url(url)`. The `allow`,
//! `deny` and `restrict_text` regular expressions are Python's `re`: the caller applies them
//! to the URLs this module keeps ([`Kept::url`]), which is the same filter as the filters
//! commute and none of them can fail.
//!
//! `safe_url_string` is the core's twin ([`crate::w3lib::safe_url_string_into`]). What Python
//! gives (the urllib checks, `process_value`, the `safe_url_string` of a value
//! `process_value` made something else than text) comes through [`Hooks`].

use std::borrow::Cow;
use std::collections::HashSet;

use super::filters::{is_valid_url, Domains, Extensions};
use crate::twins::idna2003::UnicodeVersion;
use crate::twins::urllib::join::SplitBase;
use crate::twins::urllib::{Checks, Joined, Lenient, Urllib, UrllibError};
use crate::twins::w3lib::{
    canonicalize_url_into, parse_url_netloc, safe_parts, safe_url_string_into, CodecFailure, Options, SafeOptions, SafeParts, W3libError,
};

/// HTML5's space characters, which `w3lib.html.strip_html5_whitespace` strips.
const HTML5_WHITESPACE: [char; 5] = [' ', '\t', '\n', '\r', '\x0c'];

/// What `process_value` made of a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Processed {
    /// It returned `None`: the value is skipped.
    Skip,
    /// It returned this text, which goes on to `safe_url_string`.
    Text(String),
    /// It returned something else than text, which the hook took through `safe_url_string`
    /// itself: this is the answer (`None`: `safe_url_string` raised a `ValueError`).
    Safe(Option<String>),
}

/// What the caller (the Python bindings) does for the pipeline.
pub trait Hooks {
    /// An error to pass through (a Python exception).
    type Error;
    /// urllib's checks of the running Python.
    type Checks: Checks<Error = Self::Error>;
    /// The checks for urllib's `urlsplit`.
    fn checks(&mut self) -> &mut Self::Checks;
    /// Whether an error of a check is a `ValueError` (which step 2 catches).
    fn is_value_error(&self, error: &Self::Error) -> bool;
    /// `process_value(url)`; `None` when the extractor has none (the URL goes on as it is).
    ///
    /// # Errors
    /// What `process_value` raised.
    fn process_value(&mut self, url: &str) -> Option<Result<Processed, Self::Error>>;
    /// Whether a failure of the caller's codec (of the response's encoding) is a
    /// `ValueError` (which step 4 catches: a `UnicodeError`, ...).
    fn codec_value_error(&self, failure: &CodecFailure) -> bool;
}

/// [`Hooks`] without Python: urllib's checks pass ([`Lenient`]), there is no `process_value`,
/// and no codec but the built-in ones (whose failures are `ValueError`s). What a caller in
/// Rust alone passes (a benchmark, a fuzz target).
#[derive(Debug, Clone, Copy, Default)]
pub struct LenientHooks {
    checks: Lenient,
}

impl Hooks for LenientHooks {
    type Error = std::convert::Infallible;
    type Checks = Lenient;
    fn checks(&mut self) -> &mut Lenient {
        &mut self.checks
    }
    fn is_value_error(&self, _: &Self::Error) -> bool {
        true
    }
    fn process_value(&mut self, _: &str) -> Option<Result<Processed, Self::Error>> {
        None
    }
    fn codec_value_error(&self, _: &CodecFailure) -> bool {
        true
    }
}

/// The filters and options of one extractor.
#[derive(Debug, Clone)]
pub struct Extractor {
    /// `strip`.
    pub strip: bool,
    /// `allow_domains` (empty: no filter).
    pub allow_domains: Domains,
    /// `deny_domains` (empty: no filter).
    pub deny_domains: Domains,
    /// `deny_extensions`, each with its leading `"."` (empty: no filter).
    pub deny_extensions: HashSet<String>,
    /// `canonicalize`.
    pub canonicalize: bool,
    /// `unique`: each `url` once per page (the first), before the regular expressions, as
    /// Scrapy's `_deduplicate_if_needed` drops them.
    pub unique: bool,
}

/// One page: its base URL (`get_base_url(response)`), `response.url`, and how
/// `safe_url_string` runs (`encoding=response.encoding`, the running Python's settings).
#[derive(Debug, Clone)]
pub struct Page<'a> {
    /// The base the values are joined to.
    pub base_url: &'a str,
    /// The URL the results are joined to after `process_value` and `safe_url_string`.
    pub response_url: &'a str,
    /// `safe_url_string`'s options.
    pub safe: SafeOptions<'a>,
}

/// A value the filters kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept<'v> {
    /// The index of the value in the page's values.
    pub index: usize,
    /// The URL the `allow`, `deny` regular expressions are searched in: the value itself
    /// (borrowed) when the pipeline gave it back unchanged, as it does an absolute URL that
    /// is safe already.
    pub url: Cow<'v, str>,
    /// The link's URL: `canonicalize_url(url)` with `canonicalize`, else `None` (the URL).
    pub canonical: Option<String>,
}

/// Why a page fails: an error Scrapy does not catch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError<E> {
    /// A hook's error (`process_value`'s exception, ...).
    Hook(E),
    /// `urljoin(response.url, url)` or `urlparse(url)` raised.
    Urllib(UrllibError<E>),
    /// `canonicalize_url` raised.
    W3lib(W3libError),
}

impl<E> From<UrllibError<E>> for LinkError<E> {
    fn from(e: UrllibError<E>) -> Self {
        match e {
            UrllibError::Check(e) => Self::Hook(e),
            e @ UrllibError::InvalidIpv6Url => Self::Urllib(e),
        }
    }
}

impl Extractor {
    /// The values that pass the pipeline and the filters, in their order. `options`: how
    /// `canonicalize_url` runs (w3lib's defaults with the running Python's scheme lists,
    /// Unicode version and integer limit); its Unicode version is also `str.lower`'s. `page`
    /// has `safe_url_string`'s options (the response's encoding).
    ///
    /// # Errors
    /// The first error Scrapy would raise for the page ([`LinkError`]).
    pub fn page_links<'v, H: Hooks>(
        &self,
        urllib: &Urllib,
        options: &Options<'_>,
        page: &Page<'_>,
        values: impl IntoIterator<Item = &'v str>,
        hooks: &mut H,
    ) -> Result<Vec<Kept<'v>>, LinkError<H::Error>> {
        // Both bases are the same for every value: split once each.
        let bases = Bases::new(urllib, page);
        let extensions = Extensions::new(&self.deny_extensions);
        let mut scratch = Scratch::default();
        let mut kept = Vec::new();
        for (index, value) in values.into_iter().enumerate() {
            if let Some((url, parts)) = self.value_url(urllib, page, &bases, value, hooks, &mut scratch)? {
                let allowed = match parts {
                    Some(parts) => self.safe_url_filters(&url, &parts, options.unicode, &extensions),
                    None => self.filters(urllib, &url, options.unicode, false, &extensions, hooks.checks())?,
                };
                if allowed {
                    let canonical = if self.canonicalize {
                        let mut out = String::with_capacity(url.len());
                        canonicalize_url_into(&url, options, &mut out).map_err(LinkError::W3lib)?;
                        Some(out)
                    } else {
                        None
                    };
                    kept.push(Kept { index, url, canonical });
                }
            }
        }
        if self.unique {
            let mut seen = hashbrown::HashSet::with_capacity(kept.len());
            let first: Vec<bool> = kept.iter().map(|k| seen.insert(k.url.as_ref())).collect();
            drop(seen);
            let mut first = first.into_iter();
            kept.retain(|_| first.next().unwrap_or(false));
        }
        Ok(kept)
    }

    /// Steps 1 to 5: the link's URL, or `None` when Scrapy skips the value; with the URL's
    /// parts when it is one that both joins and `safe_url_string` give back as it is
    /// ([`Bases::gives_back`]).
    fn value_url<'v, H: Hooks>(
        &self,
        urllib: &Urllib,
        page: &Page<'_>,
        bases: &Bases<'_>,
        given: &'v str,
        hooks: &mut H,
        scratch: &mut Scratch,
    ) -> Result<Option<ValueUrl<'v>>, LinkError<H::Error>> {
        let value = if self.strip { given.trim_matches(HTML5_WHITESPACE) } else { given };
        let unchanged = |url: &str| if url == given { Cow::Borrowed(given) } else { Cow::Owned(url.to_owned()) };
        // The value's host and path when every step gives it back.
        let value_parts = bases.gives_back(value, &page.safe);
        let gives_back = value_parts.is_some();
        let Scratch { joined, safe, last } = scratch;
        joined.clear();
        let joined = if gives_back {
            value
        } else {
            match urllib.urljoin_many_into(page.base_url, bases.base.as_ref(), value, true, hooks.checks(), joined) {
                Ok(Joined::Url) => value,
                Ok(Joined::Base) => page.base_url,
                Ok(Joined::Written) => joined.as_str(),
                Err(UrllibError::InvalidIpv6Url) => return Ok(None),
                Err(UrllibError::Check(e)) if hooks.is_value_error(&e) => return Ok(None),
                Err(UrllibError::Check(e)) => return Err(LinkError::Hook(e)),
            }
        };
        safe.clear();
        let is_safe = match hooks.process_value(joined) {
            // Both joins and `safe_url_string` give it back.
            None if gives_back => return Ok(Some((unchanged(value), value_parts))),
            None => match bases.gives_back(joined, &page.safe) {
                // `safe_url_string` and `urljoin(response.url, ...)` give the joined URL back.
                Some(parts) => return Ok(Some((unchanged(joined), Some(parts)))),
                None => safe_url(joined, &page.safe, hooks, safe)?,
            },
            Some(processed) => match processed.map_err(LinkError::Hook)? {
                Processed::Skip => return Ok(None),
                Processed::Text(url) => safe_url(&url, &page.safe, hooks, safe)?,
                Processed::Safe(Some(url)) => {
                    *safe = url;
                    true
                }
                Processed::Safe(None) => false,
            },
        };
        if !is_safe {
            return Ok(None);
        }
        last.clear();
        let url = match urllib.urljoin_many_into(page.response_url, bases.response.as_ref(), safe, true, hooks.checks(), last)? {
            Joined::Url => safe.as_str(),
            Joined::Base => page.response_url,
            Joined::Written => last.as_str(),
        };
        Ok(Some((unchanged(url), None)))
    }

    /// `_link_allowed` without the regular expressions: the scheme, domain and extension
    /// filters of a link's URL (`unicode`: the running Python's, for `str.lower`).
    ///
    /// # Errors
    /// What `urlparse(url)` raises.
    pub fn url_allowed<C: Checks>(
        &self,
        urllib: &Urllib,
        url: &str,
        unicode: UnicodeVersion,
        checks: &mut C,
    ) -> Result<bool, UrllibError<C::Error>> {
        self.filters(urllib, url, unicode, true, &Extensions::new(&self.deny_extensions), checks)
    }

    /// [`Extractor::url_allowed`]; without `always_parse`, a URL is not parsed when no filter
    /// needs it (a URL `urljoin` gave, which `urlparse` cannot refuse).
    fn filters<C: Checks>(
        &self,
        urllib: &Urllib,
        url: &str,
        unicode: UnicodeVersion,
        always_parse: bool,
        extensions: &Extensions<'_>,
        checks: &mut C,
    ) -> Result<bool, UrllibError<C::Error>> {
        if !is_valid_url(url) {
            return Ok(false);
        }
        let filters = !self.allow_domains.is_empty() || !self.deny_domains.is_empty() || !self.deny_extensions.is_empty();
        if !filters && !always_parse {
            return Ok(true);
        }
        let parsed = urllib.urlparse(url, "", true, checks)?;
        if !self.allow_domains.is_empty() && !self.allow_domains.matches(&parsed.netloc, unicode) {
            return Ok(false);
        }
        if !self.deny_domains.is_empty() && self.deny_domains.matches(&parsed.netloc, unicode) {
            return Ok(false);
        }
        Ok(!extensions.any_ends(&parsed.path, unicode))
    }

    /// [`Extractor::filters`] of a URL whose parts [`safe_parts`] found: an `http` or
    /// `https` URL (a valid one) with no `;`, whose `urlparse` net_loc is its host and path
    /// its path.
    fn safe_url_filters(&self, url: &str, parts: &SafeParts, unicode: UnicodeVersion, extensions: &Extensions<'_>) -> bool {
        let netloc = &url[parts.host.clone()];
        if !self.allow_domains.is_empty() && !self.allow_domains.matches(netloc, unicode) {
            return false;
        }
        if !self.deny_domains.is_empty() && self.deny_domains.matches(netloc, unicode) {
            return false;
        }
        !extensions.any_ends(&url[parts.path.clone()], unicode)
    }

    /// `matches(url)` without the regular expressions: the domain filters, on
    /// `w3lib.url.parse_url(url).netloc` (w3lib's own splitter, not urllib's); `python`: the
    /// running Python's Unicode version (for `str.lower`) and `int_max_str_digits`.
    ///
    /// # Errors
    /// What `parse_url` raises (a `ValueError`).
    pub fn domains_match(&self, url: &str, python: (UnicodeVersion, usize)) -> Result<bool, W3libError> {
        if self.allow_domains.is_empty() && self.deny_domains.is_empty() {
            return Ok(true);
        }
        let netloc = parse_url_netloc(url, python)?;
        if !self.allow_domains.is_empty() && !self.allow_domains.matches(&netloc, python.0) {
            return Ok(false);
        }
        Ok(self.deny_domains.is_empty() || !self.deny_domains.matches(&netloc, python.0))
    }
}

/// The page's two bases, each split once when it can be.
struct Bases<'a> {
    /// `get_base_url(response)`.
    base: Option<SplitBase<'a>>,
    /// `response.url`.
    response: Option<SplitBase<'a>>,
    /// For `http` and `https`: whether a URL of that scheme can be given back as it is
    /// ([`Bases::gives_back`]): both bases split, and urllib's `uses_netloc` lists it.
    as_is: [bool; 2],
}

impl<'a> Bases<'a> {
    fn new(urllib: &Urllib, page: &Page<'a>) -> Self {
        let base = SplitBase::new(urllib, page.base_url, true);
        let response = SplitBase::new(urllib, page.response_url, true);
        let split = base.is_some() && response.is_some();
        let as_is = ["http", "https"].map(|scheme| split && urllib.schemes().uses_netloc.contains(scheme));
        Self { base, response, as_is }
    }

    /// Whether the pipeline gives `value` back as it is without a `process_value`, and
    /// `urljoin(base_url, value)` is `value` with one: an absolute `http` or `https` URL that
    /// `safe_url_string` keeps as it is (w3lib's twin's own test of that, [`safe_parts`]:
    /// a lower-case scheme, a host of `[a-z0-9.-]`, no empty query or fragment, nothing
    /// `urlsplit` strips or deletes), without a `;` (so no empty `;params` for `urlunparse`
    /// to drop), against bases that split without error or check. Then `urljoin(base, value)`
    /// is `value` itself (another scheme than the base's), or `urlunparse(urlparse(value))`
    /// (the same scheme, a net_loc), which writes back the same text; for both bases.
    /// Its host and path then ([`safe_parts`]).
    fn gives_back(&self, value: &str, safe: &SafeOptions<'_>) -> Option<SafeParts> {
        if !self.as_is[usize::from(value.starts_with("https:"))] || memchr::memchr(b';', value.as_bytes()).is_some() {
            return None;
        }
        safe_parts(value, safe)
    }
}

/// A value's URL, and its parts when [`Bases::gives_back`] found them.
type ValueUrl<'v> = (Cow<'v, str>, Option<SafeParts>);

/// The buffers a value's URL is built in, reused from value to value.
#[derive(Default)]
struct Scratch {
    /// `urljoin(base_url, value)`.
    joined: String,
    /// `safe_url_string(...)` of it.
    safe: String,
    /// `urljoin(response.url, ...)` of that.
    last: String,
}

/// `safe_url_string(url, encoding=...)` into `out`: `false` for a `ValueError` (which Scrapy
/// catches).
fn safe_url<H: Hooks>(url: &str, options: &SafeOptions<'_>, hooks: &H, out: &mut String) -> Result<bool, LinkError<H::Error>> {
    match safe_url_string_into(url, options, out) {
        Ok(()) => Ok(true),
        Err(W3libError::Codec(failure)) if !hooks.codec_value_error(&failure) => Err(LinkError::W3lib(W3libError::Codec(failure))),
        // `ValueError` and its `UnicodeError`s.
        Err(_) => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hooks without Python: urllib's checks pass, `process_value` as given.
    struct Plain(Option<fn(&str) -> Processed>, Lenient);

    impl Hooks for Plain {
        type Error = std::convert::Infallible;
        type Checks = Lenient;
        fn checks(&mut self) -> &mut Self::Checks {
            &mut self.1
        }
        fn is_value_error(&self, _: &Self::Error) -> bool {
            true
        }
        fn process_value(&mut self, url: &str) -> Option<Result<Processed, Self::Error>> {
            self.0.map(|f| Ok(f(url)))
        }
        fn codec_value_error(&self, _: &CodecFailure) -> bool {
            true
        }
    }

    fn run(extractor: &Extractor, values: &[&str], process: Option<fn(&str) -> Processed>) -> Vec<(usize, String, Option<String>)> {
        let urllib = Urllib::cpython(3, 11, 7);
        let options = Options::default();
        let page =
            Page { base_url: "http://example.com/a/b.html", response_url: "http://example.com/a/b.html", safe: SafeOptions::default() };
        let kept = extractor.page_links(&urllib, &options, &page, values.iter().copied(), &mut Plain(process, Lenient));
        kept.unwrap().into_iter().map(|k| (k.index, k.url.into_owned(), k.canonical)).collect()
    }

    #[test]
    fn pipeline() {
        let unicode = UnicodeVersion::default();
        let extractor = Extractor {
            strip: true,
            allow_domains: Domains::new(["Example.com"], unicode),
            deny_domains: Domains::default(),
            deny_extensions: [".pdf".to_owned()].into(),
            canonicalize: true,
            unique: false,
        };
        let values =
            [" c d.html?b=1&a=ä\n", "http://[x/", "x.PDF", "mailto:a@b", "http://other.org/", "http://e.com:99999/", "//www.EXAMPLE.com/"];
        assert_eq!(
            run(&extractor, &values, None),
            [
                (
                    0,
                    "http://example.com/a/c%20d.html?b=1&a=%C3%A4".to_owned(),
                    Some("http://example.com/a/c%20d.html?a=%C3%A4&b=1".to_owned())
                ),
                (6, "http://www.example.com/".to_owned(), Some("http://www.example.com/".to_owned())),
            ]
        );
        let skip_html = |url: &str| if url.ends_with("/a.html") { Processed::Skip } else { Processed::Text(url.replace("www.", "")) };
        let kept = run(&extractor, &["a.html", "//www.example.com/x"], Some(skip_html));
        assert_eq!(kept, [(1, "http://example.com/x".to_owned(), Some("http://example.com/x".to_owned()))]);
    }

    /// `strip`, and no filter, `canonicalize` or `unique`.
    fn no_filters() -> Extractor {
        Extractor {
            strip: true,
            allow_domains: Domains::default(),
            deny_domains: Domains::default(),
            deny_extensions: HashSet::new(),
            canonicalize: false,
            unique: false,
        }
    }

    #[test]
    fn a_url_given_back_unchanged_is_borrowed() {
        let extractor = no_filters();
        let urllib = Urllib::cpython(3, 11, 7);
        let page = Page { base_url: "http://example.com/a/", response_url: "http://example.com/a/", safe: SafeOptions::default() };
        let values = ["http://example.com/x", " http://example.com/x", "x", "http://example.com/y?", "http://example.com/a/"];
        let kept = extractor.page_links(&urllib, &Options::default(), &page, values, &mut Plain(None, Lenient));
        let kept: Vec<_> = kept.unwrap().into_iter().map(|k| (k.index, matches!(k.url, Cow::Borrowed(_)), k.url.into_owned())).collect();
        assert_eq!(
            kept,
            [
                (0, true, "http://example.com/x".to_owned()),
                (1, false, "http://example.com/x".to_owned()),
                (2, false, "http://example.com/a/x".to_owned()),
                (3, false, "http://example.com/y".to_owned()),
                (4, true, "http://example.com/a/".to_owned()),
            ]
        );
    }

    /// The pipeline's URLs, the links given back as they are included, are those of the
    /// steps called one by one: `urljoin`, `safe_url_string`, `urljoin`, the scheme check,
    /// and with filters, [`Extractor::url_allowed`] (which always parses).
    #[test]
    fn every_value_s_url_is_the_steps_answer() {
        let unicode = UnicodeVersion::default();
        let filtered = Extractor {
            allow_domains: Domains::new(["a.com", "example.com", "e.com", "x"], unicode),
            deny_domains: Domains::new(["b.a.com"], unicode),
            deny_extensions: [".pdf", ".p", ".com"].map(str::to_owned).into(),
            ..no_filters()
        };
        let mut values = Vec::new();
        for scheme in ["http://", "https://", "HTTP://", "http:/", "ftp://", "//"] {
            for host in ["a.com", "A.com", "a.com:80", "u@a.com", "a_b.com", "b.a.com", ""] {
                for path in ["", "/", "/p", "/p;", "/p;x", "//q", "/%41", "/a b", "/\u{e4}", "/..", "/x.PDF", "/x.pdf?", "/y.p"] {
                    for query in ["", "?", "?q", "?a=1&b|"] {
                        for fragment in ["", "#", "#f"] {
                            values.push(format!("{scheme}{host}{path}{query}{fragment}"));
                        }
                    }
                }
            }
        }
        values.extend([
            "  http://a.com/x ".to_owned(),
            "\thttp://a.com/".to_owned(),
            "x".to_owned(),
            "x.pdf".to_owned(),
            "x.p#f".to_owned(),
        ]);
        let bases = [
            "http://example.com/a/b",
            "https://example.com/",
            "ftp://x/",
            "HTTP://E.com/x",
            "http://[::1]/",
            "http://\u{e4}.de/",
            "",
            "mailto:x",
        ];
        for (urllib, extractor) in [Urllib::cpython(3, 9, 0), Urllib::cpython(3, 11, 7), Urllib::cpython(3, 14, 0)]
            .into_iter()
            .flat_map(|urllib| [(urllib.clone(), no_filters()), (urllib, filtered.clone())])
        {
            for base in bases {
                let safe = SafeOptions::default();
                let page = Page { base_url: base, response_url: base, safe: safe.clone() };
                let kept =
                    extractor.page_links(&urllib, &Options::default(), &page, values.iter().map(String::as_str), &mut Plain(None, Lenient));
                let got: Vec<(usize, String)> = kept.unwrap().into_iter().map(|k| (k.index, k.url.into_owned())).collect();
                let expected: Vec<(usize, String)> = values
                    .iter()
                    .enumerate()
                    .filter_map(|(index, value)| {
                        let value = value.trim_matches(HTML5_WHITESPACE);
                        let joined = urllib.urljoin(base, value, true, &mut Lenient).ok()?;
                        let safe = crate::twins::w3lib::safe_url_string(&joined, &safe).ok()?;
                        let url = urllib.urljoin(base, &safe, true, &mut Lenient).ok()?.into_owned();
                        extractor.url_allowed(&urllib, &url, unicode, &mut Lenient).unwrap().then_some((index, url))
                    })
                    .collect();
                let first_difference = got.iter().zip(&expected).find(|(a, b)| a != b);
                assert_eq!(first_difference, None, "{base:?}");
                assert_eq!(got.len(), expected.len(), "{base:?}");
            }
        }
    }

    #[test]
    fn unique_keeps_the_first_of_each_url() {
        let mut extractor = Extractor { unique: true, ..no_filters() };
        let values = ["a", "b", " a", "http://example.com/a/a", "b#x", "b"];
        let indexes = |e: &Extractor| run(e, &values, None).into_iter().map(|k| k.0).collect::<Vec<_>>();
        assert_eq!(indexes(&extractor), [0, 1, 4]);
        extractor.unique = false;
        assert_eq!(indexes(&extractor), [0, 1, 2, 3, 4, 5]);
    }
}
