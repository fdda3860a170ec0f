//! relurl's own key for "the same URL": RFC 3986 §6.2.2 syntax-based and §6.2.3
//! scheme-based normalization, over the components of the grammar a URL is parsed with.
//!
//! - §6.2.2.1 case: the scheme and the host are lower-cased (ASCII), and the hexadecimal
//!   digits of every percent-encoding are upper-cased;
//! - §6.2.2.2 percent-encoding: an encoded unreserved character (§2.3: `ALPHA / DIGIT / "-" /
//!   "." / "_" / "~"`) is decoded, in every component;
//! - §6.2.2.3 path segments: in a URL with a scheme, `.` and `..` segments are removed by
//!   the grammar's own rules (RFC 3986 §5.2.4, or RFC 1808 §4 step 6, which keeps a `..`
//!   that has nothing to remove); a relative reference keeps them, since they mean
//!   something only against a base;
//! - §6.2.3 scheme-based: an empty port goes with its `:` (§3.2.3); for the schemes with a
//!   known default port (`http` and `ws` 80, `https` and `wss` 443, `ftp` 21) that port
//!   goes too, and an empty path after an authority becomes `/`. The port is read after
//!   §6.2.2.2 has decoded it: `:%38%30` is the port 80 (a digit is unreserved).
//!
//! With the URL Standard the key is the Standard's own serialization (§4.5), which is
//! already normal in its sense (and percent-encodings are left as they are: a browser
//! requests `/%41` and `/A` as two URLs).
//!
//! Normalization is idempotent: what it writes parses back to the same components, and
//! normalizing them again changes nothing (`tests/it/normalize.rs` and a property test).

use crate::common::error::Error;
use crate::common::recombine;
use crate::common::segments::{merge_into, remove_dot_segments_into, Context};
use crate::common::spec::{Rfc1808, Rfc3986, Spec};
use crate::common::url::Url;

/// The normal form of `input` by the grammar `spec` (see the module documentation).
///
/// # Errors
/// The grammar's parse errors ([`crate::ErrorKind::TooLong`]; with [`Spec::Whatwg`], the
/// URL Standard's failures).
///
/// ```
/// use relurl::{normalize, Spec};
/// assert_eq!(normalize("HTTP://User@Example.COM:80/a/./b/../%7ec%2f", Spec::Rfc3986).unwrap(), "http://User@example.com/a/~c%2F");
/// assert_eq!(normalize("http://a", Spec::Rfc1808).unwrap(), "http://a/");
/// ```
pub fn normalize(input: &str, spec: Spec) -> Result<String, Error> {
    let mut out = String::with_capacity(input.len() + 1);
    normalize_into(input, spec, &mut out)?;
    Ok(out)
}

/// [`normalize`], appended to `out` (left as it was on error).
///
/// # Errors
/// As [`normalize`].
pub fn normalize_into(input: &str, spec: Spec, out: &mut String) -> Result<(), Error> {
    match spec {
        Spec::Rfc1808 => write_rfc(out, &Url::<&str, Rfc1808>::parse_owned(input)?, spec),
        Spec::Rfc3986 => write_rfc(out, &Url::<&str, Rfc3986>::parse_owned(input)?, spec),
        Spec::Whatwg => out.push_str(crate::grammars::whatwg::parse(input)?.as_str()),
    }
    Ok(())
}

/// The scheme-based rules' schemes (§6.2.3): their default port.
fn default_port(scheme: &str) -> Option<&'static str> {
    match scheme {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
        _ => None,
    }
}

