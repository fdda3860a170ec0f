//! What the urllib twins take from the running `urllib.parse`, once: its functions (for the
//! inputs the core does not take, and its two checks), its result types, its scheme lists,
//! and its [`Dialect`], from `sys.version_info` and then from probing urllib itself (the probes,
//! the dialect their answers make and the self-check are the core's:
//! [`relurl::bindings::urllib`]).

use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};

use relurl::bindings::urllib::{self as probes, JoinAnswer, ProbeAnswers};
use relurl::urllib::{Checks, Dialect, SchemeList, Schemes, Urllib};

/// The scheme lists, in this order.
const LISTS: [&str; 3] = ["uses_relative", "uses_netloc", "uses_params"];

/// Everything taken from `urllib.parse`, built on first use (`relurl/__init__.py` makes that
/// its import, before anyone can put these twins into `urllib.parse`).
pub(crate) struct Twin {
    /// The version table's dialect, probed and corrected, with the scheme lists as captured.
    pub urllib: Urllib,
    /// The dialect `sys.version_info` gave, before probing.
    version_dialect: Dialect,
    version: (u8, u8, u8),
    /// The probes found a urllib this module does not know: every call goes to urllib.
    pub delegate_all: bool,
    /// `uses_relative`, `uses_netloc`, `uses_params` and their items when captured. Any
    /// change to a list (an `append`, a `remove`, an item replaced in place) is seen on the
    /// next call and the lists are read again; rebinding the module attribute to another
    /// list is not followed.
    lists: [Py<PyList>; 3],
    captured: Snapshot,
    rebuilt: Mutex<Option<(Snapshot, Arc<Urllib>)>>,
    pub urljoin: Py<PyAny>,
    pub urlsplit: Py<PyAny>,
    pub urlparse: Py<PyAny>,
    check_bracketed_host: Option<Py<PyAny>>,
    checknetloc: Option<Py<PyAny>>,
    /// `SplitResult`, `SplitResultBytes`, `ParseResult`, `ParseResultBytes`.
    pub result_types: [Py<PyType>; 4],
    /// `tuple.__new__`, which builds a named tuple without running its Python `__new__`.
    pub tuple_new: Py<PyAny>,
}

static TWIN: PyOnceLock<Twin> = PyOnceLock::new();

/// The items of the three scheme lists, held (so that an item is the same object, not one
/// made at the same address): a list whose items are these same objects, in this order, is
/// unchanged, whatever was done to it in between.
struct Snapshot([Vec<Py<PyAny>>; 3]);

impl Snapshot {
    fn of(py: Python<'_>, lists: &[Py<PyList>; 3]) -> Self {
        Self(lists.each_ref().map(|list| list.bind(py).iter().map(Bound::unbind).collect()))
    }

    /// Whether `lists` hold exactly these items (a length and identity check per item: about
    /// 60 items, a few tens of nanoseconds).
    #[inline]
    fn matches(&self, py: Python<'_>, lists: &[Py<PyList>; 3]) -> bool {
        self.0.iter().zip(lists).all(|(items, list)| {
            let list = list.bind(py);
            list.len() == items.len() && list.iter().zip(items).all(|(item, held)| item.is(held))
        })
    }
}

/// The urllib a call uses: the captured one, or one rebuilt after the lists changed.
pub(crate) enum Active<'a> {
    Captured(&'a Urllib),
    Rebuilt(Arc<Urllib>),
}

impl std::ops::Deref for Active<'_> {
    type Target = Urllib;
    fn deref(&self) -> &Urllib {
        match self {
            Self::Captured(u) => u,
            Self::Rebuilt(u) => u,
        }
    }
}

