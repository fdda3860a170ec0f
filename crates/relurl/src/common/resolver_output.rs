//! What the resolvers of both grammars share: the bound on a result's length, and the
//! answer that is one of the inputs as given.

use crate::common::spec::Grammar;
use crate::common::url::Url;

/// An upper bound on the length of the resolution of `reference` against `base`, by either
/// grammar: every byte of the result is copied from one of the two inputs, with its
/// delimiter, except one `/` that RFC 1808 §4 step 6 may add after a net_loc (RFC 3986: the
/// §5.2.3 merge of a base with an authority and an empty path). RFC 3986 §5.2.4 never
/// lengthens a path.
#[inline]
pub fn max_resolved_len<B: AsRef<str>, R: AsRef<str>, G: Grammar>(base: &Url<B, G>, reference: &Url<R, G>) -> usize {
    base.as_str().len() + reference.as_str().len() + 1
}

/// Which input is the whole answer, when resolution ends before it writes anything
/// (`unchanged` of [`crate::rfc1808`] and [`crate::rfc3986`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unchanged {
    /// The reference, as it was given: RFC 1808 §4 step 1 (the base is empty) or step 2b
    /// (the reference has a scheme); RFC 3986 §5.2.2, a reference with a scheme and no dot
    /// segment.
    Reference,
    /// The base, as it was given, fragment included: RFC 1808 §4 step 2a (the reference is
    /// empty).
    Base,
}

impl Unchanged {
    /// The answer's text: `base` or `reference`, whichever this names.
    #[inline]
    pub fn text<'a>(self, base: &'a str, reference: &'a str) -> &'a str {
        match self {
            Self::Reference => reference,
            Self::Base => base,
        }
    }
}
