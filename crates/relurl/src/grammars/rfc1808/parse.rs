//! Parsing a URL into its six components, RFC 1808 §2.4: the grammar's own rules, and
//! [`parse`].
//!
//! §2.1 splits a URL into `<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>`; §2.4
//! takes the components off in the order fragment (§2.4.1), scheme (§2.4.2), net_loc
//! (§2.4.3), query (§2.4.4), params (§2.4.5), path (§2.4.6). The forward pass that does it
//! in one scan is shared with RFC 3986 (`src/common/url.rs`); what is RFC 1808's is below.

use crate::common::error::Error;
use crate::common::scan::{find_first_of2, find_first_of3, is_scheme_char};
use crate::common::spec::{sealed::Rules, Rfc1808};
use crate::common::url::Url;

impl Rules for Rfc1808 {
    /// §2.2 `scheme = 1*( alpha | digit | "+" | "-" | "." )`.
    #[inline]
    fn continues_scheme(c: u8) -> bool {
        is_scheme_char(c)
    }

    /// §2.4.3: the net_loc runs from `//` to the next `/` (the `#` of §2.4.1 bounds it too);
    /// it may hold `;` and `?`.
    #[inline]
    fn netloc_end(b: &[u8], from: usize) -> usize {
        find_first_of2(b, from, b'/', b'#')
    }

    /// §2.4.5: the params start at the first `;` of what is left; §2.4.4, §2.4.1: a `?` or
    /// `#` ends the path first.
    #[inline]
    fn path_end(b: &[u8], from: usize) -> usize {
        find_first_of3(b, from, b';', b'?', b'#')
    }
}

/// Parses `input` by the rules of RFC 1808 §2.4, in the RFC's order: fragment (§2.4.1),
/// scheme (§2.4.2), net_loc (§2.4.3), query (§2.4.4), params (§2.4.5), path (§2.4.6).
///
/// Performs no heap allocation; the components are slices of `input`.
///
/// # Errors
/// [`crate::ErrorKind::TooLong`] when `input` is longer than `u32::MAX` bytes.
///
/// # Example
/// ```
/// let url = relurl::rfc1808::parse("http://a/b/c/d;p?q#f").unwrap();
/// assert_eq!(url.scheme(), "http");
/// assert_eq!(url.netloc(), "a");
/// assert_eq!(url.path(), "/b/c/d");
/// assert_eq!((url.params(), url.query(), url.fragment()), ("p", "q", "f"));
/// ```
#[inline]
pub fn parse(input: &str) -> Result<Url<&str, Rfc1808>, Error> {
    Url::parse_owned(input)
}
