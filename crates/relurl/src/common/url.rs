//! A parsed URL, [`Url`]: offsets into its input, with the grammar it was parsed by in its
//! type; the one forward pass that splits a URL by either grammar.
//!
//! Parsing never allocates and never fails on content: every string splits into
//! `<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>` (RFC 1808 §2.1; RFC 3986
//! Appendix B has no params). The only error is an input too long for the `u32` offsets.
//! Each grammar's rules are in its own `parse.rs` (`src/grammars/rfc1808/parse.rs`,
//! `src/grammars/rfc3986/parse.rs`). Checking the characters against the RFC 1808 §2.2 BNF is a
//! separate, strict step: [`crate::validate`](fn@crate::validate).

use core::marker::PhantomData;

use crate::common::error::{Error, ErrorKind};
use crate::common::login::Login;
use crate::common::recombine;
use crate::common::scan::{find_byte, find_first_of2};
use crate::common::spec::{Grammar, Rfc1808, Spec};

/// Where each component of a parsed URL lies in its input, as `u32` byte offsets.
///
/// ```text
///  http : // a    /b/c/d  ; p   ? q   # f
///  |   |    |   |       |     |     |     |
///  0   |    |   |       |     |     |     len
///      |    |   |       |     |     query_end ('#' or len)
///      |    |   |       |     params_end ('?', '#' or len)
///      |    |   |       path_end (';', '?', '#' or len)
///      |    |   path_start (also the end of the net_loc)
///      |    netloc_start (after "//")
///      scheme_end (the ':')
/// ```
///
/// A component whose delimiter is absent has an empty range: `path_end == params_end` means
/// no `;`, `params_end == query_end` no `?`, `query_end == len` no `#`. The flags
/// say whether `scheme:` and `//` are present. Under RFC 3986 there are no
/// params (`path_end == params_end`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Offsets {
    scheme_end: u32,
    netloc_start: u32,
    path_start: u32,
    path_end: u32,
    params_end: u32,
    query_end: u32,
    len: u32,
    /// [`HAS_SCHEME`] and [`HAS_NETLOC`]. Flags in a `u32` rather than two `bool`s: eight
    /// `u32`s make a URL of 48 bytes with no padding and no niche, which a move copies in
    /// three aligned 16-byte stores; with `bool`s the compiler copied it in overlapping
    /// pieces, and each copy of a just-parsed reference stalled on store forwarding (a
    /// fifth of a batch row's time).
    flags: u32,
}

/// [`Offsets::flags`]: `scheme:` is present.
const HAS_SCHEME: u32 = 1;
/// [`Offsets::flags`]: `//` is present.
const HAS_NETLOC: u32 = 2;

/// A URL split into its components by the grammar `G`, borrowing (or owning) its input.
///
/// Every accessor is one slice of the input: nothing is copied. `S` is any string holder:
/// `&str` from [`crate::rfc1808::parse`](fn@crate::rfc1808::parse) and [`crate::rfc3986::parse`](fn@crate::rfc3986::parse), or an owned string
/// through [`Url::parse_owned`]. `G` is [`Rfc1808`] (the default: RFC 1808 §2.1's six
/// components, split by §2.4) or [`crate::Rfc3986`] (Appendix B's five); each grammar's
/// resolver takes only URLs of its grammar (see [`Grammar`]).
#[derive(Debug, Clone, Copy)]
pub struct Url<S: AsRef<str>, G: Grammar = Rfc1808> {
    input: S,
    offsets: Offsets,
    grammar: PhantomData<G>,
}

impl<S: AsRef<str>, G: Grammar> Url<S, G> {
    /// Parses `input` by the grammar `G` (RFC 1808 §2.4 or RFC 3986 Appendix B), as
    /// [`crate::rfc1808::parse`](fn@crate::rfc1808::parse) and [`crate::rfc3986::parse`](fn@crate::rfc3986::parse) do, keeping `input` (of any
    /// string type) inside the result.
    ///
    /// # Errors
    /// [`ErrorKind::TooLong`] when `input` is longer than `u32::MAX` bytes.
    ///
    /// # Example
    /// ```
    /// use relurl::{Rfc3986, Url};
    /// let url = Url::<String, Rfc3986>::parse_owned("http://a/b;p".to_owned()).unwrap();
    /// assert_eq!(url.path(), "/b;p");
    /// ```
    #[inline]
    pub fn parse_owned(input: S) -> Result<Self, Error> {
        Self::parse_inlined(input)
    }

