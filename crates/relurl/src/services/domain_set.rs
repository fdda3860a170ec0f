//! A compiled set of domains: is a host one of them, or under one of them?
//!
//! [`DomainSet::contains`] answers "`host` equals a member, or ends with `.` followed by a
//! member", which is what Scrapy's offsite filter asks of its host regex
//! `^(.*\.)?(member1|member2|...)$` (for a host without a line feed: the regex's `.` stops at
//! one and its `$` matches before a final one; a host urllib gives never has one). The
//! comparison is exact, byte for byte: no case folding, no IDNA, no trailing-dot removal.
//! Scrapy lower-cases the host (urllib's `hostname` does) and nothing else, so a member with
//! an upper-case letter, a port, a scheme or a trailing dot matches no host urllib gives, in
//! both.
//!
//! The set is a trie of labels read from the right (`www.example.com` is `com`, `example`,
//! `www`; `services/label_trie.rs`). A host is looked up label by label from its right
//! end until a member's node is reached (contained) or a label has no child (not contained):
//! each byte of the host is read once and each label hashed once, so a lookup is linear in the
//! host's length and does not depend on the number of members; building is linear in the
//! members' total length. Labels are split at every `.`, empty ones
//! included: the member `""` is the host `""` and every host that ends with `.`, as in the
//! regex (whose alternative is then empty).
//!
//! Hosts and members are bytes: a binding whose strings are not always UTF-8 (Python's `str`
//! with a lone surrogate) passes an encoding of them that keeps equality (and `.` as the byte
//! `.`), such as Python's `surrogatepass`.

use crate::services::batch::MapRow;
use crate::services::label_trie::{LabelTrie, ROOT};

/// A set of domains with a lookup in time linear in the host and independent of the number of
/// members (see the module documentation).
///
/// ```
/// use relurl::domain_set::DomainSet;
/// let set = DomainSet::new(["example.com", "b.a.example"]);
/// assert!(set.contains(b"example.com"));
/// assert!(set.contains(b"www.example.com"));
/// assert!(!set.contains(b"notexample.com"));
/// assert!(!set.contains(b"example.com."));
/// assert!(!set.contains(b"a.example"));
/// assert_eq!(set.len(), 2);
/// ```
#[derive(Debug, Clone, Default)]
pub struct DomainSet {
    /// Whether the labels from the root to a node are a member (the root, the empty sequence
    /// of labels, never is).
    trie: LabelTrie<bool>,
    /// The members, each once, in the order first given.
    members: Vec<Box<[u8]>>,
}

impl DomainSet {
    /// The set of `members` (a member given twice is kept once), built in time linear in
    /// their total length.
    pub fn new<I, M>(members: I) -> Self
    where
        I: IntoIterator<Item = M>,
        M: AsRef<[u8]>,
    {
        let mut set = Self::default();
        for member in members {
            set.insert(member.as_ref());
        }
        set
    }

    /// Adds `member`; returns whether it was new.
    pub fn insert(&mut self, member: &[u8]) -> bool {
        let mut node = ROOT;
        for label in member.rsplit(|&b| b == b'.') {
            node = self.trie.child_or_insert(node, label);
        }
        let member_here = self.trie.value_mut(node);
        let new = !*member_here;
        if new {
            *member_here = true;
            self.members.push(member.into());
        }
        new
    }

    /// Whether `host` is a member or ends with `.` followed by a member.
    #[inline]
    pub fn contains(&self, host: &[u8]) -> bool {
        let mut node = ROOT;
        for label in host.rsplit(|&b| b == b'.') {
            match self.trie.child(node, label) {
                Some(child) => node = child,
                None => return false,
            }
            if *self.trie.value(node) {
                return true;
            }
        }
        false
    }

    /// The number of members.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether there are no members (no host is contained).
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The members, each once, in the order first given.
    pub fn members(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        self.members.iter().map(AsRef::as_ref)
    }
}

impl<M: AsRef<[u8]>> FromIterator<M> for DomainSet {
    fn from_iter<I: IntoIterator<Item = M>>(members: I) -> Self {
        Self::new(members)
    }
}

/// Membership of each row (a host) as a function of a batch's rows
/// ([`crate::batch::map_chunks`]): the row's text is `1` when the host is in the set and
/// empty when it is not; a binding makes a boolean of it.
impl MapRow for DomainSet {
    type Error = core::convert::Infallible;

    fn map_into(&self, text: &str, out: &mut String) -> Result<(), Self::Error> {
        if self.contains(text.as_bytes()) {
            out.push('1');
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scrapy's rule written the obvious way: equal, or ends with `.` + member.
    fn naive(members: &[&str], host: &str) -> bool {
        members.iter().any(|m| host == *m || host.strip_suffix(m).is_some_and(|rest| rest.ends_with('.')))
    }

    #[test]
    fn label_boundaries() {
        let members = ["example.com", "b.a.example", "", ".lead", "trail.", "a..b", "Upper.COM", "x:80"];
        let set = DomainSet::new(members);
        let hosts = [
            "example.com",
            "www.example.com",
            "notexample.com",
            "example.com.",
            "example.comx",
            "com",
            "b.a.example",
            "notb.a.example",
            "a.example",
            "",
            ".",
            "x.",
            ".lead",
            "y..lead",
            "y.lead",
            "trail.",
            "q.trail.",
            "trail",
            "a..b",
            "z.a..b",
            "a.b",
            "upper.com",
            "Upper.COM",
            "x:80",
            "x",
            "..",
        ];
        for host in hosts {
            assert_eq!(set.contains(host.as_bytes()), naive(&members, host), "{host:?}");
        }
    }

    #[test]
    fn empty_set_contains_nothing() {
        let set = DomainSet::default();
        assert!(set.is_empty());
        assert!(!set.contains(b""));
        assert!(!set.contains(b"a"));
    }

    #[test]
    fn members_once_in_order() {
        let set = DomainSet::new(["b", "a", "b", "c.a"]);
        assert_eq!(set.len(), 3);
        assert_eq!(set.members().collect::<Vec<_>>(), [&b"b"[..], b"a", b"c.a"]);
    }

    #[test]
    fn many_members_and_pseudo_random_hosts() {
        // A seeded generator: members and hosts over a small alphabet, so that they share labels.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let alphabet = [b'a', b'b', b'.', b'.', b'c'];
        let mut word = |len: usize| -> String { (0..len).map(|_| char::from(alphabet[(next() % 5) as usize])).collect() };
        let members: Vec<String> = (0..300).map(|i| word(i % 7)).collect();
        let refs: Vec<&str> = members.iter().map(String::as_str).collect();
        let set = DomainSet::new(&refs);
        for i in 0..5000 {
            let host = word(i % 11);
            assert_eq!(set.contains(host.as_bytes()), naive(&refs, &host), "{host:?}");
        }
    }

    #[test]
    fn hostile_hosts_are_linear() {
        // A million labels, empty labels and one huge label: each lookup reads the host once.
        let deep = "a.".repeat(1_000_000) + "a";
        let set = DomainSet::new([deep.as_str(), "b"]);
        assert!(set.contains(deep.as_bytes()));
        assert!(set.contains(format!("x.{deep}").as_bytes()));
        assert!(!set.contains(&deep.as_bytes()[2..]));
        let dots = ".".repeat(1_000_000);
        assert!(!set.contains(dots.as_bytes()));
        assert!(DomainSet::new([""]).contains(dots.as_bytes()));
        let huge = "x".repeat(10_000_000);
        assert!(!set.contains(huge.as_bytes()));
        assert!(set.contains(format!("{huge}.b").as_bytes()));
    }
}
