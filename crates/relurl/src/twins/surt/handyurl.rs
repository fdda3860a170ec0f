//! `surt/handyurl.py`: the URL surt works on, its parser and its writer.

use std::borrow::Cow;

use super::transform::host_to_surt;
use super::{Options, SurtError};

/// `handyurl`: the parts surt keeps. The user name and password are never filled in by
/// `handyurl.parse`, so they are not fields; `scheme` is never `None` after a parse.
pub(super) struct HandyUrl {
    pub(super) scheme: Vec<u8>,
    pub(super) host: Option<Vec<u8>>,
    /// `None` for no port or port 0 (`o.port or None`).
    pub(super) port: Option<u32>,
    pub(super) path: Option<Vec<u8>>,
    pub(super) query: Option<Vec<u8>>,
    pub(super) hash: Option<Vec<u8>>,
    /// `last_delimiter == b'?'`: the URL ended with a `?` that began no query.
    pub(super) last_delimiter: bool,
}

/// `bytes.strip()`'s whitespace: space, `\t`, `\n`, `\v`, `\f`, `\r`.
const fn is_py_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// `bytes.strip()`.
fn py_strip(s: &[u8]) -> &[u8] {
    let start = s.iter().position(|&b| !is_py_space(b)).unwrap_or(s.len());
    let end = s.iter().rposition(|&b| !is_py_space(b)).map_or(start, |i| i + 1);
    &s[start..end]
}

/// The length of `_RE_HAS_PROTOCOL`'s match, `^([a-zA-Z][a-zA-Z0-9\+\-\.]*):` (the scheme
/// without its colon), or `None`. The scheme group of `handyurl.RFC2396REGEX` is the same.
fn scheme_len(url: &[u8]) -> Option<usize> {
    if !url.first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let n = url.iter().position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))).unwrap_or(url.len());
    (url.get(n) == Some(&b':')).then_some(n)
}

/// `_RE_MULTIPLE_PROTOCOLS.sub(lambda m: m.group(1), url)` with `^(https?://)+`: a run of
/// `http://` and `https://` at the start is replaced by its last one.
fn last_protocol(url: &[u8]) -> &[u8] {
    let mut at = 0;
    let mut last = None;
    loop {
        let rest = &url[at..];
        let n = if rest.starts_with(b"http://") {
            7
        } else if rest.starts_with(b"https://") {
            8
        } else {
            break;
        };
        last = Some(at);
        at += n;
    }
    last.map_or(url, |at| &url[at..])
}

/// The position of the first byte of `s` that `stop` holds, or `s.len()`.
fn find(s: &[u8], stop: impl Fn(u8) -> bool) -> usize {
    s.iter().position(|&b| stop(b)).unwrap_or(s.len())
}

/// `partition(sep)`: before, and after if `sep` is there.
fn partition(s: &[u8], sep: u8) -> (&[u8], Option<&[u8]>) {
    match s.iter().position(|&b| b == sep) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    }
}

/// urllib's `_NetlocResultMixinBytes._hostinfo`: the host name and port text of a netloc
/// (after the last `@`; a `[...]` host; the port after the first `:`), `None` when empty.
fn hostinfo(netloc: &[u8]) -> (&[u8], Option<&[u8]>) {
    let hostinfo = netloc.iter().rposition(|&b| b == b'@').map_or(netloc, |i| &netloc[i + 1..]);
    let (hostname, port) = match partition(hostinfo, b'[') {
        (_, Some(bracketed)) => {
            let (hostname, rest) = partition(bracketed, b']');
            (hostname, partition(rest.unwrap_or(b""), b':').1)
        }
        (_, None) => partition(hostinfo, b':'),
    };
    (hostname, port.filter(|p| !p.is_empty()))
}

/// urllib's `SplitResultBytes.port` (CPython 3.11 on): the port as a number, or urllib's
/// `ValueError`.
fn port_number(port: &[u8], int_max_str_digits: usize) -> Result<u32, SurtError> {
    if port.is_empty() || !port.iter().all(u8::is_ascii_digit) {
        return Err(SurtError::Port(format!("Port could not be cast to integer value as {}", bytes_repr(port))));
    }
    crate::common::int_limit::check(port.len(), int_max_str_digits).map_err(SurtError::TooManyDigits)?;
    let value = port.iter().try_fold(0u32, |v, &d| v.checked_mul(10)?.checked_add(u32::from(d - b'0')));
    match value {
        Some(v) if v <= 65535 => Ok(v),
        _ => Err(SurtError::Port("Port out of range 0-65535".to_owned())),
    }
}

/// Python's `repr()` of a `bytes` object.
fn bytes_repr(s: &[u8]) -> String {
    let quote = if s.contains(&b'\'') && !s.contains(&b'"') { '"' } else { '\'' };
    let mut out = String::with_capacity(s.len() + 3);
    out.push('b');
    out.push(quote);
    for &b in s {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            _ if char::from(b) == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7E => out.push(char::from(b)),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\x");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xF)]));
            }
        }
    }
    out.push(quote);
    out
}

/// `Some(s)` unless `s` is empty (Python's `s or None`).
fn non_empty(s: &[u8]) -> Option<Vec<u8>> {
    (!s.is_empty()).then(|| s.to_vec())
}

