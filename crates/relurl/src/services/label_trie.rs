//! A trie of domain labels read from the right (`www.example.com` is `com`, `example`,
//! `www`): what the three tries of labels share, the Public Suffix List's
//! ([`crate::public_suffix`]), tldextract's reading of it ([`crate::tldextract`]) and
//! [`crate::domain_set::DomainSet`].
//!
//! Nodes are numbers ([`NodeId`], the root [`ROOT`]) into one vector, each with a value of
//! the caller's type and its children: none, one edge kept in the node, or a hash table of
//! its own (a miss, the most common answer below a top-level label, is decided by that
//! node's small table of control bytes, which stays in cache). A chain of labels (a member
//! `a.b.c.…` of a hostile list) then costs a node per label, not a table per label. Each edge keeps its label as two 64-bit words and a length
//! ([`LabelKey`]), so a lookup hashes two words and compares two words, with no call to
//! `memcmp`; a label longer than 16 bytes is compared (and hashed) in full too. The hash is
//! the Fx hash's multiply (rustc's): a lookup never inserts, so the labels it meets cannot
//! make a table's runs longer; the members' labels are hashed in full, so that a list of
//! labels sharing their first and last bytes still builds in linear time. Two labels may lead
//! to one node ([`LabelTrie::link`]): a label written in two forms (the Public Suffix List's
//! Unicode and `xn--` labels) then shares one subtree, with nothing copied.

use hashbrown::HashTable;

/// A node of a [`LabelTrie`].
pub(crate) type NodeId = u32;

/// The root: the empty sequence of labels.
pub(crate) const ROOT: NodeId = 0;

/// A label as a table's key: two words, its length and its hash: its first 8 bytes and its last 8
/// (overlapping when it is shorter than 16; for 4 to 7 bytes, its first 4 and last 4 in the
/// first word; for 1 to 3, its first, middle and last byte). Two labels of one length have the
/// same words when they have the same bytes and, up to 16 bytes, only then. The hash is of the
/// words up to 16 bytes and of every byte beyond (labels that share their ends, such as
/// `customer-000001-production` and `customer-000002-production`, must not all collide).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LabelKey {
    words: [u64; 2],
    len: usize,
    hash: u64,
}

/// The Fx hash's multiplier (rustc's).
const K: u64 = 0xf135_7aea_2e62_a9c5;

impl LabelKey {
    #[inline]
    fn of(label: &[u8]) -> Self {
        let len = label.len();
        let words = match len {
            0 => [0, 0],
            1..=3 => [u64::from(label[0]) | u64::from(label[len / 2]) << 8 | u64::from(label[len - 1]) << 16, 0],
            4..=7 => [half(label, 0) | half(label, len - 4) << 32, 0],
            _ => [word(label, 0), word(label, len - 8)],
        };
        let mut h = (words[0] ^ (len as u64).rotate_right(8)).wrapping_mul(K);
        if len > 16 {
            // The middle too, 8 bytes at a time (the last word, read above, overlaps it).
            for at in (8..len - 8).step_by(8) {
                h = (h.rotate_left(26) ^ word(label, at)).wrapping_mul(K);
            }
        }
        let h = (h.rotate_left(26) ^ words[1]).wrapping_mul(K);
        Self { words, len, hash: h ^ (h >> 32) }
    }
}

/// The 8 bytes of `label` from `at`, as a little-endian word.
#[inline]
pub(crate) fn word(label: &[u8], at: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&label[at..at + 8]);
    u64::from_le_bytes(bytes)
}

/// The 4 bytes of `label` from `at`, as a little-endian word.
#[inline]
pub(crate) fn half(label: &[u8], at: usize) -> u64 {
    let mut bytes = [0u8; 4];
    bytes.copy_from_slice(&label[at..at + 4]);
    u64::from(u32::from_le_bytes(bytes))
}

/// An edge from a node, in 32 bytes (a third less than the key and its place would take, so
/// that the root's table of some 1,600 labels stays small in the cache): the label's hash, its
/// length (up to `u32::MAX`; beyond, `u32::MAX`), and either its words (up to 16 bytes) or
/// where its bytes are kept and their full length (longer labels, compared in full); and the
/// node it leads to.
#[derive(Debug, Clone)]
struct Edge {
    hash: u64,
    /// [`LabelKey::words`] for a label of up to 16 bytes; else where its bytes start in
    /// [`LabelTrie::long_labels`] and its length.
    words: [u64; 2],
    len: u32,
    child: NodeId,
}

impl Edge {
    /// Whether this edge's label is `label`, whose key is `key`.
    #[inline]
    fn is(&self, key: &LabelKey, label: &[u8], long_labels: &[u8]) -> bool {
        if self.hash != key.hash || self.len != short_len(key.len) {
            return false;
        }
        if key.len <= 16 {
            return self.words == key.words;
        }
        // As `usize` they were from `usize` (`lead`).
        let (start, len) = (self.words[0] as usize, self.words[1] as usize);
        len == key.len && long_labels.get(start..start + len) == Some(label)
    }
}

