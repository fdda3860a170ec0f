//! `relurl.arrow`: Arrow string columns in and out through the Arrow PyCapsule interface
//! (`__arrow_c_array__` / `__arrow_c_stream__`), by pyo3-arrow.
//!
//! The input buffers are read in place (a row is a `&str` into the producer's memory: no
//! Python object per row); the core resolves the rows with the GIL released
//! ([`crate::batch::resolve_batch`]); its text buffer and offsets become the result array's
//! buffers without a copy.

use std::sync::Arc;

use arrow_array::builder::StringBuilder;
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, GenericStringArray, LargeStringArray, OffsetSizeTrait, StringArray, StringViewArray, StructArray};
use arrow_buffer::{ArrowNativeType, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType, Field, Fields};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};

use super::batch::{with_index, BatchArgs, ErrorMode};
use super::errors::from_core;
use super::url::PyUrl;
use crate::batch::{resolve_batch, Contiguous, Input, Repeated, RowError, StrColumn};
use crate::{Spec, Url};

/// One Arrow string array, of any of the three string layouts.
#[derive(Clone, Copy)]
enum Strings<'a> {
    Utf8(&'a StringArray),
    LargeUtf8(&'a LargeStringArray),
    View(&'a StringViewArray),
}

impl<'a> Strings<'a> {
    /// `array` as strings, or a `TypeError` naming `name` and the type it has.
    fn of(array: &'a dyn Array, name: &str) -> PyResult<Self> {
        match array.data_type() {
            DataType::Utf8 => Ok(Self::Utf8(array.as_string::<i32>())),
            DataType::LargeUtf8 => Ok(Self::LargeUtf8(array.as_string::<i64>())),
            DataType::Utf8View => Ok(Self::View(array.as_string_view())),
            other => Err(PyTypeError::new_err(format!(
                "{name} must be an Arrow string, large_string or string_view array, not {other}"
            ))),
        }
    }

    fn len(self) -> usize {
        match self {
            Self::Utf8(a) => a.len(),
            Self::LargeUtf8(a) => a.len(),
            Self::View(a) => a.len(),
        }
    }

    /// The bytes of rows `rows`, from the offsets (not known for string_view).
    fn byte_len(self, rows: core::ops::Range<usize>) -> Option<usize> {
        match self {
            Self::Utf8(a) => Some(a.value_offsets()[rows.end].as_usize() - a.value_offsets()[rows.start].as_usize()),
            Self::LargeUtf8(a) => Some(a.value_offsets()[rows.end].as_usize() - a.value_offsets()[rows.start].as_usize()),
            Self::View(_) => None,
        }
    }

    #[inline]
    fn get(self, row: usize) -> Option<&'a str> {
        match self {
            Self::Utf8(a) => a.is_valid(row).then(|| a.value(row)),
            Self::LargeUtf8(a) => a.is_valid(row).then(|| a.value(row)),
            Self::View(a) => a.is_valid(row).then(|| a.value(row)),
        }
    }
}

impl StrColumn for Strings<'_> {
    fn len(&self) -> usize {
        Strings::len(*self)
    }
    fn byte_len(&self, rows: core::ops::Range<usize>) -> Option<usize> {
        Strings::byte_len(*self, rows)
    }
    #[inline]
    fn get(&self, row: usize) -> Option<&str> {
        Strings::get(*self, row)
    }
}

/// Rows `start..start + len` of a column cut into chunks of its own: the chunk of a row is
/// found by binary search over the chunks' first rows.
#[derive(Clone, Copy)]
struct Chunked<'j, 'a> {
    chunks: &'j [Strings<'a>],
    /// The first row of each chunk.
    starts: &'j [usize],
    /// The row this view starts at, and its length.
    start: usize,
    len: usize,
}

