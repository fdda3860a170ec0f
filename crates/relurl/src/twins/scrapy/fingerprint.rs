//! `scrapy.utils.request.fingerprint` of Scrapy 2.19: the SHA-1 of the JSON text of a
//! request's method, URL, body and included headers.
//!
//! Scrapy builds the dictionary
//! `{"method": method, "url": url, "body": body.hex(), "headers": {name.hex(): [value.hex(),
//! ...]}}`, where `url` is `canonicalize_url(request.url, keep_fragments=keep_fragments)`, or
//! `request.url` as it is for a request whose meta has `verbatim_url`, writes it with
//! `json.dumps(..., sort_keys=True)` (so `body`, `headers`, `method`, `url`, each header in
//! the order of its name's hex, which is the order of its name's bytes; `", "` and `": "`
//! between items; `ensure_ascii`) and hashes the UTF-8 (here ASCII) of that text.
//!
//! The per-request cache and the choice of the included headers (their names lowered and
//! looked up in the request's `Headers`) are work on Scrapy's objects: relurl's Python module
//! (`relurl.scrapy.fingerprint`) does them, and gives the core the names and values found.

use super::json::{needs_escape, push_hex, write_str, Text};
use crate::twins::w3lib::{canonicalize_url_into, Options, W3libError};

/// The URL of a request, as the fingerprint takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestUrl<'a> {
    /// `request.url` of a request without `verbatim_url`: the fingerprint holds its
    /// `canonicalize_url` by the [`Options`] given (Scrapy passes only `keep_fragments`).
    Canonicalize(&'a str),
    /// The URL as it is: `request.url` of a request with `verbatim_url` (any Python text,
    /// lone surrogates included), or a URL canonicalized already.
    AsIs(Text<'a>),
    /// JSON text, written as it is: the `json.dumps` of a verbatim `request.url` that is not
    /// text (Scrapy's `json.dumps` writes whatever the attribute holds: a number, `null`, a
    /// list), which only the binding's language can write.
    Json(&'a str),
}

/// One included header that the request has: its name as Scrapy lowers it (`bytes`) and its
/// values (`request.headers.getlist(name)`, in their order).
pub type Header<'a> = (&'a [u8], &'a [&'a [u8]]);

/// What the fingerprint of a request is made of.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// `request.method` (Python text).
    pub method: Text<'a>,
    /// `request.url`, and whether it is canonicalized.
    pub url: RequestUrl<'a>,
    /// `request.body` (`b""` for none).
    pub body: &'a [u8],
    /// The included headers the request has, in any order; a name given twice counts once,
    /// with its last values (Scrapy's dictionary keeps one entry per name).
    pub headers: &'a [Header<'a>],
}

/// The text Scrapy hashes: `json.dumps(fingerprint_data, sort_keys=True)`.
///
/// # Errors
/// The exception `canonicalize_url` raises for the URL ([`W3libError`]).
///
/// ```
/// use relurl::scrapy::{fingerprint_json, Request, RequestUrl, Text};
/// use relurl::w3lib::Options;
/// let request = Request { method: Text::from("GET"), url: RequestUrl::Canonicalize("http://A.org/?b=1&a"), body: b"", headers: &[] };
/// let json = fingerprint_json(&request, &Options::default()).unwrap();
/// assert_eq!(json, r#"{"body": "", "headers": {}, "method": "GET", "url": "http://a.org/?a=&b=1"}"#);
/// ```
pub fn fingerprint_json(request: &Request<'_>, options: &Options<'_>) -> Result<String, W3libError> {
    let mut out = String::new();
    fingerprint_json_into(request, options, &mut out)?;
    Ok(out)
}

