//! Errors: one opaque `Copy` value with its [`ErrorKind`] and the byte offset of the first
//! offending character, rendered from one table; each kind has a stable name
//! ([`ErrorKind::name`]), the `kind` of Python's `relurl.URLError`.

use core::fmt;

use super::failure::Failure;

/// A component of a URL as RFC 1808 §2.1 names them; used to say where an error is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Component {
    /// `<scheme>`, before the first `:` (§2.4.2).
    Scheme,
    /// `<net_loc>`, after `//` (§2.4.3).
    NetLoc,
    /// `<path>`, with its leading `/` if any (§2.4.6).
    Path,
    /// `<params>`, after the first `;` (§2.4.5).
    Params,
    /// `<query>`, after the first `?` (§2.4.4).
    Query,
    /// `<fragment>`, after the first `#` (§2.4.1).
    Fragment,
}

impl Component {
    /// The component's name as RFC 1808 §2.1 writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Scheme => "scheme",
            Self::NetLoc => "net_loc",
            Self::Path => "path",
            Self::Params => "params",
            Self::Query => "query",
            Self::Fragment => "fragment",
        }
    }
}

/// What a text that is not a host name ([`ErrorKind::NotAHostName`]) likely is instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NotAHostHint {
    /// Nothing to say.
    None,
    /// A URL: it has a `//`, or a `/`, `?`, `#`, `@` or `\\` (a URL without its scheme).
    Url,
    /// A host and its port: one `:`, or a `:` after an IPv6 address in brackets.
    Port,
}

/// Why a URL was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is longer than `u32::MAX` bytes, the most that `u32` offsets can address.
    TooLong,
    /// A character that the RFC 1808 §2.2 BNF does not allow in this component.
    InvalidChar {
        /// Where the character stands.
        component: Component,
        /// The character itself.
        ch: char,
    },
    /// A `%` not followed by two hexadecimal digits (§2.2 `escape = "%" hex hex`).
    BadEscape {
        /// Where the `%` stands.
        component: Component,
    },
    /// A path whose first segment is empty: §2.2 `path = fsegment *( "/" segment )` and
    /// `fsegment = 1*pchar`, so `http://a//b` has no valid parse.
    EmptyFirstSegment,
    /// Bytes that are not UTF-8 where text was expected (an Arrow string column may hold
    /// them: the Arrow C Data Interface does not check). [`Error::offset`] is the byte offset
    /// of the first byte that does not begin or continue a character (RFC 3629 §3-4): the
    /// length of the value's longest valid prefix.
    InvalidUtf8 {
        /// The first invalid byte (for a value that ends inside a character, the first byte
        /// of that unfinished character).
        byte: u8,
    },
    /// A `Base` header that is not `"Base" ":" "<URL:" absoluteURL ">"` (RFC 1808 §3.1).
    BadBaseHeader {
        /// What is wrong.
        reason: &'static str,
    },
    /// The HTML tokenizer of [`crate::links`] failed on a page (it panicked, a selector did
    /// not parse, or it stopped with an error), so the page could not be read whole. The
    /// offset is 0: the error is the page's, not a character's.
    HtmlTokenizer {
        /// What went wrong.
        reason: &'static str,
    },
    /// A UTF-16 code unit U+D800 to U+DFFF without its pair, in text from a host whose
    /// strings may hold one (a Python `str`): it has no UTF-8 encoding (RFC 3629 §3). Rust
    /// text cannot hold one; the bindings build this error for such a string.
    LoneSurrogate {
        /// The code unit.
        unit: u16,
    },
    /// The strict check ([`crate::validate`](fn@crate::validate), the RFC 1808 §2.2 BNF) was asked for with
    /// [`Spec::Rfc3986`](crate::Spec::Rfc3986), whose grammar it is not: refused (by
    /// [`crate::parse_checked`], and for every row of a batch). The offset is 0.
    StrictUnavailable,
    /// A port that urllib's `port` property rejects with `ValueError`
    /// ([`crate::Login::port`]): not all ASCII digits, or above 65535 (RFC 1738 §3.1 `port =
    /// digits`; the range is TCP's). [`Error::offset`] is the port's first byte.
    BadPort {
        /// What is wrong.
        reason: &'static str,
    },
    /// A host given to the Public Suffix List's lookup ([`crate::public_suffix`]) that is not a
    /// host name: it has a character that no host has (the URL Standard's forbidden host code
    /// points, a C0 control or DEL; a `:` that is not in an IPv6 address), such as a URL's
    /// `/` or a port's `:`. [`Error::offset`] is the character's.
    NotAHostName {
        /// The character.
        ch: char,
        /// What the text likely is instead, which the message says.
        hint: NotAHostHint,
    },
    /// The URL Standard's basic URL parser ([`crate::whatwg`]) returned failure; the
    /// [`Failure`] names the validation error that caused it. [`Error::offset`] is where the
    /// failing part starts in the input (the host for a host failure, the port for a port
    /// failure, 0 for a missing scheme).
    UrlStandard(Failure),
}

