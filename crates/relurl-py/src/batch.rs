//! `relurl.resolve_many` and `URL.resolve_many`: a list of references (and one base or a
//! list of bases) resolved by the core's ordered batch ([`relurl::batch::resolve_in_order`])
//! with the GIL released.
//!
//! With the GIL, every item is borrowed as UTF-8 (no copy); then the core resolves the rows
//! in tasks, on `threads` threads, and hands each task's results back in order on this
//! thread, which attaches to Python for the time it takes to make them `str`s (a row whose
//! answer is an input as given is that input object) while the other threads resolve the
//! next tasks (the last task's, once the batch is over and the GIL is back: a batch of one
//! task takes the GIL back once). Between tasks the core asks [`Signals`] whether to stop: Ctrl-C raises
//! `KeyboardInterrupt` within a task's time, not at the end of the batch.

use core::num::NonZeroUsize;
use core::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyInt, PyList, PyString, PyTuple};

use super::arguments::{encoding_with, followed_spec, strict_flag, strict_with, strip_flag, BasesArg, SpecArg};
use super::convert::{exact_str, surrogate_error, wrong_type, UNREADABLE_STR};
use super::errors::{at_row, from_core};
use super::url_data::PyUrl;
use relurl::batch::{resolve_in_order, BatchOptions, Cell, Input, Interrupt, Repeated, Resolved, Row, StrColumn, Tuning};
use relurl::bindings::arguments::{row_error_mode, BasesGrammar};
use relurl::bindings::batch::{check_bases_len, threads, ThreadsBelowOne, UnknownErrorMode};
use relurl::Spec;

pub(crate) use relurl::bindings::batch::ErrorMode;

/// `errors=`, converted: the core's modes, names and message ([`ErrorMode`]).
pub(crate) fn error_mode(name: &str) -> PyResult<ErrorMode> {
    name.parse().map_err(|e: UnknownErrorMode| PyValueError::new_err(e.to_string()))
}

/// `errors=` of an entry point that works a row at a time (`relurl.spark`'s: `"raise"` or
/// `"null"`), checked by the core's rule and message
/// ([`relurl::bindings::arguments::row_error_mode`]): a `ValueError` for anything else,
/// shown by its `repr`.
#[pyfunction]
pub fn _check_row_errors(errors: &Bound<'_, PyAny>) -> PyResult<()> {
    let shown = || errors.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string());
    let name = errors.cast::<PyString>().ok().and_then(|s| s.to_str().ok()).unwrap_or_default();
    row_error_mode(name, shown).map(|_| ()).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The `spec`, `strict`, `errors`, `threads` and `strip` arguments, checked.
pub(crate) struct BatchArgs {
    pub spec: Spec,
    pub strict: bool,
    /// Strip HTML's ASCII whitespace around each reference (the core's
    /// [`BatchOptions::strip`]); `false` unless set with [`BatchArgs::stripping`].
    pub strip: bool,
    pub errors: ErrorMode,
    /// At most [`relurl::batch::max_threads`] (the core's cap: the machine's available parallelism).
    pub threads: NonZeroUsize,
    /// The URL Standard's encoding (`encoding=`), `None` for UTF-8.
    pub encoding: Option<&'static relurl::whatwg::Encoding>,
    /// Where Python code the batch calls back (a codec written in Python) keeps an exception
    /// that is not an `Exception`, which stops the batch ([`Signals`]); `None` when it calls
    /// none.
    pub escaped: Option<Arc<Escaped>>,
}

impl BatchArgs {
    pub(crate) fn of(spec: Spec, strict: bool, errors: &str, threads: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let strict = strict_with(strict, spec)?;
        Ok(Self { spec, strict, strip: false, errors: error_mode(errors)?, threads: threads_arg(threads)?, encoding: None, escaped: None })
    }

    /// These arguments with `strip=` (the resolving entry points take it).
    pub(crate) fn stripping(self, strip: bool) -> Self {
        Self { strip, ..self }
    }

    /// With the `encoding` argument, checked with the spec ([`encoding_with`]).
    pub(crate) fn with_encoding(self, encoding: Option<&str>) -> PyResult<Self> {
        Ok(Self { encoding: encoding_with(encoding, self.spec)?, ..self })
    }

    /// The core's options (with its measured [`Tuning`]).
    pub(crate) fn options(&self, copy_unchanged: bool) -> BatchOptions {
        BatchOptions {
            spec: self.spec,
            strict: self.strict,
            strip: self.strip,
            stop_at_first_error: self.errors.stops_at_first_error(),
            copy_unchanged,
            threads: self.threads,
            tuning: Tuning::MEASURED,
            encoding: self.encoding,
        }
    }
}

