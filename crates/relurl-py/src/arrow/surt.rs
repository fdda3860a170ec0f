//! `relurl.arrow.surt`: the SURT key of every row of an Arrow string column
//! ([`relurl::surt::surt_column`], with the GIL released).

use std::sync::Arc;

use arrow_array::{ArrayRef, GenericStringArray, StringArray};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType, Field};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use pyo3_arrow::{PyArray, PyChunkedArray};
use relurl::batch::{chunk_starts, StrColumn};
use relurl::surt::{surt_column, IaOptions, Keys, Options, RowFailure};

use super::{arrow_input, checked, layouts, report, Stop, TOO_MANY_ROWS};
use crate::batch::{BatchArgs, ErrorMode, Signals};
use crate::errors::{at_row, from_core};
use crate::surt::{options, surt_error, CanonicalizerArg, Flag};

/// `relurl.arrow.surt`: see the stub.
#[pyfunction]
#[pyo3(signature = (urls, canonicalizer = None, *, errors = "raise", threads = None, **options))]
pub fn arrow_surt<'py>(
    urls: &Bound<'py, PyAny>,
    canonicalizer: Option<CanonicalizerArg>,
    errors: &str,
    threads: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = urls.py();
    let options = options_of(canonicalizer, options)?;
    let args = BatchArgs::of(relurl::Spec::Rfc1808, false, errors, threads)?;
    let input = arrow_input(urls, "urls")?;
    let layouts = layouts(&input.chunks, "urls")?;
    let signals = Signals::default();
    let named: Vec<_> = layouts.iter().map(|&l| (l, "urls")).collect();
    let chunks = py.detach(|| checked(&named, args.threads, &signals)).map_err(|stop| stop.into_err(&signals))?;
    let (starts, _) = chunk_starts(chunks.iter().map(StrColumn::len)).ok_or_else(|| PyValueError::new_err(TOO_MANY_ROWS))?;
    let stop = args.errors == ErrorMode::Raise;
    let mut arrays = Vec::with_capacity(chunks.len());
    let mut failures = Vec::new();
    for (chunk, &first_row) in chunks.iter().zip(&starts) {
        let keys =
            py.detach(|| surt_column(chunk, &options, args.threads, stop, &signals)).map_err(|_| Stop::Interrupted.into_err(&signals))?;
        for (row, failure) in &keys.failures {
            let err = match failure {
                RowFailure::Surt(e) => surt_error(e),
                RowFailure::Unreadable(e) => from_core(py, e, chunk.error_text(*row)),
            };
            let err = at_row(py, err, first_row + row, None);
            if stop {
                return Err(err);
            }
            failures.push(err);
        }
        arrays.push(string_array(keys).map_err(PyValueError::new_err)?);
    }
    let result = if input.stream {
        let field = Arc::new(Field::new("surt", arrays.first().map_or(DataType::Utf8, |a| a.data_type().clone()), true));
        PyChunkedArray::try_new(arrays, field)?.into_pyobject(py)?.into_any()
    } else {
        let array = arrays.into_iter().next().unwrap_or_else(|| Arc::new(StringArray::new_null(0)));
        PyArray::from_array_ref(array).into_pyobject(py)?.into_any()
    };
    report(py, result, failures, args.errors)
}

/// The keyword options of `relurl.surt`, from `**options`: the same names and defaults
/// (`crate::surt::surt`'s signature), each read by truth value; any other name is a
/// `TypeError`.
fn options_of(canonicalizer: Option<CanonicalizerArg>, given: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let d = Options::default();
    let mut flags = [
        ("surt", d.surt),
        ("with_scheme", d.with_scheme),
        ("trailing_comma", d.trailing_comma),
        ("reverse_ipaddr", d.reverse_ipaddr),
        ("public_suffix", false),
        ("host_lowercase", d.ia.host_lowercase),
        ("host_massage", d.ia.host_massage),
        ("auth_strip_user", true),
        ("auth_strip_pass", true),
        ("port_strip_default", d.ia.port_strip_default),
        ("path_strip_empty", d.ia.path_strip_empty),
        ("path_lowercase", d.ia.path_lowercase),
        ("path_strip_session_id", d.ia.path_strip_session_id),
        ("path_strip_trailing_slash_unless_empty", d.ia.path_strip_trailing_slash_unless_empty),
        ("query_lowercase", d.ia.query_lowercase),
        ("query_strip_session_id", d.ia.query_strip_session_id),
        ("query_strip_empty", d.ia.query_strip_empty),
        ("query_alpha_reorder", d.ia.query_alpha_reorder),
        ("hash_strip", true),
    ];
    for (key, value) in given.into_iter().flat_map(PyDictMethods::iter) {
        let key = key.cast_into::<PyString>().map_err(|_| PyTypeError::new_err("keywords must be strings"))?;
        let key = key.to_cow()?;
        let Some(slot) = flags.iter_mut().find(|(name, _)| *name == key) else {
            return Err(PyTypeError::new_err(format!("surt() got an unexpected keyword argument '{key}'")));
        };
        slot.1 = value.is_truthy()?;
    }
    let flag = |name: &str| Flag(flags.iter().find(|(n, _)| *n == name).is_some_and(|(_, v)| *v));
    let ia = IaOptions {
        host_lowercase: flag("host_lowercase").0,
        host_massage: flag("host_massage").0,
        port_strip_default: flag("port_strip_default").0,
        path_strip_empty: flag("path_strip_empty").0,
        path_lowercase: flag("path_lowercase").0,
        path_strip_session_id: flag("path_strip_session_id").0,
        path_strip_trailing_slash_unless_empty: flag("path_strip_trailing_slash_unless_empty").0,
        query_lowercase: flag("query_lowercase").0,
        query_strip_session_id: flag("query_strip_session_id").0,
        query_strip_empty: flag("query_strip_empty").0,
        query_alpha_reorder: flag("query_alpha_reorder").0,
    };
    options(canonicalizer, flag("surt"), flag("with_scheme"), flag("trailing_comma"), flag("reverse_ipaddr"), flag("public_suffix"), ia)
}

/// The keys as an Arrow array without copying their text: `string` for `i32` offsets,
/// `large_string` past `i32::MAX` bytes.
fn string_array(keys: Keys) -> Result<ArrayRef, String> {
    let nulls = if keys.valid.iter().all(|&v| v) { None } else { Some(NullBuffer::from(keys.valid)) };
    let large = i32::try_from(keys.text.len()).is_err();
    let values = Buffer::from(keys.text);
    let ends = keys.ends.into_iter();
    Ok(if large {
        let offsets: Vec<i64> = core::iter::once(0).chain(ends.map(|e| i64::try_from(e).unwrap_or(i64::MAX))).collect();
        Arc::new(
            GenericStringArray::<i64>::try_new(OffsetBuffer::new(ScalarBuffer::from(offsets)), values, nulls).map_err(|e| e.to_string())?,
        )
    } else {
        let offsets: Vec<i32> = core::iter::once(0).chain(ends.map(|e| i32::try_from(e).unwrap_or(i32::MAX))).collect();
        Arc::new(
            GenericStringArray::<i32>::try_new(OffsetBuffer::new(ScalarBuffer::from(offsets)), values, nulls).map_err(|e| e.to_string())?,
        )
    })
}
