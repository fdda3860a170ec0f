//! `relurl.arrow.surt`: the SURT key of every row of an Arrow string column, by the core's
//! batch ([`super::map::map_column`]).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use relurl::surt::Options;

use super::map::map_column;
use crate::batch::BatchArgs;
use crate::errors::surt_error;
use crate::int_limit::int_max_str_digits;
use crate::surt::{options, CanonicalizerArg};
use relurl::bindings::surt::{keyword_index, NONE_GIVEN};

/// The SURT key of every row of an Arrow string column (an array, or a chunked array or
/// stream, whose chunks the result keeps), as `relurl.surt` gives it with the same
/// `canonicalizer` and keyword options, with the GIL released on `threads` threads. A null
/// row gives a null; a row `surt.surt` raises for fails by `errors=` ("raise", "null" or
/// "report"), its exception's `.index` the row. docs/crawler.md, docs/batches.md.
#[pyfunction]
#[pyo3(name = "surt", signature = (urls, canonicalizer = None, *, errors = "raise", threads = None, **options))]
pub fn arrow_surt<'py>(
    urls: &Bound<'py, PyAny>,
    canonicalizer: Option<CanonicalizerArg>,
    errors: &str,
    threads: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut options = options_of(urls.py(), canonicalizer, options)?;
    // The rows' int() calls read as many digits as the running Python does (read once).
    options.int_max_str_digits = int_max_str_digits(urls.py())?;
    let args = BatchArgs::of(relurl::Spec::Rfc1808, false, errors, threads)?;
    map_column(urls, &args, &options, "surt", |error, _| surt_error(error))
}

/// The keyword options of `relurl.surt`, from `**options`: the same names and defaults
/// (the core's one list, `relurl::bindings::surt::KEYWORDS`), each read by truth value; any other name is a `TypeError`.
fn options_of(py: Python<'_>, canonicalizer: Option<CanonicalizerArg>, given: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut keywords = NONE_GIVEN;
    for (key, value) in given.into_iter().flat_map(PyDictMethods::iter) {
        let key = key.cast_into::<PyString>().map_err(|_| PyTypeError::new_err("keywords must be strings"))?;
        let key = key.to_cow()?;
        let Some(index) = keyword_index(&key) else {
            return Err(PyTypeError::new_err(format!("surt() got an unexpected keyword argument '{key}'")));
        };
        keywords[index] = Some(value.is_truthy()?);
    }
    Ok(options(py, canonicalizer, &keywords))
}
