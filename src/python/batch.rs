//! `relurl.resolve_many` and `URL.resolve_many`: a list of references (and one base or a
//! list of bases) resolved by [`crate::batch::resolve_batch`] with the GIL released.
//!
//! Three phases: with the GIL, every item is borrowed as UTF-8 (no copy); without it, the
//! core resolves the rows, on `threads` threads; with the GIL again, the results become
//! `str`s (a row whose answer is an input as given is that input object).

use core::num::NonZeroUsize;
use core::ops::Range;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use super::errors::from_core;
use super::resolving::{exact_str, spec_arg};
use super::strings::{surrogate_error, type_error};
use crate::batch::{resolve_batch, BatchOptions, Input, Repeated, Resolved, Row};
use super::url::PyUrl;
use crate::Spec;

/// Below this many rows per thread, more threads cost more than they save.
const MIN_ROWS_PER_THREAD: usize = 2048;
/// The rows per thread of one chunk (see [`resolve_rows`]).
const ROWS_PER_CHUNK: usize = 8192;

/// What to do with a row that fails (`errors=`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ErrorMode {
    /// Raise one `URLError` for the first failed row, naming its index.
    Raise,
    /// `None` in the failed row's place.
    Null,
    /// `None` in its place, and a `URLError` for it in a second list.
    Report,
}

impl ErrorMode {
    pub(crate) fn parse(name: &str) -> PyResult<Self> {
        match name {
            "raise" => Ok(Self::Raise),
            "null" => Ok(Self::Null),
            "report" => Ok(Self::Report),
            other => Err(PyValueError::new_err(format!("errors must be 'raise', 'null' or 'report', not {other:?}"))),
        }
    }
}

/// The `spec`, `strict`, `errors` and `threads` arguments, checked.
pub(crate) struct BatchArgs {
    pub spec: Spec,
    pub strict: bool,
    pub errors: ErrorMode,
    pub threads: NonZeroUsize,
}

impl BatchArgs {
    pub(crate) fn new(spec: &str, strict: bool, errors: &str, threads: Option<usize>) -> PyResult<Self> {
        let spec = spec_arg(spec)?;
        if strict && spec == Spec::Rfc3986 {
            return Err(PyValueError::new_err(
                "strict=True checks the RFC 1808 section 2.2 grammar and is not available with spec='rfc3986'",
            ));
        }
        let threads = match threads {
            None => NonZeroUsize::MIN,
            Some(n) => NonZeroUsize::new(n).ok_or_else(|| PyValueError::new_err("threads must be at least 1"))?,
        };
        Ok(Self { spec, strict, errors: ErrorMode::parse(errors)?, threads })
    }

    /// The core's options for `rows` rows on at most `threads` threads (fewer when the rows
    /// are too few to share).
    pub(crate) fn options(&self, rows: usize, copy_unchanged: bool, threads: usize) -> BatchOptions {
        let useful = rows.div_ceil(MIN_ROWS_PER_THREAD);
        BatchOptions {
            spec: self.spec,
            strict: self.strict,
            stop_at_first_error: self.errors == ErrorMode::Raise,
            copy_unchanged,
            threads: NonZeroUsize::new(threads.min(useful)).unwrap_or(NonZeroUsize::MIN),
        }
    }
}

/// The input side of a batch: a whole list of `str`s, borrowed.
pub(crate) struct Column<'py> {
    objects: Vec<Bound<'py, PyAny>>,
}

impl<'py> Column<'py> {
    /// Collects `items` (a list, tuple or any iterable); a non-`str`, non-`None` item is a
    /// `TypeError` naming `name[index]`, raised before any work is done.
    pub(crate) fn collect(items: &Bound<'py, PyAny>, name: &str) -> PyResult<Self> {
        let objects: Vec<Bound<'py, PyAny>> = if let Ok(list) = items.cast::<PyList>() {
            list.iter().collect()
        } else if let Ok(tuple) = items.cast::<PyTuple>() {
            tuple.iter().collect()
        } else {
            let iter = items.try_iter().map_err(|_| type_error(items, name))?;
            iter.collect::<PyResult<_>>()?
        };
        for (index, object) in objects.iter().enumerate() {
            if !object.is_none() && !object.is_instance_of::<PyString>() {
                return Err(type_error(object, &format!("{name}[{index}]")));
            }
        }
        Ok(Self { objects })
    }
}

