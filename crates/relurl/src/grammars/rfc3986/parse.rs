//! Parsing a URI reference into its five components, RFC 3986 Appendix B: the grammar's own
//! rules, and [`parse`].
//!
//! Appendix B's regular expression, `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`,
//! splits every string. The forward pass that does it in one scan is shared with RFC 1808
//! (`src/common/url.rs`); what is RFC 3986's is below.

use crate::common::error::Error;
use crate::common::scan::{find_first_of2, find_first_of3};
use crate::common::spec::{sealed::Rules, Rfc3986};
use crate::common::url::Url;

impl Rules for Rfc3986 {
    /// Appendix B `([^:/?#]+):`: any character but the four delimiters.
    #[inline]
    fn continues_scheme(c: u8) -> bool {
        !matches!(c, b':' | b'/' | b'?' | b'#')
    }

    /// Appendix B `//([^/?#]*)`: the authority ends at the first `/`, `?` or `#`.
    #[inline]
    fn netloc_end(b: &[u8], from: usize) -> usize {
        find_first_of3(b, from, b'/', b'?', b'#')
    }

    /// Appendix B `([^?#]*)`: `;` is part of the path, so there are no params.
    #[inline]
    fn path_end(b: &[u8], from: usize) -> usize {
        find_first_of2(b, from, b'?', b'#')
    }
}

/// Parses `input` by RFC 3986 Appendix B, the grammar [`crate::rfc3986::resolve`](fn@crate::rfc3986::resolve) uses:
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`. Five components: `;` is
/// part of the path, the authority ends at the first `/`, `?` or `#`, and a component is
/// *defined* when its delimiter is present, even if empty (§5.2.1).
///
/// Performs no heap allocation; the components are slices of `input`.
///
/// # Errors
/// [`crate::ErrorKind::TooLong`] when `input` is longer than `u32::MAX` bytes.
///
/// # Example
/// ```
/// let url = relurl::rfc3986::parse("http://a/b/c/d;p?q").unwrap();
/// assert_eq!((url.netloc(), url.path(), url.query()), ("a", "/b/c/d;p", "q"));
/// assert!(!url.has_fragment_delimiter());
/// ```
#[inline]
pub fn parse(input: &str) -> Result<Url<&str, Rfc3986>, Error> {
    Url::parse_owned(input)
}
