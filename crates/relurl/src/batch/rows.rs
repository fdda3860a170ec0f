//! One row at a time: each row goes through the same path as a single resolution
//! ([`AnyUrl::join_into`]: RFC 1808, RFC 3986 or the URL Standard), its result
//! written after the previous row's into the thread's buffer ([`Part`]); a base equal to the
//! previous row's is not parsed again.

use core::ops::{ControlFlow, Range};

use super::columns::{Cell, StrColumn};
use super::options::{BatchOptions, Input, Operation, RowError};
use super::output::{Outcome, Part};
use crate::any::AnyUrl;
use crate::error::Error;
use crate::resolved::Unchanged;

/// The last base parsed (or rejected), kept while the next rows have the same text.
#[derive(Default)]
pub(super) struct BaseCache<'a> {
    base: Option<(&'a str, Result<AnyUrl<&'a str>, Error>)>,
}

impl<'a> BaseCache<'a> {
    fn get(&mut self, text: &'a str, options: BatchOptions) -> Result<&AnyUrl<&'a str>, Error> {
        let (_, parsed) = match self.base.take() {
            Some((cached, parsed)) if same_text(cached, text) => self.base.insert((cached, parsed)),
            _ => self.base.insert((text, parse_checked(text, options))),
        };
        parsed.as_ref().map_err(|e| *e)
    }
}

/// Equal strings; the same memory is checked first (a repeated base, one Python object).
#[inline]
fn same_text(a: &str, b: &str) -> bool {
    a.len() == b.len() && (core::ptr::eq(a.as_ptr(), b.as_ptr()) || a == b)
}

#[inline]
fn parse_checked(text: &str, options: BatchOptions) -> Result<AnyUrl<&str>, Error> {
    crate::parse_checked(text, options.spec, options.strict)
}

/// An empty part for `count` rows, its buffer sized for the results of rows `sized_for` of
/// `bases` and `references`.
pub(super) fn part_for<B, R>(bases: &B, references: &R, count: usize, sized_for: Range<usize>) -> Part
where
    B: StrColumn + ?Sized,
    R: StrColumn + ?Sized,
{
    let rows = sized_for;
    // Every byte of a result comes from its base or its reference, but for one `/` (see
    // `max_resolved_len`): room for that, when the inputs' sizes are known, means the
    // buffer never grows (pages that stay unused are never touched).
    let len = rows.len();
    let capacity = match (bases.byte_len(rows.clone()), references.byte_len(rows)) {
        (Some(b), Some(r)) => b.checked_add(r).and_then(|n| n.checked_add(len)).unwrap_or(0),
        _ => 0,
    };
    Part::new(count, capacity)
}

/// Resolves rows `rows` into `part`, after the rows it holds. A failed row is recorded with
/// its row index plus `first_row` (its index in the whole batch); with
/// [`BatchOptions::stop_at_first_error`], it ends the rows (`Break`).
pub(super) fn resolve_rows<'a, B, R>(
    bases: &'a B,
    references: &'a R,
    rows: Range<usize>,
    first_row: usize,
    options: BatchOptions,
    cache: &mut BaseCache<'a>,
    part: &mut Part,
) -> ControlFlow<()>
where
    B: StrColumn + ?Sized,
    R: StrColumn + ?Sized,
{
    for row in rows {
        let outcome = match resolve_row(bases, references, row, options, cache, &mut part.text) {
            Ok(outcome) => outcome,
            Err((input, error)) => {
                part.errors.push(RowError { row: first_row + row, input, error });
                if options.stop_at_first_error {
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

fn resolve_row<'a, B, R>(
    bases: &'a B,
    references: &'a R,
    row: usize,
    options: BatchOptions,
    cache: &mut BaseCache<'a>,
    out: &mut String,
) -> Result<Outcome, (Input, Error)>
where
    B: StrColumn + ?Sized,
    R: StrColumn + ?Sized,
{
    match options.operation {
        Operation::Resolve => join_row(bases, references, row, options, cache, out),
        Operation::Normalize => {
            map_row(references.get(row), options, out, |text, out| crate::normalize::normalize_into(text, options.spec, out))
        }
    }
}

/// A row whose result is a function `write` of its reference alone: null for a null
/// reference, [`Outcome::Reference`] when the result is the reference as it is (unless
/// [`BatchOptions::copy_unchanged`]).
fn map_row(
    reference: Cell<'_>,
    options: BatchOptions,
    out: &mut String,
    write: impl FnOnce(&str, &mut String) -> Result<(), Error>,
) -> Result<Outcome, (Input, Error)> {
    let text = match reference {
        Cell::Text(text) => text,
        Cell::Invalid(error) => return Err((Input::Reference, error)),
        Cell::Null => return Ok(Outcome::Null),
    };
    let start = out.len();
    write(text, out).map_err(|e| (Input::Reference, e))?;
    if !options.copy_unchanged && out.get(start..) == Some(text) {
        out.truncate(start);
        return Ok(Outcome::Reference);
    }
    Ok(Outcome::Text)
}

/// A row of [`Operation::Resolve`].
fn join_row<'a, B, R>(
    bases: &'a B,
    references: &'a R,
    row: usize,
    options: BatchOptions,
    cache: &mut BaseCache<'a>,
    out: &mut String,
) -> Result<Outcome, (Input, Error)>
where
    B: StrColumn + ?Sized,
    R: StrColumn + ?Sized,
{
    // A null input makes the row null; otherwise the base is read (and parsed) first, so a
    // row whose inputs both fail has one error, its base's.
    let (base, reference) = (bases.get(row), references.get(row));
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
    let outcome = match base.join_into(reference, options.strict, out).map_err(|e| (Input::Reference, e))? {
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