    /// [`Url::parse_owned`], always inlined: for the one hot caller, a batch row's
    /// reference ([`crate::AnyUrl::join_into`]), whose offsets then stay in the caller's
    /// frame instead of being stored by the parser and reloaded.
    #[allow(clippy::inline_always)] // measured: benches/compare_builds.py pages60
    #[inline(always)]
    pub(crate) fn parse_inlined(input: S) -> Result<Self, Error> {
        let b = input.as_ref().as_bytes();
        let len = u32::try_from(b.len()).map_err(|_| Error::new(ErrorKind::TooLong, u32::MAX as usize))?;
        let offsets = split::<G>(b, len);
        Ok(Self { input, offsets, grammar: PhantomData })
    }

    /// The same text split by the grammar `H` (the same URL if `H` is `G`); allocates
    /// nothing and cannot fail, as the text was short enough to parse once.
    pub fn reparse<H: Grammar>(&self) -> Url<&str, H> {
        let b = self.as_str().as_bytes();
        Url { input: self.as_str(), offsets: split::<H>(b, self.offsets.len), grammar: PhantomData }
    }

    /// The same URL, borrowing its string holder (a copy of the offsets, nothing else).
    #[inline]
    pub fn by_ref(&self) -> Url<&S, G> {
        Url { input: &self.input, offsets: self.offsets, grammar: PhantomData }
    }

    /// The grammar the URL was parsed by: `G::SPEC`.
    #[inline]
    pub fn spec(&self) -> Spec {
        G::SPEC
    }

