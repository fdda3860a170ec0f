//! `relurl.parse` and the `relurl.URL` it builds.

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::arguments::{strict_flag, strict_with, SpecArg};
use super::convert::{backed_str, borrow_str};
use super::errors::from_core;
use super::url_data::PyUrl;
use relurl::{AnyUrl, Spec};

/// Parses `url` into its six components by the grammar of `spec`: RFC 1808 §2.4 (the
/// default) or RFC 3986 Appendix B. With `strict=True` (RFC 1808 only), first checks it
/// against the §2.2 BNF and raises `URLError` if it does not conform.
#[pyfunction]
#[pyo3(signature = (url, *, spec = SpecArg::DEFAULT, strict = false), text_signature = "(url, *, spec='rfc1808', strict=False)")]
pub fn parse(url: &Bound<'_, PyAny>, spec: SpecArg, #[pyo3(from_py_with = strict_flag)] strict: bool) -> PyResult<PyUrl> {
    let SpecArg(spec) = spec;
    if strict_with(strict, spec)? {
        super::validate::validate(url)?;
    }
    parse_url(url, "url", spec)
}

/// `obj` (a `str`, else `TypeError` naming `arg`) parsed by `spec` as a `relurl.URL`. A
/// `str` subclass is read as its exact `str` value: no method of it is ever called again.
fn parse_url(obj: &Bound<'_, PyAny>, arg: &str, spec: Spec) -> PyResult<PyUrl> {
    let py = obj.py();
    let text = backed_str(obj, arg)?;
    let parsed =
        AnyUrl::parse_owned(text.clone_ref(py), Spec::Rfc1808).and_then(|url| Ok((url, AnyUrl::parse_owned(text, Spec::Rfc3986)?)));
    let (url, url_rfc3986) = match parsed {
        Ok(both) => both,
        Err(e) => {
            let s = borrow_str(obj, arg)?;
            return Err(from_core(py, &e, s));
        }
    };
    let url_whatwg = OnceLock::new();
    let recombined = if spec == Spec::Whatwg {
        let parsed = url_whatwg.get_or_init(|| AnyUrl::parse_owned(url.holder().clone_ref(py), Spec::Whatwg));
        match parsed {
            Ok(whatwg) => PyString::new(py, whatwg.as_str()).unbind(),
            Err(e) => return Err(from_core(py, e, url.as_str())),
        }
    } else if spec == Spec::Rfc3986 || url.recombines_losslessly() {
        url.holder().as_py_str().clone_ref(py)
    } else {
        PyString::new(py, &url.to_string()).unbind()
    };
    Ok(PyUrl { url, url_rfc3986, url_whatwg, spec, recombined })
}
