//! [`MultiUrl`]: one text parsed by every grammar a binding's URL object answers by, and the
//! choice, per grammar, of what that object shows (its components, its text, its login
//! parts).

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::common::any::AnyUrl;
use crate::common::error::Error;
use crate::common::login::Login;
use crate::common::spec::Spec;
use crate::grammars::rfc1808::validate;
use crate::grammars::whatwg::WhatwgUrl;

/// A URL object that answers by several grammars (Python's `relurl.URL`): the text split by
/// RFC 1808 §2.4 and RFC 3986 Appendix B up front (neither fails but for a text longer than
/// `u32::MAX` bytes), and parsed by the URL Standard when first asked for, or at once for a
/// URL of [`Spec::Whatwg`]. Its grammar ([`MultiUrl::spec`]) chooses its components, its
/// text ([`MultiUrl::recombined`]) and its login parts; [`MultiUrl::for_spec`] gives its
/// parse by any grammar, to resolve by.
///
/// `S` holds the text (a `String`, a `&str`, a binding's own string object); each parse
/// keeps a copy of it, made by the `copy` closure the caller passes, so that a holder that
/// needs the interpreter to be copied (PyO3's `PyBackedStr::clone_ref`) is copied by the
/// binding.
///
/// Two `MultiUrl`s are equal when they were parsed from the same text by the same grammar:
/// then every method gives the same answer for both (the recombination may be equal for
/// unequal URLs: `http://a/b?` and `http://a/b`).
///
/// # Example
/// ```
/// use relurl::bindings::{MultiUrl, Port, Recombined};
/// use relurl::Spec;
/// let url = MultiUrl::parse("HTTP://User@A:80/b/./c?", Spec::Rfc1808, |s| *s).unwrap();
/// assert_eq!(url.own().path(), "/b/./c");
/// assert_eq!(url.hostname().as_deref(), Some("a"));
/// assert_eq!(url.port(4300), Ok(Port::Number(Some(80))));
/// assert_eq!(url.recombined(), Recombined::Rewritten("HTTP://User@A:80/b/./c".into()));
/// let whatwg = url.for_spec(Spec::Whatwg, false, |s| *s).unwrap();
/// assert_eq!(whatwg.as_str(), "http://User@a/b/c?");
/// ```
#[derive(Debug)]
pub struct MultiUrl<S: AsRef<str>> {
    /// The text split by RFC 1808 §2.4.
    rfc1808: AnyUrl<S>,
    /// The same text split by RFC 3986 Appendix B.
    rfc3986: AnyUrl<S>,
    /// The same text parsed by the URL Standard (which may fail): at once for a URL of
    /// [`Spec::Whatwg`], else when first asked for.
    whatwg: OnceLock<Result<AnyUrl<S>, Error>>,
    /// The grammar it was parsed with.
    spec: Spec,
}

/// What a [`MultiUrl`] shows as its text ([`MultiUrl::recombined`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recombined<'a> {
    /// The text it was parsed from, exactly as given (a binding can show the very object it
    /// was given).
    AsGiven,
    /// Another text: RFC 1808's §4 step 7 recombination where it differs from the input,
    /// or the URL Standard's href.
    Rewritten(Cow<'a, str>),
}

/// A [`MultiUrl`]'s port ([`MultiUrl::port`]), as its grammar gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Port<'a> {
    /// By the RFCs, urllib's answer ([`Login::port`]): a number, or `None` when absent or
    /// empty.
    Number(Option<u16>),
    /// By the URL Standard, its §6.1 `port`: `""` when none or the scheme's default.
    Text(&'a str),
}