/// The first row of each of `chunks`, and the number of rows.
fn chunk_starts(chunks: &[Strings<'_>]) -> (Vec<usize>, usize) {
    let mut starts = Vec::with_capacity(chunks.len());
    let mut rows = 0;
    for chunk in chunks {
        starts.push(rows);
        rows += chunk.len();
    }
    (starts, rows)
}

impl StrColumn for Chunked<'_, '_> {
    fn len(&self) -> usize {
        self.len
    }
    fn byte_len(&self, rows: core::ops::Range<usize>) -> Option<usize> {
        let (start, end) = (self.start + rows.start, self.start + rows.end);
        let mut total = 0;
        for (chunk, &chunk_start) in self.chunks.iter().zip(self.starts) {
            let chunk_end = chunk_start + chunk.len();
            let (from, to) = (start.max(chunk_start), end.min(chunk_end));
            if from < to {
                total += chunk.byte_len(from - chunk_start..to - chunk_start)?;
            }
        }
        Some(total)
    }
    #[inline]
    fn get(&self, row: usize) -> Option<&str> {
        let row = self.start + row;
        let chunk = self.starts.partition_point(|&s| s <= row) - 1;
        self.chunks[chunk].get(row - self.starts[chunk])
    }
}

/// An Arrow input: a single array (`__arrow_c_array__`) or a stream of chunks
/// (`__arrow_c_stream__`: a chunked array, a polars Series, ...).
struct ArrowInput {
    chunks: Vec<ArrayRef>,
    stream: bool,
}

fn arrow_input(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<ArrowInput> {
    let any: AnyArray = obj.extract().map_err(|e| {
        PyTypeError::new_err(format!(
            "{name} must be an Arrow array or chunked array (an object with __arrow_c_array__ or __arrow_c_stream__): {e}"
        ))
    })?;
    Ok(match any {
        AnyArray::Array(array) => ArrowInput { chunks: vec![array.into_inner().0], stream: false },
        stream @ AnyArray::Stream(_) => ArrowInput { chunks: stream.into_chunked_array()?.into_inner().0, stream: true },
    })
}

/// The bases: one (a `str`, a `URL`, or `None`) for every row, or an Arrow column.
enum ArrowBases {
    One(Option<String>),
    Column(Vec<ArrayRef>),
}

/// The work of `relurl.arrow.resolve` once the inputs are borrowed: one result array per
/// chunk of the references.
struct ChunkJob<'j, 'a> {
    ref_chunks: &'j [Strings<'a>],
    /// The first row of each chunk of the references.
    ref_starts: &'j [usize],
    /// A column of bases (its whole length), or else `one_base` for every row.
    base_column: Option<Chunked<'j, 'a>>,
    one_base: Option<&'j str>,
    args: &'j BatchArgs,
}

type ChunkResult = Result<(ArrayRef, Vec<RowError>), String>;

impl ChunkJob<'_, '_> {
    /// Chunk after chunk, each split across the threads; or, when there are at least as
    /// many chunks as threads, whole chunks handed out to the threads (nothing to join).
    fn run(&self) -> Result<Vec<(ArrayRef, Vec<RowError>)>, String> {
        let threads = self.args.threads.get();
        if threads == 1 || self.ref_chunks.len() < threads {
            let mut out = Vec::with_capacity(self.ref_chunks.len());
            for index in 0..self.ref_chunks.len() {
                let (array, errors) = self.chunk(index, threads)?;
                let stop = self.args.errors == ErrorMode::Raise && !errors.is_empty();
                out.push((array, errors));
                if stop {
                    break;
                }
            }
            return Ok(out);
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let results: Vec<Vec<(usize, ChunkResult)>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut done = Vec::new();
                        loop {
                            let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            if index >= self.ref_chunks.len() {
                                return done;
                            }
                            done.push((index, self.chunk(index, 1)));
                        }
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
        });
        let mut by_index: Vec<(usize, ChunkResult)> = results.into_iter().flatten().collect();
        by_index.sort_by_key(|(index, _)| *index);
        by_index.into_iter().map(|(_, result)| result).collect()
    }

    /// Resolves chunk `index` of the references on `threads` threads.
    fn chunk(&self, index: usize, threads: usize) -> ChunkResult {
        let references = self.ref_chunks[index];
        let (first_row, len) = (self.ref_starts[index], references.len());
        let options = self.args.options(len, true, threads);
        let resolved = match self.base_column {
            Some(column) => resolve_batch(&Chunked { start: first_row, len, ..column }, &references, options),
            None => resolve_batch(&Repeated { text: self.one_base, len }, &references, options),
        };
        let contiguous = resolved.into_contiguous();
        let errors: Vec<RowError> = contiguous.errors.iter().map(|e| RowError { row: first_row + e.row, ..*e }).collect();
        Ok((string_array(contiguous)?, errors))
    }
}

