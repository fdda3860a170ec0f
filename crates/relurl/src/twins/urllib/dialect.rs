//! What changed in `urllib.parse` between CPython 3.9 and 3.14, as switches, and the scheme
//! lists.
//!
//! Security fixes reached old branches in micro releases, and distributions backport them
//! further (Debian's 3.11.2 has gh-105704), so a version number only gives the likely
//! switches: the Python bindings start from [`Dialect::for_python`] and then ask the running
//! urllib.

/// How `urlsplit` checks a net_loc that holds both `[` and `]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Brackets {
    /// No check beyond the balance of `[` and `]` (before gh-103848).
    None,
    /// gh-103848 (3.11.4, 3.12.0): the text between the first `[` and the next `]` goes to
    /// [`Checks::bracketed_host`](super::Checks::bracketed_host).
    Host,
    /// gh-105704 (3.9.22, 3.10.17, 3.11.12, 3.12.9, 3.13.2, 3.14.0; `_check_bracketed_netloc`):
    /// after the last `@`, a `[` must come first and a `]` be followed by nothing or `:`
    /// ([`UrllibError::InvalidIpv6Url`](super::UrllibError::InvalidIpv6Url) otherwise); the
    /// host, bracketed or not, goes to the check.
    Netloc,
}

/// How `urlunsplit` and `urlunparse` put a `//` before the path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unsplit {
    /// Up to 3.12.3: `if netloc or (scheme and scheme in uses_netloc and url[:2] != '//')`,
    /// then `'/'` before a relative path and `'//' + netloc`.
    AddAuthority,
    /// gh-67693 and gh-85110 (3.12.4, 3.13.0): `//` + net_loc only for a non-empty net_loc;
    /// otherwise `//` before a path that starts with `//`, or before an empty or absolute
    /// path of a `uses_netloc` scheme; a relative path stays relative.
    KeepPath,
    /// 3.14: as [`Unsplit::KeepPath`], but `urlunparse` decides the `uses_netloc` case on the
    /// path before `;params` is added to it.
    KeepPathBeforeParams,
}

/// Which algorithm `urljoin` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JoinRule {
    /// 3.5 to 3.13: both URLs go through `urlparse` (params apart, absent components `''`),
    /// the result through `urlunparse`; an empty path, params and query take the base's.
    Parse,
    /// 3.14 (gh-125926 fixed in 3.14.0a2): both go through `_urlsplit` with absent components
    /// `None`; an empty path takes the base's query only when the reference has no `?`, and
    /// the base's fragment too when it has neither `?` nor `#`; `;params` stay in the path; a
    /// `?` or `#` with nothing after it is kept.
    Defined,
}

/// The behaviour switches of one `urllib.parse`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dialect {
    /// bpo-43882 (3.9.5, 3.10.0): `\t`, `\r` and `\n` are deleted from the URL and the
    /// default scheme, wherever they are (`_UNSAFE_URL_BYTES_TO_REMOVE`).
    pub remove_tab_newline: bool,
    /// gh-102153 (3.9.17, 3.10.12, 3.11.4, 3.12.0): leading C0 controls and spaces (U+0000 to
    /// U+0020, `_WHATWG_C0_CONTROL_OR_SPACE`) are stripped from the URL (`lstrip`), and from
    /// both ends of the default scheme (`strip`).
    pub strip_c0_space: bool,
    /// gh-99418 (3.11.1, 3.12.0): a scheme starts with an ASCII letter
    /// (`url[0].isascii() and url[0].isalpha()`); before, `1a:` was a scheme.
    pub scheme_starts_alpha: bool,
    /// The bracket checks of `urlsplit`.
    pub brackets: Brackets,
    /// The rule of `urlunsplit`/`urlunparse`.
    pub unsplit: Unsplit,
    /// The algorithm of `urljoin`.
    pub join: JoinRule,
}

