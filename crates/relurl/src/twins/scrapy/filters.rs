//! The filters of Scrapy 2.19's `LxmlLinkExtractor._link_allowed`
//! (`scrapy/linkextractors/lxmlhtml.py`) that need no regular expression: the scheme check
//! (`_is_valid_url`), `url_is_from_any_domain` (`scrapy/utils/url.py`) for `allow_domains` and
//! `deny_domains`, and `url_has_any_extension` for `deny_extensions`.

use std::collections::HashSet;

use crate::twins::idna2003::UnicodeVersion;
use crate::twins::w3lib::py_lower;

/// The schemes `scrapy.linkextractors._is_valid_url` accepts.
const VALID_SCHEMES: [&str; 4] = ["http", "https", "file", "ftp"];

/// A net_loc's test against a set of domains: `url_is_from_any_domain`.
#[derive(Debug, Clone, Default)]
pub struct Domains {
    lowered: HashSet<String>,
}

impl Domains {
    /// The domains as given (each lowered by Python's `str.lower` of `unicode`).
    pub fn new<'a>(domains: impl IntoIterator<Item = &'a str>, unicode: UnicodeVersion) -> Self {
        Self { lowered: domains.into_iter().map(|d| py_lower(d, unicode).into_owned()).collect() }
    }

    /// Whether there is no domain (then Scrapy does not filter).
    pub fn is_empty(&self) -> bool {
        self.lowered.is_empty()
    }

    /// `url_is_from_any_domain` for a URL of this net_loc: the net_loc lowered equals a
    /// domain, or ends with `"." + domain`.
    pub fn matches(&self, netloc: &str, unicode: UnicodeVersion) -> bool {
        let host = py_lower(netloc, unicode);
        if host.is_empty() {
            return false;
        }
        // `host.endswith("." + d)`: `d` is what follows one of the host's dots.
        self.lowered.contains(&*host) || host.match_indices('.').any(|(i, _)| self.lowered.contains(&host[i + 1..]))
    }
}

/// `_is_valid_url`: `url.split("://", 1)[0] in {"http", "https", "file", "ftp"}`. The text
/// before the first `"://"` is one of the four exactly when the URL starts with it and
/// `"://"` (none of them holds a `:`); with no `"://"`, it is the whole URL.
pub fn is_valid_url(url: &str) -> bool {
    VALID_SCHEMES.iter().any(|scheme| url.strip_prefix(scheme).is_some_and(|rest| rest.is_empty() || rest.starts_with("://")))
}

/// `url_has_any_extension` on a path: `deny_extensions`, each with its leading `"."`.
pub(super) struct Extensions<'a> {
    set: &'a HashSet<String>,
    /// The longest one's length in bytes: only the path's last so many bytes can end with one.
    longest: usize,
}

impl<'a> Extensions<'a> {
    pub(super) fn new(set: &'a HashSet<String>) -> Self {
        Self { set, longest: set.iter().map(String::len).max().unwrap_or(0) }
    }

    /// `any(path.lower().endswith(ext) for ext in extensions)` (`str.lower` of `unicode`):
    /// the lowered path's suffixes that start at one of its dots. An ASCII path is lowered
    /// only in its last bytes that an extension can match.
    pub(super) fn any_ends(&self, path: &str, unicode: UnicodeVersion) -> bool {
        if self.set.is_empty() {
            return false;
        }
        if path.is_ascii() {
            let tail = &path.as_bytes()[path.len().saturating_sub(self.longest)..];
            let mut lowered = [0u8; 32];
            if let Some(buffer) = lowered.get_mut(..tail.len()) {
                buffer.copy_from_slice(tail);
                buffer.make_ascii_lowercase();
                // ASCII, so every byte starts a character.
                let tail = std::str::from_utf8(buffer).unwrap_or_default();
                return has_extension(tail, self.set);
            }
        }
        has_extension(&py_lower(path, unicode), self.set)
    }
}

/// `any(path.endswith(ext) for ext in extensions)` for extensions that start with `"."`:
/// the path's suffixes that start at one of its dots.
fn has_extension(path: &str, extensions: &HashSet<String>) -> bool {
    memchr::memchr_iter(b'.', path.as_bytes()).any(|i| extensions.contains(&path[i..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_urls() {
        assert!(is_valid_url("http://a/"));
        assert!(is_valid_url("http"));
        assert!(!is_valid_url("HTTP://a/"));
        assert!(!is_valid_url("mailto:a@b"));
        // Python's `url.split("://", 1)[0] in {...}`, written out.
        let python = |url: &str| VALID_SCHEMES.contains(&url.split_once("://").map_or(url, |(scheme, _)| scheme));
        for url in [
            "",
            "h",
            "https",
            "ftp://",
            "file:///x",
            "https:/x",
            "http:x://y",
            "x://http://",
            "httpss://a",
            "ftp:",
            "fil",
            "https//a",
            "http://",
            "ftps://a",
            "http://a://b",
        ] {
            assert_eq!(is_valid_url(url), python(url), "{url:?}");
        }
    }

    #[test]
    fn extensions_of_lowered_paths() {
        let unicode = UnicodeVersion::default();
        let set: HashSet<String> = [".pdf", ".tar.gz", ".ä", &format!(".{}", "x".repeat(40))].map(str::to_owned).into();
        let extensions = Extensions::new(&set);
        assert_eq!(extensions.longest, 41);
        // Python's `any(path.lower().endswith(e) for e in set)`, written out.
        let python = |path: &str| set.iter().any(|e| py_lower(path, unicode).ends_with(e.as_str()));
        let long = format!("/a.{}", "X".repeat(40));
        for path in ["/a.PDF", "/a.pdf/", "/b.TAR.GZ", "/c.gz", "/pdf", "", "/Ä.Ä", "/ä.pdf", &long, "/.pdf", "/x.y.z.pdf"] {
            assert_eq!(extensions.any_ends(path, unicode), python(path), "{path:?}");
        }
        let short: HashSet<String> = [".pdf".to_owned()].into();
        let extensions = Extensions::new(&short);
        assert!(extensions.any_ends("/A/B/C.PDF", unicode));
        assert!(!extensions.any_ends("/a.pdfx", unicode));
        assert!(!Extensions::new(&HashSet::new()).any_ends("/a.pdf", unicode));
    }

    #[test]
    fn domains() {
        let d = Domains::new(["Example.COM", ""], UnicodeVersion::default());
        let u = UnicodeVersion::default();
        assert!(d.matches("example.com", u));
        assert!(d.matches("WWW.example.com", u));
        assert!(!d.matches("example.com:80", u));
        assert!(d.matches("x.", u));
        assert!(!d.matches("", u));
        assert!(!d.matches("badexample.com", u));
    }

    #[test]
    fn extensions() {
        let e: HashSet<String> = [".pdf".to_owned(), ".tar.gz".to_owned()].into();
        assert!(has_extension("/a/b.pdf", &e));
        assert!(has_extension("/a.tar.gz", &e));
        assert!(!has_extension("/a.gz", &e));
        assert!(!has_extension("/apdf", &e));
    }
}
