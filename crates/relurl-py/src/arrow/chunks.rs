//! The Arrow column plumbing shared by `relurl.arrow`'s functions (`arrow.rs`, `map.rs`):
//! an input read through the Arrow PyCapsule interface, its arrays checked once with the
//! GIL released, the core's results as Arrow arrays without a copy, and the failed rows
//! returned as `errors=` says.

use core::num::NonZeroUsize;
use core::ops::ControlFlow;
use std::sync::Arc;

use arrow_array::{Array, ArrayRef, GenericStringArray};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType, Field};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};

use super::columns::{Layout, Strings};
use crate::batch::{escapes, ErrorMode, Signals};
use relurl::batch::scheduler;
use relurl::batch::{Chunks, Contiguous, Interrupt, Interrupted, Resolved, RowError, RowOffsets};
pub(super) use relurl::bindings::arrow::TOO_MANY_ROWS;

/// An Arrow input: a single array (`__arrow_c_array__`) or a stream of chunks
/// (`__arrow_c_stream__`: a chunked array, a polars Series, ...).
pub(super) struct ArrowInput {
    pub(super) chunks: Vec<ArrayRef>,
    pub(super) stream: bool,
}

pub(super) fn arrow_input(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<ArrowInput> {
    let any: AnyArray = obj.extract().map_err(|e| {
        PyTypeError::new_err(format!(
            "{name} must be an Arrow array or chunked array (an object with __arrow_c_array__ or __arrow_c_stream__): {e}"
        ))
    })?;
    Ok(match any {
        AnyArray::Array(array) => ArrowInput { chunks: vec![array.into_inner().0], stream: false },
        stream @ AnyArray::Stream(_) => {
            let chunks = stream.into_chunked_array().map_err(|e| stream_failed(name, &PyErr::from(e)))?;
            ArrowInput { chunks: chunks.into_inner().0, stream: true }
        }
    })
}

/// A `RuntimeError` for a stream whose producer failed while it was read (its error, which
/// the Arrow C stream interface hands over as a message alone, in the message).
#[cold]
fn stream_failed(name: &str, error: &PyErr) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(format!("{name}: the Arrow stream failed while it was read: {error}"))
}

/// One chunk's array and its failed rows (counted in the whole column).
pub(super) type ChunkArray<E> = (ArrayRef, Vec<RowError<E>>);

/// One chunk's result: its array and its failed rows, or the message of an array arrow-rs
/// would not build.
pub(super) type ChunkResult<E> = Result<ChunkArray<E>, String>;

/// A chunk's results as an Arrow array (run by the core on the thread that wrote them).
pub(super) fn chunk_array<E: Clone + Sync>(resolved: Resolved<E>) -> ChunkResult<E> {
    let contiguous = resolved.into_contiguous();
    let errors = contiguous.errors.clone();
    Ok((string_array(contiguous)?, errors))
}

/// Checks every array of `layouts` ([`Layout::check`]; each named for its error), with the
/// GIL released by the caller, on up to `threads` threads (whole arrays handed out by the
/// core's scheduler; the first broken one in order is reported).
pub(super) fn checked<'a>(
    layouts: &[(Layout<'a>, &str)],
    threads: NonZeroUsize,
    interrupt: &dyn Interrupt,
) -> Result<Vec<Strings<'a>>, Stop> {
    let mut all = Vec::with_capacity(layouts.len());
    let mut failure = None;
    let work = |index: usize| {
        let (layout, name) = layouts[index];
        let checked = layout.check(name);
        let flow = if checked.is_err() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) };
        (checked, flow)
    };
    scheduler::in_order(layouts.len(), threads, interrupt, &work, &mut |_, checked| match checked {
        Ok(strings) => {
            all.push(strings);
            ControlFlow::Continue(())
        }
        Err(message) => {
            failure = Some(message);
            ControlFlow::Break(())
        }
    })
    .map_err(|Interrupted| Stop::Interrupted)?;
    failure.map_or(Ok(all), |message| Err(Stop::Invalid(message)))
}

/// Why a column's work stopped: a broken array (the message), or an interruption.
pub(super) enum Stop {
    Invalid(String),
    Interrupted,
}

impl Stop {
    pub(super) fn into_err(self, signals: &Signals) -> PyErr {
        match self {
            Self::Invalid(message) => PyValueError::new_err(message),
            Self::Interrupted => signals.raise(),
        }
    }
}

