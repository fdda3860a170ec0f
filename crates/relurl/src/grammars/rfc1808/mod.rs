//! RFC 1808's grammar: §2.4 parsing, §4 resolution and the §2.2 BNF check, as
//! [`crate::rfc1808`] re-exports them beside the §3 base establishment
//! ([`crate::establish_base`], a service of every grammar).

pub(crate) mod parse;
pub(crate) mod resolve;
pub(crate) mod validate;

pub use crate::common::resolver_output::{max_resolved_len, Unchanged};
pub use crate::common::spec::Rfc1808;
pub use parse::parse;
pub use resolve::{resolve, resolve_into, resolve_parsed, unchanged};
pub use validate::{validate, validate_parsed};
