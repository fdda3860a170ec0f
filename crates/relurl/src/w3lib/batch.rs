//! A column of URLs canonicalized on several threads, by the core's batch scheduler
//! ([`crate::batch::scheduler::in_order`]): tasks of rows handed to free threads, their
//! results given back in row order on the calling thread.

use core::num::NonZeroUsize;
use core::ops::ControlFlow;

use super::{canonicalize_url, Options, W3libError};
use crate::batch::scheduler::{in_order, Interrupt, Interrupted};
use crate::batch::{Cell, StrColumn};
use crate::Error;

/// Why a row has no canonical form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowFailure {
    /// The row is not text (a column's row that is not UTF-8).
    Invalid(Error),
    /// w3lib's exception for this URL.
    W3lib(W3libError),
}

/// One row of a task's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CanonicalRow {
    /// The canonical URL ends at this byte of [`CanonicalRows::text`] (it starts where the
    /// previous text row ended).
    Text(usize),
    /// A null row.
    Null,
    /// A failed row.
    Failed(RowFailure),
}

/// The results of one task: the canonical URLs one after the other, and each row's outcome.
#[derive(Debug, Clone, Default)]
pub struct CanonicalRows {
    /// The canonical URLs, joined.
    pub text: String,
    /// One entry per row of the task (fewer when the task stopped at a failure).
    pub rows: Vec<CanonicalRow>,
}

/// `canonicalize_url` of every row of `column`, on up to `threads` threads in tasks of
/// `rows_per_task` rows; `consume(first_row, rows)` gets each task's results in order on the
/// calling thread (`Break` ends the run). With `stop_at_first_error`, the task holding the
/// first failure is the last one given.
///
/// # Errors
/// [`Interrupted`] when `interrupt` stopped the run.
pub fn canonicalize_column<C: StrColumn + ?Sized>(
    column: &C,
    options: &Options<'_>,
    threads: NonZeroUsize,
    rows_per_task: NonZeroUsize,
    stop_at_first_error: bool,
    interrupt: &dyn Interrupt,
    consume: &mut dyn FnMut(usize, CanonicalRows) -> ControlFlow<()>,
) -> Result<(), Interrupted> {
    let len = column.len();
    let per = rows_per_task.get();
    let tasks = len.div_ceil(per);
    let work = |task: usize| {
        let rows = task * per..len.min((task + 1) * per);
        let mut out = CanonicalRows { text: String::with_capacity(rows.len() * 64), rows: Vec::with_capacity(rows.len()) };
        let mut flow = ControlFlow::Continue(());
        for row in rows {
            let outcome = match column.get(row) {
                Cell::Null => CanonicalRow::Null,
                Cell::Invalid(e) => CanonicalRow::Failed(RowFailure::Invalid(e)),
                Cell::Text(url) => match canonicalize_url(url, options) {
                    Ok(key) => {
                        out.text.push_str(&key);
                        CanonicalRow::Text(out.text.len())
                    }
                    Err(e) => CanonicalRow::Failed(RowFailure::W3lib(e)),
                },
            };
            let failed = matches!(outcome, CanonicalRow::Failed(_));
            out.rows.push(outcome);
            if failed && stop_at_first_error {
                flow = ControlFlow::Break(());
                break;
            }
        }
        (out, flow)
    };
    in_order(tasks, threads, interrupt, &work, &mut |task, rows| consume(task * per, rows))
}
