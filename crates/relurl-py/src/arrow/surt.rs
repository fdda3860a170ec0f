//! `relurl.arrow.surt`: the SURT key of every row of an Arrow string column, by the core's
//! batch ([`super::map::map_column`]).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use relurl::surt::{IaOptions, Options};

use super::map::map_column;
use crate::batch::BatchArgs;
use crate::surt::{int_max_str_digits, options, surt_error, CanonicalizerArg, Flag};

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
    let mut options = options_of(urls.py(), canonicalizer, options)?;
    // The rows' int() calls read as many digits as the running Python does (read once).
    options.int_max_str_digits = int_max_str_digits(urls.py())?;
    let args = BatchArgs::of(relurl::Spec::Rfc1808, false, errors, threads)?;
    map_column(urls, &args, &options, "surt", |error, _| surt_error(error))
}

/// The keyword options of `relurl.surt`, from `**options`: the same names and defaults
/// (`crate::surt::surt`'s signature), each read by truth value; any other name is a
/// `TypeError`.
fn options_of(py: Python<'_>, canonicalizer: Option<CanonicalizerArg>, given: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
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
    options(py, canonicalizer, flag("surt"), flag("with_scheme"), flag("trailing_comma"), flag("reverse_ipaddr"), flag("public_suffix"), ia)
}
