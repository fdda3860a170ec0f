//! RFC 3986 resolution stays linear on huge references (§5.2.4 `remove_dot_segments`).
//!
//! The two-buffer algorithm of §5.2.4, done literally on strings (each rule edits the front
//! of the input buffer), takes quadratic time on 10^6 segments; the crate's segment stack
//! takes linear time. There are no timing assertions, but a bound: each case runs under
//! [`deadline::within_deadline`], so a quadratic regression fails after two minutes instead
//! of hanging. Each case checks the exact output.

use crate::deadline;
use deadline::within_deadline;

const BASE: &str = "http://a/b/c/d;p?q";
const N: usize = 1_000_000;

/// `prefix`, then `unit` `times` times, then `suffix`.
fn build(prefix: &str, unit: &str, times: usize, suffix: &str) -> String {
    format!("{prefix}{}{suffix}", unit.repeat(times))
}

fn check(base: &str, reference: &str, expected: &str) {
    let (base_owned, reference_owned) = (base.to_owned(), reference.to_owned());
    let got = within_deadline("resolve_rfc3986", move || relurl::rfc3986::resolve(&base_owned, &reference_owned).unwrap());
    assert_eq!(got.len(), expected.len(), "length of the resolution of {reference:.40}… against {base:?}");
    assert!(got == expected, "resolution of {reference:.40}… against {base:?} starts {got:.60}…");
}

/// Rule C: the first two `..` remove `c` and `b`; the rest have nothing to remove and
/// are dropped (§5.4.2 `../../../g` gives `http://a/g`).
#[test]
fn million_dot_dot_segments() {
    check(BASE, &build("", "../", N, "g"), "http://a/g");
}

/// Rule E only: every segment is kept.
#[test]
fn million_plain_segments() {
    check(BASE, &build("", "a/", N, "g"), &build("http://a/b/c/", "a/", N, "g"));
}

/// Rule B: every `/./` becomes `/`.
#[test]
fn million_dot_segments() {
    check(BASE, &build("", "./", N, "g"), "http://a/b/c/g");
}

/// Rule C, N times in a row after N pushes, then N more with nothing left to remove.
#[test]
fn million_segments_then_two_million_dot_dots() {
    let reference = format!("{}{}g", "a/".repeat(N), "../".repeat(2 * N));
    check(BASE, &reference, "http://a/g");
}

/// Dot segments in an absolute path and in an authority reference are removed too (§5.2.2).
#[test]
fn million_dot_dot_segments_in_absolute_references() {
    check(BASE, &build("/", "../", N, "g"), "http://a/g");
    check(BASE, &build("//h/", "a/../", N, "g"), "http://h/g");
    check(BASE, &build("s:/", "./", N, "g"), "s:/g");
}

/// One 10 MB segment, relative, and absolute then removed by a final `..`.
#[test]
fn ten_megabyte_segment() {
    let segment = "x".repeat(10_000_000);
    check(BASE, &segment, &format!("http://a/b/c/{segment}"));
    check(BASE, &format!("/{segment}/.."), "http://a/");
    check(BASE, &format!("{segment}?{segment}#{segment}"), &format!("http://a/b/c/{segment}?{segment}#{segment}"));
}

/// A rootless base path (`s:a`, no authority): the merge gives `x/../x/../…`, and rule C
/// leaves the `/` that followed the removed first segment (`a/..` gives `/`), once.
#[test]
fn rootless_base_million_x_dot_dot() {
    check("s:a", &build("", "x/../", N, "g"), "s:/g");
    check("s:a", &build("", "x/../", N, ""), "s:/");
    check("s:a", &build("x/..", "/x/..", N - 1, ""), "s:/");
}

/// A rootless base path, N segments pushed then N + 5 `..`: the first segment's removal
/// roots the path, the five spare `..` are dropped.
#[test]
fn rootless_base_million_segments_then_more_dot_dots() {
    let reference = format!("{}{}g", "x/".repeat(N), "../".repeat(N + 5));
    check("s:a", &reference, "s:/g");
    // Leading `../` on a rootless path: rule A drops each of them, nothing is rooted.
    check("s:a", &build("", "../", N, "g"), "s:g");
}
