//! Establishing the base URL of a document, RFC 1808 §3 (and its HTML appendix, §10).
//!
//! §3 orders four layers, innermost first, "where the innermost defined base URL has the
//! highest precedence":
//!
//! 1. §3.1, the base embedded in the document's content (the HTML `BASE` element's `href`,
//!    §10) or in the message headers (`Base: <URL:...>`, and HTTP's `Content-Base` and
//!    `Content-Location`);
//! 2. §3.2, the base of the encapsulating entity;
//! 3. §3.3, the URL the document was retrieved from (after redirects, the last one);
//! 4. §3.4, the empty base: references are taken as absolute.
//!
//! A relative value in an inner layer is resolved against the next outer base (§3.1: the
//! message's base "serves as both the base for any relative URLs within the message headers
//! and the default base URL for documents enclosed within the message"). The three headers
//! of §3.1 are taken most specific first (`Base`, `Content-Base`, `Content-Location`), each
//! as a layer of its own.
//!
//! A layer defines no base, and the next outer one is taken, when its value
//!
//! - is empty after stripping ASCII whitespace; or
//! - once resolved, is a URL against which no relative reference can resolve: one with a
//!   scheme but neither a net_loc nor a path starting with `/` (`javascript:...`,
//!   `data:...`, `mailto:...`, `about:blank`, `urn:...`). Such a URL has what the URL
//!   Standard calls an opaque path (a base that "cannot be a base URL": its basic URL
//!   parser fails on any relative reference against it), so a browser never resolves a link
//!   against it, and RFC 1808 §4 would only splice the reference into its opaque text
//!   (`<base href="javascript:alert(1)//">` would make `<a href="x">` the script
//!   `javascript:alert(1)//x`). So `<base href="javascript:...">` on a page retrieved from
//!   `http://a/p` leaves the base `http://a/p` (source [`BaseSource::Retrieval`]), and a page
//!   retrieved from `about:blank` with nothing else has the §3.4 empty base.
//!
//! A `Base` header that is not of the §3.1 form is an error of [`establish_base`];
//! [`crate::links`] skips it instead (as if it were absent) and reports its error beside the
//! links.

use std::borrow::Cow;

use crate::common::any::{resolve_by_spec, AnyUrl};
use crate::common::error::{Error, ErrorKind};
use crate::common::scan::strip_ascii_whitespace;
use crate::common::spec::Spec;
use crate::grammars::rfc1808::parse::parse;
use crate::grammars::whatwg::WhatwgUrl;

/// Which layer of RFC 1808 §3 the base came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BaseSource {
    /// §3.1 and §10: the first HTML `base` element with an `href` attribute.
    HtmlBase,
    /// §3.1: a `Base: <URL:...>` message header.
    BaseHeader,
    /// §3.1: an HTTP `Content-Base` header (RFC 2068 §14.11).
    ContentBase,
    /// §3.1: an HTTP `Content-Location` header (RFC 2616 §14.14).
    ContentLocation,
    /// §3.2: the base of the encapsulating entity.
    Encapsulating,
    /// §3.3: the retrieval URL.
    Retrieval,
    /// §3.4: no base at all; the empty string.
    Empty,
}

impl BaseSource {
    /// A short, stable name: `"html"`, `"base-header"`, `"content-base"`,
    /// `"content-location"`, `"encapsulating"`, `"retrieval"` or `"empty"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::HtmlBase => "html",
            Self::BaseHeader => "base-header",
            Self::ContentBase => "content-base",
            Self::ContentLocation => "content-location",
            Self::Encapsulating => "encapsulating",
            Self::Retrieval => "retrieval",
            Self::Empty => "empty",
        }
    }

    /// Every source, in the order of §3's layers (the names' order in messages).
    pub const ALL: [Self; 7] =
        [Self::HtmlBase, Self::BaseHeader, Self::ContentBase, Self::ContentLocation, Self::Encapsulating, Self::Retrieval, Self::Empty];

    /// The source whose [`BaseSource::name`] is `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|source| source.name() == name)
    }
}

/// What the caller knows about a document, each piece optional.
#[derive(Debug, Clone, Copy, Default)]
pub struct BaseInputs<'a> {
    /// §3.3: the URL the document was retrieved from (after redirects, the last one).
    pub retrieval_url: Option<&'a str>,
    /// The message headers as (name, value) pairs; names are matched case-insensitively and
    /// the first header of a name counts. `Base`, `Content-Base` and `Content-Location` are
    /// read, in that order of precedence.
    pub headers: &'a [(&'a str, &'a str)],
    /// The `href` of the document's first `base` element that has one, as the HTML
    /// tokenizer gives it (character references decoded); ASCII whitespace is stripped here.
    pub html_base_href: Option<&'a str>,
    /// §3.2: the base of the entity the document is enclosed in.
    pub encapsulating_base: Option<&'a str>,
}

/// The base URL and the layer that defined it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EstablishedBase {
    /// The base URL, absolute unless no outer layer could make a relative value absolute.
    pub url: String,
    /// Where it came from.
    pub source: BaseSource,
}