/// The core's [`Interrupt`] for a batch run with the GIL released: attaches to Python for a
/// moment and runs its signal handlers (`Python::check_signals`); the first exception one
/// raises (`KeyboardInterrupt` for Ctrl-C) stops the batch and is kept, to be raised once
/// the batch has stopped ([`Signals::raise`]).
#[derive(Default)]
pub(crate) struct Signals {
    raised: Mutex<Option<PyErr>>,
    /// Also asked: an exception that escaped from Python code the batch calls back.
    escaped: Option<Arc<Escaped>>,
}

/// An exception that is not an `Exception` (`KeyboardInterrupt`: Ctrl-C runs Python's signal
/// handler inside whatever Python code runs, a codec written in Python among them; `SystemExit`),
/// raised in Python code a batch calls back: kept (the first) so that the batch stops at its
/// next check ([`Signals`]) rather than take it for a failed row and go on.
#[derive(Debug, Default)]
pub(crate) struct Escaped(Mutex<Option<PyErr>>);

/// Whether `error` is not an `Exception` (`KeyboardInterrupt`, `SystemExit`): never a failed
/// row, always raised, as from a loop that catches `Exception`.
pub(crate) fn escapes(py: Python<'_>, error: &PyErr) -> bool {
    !error.is_instance_of::<pyo3::exceptions::PyException>(py)
}

impl Escaped {
    /// Keeps `error` when it is not an `Exception` (and none was kept before).
    pub(crate) fn keep(&self, py: Python<'_>, error: &PyErr) {
        if escapes(py, error) {
            self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get_or_insert_with(|| error.clone_ref(py));
        }
    }

    fn take(&self) -> Option<PyErr> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take()
    }
}

impl Signals {
    /// The signals of a batch whose callbacks keep what escapes them in `escaped` (emptied
    /// first: a codec is shared by the calls that name it, and a call of one URL raises what
    /// escapes itself).
    pub(crate) fn watching(escaped: Option<Arc<Escaped>>) -> Self {
        if let Some(escaped) = &escaped {
            escaped.take();
        }
        Self { raised: Mutex::default(), escaped }
    }
}

impl Interrupt for Signals {
    fn interrupted(&self) -> bool {
        if let Some(escaped) = self.escaped.as_ref().and_then(|e| e.take()) {
            self.raised.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get_or_insert(escaped);
            return true;
        }
        #[allow(clippy::redundant_closure_for_method_calls)] // the method is generic over `'py`
        let checked = Python::attach(|py| py.check_signals());
        match checked {
            Ok(()) => false,
            Err(err) => {
                let mut raised = self.raised.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                raised.get_or_insert(err);
                true
            }
        }
    }
}

impl Signals {
    /// The exception a signal handler raised (the batch was interrupted by it).
    pub(crate) fn raise(&self) -> PyErr {
        let raised = self.raised.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
        raised.unwrap_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err(()))
    }
}

/// The `threads` argument, converted for the core's rule ([`threads`]: `None` is 1, below 1
/// a `ValueError`, any larger `int` capped): an `int` (saturated at `i128`'s bounds, its
/// text in the message as Python writes it); anything else is a `TypeError`.
fn threads_arg(given: Option<&Bound<'_, PyAny>>) -> PyResult<NonZeroUsize> {
    let Some(given) = given.filter(|t| !t.is_none()) else { return Ok(threads(None).unwrap_or(NonZeroUsize::MIN)) };
    let Ok(n) = given.cast::<PyInt>() else {
        return Err(wrong_type(given, "threads", "int"));
    };
    let asked = match n.extract::<i128>() {
        Ok(asked) => asked,
        Err(_) if n.lt(0)? => i128::MIN,
        Err(_) => i128::MAX,
    };
    threads(Some(asked)).map_err(|_| PyValueError::new_err(ThreadsBelowOne::message(n)))
}

/// The input side of a batch: a whole list of `str`s (held as `Py`, to be read without the
/// GIL), borrowed.
pub(crate) struct Column {
    objects: Vec<Py<PyAny>>,
}

