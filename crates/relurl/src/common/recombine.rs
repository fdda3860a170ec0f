//! Writing components back as one URL: the one place that writes `scheme ":"`,
//! `"//" net_loc`, the path and the delimited `";" params`, `"?" query`, `"#" fragment`.
//!
//! Two rule sets use the same pieces: RFC 1808 §4 step 7 ([`write_rfc1808`]: an empty
//! component is an absent one) and RFC 3986 §5.3 ([`write_rfc3986`]: a defined component is
//! written, even empty). The urllib twin (`src/twins/urllib/unsplit.rs`) writes through
//! [`write_head`] and [`write_tail`] as well, with urllib's own rules for the `/` between
//! the net_loc and the path.

/// Appends what precedes the path: `scheme ":"` when there is a scheme, and `"//" net_loc`
/// when there is a net_loc (RFC 3986: authority), even an empty one.
#[inline]
pub(crate) fn write_head(out: &mut String, scheme: Option<&str>, netloc: Option<&str>) {
    if let Some(scheme) = scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(netloc) = netloc {
        out.push_str("//");
        out.push_str(netloc);
    }
}

/// Appends what follows the path: each of `";" params`, `"?" query`, `"#" fragment` that is
/// given, even empty.
#[inline]
pub(crate) fn write_tail(out: &mut String, params: Option<&str>, query: Option<&str>, fragment: Option<&str>) {
    push_delimited(out, ';', params);
    push_delimited(out, '?', query);
    push_delimited(out, '#', fragment);
}

/// `Some(text)` unless `text` is empty: RFC 1808 §2.4.1, §2.4.4 and §2.4.5 make a `#`, `?`
/// or `;` with nothing after it an *empty* component, the same as an absent one (urllib's
/// `if query: url += '?' + query` agrees).
#[inline]
pub(crate) fn non_empty(text: &str) -> Option<&str> {
    (!text.is_empty()).then_some(text)
}

/// Appends `delimiter` and `text` when `text` is given.
#[inline]
fn push_delimited(out: &mut String, delimiter: char, text: Option<&str>) {
    if let Some(text) = text {
        out.push(delimiter);
        out.push_str(text);
    }
}

/// RFC 3986 §5.3: appends the defined components with their delimiters, even when empty.
pub(crate) fn write_rfc3986(
    out: &mut String,
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) {
    write_head(out, scheme, authority);
    out.push_str(path);
    write_tail(out, None, query, fragment);
}

/// The six components of an RFC 1808 URL to be written out, `""` for an empty or absent
/// one.
pub(crate) struct Parts<'a> {
    pub scheme: &'a str,
    /// `None` when the URL has no `//`; `Some("")` for an empty net_loc (`file:///x`).
    pub netloc: Option<&'a str>,
    pub path: &'a str,
    pub params: &'a str,
    pub query: &'a str,
    pub fragment: &'a str,
}

/// RFC 1808 §4 step 7: appends `scheme ":"`, `"//" net_loc`, path, `";" params`,
/// `"?" query`, `"#" fragment`.
///
/// §2.4.1, §2.4.4 and §2.4.5 make a `#`, `?` or `;` with nothing after it an *empty*
/// component, the same as an absent one, so an empty params, query or fragment is not
/// written. A `//` with an empty net_loc is kept: §2.4.3 has no such rule and the §2.2 BNF
/// (`net_path = "//" net_loc [ abs_path ]`, `net_loc = *( … )`) gives it a meaning.
///
/// After a net_loc, whatever follows must be an `abs_path` (§2.2 `net_path = "//" net_loc
/// [ abs_path ]`, `abs_path = "/" rel_path`): a net_loc runs to the next `/` (§2.4.3) and may
/// hold `;` and `?`, so `http://a` with the query `y` is written `http://a/?y`, since
/// `http://a?y` would parse back as the net_loc `a?y`. The `/` precedes an empty path, which
/// stays empty (§2.4.6: the initial slash is not part of the path).
///
/// Every URL written here therefore parses back (§2.4) into the components it was written
/// from, up to `.` segments.
pub(crate) fn write_rfc1808(out: &mut String, p: &Parts<'_>) {
    write_head(out, non_empty(p.scheme), p.netloc);
    let followed = !p.path.is_empty() || !p.params.is_empty() || !p.query.is_empty();
    if p.netloc.is_some() && followed && !p.path.starts_with('/') {
        out.push('/');
    }
    // With no net_loc, a path beginning "//" would read back as a net_loc (the reference
    // `////x`, whose empty net_loc step 3 replaces with the base's, none): a "." segment
    // keeps it a path, as in `crate::segments::merge_into`.
    if p.netloc.is_none() && p.path.starts_with("//") {
        out.push_str("/.");
    }
    out.push_str(p.path);
    write_tail_non_empty(out, p.params, p.query, p.fragment);
}

/// The non-empty ones of `";" params`, `"?" query`,
/// `"#" fragment` (see [`non_empty`]).
#[inline]
pub(crate) fn write_tail_non_empty(out: &mut String, params: &str, query: &str, fragment: &str) {
    write_tail(out, non_empty(params), non_empty(query), non_empty(fragment));
}
