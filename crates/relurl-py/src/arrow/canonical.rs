//! `relurl.arrow.canonicalize_url`: a column of URLs canonicalized as
//! `w3lib.url.canonicalize_url` does, by the core ([`relurl::w3lib::canonicalize_column`])
//! with the GIL released; the bindings only build the Arrow arrays and the exceptions.

use core::num::NonZeroUsize;
use core::ops::ControlFlow;
use std::sync::Arc;

use arrow_array::builder::{ArrayBuilder, StringBuilder};
use arrow_array::{ArrayRef, StringArray};
use arrow_schema::{DataType, Field};
use pyo3::prelude::*;
use pyo3_arrow::{PyArray, PyChunkedArray};
use relurl::batch::{chunk_starts, Interrupted, StrColumn};
use relurl::w3lib::{canonicalize_column, CanonicalRow, RowFailure};

use super::super::batch::{BatchArgs, ErrorMode, Signals};
use super::super::errors::{at_row, from_core};
use super::super::w3lib::{options, to_py_error};
use super::{arrow_input, checked, layouts, report, too_many_rows, Layout, Stop, Strings};

/// Rows per task of the scheduler: enough to make a task's overhead small, few enough to
/// share a chunk between threads.
const ROWS_PER_TASK: NonZeroUsize = NonZeroUsize::new(2048).expect("non-zero");

/// A chunk's array and its failed rows (counted in the whole column).
type ChunkOutcome = (ArrayRef, Vec<(usize, RowFailure)>);

/// `relurl.arrow.canonicalize_url`: see the stub.
#[pyfunction]
#[pyo3(signature = (urls, keep_blank_values = true, keep_fragments = false, encoding = None, *, query_separator = "&", errors = "raise", threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_canonicalize_url<'py>(
    urls: &Bound<'py, PyAny>,
    keep_blank_values: bool,
    keep_fragments: bool,
    encoding: Option<&str>,
    query_separator: &str,
    errors: &str,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = urls.py();
    let args = BatchArgs::of(relurl::Spec::Rfc1808, false, errors, threads)?;
    let options = options(py, keep_blank_values, keep_fragments, encoding, query_separator)?;
    let input = arrow_input(urls, "urls")?;
    let layouts = layouts(&input.chunks, "urls")?;
    let signals = Signals::default();
    let named: Vec<(Layout<'_>, &str)> = layouts.iter().map(|&l| (l, "urls")).collect();
    let chunks: Vec<Strings<'_>> = py.detach(|| checked(&named, args.threads, &signals)).map_err(|stop| stop.into_err(&signals))?;
    let (starts, rows) = chunk_starts(chunks.iter().map(StrColumn::len)).ok_or_else(too_many_rows)?;
    let stop = args.errors == ErrorMode::Raise;
    let outcome = py.detach(|| -> Result<Vec<ChunkOutcome>, Interrupted> {
        let mut out = Vec::with_capacity(chunks.len());
        for (chunk, &first) in chunks.iter().zip(&starts) {
            let mut builder = StringBuilder::with_capacity(chunk.len(), chunk.len() * 64);
            let mut failures = Vec::new();
            canonicalize_column(chunk, &options, args.threads, ROWS_PER_TASK, stop, &signals, &mut |row, rows| {
                let mut start = 0;
                for (i, outcome) in rows.rows.into_iter().enumerate() {
                    match outcome {
                        CanonicalRow::Text(end) => {
                            builder.append_value(&rows.text[start..end]);
                            start = end;
                        }
                        CanonicalRow::Null => builder.append_null(),
                        CanonicalRow::Failed(failure) => {
                            builder.append_null();
                            failures.push((first + row + i, failure));
                        }
                    }
                }
                if stop && !failures.is_empty() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })?;
            // Rows after a stop (never read: the caller raises) are null.
            builder.append_nulls(chunk.len().saturating_sub(builder.len()));
            let array: ArrayRef = Arc::new(builder.finish());
            let failed = !failures.is_empty();
            out.push((array, failures));
            if stop && failed {
                break;
            }
        }
        Ok(out)
    });
    let arrays = outcome.map_err(|Interrupted| Stop::Interrupted.into_err(&signals))?;
    let column = relurl::batch::Chunks::new(&chunks, &starts, rows);
    let mut failures = Vec::new();
    for (row, failure) in arrays.iter().flat_map(|(_, f)| f) {
        let text = super::error_text(&column, *row);
        let err = match failure {
            RowFailure::Invalid(e) => from_core(py, e, text),
            RowFailure::W3lib(e) => to_py_error(e, text),
        };
        let err = at_row(py, err, *row, None);
        if args.errors == ErrorMode::Raise {
            return Err(err);
        }
        failures.push(err);
    }
    let arrays: Vec<ArrayRef> = arrays.into_iter().map(|(array, _)| array).collect();
    let result = if input.stream {
        let field = Arc::new(Field::new("canonical", DataType::Utf8, true));
        PyChunkedArray::try_new(arrays, field)?.into_pyobject(py)?.into_any()
    } else {
        let array = arrays.into_iter().next().unwrap_or_else(|| Arc::new(StringArray::new_null(0)));
        PyArray::from_array_ref(array).into_pyobject(py)?.into_any()
    };
    report(py, result, failures, args.errors)
}