impl HandyUrl {
    /// `handyurl.parse(url)`: strip whitespace at both ends, delete `\n`, `\r` and `\t`, add
    /// `http://` when there is no scheme, keep the last of repeated `http(s)://`, split by
    /// `handyurl.urlsplit` (RFC 2396 Appendix B's expression), read the host and port as
    /// urllib's `SplitResultBytes` does, and take the host from the path of `http:///host`.
    pub(super) fn parse(url: &[u8], int_max_str_digits: usize) -> Result<Self, SurtError> {
        let stripped = py_strip(url);
        let mut url: Vec<u8> = Vec::with_capacity(stripped.len() + 7);
        // `_RE_SPACES.sub(b'', url)`, then `addDefaultSchemeIfNeeded`.
        let cleaned: Cow<'_, [u8]> = if stripped.iter().any(|b| matches!(b, b'\n' | b'\r' | b'\t')) {
            Cow::Owned(stripped.iter().copied().filter(|b| !matches!(b, b'\n' | b'\r' | b'\t')).collect())
        } else {
            Cow::Borrowed(stripped)
        };
        if !cleaned.is_empty() && scheme_len(&cleaned).is_none() {
            url.extend_from_slice(b"http://");
        }
        url.extend_from_slice(&cleaned);
        let url = last_protocol(&url);

        // `handyurl.urlsplit`: ^(([a-zA-Z][a-zA-Z0-9+.-]*):)?((//([^/?#]*))?([^?#]*)(\?([^#]*))?)?(#(.*))?$
        let (scheme, rest) = scheme_len(url).map_or((&b""[..], url), |n| (&url[..n], &url[n + 1..]));
        let (netloc, rest) = match rest.strip_prefix(b"//") {
            Some(after) => {
                let end = find(after, |b| matches!(b, b'/' | b'?' | b'#'));
                (&after[..end], &after[end..])
            }
            None => (&b""[..], rest),
        };
        let path_end = find(rest, |b| matches!(b, b'?' | b'#'));
        let path = &rest[..path_end];
        let rest = &rest[path_end..];
        let hash_at = rest.iter().position(|&b| b == b'#').unwrap_or(rest.len());
        let query = rest[..hash_at].get(1..).unwrap_or(b"");
        let fragment = rest.get(hash_at + 1..).unwrap_or(b"");

        // "Deal with hostnames that end with ':' without being followed by a port number"
        let netloc = &netloc[..netloc.iter().rposition(|&b| b != b':').map_or(0, |i| i + 1)];
        let (hostname, port) = hostinfo(netloc);
        let port = match port {
            Some(port) => Some(port_number(port, int_max_str_digits)?).filter(|&p| p != 0),
            None => None,
        };
        let mut host = (!hostname.is_empty()).then(|| {
            // `SplitResultBytes.hostname`: lower case but for an IPv6 zone after `%`.
            let (name, zone) = partition(hostname, b'%');
            let mut h = name.to_ascii_lowercase();
            if let Some(zone) = zone {
                h.push(b'%');
                h.extend_from_slice(zone);
            }
            h
        });
        let mut path = non_empty(path);
        if scheme.is_empty() {
            return Err(SurtError::NoScheme);
        }
        // deal with "http:////////////////www.vikings.com"
        if scheme.starts_with(b"http") && host.is_none() {
            if let Some(p) = &path {
                let start = p.iter().position(|&b| b != b'/').unwrap_or(p.len());
                let (name, after) = partition(&p[start..], b'/');
                let mut new_path = b"/".to_vec();
                new_path.extend_from_slice(after.unwrap_or(b""));
                host = Some(name.to_vec());
                path = Some(new_path);
            }
        }
        let query = non_empty(query);
        Ok(Self {
            scheme: scheme.to_vec(),
            host,
            port,
            path,
            last_delimiter: url.ends_with(b"?") && query.is_none(),
            query,
            hash: non_empty(fragment),
        })
    }

    /// `handyurl.geturl_bytes(surt, public_suffix=False, trailing_comma, reverse_ipaddr,
    /// with_scheme)`.
    pub(super) fn geturl_bytes(&self, options: &Options) -> Vec<u8> {
        let host_src = self.host.as_deref().filter(|h| !h.is_empty());
        let mut s = Vec::with_capacity(
            self.scheme.len()
                + host_src.map_or(0, <[u8]>::len)
                + self.path.as_ref().map_or(0, Vec::len)
                + self.query.as_ref().map_or(0, Vec::len)
                + 16,
        );
        if options.with_scheme {
            s.extend_from_slice(&self.scheme);
            s.push(b':');
            if host_src.is_some() {
                if self.scheme != b"dns" {
                    s.extend_from_slice(b"//");
                }
                if options.surt {
                    s.push(b'(');
                }
            }
        } else if host_src.is_none() {
            s.extend_from_slice(&self.scheme);
            s.push(b':');
        }
        if let Some(host) = host_src {
            if options.surt {
                host_to_surt(host, options.reverse_ipaddr, &mut s);
            } else {
                s.extend_from_slice(host);
            }
            if let Some(port) = self.port {
                s.push(b':');
                s.extend_from_slice(port.to_string().as_bytes());
            }
            if options.surt {
                if options.trailing_comma {
                    s.push(b',');
                }
                s.push(b')');
            }
        }
        match &self.path {
            Some(p) if !p.is_empty() => s.extend_from_slice(p),
            _ if self.query.is_some() || self.hash.is_some() => s.push(b'/'),
            _ => {}
        }
        if let Some(q) = &self.query {
            s.push(b'?');
            s.extend_from_slice(q);
        }
        if let Some(h) = &self.hash {
            s.push(b'#');
            s.extend_from_slice(h);
        }
        if self.last_delimiter {
            s.push(b'?');
        }
        s
    }
}
