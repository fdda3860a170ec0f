//! `surt/IAURLCanonicalizer.py`: case, `www` prefixes, default ports, session ids, query
//! order.

use super::handyurl::HandyUrl;
use super::transform::{strip_path_session_id, strip_query_session_id};
use super::IaOptions;

/// `IAURLCanonicalizer.canonicalize(url, **options)`.
pub(super) fn canonicalize(url: &mut HandyUrl, options: &IaOptions) {
    if let Some(host) = url.host.as_mut().filter(|h| !h.is_empty()) {
        if options.host_lowercase {
            host.make_ascii_lowercase();
        }
        // "java version calls massageHost regardless of scheme"
        if options.host_massage && url.scheme != b"dns" {
            let n = www_prefix_len(host);
            host.drain(..n);
        }
    }
    if options.port_strip_default && !url.scheme.is_empty() && url.port == Some(default_port(&url.scheme)) {
        url.port = None;
    }

    if options.path_strip_empty && url.path.as_deref() == Some(b"/") {
        url.path = None;
    } else {
        let mut path = url.path.take();
        if let Some(p) = path.as_mut().filter(|p| !p.is_empty()) {
            if options.path_lowercase {
                p.make_ascii_lowercase();
            }
            if options.path_strip_session_id {
                if let Some(stripped) = strip_path_session_id(p) {
                    *p = stripped;
                }
            }
        }
        if options.path_strip_empty && path.as_deref() == Some(b"/") {
            path = None;
        }
        if let Some(p) = path.as_mut() {
            if options.path_strip_trailing_slash_unless_empty && p.len() > 1 && p.ends_with(b"/") {
                p.pop();
            }
        }
        url.path = path;
    }

    match url.query.take() {
        Some(mut query) if !query.is_empty() => {
            if options.query_strip_session_id {
                strip_query_session_id(&mut query);
            }
            if options.query_lowercase {
                query.make_ascii_lowercase();
            }
            if options.query_alpha_reorder && query.contains(&b'&') {
                query = alpha_reorder_query(&query);
            }
            url.query = (!(query.is_empty() && options.query_strip_empty)).then_some(query);
        }
        query => {
            url.query = query;
            if options.query_strip_empty {
                url.last_delimiter = false;
            }
        }
    }
}

/// `alphaReorderQuery(orig)`: the `&`-separated parameters sorted as tuples (the name, then
/// the value after the first `=`; a parameter without `=` before one with an empty value),
/// joined again.
pub(super) fn alpha_reorder_query(orig: &[u8]) -> Vec<u8> {
    if orig.len() <= 1 {
        return orig.to_vec();
    }
    let mut args: Vec<(&[u8], Option<&[u8]>)> = orig
        .split(|&b| b == b'&')
        .map(|arg| match arg.iter().position(|&b| b == b'=') {
            Some(i) => (&arg[..i], Some(&arg[i + 1..])),
            None => (arg, None),
        })
        .collect();
    args.sort_unstable();
    let mut out = Vec::with_capacity(orig.len());
    for (i, (name, value)) in args.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(name);
        if let Some(value) = value {
            out.push(b'=');
            out.extend_from_slice(value);
        }
    }
    out
}

/// The length of `_RE_WWWDIGITS.match(host)` (`www\d*\.`), 0 without a match
/// (`massageHost`).
fn www_prefix_len(host: &[u8]) -> usize {
    let Some(rest) = host.strip_prefix(b"www") else { return 0 };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if rest.get(digits) == Some(&b'.') {
        3 + digits + 1
    } else {
        0
    }
}

/// `getDefaultPort(scheme)`: 80 for `http`, 443 for `https` (any case), else 0, which no
/// parsed port equals (a port 0 is no port).
fn default_port(scheme: &[u8]) -> u32 {
    if scheme.eq_ignore_ascii_case(b"http") {
        80
    } else if scheme.eq_ignore_ascii_case(b"https") {
        443
    } else {
        0
    }
}