impl Column {
    /// Collects `items` (a list, tuple or any iterable); a non-`str`, non-`None` item is a
    /// `TypeError` naming `name[index]`, raised before any work is done. A `str`, `bytes`,
    /// `bytearray` or `URL` is iterable but is one value, not a sequence of them: a
    /// `TypeError` too, which says `items` must be `expected`, as does one that is not
    /// iterable.
    pub(crate) fn collect(items: &Bound<'_, PyAny>, name: &str, expected: &str) -> PyResult<Self> {
        // Each item checked as it is taken (one pass: a page's links are a short list).
        let checked = |(index, object): (usize, Bound<'_, PyAny>)| {
            if object.is_instance_of::<PyString>() || object.is_none() {
                Ok(object.unbind())
            } else {
                Err(wrong_type(&object, &format!("{name}[{index}]"), "str or None"))
            }
        };
        let objects = if let Ok(list) = items.cast::<PyList>() {
            let mut objects = Vec::with_capacity(list.len());
            for item in list.iter().enumerate() {
                objects.push(checked(item)?);
            }
            objects
        } else {
            items_of(items, name, expected)?.into_iter().enumerate().map(checked).collect::<PyResult<_>>()?
        };
        Ok(Self { objects })
    }

    /// A column of bases: as [`Column::collect`], where an item may also be a parsed `URL`
    /// (taken as the text it was parsed from), and the grammar to resolve by: `spec` when
    /// given, else the one the bases agree on (a `URL`'s own, RFC 1808 for a `str`, as
    /// `relurl.resolve` takes each). Bases that would need different grammars, without
    /// `spec`, are a `TypeError` that says so (the core's [`BasesGrammar`] decides).
    pub(crate) fn collect_bases(items: &Bound<'_, PyAny>, spec: Option<SpecArg>) -> PyResult<(Self, Spec)> {
        let py = items.py();
        let mut objects = items_of(items, "bases", BASES)?;
        // The bases' grammars, for the core to decide by.
        let mut grammars = BasesGrammar::default();
        for (index, object) in objects.iter_mut().enumerate() {
            // A `str` first: the common case.
            let (grammar, kind) = if object.is_instance_of::<PyString>() {
                (Spec::Rfc1808, "str")
            } else if let Ok(url) = object.cast::<PyUrl>() {
                let url = url.get();
                let grammar = url.own().spec();
                *object = url.text(py).into_any();
                (grammar, "URL")
            } else if object.is_none() {
                continue;
            } else {
                return Err(wrong_type(object, &format!("bases[{index}]"), "str, URL or None"));
            };
            grammars.see(index, grammar, kind);
        }
        // A mix of grammars is a `TypeError` (the bases' types disagree).
        let spec = grammars.decide(spec.map(|SpecArg(spec)| spec)).map_err(|e| pyo3::exceptions::PyTypeError::new_err(e.to_string()))?;
        Ok((Self { objects: objects.into_iter().map(Bound::unbind).collect() }, spec))
    }
}

/// The items of `items` (a list, tuple or any iterable). A `str`, `bytes`, `bytearray` or
/// `URL` is iterable but is one value, not a sequence of them: a `TypeError`, which says
/// `name` must be `expected`, as does one that is not iterable.
fn items_of<'py>(items: &Bound<'py, PyAny>, name: &str, expected: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if items.is_instance_of::<PyString>()
        || items.is_instance_of::<PyBytes>()
        || items.is_instance_of::<PyByteArray>()
        || items.is_instance_of::<PyUrl>()
    {
        return Err(wrong_type(items, name, expected));
    }
    if let Ok(list) = items.cast::<PyList>() {
        Ok(list.iter().collect())
    } else if let Ok(tuple) = items.cast::<PyTuple>() {
        Ok(tuple.iter().collect())
    } else {
        let iter = items.try_iter().map_err(|_| wrong_type(items, name, expected))?;
        iter.collect::<PyResult<_>>()
    }
}

/// What the bases of `resolve_many` must be.
const BASES: &str = "a str, a URL, None or a sequence of str or URL";

/// What a column of references must be.
pub(crate) const REFERENCES: &str = "a sequence of str (a list, a tuple, any iterable)";

/// Where the bases come from: one `str` for every row, `None` for every row (every row is
/// `None`), or a column of them.
pub(crate) enum Bases<'py> {
    One(Bound<'py, PyString>),
    Null,
    PerRow(Column),
}