/// The layouts of `chunks`, or a `TypeError` naming `name`.
pub(super) fn layouts<'a>(chunks: &'a [ArrayRef], name: &str) -> PyResult<Vec<Layout<'a>>> {
    chunks.iter().map(|a| Layout::of(a.as_ref(), name)).collect()
}

/// The result of a column run by the core: its chunks' arrays, as one array (an array in)
/// or a chunked array of field `field_name` (a stream in; of type `empty_type` when it has no
/// chunks), with the failed rows (`error_of`
/// each one's exception, in row order) as `mode` says: the first raised, or reported.
pub(super) fn finish_column<'py, E>(
    py: Python<'py>,
    chunks: Vec<ChunkArray<E>>,
    (stream, field_name, empty_type): (bool, &str, &DataType),
    mode: ErrorMode,
    error_of: impl Fn(&RowError<E>) -> PyErr,
) -> PyResult<Bound<'py, PyAny>> {
    let mut failures: Vec<PyErr> = Vec::new();
    for (_, errors) in &chunks {
        for e in errors {
            let error = error_of(e);
            // A row fails with an `Exception` (a `URLError`, w3lib's, a codec's own); one
            // that is not (Ctrl-C in a codec written in Python) is raised whatever `errors=`
            // says.
            if mode == ErrorMode::Raise || escapes(py, &error) {
                return Err(error);
            }
            failures.push(error);
        }
    }
    let arrays: Vec<ArrayRef> = chunks.into_iter().map(|(array, _)| array).collect();
    let result = if stream {
        let field = Arc::new(Field::new(field_name, arrays.first().map_or_else(|| empty_type.clone(), |a| a.data_type().clone()), true));
        PyChunkedArray::try_new(arrays, field)?.into_pyobject(py)?.into_any()
    } else {
        let array = arrays.into_iter().next().unwrap_or_else(|| arrow_array::new_empty_array(empty_type));
        PyArray::from_array_ref(array).into_pyobject(py)?.into_any()
    };
    report(py, result, failures, mode)
}

/// [`Strings::error_text`] of row `row` of a chunked column.
pub(super) fn error_text<'a>(column: &Chunks<'_, Strings<'a>>, row: usize) -> &'a str {
    let (chunk, row) = column.locate(row);
    chunk.error_text(row)
}

/// The error of chunks whose lengths add up past `usize::MAX` (a broken producer): the
/// core's [`TOO_MANY_ROWS`].
pub(super) fn too_many_rows() -> PyErr {
    PyValueError::new_err(TOO_MANY_ROWS)
}

/// The result for `errors=`: `result`, or with `"report"` the tuple `(result, failures)`.
pub(super) fn report<'py>(
    py: Python<'py>,
    result: Bound<'py, PyAny>,
    failures: Vec<PyErr>,
    mode: ErrorMode,
) -> PyResult<Bound<'py, PyAny>> {
    if mode != ErrorMode::Report {
        return Ok(result);
    }
    let errors: Vec<Bound<'py, PyAny>> = failures.into_iter().map(|e| e.into_value(py).into_bound(py).into_any()).collect();
    Ok(PyTuple::new(py, [result, PyList::new(py, errors)?.into_any()])?.into_any())
}

/// The core's text buffer and offsets as an Arrow array, both taken without a copy:
/// `string` for `i32` offsets, `large_string` for `i64` ones (a text past `i32::MAX` bytes).
pub(super) fn string_array<E>(c: Contiguous<E>) -> Result<ArrayRef, String> {
    let nulls = c.valid.map(NullBuffer::from);
    let values = Buffer::from(bytes::Bytes::from_owner(Recycled(c.text)));
    let array: ArrayRef = match c.offsets {
        RowOffsets::I32(offsets) => Arc::new(
            GenericStringArray::<i32>::try_new(OffsetBuffer::new(ScalarBuffer::from(offsets)), values, nulls).map_err(|e| e.to_string())?,
        ),
        RowOffsets::I64(offsets) => Arc::new(
            GenericStringArray::<i64>::try_new(OffsetBuffer::new(ScalarBuffer::from(offsets)), values, nulls).map_err(|e| e.to_string())?,
        ),
    };
    Ok(array)
}

/// A result's text buffer, given back to the core's spare buffers
/// ([`relurl::batch::recycle`]) when the Arrow array holding it is freed: the next batch
/// writes into pages already mapped instead of fresh ones the kernel must zero.
struct Recycled(Vec<u8>);

impl AsRef<[u8]> for Recycled {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl Drop for Recycled {
    fn drop(&mut self) {
        relurl::batch::recycle(core::mem::take(&mut self.0));
    }
}
