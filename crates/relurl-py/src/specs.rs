//! `relurl._specs`' native half: the names every `spec=` takes (the core's [`Spec::NAMES`],
//! `_SPECS`) and their check (`_check_spec`), for the Python modules that take a `spec`
//! before any native call does (`relurl.spark`).

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use relurl::Spec;

use super::arguments::SpecArg;

/// Checks `spec` as every `spec=` argument is checked: a `str` naming a spec, else a
/// `ValueError` naming the choices (a `TypeError` for a non-`str`).
#[pyfunction]
#[allow(clippy::needless_pass_by_value)] // converted by PyO3, which checks it
pub fn _check_spec(spec: SpecArg) {
    let _ = spec;
}

/// The names every `spec=` takes, in order: the core's [`Spec::NAMES`].
pub(crate) fn names(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    PyTuple::new(py, Spec::NAMES)
}
