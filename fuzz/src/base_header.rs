//! Target `base_header`: RFC 1808 §3 base establishment, against a literal reading of the
//! §3.1 `Base` header ([`check_base_header`], [`check_base_from_header`]).

use std::borrow::Cow;

use relurl::{base_from_header, establish_base, parse, strip_ascii_whitespace, AnyUrl, BaseInputs, BaseSource, ErrorKind, Spec};

use crate::common::{has_opaque_path, oracle_rfc1808, resolve_by, text};

/// RFC 1808 §3.1's `Base` header read literally, as an independent oracle for
/// [`base_from_header`]: optional leading whitespace and `Base` `:` (case-insensitive),
/// `<`, up to the first `>` with every ASCII whitespace inside dropped, `URL:`
/// (case-insensitive), a non-empty URL with a scheme (§2.4.2), only whitespace after `>`.
pub fn oracle_base_header(s: &str) -> Option<String> {
    let ws = |c: char| c.is_ascii_whitespace();
    let mut t = s.trim_start_matches(ws);
    if t.len() >= 4 && t.as_bytes()[..4].eq_ignore_ascii_case(b"base") {
        if let Some(after) = t[4..].trim_start_matches(ws).strip_prefix(':') {
            t = after.trim_start_matches(ws);
        }
    }
    let (inside, after) = t.strip_prefix('<')?.split_once('>')?;
    if !after.trim_start_matches(ws).is_empty() {
        return None;
    }
    let compact: String = inside.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    if compact.len() < 4 || !compact.as_bytes()[..4].eq_ignore_ascii_case(b"URL:") {
        return None;
    }
    let url = &compact[4..];
    (!url.is_empty() && oracle_rfc1808(url).scheme.is_some()).then(|| url.to_owned())
}

/// `base_from_header` on one value: it answers as [`oracle_base_header`]; a URL is
/// non-empty, without ASCII whitespace or `>`, has a scheme, is the value's characters in
/// order (a slice of it when borrowed), and reads back from `<URL:url>` and `Base:
/// <URL:url>` as itself; an error is a `BadBaseHeader` whose index is within the value, on
/// a char boundary, and at what its reason names.
pub fn check_base_from_header(value: &str) {
    let got = base_from_header(value);
    let ctx = || format!("base_from_header({value:?}) = {got:?}");
    assert_eq!(got.as_deref().ok(), oracle_base_header(value).as_deref(), "{}: the literal reading differs", ctx());
    match &got {
        Ok(url) => {
            assert!(!url.is_empty() && !url.contains(|c: char| c.is_ascii_whitespace() || c == '>'), "{}", ctx());
            assert!(parse(url).expect("parse").has_scheme(), "{}: no scheme", ctx());
            let mut rest = value.chars();
            assert!(url.chars().all(|c| rest.any(|v| v == c)), "{}: not the value's characters in order", ctx());
            if let Cow::Borrowed(slice) = url {
                assert!(value.contains(slice), "{}: borrowed but not a slice", ctx());
            }
            for again in [format!("<URL:{url}>"), format!("Base: <URL:{url}>")] {
                assert_eq!(base_from_header(&again).as_deref(), Ok(&**url), "{}: {again:?} reads back differently", ctx());
            }
        }
        Err(e) => {
            let ErrorKind::BadBaseHeader { reason } = e.kind() else { panic!("{}: not a BadBaseHeader", ctx()) };
            assert!(e.offset() <= value.len() && value.is_char_boundary(e.offset()), "{}: offset {}", ctx(), e.offset());
            let (before, at) = value.split_at(e.offset());
            let fits = if reason.starts_with("expected '<URL:'") {
                !at.starts_with('<')
            } else if reason.starts_with("missing '>'") {
                at.is_empty()
            } else if reason.starts_with("text after") {
                at.starts_with(|c: char| !c.is_ascii_whitespace()) && before.contains('>')
            } else if reason.starts_with("expected 'URL:'") || reason.starts_with("the base URL must be absolute") {
                before.ends_with('<')
            } else if reason.starts_with("the base header names no URL") {
                at.starts_with('>')
            } else {
                true
            };
            assert!(fits, "{}: {reason:?} at {at:?}", ctx());
        }
    }
}

