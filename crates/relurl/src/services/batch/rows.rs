//! One row at a time: each row's result written after the previous row's into the thread's
//! buffer ([`Part`]). A row source ([`RowSource`]) says what a row's result is: a reference
//! resolved against its base ([`Join`]: the same path as a single resolution,
//! [`AnyUrl::join_into`]; a base equal to the previous row's is not parsed again), or a
//! function of the row's text alone ([`Map`]).

use core::ops::{ControlFlow, Range};

use super::columns::{Cell, StrColumn};
use super::map::{MapFailure, MapRow};
use super::options::{BatchOptions, Input, RowError};
use super::output::{Outcome, Part};
use crate::common::any::AnyUrl;
use crate::common::error::Error;
use crate::common::resolver_output::Unchanged;

/// What each row of a batch becomes.
pub(super) trait RowSource: Sync {
    /// Why a row fails.
    type Error: Send + Sync + Clone;
    /// What a thread keeps from one row to the next.
    type Cache: Default + Send;

    /// The number of rows.
    fn len(&self) -> usize;

    /// The bytes the results of `rows` are expected to take (0 when unknown).
    fn capacity(&self, rows: Range<usize>) -> usize;

    /// Writes row `row`'s result to `out`.
    fn write(&self, row: usize, cache: &mut Self::Cache, out: &mut String) -> Result<Outcome, (Input, Self::Error)>;
}

/// The last base parsed (or rejected), kept while the next rows have the same text.
#[derive(Default)]
pub(super) struct BaseCache<'a> {
    base: Option<(&'a str, Result<AnyUrl<&'a str>, Error>)>,
}

impl<'a> BaseCache<'a> {
    #[inline]
    fn get(&mut self, text: &'a str, options: BatchOptions) -> Result<&AnyUrl<&'a str>, Error> {
        // Looked at in place: the parsed base is not moved out and back for every row.
        if !matches!(&self.base, Some((cached, _)) if same_text(cached, text)) {
            self.base = None;
        }
        let (_, parsed) = self.base.get_or_insert_with(|| (text, crate::common::any::parse_checked(text, options.spec, options.strict)));
        parsed.as_ref().map_err(|e| *e)
    }
}

/// Equal strings; the same memory is checked first (a repeated base, one Python object).
#[inline]
fn same_text(a: &str, b: &str) -> bool {
    a.len() == b.len() && (core::ptr::eq(a.as_ptr(), b.as_ptr()) || a == b)
}

/// An empty part for `count` rows of `source`, its buffer sized for the results of rows
/// `sized_for`.
pub(super) fn part_for<S: RowSource + ?Sized>(source: &S, count: usize, sized_for: Range<usize>) -> Part<S::Error> {
    Part::new(count, source.capacity(sized_for))
}

/// Writes rows `rows` of `source` into `part`, after the rows it holds. A failed row is
/// recorded with its row index plus `first_row` (its index in the whole batch); with
/// `stop_at_first_error`, it ends the rows (`Break`).
pub(super) fn write_rows<S: RowSource + ?Sized>(
    source: &S,
    rows: Range<usize>,
    first_row: usize,
    stop_at_first_error: bool,
    cache: &mut S::Cache,
    part: &mut Part<S::Error>,
) -> ControlFlow<()> {
    for row in rows {
        let outcome = match source.write(row, cache, &mut part.text) {
            Ok(outcome) => outcome,
            Err((input, error)) => {
                part.errors.push(RowError { row: first_row + row, input, error });
                if stop_at_first_error {
                    return ControlFlow::Break(());
                }
                Outcome::Failed
            }
        };
        part.offsets.push(part.text.len());
        part.outcomes.push(outcome);
    }
    ControlFlow::Continue(())
}

/// Each reference resolved against its base, by `options.spec`.
pub(super) struct Join<'a, B: ?Sized, R: ?Sized> {
    pub bases: &'a B,
    pub references: &'a R,
    pub options: BatchOptions,
}

