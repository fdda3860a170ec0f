//! The WHATWG URL Standard (<https://url.spec.whatwg.org/>): relurl's own implementation of
//! the basic URL parser (§4.4), the URL serializer (§4.5), the API's getters (§6.1) and
//! origins (§4.7, and the HTML Standard's origin of a URL).
//!
//! A [`WhatwgUrl`] holds its href (§4.5 URL serializer) in one `String` and the components
//! as `u32` offsets into it, so the getters are slices and a base parsed once is never
//! re-parsed or re-serialized when references are joined against it.
//! [`WhatwgUrl::join_into`] resolves most real references (ASCII, nothing to encode, no
//! backslash, no `%2e`) on a fast path that copies the base's prefix and resolves dot
//! segments over a segment stack, with exactly the state machine's answer; everything else
//! goes through the full state machine.
//!
//! ```
//! use relurl::whatwg::{self, WhatwgUrl};
//! let base = WhatwgUrl::parse("https://EXAMPLE.com:443/a/b?q#f").unwrap();
//! assert_eq!(base.href(), "https://example.com/a/b?q#f");
//! assert_eq!(base.join("../c d").unwrap().as_str(), "https://example.com/c%20d");
//! assert_eq!(whatwg::resolve("http://a/b/c", "//[::1]:80/x").unwrap(), "http://[::1]/x");
//! assert_eq!(whatwg::parse("http://1.2.3.4.5/").unwrap_err().kind().name(), "ipv4_too_many_parts");
//! ```
//!
//! Conformance: every case of web-platform-tests' `url/resources/urltestdata.json`,
//! `toascii.json` and `IdnaTestV2.json` (`tests/it/whatwg_wpt.rs`; two rows of the last
//! predate Unicode 18.0). Domain to ASCII (§3.3) is UTS #46 (`uts46.rs`, on ICU4X's data)
//! for a domain that is not ASCII, with no limit on a label's length; an ASCII domain is
//! only ASCII-lowercased, as the tests require (`xn--a`, invalid Punycode, stays). The
//! query of a special URL can be encoded in another encoding than UTF-8
//! ([`WhatwgUrl::parse_with_encoding`]). Not implemented: the setters (state override),
//! blob URL entries.
//!
//! Sources: `encode.rs` (percent-encode sets, code point classes), `host.rs` (host parsing
//! and serializing), `uts46.rs` (UTS #46 ToASCII), `punycode.rs` (RFC 3492), `clean.rs`
//! (trimming and tab and newline removal), `parser.rs` (the state machine), `record.rs` (the
//! URL record it writes, as its serialization and offsets), `fast.rs` (the join fast path).
//! The failures ([`Failure`]) live with the crate's errors that carry them
//! (`common/failure.rs`).

mod clean;
mod encode;
mod fast;
pub(crate) mod host;
mod parser;
pub(crate) mod punycode;
mod record;
mod uts46;

#[cfg(test)]
pub(crate) use uts46::maps_to_ascii;

use core::fmt;

use crate::common::error::Error;
pub use crate::common::failure::Failure;
/// An encoding of the Encoding Standard ([`encoding_rs`]), for
/// [`WhatwgUrl::parse_with_encoding`]; [`Encoding::for_label`] finds one by its label.
pub use encoding_rs::Encoding;
// §1.3 percent-decode, also `urllib.parse.unquote_to_bytes` (the surt twin uses it).
use host::HostKind;

/// A URL by the URL Standard (§4.1 "URL"): its href (§4.5 URL serializer) in one buffer plus
/// `u32` offsets of the components, the kind of its host, its port and whether its path is
/// opaque.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WhatwgUrl {
    serialization: String,
    /// The `:` after the scheme.
    scheme_end: u32,
    /// The end of the username (where `:password@` or `@` or the host begins).
    username_end: u32,
    host_start: u32,
    host_end: u32,
    port: Option<u16>,
    /// Where the path begins (after a `/.` prefix, §4.5 step 3).
    path_start: u32,
    /// The `?` before the query, if the query is not null.
    query_start: Option<u32>,
    /// The `#` before the fragment, if the fragment is not null.
    fragment_start: Option<u32>,
    host_kind: HostKind,
    opaque_path: bool,
    /// Whether `join_into` may take its fast path with this base: a special scheme other
    /// than `file` (so a host and a non-opaque path).
    fast_base: bool,
}

/// Whether `scheme` is special (§4.1 "special scheme").
pub(crate) fn is_special(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

/// The default port of a special scheme (§4.1 "default port"). Matched byte by byte: this
/// is on the fast path of every absolute reference.
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    match scheme.as_bytes() {
        [b'h', b't', b't', b'p'] | [b'w', b's'] => Some(80),
        [b'h', b't', b't', b'p', b's'] | [b'w', b's', b's'] => Some(443),
        [b'f', b't', b'p'] => Some(21),
        _ => None,
    }
}

