//! Resolution stays linear on huge references, by both grammars: RFC 1808 §4 step 6 and
//! RFC 3986 §5.2.4 `remove_dot_segments`.
//!
//! Rules a–d of §4 step 6 done as RFC 1808 words them (repeated leftmost pattern removal),
//! and the two-buffer algorithm of RFC 3986 §5.2.4 done literally on strings (each rule
//! edits the front of the input buffer), take quadratic time on 10^6 segments; the crate's
//! segment stack takes linear time. There are no timing assertions, but a bound: each case
//! runs under [`deadline::within_deadline`], so a quadratic regression fails after two
//! minutes instead of hanging.
//!
//! Each test runs the same references through both grammars ([`check`] with a [`Spec`]),
//! each with its own expected output, checked exactly; the bases are each RFC's example
//! base (RFC 1808 §5 `http://a/b/c/d;p?q#f`, RFC 3986 §5.4 `http://a/b/c/d;p?q`) unless a
//! test names another.

use crate::deadline;
use deadline::within_deadline;
use relurl::Spec::{self, Rfc1808, Rfc3986};

const N: usize = 1_000_000;

/// The example base of the RFC of `spec`.
fn base_of(spec: Spec) -> &'static str {
    match spec {
        Rfc1808 => "http://a/b/c/d;p?q#f",
        Rfc3986 | Spec::Whatwg => "http://a/b/c/d;p?q",
    }
}

/// `prefix`, then `unit` `times` times, then `suffix`.
fn build(prefix: &str, unit: &str, times: usize, suffix: &str) -> String {
    format!("{prefix}{}{suffix}", unit.repeat(times))
}

/// Resolves `reference` against `base` by the grammar of `spec`, within the deadline, and
/// checks the output.
fn check_against(spec: Spec, base: &str, reference: &str, expected: &str) {
    let (base_owned, reference_owned) = (base.to_owned(), reference.to_owned());
    let got = within_deadline(&format!("resolve by {spec}"), move || relurl::resolve_by_spec(&base_owned, &reference_owned, spec).unwrap());
    assert_eq!(got.len(), expected.len(), "{spec}: length of the resolution of {reference:.40}… against {base:?}");
    assert!(got == expected, "{spec}: resolution of {reference:.40}… against {base:?} starts {got:.60}…");
}

/// [`check_against`] the RFC's example base.
fn check(spec: Spec, reference: &str, expected: &str) {
    check_against(spec, base_of(spec), reference, expected);
}

/// RFC 1808 rule c: the first two `..` remove `c` and `b`; the rest cannot be removed (§5.2
/// `../../../g` gives `http://a/../g`). RFC 3986 rule C: the rest have nothing to remove and
/// are dropped (§5.4.2 `../../../g` gives `http://a/g`).
#[test]
fn million_dot_dot_segments() {
    let reference = build("", "../", N, "g");
    check(Rfc1808, &reference, &build("http://a/", "../", N - 2, "g"));
    check(Rfc3986, &reference, "http://a/g");
}

/// No rule applies (RFC 3986: rule E only): every segment is kept.
#[test]
fn million_plain_segments() {
    let reference = build("", "a/", N, "g");
    for spec in [Rfc1808, Rfc3986] {
        check(spec, &reference, &build("http://a/b/c/", "a/", N, "g"));
    }
}

/// RFC 1808 rule a: every `./` is removed; RFC 3986 rule B: every `/./` becomes `/`.
#[test]
fn million_dot_segments() {
    let reference = build("", "./", N, "g");
    for spec in [Rfc1808, Rfc3986] {
        check(spec, &reference, "http://a/b/c/g");
    }
}

/// Empty segments are kept (they are complete segments, not `.` or `..`).
#[test]
fn million_empty_segments() {
    let reference = build("a", "/", N, "g");
    for spec in [Rfc1808, Rfc3986] {
        check(spec, &reference, &build("http://a/b/c/a", "/", N, "g"));
    }
}

/// Rule c (RFC 3986: C), leftmost first, N times in a row: pushes then pops a million
/// segments.
#[test]
fn million_segments_then_million_dot_dots() {
    let reference = format!("{}{}g", "a/".repeat(N), "../".repeat(N));
    for spec in [Rfc1808, Rfc3986] {
        check(spec, &reference, "http://a/b/c/g");
    }
}