/// The parts a [`MultiUrl`]'s login answers come from: urllib's net_loc reading for the
/// RFCs, the URL Standard's URL for it.
enum Parts<'a> {
    Login(Login<'a>),
    Standard(&'a WhatwgUrl),
}

impl<S: AsRef<str>> MultiUrl<S> {
    /// Parses `text` by RFC 1808 and RFC 3986, and (for `spec` [`Spec::Whatwg`]) by the URL
    /// Standard; `copy` makes the holder each further parse keeps.
    ///
    /// # Errors
    /// [`crate::ErrorKind::TooLong`] when `text` is longer than `u32::MAX` bytes; with
    /// [`Spec::Whatwg`], the URL Standard's failure ([`crate::ErrorKind::UrlStandard`]).
    pub fn parse(text: S, spec: Spec, copy: impl Fn(&S) -> S) -> Result<Self, Error> {
        let rfc1808 = AnyUrl::parse_owned(copy(&text), Spec::Rfc1808)?;
        let rfc3986 = AnyUrl::parse_owned(text, Spec::Rfc3986)?;
        let url = Self { rfc1808, rfc3986, whatwg: OnceLock::new(), spec };
        if spec == Spec::Whatwg {
            url.whatwg_parse(copy).as_ref().map_err(|e| *e)?;
        }
        Ok(url)
    }

    /// The grammar it was parsed with: its components, text and login parts, and the
    /// default grammar it resolves by, follow it.
    #[inline]
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// The text it was parsed from, exactly as given.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.rfc1808.as_str()
    }

    /// The holder of the text it was parsed from.
    #[inline]
    pub fn holder(&self) -> &S {
        self.rfc1808.holder()
    }

    /// This URL as parsed by its own grammar.
    #[inline]
    pub fn own(&self) -> &AnyUrl<S> {
        match (self.spec, self.whatwg.get()) {
            (Spec::Whatwg, Some(Ok(url))) => url,
            // A URL of `Spec::Whatwg` has its parse from the start: not reached.
            (Spec::Rfc3986, _) => &self.rfc3986,
            _ => &self.rfc1808,
        }
    }

    /// This URL by the URL Standard, for a URL parsed with [`Spec::Whatwg`] (whose
    /// components the RFCs lack: `href`, `origin`, ...).
    #[inline]
    pub fn standard(&self) -> Option<&WhatwgUrl> {
        self.own().whatwg()
    }

    /// This URL as parsed by the grammar of `spec`, to resolve by; the URL Standard's parse
    /// is made on the first call that asks for it (`copy` makes its holder). With `strict`,
    /// first checked against the RFC 1808 §2.2 BNF.
    ///
    /// # Errors
    /// [`crate::ErrorKind::StrictUnavailable`] for `strict` with a `spec` other than
    /// [`Spec::Rfc1808`] ([`Spec::check_strict`]); with `strict`, the first offence against
    /// the §2.2 BNF ([`crate::validate()`]); by the URL Standard, its failure to parse.
    #[inline] // on `URL.resolve`'s path, once per call
    pub fn for_spec(&self, spec: Spec, strict: bool, copy: impl FnOnce(&S) -> S) -> Result<&AnyUrl<S>, Error> {
        spec.check_strict(strict)?;
        if strict {
            validate(self.as_str())?;
        }
        match spec {
            Spec::Rfc1808 => Ok(&self.rfc1808),
            Spec::Rfc3986 => Ok(&self.rfc3986),
            Spec::Whatwg => self.whatwg_parse(copy).as_ref().map_err(|e| *e),
        }
    }

    /// The URL Standard's parse, made on the first call.
    fn whatwg_parse(&self, copy: impl FnOnce(&S) -> S) -> &Result<AnyUrl<S>, Error> {
        self.whatwg.get_or_init(|| AnyUrl::parse_owned(copy(self.holder()), Spec::Whatwg))
    }

    /// Its text (Python's `str()`): by RFC 1808 the §4 step 7 recombination (the input
    /// itself unless it has an empty `;`, `?` or `#`); by RFC 3986 the input (§5.3
    /// recomposition is lossless); by the URL Standard the href (§4.5).
    pub fn recombined(&self) -> Recombined<'_> {
        match self.spec {
            Spec::Whatwg => Recombined::Rewritten(Cow::Borrowed(self.own().as_str())),
            Spec::Rfc3986 => Recombined::AsGiven,
            Spec::Rfc1808 if self.rfc1808.recombines_losslessly() => Recombined::AsGiven,
            Spec::Rfc1808 => Recombined::Rewritten(Cow::Owned(self.rfc1808.to_string())),
        }
    }

    /// Its six components by its own grammar, in `urllib.parse.urlparse` order: scheme,
    /// net_loc, path, params, query, fragment.
    pub fn components(&self) -> [&str; 6] {
        let u = self.own();
        [u.scheme(), u.netloc(), u.path(), u.params(), u.query(), u.fragment()]
    }

    /// Where its login answers come from, by its own grammar.
    fn parts(&self) -> Parts<'_> {
        match self.own() {
            AnyUrl::Rfc1808(url) => Parts::Login(url.login()),
            AnyUrl::Rfc3986(url) => Parts::Login(url.login()),
            AnyUrl::Whatwg(_, url) => Parts::Standard(url),
        }
    }

    /// The user name: by the URL Standard its §6.1 `username`; by the RFCs urllib's
    /// ([`Login::username`]: `None` without an `@`).
    pub fn username(&self) -> Option<&str> {
        match self.parts() {
            Parts::Login(login) => login.username(),
            Parts::Standard(url) => Some(url.username()),
        }
    }

    /// The password: by the URL Standard its §6.1 `password`; by the RFCs urllib's
    /// ([`Login::password`]: `None` without an `@` or without a `:` before it).
    pub fn password(&self) -> Option<&str> {
        match self.parts() {
            Parts::Login(login) => login.password(),
            Parts::Standard(url) => Some(url.password()),
        }
    }

    /// The host name: by the URL Standard its §6.1 `hostname` (`""` without a host); by the
    /// RFCs urllib's ([`Login::hostname`]: lower-cased, without an IPv6 address's brackets,
    /// `None` when empty).
    pub fn hostname(&self) -> Option<Cow<'_, str>> {
        match self.parts() {
            Parts::Login(login) => login.hostname(),
            Parts::Standard(url) => Some(Cow::Borrowed(url.hostname())),
        }
    }

    /// The registered domain of the host name by `list`
    /// ([`crate::public_suffix::PublicSuffixList::registered_domain`]); `None` without a host
    /// name, for an IP address, where the host is a public suffix itself, and where the host
    /// is not a host name (RFC 1808 and RFC 3986 split any `net_loc`: `http://a b/` has the
    /// host `a b`, which has no registered domain; the URL Standard's hosts always are).
    pub fn registered_domain(&self, list: &crate::public_suffix::PublicSuffixList) -> Option<String> {
        let host = self.hostname()?;
        list.registered_domain(&host).ok().flatten().map(Cow::into_owned)
    }

    /// The port: by the URL Standard its §6.1 `port` ([`Port::Text`]); by the RFCs urllib's
    /// ([`Port::Number`]), read with at most `int_max_str_digits` digits as Python's `int()`
    /// reads ([`Login::with_int_max_str_digits`]).
    ///
    /// # Errors
    /// By the RFCs, [`Login::port`]'s `BadPort` where urllib raises `ValueError`.
    pub fn port(&self, int_max_str_digits: usize) -> Result<Port<'_>, Error> {
        match self.parts() {
            Parts::Login(login) => login.with_int_max_str_digits(int_max_str_digits).port().map(Port::Number),
            Parts::Standard(url) => Ok(Port::Text(url.port())),
        }
    }
}

