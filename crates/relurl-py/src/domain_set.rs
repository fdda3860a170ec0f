//! `relurl.DomainSet`: the core's [`relurl::domain_set::DomainSet`] (a host equal to or
//! under one of its domains), built from an iterable of `str`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use super::convert::{str_bytes, wrong_type};
use relurl::domain_set::DomainSet;

/// A set of domains: `host in domain_set` is true when the host equals a member or ends with
/// `.` and a member (Scrapy's offsite rule), in time linear in the host whatever the number
/// of members. Exact: no case folding, IDNA or trailing-dot removal (Scrapy compares
/// urllib's lower-cased `hostname` with the domains as given).
#[pyclass(name = "DomainSet", module = "relurl", frozen)]
pub struct PyDomainSet {
    pub(crate) set: DomainSet,
}

/// A member as a `str` again (the inverse of [`str_bytes`]).
fn member_str<'py>(py: Python<'py>, bytes: &[u8]) -> PyResult<Bound<'py, PyAny>> {
    match core::str::from_utf8(bytes) {
        Ok(text) => Ok(PyString::new(py, text).into_any()),
        Err(_) => PyBytes::new(py, bytes).call_method1("decode", ("utf-8", "surrogatepass")),
    }
}

#[pymethods]
impl PyDomainSet {
    /// `domains`: an iterable of `str` (not a `str` itself), each a domain; a domain given
    /// twice counts once. Unpickling comes here too.
    #[new]
    #[pyo3(signature = (domains = None))]
    fn new(py: Python<'_>, domains: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let Some(domains) = domains else { return Ok(Self { set: DomainSet::default() }) };
        if let Ok(other) = domains.cast::<Self>() {
            return Ok(Self { set: other.get().set.clone() });
        }
        if domains.is_instance_of::<PyString>() || domains.is_instance_of::<PyBytes>() {
            return Err(wrong_type(domains, "domains", "an iterable of str"));
        }
        let iter = domains.try_iter().map_err(|_| wrong_type(domains, "domains", "an iterable of str"))?;
        let mut members: Vec<Vec<u8>> = Vec::new();
        for (index, item) in iter.enumerate() {
            let item = item?;
            let Ok(s) = item.cast::<PyString>() else {
                return Err(wrong_type(&item, &format!("domains[{index}]"), "str"));
            };
            members.push(str_bytes(s)?.into_owned());
        }
        Ok(Self { set: py.detach(|| DomainSet::new(&members)) })
    }

    /// Whether `host` (a `str`) equals a member or ends with `.` and a member.
    fn __contains__(&self, host: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(s) = host.cast::<PyString>() else {
            return Err(PyTypeError::new_err(format!(
                "'in <DomainSet>' requires a str host, not {}",
                host.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string())
            )));
        };
        Ok(self.set.contains(&str_bytes(s)?))
    }

    fn __len__(&self) -> usize {
        self.set.len()
    }

    /// The members, each once, in the order first given.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.members(py)?.as_any().try_iter()?.into_any())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        const SHOWN: usize = 5;
        let mut shown = Vec::new();
        for member in self.set.members().take(SHOWN) {
            shown.push(member_str(py, member)?.repr()?.to_string());
        }
        if self.set.len() > SHOWN {
            shown.push(format!("... {} more", self.set.len() - SHOWN));
        }
        Ok(format!("DomainSet([{}])", shown.join(", ")))
    }

    /// Pickles as `DomainSet(list_of_members)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let args = PyTuple::new(py, [slf.get().members(py)?.into_any()])?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
}

impl PyDomainSet {
    fn members<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for member in self.set.members() {
            list.append(member_str(py, member)?)?;
        }
        Ok(list)
    }
}
