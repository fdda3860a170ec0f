//! Resolution stays linear on huge references (RFC 1808 §4 step 6).
//!
//! Rules a–d of §4 step 6, done as the RFC words them (repeated leftmost pattern removal),
//! take quadratic time on 10^6 segments; the crate's segment stack takes linear time. There
//! are no timing assertions, but a bound: each case runs under
//! [`deadline::within_deadline`], so a quadratic regression fails after two minutes instead
//! of hanging. Each case
//! checks the exact output against the base of §5, `http://a/b/c/d;p?q#f`.

use crate::deadline;
use deadline::within_deadline;

const BASE: &str = "http://a/b/c/d;p?q#f";
const N: usize = 1_000_000;

/// `prefix`, then `unit` `times` times, then `suffix`.
fn build(prefix: &str, unit: &str, times: usize, suffix: &str) -> String {
    format!("{prefix}{}{suffix}", unit.repeat(times))
}

fn check(reference: &str, expected: &str) {
    let owned = reference.to_owned();
    let got = within_deadline("resolve", move || relurl::resolve(BASE, &owned).unwrap());
    assert_eq!(got.len(), expected.len(), "length of the resolution of {reference:.40}…");
    assert!(got == expected, "resolution of {reference:.40}… starts {got:.60}…");
}

/// Rule c: the first two `..` remove `c` and `b`; the rest cannot be removed (§5.2
/// `../../../g` gives `http://a/../g`).
#[test]
fn million_dot_dot_segments() {
    check(&build("", "../", N, "g"), &build("http://a/", "../", N - 2, "g"));
}

/// No rule applies: every segment is kept.
#[test]
fn million_plain_segments() {
    check(&build("", "a/", N, "g"), &build("http://a/b/c/", "a/", N, "g"));
}

/// Rule a: every `./` is removed.
#[test]
fn million_dot_segments() {
    check(&build("", "./", N, "g"), "http://a/b/c/g");
}

/// Empty segments are kept (they are complete segments, not `.` or `..`).
#[test]
fn million_empty_segments() {
    check(&build("a", "/", N, "g"), &build("http://a/b/c/a", "/", N, "g"));
}

/// Rule c, leftmost first, N times in a row: pushes then pops a million segments.
#[test]
fn million_segments_then_million_dot_dots() {
    let reference = format!("{}{}g", "a/".repeat(N), "../".repeat(N));
    check(&reference, "http://a/b/c/g");
}

/// One 10 MB segment.
#[test]
fn ten_megabyte_segment() {
    let segment = "x".repeat(10_000_000);
    check(&segment, &format!("http://a/b/c/{segment}"));
}

/// The bound itself: a case that does not finish by its deadline fails (here a sleep
/// stands for a quadratic step 6) instead of hanging the test run.
#[test]
#[should_panic(expected = "did not finish within")]
fn a_case_past_its_deadline_fails() {
    deadline::within(std::time::Duration::from_millis(50), "a slow case", || std::thread::sleep(std::time::Duration::from_secs(5)));
}
