//! `relurl.arrow`: Arrow string columns in and out through the Arrow PyCapsule interface
//! (`__arrow_c_array__` / `__arrow_c_stream__`), by pyo3-arrow.
//!
//! The input buffers are checked once (structure and UTF-8, [`columns`]: a row that is not
//! UTF-8 fails like any bad row) and read in place (a row is a `&str` into the producer's
//! memory: no Python object per row); the core resolves the rows with the GIL released
//! ([`relurl::batch::resolve_batch`]), on at most [`max_threads`](relurl::batch::max_threads) threads; its text buffer
//! and its offsets, written in the width Arrow takes ([`RowOffsets`](relurl::batch::RowOffsets)), become the result
//! array's buffers without a copy (arrow-rs's constructor reads them once more: the offsets
//! in order, the text for UTF-8).

mod canonical;
mod chunks;
mod columns;
mod domain_set;
mod map;
mod public_suffix;
mod surt;

pub use self::surt::arrow_surt;
pub use canonical::arrow_canonicalize_url;
pub use domain_set::arrow_in_domain_set;
pub use map::arrow_normalize;
pub use public_suffix::{arrow_public_suffix, arrow_registered_domain};

use core::num::NonZeroUsize;
use std::sync::Arc;

use arrow_array::builder::{Int32Builder, StringBuilder};
use arrow_array::{ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{DataType, Field, Fields};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use pyo3_arrow::{PyArray, PyChunkedArray};

use self::chunks::{
    arrow_input, checked, chunk_array, error_text, finish_column, layouts, report, too_many_rows, ArrowInput, Stop, TOO_MANY_ROWS,
};
use self::columns::{Layout, Strings};
use super::arguments::{followed_spec, strict_flag, strict_with, strip_flag, BasesArg, SpecArg};
use super::batch::{error_mode, BatchArgs, ErrorMode, Signals};
use super::convert::{surrogate_error, UNREADABLE_STR};
use super::errors::{at_row, from_core};
use relurl::batch::{chunk_starts, resolve_chunks, Cell, Chunks, Input, Interrupted, Never, Repeated, RowError, StrColumn};
use relurl::bindings::batch::check_bases_len;
use relurl::bindings::components::{component_names, components, Components};
use relurl::{Error, Spec};

/// The bases: one (a `str`, a `URL`, or `None`) for every row, or an Arrow column.
enum ArrowBases<'py> {
    One(Option<String>),
    /// A `str` with a lone surrogate: no UTF-8 text, so a failure of each row (reported by
    /// `errors=`, as a base that fails `strict` is).
    Unencodable(Bound<'py, PyString>),
    Column(Vec<ArrayRef>),
}

/// Resolves an Arrow string column of references (an array, or a chunked array or stream,
/// whose chunks the result keeps) against one base (a `str`, a `URL`, or `None`) or a column
/// of bases, with the GIL released on `threads` threads; `spec`, `strict`, `errors` and
/// `threads` as in `relurl.resolve_many`. Every input buffer is checked once (UTF-8,
/// offsets); a null input gives a null row; a failed row's `URLError` has `.index`, the row
/// counted across chunks. docs/batches.md.
#[pyfunction]
/// Without `spec`, a `URL` base is resolved by the grammar it was parsed with, anything else
/// by RFC 1808 (as `relurl.resolve_many`). With `strip=True`, HTML's ASCII whitespace is
/// stripped from both ends of each reference first. With `encoding` (`spec="whatwg"` only),
/// the query of a special URL is percent-encoded in that encoding, as `relurl.resolve_many`.
#[pyo3(name = "resolve", signature = (bases, references, *, spec = None, strict = false, errors = "raise", threads = None, strip = false, encoding = None))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, as `resolve_many`'s
pub fn arrow_resolve<'py>(
    bases: &Bound<'py, PyAny>,
    references: &Bound<'py, PyAny>,
    spec: Option<SpecArg>,
    #[pyo3(from_py_with = strict_flag)] strict: bool,
    errors: &str,
    threads: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = strip_flag)] strip: bool,
    encoding: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = bases.py();
    let args = BatchArgs::of(followed_spec(spec, [bases]), strict, errors, threads)?.stripping(strip).with_encoding(encoding)?;
    let refs = arrow_input(references, "references")?;
    let bases = match BasesArg::of(bases) {
        BasesArg::Null => ArrowBases::One(None),
        BasesArg::One(s) => match s.to_str() {
            Ok(text) => ArrowBases::One(Some(text.to_owned())),
            Err(_) => ArrowBases::Unencodable(s),
        },
        BasesArg::Column => ArrowBases::Column(arrow_input(bases, "bases")?.chunks),
    };
    resolve_column(py, &bases, &refs, &args)
}

