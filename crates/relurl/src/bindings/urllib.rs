//! How a binding tells which CPython `urllib.parse` it runs in: the probes to run in it
//! (one per [`Dialect`] switch), the dialect their answers make ([`dialect_from_probes`]),
//! whether the twin can serve it ([`usable`]), and the pairs that check the twin against it
//! once ([`SELF_CHECK`], [`agrees`]).

use crate::urllib::{Brackets, Checks, Dialect, JoinRule, Lenient, Unsplit, Urllib, UrllibError};

/// URLs for `urlsplit(url)`: does it raise `ValueError`? A bracketed host that is no IP
/// address, then text before a bracket.
pub const REJECT_PROBES: [&str; 2] = ["http://[x]/", "http://a[::1]/"];

/// Calls of `urlunsplit` / `urlunparse` (the function's name, its one tuple argument).
pub const UNSPLIT_PROBES: [(&str, &[&str]); 3] =
    [("urlunsplit", &["http", "", "a", "", ""]), ("urlunsplit", &["", "", "//a", "", ""]), ("urlunparse", &["http", "", "", "p", "", ""])];

/// Pairs for `urljoin(base, url)`.
pub const JOIN_PROBES: [(&str, &str); 3] = [("http://a/b?q#f", "#"), ("http://a/b/c;p", ".;x"), ("/s/", "x")];

/// URLs for `urlsplit(url).scheme`: a tab inside the scheme, a leading C0 control, a scheme
/// starting with a digit.
pub const SCHEME_PROBES: [&str; 3] = ["ht\ttp://a", "\u{1}http://a", "1a:b"];

/// What the running urllib answered to each probe, in the probe tables' order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProbeAnswers {
    /// For each of [`REJECT_PROBES`]: whether `urlsplit` raised `ValueError`.
    pub rejects: [bool; 2],
    /// The strings [`UNSPLIT_PROBES`] returned.
    pub unsplit: [String; 3],
    /// The strings [`JOIN_PROBES`] returned.
    pub joins: [String; 3],
    /// The schemes [`SCHEME_PROBES`] split into.
    pub schemes: [String; 3],
}

/// The dialect the probes' answers make, or `None` when an answer fits no known CPython
/// (then every call should go to urllib itself).
pub fn dialect_from_probes(answers: &ProbeAnswers) -> Option<Dialect> {
    let brackets = match answers.rejects {
        [false, false] => Brackets::None,
        [true, false] => Brackets::Host,
        [true, true] => Brackets::Netloc,
        [false, true] => return None,
    };
    let [a, b, c] = &answers.unsplit;
    let unsplit = match (&**a, &**b, &**c) {
        ("http:///a", "//a", "http:///;p") => Unsplit::AddAuthority,
        ("http:a", "////a", "http:;p") => Unsplit::KeepPath,
        ("http:a", "////a", "http:///;p") => Unsplit::KeepPathBeforeParams,
        _ => return None,
    };
    let [fragment, params, relative] = &answers.joins;
    let join = match (&**fragment, &**params) {
        ("http://a/b?q", "http://a/b/;x") => JoinRule::Parse,
        ("http://a/b?q#", "http://a/b/.;x") => JoinRule::Defined,
        _ => return None,
    };
    if relative != "/s/x" {
        return None; // 3.14.0a1's gh-125926
    }
    let [tab, control, digit] = &answers.schemes;
    Some(Dialect {
        remove_tab_newline: tab == "http",
        strip_c0_space: control == "http",
        scheme_starts_alpha: digit.is_empty(),
        brackets,
        unsplit,
        join,
    })
}

/// Whether the twin can serve `dialect` given which of urllib's private checks the running
/// urllib has (`_checknetloc`, `_check_bracketed_host`): a urllib lacking one it needs gets
/// every call.
pub fn usable(dialect: &Dialect, has_checknetloc: bool, has_check_bracketed_host: bool) -> bool {
    has_checknetloc && (dialect.brackets == Brackets::None || has_check_bracketed_host)
}

/// Pairs whose answers tell the urllib versions apart, checked once against urllib
/// ([`agrees`]).
pub const SELF_CHECK: [(&str, &str); 16] = [
    ("http://a/b/c/d;p?q#f", "../../../g"),
    ("http://a/b/c/d;p?q#f", ";x"),
    ("http://a/b/c/d;p?q#f", "g;x=1/../y"),
    ("http://a/b?q#f", "?"),
    ("http://a/b?q#f", "http:"),
    ("http:/a/b", "c"),
    ("http:a", "b"),
    ("file:///a/b", "./"),
    ("/static/", "a/../b"),
    ("http://a/b", "//"),
    ("http://a/b", "////c"),
    ("http://a/b", "/.//c"),
    (" \tHTTP://A/b", " \x01c\nd"),
    ("svn+ssh://h/a", "b"),
    ("http://a/b", "1a:b"),
    ("http://a/b", "//[::1]:80/c"),
];

/// urllib's answer to a `urljoin` of [`SELF_CHECK`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JoinAnswer {
    /// It returned this string.
    Joined(String),
    /// It raised: whether a `ValueError`, and the exception's text.
    Raised {
        /// The exception is a `ValueError`.
        value_error: bool,
        /// Its text (`str(e)`), `None` when unreadable.
        message: Option<String>,
    },
    /// It returned something that is not a string.
    Other,
}