/// `relurl.arrow.resolve`: see the stub.
#[pyfunction]
#[pyo3(signature = (bases, references, *, spec = "rfc1808", strict = false, errors = "raise", threads = None))]
pub fn arrow_resolve<'py>(
    bases: &Bound<'py, PyAny>,
    references: &Bound<'py, PyAny>,
    spec: &str,
    strict: bool,
    errors: &str,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = bases.py();
    let args = BatchArgs::new(spec, strict, errors, threads)?;
    let refs = arrow_input(references, "references")?;
    let bases = if bases.is_none() {
        ArrowBases::One(None)
    } else if let Ok(s) = bases.cast::<PyString>() {
        ArrowBases::One(Some(s.to_str()?.to_owned()))
    } else if let Ok(url) = bases.cast::<PyUrl>() {
        ArrowBases::One(Some(url.get().text(py).to_str()?.to_owned()))
    } else {
        ArrowBases::Column(arrow_input(bases, "bases")?.chunks)
    };

    let ref_chunks: Vec<Strings<'_>> = refs.chunks.iter().map(|a| Strings::of(a.as_ref(), "references")).collect::<PyResult<_>>()?;
    let (ref_starts, rows) = chunk_starts(&ref_chunks);
    let base_chunks: Vec<Strings<'_>> = match &bases {
        ArrowBases::Column(chunks) => chunks.iter().map(|a| Strings::of(a.as_ref(), "bases")).collect::<PyResult<_>>()?,
        ArrowBases::One(_) => Vec::new(),
    };
    let (base_starts, base_rows) = chunk_starts(&base_chunks);
    let (base_column, one_base) = match &bases {
        ArrowBases::Column(_) => {
            if base_rows != rows {
                return Err(PyValueError::new_err(format!(
                    "bases has {base_rows} rows and references {rows}: give one base, or one base per reference"
                )));
            }
            (Some(Chunked { chunks: &base_chunks, starts: &base_starts, start: 0, len: rows }), None)
        }
        ArrowBases::One(text) => (None, text.as_deref()),
    };

    // Resolve chunk by chunk of the references, with the GIL released.
    let job = ChunkJob { ref_chunks: &ref_chunks, ref_starts: &ref_starts, base_column, one_base, args: &args };
    let outcome = py.detach(|| job.run());
    let chunks = outcome.map_err(PyValueError::new_err)?;

    // Errors, in row order: the text each was found in is re-read from the input.
    let references = Chunked { chunks: &ref_chunks, starts: &ref_starts, start: 0, len: rows };
    let text_of = |row: usize, input: Input| -> &str {
        let column = match input {
            Input::Reference => Some(&references),
            Input::Base => base_column.as_ref(),
        };
        column.map_or(one_base, |c| c.get(row)).unwrap_or("")
    };
    let mut failures: Vec<PyErr> = Vec::new();
    for (_, errors) in &chunks {
        for e in errors {
            let err = with_index(py, from_core(py, &e.error, text_of(e.row, e.input)), e.row, e.input);
            if args.errors == ErrorMode::Raise {
                return Err(err);
            }
            failures.push(err);
        }
    }

    let arrays: Vec<ArrayRef> = chunks.into_iter().map(|(array, _)| array).collect();
    let result = if refs.stream {
        let field = Arc::new(Field::new("resolved", arrays.first().map_or(DataType::Utf8, |a| a.data_type().clone()), true));
        PyChunkedArray::try_new(arrays, field)?.into_pyobject(py)?.into_any()
    } else {
        let array = arrays.into_iter().next().unwrap_or_else(|| Arc::new(StringArray::new_null(0)));
        PyArray::from_array_ref(array).into_pyobject(py)?.into_any()
    };
    if args.errors == ErrorMode::Report {
        let errors: Vec<Bound<'py, PyAny>> = failures.into_iter().map(|e| e.into_value(py).into_bound(py).into_any()).collect();
        return Ok(PyTuple::new(py, [result, PyList::new(py, errors)?.into_any()])?.into_any());
    }
    Ok(result)
}

