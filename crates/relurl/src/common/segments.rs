//! RFC 1808 §4 step 6 and RFC 3986 §5.2.4 as one segment stack with two rule sets, in
//! one left-to-right pass.
//!
//! §4 words step 6 as string pattern removal (a–d) and notes that "some systems may find it
//! more efficient to implement Step 6 as a pair of segment stacks being merged". Here the
//! first stack is the base path minus its last segment, the second the reference's path;
//! their segments are pushed, in order, onto the output stack, which lives in the output
//! string itself: a pushed segment is written with its `/`, a pop truncates the string back
//! to the `/` before the top segment. Each byte is written once and scanned at most once
//! more when popped, so the pass is linear in the input and allocates nothing.
//!
//! Why the stack gives what rules a–d give:
//! - a) every `.` segment followed by `/` is removed: such a segment is skipped;
//! - b) a final `.` is removed, leaving the path ending in `/`: a final `.` writes nothing;
//! - c) `<segment>/../` with `<segment>` not `..` is removed, leftmost first, until none is
//!   left: a `..` followed by `/` pops the top when the top exists and is not `..`, else it
//!   is pushed (a pushed `..` can never be removed later, so leftmost-first order and the
//!   stack agree);
//! - d) a final `<segment>/..` is removed: a final `..` pops the top on the same condition.
//!
//! `tests/it/step6_literal.rs` checks this against a literal implementation of a–d.

use crate::common::spec::Spec;

/// Appends the merged and normalised path of §4 step 6 to `out`.
///
/// `base_path` and `ref_path` are paths as [`crate::Url::path`] returns them (the base's
/// may start with `/`; the reference's does not, since §4 step 4 handles that case, and is
/// not empty, since step 5 does). The result keeps the base's leading `/`.
///
/// With no net_loc, a path whose first segment is empty gets a `.` segment before it (see
/// below). When the URL has a net_loc but the base path has no leading `/` (`http://a`),
/// the result gets one unless nothing at all follows the net_loc: `followed` says whether
/// params or a query will. See `crate::recombine::write_rfc1808` for why.
pub(crate) fn merge_into(out: &mut String, base_path: &str, ref_path: &str, context: Context) {
    let Context { has_scheme, has_netloc, followed } = context;
    let (base_had_slash, base_rel) = match base_path.strip_prefix('/') {
        Some(rest) => (true, rest),
        None => (false, base_path),
    };
    let slash_at = out.len();
    if base_had_slash || has_netloc {
        out.push('/');
    }
    let mut stack = SegmentStack::new(out, Spec::Rfc1808, base_had_slash || has_netloc);

    // "The last segment of the base URL's path (anything following the rightmost slash "/",
    // or the entire path if no slash is present) is removed."
    let base_dir = base_rel.rfind('/').map_or("", |last_slash| &base_rel[..=last_slash]);
    stack.push_path(base_dir);
    // "... and the embedded URL's path is appended in its place."
    stack.push_path(ref_path);

    // With no net_loc, a result whose first segment is empty (`s:/p/q` + `..//g` gives
    // segments "", "g") would be written `s://g` and read back as the net_loc `g`: §5.2 says
    // ".." cannot change the net_loc. A "." segment before it keeps the path a path
    // (`s:/.//g`), and is what rule a would remove again. It fits the output's capacity:
    // an empty first segment here means a `..` (3 input bytes, none written) popped a
    // segment (at least its `/`).
    //
    // Likewise, with neither scheme nor net_loc (a base that is not absolute, `b` + `./c:d`),
    // a first segment like `c:d` would read back as a scheme: §5.3 recommends `./c:d`.
    let stack_start = stack.start;
    let region = &out[stack_start..];
    let needs_dot = !has_netloc && (region.starts_with('/') || (!has_scheme && !base_had_slash && starts_like_scheme(region.as_bytes())));
    if needs_dot {
        out.insert_str(stack_start, "./");
    }

    if !base_had_slash && has_netloc && !followed && out.len() == slash_at + 1 {
        out.truncate(slash_at);
    }
}

/// What surrounds the path in the result: whether it has a scheme and a net_loc, and
/// whether params or a query follow the path.
#[derive(Clone, Copy)]
pub(crate) struct Context {
    pub has_scheme: bool,
    pub has_netloc: bool,
    pub followed: bool,
}

