//! tldextract 5.4.0's `extract`: a URL's host split into subdomain, domain and public suffix
//! by the Public Suffix List, with tldextract's own answers where they differ from the
//! list's algorithm (publicsuffix.org/list, "Formal Algorithm"): a host under no rule has no
//! suffix (the list's implicit `*` rule is not applied), a wildcard is read only where a
//! label matches no rule, and the rules are tldextract's reading of the list's text.
//!
//! - `netloc.rs`: `lenient_netloc` (the host of a URL-like string);
//! - `suffix_list.rs`: the rules of the list's text, ICANN and private;
//! - `trie.rs`: the trie of rules and `suffix_index`, its walk (`xn--` labels decoded as the
//!   idna package decodes them).
//!
//! ```
//! use relurl::tldextract::Extractor;
//! let list = "com\nuk\nco.uk\n*.ck\n!www.ck\n// ===BEGIN PRIVATE DOMAINS===\nblogspot.com\n";
//! let extractor = Extractor::from_list_text(list).unwrap();
//! let r = extractor.extract("http://forums.news.Example.co.uk:8080/a", false, Default::default());
//! assert_eq!((r.subdomain.as_str(), r.domain.as_str(), r.suffix.as_str()), ("forums.news", "Example", "co.uk"));
//! assert_eq!(r.top_domain_under_public_suffix(), "Example.co.uk");
//! ```

mod netloc;
mod suffix_list;
mod trie;

use std::sync::OnceLock;

use crate::twins::idna2003::UnicodeVersion;
use crate::twins::w3lib::{ip_address, IpAddress};
use trie::Trie;

/// The extractor of the bundled list ([`crate::public_suffix::BUNDLED_LIST`]), read once.
pub fn bundled() -> &'static Extractor {
    static BUNDLED: OnceLock<Extractor> = OnceLock::new();
    BUNDLED.get_or_init(|| {
        Extractor::from_list_text(crate::public_suffix::BUNDLED_LIST).unwrap_or_else(|NoRules| unreachable!("the bundled list has rules"))
    })
}

/// The tries of one list: with and without the private rules (tldextract's
/// `_PublicSuffixListTLDExtractor`).
#[derive(Debug, Clone)]
pub struct Extractor {
    with_private: Trie,
    without_private: Trie,
}

/// A list without any rule: tldextract's `ValueError` at the first call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoRules;

impl std::fmt::Display for NoRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("No tlds set. Cannot proceed without tlds.")
    }
}

impl std::error::Error for NoRules {}

impl Extractor {
    /// The extractor of a list's text, read as tldextract reads it.
    ///
    /// # Errors
    /// [`NoRules`] where the text has no rule.
    pub fn from_list_text(text: &str) -> Result<Self, NoRules> {
        let (public, private) = suffix_list::extract_tlds(text);
        let with_private = Trie::create(public.iter().copied(), private.iter().copied());
        if with_private.is_empty() {
            return Err(NoRules);
        }
        Ok(Self { with_private, without_private: Trie::create(public.iter().copied(), []) })
    }

    /// `tldextract.extract(url, include_psl_private_domains)` with this list (`unicode`: the
    /// running Python's, for `str.lower`).
    pub fn extract(&self, url: &str, include_private: bool, unicode: UnicodeVersion) -> ExtractResult {
        self.extract_netloc(netloc::lenient_netloc(url), include_private, unicode)
    }

    /// `_extract_netloc(netloc, include_psl_private_domains)`.
    fn extract_netloc(&self, netloc: &str, include_private: bool, unicode: UnicodeVersion) -> ExtractResult {
        // The ideographic full stops as dots (a copy only where there is one: they are not ASCII).
        const STOPS: [char; 3] = ['\u{3002}', '\u{FF0E}', '\u{FF61}'];
        let netloc: std::borrow::Cow<'_, str> =
            if !netloc.is_ascii() && netloc.contains(STOPS) { netloc.replace(STOPS, ".").into() } else { netloc.into() };
        let only_domain = |domain: &str| ExtractResult { domain: domain.to_owned(), ..ExtractResult::default() };
        if netloc.starts_with('[') && netloc.ends_with(']') && netloc.chars().count() >= 4 && looks_like_ipv6(&netloc[1..netloc.len() - 1])
        {
            return only_domain(&netloc);
        }
        let labels: Vec<&str> = netloc.split('.').collect();
        let root = if include_private { &self.with_private } else { &self.without_private };
        let Some(index) = trie::suffix_index(root, &labels, unicode) else {
            if labels.len() == 4 && looks_like_ip(&netloc) {
                return only_domain(&netloc);
            }
            let (subdomain, domain) = netloc.rsplit_once('.').unwrap_or(("", &netloc));
            return ExtractResult { subdomain: subdomain.to_owned(), domain: domain.to_owned(), ..ExtractResult::default() };
        };
        let join = |range: &[&str]| range.join(".");
        let suffix = join(&labels[index.public..]);
        ExtractResult {
            subdomain: if index.public >= 2 { join(&labels[..index.public - 1]) } else { String::new() },
            domain: if index.public > 0 { labels[index.public - 1].to_owned() } else { String::new() },
            registry_suffix: if index.is_private { join(&labels[index.registry..]) } else { suffix.clone() },
            suffix,
            is_private: index.is_private,
        }
    }
}