/// Appends the normal form of the RFC-parsed `url` (grammar `spec`).
fn write_rfc<S: AsRef<str>, G: crate::common::spec::Grammar>(out: &mut String, url: &Url<S, G>, spec: Spec) {
    let scheme = url.has_scheme().then(|| url.scheme().to_ascii_lowercase());
    let default = scheme.as_deref().and_then(default_port);
    // RFC 1808's net_loc runs to the first `/` (§2.4.3), so it may hold a query (see
    // [`authority`]): split off once, as `Url::login` splits it.
    let netloc = url.has_netloc().then(|| url.split_netloc());
    let authority = netloc.map(|(netloc, query)| authority(netloc, query, default));
    let mut path = String::with_capacity(url.path().len() + 1);
    push_percent_normalized(&mut path, url.path(), false);
    if scheme.is_some() {
        path = without_dot_segments(&path, spec, authority.is_some(), url.has_query_delimiter() || !url.params().is_empty());
    } else if authority.is_none() && Url::<&str, G>::parse_owned(&path).is_ok_and(|p| p.has_scheme()) {
        // A decoded character can make the first segment read as a scheme (`%41:` is
        // `A:`): RFC 3986 §4.2's `./` keeps it a path.
        path.insert_str(0, "./");
    }
    // Not after a net_loc that ends in a query: the `/` would land in it.
    if path.is_empty() && netloc.is_some_and(|(_, query)| query.is_empty()) && default.is_some() {
        path.push('/');
    }
    let normalized = |text: &str| {
        let mut piece = String::with_capacity(text.len());
        push_percent_normalized(&mut piece, text, false);
        piece
    };
    let (params, query, fragment) = (normalized(url.params()), normalized(url.query()), normalized(url.fragment()));
    match spec {
        Spec::Rfc3986 => recombine::write_rfc3986(
            out,
            scheme.as_deref(),
            authority.as_deref(),
            &path,
            url.has_query_delimiter().then_some(query.as_str()),
            url.has_fragment_delimiter().then_some(fragment.as_str()),
        ),
        _ => recombine::write_rfc1808(
            out,
            &recombine::Parts {
                scheme: scheme.as_deref().unwrap_or(""),
                netloc: authority.as_deref(),
                path: &path,
                params: &params,
                query: &query,
                fragment: &fragment,
            },
        ),
    }
}

/// The authority (net_loc) normalized: the userinfo's percent-encodings, the host
/// lower-cased, an empty port or the scheme's `default` port removed with its `:`.
/// `[userinfo "@"] host [":" port]` (RFC 3986 §3.2, RFC 1738 §3.1): the userinfo ends at
/// the last `@` (as [`crate::Login`] reads it), and the port is the digits after the last
/// `:` of what follows, outside an IP literal's brackets: every byte stays where it was
/// (urllib's host and port, which `Login` twins, drop what stands between a `]` and its
/// `:`).
///
/// The port is read after §6.2.2.2, like every other component: a percent-encoded digit is
/// an unreserved character, so `:%38%30` and `:8%30` are the port `80` (and go, for
/// `http`), in the same pass that decodes them. Deciding on the text as written would keep
/// `:80` in the key, which the next pass then drops: the key would not be its own key.
///
/// RFC 1808's net_loc runs to the first `/` (§2.4.3), so `http://h?q=A@b` has the net_loc
/// `h?q=A@b`. What follows its first `?` (`query`, from the `?` on; empty without one) is a
/// query in every other reading (RFC 3986 §3.2, urllib, browsers): it is kept as written,
/// its percent-encodings normalized, and is never read as userinfo, host or port, nor
/// lower-cased (a key must not merge `?q=A` with `?q=a`).
fn authority(netloc: &str, query: &str, default: Option<&str>) -> String {
    let (userinfo, hostport, _) = crate::common::login::Login::new(netloc, 0).split_at_sign();
    let (host, port) = match hostport.rfind(':') {
        // A port only after a host that has no `:` of its own (a name, an IPv4 address or
        // a bracketed IP literal): in `a:80:` nothing is a port, so that the normal form
        // splits the same way again.
        Some(colon) if !hostport[colon..].contains(']') && !hostport[..colon].rsplit(']').next().unwrap_or("").contains(':') => {
            // The port's digits, percent-encoded or not (§6.2.2.2 decodes them).
            let mut port = String::with_capacity(hostport.len() - colon - 1);
            push_percent_normalized(&mut port, &hostport[colon + 1..], false);
            if port.bytes().all(|b| b.is_ascii_digit()) {
                (&hostport[..colon], Some(port))
            } else {
                (hostport, None)
            }
        }
        _ => (hostport, None),
    };
    let mut out = String::with_capacity(netloc.len());
    if let Some(userinfo) = userinfo {
        push_percent_normalized(&mut out, userinfo, false);
        out.push('@');
    }
    push_percent_normalized(&mut out, host, true);
    let is_default = |port: &str| default.is_some_and(|d| port.trim_start_matches('0') == d);
    if let Some(port) = port.filter(|p| !p.is_empty() && !is_default(p)) {
        out.push(':');
        out.push_str(&port);
    }
    push_percent_normalized(&mut out, query, false);
    out
}