/// Resolves the rows and builds the Python result for `errors`: a list, or for
/// `errors="report"` a tuple `(list, failures)`.
///
/// Each input is handed to the core as a [`Cell`]: a `str` as its text, `None` as a null,
/// and a `str` with a lone surrogate (not UTF-8) as unreadable. The core gives each row one
/// answer: `None` when its base or reference is `None`; else one failure, its base's if the
/// base fails (so a bad single base fails every row with a reference), else its
/// reference's; else the resolved URL. The core runs with the GIL released; each task's
/// results come back in order ([`resolve_in_order`]) and are made `str`s with the GIL.
pub(crate) fn resolve_rows<'py>(py: Python<'py>, bases: Bases<'py>, references: &Column, args: &BatchArgs) -> PyResult<Bound<'py, PyAny>> {
    let rows = references.objects.len();
    let (base_object, base_column) = match bases {
        Bases::One(object) => (Some(object.unbind()), None),
        Bases::Null => (None, None),
        Bases::PerRow(column) => {
            check_bases_len(column.objects.len(), rows, "items").map_err(|e| PyValueError::new_err(e.to_string()))?;
            (None, Some(column))
        }
    };
    let one_base: Cell<'_> = base_object.as_ref().map_or(Cell::Null, |s| cell_of_str(s.bind(py)));
    let ref_cells = Texts::of(py, &references.objects);
    let base_cells = base_column.as_ref().map(|c| Texts::of(py, &c.objects));
    // The `URLError` of a row's failure: an unreadable `str` names its lone surrogate; the
    // core's other errors are found in the row's text.
    let error_of = |py: Python<'_>, row: usize, input: Input, error: &relurl::Error| -> PyErr {
        let (object, cell) = match input {
            Input::Reference => (Some(&references.objects[row]), ref_cells.cell(row)),
            Input::Base => match (&base_column, &base_cells) {
                (Some(column), Some(cells)) => (Some(&column.objects[row]), cells.cell(row)),
                _ => (base_object.as_ref().map(Py::as_any), one_base),
            },
        };
        let err = match (cell, object.and_then(|o| o.bind(py).cast::<PyString>().ok())) {
            (Cell::Invalid(_), Some(s)) => surrogate_error(s),
            (Cell::Text(text), _) => from_core(py, error, text),
            _ => from_core(py, error, ""),
        };
        at_row(py, err, row, Some(input))
    };
    let mut out: Vec<Py<PyAny>> = Vec::with_capacity(rows);
    let mut failures: Vec<PyErr> = Vec::new();
    let mut raised: Option<PyErr> = None;
    // One task's results as Python objects, with the GIL.
    let mut take = |py: Python<'_>, resolved: &Resolved| -> ControlFlow<()> {
        // The core stops at the first failure when raising: earlier tasks had none.
        for e in resolved.errors() {
            let err = error_of(py, e.row, e.input, &e.error);
            if args.errors == ErrorMode::Raise {
                raised = Some(err);
                return ControlFlow::Break(());
            }
            failures.push(err);
        }
        for (offset, result) in resolved.rows().enumerate() {
            let row = resolved.start() + offset;
            let item = match result {
                Row::Text(text) => PyString::new(py, text).into_any().unbind(),
                Row::Reference => input_str(py, &references.objects[row], ref_cells.cell(row)),
                Row::Base => match (&base_object, &base_column, &base_cells) {
                    (Some(object), _, _) => input_str(py, object.as_any(), one_base),
                    (None, Some(column), Some(cells)) => input_str(py, &column.objects[row], cells.cell(row)),
                    _ => py.None(),
                },
                Row::Null | Row::Failed => py.None(),
            };
            out.push(item);
        }
        ControlFlow::Continue(())
    };
    let options = args.options(false);
    let signals = Signals::default();
    // The last task's rows are made `str`s once the batch is over, with the GIL this call
    // takes back anyway: a batch of one task (a page's links) takes the GIL back once.
    let mut final_task: Option<Resolved> = None;
    let run = py.detach(|| {
        let mut consume = |resolved: Resolved| {
            if resolved.start() + resolved.len() == rows {
                final_task = Some(resolved);
                return ControlFlow::Continue(());
            }
            Python::attach(|py| take(py, &resolved))
        };
        match &base_cells {
            Some(cells) => resolve_in_order(cells, &ref_cells, options, &signals, &mut consume),
            None => resolve_in_order(&Repeated::new(one_base, rows), &ref_cells, options, &signals, &mut consume),
        }
    });
    if run.is_err() {
        return Err(signals.raise());
    }
    if let Some(resolved) = &final_task {
        // Its flow does not matter: it is the last.
        let _ = take(py, resolved);
    }
    if let Some(err) = raised {
        return Err(err);
    }
    let list = PyList::new(py, out)?;
    if args.errors == ErrorMode::Report {
        let errors: Vec<Bound<'py, PyAny>> = failures.into_iter().map(|err| err.into_value(py).into_bound(py).into_any()).collect();
        return Ok(PyTuple::new(py, [list.into_any(), PyList::new(py, errors)?.into_any()])?.into_any());
    }
    Ok(list.into_any())
}

