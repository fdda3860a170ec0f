//! The Public Suffix List (publicsuffix.org/list) and its algorithm: a host's public suffix
//! and registered (registrable) domain.
//!
//! The list is read into a trie of labels from the right (`rules.rs` reads the text); a host
//! is looked up label by label (publicsuffix.org/list, "Formal Algorithm"): every rule that
//! matches is a candidate, an exception rule prevails, else the rule of the most labels, else
//! the implicit `*` rule; an exception rule's public suffix is its labels but the first; the
//! registered domain is the public suffix and one label more.
//!
//! Labels are compared lower-cased (Unicode `toLowercase`), with `xn--` labels (in the list
//! and in the host) compared as the Unicode text their Punycode (RFC 3492) encodes, so a host
//! in either form matches a rule in either form; the answer is the host's own labels, in its
//! own form, lower-cased. An IP address (what the URL Standard's host parser takes for IPv4
//! or IPv6, or a host with a `:`), an empty host and a host with an empty label (other than
//! one final dot) have none. A final dot is kept: `example.com.`'s registered domain is `example.com.`.
//!
//! ```
//! use relurl::public_suffix::PublicSuffixList;
//! let list = PublicSuffixList::bundled();
//! assert_eq!(list.registered_domain("www.Example.co.uk").as_deref(), Some("example.co.uk"));
//! assert_eq!(list.public_suffix("www.example.co.uk").as_deref(), Some("co.uk"));
//! assert_eq!(list.registered_domain("co.uk"), None);
//! ```

mod column;
mod rules;

use std::borrow::Cow;
use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use crate::grammars::whatwg::host::{ends_in_a_number, parse_host, HostKind};
use crate::grammars::whatwg::punycode;
pub use column::{Answer, Lookup};
use rules::{Kind, Rule};
pub use rules::{ListError, Section};

/// The Public Suffix List bundled in relurl: publicsuffix/list's `public_suffix_list.dat` at
/// commit e8c9a2b2b2856b6449999dd0ec0d118f364ed0cd (2026-08-19); `scripts/refresh_psl.py`
/// replaces it.
pub const BUNDLED_LIST: &str = include_str!("public_suffix_list.dat");

/// A node of the trie: what the rules ending here say, and the next labels.
#[derive(Debug, Default, Clone)]
struct Node {
    children: FxHashMap<Box<str>, Node>,
    /// A plain rule ends here.
    normal: Option<Section>,
    /// A wildcard rule `*.` + this node's labels.
    wildcard: Option<Section>,
    /// An exception rule ends here.
    exception: Option<Section>,
}

/// A Public Suffix List, read: the bundled one ([`PublicSuffixList::bundled`]) or any text
/// in the list's format ([`PublicSuffixList::from_text`]).
#[derive(Debug, Clone)]
pub struct PublicSuffixList {
    root: Node,
    rules: usize,
}

/// Which rules a lookup uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sections {
    /// The ICANN and the private rules (the list's algorithm as published).
    #[default]
    All,
    /// The ICANN rules only (the registries' suffixes: `blogspot.com` is then a registered
    /// domain under `com`).
    Icann,
}

impl PublicSuffixList {
    /// The list of `text`.
    ///
    /// # Errors
    /// [`ListError`]: the first line whose rule cannot be used, with its line number.
    pub fn from_text(text: &str) -> Result<Self, ListError> {
        let rules = rules::read(text)?;
        let mut root = Node::default();
        let count = rules.len();
        for Rule { labels, kind, section } in rules {
            let mut node = &mut root;
            for label in labels {
                node = node.children.entry(label.into_boxed_str()).or_default();
            }
            let slot = match kind {
                Kind::Normal => &mut node.normal,
                Kind::Wildcard => &mut node.wildcard,
                Kind::Exception => &mut node.exception,
            };
            // A rule in both sections counts as ICANN's.
            if *slot != Some(Section::Icann) {
                *slot = Some(section);
            }
        }
        Ok(Self { root, rules: count })
    }