    /// The whole input, exactly as given.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.input.as_ref()
    }

    /// The string holder the URL was parsed from.
    pub fn holder(&self) -> &S {
        &self.input
    }

    /// The string holder the URL was parsed from, by value.
    pub fn into_inner(self) -> S {
        self.input
    }

    /// The component offsets (see [`Offsets`]).
    #[inline]
    pub fn offsets(&self) -> Offsets {
        self.offsets
    }

    #[inline]
    fn slice(&self, start: u32, end: u32) -> &str {
        &self.as_str()[start as usize..end as usize]
    }

    /// `<scheme>` (§2.4.2): the characters before the first `:` when all of them are
    /// scheme characters and there is at least one; `""` otherwise.
    #[inline]
    pub fn scheme(&self) -> &str {
        self.slice(0, self.offsets.scheme_end)
    }

    /// Whether a scheme is present (§4 step 2b: a reference with a scheme is absolute).
    #[inline]
    pub fn has_scheme(&self) -> bool {
        self.offsets.flags & HAS_SCHEME != 0
    }

    /// `<net_loc>` (§2.4.3): what follows `//` up to the next `/`; `""` when absent.
    /// It may contain `;` and `?` (§2.2 `net_loc = *( pchar | ";" | "?" )`).
    #[inline]
    pub fn netloc(&self) -> &str {
        if self.offsets.flags & HAS_NETLOC != 0 {
            self.slice(self.offsets.netloc_start, self.offsets.path_start)
        } else {
            ""
        }
    }

    /// The net_loc read as RFC 1738 §3.1's `[user[:password]@]host[:port]` (to which RFC
    /// 1808 §2.1 refers): its user name, password, host name and port, each as the property
    /// of the same name of `urllib.parse.urlsplit` gives it for this URL ([`Login`]).
    ///
    /// That is the net_loc up to its first `?`: RFC 1808's net_loc runs to the first `/`
    /// (§2.4.3), so `http://h?q=a:b` has the net_loc `h?q=a:b`, whose `?q=a:b` every other
    /// reading (urllib, RFC 3986 §3.2, browsers) takes as the query; its host name is `h`,
    /// its port `None`, as urllib says.
    ///
    /// ```
    /// let url = relurl::parse("http://u@Example.COM?to=a@b:c").unwrap();
    /// assert_eq!(url.netloc(), "u@Example.COM?to=a@b:c");
    /// let login = url.login();
    /// assert_eq!((login.netloc(), login.username()), ("u@Example.COM", Some("u")));
    /// assert_eq!((login.hostname().as_deref(), login.port()), (Some("example.com"), Ok(None)));
    /// ```
    #[inline]
    pub fn login(&self) -> Login<'_> {
        Login::new(self.split_netloc().0, self.offsets.netloc_start as usize)
    }

    /// The net_loc split at its first `?`: the authority that urllib and RFC 3986 §3.2 read
    /// (`[user[:password]@]host[:port]`), and what RFC 1808's net_loc (which runs to the
    /// first `/`, §2.4.3) holds after it, from the `?` on: a query in every other reading
    /// (empty without a `?`, and always under RFC 3986, whose authority ends at `?`).
    pub(crate) fn split_netloc(&self) -> (&str, &str) {
        let netloc = self.netloc();
        if G::SPEC == Spec::Rfc3986 {
            return (netloc, "");
        }
        netloc.split_at(find_byte(netloc.as_bytes(), 0, b'?'))
    }

    /// Whether the URL has `//` (a net_loc, possibly empty, as in `file:///etc`).
    #[inline]
    pub fn has_netloc(&self) -> bool {
        self.offsets.flags & HAS_NETLOC != 0
    }

    /// `<path>` with its leading `/` when present (§2.4.6 "storing the preceding slash along
    /// with the path").
    #[inline]
    pub fn path(&self) -> &str {
        self.slice(self.offsets.path_start, self.offsets.path_end)
    }

    /// `<params>` (§2.4.5): after the first `;` that precedes any `?`; `""` when absent.
    #[inline]
    pub fn params(&self) -> &str {
        if self.has_params_delimiter() {
            self.slice(self.offsets.path_end + 1, self.offsets.params_end)
        } else {
            ""
        }
    }

    /// Whether a `;` is present, even with empty params (`"g;"`).
    #[inline]
    pub fn has_params_delimiter(&self) -> bool {
        self.offsets.path_end < self.offsets.params_end
    }

    /// `<query>` (§2.4.4): after the first `?` (outside the net_loc); `""` when absent.
    #[inline]
    pub fn query(&self) -> &str {
        if self.has_query_delimiter() {
            self.slice(self.offsets.params_end + 1, self.offsets.query_end)
        } else {
            ""
        }
    }

    /// Whether a `?` is present, even with an empty query (`"g?"`).
    #[inline]
    pub fn has_query_delimiter(&self) -> bool {
        self.offsets.params_end < self.offsets.query_end
    }

    /// `<fragment>` (§2.4.1): after the first `#`; `""` when absent.
    #[inline]
    pub fn fragment(&self) -> &str {
        if self.has_fragment_delimiter() {
            self.slice(self.offsets.query_end + 1, self.offsets.len)
        } else {
            ""
        }
    }

    /// Whether a `#` is present, even with an empty fragment (`"g#"`).
    #[inline]
    pub fn has_fragment_delimiter(&self) -> bool {
        self.offsets.query_end < self.offsets.len
    }

    /// The byte range of `<path>` in the input.
    pub fn path_range(&self) -> core::ops::Range<usize> {
        self.offsets.path_start as usize..self.offsets.path_end as usize
    }

    /// Whether recombination ([`Url::write_recombined`]) gives back the input exactly. Under
    /// RFC 3986 it always does. Under RFC 1808 it does not when a `;`, `?` or `#` stands
    /// with nothing after it: §2.4.1, §2.4.4 and §2.4.5 make such a component empty, and an
    /// empty component is not written back.
    pub fn recombines_losslessly(&self) -> bool {
        if G::SPEC == Spec::Rfc3986 {
            return true;
        }
        let empty_but_delimited = |has_delimiter: bool, value: &str| has_delimiter && value.is_empty();
        !(empty_but_delimited(self.has_params_delimiter(), self.params())
            || empty_but_delimited(self.has_query_delimiter(), self.query())
            || empty_but_delimited(self.has_fragment_delimiter(), self.fragment()))
    }

    /// The net_loc (RFC 3986: authority) if `//` is present (RFC 3986 §5.2.1 "defined").
    #[inline]
    pub fn netloc_if_defined(&self) -> Option<&str> {
        self.has_netloc().then(|| self.netloc())
    }

    /// The query if `?` is present (RFC 3986 §5.2.1 "defined").
    #[inline]
    pub fn query_if_defined(&self) -> Option<&str> {
        self.has_query_delimiter().then(|| self.query())
    }

    /// The fragment if `#` is present (RFC 3986 §5.2.1 "defined").
    #[inline]
    pub fn fragment_if_defined(&self) -> Option<&str> {
        self.has_fragment_delimiter().then(|| self.fragment())
    }

    /// Appends the recombination of the components to `out`: RFC 1808 §4 step 7 (empty
    /// params, query and fragment are not written), or RFC 3986 §5.3 (defined components
    /// are written, even empty), by the grammar the URL was parsed with.
    pub fn write_recombined(&self, out: &mut String) {
        let scheme = self.has_scheme().then(|| self.scheme());
        if G::SPEC == Spec::Rfc3986 {
            return recombine::write_rfc3986(
                out,
                scheme,
                self.netloc_if_defined(),
                self.path(),
                self.query_if_defined(),
                self.fragment_if_defined(),
            );
        }
        recombine::write_rfc1808(
            out,
            &recombine::Parts {
                scheme: self.scheme(),
                netloc: self.netloc_if_defined(),
                path: self.path(),
                params: self.params(),
                query: self.query(),
                fragment: self.fragment(),
            },
        );
    }

    /// Checks the offsets against the input; for tests and fuzzers.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> bool {
        let o = self.offsets;
        let s = self.as_str();
        let b = s.as_bytes();
        let ordered = o.scheme_end <= o.path_start
            && o.path_start <= o.path_end
            && o.path_end <= o.params_end
            && o.params_end <= o.query_end
            && o.query_end <= o.len
            && o.len as usize == s.len();
        let boundaries = [o.scheme_end, o.netloc_start, o.path_start, o.path_end, o.params_end, o.query_end]
            .iter()
            .all(|&i| s.is_char_boundary(i as usize));
        let delimiters = (o.flags & HAS_SCHEME == 0 || b[o.scheme_end as usize] == b':')
            && (!self.has_params_delimiter() || b[o.path_end as usize] == b';')
            && (!self.has_query_delimiter() || b[o.params_end as usize] == b'?')
            && (!self.has_fragment_delimiter() || b[o.query_end as usize] == b'#')
            && (o.flags & HAS_NETLOC == 0 || &b[o.netloc_start as usize - 2..o.netloc_start as usize] == b"//");
        ordered && boundaries && delimiters
    }
}