/// Whether `path` would parse as `scheme ":" ...` (§2.4.2).
fn starts_like_scheme(path: &[u8]) -> bool {
    let name = path.iter().take_while(|&&c| crate::common::scan::is_scheme_char(c)).count();
    name > 0 && path.get(name) == Some(&b':')
}

/// RFC 3986 §5.2.4 `remove_dot_segments(prefix + path)`, appended to `out`.
///
/// `prefix` is the base part of a §5.2.3 merge (`"/"`, or the base path up to its last
/// `/`), empty when there is no merge. The same stack as RFC 1808 step 6, with RFC 3986's
/// two rules: a `..` with nothing to remove is dropped (rules A, C, D), and in a path
/// without a leading `/`, removing the first segment leaves the `/` that followed it (rule
/// C replaces `/..` by `/`, and rule E then moves that `/`: `a/../b` gives `/b`).
///
/// `tests/it/rfc3986_literal.rs` checks this against the two-buffer algorithm as §5.2.4
/// words it.
pub(crate) fn remove_dot_segments_into(out: &mut String, prefix: &str, path: &str) {
    let (rooted, prefix, path) = if prefix.is_empty() {
        match path.strip_prefix('/') {
            Some(rest) => (true, "", rest),
            None => (false, "", path),
        }
    } else {
        match prefix.strip_prefix('/') {
            Some(rest) => (true, rest, path),
            None => (false, prefix, path),
        }
    };
    if rooted {
        out.push('/');
    }
    let mut stack = SegmentStack::new(out, Spec::Rfc3986, rooted);
    stack.push_path(prefix);
    stack.push_path(path);
}

/// The output stack: `out[start..]` holds the pushed segments, each followed by `/`,
/// except a final segment, which is written last and without one.
struct SegmentStack<'o> {
    out: &'o mut String,
    start: usize,
    /// The rule set: what an unmatched `..` does, and whether a rootless path can root.
    rules: Spec,
    /// Whether a `/` stands before `start`.
    rooted: bool,
}

impl<'o> SegmentStack<'o> {
    fn new(out: &'o mut String, rules: Spec, rooted: bool) -> Self {
        Self { start: out.len(), out, rules, rooted }
    }
    /// Pushes every segment of `path`; all but the last are followed by `/` (so a `path`
    /// ending in `/` has an empty last segment, which writes nothing).
    ///
    /// The stack's text is its segments joined by `/`, so a path with no `.` or `..`
    /// segment is pushed by copying it whole: the same text the segment loop would write.
    #[inline]
    fn push_path(&mut self, path: &str) {
        if !crate::common::scan::may_have_dot_segment(path.as_bytes()) {
            self.out.push_str(path);
            return;
        }
        let mut rest = path;
        while let Some(slash) = rest.bytes().position(|b| b == b'/') {
            self.push_segment(&rest[..slash], false);
            rest = &rest[slash + 1..];
        }
        self.push_segment(rest, true);
    }

    #[inline]
    fn push_segment(&mut self, segment: &str, is_last: bool) {
        match segment {
            // Rules a and b.
            "." => {}
            // RFC 1808 rules c and d; RFC 3986 rules A, C and D.
            ".." => {
                if self.pop() {
                    if self.rules == Spec::Rfc3986 && !self.rooted && self.out.len() == self.start {
                        // RFC 3986 rule C on a rootless path: the first segment is gone and
                        // the "/" after it stays.
                        self.out.push('/');
                        self.start += 1;
                        self.rooted = true;
                    }
                } else if self.rules == Spec::Rfc1808 {
                    self.push(segment, is_last);
                }
            }
            _ => self.push(segment, is_last),
        }
    }

    #[inline]
    fn push(&mut self, segment: &str, is_last: bool) {
        self.out.push_str(segment);
        if !is_last {
            self.out.push('/');
        }
    }

    /// Removes the top segment unless the stack is empty or the top is `..` (which only
    /// RFC 1808 ever pushes).
    #[inline]
    fn pop(&mut self) -> bool {
        let stacked = &self.out[self.start..];
        let Some(body) = stacked.strip_suffix('/') else {
            return false; // empty: only non-final segments are on the stack, each with its '/'
        };
        let top_start = body.rfind('/').map_or(0, |i| i + 1);
        if &body[top_start..] == ".." {
            return false;
        }
        self.out.truncate(self.start + top_start);
        true
    }
}