    /// The bundled list ([`BUNDLED_LIST`]), read once.
    pub fn bundled() -> &'static Self {
        static BUNDLED: OnceLock<PublicSuffixList> = OnceLock::new();
        BUNDLED.get_or_init(|| Self::from_text(BUNDLED_LIST).unwrap_or_else(|e| unreachable!("the bundled list reads: {e}")))
    }

    /// How many rules the list has.
    pub fn len(&self) -> usize {
        self.rules
    }

    /// Whether the list has no rule.
    pub fn is_empty(&self) -> bool {
        self.rules == 0
    }

    /// The public suffix of `host` by all the rules, lower-cased, in the host's own form;
    /// `None` for an IP address, an empty host or one with an empty label.
    pub fn public_suffix<'h>(&self, host: &'h str) -> Option<Cow<'h, str>> {
        self.public_suffix_in(host, Sections::All)
    }

    /// The registered domain of `host` (its public suffix and one label more) by all the
    /// rules; `None` where the host is a public suffix itself, or has none.
    pub fn registered_domain<'h>(&self, host: &'h str) -> Option<Cow<'h, str>> {
        self.registered_domain_in(host, Sections::All)
    }

    /// [`PublicSuffixList::public_suffix`] by the rules of `sections`.
    pub fn public_suffix_in<'h>(&self, host: &'h str, sections: Sections) -> Option<Cow<'h, str>> {
        let labels = Labels::of(host)?;
        let n = self.suffix_labels(&labels, sections);
        Some(labels.last(n))
    }

    /// [`PublicSuffixList::registered_domain`] by the rules of `sections`.
    pub fn registered_domain_in<'h>(&self, host: &'h str, sections: Sections) -> Option<Cow<'h, str>> {
        let labels = Labels::of(host)?;
        let n = self.suffix_labels(&labels, sections);
        (n < labels.count).then(|| labels.last(n + 1))
    }

    /// How many labels, from the right, the prevailing rule makes the public suffix (at least
    /// one: the implicit `*` rule).
    fn suffix_labels(&self, labels: &Labels<'_>, sections: Sections) -> usize {
        let allowed = |section: Option<Section>| match (section, sections) {
            (None, _) | (Some(Section::Private), Sections::Icann) => false,
            (Some(_), _) => true,
        };
        let mut longest = 1;
        let mut node = &self.root;
        let mut depth = 0;
        let mut end = labels.body.len();
        while depth < labels.count {
            let start = memchr::memrchr(b'.', &labels.body.as_bytes()[..end]).map_or(0, |dot| dot + 1);
            let key = labels.key(&labels.body[start..end]);
            // The rules of `depth` labels are looked at with the next label known.
            if allowed(node.wildcard) {
                longest = longest.max(depth + 1);
            }
            let Some(child) = node.children.get(&*key) else { break };
            node = child;
            depth += 1;
            if allowed(node.exception) {
                return depth - 1;
            }
            if allowed(node.normal) {
                longest = longest.max(depth);
            }
            end = start.saturating_sub(1);
        }
        longest
    }
}

/// The labels of a host that has a public suffix: not an IP address, not empty, no empty
/// label but one final dot.
struct Labels<'h> {
    host: &'h str,
    /// `host` without its final dot.
    body: &'h str,
    count: usize,
    /// Whether a label may need lower-casing or decoding (upper case, not ASCII, `xn--`).
    plain: bool,
}