/// tldextract's `ExtractResult`: the host's parts (together, the host) and whether its
/// suffix is a private rule, with its properties.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExtractResult {
    /// The labels before the domain, or empty.
    pub subdomain: String,
    /// The label before the suffix; without a suffix, the last label (an IP address, a
    /// single name).
    pub domain: String,
    /// The public suffix (a private rule's too with `include_psl_private_domains`), or empty.
    pub suffix: String,
    /// Whether `suffix` is a private rule's.
    pub is_private: bool,
    /// The suffix by the ICANN rules alone (equal to `suffix` unless `is_private`).
    pub registry_suffix: String,
}

impl ExtractResult {
    /// `fqdn`: the parts joined, when there are a suffix and a domain (or a private suffix).
    pub fn fqdn(&self) -> String {
        if !self.suffix.is_empty() && (!self.domain.is_empty() || self.is_private) {
            return [&self.subdomain, &self.domain, &self.suffix]
                .iter()
                .filter(|p| !p.is_empty())
                .map(|p| p.as_str())
                .collect::<Vec<_>>()
                .join(".");
        }
        String::new()
    }

    /// `ipv4`: the domain when it is the whole host and an IPv4 address in dotted decimal.
    pub fn ipv4(&self) -> &str {
        if !self.domain.is_empty() && self.suffix.is_empty() && self.subdomain.is_empty() && looks_like_ip(&self.domain) {
            return &self.domain;
        }
        ""
    }

    /// `ipv6`: the address in the domain's brackets when it is the whole host.
    pub fn ipv6(&self) -> &str {
        let d = &self.domain;
        if d.chars().count() >= 4 && d.starts_with('[') && d.ends_with(']') && self.suffix.is_empty() && self.subdomain.is_empty() {
            let inner = &d[1..d.len() - 1];
            if looks_like_ipv6(inner) {
                return inner;
            }
        }
        ""
    }

    /// `top_domain_under_public_suffix` (and the deprecated `registered_domain`): domain and
    /// suffix, when there are both.
    pub fn top_domain_under_public_suffix(&self) -> String {
        if self.suffix.is_empty() || self.domain.is_empty() {
            return String::new();
        }
        format!("{}.{}", self.domain, self.suffix)
    }

    /// `top_domain_under_registry_suffix`: the label before the registry suffix and that
    /// suffix (for a private suffix, its last labels).
    pub fn top_domain_under_registry_suffix(&self) -> String {
        let top = self.top_domain_under_public_suffix();
        if top.is_empty() || !self.is_private {
            return top;
        }
        let keep = self.registry_suffix.matches('.').count() + 2;
        let labels: Vec<&str> = top.split('.').collect();
        labels[labels.len().saturating_sub(keep)..].join(".")
    }

    /// `reverse_domain_name`: the suffix, the domain, then the subdomain's labels from the
    /// right.
    pub fn reverse_domain_name(&self) -> String {
        let mut stack: Vec<&str> = [&self.suffix, &self.domain].into_iter().filter(|p| !p.is_empty()).map(String::as_str).collect();
        if !self.subdomain.is_empty() {
            stack.extend(self.subdomain.rsplit('.'));
        }
        stack.join(".")
    }
}

/// `looks_like_ip`: four decimal octets, each 0 to 255 without a leading zero (tldextract's
/// `IP_RE`, ASCII digits; its `str.isdecimal()` test of the first character only rejects
/// earlier what the expression rejects).
fn looks_like_ip(text: &str) -> bool {
    let mut count = 0;
    for octet in text.split('.') {
        count += 1;
        let ok = matches!(
            octet.as_bytes(),
            [b'0'..=b'9']
                | [b'1'..=b'9', b'0'..=b'9']
                | [b'1', b'0'..=b'9', b'0'..=b'9']
                | [b'2', b'0'..=b'4', b'0'..=b'9']
                | [b'2', b'5', b'0'..=b'5']
        );
        if !ok || count > 4 {
            return false;
        }
    }
    count == 4
}

/// `looks_like_ipv6`: `ipaddress.IPv6Address(text)` succeeds.
fn looks_like_ipv6(text: &str) -> bool {
    matches!(ip_address(text), Some(IpAddress::V6(..)))
}

#[cfg(test)]
mod tests;