/// Where the bases come from: one `str` for every row, or a column of them.
pub(crate) enum Bases<'py> {
    One(Bound<'py, PyString>),
    PerRow(Column<'py>),
}

/// Resolves the rows and builds the Python result for `errors`: a list, or for
/// `errors="report"` a tuple `(list, failures)`.
///
/// The rows go in chunks of [`ROWS_PER_CHUNK`] per resolving thread, so that the core's
/// buffers and the new `str`s of a chunk stay in cache (measured on the corpus: 170 ns per
/// link for one 10^5-row pass, 90 ns in chunks).
#[allow(clippy::too_many_lines)] // one pass over the chunks; its closures share the borrowed rows
pub(crate) fn resolve_rows<'py>(py: Python<'py>, bases: Bases<'py>, references: &Column<'py>, args: &BatchArgs) -> PyResult<Bound<'py, PyAny>> {
    let rows = references.objects.len();
    let (base_object, base_column) = match bases {
        Bases::One(object) => (Some(object), None),
        Bases::PerRow(column) => {
            if column.objects.len() != rows {
                return Err(PyValueError::new_err(format!(
                    "bases has {} items and references {rows}: give one base, or one base per reference",
                    column.objects.len()
                )));
            }
            (None, Some(column))
        }
    };
    let one_base_text: Option<&str> = match &base_object {
        Some(object) => Some(object.to_str().map_err(|_| surrogate_error(object))?),
        None => None,
    };
    let none = py.None().into_bound(py);
    let mut out: Vec<Bound<'py, PyAny>> = Vec::with_capacity(rows);
    // Failures in row order: lone surrogates found while borrowing, and the core's errors.
    let mut failures: Vec<(usize, Input, PyErr)> = Vec::new();
    let ref_texts = borrow_texts(&references.objects, Input::Reference, &mut failures);
    let base_texts = base_column.as_ref().map(|c| borrow_texts(&c.objects, Input::Base, &mut failures));

    // With one thread, each chunk is resolved without the GIL, then made into `str`s. With
    // N threads, N - 1 resolve the chunks ahead while this one, holding the GIL, makes the
    // `str`s of the chunk before: the two halves of the work overlap.
    let resolvers = if args.threads.get() == 1 { 1 } else { args.threads.get() - 1 };
    let chunk = ROWS_PER_CHUNK * resolvers;
    let ranges: Vec<Range<usize>> = (0..rows).step_by(chunk.max(1)).map(|start| start..rows.min(start + chunk)).collect();
    let resolve_chunk = |range: Range<usize>| {
        let options = args.options(range.len(), false, resolvers);
        match &base_texts {
            Some(texts) => resolve_batch(&texts[range.clone()], &ref_texts[range], options),
            None => resolve_batch(&Repeated { text: one_base_text, len: range.len() }, &ref_texts[range], options),
        }
    };
    let mut take_chunk = |start: usize, resolved: &Resolved| -> PyResult<()> {
        for e in resolved.errors() {
            let row = start + e.row;
            let text = match (e.input, &base_texts) {
                (Input::Base, Some(texts)) => texts[row].unwrap_or(""),
                (Input::Base, None) => one_base_text.unwrap_or(""),
                (Input::Reference, _) => ref_texts[row].unwrap_or(""),
            };
            failures.push((row, e.input, from_core(py, &e.error, text)));
        }
        // Raise the first failure up to this chunk's end: a lone surrogate (all were found
        // while borrowing) or a core error of this chunk (earlier chunks had none).
        if args.errors == ErrorMode::Raise {
            let end = start + resolved.len();
            let first = failures.iter().enumerate().filter(|(_, f)| f.0 < end).min_by_key(|(_, f)| f.0).map(|(i, _)| i);
            if let Some(index) = first {
                let (row, input, err) = failures.swap_remove(index);
                return Err(with_index(py, err, row, input));
            }
        }
        for (offset, result) in resolved.rows().enumerate() {
            let row = start + offset;
            let item = match result {
                Row::Text(text) => PyString::new(py, text).into_any(),
                Row::Reference => input_str(&references.objects[row], ref_texts[row]),
                Row::Base => match (&base_object, &base_column, &base_texts) {
                    (Some(object), _, _) => exact_str(object, one_base_text.unwrap_or("")).into_any(),
                    (None, Some(column), Some(texts)) => input_str(&column.objects[row], texts[row]),
                    _ => none.clone(),
                },
                Row::Null | Row::Failed => none.clone(),
            };
            out.push(item);
        }
        Ok(())
    };
    if args.threads.get() == 1 || ranges.len() <= 1 {
        for range in &ranges {
            let resolved = py.detach(|| resolve_chunk(range.clone()));
            take_chunk(range.start, &resolved)?;
        }
    } else {
        std::thread::scope(|scope| -> PyResult<()> {
            let (sender, receiver) = std::sync::mpsc::sync_channel::<Resolved>(2);
            let ahead = &ranges;
            let resolve_chunk = &resolve_chunk;
            scope.spawn(move || {
                for range in ahead {
                    // The receiver is gone when this thread raised: stop.
                    if sender.send(resolve_chunk(range.clone())).is_err() {
                        return;
                    }
                }
            });
            // `detach` needs a `Sync` capture to wait without the GIL; a `Receiver` is not.
            let receiver = std::sync::Mutex::new(receiver);
            for range in &ranges {
                let resolved = py.detach(|| receiver.lock().map_err(|_| ()).and_then(|r| r.recv().map_err(|_| ())));
                let resolved = resolved.map_err(|()| pyo3::exceptions::PyRuntimeError::new_err("a resolving thread stopped"))?;
                take_chunk(range.start, &resolved)?;
            }
            Ok(())
        })?;
    }
    failures.sort_by_key(|(row, _, _)| *row);
    let list = PyList::new(py, out)?;
    if args.errors == ErrorMode::Report {
        let errors: Vec<Bound<'py, PyAny>> =
            failures.into_iter().map(|(row, input, err)| with_index(py, err, row, input).into_value(py).into_bound(py).into_any()).collect();
        return Ok(PyTuple::new(py, [list.into_any(), PyList::new(py, errors)?.into_any()])?.into_any());
    }
    Ok(list.into_any())
}