impl WhatwgUrl {
    /// §4.4 basic URL parser with no base URL.
    ///
    /// # Errors
    /// When the parser returns failure: [`crate::ErrorKind::UrlStandard`] names the validation
    /// error; [`crate::ErrorKind::TooLong`] when the input or the href would exceed
    /// `u32::MAX` bytes.
    pub fn parse(input: &str) -> Result<Self, Error> {
        parser::parse(input, None, None)
    }

    /// §4.4 basic URL parser with an optional base URL.
    ///
    /// # Errors
    /// As [`WhatwgUrl::parse`].
    pub fn parse_with_base(input: &str, base: Option<&Self>) -> Result<Self, Error> {
        parser::parse(input, base, None)
    }

    /// §4.4 basic URL parser with an optional base URL and an encoding (HTML's "encoding-parse
    /// a URL" passes the document's): the query of a special URL other than `ws:` and `wss:`
    /// is percent-encoded in `encoding`'s output encoding (UTF-16 and replacement are UTF-8)
    /// rather than UTF-8, a code point it lacks as `%26%23` decimal `%3B` (an HTML numeric
    /// character reference); the rest of the URL is as with UTF-8. [`Encoding::for_label`]
    /// gives an encoding from its label (the Encoding Standard's "get an encoding").
    ///
    /// ```
    /// use relurl::whatwg::{Encoding, WhatwgUrl};
    /// let windows_1251 = Encoding::for_label(b"windows-1251").unwrap();
    /// let url = WhatwgUrl::parse_with_encoding("http://h/\u{416}?q=\u{416}\u{20ac}\u{3042}#\u{416}", None, windows_1251).unwrap();
    /// assert_eq!(url.as_str(), "http://h/%D0%96?q=%C6%88%26%2312354%3B#%D0%96");
    /// ```
    ///
    /// # Errors
    /// As [`WhatwgUrl::parse`].
    pub fn parse_with_encoding(input: &str, base: Option<&Self>, encoding: &'static Encoding) -> Result<Self, Error> {
        parser::parse(input, base, parser::query_encoding(encoding))
    }

    /// Parses `reference` with `self` as the base URL (§4.4 with base).
    ///
    /// # Errors
    /// As [`WhatwgUrl::parse`].
    pub fn join(&self, reference: &str) -> Result<Self, Error> {
        parser::parse(reference, Some(self), None)
    }

    /// Appends the href of `reference` parsed against `self` to `out`, without building a
    /// [`WhatwgUrl`] for references the fast path takes. On error `out` is left as it was.
    ///
    /// # Errors
    /// As [`WhatwgUrl::parse`].
    pub fn join_into(&self, reference: &str, out: &mut String) -> Result<(), Error> {
        if fast::join_into(self, reference, out) {
            return Ok(());
        }
        parser::parse_into(reference, Some(self), None, out)
    }

    /// [`WhatwgUrl::join_into`] with an encoding ([`WhatwgUrl::parse_with_encoding`]).
    ///
    /// # Errors
    /// As [`WhatwgUrl::parse`].
    pub fn join_into_with_encoding(&self, reference: &str, encoding: &'static Encoding, out: &mut String) -> Result<(), Error> {
        // The fast path takes ASCII references only, whose query is the same bytes in every
        // output encoding.
        if fast::join_into(self, reference, out) {
            return Ok(());
        }
        parser::parse_into(reference, Some(self), parser::query_encoding(encoding), out)
    }

    #[inline]
    fn slice(&self, start: u32, end: u32) -> &str {
        self.serialization.get(start as usize..end as usize).unwrap_or("")
    }

    #[inline]
    fn len32(&self) -> u32 {
        self.serialization.len() as u32
    }

    /// The href: the §4.5 URL serialization.
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// §6.1 `href` getter: the URL serialization.
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// The scheme, without its `:` (§4.1 "scheme").
    pub fn scheme(&self) -> &str {
        self.slice(0, self.scheme_end)
    }

    /// §6.1 `protocol` getter: the scheme followed by `:`.
    pub fn protocol(&self) -> &str {
        self.slice(0, self.scheme_end + 1)
    }

    /// Whether the URL has a host (§4.1: the host is not null; `file:///x` has the empty
    /// host).
    pub fn has_host(&self) -> bool {
        self.host_kind != HostKind::None
    }

    /// §6.1 `username` getter.
    pub fn username(&self) -> &str {
        if self.has_host() {
            self.slice(self.scheme_end + 3, self.username_end)
        } else {
            ""
        }
    }

    /// §6.1 `password` getter.
    pub fn password(&self) -> &str {
        if self.has_host() && self.host_start > self.username_end + 1 {
            self.slice(self.username_end + 1, self.host_start - 1)
        } else {
            ""
        }
    }