/// Whether the twin `urllib` answers [`SELF_CHECK`] as the running urllib does: `join` and
/// `split` give urllib's `urljoin(base, url)` and `urlsplit(url)` (`None` when it raised or
/// returned no five strings); `checks` are the checks calls use and `check_message` the
/// text of one's error (`None` when unreadable). Stops at the first difference.
pub fn agrees<C: Checks>(
    urllib: &Urllib,
    checks: &mut C,
    check_message: impl Fn(&C::Error) -> Option<String>,
    mut join: impl FnMut(&str, &str) -> JoinAnswer,
    mut split: impl FnMut(&str) -> Option<[String; 5]>,
) -> bool {
    SELF_CHECK.iter().all(|&(base, url)| {
        let same = match (join(base, url), urllib.urljoin(base, url, true, checks)) {
            (JoinAnswer::Joined(theirs), Ok(ours)) => theirs == ours,
            (JoinAnswer::Raised { value_error, .. }, Err(UrllibError::InvalidIpv6Url)) => value_error,
            (JoinAnswer::Raised { message: Some(theirs), .. }, Err(UrllibError::Check(ours))) => {
                check_message(&ours).is_some_and(|ours| ours == theirs)
            }
            _ => false,
        };
        if !same {
            return false;
        }
        match (split(url), urllib.urlsplit(url, "", true, &mut Lenient)) {
            (Some(t), Ok(o)) => t == [&*o.scheme, &*o.netloc, &*o.path, &*o.query, &*o.fragment],
            (None, Err(_)) => true,
            _ => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answers CPython `version` gives, from the core's own twin of it.
    fn answers_of(version: (u8, u8, u8)) -> ProbeAnswers {
        let urllib = Urllib::cpython(version.0, version.1, version.2);
        // `[x]` is refused by urllib's `_check_bracketed_host` (`ipaddress`), which the
        // lenient checks pass: where urllib has that check, it raises.
        let [host, netloc] = REJECT_PROBES.map(|url| urllib.urlsplit(url, "", true, &mut Lenient).is_err());
        let rejects = [host || urllib.dialect().brackets != Brackets::None, netloc];
        let split = |url| urllib.urlsplit(url, "", true, &mut Lenient).unwrap();
        let joins = JOIN_PROBES.map(|(base, url)| urllib.urljoin(base, url, true, &mut Lenient).unwrap().into_owned());
        let schemes = SCHEME_PROBES.map(|url| split(url).scheme.into_owned());
        let unsplit = match urllib.dialect().unsplit {
            Unsplit::AddAuthority => ["http:///a", "//a", "http:///;p"],
            Unsplit::KeepPath => ["http:a", "////a", "http:;p"],
            Unsplit::KeepPathBeforeParams => ["http:a", "////a", "http:///;p"],
        };
        ProbeAnswers { rejects, unsplit: unsplit.map(String::from), joins, schemes }
    }

    #[test]
    fn probes_find_each_version_table_dialect() {
        for version in [(3, 9, 0), (3, 9, 5), (3, 10, 12), (3, 11, 4), (3, 12, 0), (3, 12, 4), (3, 13, 0), (3, 14, 0)] {
            let dialect = dialect_from_probes(&answers_of(version));
            assert_eq!(dialect, Some(Dialect::for_python(version.0, version.1, version.2)), "{version:?}");
        }
    }

    #[test]
    fn unknown_answers_give_none() {
        let known = answers_of((3, 12, 0));
        let mut bad = known.clone();
        bad.rejects = [false, true];
        assert_eq!(dialect_from_probes(&bad), None);
        let mut bad = known.clone();
        bad.joins[2] = "/x".into();
        assert_eq!(dialect_from_probes(&bad), None);
        let mut bad = known;
        bad.unsplit[0] = "?".into();
        assert_eq!(dialect_from_probes(&bad), None);
    }

    #[test]
    fn usable_needs_the_checks() {
        let mut dialect = Dialect::for_python(3, 12, 0);
        assert!(!usable(&dialect, false, true));
        dialect.brackets = Brackets::Host;
        assert!(usable(&dialect, true, true) && !usable(&dialect, true, false));
        dialect.brackets = Brackets::None;
        assert!(usable(&dialect, true, false));
    }

    #[test]
    fn self_check_agrees_with_itself_and_not_with_another_version() {
        let theirs = Urllib::cpython(3, 12, 0);
        let join = |u: &Urllib, base: &str, url: &str| match u.urljoin(base, url, true, &mut Lenient) {
            Ok(joined) => JoinAnswer::Joined(joined.into_owned()),
            Err(_) => JoinAnswer::Raised { value_error: true, message: None },
        };
        let split = |u: &Urllib, url: &str| {
            u.urlsplit(url, "", true, &mut Lenient)
                .ok()
                .map(|s| [s.scheme, s.netloc, s.path, s.query, s.fragment].map(std::borrow::Cow::into_owned))
        };
        let ours = Urllib::cpython(3, 12, 0);
        assert!(agrees(&ours, &mut Lenient, |_| None, |b, u| join(&theirs, b, u), |u| split(&theirs, u)));
        let older = Urllib::cpython(3, 9, 0);
        assert!(!agrees(&older, &mut Lenient, |_| None, |b, u| join(&theirs, b, u), |u| split(&theirs, u)));
    }
}
