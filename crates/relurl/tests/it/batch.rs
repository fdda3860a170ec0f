//! The batch resolver (src/services/batch/) gives, row for row, what one resolution at a time
//! gives, whatever the number of threads, with nulls and failed rows in their places.

use crate::common;

use core::num::NonZeroUsize;

use proptest::prelude::*;
use relurl::batch::{max_threads, resolve_batch, BatchOptions, Cell, Input, Repeated, Row, RowOffsets, StrColumn, Tuning};
use relurl::{resolve, rfc3986, Error, ErrorKind, Spec};

pub fn threads(n: usize) -> NonZeroUsize {
    NonZeroUsize::new(n).unwrap()
}

/// The default options, but with every thread used however few the rows
/// ([`Tuning::FINEST`]): the small batches below run on as many threads as they ask.
pub fn fine() -> BatchOptions {
    BatchOptions { tuning: Tuning::FINEST, ..BatchOptions::default() }
}

fn one_at_a_time(base: &str, reference: &str, spec: Spec) -> String {
    match spec {
        Spec::Rfc1808 => resolve(base, reference).unwrap(),
        Spec::Rfc3986 => rfc3986::resolve(base, reference).unwrap(),
        Spec::Whatwg => relurl::whatwg::resolve(base, reference).unwrap(),
    }
}

