//! The Python bindings: the only modules that use pyo3. Each function extracts its
//! arguments, calls the core once and converts the result; no URL logic lives here.
//!
//! The modules mirror the Python API (`parse.rs` is `relurl.parse`, `url.rs` `relurl.URL`,
//! ...), over a bottom layer that uses none of them: `errors.rs` (every core error as a
//! Python exception), `url_data.rs` (what a `relurl.URL` holds), `convert.rs` (`str`,
//! page text, headers) and `arguments.rs` (`spec`, `strict`, `encoding`, the flags, the
//! bases of a batch).

mod arguments;
mod arrow;
mod base;
mod batch;
mod convert;
mod domain_set;
mod errors;
mod idna;
mod int_limit;
mod links;
mod normalize;
mod parse;
mod public_suffix;
mod resolve;
mod safe_url_string;
mod scrapy_fingerprint;
mod scrapy_links;
mod specs;
mod surt;
mod tldextract;
mod url;
mod url_data;
mod urllib;
mod validate;
mod w3lib;

/// relurl's native module: RFC 1808 parsing and resolution in Rust.
#[pyo3::pymodule(name = "_relurl", gil_used = false)]
mod relurl_native {
    #[pymodule_export]
    use super::base::{base_from_header, establish_base, PyEstablishedBase};
    #[pymodule_export]
    use super::batch::{_check_row_errors, resolve_many};
    #[pymodule_export]
    use super::domain_set::PyDomainSet;
    #[pymodule_export]
    use super::errors::{URLError, URLWarning};
    #[pymodule_export]
    use super::links::{_relative_base_warning, extract_links, PyLink};
    #[pymodule_export]
    use super::normalize::normalize;
    #[pymodule_export]
    use super::parse::parse;
    #[pymodule_export]
    use super::public_suffix::{public_suffix, registered_domain, PyPublicSuffixList};
    #[pymodule_export]
    use super::resolve::resolve;
    #[pymodule_export]
    use super::scrapy_fingerprint::_scrapy_fingerprint;
    #[pymodule_export]
    use super::scrapy_links::PyScrapyLinks;
    #[pymodule_export]
    use super::specs::_check_spec;
    #[pymodule_export]
    use super::surt::surt;
    #[pymodule_export]
    use super::tldextract::{tldextract, PyExtractResult};
    #[pymodule_export]
    use super::url_data::PyUrl;
    #[pymodule_export]
    use super::urllib::{urljoin, urlparse, urlsplit};
    #[pymodule_export]
    use super::validate::validate;

    #[pymodule_export]
    use super::w3lib::canonicalize_url;

    #[pymodule_export]
    use super::safe_url_string::safe_url_string;

    use pyo3::prelude::*;

    /// `relurl._relurl._testing`: hooks for the tests and bug reports, kept out of the
    /// public module (`from relurl._relurl import _testing`).
    #[pymodule(gil_used = false)]
    mod _testing {
        #[pymodule_export]
        use super::super::idna::{_idna2003_encode, _nfkc_3_2, _unicode_version};
        #[pymodule_export]
        use super::super::public_suffix::_bundled_public_suffix_list;
        #[pymodule_export]
        use super::super::urllib::_urllib_dialect;
    }

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        // relurl.arrow's functions, kept here as `arrow_NAME` (`resolve` and `parse` are
        // the module's own), named by their public names (`resolve() got an unexpected
        // keyword argument`), as relurl.arrow re-exports them.
        use super::arrow::{
            arrow_canonicalize_url, arrow_in_domain_set, arrow_normalize, arrow_parse, arrow_public_suffix, arrow_registered_domain,
            arrow_resolve, arrow_surt,
        };
        m.add("arrow_resolve", pyo3::wrap_pyfunction!(arrow_resolve, m)?)?;
        m.add("arrow_parse", pyo3::wrap_pyfunction!(arrow_parse, m)?)?;
        m.add("arrow_normalize", pyo3::wrap_pyfunction!(arrow_normalize, m)?)?;
        m.add("arrow_surt", pyo3::wrap_pyfunction!(arrow_surt, m)?)?;
        m.add("arrow_canonicalize_url", pyo3::wrap_pyfunction!(arrow_canonicalize_url, m)?)?;
        m.add("arrow_in_domain_set", pyo3::wrap_pyfunction!(arrow_in_domain_set, m)?)?;
        m.add("arrow_registered_domain", pyo3::wrap_pyfunction!(arrow_registered_domain, m)?)?;
        m.add("arrow_public_suffix", pyo3::wrap_pyfunction!(arrow_public_suffix, m)?)?;
        // Set on errors of a batch (`resolve_many`, `relurl.arrow`): the failed item's index
        // and which of its inputs failed; `None` on errors of single calls.
        let error_type = m.py().get_type::<URLError>();
        error_type.setattr("index", m.py().None())?;
        error_type.setattr("input", m.py().None())?;
        // The URL Standard's components, in the order `relurl.arrow.parse` and `relurl parse
        // --spec whatwg` give them (the core's one list).
        // The names every `spec=` takes (the core's one list, which `relurl._specs` reads).
        m.add("_SPECS", super::specs::names(m.py())?)?;
        // The six components a parsed URL unpacks to, as `relurl parse` prints them.
        m.add("_SPLIT_COMPONENTS", pyo3::types::PyTuple::new(m.py(), relurl::bindings::components::SPLIT_COMPONENTS)?)?;
        m.add("_STANDARD_COMPONENTS", pyo3::types::PyTuple::new(m.py(), relurl::bindings::components::STANDARD_COMPONENTS)?)?;
        // surt's keyword options and their defaults, in `relurl.surt`'s order (the core's one
        // list, which `relurl.surt` and `relurl.arrow.surt` read; tests compare its signature
        // and stub).
        m.add("_SURT_OPTIONS", pyo3::types::PyTuple::new(m.py(), relurl::bindings::surt::keyword_defaults())?)?;
        // `relurl._relurl._testing` importable by its full name (`import
        // relurl._relurl._testing`), as stubtest imports a stub's submodule to check it.
        let testing = m.getattr("_testing")?;
        m.py().import("sys")?.getattr("modules")?.set_item("relurl._relurl._testing", testing)?;
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