/// N pushes, then 2N `..`: RFC 1808 keeps the N spare `..` below `c` and `b`'s removal;
/// RFC 3986 has nothing left to remove and drops them.
#[test]
fn million_segments_then_two_million_dot_dots() {
    let reference = format!("{}{}g", "a/".repeat(N), "../".repeat(2 * N));
    check(Rfc1808, &reference, &build("http://a/", "../", N - 2, "g"));
    check(Rfc3986, &reference, "http://a/g");
}

/// Dot segments in an absolute path and in an authority reference: RFC 3986 removes them
/// (§5.2.2); RFC 1808 keeps them (§4 steps 3 and 4 take the path as it is).
#[test]
fn million_dot_dot_segments_in_absolute_references() {
    let (absolute, authority, scheme) = (build("/", "../", N, "g"), build("//h/", "a/../", N, "g"), build("s:/", "./", N, "g"));
    check(Rfc3986, &absolute, "http://a/g");
    check(Rfc3986, &authority, "http://h/g");
    check(Rfc3986, &scheme, "s:/g");
    check(Rfc1808, &absolute, &format!("http://a{absolute}"));
    check(Rfc1808, &authority, &format!("http:{authority}"));
    check(Rfc1808, &scheme, &scheme);
}

/// One 10 MB segment: relative; absolute then removed by a final `..` (RFC 3986; RFC 1808
/// keeps an absolute path as it is); with a query and a fragment as long.
#[test]
fn ten_megabyte_segment() {
    let segment = "x".repeat(10_000_000);
    let with_tail = format!("{segment}?{segment}#{segment}");
    for spec in [Rfc1808, Rfc3986] {
        check(spec, &segment, &format!("http://a/b/c/{segment}"));
        check(spec, &with_tail, &format!("http://a/b/c/{with_tail}"));
    }
    check(Rfc3986, &format!("/{segment}/.."), "http://a/");
    check(Rfc1808, &format!("/{segment}/.."), &format!("http://a/{segment}/.."));
}

/// A rootless base path (`s:a`, no authority): the merge gives `x/../x/../…`. RFC 3986 rule
/// C leaves the `/` that followed the removed first segment (`a/..` gives `/`), once; RFC
/// 1808 removes each `x/..` pair and leaves the path rootless.
#[test]
fn rootless_base_million_x_dot_dot() {
    let (pairs_then_g, pairs, joined) = (build("", "x/../", N, "g"), build("", "x/../", N, ""), build("x/..", "/x/..", N - 1, ""));
    check_against(Rfc3986, "s:a", &pairs_then_g, "s:/g");
    check_against(Rfc3986, "s:a", &pairs, "s:/");
    check_against(Rfc3986, "s:a", &joined, "s:/");
    check_against(Rfc1808, "s:a", &pairs_then_g, "s:g");
    check_against(Rfc1808, "s:a", &pairs, "s:");
    check_against(Rfc1808, "s:a", &joined, "s:");
}

/// A rootless base path, N segments pushed then N + 5 `..`: under RFC 3986 the first
/// segment's removal roots the path and the five spare `..` are dropped; RFC 1808 keeps
/// them. Leading `../` on a rootless path: RFC 3986 rule A drops each of them, nothing is
/// rooted; RFC 1808 keeps them all.
#[test]
fn rootless_base_million_segments_then_more_dot_dots() {
    let reference = format!("{}{}g", "x/".repeat(N), "../".repeat(N + 5));
    check_against(Rfc3986, "s:a", &reference, "s:/g");
    check_against(Rfc1808, "s:a", &reference, "s:../../../../../g");
    let dot_dots = build("", "../", N, "g");
    check_against(Rfc3986, "s:a", &dot_dots, "s:g");
    check_against(Rfc1808, "s:a", &dot_dots, &format!("s:{dot_dots}"));
}

/// The bound itself: a case that does not finish by its deadline fails (here a sleep
/// stands for a quadratic step 6) instead of hanging the test run.
#[test]
#[should_panic(expected = "did not finish within")]
fn a_case_past_its_deadline_fails() {
    deadline::within(std::time::Duration::from_millis(50), "a slow case", || std::thread::sleep(std::time::Duration::from_secs(5)));
}