/// `path` without its dot segments by the rules of `spec` (§6.2.2.3); a path that would
/// then start with `//` without an authority keeps a `.` segment first (`/.//a`, as RFC
/// 1808's stack and the URL Standard's serializer write it), so that it never reads back
/// as an authority.
fn without_dot_segments(path: &str, spec: Spec, has_authority: bool, followed: bool) -> String {
    let mut out = String::with_capacity(path.len() + 2);
    if spec == Spec::Rfc1808 {
        let (base, rest) = match path.strip_prefix('/') {
            Some(rest) => ("/", rest),
            None => ("", path),
        };
        if rest.is_empty() {
            return path.to_owned();
        }
        merge_into(&mut out, base, rest, Context { has_scheme: true, has_netloc: has_authority, followed });
    } else {
        remove_dot_segments_into(&mut out, "", path);
        if !has_authority && out.starts_with("//") {
            out.insert_str(0, "/.");
        }
    }
    out
}

/// §2.3 unreserved characters.
const fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// Appends `text` with each `%XX` of an unreserved character decoded and every other
/// `%XX` in upper case (§6.2.2.1, §6.2.2.2); a `%` without two hex digits is kept (and a
/// hex digit right after it stays encoded: [`after_stray_percent`]). With `lower`, ASCII
/// letters are lower-cased (a host, §6.2.2.1).
fn push_percent_normalized(out: &mut String, text: &str, lower: bool) {
    let bytes = text.as_bytes();
    let mut copied = 0;
    let mut i = 0;
    while let Some(offset) = memchr::memchr(b'%', &bytes[i..]) {
        let at = i + offset;
        let Some(value) = crate::common::percent::decoded_at(&bytes[at..]) else {
            i = at + 1;
            continue;
        };
        push_cased(out, &text[copied..at], lower);
        if is_unreserved(value) && !(value.is_ascii_hexdigit() && after_stray_percent(out)) {
            out.push(char::from(if lower { value.to_ascii_lowercase() } else { value }));
        } else {
            out.push('%');
            out.push_str(&text[at + 1..at + 3].to_ascii_uppercase());
        }
        copied = at + 3;
        i = at + 3;
    }
    push_cased(out, &text[copied..], lower);
}

/// Whether `out` ends in a `%` that two more hex digits would make a percent-encoding (`%`
/// or `%a`): a hex digit decoded after it stays encoded, so that decoding never makes an
/// encoding that was not there (`%a%41` is not `%aA`).
fn after_stray_percent(out: &str) -> bool {
    match out.as_bytes() {
        [.., b'%'] => true,
        [.., b'%', digit] => digit.is_ascii_hexdigit(),
        _ => false,
    }
}

/// Appends `text`, ASCII-lower-cased with `lower`.
fn push_cased(out: &mut String, text: &str, lower: bool) {
    let start = out.len();
    out.push_str(text);
    if lower {
        out[start..].make_ascii_lowercase();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rfc_3986_examples() {
        // §6.2.2: "example://a/b/c/%7Bfoo%7D" and "eXAMPLE://a/./b/../b/%63/%7bfoo%7d" are
        // equivalent.
        let one = normalize("example://a/b/c/%7Bfoo%7D", Spec::Rfc3986).unwrap();
        assert_eq!(one, "example://a/b/c/%7Bfoo%7D");
        assert_eq!(normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Spec::Rfc3986).unwrap(), one);
        // §6.2.3: these four are equivalent.
        for url in ["http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"] {
            assert_eq!(normalize(url, Spec::Rfc3986).unwrap(), "http://example.com/", "{url}");
        }
    }
}
