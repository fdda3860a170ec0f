//! Issue 22: the net_loc's parts of an RFC 1808 URL whose net_loc holds a query are
//! urllib's (item 1), and a port of more digits than Python's `int()` reads is refused by
//! every twin that reads it (item 3: `Login::port`, the w3lib and surt twins, one limit,
//! `relurl::int_limit`).

use relurl::int_limit::{TooManyDigits, DEFAULT};
use relurl::w3lib::{canonicalize_url, Options, W3libError};
use relurl::{AnyUrl, ErrorKind, Login, Spec};

/// The user name, password and host name, and the port or its error's reason.
type Parts = (Option<String>, Option<String>, Option<String>, Result<Option<u16>, &'static str>);

/// The parts of `url`'s login by `spec`.
fn parts(url: &str, spec: Spec) -> Parts {
    let url = AnyUrl::parse_owned(url, spec).unwrap();
    let login = url.login().unwrap();
    let port = login.port().map_err(|e| match e.kind() {
        ErrorKind::BadPort { reason } => reason,
        other => panic!("{other:?}"),
    });
    let owned = |s: Option<&str>| s.map(str::to_owned);
    (owned(login.username()), owned(login.password()), login.hostname().map(std::borrow::Cow::into_owned), port)
}

#[test]
fn a_query_in_an_rfc_1808_net_loc_is_not_login() {
    // urlsplit's answers (CPython 3.11), for both grammars.
    let some = |s: &str| Some(s.to_owned());
    let cases = [
        ("http://www.spreeblick.com?stylesheet=devkit-custom&ver=5.3", (None, None, some("www.spreeblick.com"), Ok(None))),
        ("whatsapp://send?text=An%20Illusionist%20in%20Skyrim:%20Part", (None, None, some("send"), Ok(None))),
        ("http://u:p@H:81?x@y:z#f", (some("u"), some("p"), some("h"), Ok(Some(81)))),
        ("http://h?a#b@c:d", (None, None, some("h"), Ok(None))),
        ("http://[::1]?q=]:x", (None, None, some("::1"), Ok(None))),
        ("//?u@h:1", (None, None, None, Ok(None))),
        ("http://h:?", (None, None, some("h"), Ok(None))),
    ];
    for (url, expected) in cases {
        for spec in [Spec::Rfc1808, Spec::Rfc3986] {
            assert_eq!(parts(url, spec), expected, "{url} by {spec:?}");
        }
    }
    // The net_loc itself stays RFC 1808's: it runs to the first '/'.
    let url = relurl::parse("http://u@H?q=a:b/p").unwrap();
    assert_eq!(url.netloc(), "u@H?q=a:b");
    assert_eq!(url.login().netloc(), "u@H");
    // A bad port before the '?' is still one, placed in the URL.
    let e = relurl::parse("http://h:8x?q").unwrap().login().port().unwrap_err();
    assert_eq!((e.kind().name(), e.offset()), ("bad_port", 9));
}

#[test]
fn a_port_of_more_digits_than_int_reads_is_refused() {
    let port = |digits: &str| format!("h:{digits}");
    let at_limit = port(&format!("{}80", "0".repeat(DEFAULT - 2)));
    let over = port(&format!("{}80", "0".repeat(DEFAULT - 1)));
    assert_eq!(Login::new(&at_limit, 0).port(), Ok(Some(80)));
    let e = Login::new(&over, 7).port().unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::BadPort { reason: Login::PORT_TOO_MANY_DIGITS }, 9));
    // The running Python's limit: 0 is none; leading zeros count.
    assert_eq!(Login::new(&over, 0).with_int_max_str_digits(0).port(), Ok(Some(80)));
    assert_eq!(Login::new(&over, 0).with_int_max_str_digits(DEFAULT + 1).port(), Ok(Some(80)));
    let e = Login::new(&port(&"0".repeat(641)), 0).with_int_max_str_digits(640).port().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::BadPort { reason: Login::PORT_TOO_MANY_DIGITS });
    // urllib's order: not digits first, then the limit, then the range.
    let e = Login::new(&port(&format!("{}x", "1".repeat(5000))), 0).port().unwrap_err();
    assert_ne!(e.kind(), ErrorKind::BadPort { reason: Login::PORT_TOO_MANY_DIGITS });
    let e = Login::new(&port(&"9".repeat(5000)), 0).port().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::BadPort { reason: Login::PORT_TOO_MANY_DIGITS });
    // Through a parsed URL.
    let url = format!("http://{over}/");
    let e = relurl::parse(&url).unwrap().login().port().unwrap_err();
    assert_eq!((e.kind().name(), e.offset()), ("bad_port", 9));
}

#[test]
fn canonicalize_url_refuses_the_port_as_w3lib_does() {
    let url = format!("http://h:{}80/", "0".repeat(DEFAULT - 1));
    let error = canonicalize_url(&url, &Options::default()).unwrap_err();
    assert_eq!(error, W3libError::TooManyDigits(TooManyDigits { digits: 4301, limit: 4300 }));
    assert_eq!(
        error.to_string(),
        "Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit"
    );
    // The fast path's URLs too (no user info, an ASCII host), a short port still fast.
    let unlimited = Options { int_max_str_digits: 0, ..Options::default() };
    assert_eq!(canonicalize_url(&url, &unlimited).as_deref(), Ok("http://h:80/"));
    let limited = Options { int_max_str_digits: 700, ..Options::default() };
    let url = format!("HTTP://H:{}81/b?y&x", "0".repeat(699));
    assert!(matches!(canonicalize_url(&url, &limited), Err(W3libError::TooManyDigits(_))));
    let url = format!("HTTP://H:{}81/b?y&x", "0".repeat(698));
    assert_eq!(canonicalize_url(&url, &limited).as_deref(), Ok("http://h:81/b?x=&y="));
    // w3lib's order: a port that is not digits is its own error, the range after the limit.
    assert!(matches!(canonicalize_url(&format!("http://h:{}x/", "1".repeat(5000)), &Options::default()), Err(W3libError::Value(_))));
    assert!(matches!(canonicalize_url(&format!("http://h:{}/", "9".repeat(5000)), &Options::default()), Err(W3libError::TooManyDigits(_))));
}
