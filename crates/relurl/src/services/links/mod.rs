//! Every link of an HTML page, resolved against the page's base URL.
//!
//! [`extract_links`] (a `&str` page) and [`extract_links_from_bytes`] (bytes in the page's
//! encoding, `links/encoding.rs`) read the page once with an HTML tokenizer
//! (`links/tokenize.rs`), take these attributes in document order, and resolve each
//! against the base:
//!
//! | elements | attribute |
//! |---|---|
//! | `a`, `area`, `link` | `href` |
//! | `link` | `imagesrcset`: as `srcset` |
//! | `img`, `script`, `iframe`, `frame`, `embed`, `source`, `audio`, `video`, `track`, `input` | `src` |
//! | `video` | `poster` |
//! | `input`, `button` | `formaction` |
//! | `form` | `action` |
//! | `blockquote`, `q`, `ins`, `del` | `cite` |
//! | `img`, `source` | `srcset`: one link per image candidate (`links/srcset.rs`) |
//! | `object` | `data` |
//! | `meta http-equiv=refresh` | `content`: the URL after `url=` (`links/refresh.rs`) |
//!
//! For one element the attributes are reported in the order `href`, `imagesrcset` (`link`);
//! `src`, `poster` (`video`); `src`, `formaction` (`input`); `src`, `srcset`. A link of an
//! `a`, `area` or `link` element carries the element's `rel` tokens ([`Link::rel`]).
//!
//! Values are the DOM's: character references decoded, CR LF and CR made LF, NUL made
//! U+FFFD (`links/value.rs`); a URL is then stripped of leading and trailing ASCII
//! whitespace, as the HTML standard does before it parses one (§2.5.1 "valid URL
//! potentially surrounded by spaces"). The base is established by RFC 1808 §3 ([`crate::establish_base`]) with the
//! `href` of the first `<base>` element that has one, wherever it stands (HTML §4.2.3), is
//! parsed once, and every link is resolved against it by the chosen [`Spec`]. A `Base`
//! header that is not of the §3.1 form is skipped (the next layer defines the base) and
//! its error is returned with the links ([`PageLinks::skipped_base_header`]).
//!
//! A page is read whole or not at all: the only errors are those of the base's layers and
//! [`crate::ErrorKind::HtmlTokenizer`], never a partial list.

mod encoding;
mod prescan;
mod refresh;
mod srcset;
mod tokenize;
mod value;

pub use value::Special;

use std::sync::Arc;

use encoding_rs::Encoding;

use crate::common::any::AnyUrl;
use crate::common::error::{Error, ErrorKind};
use crate::common::scan::strip_ascii_whitespace;
use crate::common::spec::Spec;
use crate::services::base::{establish, BadBaseHeader, BaseInputs, EstablishedBase};
use tokenize::{find_links, Found, Kind};

/// One link of a page.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Link {
    /// The absolute URL: `raw`, stripped of ASCII whitespace, resolved against the base.
    pub url: String,
    /// The element it came from, lower case (`"a"`, `"img"`, ...).
    pub tag: &'static str,
    /// The attribute it came from (`"href"`, `"srcset"`, ...).
    pub attr: &'static str,
    /// The value as the DOM has it (character references decoded, not stripped). For a
    /// `srcset`, one candidate's URL; for a refresh, the URL part of `content`.
    pub raw: String,
    /// Whether it is a `javascript:`, `mailto:`, `data:` or fragment-only link: by its raw
    /// value ([`Special::of`]), else by its `url` (a link is never a `javascript:` URL
    /// unflagged, whatever the base).
    pub special: Option<Special>,
    /// The `rel` attribute's tokens for an `a`, `area` or `link` element (HTML §4.6.7, link
    /// types): split on ASCII whitespace, ASCII-lower-cased, each once, in order (the
    /// DOM's `relList`); empty for other elements and without `rel`. Tells
    /// `<link rel=canonical>`, `rel=nofollow` and stylesheets apart. One list for all the
    /// links of an element (the candidates of a `srcset`, say), shared.
    pub rel: Arc<[String]>,
}

