//! A function of one URL run on every row of a column ([`map_chunks`](super::map_chunks)):
//! normalization ([`Normalize`]), and the twins of w3lib's `canonicalize_url`
//! ([`crate::w3lib::Options`]) and of `surt.surt` ([`crate::surt::Options`]). The rows go
//! through the same scheduler, row loop and output buffers as a resolution; only the
//! function of a row differs.

use crate::common::error::Error;
use crate::common::spec::Spec;

/// A function of one row's text, written after the previous rows' results.
pub trait MapRow: Sync {
    /// Why a row has no result.
    type Error: Send + Sync + Clone;

    /// Appends the result for `text` to `out`; on error `out` may hold part of a result
    /// after its length on entry (the caller cuts it off).
    ///
    /// # Errors
    /// The function's own failure for this row.
    fn map_into(&self, text: &str, out: &mut String) -> Result<(), Self::Error>;
}

/// Why a row of a mapped column has no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MapFailure<E> {
    /// The row cannot be read ([`Cell::Invalid`](super::Cell::Invalid): not UTF-8, too long).
    Unreadable(Error),
    /// The function failed for this row.
    Failed(E),
}

/// [`crate::normalize`] by a grammar, as a function of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Normalize(pub Spec);

impl MapRow for Normalize {
    type Error = Error;

    fn map_into(&self, text: &str, out: &mut String) -> Result<(), Error> {
        crate::services::normalize::normalize_into(text, self.0, out)
    }
}
