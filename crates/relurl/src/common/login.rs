//! The parts of a net_loc in the login form of RFC 1738 §3.1 (to which RFC 1808 §2.1 refers
//! for `<net_loc>`): `[user[:password]@]host[:port]`, read as CPython's `urllib.parse` reads
//! them ([`Login`]).
//!
//! RFC 1738 §3.1 gives the form but no rule for a net_loc that does not follow it (an `@` in
//! the password, a port that is not a number, an IPv6 address in brackets, which RFC 3986
//! §3.2.2 added). So the parts are split exactly as the properties of urllib's
//! `SplitResult` split them (`_NetlocResultMixinStr._userinfo` / `_hostinfo` and
//! `_NetlocResultMixinBase.username` / `password` / `hostname` / `port` in
//! `Lib/urllib/parse.py`, the same in CPython 3.10 to 3.13): the user information is what
//! precedes the last `@`, the host what follows it, and a bad port is an error where urllib
//! raises `ValueError` (also a port of more digits than Python's `int()` reads:
//! [`crate::int_limit`]).

use std::borrow::Cow;

use crate::common::error::{Error, ErrorKind};

/// The reason of an [`ErrorKind::BadPort`] for a port that is not all ASCII digits.
pub(crate) const PORT_NOT_DIGITS: &str = "the port is not a decimal number (ASCII digits 0-9 only, RFC 1738 section 3.1)";
/// The reason of an [`ErrorKind::BadPort`] for a port above 65535.
pub(crate) const PORT_OUT_OF_RANGE: &str = "the port is out of range 0-65535";

/// A net_loc read as `[user[:password]@]host[:port]` (RFC 1738 §3.1), with urllib's answers
/// for every string: the twin of the `username`, `password`, `hostname` and `port`
/// properties of `urllib.parse.urlsplit(url)` given the same net_loc.
///
/// ```
/// use relurl::Login;
/// let login = Login::new("User:Pw@[FE80::1%Zone]:8080", 0);
/// assert_eq!((login.username(), login.password()), (Some("User"), Some("Pw")));
/// assert_eq!(login.hostname().as_deref(), Some("fe80::1%Zone"));
/// assert_eq!(login.port(), Ok(Some(8080)));
/// let url = relurl::parse("http://WWW.Example.com:99999/").unwrap();
/// assert_eq!(url.login().hostname().as_deref(), Some("www.example.com"));
/// assert_eq!(url.login().port().unwrap_err().offset(), 23);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Login<'a> {
    netloc: &'a str,
    /// The byte offset of the net_loc in the URL it came from (for errors).
    offset: usize,
    /// The most digits a port may have ([`crate::int_limit`]; 0: no limit).
    int_max_str_digits: usize,
}

impl<'a> Login<'a> {
    /// The reason of the [`ErrorKind::BadPort`] of a port of more digits than Python's
    /// `int()` reads ([`Login::with_int_max_str_digits`]), where urllib's `port` raises
    /// `ValueError`.
    pub const PORT_TOO_MANY_DIGITS: &'static str = "the port has more digits than Python's int() reads (sys.get_int_max_str_digits())";

    /// The net_loc `netloc`, found at byte `offset` of its URL (the offset only places the
    /// errors of [`Login::port`]), with Python's default limit on a port's digits
    /// ([`crate::int_limit::DEFAULT`]).
    pub const fn new(netloc: &'a str, offset: usize) -> Self {
        Self { netloc, offset, int_max_str_digits: crate::common::int_limit::DEFAULT }
    }

    /// The same net_loc, whose port may have at most `int_max_str_digits` digits (leading
    /// zeros count; 0: no limit): the running Python's `sys.get_int_max_str_digits()`, which
    /// urllib's `int(port)` obeys.
    ///
    /// ```
    /// use relurl::Login;
    /// let port = format!("h:{}80", "0".repeat(4299));
    /// assert!(Login::new(&port, 0).port().is_err());
    /// assert_eq!(Login::new(&port, 0).with_int_max_str_digits(0).port(), Ok(Some(80)));
    /// ```
    #[must_use]
    pub const fn with_int_max_str_digits(self, int_max_str_digits: usize) -> Self {
        Self { int_max_str_digits, ..self }
    }