impl Dialect {
    /// The switches of CPython `major.minor.micro` as released (versions before 3.9 get
    /// 3.9.0's, later than 3.14 get 3.14's).
    pub fn for_python(major: u8, minor: u8, micro: u8) -> Self {
        let v = if major < 3 || (major == 3 && minor < 9) {
            (9, 0)
        } else if major > 3 || minor > 14 {
            (14, u8::MAX)
        } else {
            (minor, micro)
        };
        // The first micro release of each minor with the change (u8::MAX: never).
        let since = |table: [u8; 6]| v.1 >= table[(v.0 - 9) as usize];
        let netloc_check = since([22, 17, 12, 9, 2, 0]);
        let host_check = netloc_check || since([u8::MAX, u8::MAX, 4, 0, 0, 0]);
        Self {
            remove_tab_newline: since([5, 0, 0, 0, 0, 0]),
            strip_c0_space: since([17, 12, 4, 0, 0, 0]),
            scheme_starts_alpha: since([u8::MAX, u8::MAX, 1, 0, 0, 0]),
            brackets: if netloc_check {
                Brackets::Netloc
            } else if host_check {
                Brackets::Host
            } else {
                Brackets::None
            },
            unsplit: if v.0 >= 14 {
                Unsplit::KeepPathBeforeParams
            } else if since([u8::MAX, u8::MAX, u8::MAX, 4, 0, 0]) {
                Unsplit::KeepPath
            } else {
                Unsplit::AddAuthority
            },
            join: if v.0 >= 14 { JoinRule::Defined } else { JoinRule::Parse },
        }
    }
}

/// A list of schemes, as urllib's module-level lists (`scheme in uses_netloc`).
///
/// Each scheme is kept with its length and first eight bytes as one `u64`, so that looking
/// one up (five times per join) compares integers, not strings.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SchemeList(Vec<(usize, u64, Box<str>)>);

/// The first eight bytes of `s`, little-endian, zero-padded.
#[inline]
fn prefix(s: &[u8]) -> u64 {
    let mut key = 0;
    for (i, &b) in s.iter().take(8).enumerate() {
        key |= u64::from(b) << (8 * i);
    }
    key
}

impl SchemeList {
    /// Whether `scheme` is in the list (exact, case-sensitive, as Python's `in`).
    #[inline]
    pub fn contains(&self, scheme: &str) -> bool {
        let (len, key) = (scheme.len(), prefix(scheme.as_bytes()));
        self.0.iter().any(|(l, k, s)| *l == len && *k == key && (len <= 8 || s.as_bytes()[8..] == scheme.as_bytes()[8..]))
    }

    /// The schemes, in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(_, _, s)| &**s)
    }
}

impl<S: Into<Box<str>>> FromIterator<S> for SchemeList {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> Self {
        Self(
            iter.into_iter()
                .map(|s| {
                    let s: Box<str> = s.into();
                    (s.len(), prefix(s.as_bytes()), s)
                })
                .collect(),
        )
    }
}

/// urllib's three scheme lists.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Schemes {
    /// `uses_relative`: schemes whose references are resolved against a base.
    pub uses_relative: SchemeList,
    /// `uses_netloc`: schemes with a `//` net_loc.
    pub uses_netloc: SchemeList,
    /// `uses_params`: schemes whose last path segment may carry `;params`.
    pub uses_params: SchemeList,
}

impl Schemes {
    /// The lists as CPython `major.minor` ships them (`rtsps` from 3.11, `itms-services` in
    /// `uses_netloc` from 3.12).
    pub fn for_python(major: u8, minor: u8) -> Self {
        let at_least = |m: u8| major > 3 || (major == 3 && minor >= m);
        let rtsps: &[&str] = if at_least(11) { &["rtsps"] } else { &[] };
        let itms: &[&str] = if at_least(12) { &["itms-services"] } else { &[] };
        let list = |parts: &[&[&str]]| parts.iter().flat_map(|p| p.iter().copied()).collect();
        Self {
            uses_relative: list(&[
                &["", "ftp", "http", "gopher", "nntp", "imap", "wais", "file", "https", "shttp", "mms", "prospero", "rtsp"],
                rtsps,
                &["rtspu", "sftp", "svn", "svn+ssh", "ws", "wss"],
            ]),
            uses_netloc: list(&[
                &["", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp"],
                &["snews", "prospero", "rtsp"],
                rtsps,
                &["rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git", "git+ssh", "ws", "wss"],
                itms,
            ]),
            uses_params: list(&[
                &["", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp"],
                rtsps,
                &["rtspu", "sip", "sips", "mms", "sftp", "tel"],
            ]),
        }
    }
}