/// The rows of `refs` resolved against their `bases` by the core's batch, with the GIL
/// released: one array per chunk of `refs`, and the failed rows by `args.errors`.
fn resolve_column<'py>(py: Python<'py>, bases: &ArrowBases<'py>, refs: &ArrowInput, args: &BatchArgs) -> PyResult<Bound<'py, PyAny>> {
    let name = "references";
    let ref_layouts = layouts(&refs.chunks, name)?;
    let base_layouts = match bases {
        ArrowBases::Column(chunks) => layouts(chunks, "bases")?,
        _ => Vec::new(),
    };
    let one_base = match bases {
        ArrowBases::One(text) => Cell::from(text.as_deref()),
        ArrowBases::Unencodable(_) => UNREADABLE_STR,
        ArrowBases::Column(_) => Cell::Null,
    };
    let signals = Signals::default();
    // The references' arrays and the bases', checked together (two single arrays: one on
    // each thread).
    let named: Vec<(Layout<'_>, &str)> = ref_layouts.iter().map(|&l| (l, name)).chain(base_layouts.iter().map(|&l| (l, "bases"))).collect();
    let mut ref_chunks = py.detach(|| checked(&named, args.threads, &signals)).map_err(|stop| stop.into_err(&signals))?;
    let base_chunks = ref_chunks.split_off(ref_layouts.len());
    let (ref_starts, rows) = chunk_starts(ref_chunks.iter().map(StrColumn::len)).ok_or_else(too_many_rows)?;
    let (base_starts, base_rows) = chunk_starts(base_chunks.iter().map(StrColumn::len)).ok_or_else(too_many_rows)?;
    let base_column = match bases {
        ArrowBases::Column(_) => {
            check_bases_len(base_rows, rows, "rows").map_err(|e| PyValueError::new_err(e.to_string()))?;
            Some(Chunks::new(&base_chunks, &base_starts, rows))
        }
        _ => None,
    };

    // Resolve with the GIL released: one array per chunk of the references.
    let options = args.options(true);
    let outcome = py.detach(|| match &base_column {
        Some(column) => resolve_chunks(column, &ref_chunks, options, &signals, &chunk_array),
        None => resolve_chunks(&Repeated::new(one_base, rows), &ref_chunks, options, &signals, &chunk_array),
    });
    let chunks = outcome.map_err(|Interrupted| Stop::Interrupted.into_err(&signals))?.into_iter().collect::<Result<Vec<_>, _>>();
    let chunks = chunks.map_err(PyValueError::new_err)?;

    // Errors, in row order (one per failed row): the text each was found in is re-read from
    // the input, for the position in characters.
    let references = Chunks::new(&ref_chunks, &ref_starts, rows);
    let error_of = |e: &RowError| -> PyErr {
        let err = match (e.input, bases, &base_column) {
            (Input::Reference, _, _) => from_core(py, &e.error, error_text(&references, e.row)),
            (Input::Base, ArrowBases::Unencodable(s), _) => surrogate_error(s),
            (Input::Base, _, Some(column)) => from_core(py, &e.error, error_text(column, e.row)),
            (Input::Base, ArrowBases::One(text), None) => from_core(py, &e.error, text.as_deref().unwrap_or("")),
            (Input::Base, ArrowBases::Column(_), None) => from_core(py, &e.error, ""),
        };
        at_row(py, err, e.row, Some(e.input))
    };
    finish_column(py, chunks, (refs.stream, "resolved", &DataType::Utf8), args.errors, error_of)
}

/// Parses an Arrow string column of URLs (an array, or a chunked array or stream) into a
/// struct array: the six components of RFC 1808 §2.4 (or RFC 3986 Appendix B) as strings,
/// `""` when empty or absent, then `hostname` and `port` (urllib's answers, null when
/// absent); with `spec="whatwg"`, the URL Standard's components. A null URL gives a null
/// row; a failed row fails by `errors=` ("raise", "null" or "report"). docs/batches.md.
#[pyfunction]
#[pyo3(name = "parse", signature = (urls, *, spec = SpecArg::DEFAULT, strict = false, errors = "raise"), text_signature = "(urls, *, spec='rfc1808', strict=False, errors='raise')")]
pub fn arrow_parse<'py>(
    urls: &Bound<'py, PyAny>,
    spec: SpecArg,
    #[pyo3(from_py_with = strict_flag)] strict: bool,
    errors: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let py = urls.py();
    let SpecArg(spec) = spec;
    let strict = strict_with(strict, spec)?;
    let mode = error_mode(errors)?;
    let input = arrow_input(urls, "urls")?;
    let layouts = layouts(&input.chunks, "urls")?;
    // A port is read by `int()` as the running Python reads it (its limit read once).
    let int_max_str_digits = crate::int_limit::int_max_str_digits(py)?;
    let parsed = py.detach(|| -> Result<_, String> {
        let named: Vec<(Layout<'_>, &str)> = layouts.iter().map(|&l| (l, "urls")).collect();
        let chunks = checked(&named, NonZeroUsize::MIN, &Never).map_err(|stop| match stop {
            Stop::Invalid(message) => message,
            Stop::Interrupted => Interrupted.to_string(),
        })?;
        let (starts, rows) = chunk_starts(chunks.iter().map(StrColumn::len)).ok_or(TOO_MANY_ROWS)?;
        let mut out = Vec::with_capacity(chunks.len());
        for (chunk, &first_row) in chunks.iter().zip(&starts) {
            let parsed = parse_chunk(chunk, (spec, strict, int_max_str_digits), first_row, mode == ErrorMode::Raise)?;
            let stop = mode == ErrorMode::Raise && !parsed.1.is_empty();
            out.push(parsed);
            if stop {
                break;
            }
        }
        Ok((chunks, starts, rows, out))
    });
    let (chunks, starts, rows, parsed) = parsed.map_err(PyValueError::new_err)?;
    let column = Chunks::new(&chunks, &starts, rows);
    let mut failures = Vec::new();
    for (row, error) in parsed.iter().flat_map(|(_, errors)| errors) {
        let err = at_row(py, from_core(py, error, error_text(&column, *row)), *row, None);
        if mode == ErrorMode::Raise {
            return Err(err);
        }
        failures.push(err);
    }
    let mut arrays: Vec<ArrayRef> = parsed.into_iter().map(|(array, _)| array).collect();
    let result = if input.stream {
        let field = Arc::new(Field::new("parsed", component_type(spec), true));
        PyChunkedArray::try_new(arrays, field)?.into_pyobject(py)?.into_any()
    } else {
        let array = arrays.pop().unwrap_or_else(|| Arc::new(StructArray::new_null(component_fields(spec), 0)));
        PyArray::from_array_ref(array).into_pyobject(py)?.into_any()
    };
    report(py, result, failures, mode)
}

/// The components' fields of a URL of `spec` (the core's
/// [`relurl::bindings::components::component_names`]): strings, but the RFCs' `port` (an
/// `int32`).
fn component_fields(spec: Spec) -> Fields {
    let names = component_names(spec);
    let port = (spec != Spec::Whatwg).then_some("port");
    names.iter().map(|&name| Field::new(name, if Some(name) == port { DataType::Int32 } else { DataType::Utf8 }, true)).collect()
}

fn component_type(spec: Spec) -> DataType {
    DataType::Struct(component_fields(spec))
}

/// One builder per field of [`component_fields`]: the strings', and the RFCs' port.
struct Builders {
    strings: Vec<StringBuilder>,
    port: Option<Int32Builder>,
}

impl Builders {
    fn new(spec: Spec, len: usize) -> Self {
        let port = (spec != Spec::Whatwg).then(|| Int32Builder::with_capacity(len));
        // Every component is a string but the RFCs' port.
        let strings = component_names(spec).len() - usize::from(port.is_some());
        Self { strings: (0..strings).map(|_| StringBuilder::with_capacity(len, 0)).collect(), port }
    }

    /// Appends the components of `url` (the core's [`components`], in the order of
    /// [`component_fields`]); a port that urllib rejects (under the limit
    /// `int_max_str_digits` of `int()`) is the row's error, and nothing is appended.
    fn append(&mut self, url: &relurl::AnyUrl<&str>, int_max_str_digits: usize) -> Result<(), Error> {
        match components(url, int_max_str_digits)? {
            Components::Standard { getters, origin } => {
                let values = getters.into_iter().chain([origin.as_str()]);
                self.strings.iter_mut().zip(values).for_each(|(builder, value)| builder.append_value(value));
            }
            Components::Rfc { split, hostname, port } => {
                let (components, host) = self.strings.split_at_mut(split.len());
                components.iter_mut().zip(split).for_each(|(builder, value)| builder.append_value(value));
                if let Some(builder) = host.first_mut() {
                    builder.append_option(hostname);
                }
                if let Some(builder) = &mut self.port {
                    builder.append_option(port.map(i32::from));
                }
            }
        }
        Ok(())
    }

    /// Appends `n` null rows.
    fn append_nulls(&mut self, n: usize) {
        self.strings.iter_mut().for_each(|builder| builder.append_nulls(n));
        if let Some(builder) = &mut self.port {
            builder.append_nulls(n);
        }
    }

    fn finish(self) -> Vec<ArrayRef> {
        let strings = self.strings.into_iter().map(|mut b| Arc::new(b.finish()) as ArrayRef);
        strings.chain(self.port.map(|mut b| Arc::new(b.finish()) as ArrayRef)).collect()
    }
}

/// A parsed chunk: its struct array, and its failed rows (index in the whole column).
type Parsed = (ArrayRef, Vec<(usize, Error)>);

/// One chunk of URLs (its first row is `first_row` of the column) as a struct array of
/// their components. By RFC 1808 §2.4 or RFC 3986 Appendix B the six components, each the
/// empty string when empty or absent, as `relurl.parse` and `urllib.parse.urlparse` give
/// them (RFC 1808 §2.4: an empty params, query or fragment is the same as an absent one;
/// under RFC 3986, params is always empty), then the net_loc's host name and port, null
/// when absent, as urllib's `hostname` and `port` ([`relurl::Login`]); by the URL Standard,
/// the API's getters (§6.1) and the origin. A null URL is a null row; so is a failed one
/// (not UTF-8, or longer than `u32::MAX` bytes, or with `strict` not RFC 1808 §2.2:
/// [`relurl::parse_checked`], or rejected by the URL Standard, or with a port urllib
/// rejects: [`relurl::ErrorKind::BadPort`], `int_max_str_digits` the running Python's
/// limit), listed with its error; with `stop`, the chunk ends at its first failure.
fn parse_chunk(
    chunk: &Strings<'_>,
    (spec, strict, int_max_str_digits): (Spec, bool, usize),
    first_row: usize,
    stop: bool,
) -> Result<Parsed, String> {
    let len = chunk.len();
    let fields = component_fields(spec);
    let mut builders = Builders::new(spec, len);
    let mut valid = Vec::with_capacity(len);
    let mut errors = Vec::new();
    for row in 0..len {
        let appended = match chunk.cell(row) {
            Cell::Text(text) => {
                relurl::parse_checked(text, spec, strict).and_then(|url| builders.append(&url, int_max_str_digits)).map(|()| true)
            }
            Cell::Null => Ok(false),
            Cell::Invalid(error) => Err(error),
        };
        match appended {
            Ok(true) => {
                valid.push(true);
                continue;
            }
            Ok(false) => {}
            Err(error) => errors.push((first_row + row, error)),
        }
        builders.append_nulls(1);
        valid.push(false);
        if stop && !errors.is_empty() {
            break;
        }
    }
    // Rows after a stop (never read: the caller raises) are null.
    builders.append_nulls(len - valid.len());
    valid.resize(len, false);
    let columns = builders.finish();
    let nulls = if valid.iter().all(|&v| v) { None } else { Some(NullBuffer::from(valid)) };
    let array = StructArray::try_new(fields, columns, nulls).map_err(|e| e.to_string())?;
    Ok((Arc::new(array), errors))
}
