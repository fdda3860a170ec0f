//! tldextract's trie of suffixes and its walk (`tldextract/tldextract.py`: `Trie`,
//! `_PublicSuffixListTLDExtractor.suffix_index`, `_decode_punycode`).
//!
//! The trie holds the rules as written, label by label from the right, `*` and `!label`
//! included as labels of their own; the walk looks a host's labels up in it, decoded
//! (`xn--` labels) and lower-cased, and reads a wildcard only where a label is not found:
//! this is where tldextract differs from the list's own algorithm. The trie is the core's
//! [`crate::services::label_trie`], keyed by the labels as tldextract's dictionaries are.

use std::borrow::Cow;

use crate::grammars::whatwg::punycode;
use crate::services::label_trie::{LabelTrie, ROOT};
use crate::twins::idna2003::UnicodeVersion;
use crate::twins::w3lib::py_lower;

/// What a node of the trie says: whether a rule ends here and whether that rule is a private
/// one.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Ending {
    end: bool,
    is_private: bool,
}

/// tldextract's `Trie`: the rules' labels from the right, as written.
#[derive(Debug, Clone)]
pub(super) struct Trie(LabelTrie<Ending>);

impl Trie {
    /// `Trie.create(public_suffixes, private_suffixes)`: the public rules, then the private
    /// ones (a rule in both ends as private).
    pub(super) fn create<'a>(public: impl IntoIterator<Item = &'a str>, private: impl IntoIterator<Item = &'a str>) -> Self {
        let mut trie = Self(LabelTrie::default());
        for rule in public {
            trie.add_suffix(rule, false);
        }
        for rule in private {
            trie.add_suffix(rule, true);
        }
        trie
    }

    /// `Trie.add_suffix`: the rule's labels from the right.
    fn add_suffix(&mut self, rule: &str, is_private: bool) {
        let mut node = ROOT;
        for label in rule.rsplit('.') {
            node = self.0.child_or_insert(node, label.as_bytes());
        }
        *self.0.value_mut(node) = Ending { end: true, is_private };
    }

    /// Whether the trie holds a rule.
    pub(super) fn is_empty(&self) -> bool {
        self.0.is_bare() && !self.0.value(ROOT).end
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
pub(super) fn suffix_index(trie: &Trie, labels: &[&str], unicode: UnicodeVersion) -> Option<SuffixIndex> {
    let trie = &trie.0;
    let mut node = ROOT;
    let (mut suffix_idx, mut suffix_private) = (labels.len(), false);
    let mut reg_idx = labels.len();
    let mut label_idx = labels.len();
    for label in labels.iter().rev() {
        let decoded = decode_label(label, unicode);
        if let Some(child) = trie.child(node, decoded.as_bytes()) {
            label_idx -= 1;
            node = child;
            let ending = trie.value(node);
            if ending.end {
                suffix_idx = label_idx;
                suffix_private = ending.is_private;
                if !ending.is_private {
                    reg_idx = label_idx;
                }
            }
            continue;
        }
        if let Some(wildcard) = trie.child(node, b"*") {
            let exception = trie.child(node, format!("!{decoded}").as_bytes()).is_some();
            let public = if exception { label_idx } else { label_idx - 1 };
            return Some(SuffixIndex { public, is_private: trie.value(wildcard).is_private, registry: reg_idx });
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
