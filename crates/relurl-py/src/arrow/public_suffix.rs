//! `relurl.arrow.registered_domain` and `relurl.arrow.public_suffix`: the Public Suffix
//! List's answer for each host of an Arrow string column, by the core's batch
//! ([`super::map::map_column_with`]) with the GIL released.

use arrow_schema::DataType;
use pyo3::prelude::*;
use relurl::batch::{Resolved, RowOffsets};
use relurl::public_suffix::{Answer, Lookup, Sections};

use super::chunks::{string_array, ChunkResult};
use super::map::map_column_with;
use crate::batch::BatchArgs;
use crate::errors::from_core;
use crate::public_suffix::{list_of, PyPublicSuffixList};

/// The registered domain of each host of an Arrow string column (an array, or a chunked
/// array or stream, whose chunks the result keeps), as `relurl.registered_domain` gives it
/// with the same `psl` and `icann_only`, with the GIL released on `threads` threads. A null
/// host, or one without a registered domain, gives a null; a row that is not UTF-8 or not a
/// host name (kind `not_a_host_name`, as `relurl.registered_domain` raises) fails by `errors=`
/// ("raise", "null" or "report"), its `URLError`'s `.index` the row.
/// docs/crawler.md, docs/batches.md.
#[pyfunction]
#[pyo3(name = "registered_domain", signature = (hosts, *, psl = None, icann_only = false, errors = "raise", threads = None))]
pub fn arrow_registered_domain<'py>(
    hosts: &Bound<'py, PyAny>,
    psl: Option<&Bound<'py, PyPublicSuffixList>>,
    icann_only: bool,
    errors: &str,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    column(hosts, psl, icann_only, errors, threads, Answer::RegisteredDomain, "registered_domain")
}

/// The public suffix of each host of an Arrow string column, as `relurl.public_suffix`
/// gives it; otherwise as `relurl.arrow.registered_domain`.
#[pyfunction]
#[pyo3(name = "public_suffix", signature = (hosts, *, psl = None, icann_only = false, errors = "raise", threads = None))]
pub fn arrow_public_suffix<'py>(
    hosts: &Bound<'py, PyAny>,
    psl: Option<&Bound<'py, PyPublicSuffixList>>,
    icann_only: bool,
    errors: &str,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    column(hosts, psl, icann_only, errors, threads, Answer::PublicSuffix, "public_suffix")
}

fn column<'py>(
    hosts: &Bound<'py, PyAny>,
    psl: Option<&Bound<'py, PyPublicSuffixList>>,
    icann_only: bool,
    errors: &str,
    threads: Option<&Bound<'py, PyAny>>,
    answer: Answer,
    field: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let args = BatchArgs::of(relurl::Spec::Rfc1808, false, errors, threads)?;
    let list = list_of(psl);
    let lookup = Lookup { list, sections: if icann_only { Sections::Icann } else { Sections::All }, answer };
    let py = hosts.py();
    map_column_with(hosts, "hosts", &args, &lookup, (field, &DataType::Utf8), |e, text| from_core(py, e, text), &string_or_null_array)
}

/// A chunk's answers as an Arrow string array, the core's text buffer kept as it is (no
/// copy): a host without an answer (the core writes nothing for it; no answer is empty), a
/// null or a failed row is null. (By value and in a `Result`: the shape of every chunk's
/// finish, [`super::map::Finish`].)
#[allow(clippy::needless_pass_by_value)]
fn string_or_null_array<E: Clone + Sync>(resolved: Resolved<E>) -> ChunkResult<E> {
    let mut contiguous = resolved.into_contiguous();
    let errors = contiguous.errors.clone();
    let answered: Vec<bool> = match &contiguous.offsets {
        RowOffsets::I32(offsets) => offsets.windows(2).map(|w| w[1] > w[0]).collect(),
        RowOffsets::I64(offsets) => offsets.windows(2).map(|w| w[1] > w[0]).collect(),
    };
    contiguous.valid = Some(match contiguous.valid.take() {
        Some(valid) => valid.iter().zip(&answered).map(|(&v, &a)| v && a).collect(),
        None => answered,
    });
    Ok((string_array(contiguous)?, errors))
}