fn texts<'a>(rows: impl Iterator<Item = Row<'a>>) -> Vec<Option<String>> {
    rows.map(|r| match r {
        Row::Text(t) => Some(t.to_owned()),
        _ => None,
    })
    .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any bases and references, any thread count, both specs: row i is resolve(bases[i],
    /// refs[i]); copy_unchanged=false marks exactly the rows whose answer is an input.
    #[test]
    fn batch_equals_one_at_a_time(
        pairs in proptest::collection::vec((common::base(), common::url()), 0..40),
        n in 1usize..5,
        rfc3986 in any::<bool>(),
    ) {
        let spec = if rfc3986 { Spec::Rfc3986 } else { Spec::Rfc1808 };
        let bases: Vec<&str> = pairs.iter().map(|(b, _)| b.as_str()).collect();
        let refs: Vec<&str> = pairs.iter().map(|(_, r)| r.as_str()).collect();
        let options = BatchOptions { spec, threads: threads(n), ..BatchOptions::default() };
        let resolved = resolve_batch(bases.as_slice(), refs.as_slice(), options);
        prop_assert_eq!(resolved.len(), pairs.len());
        prop_assert!(resolved.first_error().is_none());
        let expected: Vec<String> = pairs.iter().map(|(b, r)| one_at_a_time(b, r, spec)).collect();
        for (row, got) in resolved.rows().enumerate() {
            prop_assert_eq!(got, Row::Text(&expected[row]));
        }
        let contiguous = resolve_batch(bases.as_slice(), refs.as_slice(), options).into_contiguous();
        prop_assert_eq!(contiguous.offsets.len(), pairs.len() + 1);
        prop_assert!(contiguous.valid.is_none());
        for (row, want) in expected.iter().enumerate() {
            prop_assert_eq!(&contiguous.text[contiguous.offsets.row(row)], want.as_bytes());
        }
        let lean = resolve_batch(bases.as_slice(), refs.as_slice(), BatchOptions { copy_unchanged: false, ..options });
        for (row, got) in lean.rows().enumerate() {
            let (b, r) = (&pairs[row].0, &pairs[row].1);
            match got {
                Row::Reference => prop_assert_eq!(r, &expected[row]),
                Row::Base => prop_assert_eq!(b, &expected[row]),
                Row::Text(t) => prop_assert_eq!(t, expected[row].as_str()),
                other => prop_assert!(false, "row {row}: {other:?}"),
            }
        }
    }
}

#[test]
fn one_base_for_every_row_gives_the_rfc_answers_on_any_thread_count() {
    let refs: &[&str] = &["g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "", "../../../g"];
    let base = Repeated::new(Some("http://a/b/c/d;p?q#f"), refs.len());
    for n in 1..4 {
        let got = texts(resolve_batch(&base, refs, BatchOptions { threads: threads(n), ..Default::default() }).rows());
        let want = [
            "g:h",
            "http://a/b/c/g",
            "http://a/b/c/g",
            "http://a/b/c/g/",
            "http://a/g",
            "http://g",
            "http://a/b/c/d;p?y",
            "http://a/b/c/g?y",
            "http://a/b/c/d;p?q#s",
            "http://a/b/c/d;p?q#f",
            "http://a/../g",
        ];
        assert_eq!(got, want.iter().map(|s| Some((*s).to_owned())).collect::<Vec<_>>(), "threads={n}");
    }
}

#[test]
fn nulls_stay_null_in_their_rows() {
    let bases: &[Option<&str>] = &[Some("http://a/b"), None, Some("http://a/b"), Some("http://x/")];
    let refs: &[Option<&str>] = &[Some("c"), Some("c"), None, Some("y")];
    let resolved = resolve_batch(bases, refs, BatchOptions { threads: threads(3), ..Default::default() });
    let rows: Vec<Row<'_>> = resolved.rows().collect();
    assert_eq!(rows, [Row::Text("http://a/c"), Row::Null, Row::Null, Row::Text("http://x/y")]);
    let c = resolved.into_contiguous();
    assert_eq!(c.valid, Some(vec![true, false, false, true]));
    assert_eq!(c.offsets, RowOffsets::I32(vec![0, 10, 10, 10, 20]));
}

#[test]
fn strict_rows_fail_with_their_index_and_input_and_the_rest_resolve() {
    let bases: &[&str] = &["http://a/b", "http://a/b", "http://a b/", "http://a/b", "http://a/b"];
    let refs: &[&str] = &["c", "c d", "e", "f", "g<"];
    for n in 1..4 {
        let options = BatchOptions { strict: true, threads: threads(n), ..Default::default() };
        let resolved = resolve_batch(bases, refs, options);
        let errors: Vec<(usize, Input, usize)> = resolved.errors().map(|e| (e.row, e.input, e.error.offset())).collect();
        assert_eq!(errors, [(1, Input::Reference, 1), (2, Input::Base, 8), (4, Input::Reference, 1)], "threads={n}");
        let rows: Vec<Row<'_>> = resolved.rows().collect();
        assert_eq!(rows, [Row::Text("http://a/c"), Row::Failed, Row::Failed, Row::Text("http://a/f"), Row::Failed]);
        // Without strict, the same rows resolve (parsing never fails on content).
        let lax = resolve_batch(bases, refs, BatchOptions { threads: threads(n), ..Default::default() });
        assert!(lax.first_error().is_none());
    }
}

#[test]
fn stop_at_first_error_reports_the_lowest_failed_row_first() {
    let refs: Vec<&str> = (0..100).map(|i| if i == 37 || i == 80 { "a b" } else { "x" }).collect();
    let base = Repeated::new(Some("http://a/"), refs.len());
    for n in 1..5 {
        let options = BatchOptions { strict: true, stop_at_first_error: true, threads: threads(n), ..Default::default() };
        let resolved = resolve_batch(&base, refs.as_slice(), options);
        assert_eq!(resolved.first_error().map(|e| e.row), Some(37), "threads={n}");
        assert_eq!(resolved.rows().count(), 100);
    }
}

#[test]
fn per_row_bases_from_the_corpus_match_single_resolutions_in_both_specs() {
    let data = crate::files::test_data_json("corpus_pairs.json");
    let page_bases = data["bases"].as_array().unwrap();
    let pairs: Vec<(String, String)> = data["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (page_bases[p[0].as_u64().unwrap() as usize].as_str().unwrap().to_owned(), p[1].as_str().unwrap().to_owned()))
        .collect();
    assert!(pairs.len() > 100);
    let bases: Vec<&str> = pairs.iter().map(|p| p.0.as_str()).collect();
    let refs: Vec<&str> = pairs.iter().map(|p| p.1.as_str()).collect();
    for spec in [Spec::Rfc1808, Spec::Rfc3986] {
        let c = resolve_batch(bases.as_slice(), refs.as_slice(), BatchOptions { spec, threads: threads(2), ..Default::default() })
            .into_contiguous();
        for (row, (b, r)) in pairs.iter().enumerate() {
            assert_eq!(&c.text[c.offsets.row(row)], one_at_a_time(b, r, spec).as_bytes(), "row {row}");
        }
    }
    // rfc3986::parse is the grammar of the rfc3986 rows.
    assert!(rfc3986::parse(&pairs[0].0).is_ok());
}

#[test]
fn many_rows_on_many_threads_join_in_row_order() {
    // 150,000 rows with a base per 1,000, split over 2, 3 and 8 threads: joined in order.
    let refs: Vec<String> = (0..150_000).map(|i| format!("../p{i}/q?{i}")).collect();
    let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
    let bases: Vec<String> = (0..150_000).map(|i| format!("http://h{}/a/b/c", i / 1000)).collect();
    let bases: Vec<&str> = bases.iter().map(String::as_str).collect();
    let one = resolve_batch(bases.as_slice(), refs.as_slice(), BatchOptions::default()).into_contiguous();
    for n in [2, 3, 8] {
        let options = BatchOptions { threads: threads(n), ..Default::default() };
        let many = resolve_batch(bases.as_slice(), refs.as_slice(), options).into_contiguous();
        assert_eq!((&many.text, &many.offsets), (&one.text, &one.offsets), "threads={n}");
    }
    assert_eq!(&one.text[one.offsets.row(7)], b"http://h0/a/p7/q?7");
}

#[test]
fn a_huge_thread_count_is_capped_and_gives_the_same_rows() {
    // usize::MAX threads (and 10^6): at most max_threads() run; every row in its place.
    let refs: Vec<String> = (0..20_000).map(|i| format!("../p{i}")).collect();
    let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
    let base = Repeated::new(Some("http://a/b/c"), refs.len());
    let one = resolve_batch(&base, refs.as_slice(), BatchOptions::default()).into_contiguous();
    for n in [usize::MAX, 1_000_000, max_threads().get() + 1] {
        let many = resolve_batch(&base, refs.as_slice(), BatchOptions { threads: threads(n), ..Default::default() }).into_contiguous();
        assert_eq!((&many.text, &many.offsets, &many.valid), (&one.text, &one.offsets, &one.valid), "threads={n}");
    }
    let few: &[&str] = &["g"];
    let resolved =
        resolve_batch(&Repeated::new(Some("http://a/b"), 1), few, BatchOptions { threads: threads(usize::MAX), ..Default::default() });
    assert_eq!(resolved.rows().collect::<Vec<_>>(), [Row::Text("http://a/g")]);
    // A base longer than anything that can be reserved for every row: no overflow, no abort.
    let long = "x".repeat(1 << 20);
    let huge = Repeated::new(Some(long.as_str()), usize::MAX / 2);
    assert_eq!(huge.byte_len(0..huge.len), None);
}

/// A column of byte strings, some not UTF-8: each such row is [`Cell::Invalid`].
struct Bytes<'a>(Vec<Option<&'a [u8]>>);

impl StrColumn for Bytes<'_> {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn get(&self, row: usize) -> Cell<'_> {
        match self.0[row] {
            None => Cell::Null,
            Some(bytes) => match Error::check_utf8(bytes) {
                Ok(text) => Cell::Text(text),
                Err(e) => Cell::Invalid(e),
            },
        }
    }
}

#[test]
fn rows_that_are_not_utf8_fail_once_with_the_byte_offset_base_first() {
    let bases =
        Bytes(vec![Some(b"http://a/b"), Some(b"http://a/\xff"), Some(b"http://a/b"), None, Some(b"http://\xc3"), Some(b"http://a/")]);
    let refs = Bytes(vec![Some(b"g\x80h"), Some(b"g"), Some(b"\xe2\x82"), Some(b"\x80"), Some(b"\x80"), Some(b"caf\xc3\xa9")]);
    for n in 1..4 {
        let resolved = resolve_batch(&bases, &refs, BatchOptions { threads: threads(n), ..Default::default() });
        let errors: Vec<(usize, Input, ErrorKind, usize)> =
            resolved.errors().map(|e| (e.row, e.input, e.error.kind(), e.error.offset())).collect();
        assert_eq!(
            errors,
            [
                (0, Input::Reference, ErrorKind::InvalidUtf8 { byte: 0x80 }, 1),
                (1, Input::Base, ErrorKind::InvalidUtf8 { byte: 0xFF }, 9),
                // A value that ends inside a character: the error is at its first byte.
                (2, Input::Reference, ErrorKind::InvalidUtf8 { byte: 0xE2 }, 0),
                // Row 3 has a null base: null, not failed. Row 4: both bad, one error (the base's).
                (4, Input::Base, ErrorKind::InvalidUtf8 { byte: 0xC3 }, 7),
            ],
            "threads={n}"
        );
        let rows: Vec<Row<'_>> = resolved.rows().collect();
        assert_eq!(rows, [Row::Failed, Row::Failed, Row::Failed, Row::Null, Row::Failed, Row::Text("http://a/caf\u{e9}")]);
    }
    // A base that fails strict and a reference that is not UTF-8: one error, the base's.
    let strict = BatchOptions { strict: true, ..Default::default() };
    let resolved = resolve_batch(&Bytes(vec![Some(b"http://a b/")]), &Bytes(vec![Some(b"\x80")]), strict);
    assert_eq!(resolved.errors().map(|e| (e.row, e.input)).collect::<Vec<_>>(), [(0, Input::Base)]);
    let e = Error::check_utf8(b"g\x80h").unwrap_err();
    assert_eq!(e.to_string(), "invalid UTF-8: byte 0x80 is not part of a valid UTF-8 sequence (at byte 1)");
}

/// `strip` (issue 22 item 19): each reference is taken as HTML strips it (the one rule,
/// `strip_ascii_whitespace`), row for row what `join_stripped_into` gives; a stripped
/// reference that is its own answer is written out (never `Row::Reference`, which means the
/// input as given); a failure's offset counts in the reference as given.
#[test]
fn strip_takes_each_reference_as_html_strips_it() {
    let base = "http://a/b/c/d;p?q";
    let refs = [Some(" g "), Some("\n../x\t"), Some(" http://x/y \r\n"), Some("http://z/"), Some("g\u{b}"), None, Some("  a b")];
    for n in 1..4 {
        for copy_unchanged in [false, true] {
            let options = BatchOptions { strip: true, copy_unchanged, threads: threads(n), ..fine() };
            let resolved = resolve_batch(&Repeated::new(Some(base), refs.len()), refs.as_slice(), options);
            let want: Vec<Option<String>> = refs
                .iter()
                .take(6)
                .map(|r| r.map(|r| resolve(base, relurl::strip_ascii_whitespace(r)).unwrap()))
                .chain([Some(resolve(base, "a b").unwrap())])
                .collect();
            let got: Vec<Option<String>> = resolved
                .rows()
                .zip(&refs)
                .map(|(row, r)| match row {
                    Row::Text(t) => Some(t.to_owned()),
                    Row::Reference => r.map(str::to_owned),
                    _ => None,
                })
                .collect();
            assert_eq!(got, want, "threads={n}");
            // "http://z/" is unchanged as given; " http://x/y \r\n" is not.
            let rows: Vec<Row<'_>> = resolved.rows().collect();
            assert_eq!(rows[2], Row::Text("http://x/y"));
            assert_eq!(rows[3], if copy_unchanged { Row::Text("http://z/") } else { Row::Reference });
        }
    }
    let strict = BatchOptions { strip: true, strict: true, ..fine() };
    let resolved = resolve_batch(&Repeated::new(Some(base), 1), [Some("\t a b ")].as_slice(), strict);
    let errors: Vec<_> = resolved.errors().map(|e| (e.row, e.input, e.error.offset())).collect();
    assert_eq!(errors, [(0, Input::Reference, 3)]);
}
