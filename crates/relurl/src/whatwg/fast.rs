//! The fast path of [`super::WhatwgUrl::join_into`].

use super::WhatwgUrl;

/// Appends the href of `reference` against `base` to `out` when the reference is simple
/// enough; returns `false` (with `out` untouched) otherwise.
pub(super) fn join_into(_base: &WhatwgUrl, _reference: &str, _out: &mut String) -> bool {
    false
}