const _: () = assert!(std::mem::size_of::<Edge>() == 32);

impl Edge {
    /// No edge: it is no label's (its length, `u32::MAX`, is that of a label of at least
    /// `u32::MAX` bytes, whose bytes it then says are the 0 bytes at 0), and it leads to the
    /// root, where no edge leads.
    const NONE: Self = Self { hash: 0, words: [0, 0], len: u32::MAX, child: ROOT };

    /// Whether this is [`Edge::NONE`].
    fn is_none(&self) -> bool {
        self.child == ROOT
    }
}

/// A label's length as an [`Edge`] keeps it.
#[inline]
fn short_len(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}

/// A node: its value and the labels that lead on from it: its first in the node itself
/// (`first`; [`Edge::NONE`] while it has none), the others in a hash table of its own (a
/// member's chain of labels then costs a node a label, not a table a label).
#[derive(Debug, Clone)]
struct Node<T> {
    value: T,
    first: Edge,
    others: HashTable<Edge>,
}

// A member's chain of labels costs this much a label (with a table a node, as before, about
// 200 bytes).
const _: () = assert!(std::mem::size_of::<Node<bool>>() == 72);

impl<T: Default> Default for Node<T> {
    fn default() -> Self {
        Self { value: T::default(), first: Edge::NONE, others: HashTable::new() }
    }
}

/// A trie of labels with a value of type `T` at each node (see the module documentation).
#[derive(Debug, Clone)]
pub(crate) struct LabelTrie<T> {
    /// By [`NodeId`]; the root first.
    nodes: Vec<Node<T>>,
    /// The bytes of the labels longer than 16 bytes, one after the other.
    long_labels: Vec<u8>,
}

impl<T: Default> Default for LabelTrie<T> {
    fn default() -> Self {
        Self { nodes: vec![Node::default()], long_labels: Vec::new() }
    }
}

impl<T: Default> LabelTrie<T> {
    /// The node `label` leads to from `parent`, if any.
    #[allow(
        clippy::inline_always,
        reason = "the lookup's hot path, outlined by LLVM in the extension module otherwise: fewer instructions per lookup, benches/test_bench_psl.py"
    )]
    #[inline(always)]
    pub(crate) fn child(&self, parent: NodeId, label: &[u8]) -> Option<NodeId> {
        self.find(parent, &LabelKey::of(label), label)
    }

    /// The node `label` leads to from `parent`, made (with the default value) if there was
    /// none.
    pub(crate) fn child_or_insert(&mut self, parent: NodeId, label: &[u8]) -> NodeId {
        self.lead(parent, label, None)
    }

    /// Makes `label` lead from `parent` to `node` (a second name of a node) unless it already
    /// leads somewhere; returns where it leads.
    pub(crate) fn link(&mut self, parent: NodeId, label: &[u8], node: NodeId) -> NodeId {
        self.lead(parent, label, Some(node))
    }

    /// A node's value.
    #[inline]
    pub(crate) fn value(&self, node: NodeId) -> &T {
        &self.nodes[node as usize].value
    }

    /// A node's value, to change it.
    pub(crate) fn value_mut(&mut self, node: NodeId) -> &mut T {
        &mut self.nodes[node as usize].value
    }

    /// Whether the root has no child.
    pub(crate) fn is_bare(&self) -> bool {
        self.nodes[ROOT as usize].first.is_none()
    }

    /// The node `label` (whose key is `key`) leads to from `parent`, if any.
    #[allow(
        clippy::inline_always,
        reason = "the lookup's hot path, outlined by LLVM in the extension module otherwise: fewer instructions per lookup, benches/test_bench_psl.py"
    )]
    #[inline(always)]
    fn find(&self, parent: NodeId, key: &LabelKey, label: &[u8]) -> Option<NodeId> {
        let node = &self.nodes[parent as usize];
        let edge = match node.others.find(key.hash, |edge| edge.is(key, label, &self.long_labels)) {
            Some(edge) => edge,
            None if node.first.is(key, label, &self.long_labels) => &node.first,
            None => return None,
        };
        Some(edge.child)
    }

    /// Where `label` leads from `parent`; where it leads nowhere yet, it is made to lead to
    /// `to`, or to a new node (with the default value) when `to` is `None`.
    fn lead(&mut self, parent: NodeId, label: &[u8], to: Option<NodeId>) -> NodeId {
        let key = LabelKey::of(label);
        if let Some(child) = self.find(parent, &key, label) {
            return child;
        }
        let child = to.unwrap_or_else(|| {
            // A node costs more memory than its 4-byte id can count: memory runs out first.
            let id = NodeId::try_from(self.nodes.len()).unwrap_or_else(|_| unreachable!("more than 2^32 nodes"));
            self.nodes.push(Node::default());
            id
        });
        let words = if key.len > 16 {
            let start = self.long_labels.len();
            self.long_labels.extend_from_slice(label);
            [start as u64, key.len as u64]
        } else {
            key.words
        };
        debug_assert_ne!(child, ROOT, "no edge leads to the root (Edge::NONE does)");
        let edge = Edge { hash: key.hash, words, len: short_len(key.len), child };
        let node = &mut self.nodes[parent as usize];
        if node.first.is_none() {
            node.first = edge;
        } else {
            node.others.insert_unique(key.hash, edge, |edge| edge.hash);
        }
        child
    }
}

