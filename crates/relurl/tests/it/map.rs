//! `map_chunks`: a function of each row (normalize and the two twins) on the batch's one
//! scheduler, row loop and output: every row's answer is the function's own, in row order,
//! whatever the chunks and threads; nulls, unreadable rows, failures and `stop_at_first_error`
//! as for a resolution.

use core::num::NonZeroUsize;

use relurl::batch::{map_chunks, BatchOptions, Cell, Input, MapFailure, MapRow, Never, Normalize, Resolved, Row, RowError, Tuning};
use relurl::surt::{surt_str, SurtError};
use relurl::w3lib::{canonicalize_url, W3libError};
use relurl::{Error, ErrorKind, Spec};

/// Every row of every chunk as `Some(text)`, `None` for null, or `Err(())` for failed, and
/// the failed rows.
type Mapped<E> = (Vec<Result<Option<String>, ()>>, Vec<RowError<MapFailure<E>>>);

fn map_all<M: MapRow>(chunks: &[&[Cell<'_>]], map: &M, options: BatchOptions) -> Mapped<M::Error> {
    let finish = |r: Resolved<MapFailure<M::Error>>| {
        let rows: Vec<_> = r
            .rows()
            .map(|row| match row {
                Row::Text(t) => Ok(Some(t.to_owned())),
                Row::Null => Ok(None),
                Row::Reference | Row::Base => Ok(Some("<unchanged>".to_owned())),
                Row::Failed => Err(()),
            })
            .collect();
        (rows, r.errors().cloned().collect::<Vec<_>>())
    };
    let parts = map_chunks(chunks, map, options, &Never, &finish).unwrap();
    let mut all = (Vec::new(), Vec::new());
    for (rows, errors) in parts {
        all.0.extend(rows);
        all.1.extend(errors);
    }
    all
}

fn threads(n: usize) -> BatchOptions {
    BatchOptions { threads: NonZeroUsize::new(n).unwrap(), tuning: Tuning::FINEST, ..BatchOptions::default() }
}

/// The corpus-like URLs of the tests, in chunks of 1, 3 and 5 rows and one empty chunk.
fn urls() -> Vec<&'static str> {
    vec![
        "HTTP://Www.Example.COM:80/a/./b/../c?b=1&a=2#f",
        "https://example.org/%7euser/",
        "http://a/b?q=%e2%82%ac",
        "mailto:x@y",
        "http://[::1]:8080/",
        "//host/p",
        "http://x/?c=3&b=5&b=2&a=50",
        "ftp://ftp.example.com:21/",
        "http://B\u{fc}cher.example/",
    ]
}

fn chunked<'c, 'a>(cells: &'c [Cell<'a>]) -> Vec<&'c [Cell<'a>]> {
    let mut chunks = Vec::new();
    let mut rest = cells;
    for size in [1, 3, 0, 5].into_iter().cycle() {
        if rest.is_empty() {
            break;
        }
        let (head, tail) = rest.split_at(size.min(rest.len()));
        chunks.push(head);
        rest = tail;
    }
    chunks
}

#[test]
fn each_row_is_the_function_of_its_text_on_any_threads() {
    let urls = urls();
    let cells: Vec<Cell<'_>> = urls.iter().map(|&u| Cell::Text(u)).collect();
    let chunks = chunked(&cells);
    for n in [1, 2, 3] {
        for spec in [Spec::Rfc1808, Spec::Rfc3986, Spec::Whatwg] {
            let (rows, errors) = map_all(&chunks, &Normalize(spec), threads(n));
            let expected: Vec<_> = urls.iter().map(|u| relurl::normalize(u, spec).map(Some).map_err(|_| ())).collect();
            assert_eq!(rows, expected, "{spec:?} on {n} threads");
            assert_eq!(errors.len(), expected.iter().filter(|r| r.is_err()).count());
        }
        let options = relurl::w3lib::Options::default();
        let (rows, _) = map_all(&chunks, &options, threads(n));
        let expected: Vec<_> = urls.iter().map(|u| canonicalize_url(u, &options).map(Some).map_err(|_| ())).collect();
        assert_eq!(rows, expected, "canonicalize_url on {n} threads");
        let options = relurl::surt::Options::default();
        let (rows, _) = map_all(&chunks, &options, threads(n));
        let expected: Vec<_> = urls.iter().map(|u| surt_str(u, &options).map(|k| Some(k.into_owned())).map_err(|_| ())).collect();
        assert_eq!(rows, expected, "surt on {n} threads");
    }
}

