//! `relurl.arrow.canonicalize_url`: a column of URLs canonicalized as
//! `w3lib.url.canonicalize_url` does, by the core's batch ([`super::map::map_column`]).

use pyo3::prelude::*;

use super::map::map_column;
use crate::arguments::Truth;
use crate::batch::BatchArgs;
use crate::int_limit::int_max_str_digits;
use crate::w3lib::{Arguments, Separator};

/// `relurl.canonicalize_url` (the twin of `w3lib.url.canonicalize_url`) of every row of an
/// Arrow string column (an array, or a chunked array or stream, whose chunks the result
/// keeps), with the same options, with the GIL released on `threads` threads. A null row
/// gives a null; a row w3lib raises for fails by `errors=` ("raise", "null" or "report"),
/// with w3lib's exception type (or the codec's own exception) and `.index` the row; an
/// exception that is not an `Exception` (`KeyboardInterrupt` from Ctrl-C inside a codec
/// written in Python) is raised whatever `errors=` says. docs/crawler.md, docs/batches.md.
#[pyfunction]
#[pyo3(
    name = "canonicalize_url",
    signature = (urls, keep_blank_values = Truth(true), keep_fragments = Truth(false), encoding = None, *, query_separator = Separator::ampersand(), errors = "raise", threads = None),
    text_signature = "(urls, keep_blank_values=True, keep_fragments=False, encoding=None, *, query_separator='&', errors='raise', threads=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn arrow_canonicalize_url<'py>(
    urls: &Bound<'py, PyAny>,
    keep_blank_values: Truth,
    keep_fragments: Truth,
    encoding: Option<&str>,
    query_separator: Separator,
    errors: &str,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut args = BatchArgs::of(relurl::Spec::Rfc1808, false, errors, threads)?;
    let py = urls.py();
    let arguments = Arguments::new(py, keep_blank_values.0, keep_fragments.0, encoding, query_separator)?;
    // Ctrl-C inside a codec written in Python stops the batch (not a failed row).
    args.escaped = arguments.escaped();
    let mut options = arguments.options(py);
    // The rows' `int(port)` reads as many digits as the running Python does (read once).
    options.int_max_str_digits = int_max_str_digits(py)?;
    map_column(urls, &args, &options, "canonical", |e, _| arguments.error(e))
}