/// Establishes a document's base URL by the precedence of RFC 1808 §3 (see the module
/// documentation: a layer whose value is empty, or names a URL with an opaque path such as
/// `javascript:...`, defines no base, and the next outer layer is taken).
///
/// # Errors
/// A `Base` header that is not of the §3.1 form ([`base_from_header`]), or an input longer
/// than `u32::MAX` bytes.
///
/// # Example
/// ```
/// use relurl::{establish_base, BaseInputs, BaseSource, Spec};
/// let headers = [("Content-Location", "/docs/")];
/// let inputs = BaseInputs {
///     retrieval_url: Some("http://example.com/index.html"),
///     headers: &headers,
///     html_base_href: Some(" sub/ "),
///     ..BaseInputs::default()
/// };
/// let base = establish_base(&inputs, Spec::Rfc1808).unwrap();
/// assert_eq!((base.url.as_str(), base.source), ("http://example.com/docs/sub/", BaseSource::HtmlBase));
/// ```
pub fn establish_base(inputs: &BaseInputs<'_>, spec: Spec) -> Result<EstablishedBase, Error> {
    establish(inputs, spec, BadBaseHeader::Fail, encoding_rs::UTF_8).map(|(base, _)| base)
}

/// What [`establish`] does with a `Base` header that is not of the §3.1 form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BadBaseHeader {
    /// Fail with its error ([`establish_base`]).
    Fail,
    /// Skip it, as if it were absent, and return its error beside the base ([`crate::links`]).
    Skip,
}

/// [`establish_base`], with the choice of what a malformed `Base` header does; with
/// [`BadBaseHeader::Skip`], the error of the header skipped, if any. By the URL Standard,
/// the `<base href>` is parsed with the page's `encoding` (HTML's "frozen base URL" parses
/// it with the document's character encoding: the query of a special URL is encoded in it).
pub(crate) fn establish(
    inputs: &BaseInputs<'_>,
    spec: Spec,
    bad_header: BadBaseHeader,
    encoding: &'static encoding_rs::Encoding,
) -> Result<(EstablishedBase, Option<Error>), Error> {
    // The layers from the outside in; each one that defines a base replaces it, resolved
    // against it. Whether it did, the answer of each.
    let mut base = EstablishedBase { url: String::new(), source: BaseSource::Empty };
    let mut layer = |value: Option<&str>, source: BaseSource| -> Result<bool, Error> {
        let Some(value) = value else { return Ok(false) };
        let value = strip_ascii_whitespace(value);
        if value.is_empty() {
            return Ok(false);
        }
        // `value` resolved against the base so far (RFC 1808 §4 step 1: against the empty
        // base, `value` itself; the URL Standard: parsed without a base). A value the URL
        // Standard rejects defines no base (HTML: the fallback base URL stays).
        let resolved = match spec {
            Spec::Whatwg if source == BaseSource::HtmlBase && encoding != encoding_rs::UTF_8 => {
                let fallback = if base.url.is_empty() { None } else { Some(WhatwgUrl::parse(&base.url)?) };
                WhatwgUrl::parse_with_encoding(value, fallback.as_ref(), encoding).map(String::from)
            }
            Spec::Whatwg if base.url.is_empty() => crate::grammars::whatwg::parse(value).map(String::from),
            _ => resolve_by_spec(&base.url, value, spec),
        };
        let url = match resolved {
            Ok(url) => url,
            Err(e) if matches!(e.kind(), ErrorKind::UrlStandard(_)) => return Ok(false),
            Err(e) => return Err(e),
        };
        if !can_be_a_base(&url, spec)? {
            return Ok(false);
        }
        base = EstablishedBase { url, source };
        Ok(true)
    };
    layer(inputs.retrieval_url, BaseSource::Retrieval)?;
    layer(inputs.encapsulating_base, BaseSource::Encapsulating)?;
    // Of the headers, the most specific one that defines a base: Base, then Content-Base,
    // then Content-Location.
    let header = |name: &str| super::headers::find_header(inputs.headers, name);
    let mut skipped = None;
    let from_base_header = match header("Base").map(base_from_header) {
        None => false,
        Some(Ok(url)) => layer(Some(&url), BaseSource::BaseHeader)?,
        Some(Err(e)) if bad_header == BadBaseHeader::Skip => {
            skipped = Some(e);
            false
        }
        Some(Err(e)) => return Err(e),
    };
    if !from_base_header && !layer(header("Content-Base"), BaseSource::ContentBase)? {
        layer(header("Content-Location"), BaseSource::ContentLocation)?;
    }
    layer(inputs.html_base_href, BaseSource::HtmlBase)?;
    Ok((base, skipped))
}

/// Whether relative references can resolve against `url`: not when it has a scheme and
/// neither a net_loc nor a path starting with `/` (the URL Standard's opaque path; see the
/// module documentation).
fn can_be_a_base(url: &str, spec: Spec) -> Result<bool, Error> {
    let url = AnyUrl::parse_owned(url, spec)?;
    Ok(!url.has_scheme() || url.has_netloc() || url.path().starts_with('/'))
}

