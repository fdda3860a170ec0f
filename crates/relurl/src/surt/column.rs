//! The SURT keys of a whole column, on several threads (the core's batch scheduler).

use core::num::NonZeroUsize;
use core::ops::ControlFlow;

use super::{surt, Options, SurtError};
use crate::batch::scheduler::{in_order, Interrupt, Interrupted};
use crate::batch::{Cell, StrColumn};
use crate::Error;

/// Rows per task handed to a thread.
const ROWS_PER_TASK: usize = 2048;

/// Why a row of a column has no key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowFailure {
    /// surt raises for it.
    Surt(SurtError),
    /// The row cannot be read ([`Cell::Invalid`]: not UTF-8, too long).
    Unreadable(Error),
}

/// The keys of a column: one text buffer, the end of each row in it, which rows have a key
/// (a null row or a failed one has none), and the failed rows in order.
#[derive(Clone, Debug, Default)]
pub struct Keys {
    /// The keys, one after the other.
    pub text: Vec<u8>,
    /// `ends[i]`: the end of row `i` in `text` (its start is `ends[i - 1]`, or 0).
    pub ends: Vec<usize>,
    /// Whether each row has a key.
    pub valid: Vec<bool>,
    /// The failed rows (their index in the column) and why.
    pub failures: Vec<(usize, RowFailure)>,
}

/// [`surt`] of every row of `column`, in tasks of rows on up to `threads` threads, the
/// results joined in row order. A row of a `str` column is its UTF-8 bytes, so its key is
/// UTF-8 too. With `stop_at_first_error`, no task after the first failed row's runs (its
/// failure is still the first reported; later rows are then missing from the result).
///
/// # Errors
/// [`Interrupted`] when `interrupt` stopped the run.
pub fn surt_column<C: StrColumn + ?Sized>(
    column: &C,
    options: &Options,
    threads: NonZeroUsize,
    stop_at_first_error: bool,
    interrupt: &dyn Interrupt,
) -> Result<Keys, Interrupted> {
    let rows = column.len();
    let tasks = rows.div_ceil(ROWS_PER_TASK);
    let work = |task: usize| {
        let start = task * ROWS_PER_TASK;
        let end = rows.min(start + ROWS_PER_TASK);
        let mut keys = Keys::default();
        for row in start..end {
            let key = match column.get(row) {
                Cell::Text(text) => surt(text.as_bytes(), options).map(Some).map_err(RowFailure::Surt),
                Cell::Null => Ok(None),
                Cell::Invalid(error) => Err(RowFailure::Unreadable(error)),
            };
            let valid = match key {
                Ok(Some(key)) => {
                    keys.text.extend_from_slice(&key);
                    true
                }
                Ok(None) => false,
                Err(failure) => {
                    keys.failures.push((row, failure));
                    false
                }
            };
            keys.valid.push(valid);
            keys.ends.push(keys.text.len());
        }
        let flow = if stop_at_first_error && !keys.failures.is_empty() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) };
        (keys, flow)
    };
    let mut all = Keys { text: Vec::new(), ends: Vec::with_capacity(rows), valid: Vec::with_capacity(rows), failures: Vec::new() };
    in_order(tasks, threads, interrupt, &work, &mut |_, keys: Keys| {
        let offset = all.text.len();
        all.text.extend_from_slice(&keys.text);
        all.ends.extend(keys.ends.iter().map(|end| end + offset));
        all.valid.extend_from_slice(&keys.valid);
        all.failures.extend(keys.failures);
        ControlFlow::Continue(())
    })?;
    Ok(all)
}