impl<'h> Labels<'h> {
    /// One pass over the host's bytes, then the IP address test.
    fn of(host: &'h str) -> Option<Self> {
        let body = host.strip_suffix('.').unwrap_or(host);
        let bytes = body.as_bytes();
        let (mut count, mut previous, mut plain, mut special) = (1, b'.', true, false);
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'.' if previous == b'.' => return None,
                b'.' => count += 1,
                // A `:` is an IPv6 address without its brackets (urllib's `hostname`).
                b':' => return None,
                b'A'..=b'Z' | 0x80.. => plain = false,
                b'%' | b'[' => special = true,
                // An `xn--` label is decoded (the trie holds its Unicode text).
                b'x' if previous == b'.' && bytes[i..].starts_with(b"xn--") => plain = false,
                _ => {}
            }
            previous = b;
        }
        if bytes.is_empty() || previous == b'.' {
            return None;
        }
        if is_ip_address(host, plain && !special) {
            return None;
        }
        Some(Self { host, body, count, plain })
    }

    /// A label as the rules' key.
    fn key(&self, label: &'h str) -> Cow<'h, str> {
        if self.plain {
            Cow::Borrowed(label)
        } else {
            label_key(label)
        }
    }

    /// The last `n` labels (and the final dot), lower-cased.
    fn last(&self, n: usize) -> Cow<'h, str> {
        let mut start = self.body.len();
        for _ in 0..n {
            start = memchr::memrchr(b'.', &self.body.as_bytes()[..start.saturating_sub(1)]).map_or(0, |dot| dot + 1);
            if start == 0 {
                break;
            }
        }
        let part = &self.host[start..];
        if self.plain {
            return Cow::Borrowed(part);
        }
        if part.is_ascii() {
            if part.bytes().any(|b| b.is_ascii_uppercase()) {
                return Cow::Owned(part.to_ascii_lowercase());
            }
            return Cow::Borrowed(part);
        }
        let lowered = part.to_lowercase();
        if lowered == part {
            Cow::Borrowed(part)
        } else {
            Cow::Owned(lowered)
        }
    }
}

/// Whether `host` is an IP address: in brackets (IPv6), one the URL Standard's host parser
/// takes for an IPv4 or IPv6 address (after its percent-decoding and domain to ASCII), or
/// one whose last label is a number (the parser's "ends in a number": an IPv4 address, or a
/// failure to be one). `plain`: lower-case ASCII without `%` or `[`.
fn is_ip_address(host: &str, plain: bool) -> bool {
    if host.starts_with('[') {
        return true;
    }
    if plain {
        return ends_in_a_number(host);
    }
    if host.is_ascii() && !host.contains('%') {
        return ends_in_a_number(&host.to_ascii_lowercase());
    }
    let mut out = String::new();
    match parse_host(host, false, &mut out) {
        Ok(HostKind::Ipv4 | HostKind::Ipv6) => true,
        Ok(_) => false,
        Err(_) => ends_in_a_number(&host.to_lowercase()),
    }
}

/// A host's label as the rules' key: lower-cased, an `xn--` label decoded when it is the
/// canonical Punycode of a text that is not ASCII.
fn label_key(label: &str) -> Cow<'_, str> {
    let lowered: Cow<'_, str> = if label.bytes().any(|b| b.is_ascii_uppercase()) || !label.is_ascii() {
        Cow::Owned(label.to_lowercase())
    } else {
        Cow::Borrowed(label)
    };
    match decode_xn(&lowered) {
        Some(decoded) => Cow::Owned(decoded),
        None => lowered,
    }
}

/// A rule's label as a key: as [`label_key`], but an `xn--` label must decode.
fn rule_label_key(label: &str) -> Option<String> {
    let lowered = label.to_lowercase();
    if lowered.starts_with("xn--") {
        return decode_xn(&lowered);
    }
    Some(lowered)
}

/// The Unicode text (lower-cased) of an `xn--` label that is its canonical Punycode.
fn decode_xn(lowered: &str) -> Option<String> {
    let rest = lowered.strip_prefix("xn--")?;
    if !rest.is_ascii() || rest.is_empty() || rest.len() > 1024 {
        return None;
    }
    let decoded = punycode::decode(rest.as_bytes())?;
    let mut again = String::with_capacity(rest.len());
    punycode::encode(&decoded, &mut again)?;
    if again != rest || decoded.iter().all(char::is_ascii) {
        return None;
    }
    Some(decoded.into_iter().collect::<String>().to_lowercase())
}

#[cfg(test)]
mod tests;