/// A `str` as a cell of the core: its text, borrowed; unreadable if it has a lone surrogate.
fn cell_of_str<'a>(s: &'a Bound<'_, PyString>) -> Cell<'a> {
    s.to_str().map_or(UNREADABLE_STR, Cell::Text)
}

/// The texts of a column of `str`s and `None`s ([`Column::collect`]), borrowed, as the core
/// reads a column: 16 bytes a row (a page's links take one small allocation, which the
/// allocator serves from its cache), the rows whose `str` has a lone surrogate listed apart.
struct Texts<'a> {
    /// Each row's text; `None` for `None` and for an unreadable `str`.
    texts: Vec<Option<&'a str>>,
    /// The rows whose `str` is not UTF-8 (a lone surrogate), in order.
    unreadable: Vec<usize>,
}

impl<'a> Texts<'a> {
    /// The texts of `objects` (each a `str` or `None`, checked by [`Column::collect`]).
    fn of(py: Python<'a>, objects: &'a [Py<PyAny>]) -> Self {
        let mut unreadable = Vec::new();
        let texts = objects
            .iter()
            .enumerate()
            .map(|(row, object)| {
                let text = object.bind(py).cast::<PyString>().ok().map(|s| s.to_str());
                match text {
                    Some(Ok(text)) => Some(text),
                    Some(Err(_)) => {
                        unreadable.push(row);
                        None
                    }
                    None => None,
                }
            })
            .collect();
        Self { texts, unreadable }
    }

    /// Row `row` as the core's cell: its text, a null, or unreadable.
    #[inline]
    fn cell(&self, row: usize) -> Cell<'a> {
        match self.texts[row] {
            Some(text) => Cell::Text(text),
            None if self.unreadable.binary_search(&row).is_ok() => UNREADABLE_STR,
            None => Cell::Null,
        }
    }
}

impl StrColumn for Texts<'_> {
    fn len(&self) -> usize {
        self.texts.len()
    }

    #[inline]
    fn get(&self, row: usize) -> Cell<'_> {
        self.cell(row)
    }

    fn byte_len(&self, rows: core::ops::Range<usize>) -> Option<usize> {
        self.texts[rows].iter().try_fold(0usize, |total, text| total.checked_add(text.map_or(0, str::len)))
    }
}

/// The input `object` (a `str`, borrowed as `cell`) as a result: [`exact_str`].
fn input_str(py: Python<'_>, object: &Py<PyAny>, cell: Cell<'_>) -> Py<PyAny> {
    match (object.bind(py).cast::<PyString>(), cell) {
        (Ok(s), Cell::Text(text)) => exact_str(s, text).into_any().unbind(),
        _ => py.None(),
    }
}

/// Resolves every reference against its base (RFC 1808 §4, or RFC 3986 §5.2 with
/// `spec="rfc3986"`) with the GIL released, on `threads` threads: one base (a `str` or a
/// `URL`) for every row, or a sequence of bases (`str`, `URL` or `None`), one per
/// reference, in order. A `None` input gives a `None` row; a failed row raises its
/// `URLError` (`.index` the row), or with `errors="null"` gives `None`, or with
/// `errors="report"` is listed. Without `spec`, a `URL` base is resolved by the grammar it
/// was parsed with, `str` bases by RFC 1808 (a sequence whose bases need different
/// grammars is a `TypeError`). With `strip=True`, HTML's ASCII whitespace is stripped from
/// both ends of each reference first. With `encoding` (`spec="whatwg"` only), the query of
/// a special URL is percent-encoded in that encoding. docs/batches.md.
#[pyfunction]
#[pyo3(signature = (bases, references, *, spec = None, strict = false, errors = "raise", threads = None, strip = false, encoding = None))]
#[allow(clippy::too_many_arguments)]
pub fn resolve_many<'py>(
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
    let (bases, spec) = match BasesArg::of(bases) {
        BasesArg::Null => (Bases::Null, followed_spec(spec, [bases])),
        BasesArg::One(one) => (Bases::One(one), followed_spec(spec, [bases])),
        BasesArg::Column => {
            let (column, spec) = Column::collect_bases(bases, spec)?;
            (Bases::PerRow(column), spec)
        }
    };
    let args = BatchArgs::of(spec, strict, errors, threads)?.stripping(strip).with_encoding(encoding)?;
    let references = Column::collect(references, "references", REFERENCES)?;
    resolve_rows(py, bases, &references, &args)
}