/// [`fingerprint_json`] appended to `out` (`out` may hold part of it on an error).
///
/// # Errors
/// As [`fingerprint_json`].
pub fn fingerprint_json_into(request: &Request<'_>, options: &Options<'_>, out: &mut String) -> Result<(), W3libError> {
    let url_room = match request.url {
        RequestUrl::Canonicalize(url) => url.len() + url.len() / 4 + 8,
        RequestUrl::AsIs(text) => text.as_bytes().len(),
        RequestUrl::Json(json) => json.len(),
    };
    out.reserve(64 + 2 * request.body.len() + request.method.as_bytes().len() + url_room);
    out.push_str("{\"body\": \"");
    push_hex(request.body, out);
    out.push_str("\", \"headers\": {");
    write_headers(request.headers, out);
    out.push_str("}, \"method\": ");
    write_str(request.method, out);
    out.push_str(", \"url\": ");
    match request.url {
        RequestUrl::AsIs(text) => write_str(text, out),
        RequestUrl::Json(json) => out.push_str(json),
        RequestUrl::Canonicalize(url) => {
            // Canonicalized straight into `out`, between quotes; escaped afterwards in the
            // rare case it needs it (canonical URLs are printable ASCII, `"` and `\` aside).
            out.push('"');
            let start = out.len();
            canonicalize_url_into(url, options, out)?;
            if needs_escape(&out.as_bytes()[start..]) {
                let canonical = out.split_off(start);
                out.pop();
                write_str(Text::from(canonical.as_str()), out);
            } else {
                out.push('"');
            }
        }
    }
    out.push('}');
    Ok(())
}

