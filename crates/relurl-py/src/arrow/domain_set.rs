//! `relurl.arrow.in_domain_set`: whether each host of an Arrow string column is in a
//! `relurl.DomainSet`, by the core's batch ([`super::map::map_column_with`]) with the GIL
//! released; a boolean column.

use std::sync::Arc;

use arrow_array::{ArrayRef, BooleanArray};
use arrow_schema::DataType;
use pyo3::prelude::*;
use relurl::batch::{Resolved, Row};

use super::chunks::ChunkResult;
use super::map::map_column_with;
use crate::batch::BatchArgs;
use crate::domain_set::PyDomainSet;

/// Whether each host of an Arrow string column (an array, or a chunked array or stream,
/// whose chunks the result keeps) is in `domain_set` (`host in domain_set`), as a boolean
/// column, with the GIL released on `threads` threads. A null row gives a null; a row that is
/// not UTF-8 fails by `errors=` ("raise", "null" or "report"), its `URLError`'s `.index` the
/// row. docs/crawler.md, docs/batches.md.
#[pyfunction]
#[pyo3(name = "in_domain_set", signature = (hosts, domain_set, *, errors = "raise", threads = None))]
pub fn arrow_in_domain_set<'py>(
    hosts: &Bound<'py, PyAny>,
    domain_set: &Bound<'py, PyDomainSet>,
    errors: &str,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let args = BatchArgs::of(relurl::Spec::Rfc1808, false, errors, threads)?;
    let set = &domain_set.get().set;
    map_column_with(hosts, "hosts", &args, set, ("in_domain_set", &DataType::Boolean), |never, _| match *never {}, &boolean_array)
}

/// A chunk's memberships (the core writes `1` for a member, nothing for a non-member) as an
/// Arrow boolean array; null and failed rows are null. (By value and in a `Result`: the
/// shape of every chunk's finish, [`super::map::Finish`].)
#[allow(clippy::needless_pass_by_value, clippy::unnecessary_wraps)]
fn boolean_array<E: Clone + Sync>(resolved: Resolved<E>) -> ChunkResult<E> {
    let errors = resolved.errors().cloned().collect();
    let values: BooleanArray = resolved
        .rows()
        .map(|row| match row {
            Row::Text(text) => Some(!text.is_empty()),
            Row::Reference | Row::Base | Row::Null | Row::Failed => None,
        })
        .collect();
    let array: ArrayRef = Arc::new(values);
    Ok((array, errors))
}
