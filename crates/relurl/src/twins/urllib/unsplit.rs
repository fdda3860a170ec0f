//! `urlunsplit`, `urlunparse` and 3.14's `_urlunsplit`: writing components back as one URL.

use super::dialect::{SchemeList, Unsplit};
use crate::common::recombine::{non_empty, write_head, write_tail};

/// The components of `urlunparse`, `""` for an absent one (`urlunsplit` has `params: ""`).
pub(crate) struct Components<'a> {
    pub scheme: &'a str,
    pub netloc: &'a str,
    pub path: &'a str,
    pub params: &'a str,
    pub query: &'a str,
    pub fragment: &'a str,
}

/// The first two characters of what urllib calls `url`: the path, then `;params` when the
/// params are not empty.
#[derive(Clone, Copy)]
pub(crate) struct Head {
    pub empty: bool,
    /// `url[:1] == '/'`
    pub slash: bool,
    /// `url[:2] == '//'`
    pub double_slash: bool,
}

impl Head {
    pub fn of(path: &str, params: &str) -> Self {
        let b = path.as_bytes();
        Self { empty: b.is_empty() && params.is_empty(), slash: b.first() == Some(&b'/'), double_slash: b.starts_with(b"//") }
    }
}

/// Whether `urlunsplit` writes `//` + net_loc before `url` when the net_loc is empty, by
/// `rule`. `netloc_scheme` is `scheme and scheme in uses_netloc`; `path_head` is the head of
/// the path alone (3.14's `urlunparse` looks at it before adding `;params`).
pub(crate) fn authority_for_empty_netloc(rule: Unsplit, netloc_scheme: bool, head: Head, path_head: Head) -> bool {
    match rule {
        // `scheme and scheme in uses_netloc and url[:2] != '//'`
        Unsplit::AddAuthority => netloc_scheme && !head.double_slash,
        // `elif url[:2] == '//'` or `elif scheme and scheme in uses_netloc and (not url or
        // url[:1] == '/')`
        Unsplit::KeepPath => head.double_slash || (netloc_scheme && (head.empty || head.slash)),
        // `netloc = ''` when `scheme in uses_netloc and (not url or url[:1] == '/')` on the
        // path, then `_urlunsplit`'s `elif url[:2] == '//'` on the path with its params.
        Unsplit::KeepPathBeforeParams => (netloc_scheme && (path_head.empty || path_head.slash)) || head.double_slash,
    }
}

/// Appends `urlunparse((scheme, netloc, path, params, query, fragment))` by `rule`.
pub(crate) fn write_unparse(out: &mut String, rule: Unsplit, uses_netloc: &SchemeList, c: &Components<'_>) {
    let head = Head::of(c.path, c.params);
    let authority = !c.netloc.is_empty()
        || authority_for_empty_netloc(rule, !c.scheme.is_empty() && uses_netloc.contains(c.scheme), head, Head::of(c.path, ""));
    out.reserve(c.scheme.len() + c.netloc.len() + c.path.len() + c.params.len() + c.query.len() + c.fragment.len() + 7);
    // `url = scheme + ':' + url`; `url = '//' + netloc + url`
    write_head(out, non_empty(c.scheme), authority.then_some(c.netloc));
    // `if url and url[:1] != '/': url = '/' + url`
    if authority && !head.empty && !head.slash {
        out.push('/');
    }
    out.push_str(c.path);
    // `if params: url += ';' + params`, then the query and the fragment alike.
    write_tail(out, non_empty(c.params), non_empty(c.query), non_empty(c.fragment));
}

/// Appends 3.14's `_urlunsplit(scheme, netloc, url, query, fragment)`, where `None` is an
/// absent component and `Some("")` an empty one that is written (`?` alone).
pub(crate) fn write_defined(
    out: &mut String,
    scheme: Option<&str>,
    netloc: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) {
    let head = Head::of(path, "");
    // `if netloc is not None: ...` / `elif url[:2] == '//': url = '//' + url`
    let netloc = netloc.or(if head.double_slash { Some("") } else { None });
    write_head(out, scheme.and_then(non_empty), netloc);
    if netloc.is_some() && !head.empty && !head.slash {
        out.push('/');
    }
    out.push_str(path);
    write_tail(out, None, query, fragment);
}
