//! How a batch runs ([`BatchOptions`], the thread cap, the tuning constants) and what a
//! failed row reports ([`RowError`]).

use core::num::NonZeroUsize;
use std::sync::OnceLock;

use crate::common::error::Error;
use crate::common::spec::Spec;

/// `n`, which is not 0.
const fn nonzero(n: usize) -> NonZeroUsize {
    match NonZeroUsize::new(n) {
        Some(n) => n,
        None => NonZeroUsize::MIN,
    }
}

/// How a batch cuts its rows into work: the tuning constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tuning {
    /// Below this many rows per thread, more threads cost more than they save: a batch runs
    /// on at most one thread per this many rows.
    pub min_rows_per_thread: NonZeroUsize,
    /// The rows of one task of an ordered batch ([`resolve_in_order`](super::resolve_in_order)).
    pub rows_per_task: NonZeroUsize,
    /// The rows a thread resolves between two interruption checks in a split batch
    /// ([`resolve_batch_with`](super::resolve_batch_with)).
    pub rows_per_step: NonZeroUsize,
}

impl Tuning {
    /// The measured defaults. 2,048 rows per thread at least: spawning and joining a thread
    /// costs about as much as resolving 2,000 rows. Tasks of 8,192 rows: small enough that
    /// a task's output and what the caller makes of it (a Python `str` per row) stay in
    /// cache (measured on the corpus: 170 ns per link for one 10^5-row pass, 90 ns in tasks
    /// of this size), large enough that handing tasks out costs nothing. Steps of 8,192 rows
    /// too: under a millisecond of work between two interruption checks on the corpus (a
    /// check costs about a microsecond), and still well under a second on rows built to be
    /// slow (tests/test_interrupt.py: 80 µs per row).
    pub const MEASURED: Self = Self { min_rows_per_thread: nonzero(2048), rows_per_task: nonzero(8192), rows_per_step: nonzero(8192) };

    /// One row is enough for a thread, a task or a step: every thread runs, on the
    /// smallest batch (for tests of the scheduling itself).
    pub const FINEST: Self =
        Self { min_rows_per_thread: NonZeroUsize::MIN, rows_per_task: NonZeroUsize::MIN, rows_per_step: NonZeroUsize::MIN };
}

impl Default for Tuning {
    fn default() -> Self {
        Self::MEASURED
    }
}

/// How a batch runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // independent switches, each documented
pub struct BatchOptions {
    /// The rules for parsing and resolving.
    pub spec: Spec,
    /// Check every base and reference against the RFC 1808 §2.2 BNF first
    /// ([`crate::parse_checked`]); a row that does not conform fails. RFC 1808 only: with
    /// [`Spec::Rfc3986`] every row with a base and a reference fails with
    /// [`ErrorKind::StrictUnavailable`](crate::ErrorKind::StrictUnavailable).
    pub strict: bool,
    /// Strip HTML's ASCII whitespace from both ends of each reference first
    /// ([`AnyUrl::join_stripped_into`](crate::AnyUrl::join_stripped_into)): raw hrefs of a
    /// page's DOM.
    pub strip: bool,
    /// Stop at the first failed row (the caller raises; the rest is not needed): the batch
    /// still reports the lowest failed row, and maybe a few more after it.
    pub stop_at_first_error: bool,
    /// Write the text of rows whose answer is an input as given
    /// ([`Unchanged`](crate::Unchanged)); without it such rows are
    /// [`Row::Reference`](super::Row::Reference) / [`Row::Base`](super::Row::Base) and the
    /// caller reuses its input.
    pub copy_unchanged: bool,
    /// The number of threads, the calling thread included, at most [`max_threads`] (a
    /// larger number counts as that), and fewer when the rows are too few to share
    /// ([`Tuning::min_rows_per_thread`]).
    pub threads: NonZeroUsize,
    /// How the rows are cut into work.
    pub tuning: Tuning,
    /// The encoding the URL Standard parses each reference with
    /// ([`crate::AnyUrl::join_into_with_encoding`]: the query of a special URL is
    /// percent-encoded in it); `None` is UTF-8. Not used by RFC 1808 and RFC 3986.
    pub encoding: Option<&'static crate::grammars::whatwg::Encoding>,
}

impl Default for BatchOptions {
    fn default() -> Self {
        Self {
            spec: Spec::Rfc1808,
            strict: false,
            strip: false,
            stop_at_first_error: false,
            copy_unchanged: true,
            threads: NonZeroUsize::MIN,
            tuning: Tuning::MEASURED,
            encoding: None,
        }
    }
}

impl BatchOptions {
    /// The threads worth running for `rows` rows: [`BatchOptions::threads`], capped at
    /// [`max_threads`] and at one thread per [`Tuning::min_rows_per_thread`] rows.
    pub fn threads_for(&self, rows: usize) -> NonZeroUsize {
        let useful = rows.div_ceil(self.tuning.min_rows_per_thread.get());
        nonzero(self.threads.get().min(max_threads().get()).min(useful).max(1))
    }
}

/// The most threads a batch runs on: the machine's available parallelism
/// ([`std::thread::available_parallelism`], read once per process), or 1 when it cannot be
/// known. More threads than cores would only add threads to schedule (and a huge `threads`
/// one OS thread per range, until spawning fails).
pub fn max_threads() -> NonZeroUsize {
    static MAX: OnceLock<NonZeroUsize> = OnceLock::new();
    *MAX.get_or_init(|| std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN))
}

/// Which input of a row an error was found in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// The row's base.
    Base,
    /// The row's reference.
    Reference,
}

impl Input {
    /// `"base"` or `"reference"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Base => "base",
            Self::Reference => "reference",
        }
    }
}

/// A row that failed: its index, which input, and the error found in that input (a
/// [`Error`] for a resolution; a [`MapFailure`](super::MapFailure) for a function of each
/// row, [`map_chunks`](super::map_chunks)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowError<E = Error> {
    /// The row's index in the batch (in the whole column, for a chunked one).
    pub row: usize,
    /// The input the error is in.
    pub input: Input,
    /// The error (a resolution's with its byte offset into that input, [`Error::offset`]).
    pub error: E,
}