impl<S: AsRef<str>> PartialEq for MultiUrl<S> {
    /// The same text parsed by the same grammar.
    fn eq(&self, other: &Self) -> bool {
        self.spec == other.spec && self.as_str() == other.as_str()
    }
}

impl<S: AsRef<str>> Eq for MultiUrl<S> {}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::{MultiUrl, Port, Recombined};
    use crate::common::error::ErrorKind;
    use crate::common::spec::Spec;

    /// `text` parsed by `spec`, its holder copied as a `String`.
    fn parse(text: &str, spec: Spec) -> MultiUrl<String> {
        MultiUrl::parse(text.to_owned(), spec, String::clone).unwrap()
    }

    #[test]
    fn each_grammar_splits_by_its_own_rules() {
        let text = "http://a/b;p?q#f";
        let rfc1808 = parse(text, Spec::Rfc1808);
        assert_eq!(rfc1808.spec(), Spec::Rfc1808);
        assert_eq!(rfc1808.components(), ["http", "a", "/b", "p", "q", "f"]);
        let rfc3986 = parse(text, Spec::Rfc3986);
        assert_eq!(rfc3986.components(), ["http", "a", "/b;p", "", "q", "f"]);
        let whatwg = parse("HTTP://A/b/../c", Spec::Whatwg);
        assert_eq!(whatwg.components(), ["http", "a", "/c", "", "", ""]);
        assert_eq!(whatwg.as_str(), "HTTP://A/b/../c");
        assert_eq!(whatwg.standard().map(crate::whatwg::WhatwgUrl::href), Some("http://a/c"));
        assert!(rfc1808.standard().is_none() && rfc3986.standard().is_none());
    }

    #[test]
    fn for_spec_gives_each_grammars_parse() {
        let url = parse("http://a/b;p?q", Spec::Rfc1808);
        assert_eq!(url.for_spec(Spec::Rfc1808, false, String::clone).unwrap().params(), "p");
        assert_eq!(url.for_spec(Spec::Rfc3986, false, String::clone).unwrap().path(), "/b;p");
        assert_eq!(url.for_spec(Spec::Whatwg, false, String::clone).unwrap().path(), "/b;p");
        // Asked of an RFC URL, another grammar's parse does not change its own.
        assert_eq!(url.own().spec(), Spec::Rfc1808);
        assert_eq!(url.components()[3], "p");
    }

    #[test]
    fn the_url_standard_parses_once_and_only_when_asked() {
        let copies = Cell::new(0);
        let copy = |s: &String| {
            copies.set(copies.get() + 1);
            s.clone()
        };
        let url = MultiUrl::parse("http://a/b".to_owned(), Spec::Rfc1808, copy).unwrap();
        assert_eq!(copies.get(), 1, "one copy for the two RFC parses");
        assert!(url.whatwg.get().is_none());
        url.for_spec(Spec::Whatwg, false, copy).unwrap();
        url.for_spec(Spec::Whatwg, false, copy).unwrap();
        assert_eq!(copies.get(), 2, "the URL Standard's parse is made once");
        let whatwg = MultiUrl::parse("http://a/b".to_owned(), Spec::Whatwg, copy).unwrap();
        assert!(whatwg.whatwg.get().is_some());
        assert_eq!(copies.get(), 4);
    }

    #[test]
    fn the_url_standards_failure() {
        let failure = MultiUrl::parse("http://[::1/".to_owned(), Spec::Whatwg, String::clone).unwrap_err();
        assert!(matches!(failure.kind(), ErrorKind::UrlStandard { .. }), "{failure:?}");
        // Parsed by an RFC, the same text fails only when the URL Standard's parse is asked for.
        let url = parse("http://[::1/", Spec::Rfc1808);
        assert_eq!(url.for_spec(Spec::Whatwg, false, String::clone).unwrap_err(), failure);
        assert_eq!(url.for_spec(Spec::Whatwg, false, String::clone).unwrap_err(), failure);
    }

    #[test]
    fn strict_checks_the_rfc_1808_bnf() {
        let url = parse("http://a/b c", Spec::Rfc1808);
        assert!(url.for_spec(Spec::Rfc1808, false, String::clone).is_ok());
        let offence = url.for_spec(Spec::Rfc1808, true, String::clone).unwrap_err();
        assert_eq!(offence, crate::validate("http://a/b c").unwrap_err());
        assert_eq!(offence.offset(), 10);
        assert!(parse("http://a/b", Spec::Rfc1808).for_spec(Spec::Rfc1808, true, String::clone).is_ok());
        for spec in [Spec::Rfc3986, Spec::Whatwg] {
            let error = url.for_spec(spec, true, String::clone).unwrap_err();
            assert_eq!((error.kind(), error.offset()), (ErrorKind::StrictUnavailable, 0));
        }
    }

    #[test]
    fn recombined_by_grammar() {
        assert_eq!(parse("http://a/b", Spec::Rfc1808).recombined(), Recombined::AsGiven);
        assert_eq!(parse("http://a/b?", Spec::Rfc1808).recombined(), Recombined::Rewritten("http://a/b".into()));
        assert_eq!(parse("http://a/b?", Spec::Rfc3986).recombined(), Recombined::AsGiven);
        assert_eq!(parse("HTTP://A/b?", Spec::Whatwg).recombined(), Recombined::Rewritten("http://a/b?".into()));
    }

    #[test]
    fn login_parts_by_grammar() {
        let text = "http://User:Pw@EXAMPLE.com:0080/";
        for spec in [Spec::Rfc1808, Spec::Rfc3986] {
            let url = parse(text, spec);
            assert_eq!((url.username(), url.password()), (Some("User"), Some("Pw")));
            assert_eq!(url.hostname().as_deref(), Some("example.com"));
            assert_eq!(url.port(4300), Ok(Port::Number(Some(80))));
        }
        let url = parse(text, Spec::Whatwg);
        assert_eq!((url.username(), url.password()), (Some("User"), Some("Pw")));
        assert_eq!(url.hostname().as_deref(), Some("example.com"));
        assert_eq!(url.port(4300), Ok(Port::Text("")));
        let bare = parse("http://host/", Spec::Rfc1808);
        assert_eq!((bare.username(), bare.password()), (None, None));
        assert_eq!(parse("http://host/", Spec::Whatwg).username(), Some(""));
        assert_eq!(parse("file:///x", Spec::Rfc1808).hostname(), None);
        assert_eq!(parse("file:///x", Spec::Whatwg).hostname().as_deref(), Some(""));
    }

    #[test]
    fn a_bad_port_by_the_rfcs() {
        for text in ["http://a:x/", "http://a:65536/"] {
            let error = parse(text, Spec::Rfc1808).port(4300).unwrap_err();
            assert!(matches!(error.kind(), ErrorKind::BadPort { .. }), "{text}: {error:?}");
        }
        let digits = format!("http://a:{}/", "0".repeat(5000));
        let url = parse(&digits, Spec::Rfc1808);
        let error = url.port(4300).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::BadPort { reason: crate::Login::PORT_TOO_MANY_DIGITS });
        assert_eq!(url.port(0), Ok(Port::Number(Some(0))));
    }

    #[test]
    fn equal_when_the_same_text_by_the_same_grammar() {
        assert_eq!(parse("http://a/b", Spec::Rfc1808), parse("http://a/b", Spec::Rfc1808));
        assert_ne!(parse("http://a/b", Spec::Rfc1808), parse("http://a/b", Spec::Rfc3986));
        assert_ne!(parse("http://a/b?", Spec::Rfc1808), parse("http://a/b", Spec::Rfc1808));
    }
}