#[cfg(test)]
mod tests {
    use super::{LabelKey, LabelTrie, NodeId, ROOT};

    #[test]
    fn children_by_parent_and_label() {
        let mut trie = LabelTrie::<u8>::default();
        assert!(trie.is_bare());
        let com = trie.child_or_insert(ROOT, b"com");
        let example = trie.child_or_insert(com, b"example");
        *trie.value_mut(example) = 7;
        assert!(!trie.is_bare());
        assert_eq!(trie.child_or_insert(ROOT, b"com"), com);
        assert_eq!(trie.child(ROOT, b"com"), Some(com));
        assert_eq!(trie.child(com, b"example"), Some(example));
        assert_eq!(trie.child(ROOT, b"example"), None);
        assert_eq!(trie.child(example, b"com"), None);
        assert_eq!(*trie.value(example), 7);
        assert_eq!(*trie.value(com), 0);
        assert_eq!(trie.child(ROOT, b""), None);
        let empty = trie.child_or_insert(ROOT, b"");
        assert_eq!(trie.child(ROOT, b""), Some(empty));
    }

    #[test]
    fn a_link_shares_the_node() {
        let mut trie = LabelTrie::<bool>::default();
        let unicode = trie.child_or_insert(ROOT, "公司".as_bytes());
        assert_eq!(trie.link(ROOT, b"xn--55qx5d", unicode), unicode);
        let under = trie.child_or_insert(unicode, b"a");
        assert_eq!(trie.child(trie.child(ROOT, b"xn--55qx5d").unwrap(), b"a"), Some(under));
        // A label that leads somewhere already keeps its node.
        let other = trie.child_or_insert(ROOT, b"other");
        assert_eq!(trie.link(ROOT, b"other", unicode), other);
    }

    #[test]
    fn labels_of_one_length_differ_in_any_byte() {
        let mut trie = LabelTrie::<usize>::default();
        for len in 0..40usize {
            let base: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
            let node = trie.child_or_insert(ROOT, &base);
            for at in 0..len {
                let mut other = base.clone();
                other[at] = b'-';
                assert_eq!(trie.child(ROOT, &other), None, "{len} {at}");
            }
            assert_eq!(trie.child(ROOT, &base), Some(node));
        }
    }

    #[test]
    fn labels_that_share_their_ends_do_not_collide() {
        // One hash for all of them would make building quadratic: the hashes must differ.
        let labels: Vec<String> = (0..1000).map(|i| format!("customer-{i:06}-production")).collect();
        let hashes: std::collections::HashSet<u64> = labels.iter().map(|l| LabelKey::of(l.as_bytes()).hash).collect();
        assert_eq!(hashes.len(), labels.len());
        let mut trie = LabelTrie::<usize>::default();
        for (i, label) in labels.iter().enumerate() {
            let node = trie.child_or_insert(ROOT, label.as_bytes());
            *trie.value_mut(node) = i;
        }
        for (i, label) in labels.iter().enumerate() {
            assert_eq!(trie.child(ROOT, label.as_bytes()).map(|n| *trie.value(n)), Some(i));
        }
    }

    #[test]
    fn many_labels_of_every_length() {
        let mut trie = LabelTrie::<usize>::default();
        let mut nodes: Vec<(NodeId, Vec<u8>, NodeId)> = Vec::new();
        let mut parent = ROOT;
        for i in 0..5000usize {
            let label = format!("{}{i}", "x".repeat(i % 40)).into_bytes();
            let node = trie.child_or_insert(parent, &label);
            *trie.value_mut(node) = i;
            nodes.push((parent, label, node));
            parent = if i % 3 == 0 { node } else { ROOT };
        }
        for (i, (parent, label, node)) in nodes.iter().enumerate() {
            assert_eq!(trie.child(*parent, label), Some(*node));
            assert_eq!(*trie.value(*node), i);
            let mut other = label.clone();
            other.push(b'.');
            assert_eq!(trie.child(*parent, &other), None);
        }
    }
}
