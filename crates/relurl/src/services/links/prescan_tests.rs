//! The prescan on cases made from each step of the HTML standard's algorithms.

use encoding_rs::{Encoding, BIG5, KOI8_R, REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1251, WINDOWS_1252};

use super::{extract_from_meta_content, prescan, PRESCAN_LIMIT};

fn name(bytes: &[u8]) -> Option<&'static str> {
    prescan(bytes).map(Encoding::name)
}

#[test]
fn meta_charset() {
    assert_eq!(prescan(br#"<meta charset="windows-1251">"#), Some(WINDOWS_1251));
    assert_eq!(prescan(b"<META CHARSET=KOI8-R>"), Some(KOI8_R));
    assert_eq!(prescan(b"<meta/charset=koi8-r>"), Some(KOI8_R));
    assert_eq!(prescan(b"<meta\tcharset = 'koi8-r' >"), Some(KOI8_R));
    assert_eq!(name(b"<meta charset=iso-2022-jp>"), Some("ISO-2022-JP"));
    assert_eq!(name(b"<meta charset=shift_jis>"), Some("Shift_JIS"));
    // Steps 14 and 15: UTF-16 is UTF-8, x-user-defined is windows-1252.
    assert_eq!(prescan(b"<meta charset=utf-16le>"), Some(UTF_8));
    assert_eq!(prescan(b"<meta charset=utf-16>"), Some(UTF_8));
    assert_eq!(prescan(b"<meta charset=x-user-defined>"), Some(WINDOWS_1252));
    // A label of the replacement encoding is an encoding.
    assert_eq!(prescan(b"<meta charset=iso-2022-kr>"), Some(REPLACEMENT));
    // Not `<meta` followed by a space or '/'.
    assert_eq!(prescan(b"<metacharset=koi8-r>"), None);
    assert_eq!(prescan(b"<meta>"), None);
}

#[test]
fn meta_http_equiv() {
    // `content` needs `http-equiv="content-type"` (got pragma), in either order.
    assert_eq!(prescan(b"<meta http-equiv=content-type content=\"charset=windows-1251\">"), Some(WINDOWS_1251));
    assert_eq!(prescan(b"<meta content='text/html; charset=koi8-r' http-equiv=Content-Type>"), Some(KOI8_R));
    assert_eq!(prescan(b"<meta content='text/html; charset=koi8-r'>"), None);
    assert_eq!(prescan(b"<meta http-equiv=refresh content='text/html; charset=koi8-r'>"), None);
    assert_eq!(prescan(b"<meta http-equiv=' content-type' content='charset=koi8-r'>"), None);
    // `charset` wins over `content` whichever comes first, and sets need pragma to false.
    assert_eq!(prescan(b"<meta content='charset=koi8-r' charset=big5>"), Some(BIG5));
    assert_eq!(prescan(b"<meta charset=big5 content='charset=koi8-r' http-equiv=content-type>"), Some(BIG5));
    // A `content` with no encoding leaves charset null.
    assert_eq!(prescan(b"<meta content='text/html' http-equiv=content-type charset=big5>"), Some(BIG5));
}

#[test]
fn attribute_list_and_failure() {
    // A name already in the attribute list is skipped: the second `charset` is not read.
    assert_eq!(prescan(b"<meta charset=nonsense charset=big5>"), None);
    assert_eq!(prescan(b"<meta http-equiv=x http-equiv=content-type content='charset=big5'>"), None);
    // Step 13: an unknown label goes on with the next byte, to a later `<meta>`.
    assert_eq!(prescan(b"<meta charset=nonsense><meta charset=big5>"), Some(BIG5));
    assert_eq!(prescan(b"<meta charset><meta charset=big5>"), Some(BIG5));
    assert_eq!(prescan(b"<meta name=x><meta charset=big5>"), Some(BIG5));
}

#[test]
fn what_hides_a_meta() {
    // Comments, to the first '>' preceded by "--" (those of "<!--" count).
    assert_eq!(prescan(b"<!-- <meta charset=koi8-r> --><meta charset=big5>"), Some(BIG5));
    assert_eq!(prescan(b"<!--><meta charset=koi8-r>"), Some(KOI8_R));
    assert_eq!(prescan(b"<!---><meta charset=koi8-r>"), Some(KOI8_R));
    assert_eq!(prescan(b"<!-- -- > <meta charset=koi8-r> -->"), None);
    // Attribute values of other tags.
    assert_eq!(prescan(b"<div title='<meta charset=koi8-r>'><meta charset=big5>"), Some(BIG5));
    assert_eq!(prescan(b"<div title=\"x\" <meta charset=koi8-r>"), None);
    // An end tag's attributes are read as a start tag's, and ignored.
    assert_eq!(prescan(b"</meta charset=koi8-r>"), None);
    // `<!`, `</` not followed by a letter, `<?`: to the first '>'.
    assert_eq!(prescan(b"<!DOCTYPE html><meta charset=big5>"), Some(BIG5));
    assert_eq!(prescan(b"<? <meta charset=koi8-r> <meta charset=big5>"), Some(BIG5));
    assert_eq!(prescan(b"<?php x <meta charset=koi8-r>"), None);
    assert_eq!(prescan(b"</ <meta charset=koi8-r>"), None);
    // Text, and a '<' that starts nothing.
    assert_eq!(prescan(b"a < b <3 <meta charset=big5>"), Some(BIG5));
    // Script content is not special to the prescan.
    assert_eq!(prescan(b"<script>x='<meta charset=koi8-r>'</script>"), Some(KOI8_R));
}

#[test]
fn running_out_of_bytes() {
    assert_eq!(prescan(b"<meta charset='koi8-r"), None);
    assert_eq!(prescan(b"<meta charset=koi8-r"), None);
    assert_eq!(prescan(b"<!-- <meta charset=koi8-r>"), None);
    // The first 1024 bytes only: a `<meta>` cut at the limit is not read.
    let pad = |n: usize| " ".repeat(n).into_bytes();
    let meta = b"<meta charset=koi8-r>";
    let mut fits = pad(PRESCAN_LIMIT - meta.len());
    fits.extend_from_slice(meta);
    assert_eq!(prescan(&fits), Some(KOI8_R));
    let mut cut = pad(PRESCAN_LIMIT - meta.len() + 1);
    cut.extend_from_slice(meta);
    assert_eq!(prescan(&cut), None);
    // Linear: a megabyte of tags is read in its first 1024 bytes.
    let big = "<a b=c>".repeat(150_000) + "<meta charset=koi8-r>";
    assert_eq!(prescan(big.as_bytes()), None);
}

#[test]
fn xml_declarations() {
    // UTF-16 declarations, first.
    assert_eq!(prescan(b"<\0?\0x\0m\0l\0"), Some(UTF_16LE));
    assert_eq!(prescan(b"\0<\0?\0x\0m\0l"), Some(UTF_16BE));
    // "Get an XML encoding" when no `<meta>` answers.
    assert_eq!(prescan(b"<?xml version=\"1.0\" encoding=\"windows-1251\"?><p>"), Some(WINDOWS_1251));
    assert_eq!(prescan(b"<?xml encoding = 'koi8-r'?>"), Some(KOI8_R));
    assert_eq!(prescan(b"<?xml encoding='utf-16'?>"), Some(UTF_8));
    assert_eq!(prescan(b"<?xml encoding='koi8-r'?><meta charset=big5>"), Some(BIG5));
    assert_eq!(prescan(b" <?xml encoding='koi8-r'?>"), None);
    assert_eq!(prescan(b"<?xml encoding=koi8-r?>"), None);
    assert_eq!(prescan(b"<?xml encoding='koi8 r'?>"), None);
    assert_eq!(prescan(b"<?xml version='1.0'?><x encoding='koi8-r'>"), None);
}

#[test]
fn extracting_from_a_meta_content() {
    let get = |s: &str| extract_from_meta_content(s.as_bytes()).map(Encoding::name);
    assert_eq!(get("text/html; charset=windows-1251"), Some("windows-1251"));
    assert_eq!(get("text/html; CHARSET = KOI8-R ; x"), Some("KOI8-R"));
    assert_eq!(get("charsetcharset=koi8-r"), Some("KOI8-R"));
    assert_eq!(get("charset x charset=koi8-r"), Some("KOI8-R"));
    assert_eq!(get("charset=\"koi8-r\" x"), Some("KOI8-R"));
    assert_eq!(get("charset='koi8-r;x'"), None);
    assert_eq!(get("charset=\"koi8-r"), None);
    assert_eq!(get("charset=koi8-r\"x"), None);
    assert_eq!(get("charset="), None);
    assert_eq!(get("charset"), None);
    assert_eq!(get("text/html"), None);
    assert_eq!(get("charset=nonsense"), None);
}