impl ErrorKind {
    /// The kind's stable name, one word in `snake_case`: the `kind` attribute of Python's
    /// `relurl.URLError` (docs/errors.md, "Bad input", lists them). The one table of the names.
    pub const fn name(&self) -> &'static str {
        match self {
            Self::TooLong => "too_long",
            Self::InvalidChar { .. } => "invalid_character",
            Self::BadEscape { .. } => "bad_escape",
            Self::EmptyFirstSegment => "empty_first_segment",
            Self::InvalidUtf8 { .. } => "invalid_utf8",
            Self::LoneSurrogate { .. } => "lone_surrogate",
            Self::BadBaseHeader { .. } => "bad_base_header",
            Self::HtmlTokenizer { .. } => "html_tokenizer",
            Self::StrictUnavailable => "strict_unavailable",
            Self::BadPort { .. } => "bad_port",
            Self::NotAHostName { .. } => "not_a_host_name",
            Self::UrlStandard(failure) => failure.name(),
        }
    }
}

/// A rejected input: what is wrong ([`Error::kind`]) and where, as the byte offset into the
/// input of the first offending character ([`Error::offset`]; Python's `URLError.position`
/// counts characters instead: [`Error::char_index`]). Displayed as the reason followed by
/// `(at byte N)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Error {
    kind: ErrorKind,
    offset: usize,
}

impl Error {
    /// An error of `kind` at byte `offset` of the input.
    pub const fn new(kind: ErrorKind, offset: usize) -> Self {
        Self { kind, offset }
    }

    /// What is wrong.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset into the input of the first offending character (0 for an error of
    /// the whole input, such as [`ErrorKind::HtmlTokenizer`]).
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The reason as one sentence, without the position.
    pub fn reason(&self) -> String {
        self.kind.to_string()
    }

    /// `bytes` as `&str`, or an [`ErrorKind::InvalidUtf8`] error at the first byte that is
    /// not UTF-8 (RFC 3629 §4).
    ///
    /// ```
    /// use relurl::{Error, ErrorKind};
    /// assert_eq!(Error::check_utf8(b"http://a/"), Ok("http://a/"));
    /// let e = Error::check_utf8(b"http://a/\x80x").unwrap_err();
    /// assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidUtf8 { byte: 0x80 }, 9));
    /// ```
    ///
    /// # Errors
    /// When `bytes` is not UTF-8.
    pub fn check_utf8(bytes: &[u8]) -> Result<&str, Self> {
        core::str::from_utf8(bytes).map_err(|e| Self::new(ErrorKind::InvalidUtf8 { byte: bytes[e.valid_up_to()] }, e.valid_up_to()))
    }

    /// The position of the offending character counted in Unicode scalar values (as Python
    /// indexes `str`), given the input the error was found in.
    pub fn char_index(&self, input: &str) -> usize {
        let end = self.offset.min(input.len());
        if input.is_char_boundary(end) {
            input[..end].chars().count()
        } else {
            end
        }
    }
}

fn describe_char(ch: char, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match ch {
        ' ' => f.write_str("space"),
        '\t' => f.write_str("tab (U+0009)"),
        '\n' => f.write_str("line feed (U+000A)"),
        '\r' => f.write_str("carriage return (U+000D)"),
        '\0' => f.write_str("NUL (U+0000)"),
        c if c.is_ascii_control() => write!(f, "control character U+{:04X}", c as u32),
        c if !c.is_ascii() => {
            // Shown quoted when printable; a non-printable one (private use, unassigned,
            // format, ...: what Rust's own `{:?}` escapes) only by its code point.
            let quoted = format!("{c:?}");
            if quoted.contains("\\u{") {
                write!(f, "non-ASCII character U+{:04X}", c as u32)
            } else {
                write!(f, "non-ASCII character {quoted} (U+{:04X})", c as u32)
            }
        }
        c => write!(f, "{c:?}"),
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooLong => f.write_str("URL is longer than 4294967295 bytes"),
            Self::InvalidChar { component, ch } => {
                describe_char(ch, f)?;
                write!(f, " is not allowed in a {}", component.name())
            }
            Self::BadEscape { component } => {
                write!(f, "'%' not followed by two hex digits in a {}", component.name())
            }
            Self::InvalidUtf8 { byte } => write!(f, "invalid UTF-8: byte 0x{byte:02X} is not part of a valid UTF-8 sequence"),
            Self::BadBaseHeader { reason } | Self::BadPort { reason } => f.write_str(reason),
            Self::HtmlTokenizer { reason } => write!(f, "the HTML tokenizer failed: {reason}"),
            Self::EmptyFirstSegment => f.write_str("a path cannot begin with an empty segment ('//' after the net_loc)"),
            Self::LoneSurrogate { unit } => write!(f, "lone surrogate U+{unit:04X} cannot be encoded as UTF-8"),
            Self::StrictUnavailable => {
                f.write_str("the strict check is the RFC 1808 section 2.2 grammar: not available with spec='rfc3986' or spec='whatwg'")
            }
            Self::NotAHostName { ch, hint } => {
                describe_char(ch, f)?;
                f.write_str(" is not allowed in a host name")?;
                match hint {
                    NotAHostHint::Url => f.write_str(" (a URL? look up its host)"),
                    NotAHostHint::Port => f.write_str(" (a port? look up the host alone)"),
                    NotAHostHint::None => Ok(()),
                }
            }
            Self::UrlStandard(failure) => write!(f, "invalid URL (URL Standard): {failure}"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.kind, self.offset)
    }
}

impl std::error::Error for Error {}
