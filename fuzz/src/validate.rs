//! Target `validate`: `relurl::validate` and its errors ([`check_validate`]).

use relurl::{parse, validate, validate_parsed, ErrorKind};

use crate::common::text;

/// Target `validate`: never panics; agrees with `validate_parsed`; an accepted URL is
/// ASCII; an error's index is within the input, on a char boundary, and at a character
/// that fits the reason (the character named, a `%`, or the `/` of an empty first segment).
pub fn check_validate(data: &[u8]) {
    let s = text(data);
    let s: &str = &s;
    let result = validate(s);
    assert_eq!(result, validate_parsed(&parse(s).expect("parse")));
    match result {
        Ok(()) => assert!(s.is_ascii(), "validate accepted non-ASCII {s:?}"),
        Err(e) => {
            assert!(e.offset() <= s.len(), "error offset {} beyond the input {s:?} ({} bytes)", e.offset(), s.len());
            assert!(s.is_char_boundary(e.offset()), "error offset {} is not on a char boundary of {s:?}", e.offset());
            let rest = &s[e.offset()..];
            match e.kind() {
                ErrorKind::InvalidChar { ch, .. } => assert!(rest.starts_with(ch), "{e} but {s:?} has {rest:?} there"),
                ErrorKind::BadEscape { .. } => assert!(rest.starts_with('%'), "{e} but {s:?} has {rest:?} there"),
                ErrorKind::EmptyFirstSegment => assert!(rest.starts_with('/'), "{e} but {s:?} has {rest:?} there"),
                ErrorKind::TooLong => panic!("TooLong for {} bytes", s.len()),
                _ => {}
            }
            assert_eq!(e.char_index(s), s[..e.offset()].chars().count());
            assert!(!e.reason().is_empty());
            let _ = e.to_string();
        }
    }
}