/// The core's text buffer and offsets as an Arrow `string` array (`large_string` when the
/// text is longer than `i32` offsets reach), without copying the text.
fn string_array(c: Contiguous) -> Result<ArrayRef, String> {
    let nulls = c.valid.map(NullBuffer::from);
    let values = Buffer::from_vec(c.text);
    if i32::try_from(values.len()).is_ok() {
        build::<i32>(&c.offsets, values, nulls).map(|a: GenericStringArray<i32>| Arc::new(a) as ArrayRef)
    } else {
        build::<i64>(&c.offsets, values, nulls).map(|a: GenericStringArray<i64>| Arc::new(a) as ArrayRef)
    }
}

fn build<O: OffsetSizeTrait>(offsets: &[usize], values: Buffer, nulls: Option<NullBuffer>) -> Result<GenericStringArray<O>, String> {
    let offsets: Vec<O> = offsets.iter().map(|&o| O::usize_as(o)).collect();
    GenericStringArray::<O>::try_new(OffsetBuffer::new(ScalarBuffer::from(offsets)), values, nulls).map_err(|e| e.to_string())
}

/// `relurl.arrow.parse`: see the stub.
#[pyfunction]
#[pyo3(signature = (urls, *, spec = "rfc1808"))]
pub fn arrow_parse<'py>(urls: &Bound<'py, PyAny>, spec: &str) -> PyResult<Bound<'py, PyAny>> {
    let py = urls.py();
    let spec = super::resolving::spec_arg(spec)?;
    let input = arrow_input(urls, "urls")?;
    let chunks: Vec<Strings<'_>> = input.chunks.iter().map(|a| Strings::of(a.as_ref(), "urls")).collect::<PyResult<_>>()?;
    let parsed = py.detach(|| chunks.iter().map(|&chunk| parse_chunk(chunk, spec)).collect::<Result<Vec<ArrayRef>, String>>());
    let arrays = parsed.map_err(PyValueError::new_err)?;
    if input.stream {
        let field = Arc::new(Field::new("parsed", component_type(), true));
        return Ok(PyChunkedArray::try_new(arrays, field)?.into_pyobject(py)?.into_any());
    }
    let array = match arrays.into_iter().next() {
        Some(array) => array,
        None => parse_chunk(Strings::Utf8(&StringArray::new_null(0)), spec).map_err(PyValueError::new_err)?,
    };
    Ok(PyArray::from_array_ref(array).into_pyobject(py)?.into_any())
}

/// The six components' fields, in `urllib.parse.urlparse` order.
fn component_fields() -> Fields {
    ["scheme", "netloc", "path", "params", "query", "fragment"].into_iter().map(|name| Field::new(name, DataType::Utf8, true)).collect()
}

fn component_type() -> DataType {
    DataType::Struct(component_fields())
}

/// One chunk of URLs as a struct array of their components (RFC 1808 §2.4 or RFC 3986
/// Appendix B): a component is null when its delimiter is absent (the path never is), and
/// a null URL is a null row.
fn parse_chunk(chunk: Strings<'_>, spec: Spec) -> Result<ArrayRef, String> {
    let len = chunk.len();
    let mut builders: Vec<StringBuilder> = (0..6).map(|_| StringBuilder::with_capacity(len, 0)).collect();
    let mut valid = Vec::with_capacity(len);
    for row in 0..len {
        let Some(text) = chunk.get(row) else {
            builders.iter_mut().for_each(StringBuilder::append_null);
            valid.push(false);
            continue;
        };
        let url = Url::parse_owned_as(text, spec).map_err(|e| format!("urls[{row}]: {e}"))?;
        let components = [
            url.has_scheme().then(|| url.scheme()),
            url.netloc_if_defined(),
            Some(url.path()),
            url.has_params_delimiter().then(|| url.params()),
            url.query_if_defined(),
            url.fragment_if_defined(),
        ];
        for (builder, component) in builders.iter_mut().zip(components) {
            builder.append_option(component);
        }
        valid.push(true);
    }
    let columns: Vec<ArrayRef> = builders.into_iter().map(|mut b| Arc::new(b.finish()) as ArrayRef).collect();
    let nulls = if valid.iter().all(|&v| v) { None } else { Some(NullBuffer::from(valid)) };
    StructArray::try_new(component_fields(), columns, nulls).map(|a| Arc::new(a) as ArrayRef).map_err(|e| e.to_string())
}