    /// The net_loc itself.
    pub const fn netloc(&self) -> &'a str {
        self.netloc
    }

    /// The user information and the host information: around the last `@` (urllib's
    /// `netloc.rpartition('@')`); no user information without an `@`. Also the split of
    /// [`crate::normalize`], whose host and port are RFC 3986 §3.2's, not urllib's.
    pub(crate) fn split_at_sign(&self) -> (Option<&'a str>, &'a str, usize) {
        match self.netloc.rfind('@') {
            Some(at) => (Some(&self.netloc[..at]), &self.netloc[at + 1..], at + 1),
            None => (None, self.netloc, 0),
        }
    }

    /// The user name: before the first `:` of the user information; `None` without an `@`
    /// (urllib's `username`). It may be empty (`@host`).
    pub fn username(&self) -> Option<&'a str> {
        let (userinfo, _, _) = self.split_at_sign();
        userinfo.map(|u| u.split_once(':').map_or(u, |(user, _)| user))
    }

    /// The password: after the first `:` of the user information; `None` without an `@` or
    /// without that `:` (urllib's `password`).
    pub fn password(&self) -> Option<&'a str> {
        let (userinfo, _, _) = self.split_at_sign();
        userinfo.and_then(|u| u.split_once(':')).map(|(_, password)| password)
    }

    /// The host as written and the port's text with its byte offset in the net_loc (`None`
    /// for an empty port). urllib's `_hostinfo`: after the last `@`; with a `[`, the host is
    /// what follows the first `[` up to the next `]` (or the end) and the port what follows
    /// the first `:` after that `]`; else the host runs to the first `:` and the port is the
    /// rest.
    fn hostinfo(&self) -> (&'a str, Option<(&'a str, usize)>) {
        let (_, hostinfo, start) = self.split_at_sign();
        let (host, port) = if let Some(open) = hostinfo.find('[') {
            let bracketed = &hostinfo[open + 1..];
            match bracketed.find(']') {
                Some(close) => {
                    let after = open + 1 + close + 1;
                    (&bracketed[..close], hostinfo[after..].find(':').map(|colon| after + colon + 1))
                }
                None => (bracketed, None),
            }
        } else {
            match hostinfo.find(':') {
                Some(colon) => (&hostinfo[..colon], Some(colon + 1)),
                None => (hostinfo, None),
            }
        };
        let port = port.map(|at| (&hostinfo[at..], start + at)).filter(|(text, _)| !text.is_empty());
        (host, port)
    }

    /// The host name: lower-cased, without the brackets of an IPv6 address; `None` when
    /// empty (urllib's `hostname`). As urllib does, only the text before the first `%` is
    /// lower-cased (an IPv6 zone, `[fe80::1%eth0]`, keeps its case) and the lower-casing is
    /// Unicode's (Python's `str.lower()`, Rust's `str::to_lowercase`: the same full case
    /// mapping, final sigma included; the two agree for every character both Unicode
    /// versions have assigned). Borrowed when nothing is lowered.
    pub fn hostname(&self) -> Option<Cow<'a, str>> {
        let (host, _) = self.hostinfo();
        if host.is_empty() {
            return None;
        }
        let (name, zone) = host.split_at(host.find('%').unwrap_or(host.len()));
        Some(if name.is_ascii() {
            if name.bytes().any(|b| b.is_ascii_uppercase()) {
                Cow::Owned(name.to_ascii_lowercase() + zone)
            } else {
                Cow::Borrowed(host)
            }
        } else {
            let lowered = name.to_lowercase();
            if lowered == name {
                Cow::Borrowed(host)
            } else {
                Cow::Owned(lowered + zone)
            }
        })
    }

    /// The port as a number; `None` when absent or empty (urllib's `port`).
    ///
    /// # Errors
    /// [`ErrorKind::BadPort`], at the port's first byte in the URL, where urllib raises
    /// `ValueError`: a port that is not all ASCII digits (`str.isdigit()` and
    /// `str.isascii()`; `+1`, `1_0`, ` 80` and `٨٠` are not), or has more digits than
    /// `int()` reads ([`Login::with_int_max_str_digits`]; reason
    /// [`Login::PORT_TOO_MANY_DIGITS`]), or is above 65535 (leading zeros are allowed:
    /// `00080` is 80), checked in this order, as urllib does.
    pub fn port(&self) -> Result<Option<u16>, Error> {
        let (_, port) = self.hostinfo();
        let Some((text, at)) = port else { return Ok(None) };
        let bad = |reason| Error::new(ErrorKind::BadPort { reason }, self.offset + at);
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad(PORT_NOT_DIGITS));
        }
        if crate::common::int_limit::check(text.len(), self.int_max_str_digits).is_err() {
            return Err(bad(Self::PORT_TOO_MANY_DIGITS));
        }
        let value = text.bytes().try_fold(0u16, |n, b| n.checked_mul(10)?.checked_add(u16::from(b - b'0')));
        value.map(Some).ok_or_else(|| bad(PORT_OUT_OF_RANGE))
    }
}

