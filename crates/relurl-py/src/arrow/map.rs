//! A function of each row of one Arrow column, by the core's batch
//! ([`relurl::batch::map_chunks`]) with the GIL released: `relurl.arrow.normalize` here, and
//! `relurl.arrow.canonicalize_url`, `relurl.arrow.surt` and `relurl.arrow.in_domain_set`
//! (their options read in their own files). One path for the three: the input checked, the rows mapped, the arrays and the
//! failed rows returned as `errors=` says.

use arrow_schema::DataType;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use relurl::batch::{chunk_starts, map_chunks, Chunks, Interrupted, MapFailure, MapRow, Normalize, Resolved, RowError, StrColumn};

use super::chunks::{arrow_input, checked, chunk_array, error_text, finish_column, layouts, too_many_rows, ChunkResult, Stop};
use crate::arguments::SpecArg;
use crate::batch::{BatchArgs, Signals};
use crate::errors::{at_row, from_core};

/// `relurl.normalize(url, spec=...)` of every row of an Arrow string column (an array, or
/// a chunked array or stream, whose chunks the result keeps), with the GIL released on
/// `threads` threads. A null row gives a null; a row that fails (not UTF-8, or rejected by
/// the URL Standard) fails by `errors=` ("raise", "null" or "report"), its `URLError`'s
/// `.index` the row. docs/crawler.md, docs/batches.md.
#[pyfunction]
#[pyo3(name = "normalize", signature = (urls, *, spec = SpecArg::DEFAULT, errors = "raise", threads = None), text_signature = "(urls, *, spec='rfc1808', errors='raise', threads=None)")]
pub fn arrow_normalize<'py>(
    urls: &Bound<'py, PyAny>,
    spec: SpecArg,
    errors: &str,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let args = BatchArgs::of(spec.0, false, errors, threads)?;
    map_column(urls, &args, &Normalize(spec.0), "normalized", |error, text| from_core(urls.py(), error, text))
}

/// `map` of every row of the Arrow column `urls` (named `urls` in errors), by `args`'
/// `threads` and `errors`: one array per chunk of `urls` (a chunked array of field
/// `field_name` for a stream). `failed(error, row_text)` is the exception of a row `map`
/// fails; a row that is not UTF-8 fails as everywhere else (`URLError`).
pub(super) fn map_column<'py, M: MapRow>(
    urls: &Bound<'py, PyAny>,
    args: &BatchArgs,
    map: &M,
    field_name: &str,
    failed: impl Fn(&M::Error, &str) -> PyErr,
) -> PyResult<Bound<'py, PyAny>> {
    map_column_with(urls, "urls", args, map, (field_name, &DataType::Utf8), failed, &chunk_array)
}

/// What makes a chunk's results an Arrow array (its failed rows those of a function `E`).
pub(super) type Finish<'f, E> = dyn Fn(Resolved<MapFailure<E>>) -> ChunkResult<MapFailure<E>> + Sync + 'f;

/// [`map_column`] of the column `urls` named `name` in errors, each chunk's results made an
/// Arrow array by `finish` (on the thread that mapped it): [`chunk_array`] for strings; a
/// chunked result is of `field` (name, and type when it has no chunks).
pub(super) fn map_column_with<'py, M: MapRow>(
    urls: &Bound<'py, PyAny>,
    name: &str,
    args: &BatchArgs,
    map: &M,
    field: (&str, &DataType),
    failed: impl Fn(&M::Error, &str) -> PyErr,
    finish: &Finish<'_, M::Error>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = urls.py();
    let input = arrow_input(urls, name)?;
    let layouts = layouts(&input.chunks, name)?;
    let signals = Signals::watching(args.escaped.clone());
    let named: Vec<_> = layouts.iter().map(|&l| (l, name)).collect();
    let chunks = py.detach(|| checked(&named, args.threads, &signals)).map_err(|stop| stop.into_err(&signals))?;
    let (starts, rows) = chunk_starts(chunks.iter().map(StrColumn::len)).ok_or_else(too_many_rows)?;
    let outcome = py.detach(|| map_chunks(&chunks, map, args.options(true), &signals, finish));
    let arrays = outcome.map_err(|Interrupted| Stop::Interrupted.into_err(&signals))?.into_iter().collect::<Result<Vec<_>, _>>();
    let arrays = arrays.map_err(PyValueError::new_err)?;
    let column = Chunks::new(&chunks, &starts, rows);
    let error_of = |e: &RowError<MapFailure<M::Error>>| {
        let text = error_text(&column, e.row);
        let err = match &e.error {
            MapFailure::Unreadable(error) => from_core(py, error, text),
            MapFailure::Failed(error) => failed(error, text),
        };
        at_row(py, err, e.row, None)
    };
    finish_column(py, arrays, (input.stream, field.0, field.1), args.errors, error_of)
}
