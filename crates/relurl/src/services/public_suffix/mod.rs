//! The Public Suffix List (publicsuffix.org/list) and its algorithm: a host's public suffix
//! and registered (registrable) domain.
//!
//! The list is read (`rules.rs`) into a trie of labels from the right, and a host is looked
//! up label by label from the right, by the list's "Formal Algorithm" (publicsuffix.org/list):
//!
//! 1. "Match domain against all rules and take note of the matching ones."
//! 2. "If no rules match, the prevailing rule is \"*\"." (the implicit rule)
//! 3. "If more than one rule matches, the prevailing rule is the one which is an exception
//!    rule."
//! 4. "If there is no matching exception rule, the prevailing rule is the one with the most
//!    labels."
//! 5. "If the prevailing rule is a exception rule, modify it by removing the leftmost label."
//! 6. "The public suffix is the set of labels from the domain which match the labels of the
//!    prevailing rule, using the matching algorithm above."
//! 7. "The registered or registrable domain is the public suffix plus one additional label."
//!
//! The walk stops at the first label no rule continues with, so a lookup reads each label of
//! the host at most twice: once in the scan that checks the host, and when a label's start
//! is looked for beyond the host's first 64 bytes, whose dots the scan marks (linear time,
//! whatever the list). [`PublicSuffixList::match_host`]
//! gives the whole result: the public suffix's length, and the prevailing rule with its kind
//! and section, or none (the implicit `*` rule), which a peer with its own reading of the list
//! (tldextract, which applies no implicit rule) builds on.
//!
//! Labels are compared lower-cased (Unicode `toLowercase`), and each rule's label is in the
//! trie in both forms, Unicode and `xn--` (RFC 3492 Punycode), so a host in either form (or
//! mixing them) matches a rule written in either form; the answer is the host's own labels, in
//! its own form, lower-cased as a part of the whole host (a `Σ` is `ς` or `σ` by what stands
//! around it, across the dots: Unicode's Final_Sigma, as Python's `str.lower()` reads it; the
//! rules are matched label by label, each lower-cased alone, which differs only for a rule with
//! a Greek sigma, of which the bundled list has none). A host's single final dot is dropped
//! (`www.example.com.` gives
//! `example.com`, as the `publicsuffixlist` package and tldextract answer). An IP address
//! (what the URL Standard's host parser takes for IPv4 or IPv6, in brackets or not), an empty
//! host and a host with an empty label (`a..b`, a leading dot: the list's test file's
//! `.example.com` has none) have no public suffix. A host is taken as given: no IDNA mapping
//! (a parsed URL's host has had it). A text that is not a host name at all (a character no
//! host has: the URL Standard's forbidden host code points, a C0 control, DEL; a `:` outside an
//! IPv6 address) is an error, [`ErrorKind::NotAHostName`](crate::ErrorKind::NotAHostName): a
//! URL (`http://a.example/`) or a host with its port (`a.example:8080`) has no answer of its
//! own, and a lookup does not guess one.
//!
//! ```
//! use relurl::public_suffix::PublicSuffixList;
//! let list = PublicSuffixList::bundled();
//! assert_eq!(list.registered_domain("www.Example.co.uk").unwrap().as_deref(), Some("example.co.uk"));
//! assert_eq!(list.public_suffix("www.example.co.uk").unwrap().as_deref(), Some("co.uk"));
//! assert_eq!(list.registered_domain("co.uk"), Ok(None));
//! assert_eq!(list.registered_domain("::1"), Ok(None));
//! let error = list.registered_domain("www.example.co.uk:8080").unwrap_err();
//! assert_eq!((error.kind().name(), error.offset()), ("not_a_host_name", 17));
//! ```

mod column;
mod host;
mod host_name;
mod rules;

use std::borrow::Cow;
use std::sync::OnceLock;

pub use column::{Answer, Lookup};
use host::Host;

use crate::services::label_trie::{LabelTrie, ROOT};
use crate::Error;
use rules::{Keys, Rule};
pub use rules::{ListError, RuleKind, Section};

/// The Public Suffix List bundled in relurl: publicsuffix/list's `public_suffix_list.dat` at
/// [`BUNDLED_COMMIT`] ([`BUNDLED_DATE`]); `scripts/refresh_psl.py` replaces it (SOURCE.md
/// beside it records its source).
pub const BUNDLED_LIST: &str = include_str!("public_suffix_list.dat");

/// The publicsuffix/list commit the bundled list is from (written by `scripts/refresh_psl.py`).
pub const BUNDLED_COMMIT: &str = "e8c9a2b2b2856b6449999dd0ec0d118f364ed0cd";

/// The date of [`BUNDLED_COMMIT`] (written by `scripts/refresh_psl.py`).
pub const BUNDLED_DATE: &str = "2026-08-19";