/// The texts of `objects`, borrowed: `None` for `None`, and for a string with a lone
/// surrogate, whose error goes to `failures`.
fn borrow_texts<'a>(objects: &'a [Bound<'_, PyAny>], input: Input, failures: &mut Vec<(usize, Input, PyErr)>) -> Vec<Option<&'a str>> {
    let mut texts = Vec::with_capacity(objects.len());
    for (row, object) in objects.iter().enumerate() {
        let text = object.cast::<PyString>().ok().and_then(|s| {
            let text = s.to_str().ok();
            if text.is_none() {
                failures.push((row, input, surrogate_error(s)));
            }
            text
        });
        texts.push(text);
    }
    texts
}

/// The input `object` (a `str`, borrowed as `text`) as a result: [`exact_str`].
fn input_str<'py>(object: &Bound<'py, PyAny>, text: Option<&str>) -> Bound<'py, PyAny> {
    match (object.cast::<PyString>(), text) {
        (Ok(s), Some(text)) => exact_str(s, text).into_any(),
        _ => object.py().None().into_bound(object.py()),
    }
}

/// Adds `index` (the row) and `input` (`"base"` or `"reference"`) to a `URLError` and
/// names both in its message.
pub(crate) fn with_index(py: Python<'_>, err: PyErr, row: usize, input: Input) -> PyErr {
    let value = err.value(py);
    let message = value.str().map(|s| s.to_string()).unwrap_or_default();
    let annotated = format!("{} of item {row}: {message}", input.name());
    let result = value
        .setattr("index", row)
        .and_then(|()| value.setattr("input", input.name()))
        .and_then(|()| value.setattr("args", (annotated,)));
    match result {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// Resolves every reference against its base (RFC 1808 §4, or RFC 3986 §5.2 with
/// `spec="rfc3986"`) with the GIL released, on `threads` threads; see the stub for the rest.
#[pyfunction]
#[pyo3(signature = (bases, references, *, spec = "rfc1808", strict = false, errors = "raise", threads = None))]
pub fn resolve_many<'py>(
    bases: &Bound<'py, PyAny>,
    references: &Bound<'py, PyAny>,
    spec: &str,
    strict: bool,
    errors: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = bases.py();
    let args = BatchArgs::new(spec, strict, errors, threads)?;
    let bases = if let Ok(one) = bases.cast::<PyString>() {
        Bases::One(one.clone())
    } else if let Ok(url) = bases.cast::<PyUrl>() {
        Bases::One(url.get().text(py))
    } else {
        Bases::PerRow(Column::collect(bases, "bases")?)
    };
    let references = Column::collect(references, "references")?;
    resolve_rows(py, bases, &references, &args)
}
