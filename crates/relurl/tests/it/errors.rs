//! The error model: an opaque [`Error`] with its kind, its byte offset and one stable name
//! per kind; `strict` refused with RFC 3986 wherever it is taken.

use relurl::batch::{resolve_batch, BatchOptions, Input, Row};
use relurl::{parse_checked, validate, Component, Error, ErrorKind, Spec};

#[test]
fn kind_names_are_stable_and_distinct() {
    let kinds = [
        (ErrorKind::TooLong, "too_long"),
        (ErrorKind::InvalidChar { component: Component::Path, ch: ' ' }, "invalid_character"),
        (ErrorKind::BadEscape { component: Component::Query }, "bad_escape"),
        (ErrorKind::EmptyFirstSegment, "empty_first_segment"),
        (ErrorKind::InvalidUtf8 { byte: 0x80 }, "invalid_utf8"),
        (ErrorKind::LoneSurrogate { unit: 0xD800 }, "lone_surrogate"),
        (ErrorKind::BadBaseHeader { reason: "x" }, "bad_base_header"),
        (ErrorKind::HtmlTokenizer { reason: "x" }, "html_tokenizer"),
        (ErrorKind::StrictUnavailable, "strict_unavailable"),
        (ErrorKind::BadPort { reason: "x" }, "bad_port"),
    ];
    for (kind, name) in kinds {
        assert_eq!(kind.name(), name);
    }
    let mut names: Vec<&str> = kinds.iter().map(|(k, _)| k.name()).collect();
    names.dedup();
    assert_eq!(names.len(), kinds.len());
}

#[test]
fn accessors_and_display_say_byte_offsets() {
    let err = validate("http://a/b c").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidChar { component: Component::Path, ch: ' ' });
    assert_eq!(err.offset(), 10);
    assert_eq!(err.to_string(), "space is not allowed in a path (at byte 10)");
    assert_eq!(err, Error::new(err.kind(), 10));
    // Bytes in Rust, characters (as Python counts them) by `char_index`.
    let after_e_acute = Error::new(err.kind(), 11);
    assert_eq!(after_e_acute.char_index("http://a/é c"), 10);
    let surrogate = Error::new(ErrorKind::LoneSurrogate { unit: 0xDC80 }, 3);
    assert_eq!(surrogate.to_string(), "lone surrogate U+DC80 cannot be encoded as UTF-8 (at byte 3)");
}

#[test]
fn parse_checked_is_the_one_strict_check() {
    assert_eq!(parse_checked("http://a/b c", Spec::Rfc1808, false).map(|u| u.path().to_owned()), Ok("/b c".to_owned()));
    assert_eq!(parse_checked("http://a/b c", Spec::Rfc1808, true).unwrap_err(), validate("http://a/b c").unwrap_err());
    assert!(parse_checked("http://[::1]/", Spec::Rfc3986, false).is_ok());
    let refused = parse_checked("http://a/", Spec::Rfc3986, true).unwrap_err();
    assert_eq!((refused.kind(), refused.offset()), (ErrorKind::StrictUnavailable, 0));
    assert!(refused.to_string().contains("not available with spec='rfc3986'"), "{refused}");
}

#[test]
fn a_strict_rfc3986_batch_fails_every_row_with_strict_unavailable() {
    let bases: &[Option<&str>] = &[Some("http://a/b"), Some("http://a/b"), None];
    let refs: &[Option<&str>] = &[Some("c"), None, Some("d")];
    let options = BatchOptions { spec: Spec::Rfc3986, strict: true, ..Default::default() };
    let resolved = resolve_batch(bases, refs, options);
    let errors: Vec<(usize, Input, ErrorKind)> = resolved.errors().map(|e| (e.row, e.input, e.error.kind())).collect();
    assert_eq!(errors, [(0, Input::Base, ErrorKind::StrictUnavailable)]);
    assert_eq!(resolved.rows().collect::<Vec<_>>(), [Row::Failed, Row::Null, Row::Null]);
}
