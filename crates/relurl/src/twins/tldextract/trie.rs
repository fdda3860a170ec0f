//! tldextract's trie of suffixes and its walk (`tldextract/tldextract.py`: `Trie`,
//! `_PublicSuffixListTLDExtractor.suffix_index`, `_decode_punycode`).
//!
//! The trie holds the rules as written, label by label from the right, `*` and `!label`
//! included as labels of their own; the walk looks a host's labels up in it, decoded
//! (`xn--` labels) and lower-cased, and reads a wildcard only where a label is not found:
//! this is where tldextract differs from the list's own algorithm.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::grammars::whatwg::punycode;
use crate::twins::idna2003::UnicodeVersion;
use crate::twins::w3lib::py_lower;

/// A node of the trie (`Trie`): its children by label, whether a rule ends here and whether
/// that rule is a private one.
#[derive(Debug, Default, Clone)]
pub(super) struct Node {
    children: HashMap<Box<str>, Node>,
    end: bool,
    is_private: bool,
}

impl Node {
    /// `Trie.create(public_suffixes, private_suffixes)`: the public rules, then the private
    /// ones (a rule in both ends as private).
    pub(super) fn create<'a>(public: impl IntoIterator<Item = &'a str>, private: impl IntoIterator<Item = &'a str>) -> Self {
        let mut root = Self::default();
        for rule in public {
            root.add_suffix(rule, false);
        }
        for rule in private {
            root.add_suffix(rule, true);
        }
        root
    }

    /// `Trie.add_suffix`: the rule's labels from the right.
    fn add_suffix(&mut self, rule: &str, is_private: bool) {
        let mut node = self;
        for label in rule.rsplit('.') {
            node = node.children.entry(label.into()).or_default();
        }
        node.end = true;
        node.is_private = is_private;
    }

    /// Whether the trie holds a rule.
    pub(super) fn is_empty(&self) -> bool {
        self.children.is_empty() && !self.end
    }
}

/// Where the suffixes start: the public suffix's first label and whether its rule is private,
/// and the registry suffix's first label (`suffix_index`'s answer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct SuffixIndex {
    /// The index of the public suffix's first label.
    pub(super) public: usize,
    /// Whether the public suffix's node is a private rule's.
    pub(super) is_private: bool,
    /// The index of the registry suffix's first label (the labels' count: none).
    pub(super) registry: usize,
}

/// `suffix_index(labels)`: `None` where no rule matches.
pub(super) fn suffix_index(root: &Node, labels: &[&str], unicode: UnicodeVersion) -> Option<SuffixIndex> {
    let mut node = root;
    let (mut suffix_idx, mut suffix_private) = (labels.len(), false);
    let mut reg_idx = labels.len();
    let mut label_idx = labels.len();
    for label in labels.iter().rev() {
        let decoded = decode_label(label, unicode);
        if let Some(child) = node.children.get(&*decoded) {
            label_idx -= 1;
            node = child;
            if node.end {
                suffix_idx = label_idx;
                suffix_private = node.is_private;
                if !node.is_private {
                    reg_idx = label_idx;
                }
            }
            continue;
        }
        if let Some(wildcard) = node.children.get("*") {
            let exception = node.children.contains_key(&*format!("!{decoded}"));
            let public = if exception { label_idx } else { label_idx - 1 };
            return Some(SuffixIndex { public, is_private: wildcard.is_private, registry: reg_idx });
        }
        break;
    }
    (suffix_idx != labels.len()).then_some(SuffixIndex { public: suffix_idx, is_private: suffix_private, registry: reg_idx })
}

/// `_decode_punycode(label)`: the label lower-cased (`str.lower()`), and an `xn--` label
/// decoded as `idna.decode` (idna 3.20) decodes it, or the label itself where that raises.
///
/// idna decodes a label of at most 254 characters, ASCII, with something after `xn--` and no
/// trailing hyphen, that is the canonical Punycode of what it decodes to (RFC 5891 §5.3:
/// encoded back, it is the input; RFC 3492's decoder and encoder, which are CPython's on such
/// labels), and whose decoded text passes its IDNA 2008 checks (`check_label`). That last
/// check is not made here: the answer differs only for a list holding a rule whose label (or
/// an `xn--` label's decoded text) the idna package refuses, which no rule of the bundled
/// list is (`tests/test_tldextract.py` asks the idna package).
fn decode_label(label: &str, unicode: UnicodeVersion) -> Cow<'_, str> {
    let lowered = py_lower(label, unicode);
    if let Some(rest) = lowered.strip_prefix("xn--") {
        if lowered.len() <= 254 && rest.is_ascii() && !rest.is_empty() && !rest.ends_with('-') {
            if let Some(decoded) = punycode::decode(rest.as_bytes()) {
                let mut encoded = String::with_capacity(rest.len());
                if punycode::encode(&decoded, &mut encoded).is_some() && encoded == rest {
                    return Cow::Owned(decoded.into_iter().collect());
                }
            }
        }
    }
    lowered
}