/// What the rules ending at a node of the trie say (the section of each, if any).
#[derive(Debug, Default, Clone, Copy)]
struct NodeRules {
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
    /// The rules' labels from the right (each rule label under each of its keys, which
    /// lead to one node).
    trie: LabelTrie<NodeRules>,
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

impl Sections {
    /// `section` when these sections include it.
    fn pick(self, section: Option<Section>) -> Option<Section> {
        section.filter(|&s| s == Section::Icann || self == Sections::All)
    }
}

/// The prevailing rule of a lookup (publicsuffix.org/list, "Formal Algorithm", steps 3-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchedRule {
    /// A plain, wildcard or exception rule.
    pub kind: RuleKind,
    /// The section the rule is in.
    pub section: Section,
    /// How many of the host's labels it matches (a wildcard's `*` is one; an exception
    /// rule's count is before step 5 removes its leftmost label).
    pub labels: usize,
}

/// A host looked up in a list: its public suffix, registered domain and the rule that decided
/// them ([`PublicSuffixList::match_host`]).
#[derive(Debug, Clone, Copy)]
pub struct Match<'h> {
    host: Host<'h>,
    /// Where the public suffix starts in the host, and how many labels it has.
    suffix_start: usize,
    suffix_labels: usize,
    /// Where the registered domain starts: `None` where the host is a public suffix itself.
    domain_start: Option<usize>,
    rule: Option<MatchedRule>,
}

impl<'h> Match<'h> {
    /// How many labels the host has (its final dot dropped).
    pub fn label_count(&self) -> usize {
        self.host.labels_from(0)
    }

    /// How many labels, from the right, the public suffix has (at least one).
    pub fn suffix_labels(&self) -> usize {
        self.suffix_labels
    }

    /// The prevailing rule; `None` where no rule matched and the implicit `*` rule prevailed
    /// (the last label is then the public suffix).
    pub fn rule(&self) -> Option<MatchedRule> {
        self.rule
    }

    /// Whether the prevailing rule is a private one.
    pub fn is_private(&self) -> bool {
        self.rule.is_some_and(|rule| rule.section == Section::Private)
    }

    /// Whether the host is a public suffix itself (it has no registered domain).
    pub fn is_public_suffix(&self) -> bool {
        self.domain_start.is_none()
    }

    /// The public suffix: the host's last [`Match::suffix_labels`] labels, lower-cased (a host
    /// with a `Σ`: lower-cased whole).
    pub fn public_suffix(&self) -> Cow<'h, str> {
        self.host.text_from(self.suffix_start)
    }

    /// The registered domain: the public suffix and one label more, lower-cased; `None` where
    /// the host is a public suffix itself.
    pub fn registered_domain(&self) -> Option<Cow<'h, str>> {
        self.domain_start.map(|start| self.host.text_from(start))
    }
}

impl PublicSuffixList {
    /// The list of `text` (publicsuffix.org/list's format): a rule per line, up to the first
    /// whitespace; `//` comments and blank lines; the private section between its
    /// `===BEGIN PRIVATE DOMAINS===` and `===END PRIVATE DOMAINS===` comments (a rule
    /// outside both sections counts as ICANN's; a rule in both, as ICANN's). Linear in the
    /// text.
    ///
    /// # Errors
    /// [`ListError`]: the first line whose rule cannot be used (an empty label, a `*` that is
    /// not the rule's first label, an `!` with nothing after it, an `xn--` label that is not
    /// Punycode), with its line number.
    pub fn from_text(text: &str) -> Result<Self, ListError> {
        let rules = rules::read(text)?;
        let mut trie = LabelTrie::<NodeRules>::default();
        for Rule { labels, kind, section } in &rules {
            let mut node = ROOT;
            for Keys(keys) in labels {
                node = if let [key] = keys.as_slice() {
                    // One form (most labels): one lookup.
                    trie.child_or_insert(node, key.as_bytes())
                } else {
                    // A label's keys (its forms) all lead to one node, whichever came first.
                    let found = keys.iter().find_map(|key| trie.child(node, key.as_bytes()));
                    let child = found.unwrap_or_else(|| trie.child_or_insert(node, keys[0].as_bytes()));
                    for key in keys {
                        trie.link(node, key.as_bytes(), child);
                    }
                    child
                };
            }
            let rules_here = trie.value_mut(node);
            let slot = match kind {
                RuleKind::Normal => &mut rules_here.normal,
                RuleKind::Wildcard => &mut rules_here.wildcard,
                RuleKind::Exception => &mut rules_here.exception,
            };
            if *slot != Some(Section::Icann) {
                *slot = Some(*section);
            }
        }
        let list = Self { trie, rules: rules.len() };
        Ok(list)
    }

