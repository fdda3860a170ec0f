//! The encoding of a page given as bytes (HTML §13.2.3): the prescan of the first 1024
//! bytes, and a late `<meta>` that has the page read again. Each expected URL is the text a
//! browser decodes (Python's codecs give the same bytes for these encodings).

use relurl::links::{extract_links_from_bytes, Options};

const PAGE: &str = "http://example.com/dir/page.html";

fn raws(html: &[u8], headers: &[(&str, &str)]) -> Vec<String> {
    let page = extract_links_from_bytes(html, PAGE, headers, Options::default()).unwrap();
    page.links.into_iter().map(|l| l.raw).collect()
}

#[test]
fn x_user_defined_is_read_as_windows_1252() {
    assert_eq!(raws(b"<meta charset=\"x-user-defined\"><a href='\xe9\x80'>", &[]), ["\u{e9}\u{20ac}"]);
}

#[test]
fn a_meta_that_is_not_ascii_compatible_is_followed() {
    // 'ＡＢ' (U+FF21 U+FF22) in ISO-2022-JP: ESC $ B, the JIS X 0208 pairs, ESC ( B.
    let html = b"<meta charset=\"iso-2022-jp\"><a href='\x1b$B#A#B\x1b(B'>";
    assert_eq!(raws(html, &[]), ["\u{ff21}\u{ff22}"]);
    // As the same charset in a header always was.
    let header = [("Content-Type", "text/html; charset=iso-2022-jp")];
    assert_eq!(raws(b"<a href='\x1b$B#A#B\x1b(B'>", &header), ["\u{ff21}\u{ff22}"]);
}

#[test]
fn http_equiv_content_with_charset_only() {
    let html = b"<meta http-equiv=content-type content=\"charset=windows-1251\"><a href='\xc6'>";
    assert_eq!(raws(html, &[]), ["\u{416}"]);
    // Without the pragma, `content` declares nothing.
    assert_eq!(raws(b"<meta content=\"charset=windows-1251\"><a href='\xc6'>", &[]), ["\u{fffd}"]);
}

#[test]
fn a_late_meta_has_the_whole_page_read_again() {
    // Past the prescan's 1024 bytes, after a link in non-ASCII bytes: that link, too, is
    // read in windows-1251 (a browser navigates again), not as broken UTF-8.
    let mut html = b"<a href='\xc6'>".to_vec();
    html.extend_from_slice(" ".repeat(1100).as_bytes());
    html.extend_from_slice(b"<meta charset=windows-1251><a href='\xc7'>");
    assert_eq!(raws(&html, &[]), ["\u{416}", "\u{417}"]);
    // A `<meta>` that declares what is in use, then one that declares another: the first
    // makes the encoding certain.
    let html = b"<meta charset=windows-1251><meta charset=koi8-r><a href='\xc6'>";
    assert_eq!(raws(html, &[]), ["\u{416}"]);
}

#[test]
fn the_tokenizer_has_the_last_word_over_the_prescan() {
    // The prescan reads into `<script>` text and finds koi8-r; the first `<meta>` element
    // says windows-1251, so the page is read again in it.
    let html = b"<script>x='<meta charset=koi8-r>'</script><meta charset=windows-1251><a href='\xc6'>";
    assert_eq!(raws(html, &[]), ["\u{416}"]);
}

#[test]
fn bom_and_header_are_certain() {
    let latin1 = [("Content-Type", "text/html; charset=latin1")];
    assert_eq!(raws(b"<meta charset=windows-1251><a href='\xc6'>", &latin1), ["\u{c6}"]);
    assert_eq!(raws(b"\xef\xbb\xbf<meta charset=windows-1251><a href='\xd0\x96'>", &[]), ["\u{416}"]);
}
