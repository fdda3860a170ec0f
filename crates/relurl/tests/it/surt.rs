//! The surt twin (`relurl::surt`): surt 0.3.1's answers for inputs that each exercise one of
//! its rules (the differential tests against the package itself are `tests/test_surt.py`).

use relurl::surt::{surt, Canonicalizer, IaOptions, Options, SurtError};

fn key(url: &str, options: &Options) -> String {
    String::from_utf8(surt(url.as_bytes(), options).unwrap().into_owned()).unwrap()
}

#[test]
fn default_options_are_pywb_call() {
    let d = Options::default();
    for (url, expected) in [
        ("http://www.Example.com:80/a/./b/../c?b=1&a=2#f", "com,example)/a/c?a=2&b=1"),
        ("https://WWW2.example.com:443/", "com,example)/"),
        ("example.com/x/", "com,example)/x"),
        ("http://http://https://example.com/", "com,example)/"),
        ("http:////www.vikings.com/a", "com,vikings)/a"),
        ("http://1.2.3/", "3,0,2,1)/"),
        ("http://010.1/", "1,0,0,8)/"),
        ("http://4294967297/", "1,0,0,0)/"),
        ("http://1.08/", "08,1)/"),
        ("http://%31.2.3.4%0a/", "4%0a,3,2,1)/"),
        ("http://a..b.../%7Efoo/%2561", "b,a)/~foo/a"),
        ("http://x.com/?JSESSIONID=0123456789abcdef0123456789ABCDEF&b=1", "com,x)/?b=1"),
        ("http://x.com/?a=1&cfid=12&cftoken=ab", "com,x)/?&a=1"),
        ("http://x.com/a/(S(abcdefghijklmnopqrstuvwx))/page.aspx?q", "com,x)/a/page.aspx?q"),
        ("http://x.com/a/(abcdefghijklmnopqrstuvwx)/p.aspx", "com,x)/a/p.aspx"),
        ("http://x.com/a?b=1&b&a=", "com,x)/a?a=&b&b=1"),
        ("http://user:pass@x.com/", "com,x)/"),
        ("http://x.com/a?", "com,x)/a"),
        ("mailto:Someone@Example.com", "mailto:someone@example.com"),
        ("dns:www.example.com", "dns:www.example.com"),
        ("http://Bücher.Example/", "example,xn--bcher-kva)/"),
        ("filedesc:foo.arc.gz", "filedesc:foo.arc.gz"),
        ("", "-"),
    ] {
        assert_eq!(key(url, &d), expected, "{url}");
    }
}

#[test]
fn writer_options() {
    let url = "http://www.example.com:8080/a?x#f";
    let with = |o: Options| key(url, &o);
    let d = Options::default();
    assert_eq!(with(Options { with_scheme: true, ..d }), "http://(com,example:8080)/a?x");
    assert_eq!(with(Options { trailing_comma: true, ..d }), "com,example:8080,)/a?x");
    assert_eq!(with(Options { surt: false, ..d }), "example.com:8080/a?x");
    assert_eq!(with(Options { surt: false, with_scheme: true, ..d }), "http://example.com:8080/a?x");
    let ip = |reverse_ipaddr| key("http://1.2.3.4/", &Options { reverse_ipaddr, ..d });
    assert_eq!((ip(true), ip(false)), ("4,3,2,1)/".to_owned(), "1.2.3.4)/".to_owned()));
    let ia = IaOptions { host_massage: false, query_alpha_reorder: false, ..IaOptions::default() };
    assert_eq!(key("http://www.x.com/?b&a", &Options { ia, ..d }), "com,x,www)/?b&a");
    assert_eq!(key("http://x.com/A#F", &Options { canonicalizer: Canonicalizer::Ia, ..d }), "com,x)/a#F");
    assert_eq!(key("http://x.com/A/#F", &Options { canonicalizer: Canonicalizer::Google, ..d }), "com,x)/A/");
}

#[test]
fn errors_are_surt_exceptions() {
    let d = Options::default();
    assert_eq!(surt(b" \x0b", &d), Err(SurtError::NoScheme));
    assert_eq!(surt(b"http://x:99999/", &d), Err(SurtError::Port("Port out of range 0-65535".to_owned())));
    assert_eq!(surt(b"http://x:a'\xff/", &d), Err(SurtError::Port("Port could not be cast to integer value as b\"a'\\xff\"".to_owned())));
    let digits = format!("http://{}/", "1".repeat(4301));
    assert_eq!(surt(digits.as_bytes(), &d), Err(SurtError::TooManyDigits { digits: 4301, limit: 4300 }));
    assert_eq!(key(&digits, &Options { int_max_str_digits: 0, ..d }), "199,113,28,199)/");
    assert_eq!(key(&digits, &Options { int_max_str_digits: 5000, ..d }), "199,113,28,199)/");
}