impl<S: AsRef<str>, G: Grammar> core::fmt::Display for Url<S, G> {
    /// Writes the recombination of [`Url::write_recombined`]: RFC 1808 §4 step 7 or RFC 3986
    /// §5.3.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut out = String::new();
        self.write_recombined(&mut out);
        f.write_str(&out)
    }
}

/// Finds the component boundaries of `b` (`len` bytes) by the rules of `G` (RFC 1808 §2.4
/// or RFC 3986 Appendix B), in a single forward pass.
///
/// RFC 1808 removes the fragment first, then the scheme, net_loc, query and params.
/// Scanning forward gives the same split: the scheme scan stops at `#` (not a scheme
/// character); the net_loc ends at the first `/` or `#`; the params start at the first `;`
/// before any `?` or `#`; the query at the first `?` before any `#`. RFC 3986's regular
/// expression differs in three places: a scheme is any run of characters other than
/// `:/?#`, the authority also ends at `?`, and there are no params (its path ends at the
/// first `?` or `#`, so no `;` stands at `path_end`). Those differences are `G`'s
/// [`Rules`](crate::common::spec::sealed::Rules).
#[allow(clippy::inline_always)]
#[inline(always)] // into `Url::parse_inlined`: see there
fn split<G: Grammar>(b: &[u8], len: u32) -> Offsets {
    let n = b.len();

    // RFC 1808 §2.4.2: a ':' after the first character and before any non-scheme
    // character. RFC 3986 Appendix B: `([^:/?#]+):`.
    let mut i = 0;
    while i < n && G::continues_scheme(b[i]) {
        i += 1;
    }
    let has_scheme = i > 0 && i < n && b[i] == b':';
    let (scheme_end, mut pos) = if has_scheme { (i, i + 1) } else { (0, 0) };

    // §2.4.3: "//" then everything up to the next '/' (the fragment is already set aside).
    let has_netloc = b[pos..].starts_with(b"//");
    let netloc_start = if has_netloc { pos + 2 } else { pos };
    if has_netloc {
        pos = G::netloc_end(b, netloc_start);
    }
    let path_start = pos;

    // §2.4.5 and §2.4.4 (and §2.4.1's '#' bounding both).
    let path_end = G::path_end(b, path_start);
    let params_end = if path_end < n && b[path_end] == b';' { find_first_of2(b, path_end + 1, b'?', b'#') } else { path_end };
    let query_end = if params_end < n && b[params_end] == b'?' { find_byte(b, params_end + 1, b'#') } else { params_end };

    Offsets {
        scheme_end: scheme_end as u32,
        netloc_start: netloc_start as u32,
        path_start: path_start as u32,
        path_end: path_end as u32,
        params_end: params_end as u32,
        query_end: query_end as u32,
        len,
        flags: if has_scheme { HAS_SCHEME } else { 0 } | if has_netloc { HAS_NETLOC } else { 0 },
    }
}

#[cfg(test)]
mod tests {
    use super::{Offsets, Url};

    /// The layout every batch row moves (issue 22, item 0): eight `u32`s of offsets and a
    /// 48-byte borrowed URL with no padding, which a move copies in three aligned 16-byte
    /// stores. With two `bool` flags it was 46 bytes copied in overlapping pieces, and each
    /// copy of a just-parsed reference stalled on store forwarding (a fifth of a row's time
    /// per page, `benches/compare_builds.py --only pages60`).
    #[test]
    fn a_parsed_url_is_eight_u32s_beside_its_text() {
        assert_eq!(core::mem::size_of::<Offsets>(), 32);
        assert_eq!(core::mem::size_of::<Url<&str>>(), 48);
        // The `Result` a parse returns uses the text's pointer as its tag: no byte added.
        assert_eq!(core::mem::size_of::<Result<Url<&str>, crate::Error>>(), 48);
    }
}