/// How to extract.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// The rules to resolve by.
    pub spec: Spec,
    /// Leave out the links flagged [`Special`].
    pub skip_special: bool,
}

/// A page's links and the base they were resolved against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageLinks {
    /// The links, in document order (for one element, in the order of the table above).
    pub links: Vec<Link>,
    /// The base URL and where it came from.
    pub base: EstablishedBase,
    /// The error of a `Base` header that is not of the RFC 1808 §3.1 form, which was skipped
    /// (the next layer defined the base); its index is in the header's value.
    pub skipped_base_header: Option<Error>,
}

/// The links of the page `html`, retrieved from `url` with the message `headers` (for
/// `Base`, `Content-Base`, `Content-Location`, RFC 1808 §3.1).
///
/// Malformed markup is read as a browser reads it, and a malformed `Base` header is
/// skipped ([`PageLinks::skipped_base_header`]).
///
/// # Errors
/// [`crate::ErrorKind::TooLong`] for a value longer than `u32::MAX` bytes, and
/// [`crate::ErrorKind::HtmlTokenizer`] if the tokenizer fails (never seen: the page is then
/// not read at all, rather than read in part).
///
/// # Example
/// ```
/// use relurl::links::{extract_links, Options, Special};
/// let html = r#"<a href=" ../x?a=1&amp;b=2 ">x</a><base href="/docs/"><a href="mailto:me@example.com">"#;
/// let page = extract_links(html, "http://example.com/a/b.html", &[], Options::default()).unwrap();
/// let urls: Vec<&str> = page.links.iter().map(|l| l.url.as_str()).collect();
/// assert_eq!(urls, ["http://example.com/x?a=1&b=2", "mailto:me@example.com"]);
/// assert_eq!(page.links[0].raw, " ../x?a=1&b=2 ");
/// assert_eq!(page.links[1].special, Some(Special::Mailto));
/// ```
pub fn extract_links(html: &str, url: &str, headers: &[(&str, &str)], options: Options) -> Result<PageLinks, Error> {
    let found = find_links(html.as_bytes(), encoding_rs::UTF_8)?;
    resolve_links(found, encoding_rs::UTF_8, url, headers, options)
}

/// [`extract_links`] for a page given as bytes: by the URL Standard ([`Spec::Whatwg`]), the
/// query of a link to a special URL is percent-encoded in the page's encoding, as a browser
/// requests it (HTML's "encoding-parse a URL"). The encoding is the byte order mark's, else
/// the `Content-Type` header's `charset`, else the one HTML's prescan of the first 1024
/// bytes finds (`<meta charset>`, `<meta http-equiv=content-type>`), else UTF-8; a later
/// `<meta>` that declares another encoding has the page read again in it; malformed
/// sequences become U+FFFD (`src/services/links/encoding.rs`).
///
/// # Errors
/// As [`extract_links`].
pub fn extract_links_from_bytes(html: &[u8], url: &str, headers: &[(&str, &str)], options: Options) -> Result<PageLinks, Error> {
    let (found, encoding) = find_links_in_bytes(html, headers)?;
    resolve_links(found, encoding, url, headers, options)
}

/// The `href` of the first `base` element of the page that has one (RFC 1808 §10, in tree
/// order, wherever it stands), as the DOM gives it: what [`extract_links`] passes to
/// [`crate::establish_base`] as `html_base_href`.
///
/// # Errors
/// [`crate::ErrorKind::HtmlTokenizer`], as [`extract_links`].
pub fn first_base_href(html: &str) -> Result<Option<String>, Error> {
    Ok(find_links(html.as_bytes(), encoding_rs::UTF_8)?.base_href)
}

/// [`first_base_href`] for a page given as bytes, decoded as [`extract_links_from_bytes`]
/// decodes it.
///
/// # Errors
/// As [`first_base_href`].
pub fn first_base_href_from_bytes(html: &[u8], headers: &[(&str, &str)]) -> Result<Option<String>, Error> {
    Ok(find_links_in_bytes(html, headers)?.0.base_href)
}