    /// §6.1 `host` getter: the serialized host, with `:` and the port if the port is not
    /// null; `""` without a host.
    pub fn host(&self) -> &str {
        if self.has_host() {
            self.slice(self.host_start, self.path_start)
        } else {
            ""
        }
    }

    /// §6.1 `hostname` getter: the serialized host (§3.6), `""` without a host.
    pub fn hostname(&self) -> &str {
        self.slice(self.host_start, self.host_end)
    }

    /// §6.1 `port` getter: `""` when the port is null (none, or the scheme's default).
    pub fn port(&self) -> &str {
        if self.port.is_some() {
            self.slice(self.host_end + 1, self.path_start)
        } else {
            ""
        }
    }

    /// The port, `None` when it is null (none, or the scheme's default port).
    pub fn port_number(&self) -> Option<u16> {
        self.port
    }

    /// The end of the path: the `?`, else the `#`, else the end.
    fn path_end(&self) -> u32 {
        self.query_start.or(self.fragment_start).unwrap_or_else(|| self.len32())
    }

    /// §6.1 `pathname` getter: the URL path serializer (§4.1).
    pub fn pathname(&self) -> &str {
        self.slice(self.path_start, self.path_end())
    }

    /// The authority as serialized (§4.5 steps 2.1-2.4): `username[:password]@host[:port]`
    /// after the `//`, `""` without a host.
    pub fn authority(&self) -> &str {
        if self.has_host() {
            self.slice(self.scheme_end + 3, self.path_start)
        } else {
            ""
        }
    }

    /// The fragment without its `#`, `None` when the fragment is null.
    pub fn fragment(&self) -> Option<&str> {
        let start = self.fragment_start?;
        Some(self.slice(start + 1, self.len32()))
    }

    /// The query without its `?`, `None` when the query is null.
    pub fn query(&self) -> Option<&str> {
        let start = self.query_start?;
        Some(self.slice(start + 1, self.fragment_start.unwrap_or_else(|| self.len32())))
    }

    /// §6.1 `search` getter: `""` when the query is null or empty, else `?` and the query.
    pub fn search(&self) -> &str {
        match self.query_start {
            Some(start) => {
                let end = self.fragment_start.unwrap_or_else(|| self.len32());
                if end - start > 1 {
                    self.slice(start, end)
                } else {
                    ""
                }
            }
            None => "",
        }
    }

    /// §6.1 `hash` getter: `""` when the fragment is null or empty, else `#` and the
    /// fragment.
    pub fn hash(&self) -> &str {
        match self.fragment_start {
            Some(start) if self.len32() - start > 1 => self.slice(start, self.len32()),
            _ => "",
        }
    }

    /// The ASCII serialization of the URL's origin (§4.7 "origin", HTML's serialization of
    /// an origin): `scheme://host[:port]` for `http`, `https`, `ws`, `wss` and `ftp`; for
    /// `blob:` the origin of the URL its path parses to when that is `http` or `https`;
    /// `"null"` (an opaque origin) otherwise, `file:` included.
    pub fn origin(&self) -> String {
        match self.scheme() {
            "http" | "https" | "ws" | "wss" | "ftp" => {
                let mut origin = String::with_capacity(self.path_start as usize);
                origin.push_str(self.protocol());
                origin.push_str("//");
                origin.push_str(self.host());
                origin
            }
            "blob" => match Self::parse(self.pathname()) {
                Ok(inner) if matches!(inner.scheme(), "http" | "https") => inner.origin(),
                _ => "null".to_owned(),
            },
            _ => "null".to_owned(),
        }
    }

    /// Whether the URL has an opaque path (§4.1: `mailto:x`, `data:,`, `javascript:...`).
    pub fn has_opaque_path(&self) -> bool {
        self.opaque_path
    }
}

impl fmt::Display for WhatwgUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialization)
    }
}

impl From<WhatwgUrl> for String {
    /// The href.
    fn from(url: WhatwgUrl) -> Self {
        url.serialization
    }
}

impl AsRef<str> for WhatwgUrl {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}

/// §4.4 basic URL parser with no base: the same as [`WhatwgUrl::parse`].
///
/// # Errors
/// As [`WhatwgUrl::parse`].
pub fn parse(input: &str) -> Result<WhatwgUrl, Error> {
    WhatwgUrl::parse(input)
}

/// Parses `base`, then `reference` against it (§4.4), and returns the href.
///
/// # Errors
/// When either fails to parse (the offset is into the string that failed).
pub fn resolve(base: &str, reference: &str) -> Result<String, Error> {
    let base = WhatwgUrl::parse(base)?;
    let mut out = String::new();
    base.join_into(reference, &mut out)?;
    Ok(out)
}
