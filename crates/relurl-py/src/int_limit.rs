//! The running Python's limit on the digits `int()` reads (`sys.get_int_max_str_digits()`),
//! given to the core's twins that read numbers with `int()` ([`relurl::int_limit`]):
//! `relurl.surt`, `relurl.canonicalize_url`, `URL.port`, and their `relurl.arrow` forms.

use pyo3::prelude::*;

/// The running Python's `sys.get_int_max_str_digits()` (read once per batch).
pub(crate) fn int_max_str_digits(py: Python<'_>) -> PyResult<usize> {
    py.import("sys")?.call_method0("get_int_max_str_digits")?.extract()
}

/// `run(limit)` under the running Python's limit, read only when needed: first with
/// [`relurl::int_limit::THRESHOLD`], the least limit Python allows (so no string it
/// reads is refused under any limit); where that fails with `too_many_digits`, again with
/// the limit Python has (for a single call, reading `sys` each time would cost more than the
/// call).
pub(crate) fn with_int_limit<T, E>(
    py: Python<'_>,
    run: impl Fn(usize) -> Result<T, E>,
    too_many_digits: impl Fn(&E) -> bool,
) -> PyResult<Result<T, E>> {
    match run(relurl::int_limit::THRESHOLD) {
        Err(e) if too_many_digits(&e) => Ok(run(int_max_str_digits(py)?)),
        result => Ok(result),
    }
}