/// The warning for a base `url` without a scheme by the grammar of `spec` (RFC 1808 allows
/// a relative base, so it is no error, but what resolves against it stays relative), or
/// `None` when it has one (or the grammar rejects it): `"{what} 'URL' has no scheme;
/// {against} against it as a relative URL"`, with `" (did you mean http://URL?)"` when
/// `http://` before it makes a net_loc with a dot. The one text of `relurl resolve`'s
/// `BASE` warning and of `extract_links`'s `URLWarning`.
///
/// ```
/// use relurl::{relative_base_warning, Spec};
/// assert_eq!(relative_base_warning("http://a/b", Spec::Rfc1808, "BASE", "references resolve"), None);
/// assert_eq!(
///     relative_base_warning("a.com/x", Spec::Rfc1808, "BASE", "references resolve").unwrap(),
///     "BASE 'a.com/x' has no scheme; references resolve against it as a relative URL (did you mean http://a.com/x?)"
/// );
/// ```
pub fn relative_base_warning(url: &str, spec: Spec, what: &str, against: &str) -> Option<String> {
    if AnyUrl::parse_owned(url, spec).ok()?.has_scheme() {
        return None;
    }
    let shown: String = url.chars().flat_map(char::escape_debug).collect();
    let guess = format!("http://{url}");
    let dotted = AnyUrl::parse_owned(guess.as_str(), spec).is_ok_and(|g| g.netloc().contains('.'));
    let hint =
        if !url.starts_with(['/', '.', '?', '#', ';']) && dotted { format!(" (did you mean http://{shown}?)") } else { String::new() };
    Some(format!("{what} '{shown}' has no scheme; {against} against it as a relative URL{hint}"))
}

/// Parses one `Base` header by RFC 1808 §3.1 and returns the base URL it names.
///
/// ```text
/// base-header = "Base" ":" "<URL:" absoluteURL ">"
/// ```
///
/// "where "Base" is case-insensitive and any whitespace (including that used for line
/// folding) inside the angle brackets is ignored". `value` is the field value
/// (`<URL:http://a/b>`) or the whole field (`Base: <URL:http://a/b>`). The `URL:` prefix is
/// matched case-insensitively. The URL must be absolute (have a scheme, §2.4.2).
///
/// # Errors
/// [`ErrorKind::BadBaseHeader`] with the byte offset of the problem and the reason.
///
/// # Example
/// ```
/// assert_eq!(relurl::base_from_header("Base: <URL:http://www.ics.uci.edu/Test/a/b/c>").unwrap(),
///            "http://www.ics.uci.edu/Test/a/b/c");
/// assert_eq!(relurl::base_from_header("<URL: http://a/b\r\n  /c >").unwrap(), "http://a/b/c");
/// assert!(relurl::base_from_header("http://a/b").is_err());
/// ```
pub fn base_from_header(value: &str) -> Result<Cow<'_, str>, Error> {
    let bad = |reason: &'static str, index: usize| Error::new(ErrorKind::BadBaseHeader { reason }, index);
    let bytes = value.as_bytes();
    let mut i = skip_whitespace(bytes, 0);
    // An optional field name: "Base" ":".
    if bytes.len() >= i + 4 && bytes[i..i + 4].eq_ignore_ascii_case(b"base") {
        let after = skip_whitespace(bytes, i + 4);
        if bytes.get(after) == Some(&b':') {
            i = skip_whitespace(bytes, after + 1);
        }
    }
    if bytes.get(i) != Some(&b'<') {
        return Err(bad("expected '<URL:' to open the base header", i));
    }
    let open = i;
    let Some(close) = value[open..].find('>').map(|j| open + j) else {
        return Err(bad("missing '>' to close the base header", value.len()));
    };
    let rest = skip_whitespace(bytes, close + 1);
    if rest < bytes.len() {
        return Err(bad("text after the closing '>'", rest));
    }
    let inside = &value[open + 1..close];
    let compact: Cow<'_, str> = if inside.bytes().any(is_whitespace) {
        Cow::Owned(inside.chars().filter(|c| !c.is_ascii_whitespace()).collect())
    } else {
        Cow::Borrowed(inside)
    };
    if compact.len() < 4 || !compact.as_bytes()[..4].eq_ignore_ascii_case(b"URL:") {
        return Err(bad("expected 'URL:' after '<'", open + 1));
    }
    let url = match compact {
        Cow::Borrowed(s) => Cow::Borrowed(&s[4..]),
        Cow::Owned(s) => Cow::Owned(s[4..].to_owned()),
    };
    if url.is_empty() {
        return Err(bad("the base header names no URL", close));
    }
    if !parse(&url)?.has_scheme() {
        return Err(bad("the base URL must be absolute (RFC 1808 section 3.1: absoluteURL)", open + 1));
    }
    Ok(url)
}

fn is_whitespace(b: u8) -> bool {
    b.is_ascii_whitespace()
}

fn skip_whitespace(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && is_whitespace(bytes[i]) {
        i += 1;
    }
    i
}