    /// The bundled list ([`BUNDLED_LIST`]), read once, at the first call.
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
    ///
    /// # Errors
    /// [`ErrorKind::NotAHostName`](crate::ErrorKind::NotAHostName): `host` is not a host name
    /// (the module documentation).
    pub fn public_suffix<'h>(&self, host: &'h str) -> Result<Option<Cow<'h, str>>, Error> {
        self.public_suffix_in(host, Sections::All)
    }

    /// The registered domain of `host` (its public suffix and one label more) by all the
    /// rules; `None` where the host is a public suffix itself, or has none.
    ///
    /// # Errors
    /// As [`PublicSuffixList::public_suffix`].
    pub fn registered_domain<'h>(&self, host: &'h str) -> Result<Option<Cow<'h, str>>, Error> {
        self.registered_domain_in(host, Sections::All)
    }

    /// [`PublicSuffixList::public_suffix`] by the rules of `sections`.
    ///
    /// # Errors
    /// As [`PublicSuffixList::public_suffix`].
    pub fn public_suffix_in<'h>(&self, host: &'h str, sections: Sections) -> Result<Option<Cow<'h, str>>, Error> {
        Ok(self.match_host(host, sections)?.map(|found| found.public_suffix()))
    }

    /// [`PublicSuffixList::registered_domain`] by the rules of `sections`.
    ///
    /// # Errors
    /// As [`PublicSuffixList::public_suffix`].
    pub fn registered_domain_in<'h>(&self, host: &'h str, sections: Sections) -> Result<Option<Cow<'h, str>>, Error> {
        Ok(self.match_host(host, sections)?.and_then(|found| found.registered_domain()))
    }

    /// The lookup of `host` by the rules of `sections` ("Formal Algorithm", steps 1-6); `None`
    /// for a host that has no public suffix (an IP address, an empty host, an empty label).
    ///
    /// # Errors
    /// As [`PublicSuffixList::public_suffix`].
    #[allow(
        clippy::inline_always,
        reason = "the lookup's hot path, outlined by LLVM in the extension module otherwise: fewer instructions per lookup, benches/test_bench_psl.py"
    )]
    #[inline(always)]
    pub fn match_host<'h>(&self, host: &'h str, sections: Sections) -> Result<Option<Match<'h>>, Error> {
        let Some(host) = Host::of(host)? else { return Ok(None) };
        // Steps 1 and 4: the rule of the most labels (of two as long, the plain rule, which
        // names them); step 3: an exception rule before any other (the longest). Each with
        // where the public suffix it gives starts.
        let mut longest: Option<(MatchedRule, usize)> = None;
        let mut exception: Option<(MatchedRule, usize)> = None;
        let (mut node, mut depth) = (ROOT, 0);
        // The label looked up (from `start` to `end`) and the one before it, to its right.
        let mut end = host.body.len();
        let mut start = host.last_label;
        let (last_label, mut right) = (start, end);
        loop {
            // `depth` labels matched so far; the wildcard rule of `depth` labels matches with
            // this label more.
            if let Some(section) = sections.pick(self.trie.value(node).wildcard) {
                longest = Some((MatchedRule { kind: RuleKind::Wildcard, section, labels: depth + 1 }, start));
            }
            // The label as the trie's key: a plain host's bytes as they are (no `str` slicing's
            // checks: fewer instructions than one call for both kinds, measured from Python).
            let found = if host.plain {
                self.trie.child(node, &host.body.as_bytes()[start..end])
            } else {
                self.trie.child(node, &host.lowered_key(start, end))
            };
            let Some(child) = found else { break };
            (node, depth) = (child, depth + 1);
            let rules = self.trie.value(node);
            if let Some(section) = sections.pick(rules.exception) {
                // Step 5: without its leftmost label, this one (an exception rule has two
                // labels at least: `rules.rs`).
                exception = Some((MatchedRule { kind: RuleKind::Exception, section, labels: depth }, right));
            }
            if let Some(section) = sections.pick(rules.normal) {
                longest = Some((MatchedRule { kind: RuleKind::Normal, section, labels: depth }, start));
            }
            if start == 0 {
                break;
            }
            (right, end) = (start, start - 1);
            start = host.label_before(end);
        }
        let (rule, suffix_start, suffix_labels) = match exception.or(longest) {
            // Step 2: the implicit `*` rule.
            None => (None, last_label, 1),
            Some((rule, suffix_start)) => {
                let labels = if rule.kind == RuleKind::Exception { rule.labels - 1 } else { rule.labels };
                (Some(rule), suffix_start, labels)
            }
        };
        // Step 7: one label more (the one left of the suffix), if the host has one.
        let domain_start = (suffix_start > 0).then(|| host.label_before(suffix_start - 1));
        Ok(Some(Match { host, suffix_start, suffix_labels, domain_start, rule }))
    }
}

#[cfg(test)]
mod tests;