/// Reads a page given as bytes ([`encoding`]): the links, and the page's encoding.
fn find_links_in_bytes(html: &[u8], headers: &[(&str, &str)]) -> Result<(Found, &'static Encoding), Error> {
    let sniffed = encoding::sniff(html, headers);
    let found = find_links_in(sniffed.body, sniffed.encoding)?;
    if sniffed.tentative {
        if let Some(new) = found.meta_encoding.and_then(|declared| encoding::change_to(sniffed.encoding, declared)) {
            return Ok((find_links_in(sniffed.body, new)?, new));
        }
    }
    Ok((found, sniffed.encoding))
}

fn find_links_in(body: &[u8], encoding: &'static Encoding) -> Result<Found, Error> {
    match encoding::readable(body, encoding) {
        Ok(bytes) => find_links(bytes, encoding),
        Err(text) => find_links(text.as_bytes(), encoding_rs::UTF_8),
    }
}

/// Establishes the base, parses it once, and resolves every link against it; by the URL
/// Standard, with the page's `encoding` (HTML's "encoding-parse a URL": the query of a
/// special URL is percent-encoded in it).
fn resolve_links(
    found: Found,
    encoding: &'static Encoding,
    url: &str,
    headers: &[(&str, &str)],
    options: Options,
) -> Result<PageLinks, Error> {
    let inputs = BaseInputs { retrieval_url: Some(url), headers, html_base_href: found.base_href.as_deref(), encapsulating_base: None };
    let (established, skipped_base_header) = establish(&inputs, options.spec, BadBaseHeader::Skip, encoding)?;
    // The URL Standard has no empty base: when no layer gives one (a retrieval URL it
    // cannot parse, an opaque one, none), each link is parsed on its own (§4.4 with a null
    // base): an absolute one is kept, a relative one fails and is left out, as below.
    let base = match AnyUrl::parse_owned(established.url.as_str(), options.spec) {
        Ok(base) => Some(base),
        Err(_) if options.spec == Spec::Whatwg && established.url.is_empty() => None,
        Err(e) => return Err(e),
    };
    let join = |reference: &str| match &base {
        Some(base) => base.join_with_encoding(reference, encoding),
        None => crate::grammars::whatwg::WhatwgUrl::parse_with_encoding(reference, None, encoding).map(|url| url.as_str().to_owned()),
    };
    let mut links = Vec::with_capacity(found.links.len());
    let mut push = |tag, attr, raw: String, rel: &Arc<[String]>| -> Result<(), Error> {
        let stripped = strip_ascii_whitespace(&raw);
        let special = Special::of(stripped);
        if options.skip_special && special.is_some() {
            return Ok(());
        }
        let url = match join(stripped) {
            Ok(url) => url,
            // A value the URL Standard rejects is no link a browser can follow.
            Err(e) if matches!(e.kind(), ErrorKind::UrlStandard(_)) => return Ok(()),
            Err(e) => return Err(e),
        };
        // A relative value takes the base's scheme: `g` against `javascript://x/` is a
        // `javascript:` URL (a base with an opaque path is never established).
        let special = special.or_else(|| Special::of(&url));
        if options.skip_special && special.is_some() {
            return Ok(());
        }
        links.push(Link { url, tag, attr, raw, special, rel: Arc::clone(rel) });
        Ok(())
    };
    for link in found.links {
        match link.kind {
            Kind::Url => push(link.tag, link.attr, link.value, &link.rel)?,
            Kind::Srcset => {
                for candidate in srcset::srcset_urls(&link.value) {
                    push(link.tag, link.attr, candidate.to_owned(), &link.rel)?;
                }
            }
            Kind::Refresh => {
                if let Some(target) = refresh::refresh_url(&link.value) {
                    push(link.tag, link.attr, target.to_owned(), &link.rel)?;
                }
            }
        }
    }
    Ok(PageLinks { links, base: established, skipped_base_header })
}