/// The `headers` dictionary's items: by name, a name once (its last values).
fn write_headers(headers: &[Header<'_>], out: &mut String) {
    if headers.is_empty() {
        return;
    }
    let mut order: Vec<usize> = (0..headers.len()).collect();
    // Stable: of equal names, the last given comes last, and is the one kept.
    order.sort_by(|&a, &b| headers[a].0.cmp(headers[b].0));
    let mut first = true;
    for (k, &i) in order.iter().enumerate() {
        let (name, values) = headers[i];
        if order.get(k + 1).is_some_and(|&next| headers[next].0 == name) {
            continue;
        }
        if !first {
            out.push_str(", ");
        }
        first = false;
        out.push('"');
        push_hex(name, out);
        out.push_str("\": [");
        for (j, value) in values.iter().enumerate() {
            if j > 0 {
                out.push_str(", ");
            }
            out.push('"');
            push_hex(value, out);
            out.push('"');
        }
        out.push(']');
    }
}

/// `scrapy.utils.request.fingerprint(request, ...)`: the SHA-1 digest of
/// [`fingerprint_json`]'s text.
///
/// # Errors
/// As [`fingerprint_json`].
///
/// ```
/// use relurl::scrapy::{fingerprint, Request, RequestUrl, Text};
/// use relurl::w3lib::Options;
/// // The first row of Scrapy 2.19's `known_hashes` (tests/test_utils_request.py).
/// let request = Request { method: Text::from("GET"), url: RequestUrl::Canonicalize("http://example.org"), body: b"", headers: &[] };
/// let digest = fingerprint(&request, &Options::default()).unwrap();
/// assert_eq!(&digest, b"xs\xd7\x0c3uj\x15\xfe\xd7d\x9b\xa9\t\xe0d\xbf\x9cXD");
/// ```
pub fn fingerprint(request: &Request<'_>, options: &Options<'_>) -> Result<[u8; 20], W3libError> {
    let mut json = String::new();
    fingerprint_json_into(request, options, &mut json)?;
    Ok(sha1(json.as_bytes()))
}

/// The SHA-1 digest of `data`.
fn sha1(data: &[u8]) -> [u8; 20] {
    use sha1::Digest as _;
    sha1::Sha1::digest(data).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request<'a>(method: &'a str, url: RequestUrl<'a>, body: &'a [u8], headers: &'a [Header<'a>]) -> Request<'a> {
        Request { method: Text::from(method), url, body, headers }
    }

    fn json(request: &Request<'_>, keep_fragments: bool) -> String {
        fingerprint_json(request, &Options { keep_fragments, ..Options::default() }).unwrap()
    }

    #[test]
    fn the_text_scrapy_hashes() {
        // json.dumps({"method": "POST", "url": canonicalize_url("https://example.org#a"),
        //             "body": b"a".hex(), "headers": {}}, sort_keys=True)
        let r = request("POST", RequestUrl::Canonicalize("https://example.org#a"), b"a", &[]);
        assert_eq!(json(&r, false), r#"{"body": "61", "headers": {}, "method": "POST", "url": "https://example.org/"}"#);
        assert_eq!(json(&r, true), r#"{"body": "61", "headers": {}, "method": "POST", "url": "https://example.org/#a"}"#);
    }

    #[test]
    fn headers_by_name_each_once_with_its_last_values() {
        let headers: &[Header<'_>] = &[(b"x-b", &[b"2", b"3"]), (b"a", &[b"1"]), (b"x-b", &[b"4"]), (b"e", &[])];
        let r = request("GET", RequestUrl::AsIs(Text::from("u")), b"", headers);
        assert_eq!(json(&r, false), r#"{"body": "", "headers": {"61": ["31"], "65": [], "782d62": ["34"]}, "method": "GET", "url": "u"}"#);
    }

    #[test]
    fn a_verbatim_url_is_escaped_as_json_escapes_it() {
        let r = request("G\u{e9}T", RequestUrl::AsIs(Text::from_surrogatepass(b"http://a/\"\\\n\xed\xb2\x80?b&a#f")), b"", &[]);
        assert_eq!(json(&r, false), r#"{"body": "", "headers": {}, "method": "G\u00e9T", "url": "http://a/\"\\\n\udc80?b&a#f"}"#);
    }

    #[test]
    fn a_verbatim_url_given_as_json_text() {
        // json.dumps({..., "url": 5}, sort_keys=True) for a request whose `url` is the int 5.
        let r = request("GET", RequestUrl::Json("5"), b"", &[]);
        assert_eq!(json(&r, false), r#"{"body": "", "headers": {}, "method": "GET", "url": 5}"#);
    }

    #[test]
    fn a_canonical_url_that_needs_escapes() {
        // canonicalize_url('http://a"b\x7f/') is 'http://a"b\x7f/' (w3lib keeps the host's `"`
        // and DEL).
        let r = request("GET", RequestUrl::Canonicalize("http://a\"b\x7f/"), b"", &[]);
        assert_eq!(json(&r, false), r#"{"body": "", "headers": {}, "method": "GET", "url": "http://a\"b\u007f/"}"#);
    }

    #[test]
    fn known_hashes() {
        // Rows of Scrapy 2.19's `known_hashes` (tests/test_utils_request.py).
        let a: &[Header<'_>] = &[(b"a", &[b"B"])];
        let rows: [(Request<'_>, bool, &[u8; 20]); 3] = [
            (
                request("POST", RequestUrl::Canonicalize("https://example.org"), b"a", &[]),
                false,
                b"5`\xe2y4\xd0\x9d\xee\xe0\xbatw\x87Q\xe8O\xd78\xfc\xe7",
            ),
            (
                request("GET", RequestUrl::Canonicalize("https://example.org#a"), b"", a),
                false,
                b"]\xc7\x1f\xf2\xafG2\xbc\xa4\xfa\x99\n33\xda\x18\x94\x81U.",
            ),
            (
                request("GET", RequestUrl::Canonicalize("https://example.org#a"), b"", a),
                true,
                b"\xc1\xef~\x94\x9bS\xc1\x83\t\xdcz8\x9f\xdc{\x11\x16I.\x11",
            ),
        ];
        for (r, keep_fragments, expected) in rows {
            assert_eq!(&fingerprint(&r, &Options { keep_fragments, ..Options::default() }).unwrap(), expected);
        }
    }

    #[test]
    fn canonicalize_url_s_error() {
        let r = request("GET", RequestUrl::Canonicalize("http://a:99999/"), b"", &[]);
        assert!(matches!(fingerprint(&r, &Options::default()), Err(W3libError::Value(_))));
    }
}
