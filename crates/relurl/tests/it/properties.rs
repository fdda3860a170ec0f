//! Properties of every resolution (proptest): the result reads back (§2.4) with the
//! components §4 gave it, and resolving it again changes nothing.

use crate::common;

use common::{base, url};
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    /// The scheme and net_loc of the result are the ones §4 steps 2 and 3 chose: in
    /// particular ".." never changes the net_loc (§5.2), and the way step 7 writes the
    /// result never makes a path or query read back as a net_loc or a scheme.
    #[test]
    fn result_reads_back_with_the_inherited_scheme_and_netloc(base in base(), reference in url()) {
        let b = relurl::parse(&base).unwrap();
        let r = relurl::parse(&reference).unwrap();
        if base.is_empty() || reference.is_empty() || r.has_scheme() {
            return Ok(()); // steps 1, 2a, 2b: nothing is inherited
        }
        let result = relurl::resolve(&base, &reference).unwrap();
        let out = relurl::parse(&result).unwrap();
        prop_assert!(out.check_invariants());
        prop_assert_eq!(out.scheme(), b.scheme(), "{:?} + {:?} = {:?}", base, reference, result);
        let netloc = if r.netloc().is_empty() { b.netloc() } else { r.netloc() };
        prop_assert_eq!(out.netloc(), netloc, "{:?} + {:?} = {:?}", base, reference, result);
        prop_assert_eq!(out.fragment(), r.fragment());
    }

    /// A result is a fixed point: resolved again against the same base it stays as it is,
    /// and so does its own recombination.
    #[test]
    fn result_is_a_fixed_point(base in base(), reference in url()) {
        let result = relurl::resolve(&base, &reference).unwrap();
        let r = relurl::parse(&reference).unwrap();
        if !base.is_empty() && !reference.is_empty() && !r.has_scheme() {
            // Step 7 wrote it: recombining it again changes nothing.
            prop_assert_eq!(relurl::parse(&result).unwrap().to_string(), result.clone());
        }
        if relurl::parse(&base).unwrap().has_scheme() {
            prop_assert_eq!(relurl::resolve(&base, &result).unwrap(), result);
        }
    }
}