/// Target `base_header`: `flags` then NUL-separated fields. Bit 0 of `flags` chooses the
/// spec (RFC 1808, RFC 3986); bits 1, 2, 3 say whether the retrieval URL, the
/// encapsulating base and the HTML `<base href>` are given, each taking the next field in
/// that order; every other field is a header `name:value` (split at the first `:`).
///
/// - [`check_base_from_header`] on the whole text and on every field and header value;
/// - `establish_base` fails exactly when the first `Base` header is not of the §3.1 form,
///   with `base_from_header`'s error;
/// - otherwise its URL and source are those of the layers taken from the outside in
///   (retrieval, encapsulating, the most specific header that defines a base, HTML): a
///   layer defines the base when it is non-empty (after stripping ASCII whitespace) and,
///   resolved against the base so far with `resolve` / `rfc3986::resolve`, is not a URL with
///   an opaque path (a scheme, no net_loc, a path not starting with `/`);
/// - its URL never has an opaque path, and has the scheme of the innermost layer taken
///   that has one; in RFC 1808, it has none when no layer taken has one.
pub fn check_base_header(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else { return };
    let spec = if flags & 1 == 0 { Spec::Rfc1808 } else { Spec::Rfc3986 };
    let text = text(rest);
    let text: &str = &text;
    check_base_from_header(text);
    let mut fields = text.split('\0');
    let mut take = |bit: u8| if flags & bit != 0 { fields.next() } else { None };
    let retrieval_url = take(2);
    let encapsulating_base = take(4);
    let html_base_href = take(8);
    let headers: Vec<(&str, &str)> = fields.map(|f| f.split_once(':').unwrap_or((f, ""))).collect();
    if text.contains('\0') {
        for field in text.split('\0') {
            check_base_from_header(field);
        }
    }
    for (_, value) in &headers {
        check_base_from_header(value);
    }

    let inputs = BaseInputs { retrieval_url, headers: &headers, html_base_href, encapsulating_base };
    let result = establish_base(&inputs, spec);
    let ctx = || format!("{spec}: establish_base({inputs:?}) = {result:?}");

    let header = |name: &str| headers.iter().find(|(n, _)| n.trim().eq_ignore_ascii_case(name)).map(|(_, v)| *v);
    let base_header = match header("Base").map(base_from_header) {
        None => None,
        Some(Ok(url)) => Some(url),
        Some(Err(e)) => return assert_eq!(result, Err(e), "{}: not the Base header's error", ctx()),
    };
    // Groups of layers from the outside in; of each group, the first that defines a base.
    let groups: [Vec<(Cow<'_, str>, BaseSource)>; 4] = [
        retrieval_url.map(|v| (Cow::Borrowed(v), BaseSource::Retrieval)).into_iter().collect(),
        encapsulating_base.map(|v| (Cow::Borrowed(v), BaseSource::Encapsulating)).into_iter().collect(),
        [
            base_header.map(|v| (v, BaseSource::BaseHeader)),
            header("Content-Base").map(|v| (Cow::Borrowed(v), BaseSource::ContentBase)),
            header("Content-Location").map(|v| (Cow::Borrowed(v), BaseSource::ContentLocation)),
        ]
        .into_iter()
        .flatten()
        .collect(),
        html_base_href.map(|v| (Cow::Borrowed(v), BaseSource::HtmlBase)).into_iter().collect(),
    ];

    let (mut url, mut source, mut scheme) = (String::new(), BaseSource::Empty, None);
    for group in &groups {
        for (value, from) in group {
            let value = strip_ascii_whitespace(value);
            if value.is_empty() {
                continue;
            }
            let resolved = resolve_by(spec, &url, value);
            if has_opaque_path(&resolved, spec) {
                continue;
            }
            url = resolved;
            source = *from;
            let v = AnyUrl::parse_owned(value, spec).expect("parse");
            if v.has_scheme() {
                scheme = Some(v.scheme().to_owned());
            }
            break;
        }
    }
    let base = result.as_ref().unwrap_or_else(|e| panic!("{}: fails without a bad Base header: {e}", ctx()));
    assert_eq!((base.url.as_str(), base.source), (url.as_str(), source), "{}: not the layers resolved in turn", ctx());
    assert!(!has_opaque_path(&base.url, spec), "{}: a base with an opaque path", ctx());
    let p = AnyUrl::parse_owned(base.url.as_str(), spec).expect("parse");
    match &scheme {
        Some(s) => assert_eq!(p.scheme_if_any(), Some(s.as_str()), "{}: not the innermost scheme {s:?}", ctx()),
        None if spec == Spec::Rfc1808 => assert!(!p.has_scheme(), "{}: a scheme from no layer", ctx()),
        None => {}
    }
}

trait SchemeIfAny {
    fn scheme_if_any(&self) -> Option<&str>;
}

impl<S: AsRef<str>> SchemeIfAny for AnyUrl<S> {
    fn scheme_if_any(&self) -> Option<&str> {
        self.has_scheme().then(|| self.scheme())
    }
}