#[test]
fn nulls_unreadable_rows_and_failures_are_reported_by_row() {
    let unreadable = Error::check_utf8(b"http://a/\xff").unwrap_err();
    let cells = [Cell::Text("http://a/"), Cell::Null, Cell::Invalid(unreadable), Cell::Text("http://x:99999/"), Cell::Text("http://b/")];
    let chunks = chunked(&cells);
    for n in [1, 2] {
        let options = relurl::surt::Options::default();
        let (rows, errors) = map_all(&chunks, &options, threads(n));
        assert_eq!(rows, [Ok(Some("a)/".to_owned())), Ok(None), Err(()), Err(()), Ok(Some("b)/".to_owned()))]);
        assert_eq!(
            errors,
            [
                RowError { row: 2, input: Input::Reference, error: MapFailure::Unreadable(unreadable) },
                RowError {
                    row: 3,
                    input: Input::Reference,
                    error: MapFailure::Failed(SurtError::Port("Port out of range 0-65535".to_owned()))
                },
            ]
        );
        let (_, errors) = map_all(&chunks, &relurl::w3lib::Options::default(), threads(n));
        let failures: Vec<_> = errors.iter().map(|e| (e.row, matches!(e.error, MapFailure::Failed(W3libError::Value(_))))).collect();
        assert_eq!(failures, [(2, false), (3, true)]);
        let (_, errors) = map_all(&chunks, &Normalize(Spec::Whatwg), threads(n));
        assert!(matches!(errors[0].error, MapFailure::Unreadable(e) if e.kind() == ErrorKind::InvalidUtf8 { byte: 0xFF }));
    }
}

#[test]
fn the_first_failure_stops_the_run_and_is_reported_first() {
    let mut cells = vec![Cell::Text("http://a/"); 40];
    cells[7] = Cell::Text("http://x:99999/");
    cells[30] = Cell::Text("http://x:99998/");
    let chunks = chunked(&cells);
    for n in [1, 2, 3] {
        let options = BatchOptions { stop_at_first_error: true, ..threads(n) };
        let (_, errors) = map_all(&chunks, &relurl::surt::Options::default(), options);
        assert_eq!(errors.first().map(|e| e.row), Some(7), "{n} threads");
        assert!(errors.iter().all(|e| e.row == 7 || e.row == 30));
    }
}

#[test]
fn without_copy_unchanged_a_row_already_normal_is_the_reference() {
    let cells = [Cell::Text("http://a/b"), Cell::Text("HTTP://a/b")];
    let options = BatchOptions { copy_unchanged: false, ..BatchOptions::default() };
    let (rows, _) = map_all(&[&cells[..]], &Normalize(Spec::Rfc3986), options);
    assert_eq!(rows, [Ok(Some("<unchanged>".to_owned())), Ok(Some("http://a/b".to_owned()))]);
}

#[test]
fn surt_str_is_the_key_of_the_utf8_bytes() {
    // A str column is keyed by surt_str: the bytes key of its UTF-8, decoded.
    let options = relurl::surt::Options::default();
    let ia = relurl::surt::Options { canonicalizer: relurl::surt::Canonicalizer::Ia, ..options };
    for url in ["http://\u{e9}.example/\u{20ac}?\u{1f600}", "http://a/%ff%fe", "http://a/%c3", "http://a/\u{e9}%c3%a9", ""] {
        for options in [&options, &ia] {
            let key = surt_str(url, options).unwrap();
            assert_eq!(key.as_bytes(), &*relurl::surt::surt(url.as_bytes(), options).unwrap(), "{url}");
        }
    }
    assert_eq!(SurtError::Decode { valid_up_to: 3 }.to_string(), "'utf-8' codec can't decode the key at byte 3");
}