impl<'a, B, R> RowSource for Join<'a, B, R>
where
    B: StrColumn + ?Sized,
    R: StrColumn + ?Sized,
{
    type Error = Error;
    type Cache = BaseCache<'a>;

    fn len(&self) -> usize {
        self.references.len()
    }

    fn capacity(&self, rows: Range<usize>) -> usize {
        // Every byte of a result comes from its base or its reference, but for one `/` (see
        // `max_resolved_len`): room for that, when the inputs' sizes are known, means the
        // buffer never grows (pages that stay unused are never touched).
        let len = rows.len();
        match (self.bases.byte_len(rows.clone()), self.references.byte_len(rows)) {
            (Some(b), Some(r)) => b.checked_add(r).and_then(|n| n.checked_add(len)).unwrap_or(0),
            _ => 0,
        }
    }

    fn write(&self, row: usize, cache: &mut BaseCache<'a>, out: &mut String) -> Result<Outcome, (Input, Error)> {
        let (bases, references): (&'a B, &'a R) = (self.bases, self.references);
        join_row(bases.get(row), references.get(row), self.options, cache, out)
    }
}

/// A function of each row's text.
pub(super) struct Map<'a, R: ?Sized, M> {
    pub references: &'a R,
    pub function: &'a M,
    pub copy_unchanged: bool,
}

impl<R, M> RowSource for Map<'_, R, M>
where
    R: StrColumn + ?Sized,
    M: MapRow,
{
    type Error = MapFailure<M::Error>;
    type Cache = ();

    fn len(&self) -> usize {
        self.references.len()
    }

    fn capacity(&self, rows: Range<usize>) -> usize {
        // A key is about as long as its URL: a start that rarely grows.
        self.references.byte_len(rows).unwrap_or(0)
    }

    /// Null for a null row; [`Outcome::Reference`] when the result is the row as it is
    /// (unless `copy_unchanged`).
    fn write(&self, row: usize, (): &mut (), out: &mut String) -> Result<Outcome, (Input, Self::Error)> {
        let text = match self.references.get(row) {
            Cell::Text(text) => text,
            Cell::Invalid(error) => return Err((Input::Reference, MapFailure::Unreadable(error))),
            Cell::Null => return Ok(Outcome::Null),
        };
        let start = out.len();
        if let Err(error) = self.function.map_into(text, out) {
            out.truncate(start);
            return Err((Input::Reference, MapFailure::Failed(error)));
        }
        if !self.copy_unchanged && out.get(start..) == Some(text) {
            out.truncate(start);
            return Ok(Outcome::Reference);
        }
        Ok(Outcome::Text)
    }
}

/// A row of a [`Join`].
fn join_row<'a>(
    base: Cell<'a>,
    reference: Cell<'a>,
    options: BatchOptions,
    cache: &mut BaseCache<'a>,
    out: &mut String,
) -> Result<Outcome, (Input, Error)> {
    // A null input makes the row null; otherwise the base is read (and parsed) first, so a
    // row whose inputs both fail has one error, its base's.
    if matches!(base, Cell::Null) || matches!(reference, Cell::Null) {
        return Ok(Outcome::Null);
    }
    let base = match base {
        Cell::Text(text) => cache.get(text, options),
        Cell::Invalid(error) => Err(error),
        Cell::Null => return Ok(Outcome::Null),
    };
    let base = base.map_err(|e| (Input::Base, e))?;
    let reference = match reference {
        Cell::Text(text) => text,
        Cell::Invalid(error) => return Err((Input::Reference, error)),
        Cell::Null => return Ok(Outcome::Null),
    };
    let outcome = match base
        .join_stripped_into(reference, options.strict, options.strip, options.encoding, out)
        .map_err(|e| (Input::Reference, e))?
    {
        None => Outcome::Text,
        Some(Unchanged::Reference) if !options.copy_unchanged => Outcome::Reference,
        Some(Unchanged::Base) if !options.copy_unchanged => Outcome::Base,
        Some(unchanged) => {
            out.push_str(unchanged.text(base.as_str(), reference));
            Outcome::Text
        }
    };
    Ok(outcome)
}
