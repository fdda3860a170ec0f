//! The one lookup of a message header by name, shared by the §3 base ([`establish_base`]:
//! `Base`, `Content-Base`, `Content-Location`), link extraction (`Content-Type`) and the
//! bindings (which find the `Base` header an error points into).
//!
//! [`establish_base`]: crate::rfc1808::establish_base

/// The value of the first header named `name` among `headers` ((name, value) pairs), names
/// compared ASCII case-insensitively with their surrounding whitespace ignored.
///
/// ```
/// let headers = [("Content-Type", "text/html"), (" base ", "<URL:http://a/>"), ("Base", "<URL:http://b/>")];
/// assert_eq!(relurl::rfc1808::find_header(&headers, "Base"), Some("<URL:http://a/>"));
/// assert_eq!(relurl::rfc1808::find_header(&headers, "Content-Base"), None);
/// ```
#[must_use]
pub fn find_header<'a>(headers: &[(&'a str, &'a str)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(n, _)| n.trim().eq_ignore_ascii_case(name)).map(|&(_, value)| value)
}