#[cfg(test)]
mod tests {
    use super::Login;
    use crate::common::error::ErrorKind;

    /// The user name, password, host name, and the port or its error's reason and offset.
    type Parts<'a> = (Option<&'a str>, Option<&'a str>, Option<String>, Result<Option<u16>, (&'static str, usize)>);

    fn parts(netloc: &str) -> Parts<'_> {
        let login = Login::new(netloc, 0);
        let port = login.port().map_err(|e| match e.kind() {
            ErrorKind::BadPort { reason } => (reason, e.offset()),
            other => panic!("{other:?}"),
        });
        (login.username(), login.password(), login.hostname().map(std::borrow::Cow::into_owned), port)
    }

    #[test]
    fn urllib_answers() {
        let h = |s: &str| Some(s.to_owned());
        assert_eq!(parts(""), (None, None, None, Ok(None)));
        assert_eq!(parts("a"), (None, None, h("a"), Ok(None)));
        assert_eq!(parts("u:p:q@A:0"), (Some("u"), Some("p:q"), h("a"), Ok(Some(0))));
        assert_eq!(parts("u@v@H:"), (Some("u@v"), None, h("h"), Ok(None)));
        assert_eq!(parts("@:65535"), (Some(""), None, None, Ok(Some(65535))));
        assert_eq!(parts("[::1"), (None, None, h("::1"), Ok(None)));
        assert_eq!(parts("x[::A]y:z:1"), (None, None, h("::a"), Err((super::PORT_NOT_DIGITS, 8))));
        assert_eq!(parts("[::1]80"), (None, None, h("::1"), Ok(None)));
        assert_eq!(parts("a]:1"), (None, None, h("a]"), Ok(Some(1))));
        assert_eq!(parts("A:000000000000080"), (None, None, h("a"), Ok(Some(80))));
        assert_eq!(parts("a:65536"), (None, None, h("a"), Err((super::PORT_OUT_OF_RANGE, 2))));
        assert_eq!(parts("a:99999999999999999999"), (None, None, h("a"), Err((super::PORT_OUT_OF_RANGE, 2))));
        assert_eq!(parts("u@a:1x"), (Some("u"), None, h("a"), Err((super::PORT_NOT_DIGITS, 4))));
        assert_eq!(parts("EX%41MPLE"), (None, None, h("ex%41MPLE"), Ok(None)));
        assert_eq!(parts("ÄΣ.ΑΣ"), (None, None, h("äσ.ας"), Ok(None)));
        assert_eq!(parts("a:\u{0668}"), (None, None, h("a"), Err((super::PORT_NOT_DIGITS, 2))));
    }

    #[test]
    fn hostname_borrows_when_nothing_is_lowered() {
        for netloc in ["example.com", "u@[::1]:1", "bücher.de", "a%ZONE"] {
            let host = Login::new(netloc, 0).hostname().unwrap();
            assert!(matches!(host, std::borrow::Cow::Borrowed(_)), "{netloc}");
        }
    }
}
