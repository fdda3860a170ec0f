//! Recombination of components into one URL string, RFC 1808 §4 step 7.

/// The six components of a URL to be written out.
pub(crate) struct Parts<'a> {
    pub scheme: &'a str,
    /// `None` when the URL has no `//`; `Some("")` for an empty net_loc (`file:///x`).
    pub netloc: Option<&'a str>,
    pub path: &'a str,
    pub params: &'a str,
    pub query: &'a str,
    pub fragment: &'a str,
}

/// Appends `scheme ":"`, `"//" net_loc`, path, `";" params`, `"?" query`, `"#" fragment`.
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
pub(crate) fn write(out: &mut String, p: &Parts<'_>) {
    write_head(out, p.scheme, p.netloc);
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
    write_tail(out, p.params, p.query, p.fragment);
}

/// Appends what precedes the path: `scheme ":"` and `"//" net_loc`.
pub(crate) fn write_head(out: &mut String, scheme: &str, netloc: Option<&str>) {
    if !scheme.is_empty() {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(netloc) = netloc {
        out.push_str("//");
        out.push_str(netloc);
    }
}

/// Appends what follows the path: the non-empty ones of `";" params`, `"?" query`,
/// `"#" fragment`.
///
/// urllib's `urlunparse` writes its tail the same way (`if query: url += '?' + query`), so
/// the urllib twin ([`crate::urllib`]) uses this too.
pub(crate) fn write_tail(out: &mut String, params: &str, query: &str, fragment: &str) {
    push_delimited(out, ';', params);
    push_delimited(out, '?', query);
    push_delimited(out, '#', fragment);
}

/// Appends `delimiter` and `text` when `text` is not empty.
#[inline]
pub(crate) fn push_delimited(out: &mut String, delimiter: char, text: &str) {
    if !text.is_empty() {
        out.push(delimiter);
        out.push_str(text);
    }
}