impl Twin {
    /// The state, built on the first call.
    pub fn get(py: Python<'_>) -> PyResult<&'static Twin> {
        TWIN.get_or_try_init(py, || Twin::new(py))
    }

    fn new(py: Python<'_>) -> PyResult<Self> {
        let parse = py.import("urllib.parse")?;
        // This module as loaded, looked up without importing it: importing `relurl._relurl`
        // would import the `relurl` package, whose `__init__` calls back here while this
        // state is being built (a deadlock when `_relurl` was loaded on its own first).
        let ours = py.import("sys")?.getattr("modules")?.get_item("relurl._relurl").ok();
        let function = |name: &str| -> PyResult<Py<PyAny>> {
            let f = parse.getattr(name)?;
            if ours.as_ref().is_some_and(|m| m.getattr(name).is_ok_and(|o| o.is(&f))) {
                return Err(PyRuntimeError::new_err(format!(
                    "urllib.parse.{name} is relurl.{name}: import relurl before putting its twins into urllib.parse"
                )));
            }
            Ok(f.unbind())
        };
        let result_type = |name: &str| -> PyResult<Py<PyType>> { Ok(parse.getattr(name)?.cast_into::<PyType>()?.unbind()) };
        let info = py.import("sys")?.getattr("version_info")?;
        let version: (u8, u8, u8) = (info.get_item(0)?.extract()?, info.get_item(1)?.extract()?, info.get_item(2)?.extract()?);
        let version_dialect = Dialect::for_python(version.0, version.1, version.2);
        let mut lists = Vec::with_capacity(3);
        let mut all_lists = true;
        for name in LISTS {
            let value = parse.getattr(name)?;
            all_lists &= value.is_exact_instance_of::<PyList>();
            lists.push(value.cast_into::<PyList>().unwrap_or_else(|_| PyList::empty(py)).unbind());
        }
        let lists: [Py<PyList>; 3] = lists.try_into().map_err(|_| PyRuntimeError::new_err("three lists"))?;
        let captured = Snapshot::of(py, &lists);
        let mut twin = Self {
            urllib: Urllib::new(version_dialect, read_schemes(py, &lists)),
            version_dialect,
            version,
            delegate_all: !all_lists,
            lists,
            captured,
            rebuilt: Mutex::new(None),
            urljoin: function("urljoin")?,
            urlsplit: function("urlsplit")?,
            urlparse: function("urlparse")?,
            check_bracketed_host: parse.getattr("_check_bracketed_host").ok().map(Bound::unbind),
            checknetloc: parse.getattr("_checknetloc").ok().map(Bound::unbind),
            result_types: [
                result_type("SplitResult")?,
                result_type("SplitResultBytes")?,
                result_type("ParseResult")?,
                result_type("ParseResultBytes")?,
            ],
            tuple_new: py.get_type::<PyTuple>().getattr("__new__")?.unbind(),
        };
        // A urllib that answers a probe unexpectedly, or lacks a helper, gets every call.
        match probe(&parse) {
            Ok(Some(dialect)) if probes::usable(&dialect, twin.checknetloc.is_some(), twin.check_bracketed_host.is_some()) => {
                twin.urllib = Urllib::new(dialect, twin.urllib.schemes().clone());
                twin.delegate_all |= !twin.agrees_with_urllib(py);
            }
            _ => twin.delegate_all = true,
        }
        Ok(twin)
    }

    /// The urllib for this call: the captured one while the scheme lists hold the items
    /// they held then.
    #[inline]
    pub fn active(&self, py: Python<'_>) -> Active<'_> {
        if self.captured.matches(py, &self.lists) {
            Active::Captured(&self.urllib)
        } else {
            Active::Rebuilt(self.rebuild(py))
        }
    }

    #[cold]
    fn rebuild(&self, py: Python<'_>) -> Arc<Urllib> {
        let mut cache = self.rebuilt.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((snapshot, urllib)) = cache.as_ref() {
            if snapshot.matches(py, &self.lists) {
                return urllib.clone();
            }
        }
        let urllib = Arc::new(Urllib::new(*self.urllib.dialect(), read_schemes(py, &self.lists)));
        *cache = Some((Snapshot::of(py, &self.lists), urllib.clone()));
        urllib
    }

    /// The checks that call urllib's own `_check_bracketed_host` and `_checknetloc`.
    pub fn checks<'a, 'py>(&'a self, py: Python<'py>) -> PyChecks<'a, 'py> {
        PyChecks { py, twin: self }
    }

    /// Runs the core's pinned pairs ([`probes::SELF_CHECK`]) through urllib and the core
    /// ([`probes::agrees`]): any difference means an unknown urllib.
    fn agrees_with_urllib(&self, py: Python<'_>) -> bool {
        let text = |e: &PyErr| e.value(py).str().ok().and_then(|s| s.to_cow().ok().map(std::borrow::Cow::into_owned));
        let join = |base: &str, url: &str| match self.urljoin.bind(py).call1((base, url)) {
            Ok(joined) => joined.extract::<String>().map_or(JoinAnswer::Other, JoinAnswer::Joined),
            Err(e) => JoinAnswer::Raised { value_error: e.is_instance_of::<PyValueError>(py), message: text(&e) },
        };
        let split = |url: &str| {
            let parts = self.urlsplit.bind(py).call1((url,)).and_then(|r| r.extract::<(String, String, String, String, String)>());
            parts.ok().map(|p| [p.0, p.1, p.2, p.3, p.4])
        };
        probes::agrees(&self.urllib, &mut self.checks(py), text, join, split)
    }

    /// `relurl._relurl._urllib_dialect()`: what was found, for tests and bug reports.
    pub fn describe<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = self.urllib.dialect();
        let out = PyDict::new(py);
        out.set_item("python", format!("{}.{}.{}", self.version.0, self.version.1, self.version.2))?;
        out.set_item("remove_tab_newline", d.remove_tab_newline)?;
        out.set_item("strip_c0_space", d.strip_c0_space)?;
        out.set_item("scheme_starts_alpha", d.scheme_starts_alpha)?;
        out.set_item("brackets", format!("{:?}", d.brackets))?;
        out.set_item("unsplit", format!("{:?}", d.unsplit))?;
        out.set_item("join", format!("{:?}", d.join))?;
        out.set_item("as_version_table", *d == self.version_dialect)?;
        out.set_item("delegate_all", self.delegate_all)?;
        Ok(out)
    }
}

/// Reads the three lists; items that are not `str` are skipped (no scheme equals them).
fn read_schemes(py: Python<'_>, lists: &[Py<PyList>; 3]) -> Schemes {
    let read = |list: &Py<PyList>| -> SchemeList { list.bind(py).iter().filter_map(|item| item.extract::<String>().ok()).collect() };
    Schemes { uses_relative: read(&lists[0]), uses_netloc: read(&lists[1]), uses_params: read(&lists[2]) }
}

/// Runs the core's probes ([`relurl::bindings::urllib`]) in the running urllib; the core
/// reads the dialect from the answers (`None` when they fit no known CPython).
fn probe(parse: &Bound<'_, PyModule>) -> PyResult<Option<Dialect>> {
    let py = parse.py();
    let urlsplit = parse.getattr("urlsplit")?;
    let rejects = |url: &str| -> PyResult<bool> {
        match urlsplit.call1((url,)) {
            Ok(_) => Ok(false),
            Err(e) if e.is_instance_of::<PyValueError>(py) => Ok(true),
            Err(e) => Err(e),
        }
    };
    let unsplit =
        |(function, parts): (&str, &[&str])| -> PyResult<String> { parse.getattr(function)?.call1((PyTuple::new(py, parts)?,))?.extract() };
    let urljoin = parse.getattr("urljoin")?;
    let join = |(base, url): (&str, &str)| -> PyResult<String> { urljoin.call1((base, url))?.extract() };
    let scheme = |url: &str| -> PyResult<String> { urlsplit.call1((url,))?.getattr("scheme")?.extract() };
    let answers = ProbeAnswers {
        rejects: try_map(probes::REJECT_PROBES, rejects)?,
        unsplit: try_map(probes::UNSPLIT_PROBES, unsplit)?,
        joins: try_map(probes::JOIN_PROBES, join)?,
        schemes: try_map(probes::SCHEME_PROBES, scheme)?,
    };
    Ok(probes::dialect_from_probes(&answers))
}

/// `f` of each item, or the first error.
fn try_map<T: Copy, U, const N: usize>(items: [T; N], f: impl Fn(T) -> PyResult<U>) -> PyResult<[U; N]> {
    let answers = items.into_iter().map(f).collect::<PyResult<Vec<U>>>()?;
    answers.try_into().map_err(|_| PyRuntimeError::new_err("one answer per probe"))
}

/// [`Checks`] calling urllib's own `_check_bracketed_host` and `_checknetloc`, so that the
/// exception is urllib's.
pub(crate) struct PyChecks<'a, 'py> {
    py: Python<'py>,
    twin: &'a Twin,
}

impl Checks for PyChecks<'_, '_> {
    type Error = PyErr;

    fn bracketed_host(&mut self, hostname: &str) -> PyResult<()> {
        match &self.twin.check_bracketed_host {
            Some(check) => check.bind(self.py).call1((hostname,)).map(drop),
            None => Ok(()),
        }
    }

    fn netloc(&mut self, netloc: &str) -> PyResult<()> {
        match &self.twin.checknetloc {
            Some(check) => check.bind(self.py).call1((netloc,)).map(drop),
            None => Ok(()),
        }
    }
}
