//! What the grammars share, each piece written once: the parsed URL and the forward pass
//! that splits it ([`url`]), the segment stack ([`segments`]), recombination ([`recombine`]),
//! byte scanning ([`scan`]), percent-decoding ([`percent`]), errors ([`error`], with the URL
//! Standard's failures in [`failure`]), the grammar names ([`spec`]), the run-time choice of
//! a grammar ([`any`]), what every resolver's output shares ([`resolver_output`]), the
//! net_loc's login ([`login`]), Python's `int()` digit limit ([`int_limit`]), and the one
//! reader of the generated Unicode tables the twins follow ([`unicode`]).
//!
//! Only [`any`] reaches into the grammars (to run the one chosen at run time); nothing here
//! uses a service or a twin.

pub(crate) mod any;
pub(crate) mod error;
pub(crate) mod failure;
pub mod int_limit;
pub(crate) mod login;
pub(crate) mod percent;
pub(crate) mod recombine;
pub(crate) mod resolver_output;
pub(crate) mod scan;
pub(crate) mod segments;
pub(crate) mod spec;
pub(crate) mod unicode;
pub(crate) mod url;
