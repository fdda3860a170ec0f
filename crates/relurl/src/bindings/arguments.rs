//! The other arguments' rules every binding shares: `encoding=` with its spec
//! ([`encoding`]), the grammar a column of bases resolves by ([`BasesGrammar`]), the modes
//! of a row-at-a-time entry point's `errors=` ([`row_error_mode`]), and the names of a
//! base's source ([`base_source`]) and of a link's kind ([`special`]), each with the message
//! a binding raises for a bad value ([`ArgumentError`], [`EncodingError`]). A binding
//! converts its language's value and hands it here.

use core::fmt;

use crate::bindings::batch::ErrorMode;
use crate::whatwg::Encoding;
use crate::{BaseSource, Spec};

/// A bad argument: a value outside its choices. Its `Display` is the message a binding
/// raises (Python: a `ValueError`, or a `TypeError` where the binding says so).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgumentError(String);

impl ArgumentError {
    /// `argument` must be `choices` (as written), not `shown` (the value as the binding's
    /// language writes it, e.g. Python's `repr`).
    pub fn shown(argument: &str, choices: &str, shown: &str) -> Self {
        Self(format!("{argument} must be {choices}, not {shown}"))
    }
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ArgumentError {}

/// `choices` quoted and listed, for a message: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
pub fn one_of(choices: &[&str]) -> String {
    let quoted: Vec<String> = choices.iter().map(|c| format!("'{c}'")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The modes of `errors=` for an entry point that works a row at a time (Spark's): no list
/// of failures to hand back, so no [`ErrorMode::Report`].
pub const ROW_ERROR_MODES: [ErrorMode; 2] = [ErrorMode::Raise, ErrorMode::Null];

/// The mode named `name`, one of [`ROW_ERROR_MODES`]; `shown` writes `name` as the
/// binding's language does, for the message (called only for one).
///
/// # Errors
/// An [`ArgumentError`] naming those modes, for any other name.
pub fn row_error_mode(name: &str, shown: impl FnOnce() -> String) -> Result<ErrorMode, ArgumentError> {
    let names = ROW_ERROR_MODES.map(ErrorMode::name);
    ROW_ERROR_MODES.into_iter().find(|mode| mode.name() == name).ok_or_else(|| ArgumentError::shown("errors", &one_of(&names), &shown()))
}

/// A bad `encoding=`: given with a spec that has none, or a label that names no encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EncodingError {
    /// `encoding=` with a spec other than the URL Standard (RFC 1808 and RFC 3986 have no
    /// encoding; Python: a `ValueError`).
    NeedsWhatwg(Spec),
    /// A label the Encoding Standard does not know (Python: a `LookupError`, as its codecs
    /// raise).
    UnknownLabel(String),
}

impl fmt::Display for EncodingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NeedsWhatwg(spec) => write!(f, "encoding= is the URL Standard's: it needs spec='whatwg', not spec='{spec}'"),
            Self::UnknownLabel(label) => write!(f, "unknown encoding: {label:?} is not a label of the Encoding Standard"),
        }
    }
}

impl std::error::Error for EncodingError {}

/// The `encoding` argument with the `spec` it goes with: a label of the Encoding Standard
/// ("get an encoding": ASCII case-insensitive, surrounding whitespace ignored, e.g.
/// `"windows-1251"`), the encoding the URL Standard percent-encodes the query of a special
/// URL in; only with [`Spec::Whatwg`].
///
/// # Errors
/// [`EncodingError::NeedsWhatwg`] for another spec (checked first), else
/// [`EncodingError::UnknownLabel`] for a label of no encoding.
pub fn encoding(label: &str, spec: Spec) -> Result<&'static Encoding, EncodingError> {
    if spec != Spec::Whatwg {
        return Err(EncodingError::NeedsWhatwg(spec));
    }
    Encoding::for_label(label.as_bytes()).ok_or_else(|| EncodingError::UnknownLabel(label.to_owned()))
}

/// The grammar a column of bases resolves by, without `spec=`: the one its bases agree on
/// (a parsed URL brings its own grammar, a string RFC 1808's), RFC 1808 when there is none
/// (every base null). A binding shows it each base in order ([`BasesGrammar::see`]) and asks
/// for the answer ([`BasesGrammar::decide`]).
#[derive(Debug, Default)]
pub struct BasesGrammar {
    /// The first base of each grammar: its index, grammar, and kind (for the message).
    first: Vec<(usize, Spec, &'static str)>,
}

impl BasesGrammar {
    /// Base `index`, of `grammar`, of the binding's kind `kind` (`"str"`, `"URL"`).
    pub fn see(&mut self, index: usize, grammar: Spec, kind: &'static str) {
        if !self.first.iter().any(|&(_, g, _)| g == grammar) {
            self.first.push((index, grammar, kind));
        }
    }

    /// `spec` when given; else the grammar the bases agree on, RFC 1808 for none.
    ///
    /// # Errors
    /// Without `spec`, an [`ArgumentError`] naming the first bases of two grammars (Python:
    /// a `TypeError`, the bases' types disagreeing).
    pub fn decide(self, spec: Option<Spec>) -> Result<Spec, ArgumentError> {
        match (spec, self.first.as_slice()) {
            (Some(spec), _) => Ok(spec),
            (None, [(i, first, a), (j, second, b), ..]) => Err(ArgumentError(format!(
                "bases mix grammars: bases[{i}] ({a}, {first}) and bases[{j}] ({b}, {second}); a URL base resolves by the grammar \
                 it was parsed with, a str base by rfc1808: pass spec= to choose one"
            ))),
            (None, first) => Ok(first.first().map_or(Spec::Rfc1808, |&(_, g, _)| g)),
        }
    }
}

/// The source of an established base named `name` ([`BaseSource::name`]); `shown` writes
/// `name` as the binding's language does, for the message (called only for one).
///
/// # Errors
/// An [`ArgumentError`] naming the sources, for any other name.
pub fn base_source(name: &str, shown: impl FnOnce() -> String) -> Result<BaseSource, ArgumentError> {
    BaseSource::from_name(name).ok_or_else(|| ArgumentError::shown("source", &one_of(&BaseSource::ALL.map(BaseSource::name)), &shown()))
}

/// The kind of link named `name` ([`Special::name`](crate::links::Special::name)); `shown`
/// writes `name` as the binding's language does, for the message (called only for one,
/// which names `None` too: no kind).
///
/// # Errors
/// An [`ArgumentError`] naming the kinds, for any other name.
#[cfg(feature = "links")]
pub fn special(name: &str, shown: impl FnOnce() -> String) -> Result<crate::links::Special, ArgumentError> {
    use crate::links::Special;
    Special::from_name(name)
        .ok_or_else(|| ArgumentError::shown("special", &format!("None, {}", one_of(&Special::ALL.map(Special::name))), &shown()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_and_messages() {
        assert_eq!(one_of(&["a"]), "'a'");
        assert_eq!(one_of(&["a", "b", "c"]), "'a', 'b' or 'c'");
        assert_eq!(row_error_mode("null", || unreachable!()), Ok(ErrorMode::Null));
        let e = row_error_mode("report", || "'report'".into()).unwrap_err();
        assert_eq!(e.to_string(), "errors must be 'raise' or 'null', not 'report'");
        assert_eq!(encoding("latin1", Spec::Whatwg).map(Encoding::name), Ok("windows-1252"));
        let e = encoding("latin1", Spec::Rfc3986).unwrap_err();
        assert_eq!(e.to_string(), "encoding= is the URL Standard's: it needs spec='whatwg', not spec='rfc3986'");
        assert_eq!(encoding("x", Spec::Whatwg), Err(EncodingError::UnknownLabel("x".into())));
        assert_eq!(base_source("html", || unreachable!()), Ok(BaseSource::HtmlBase));
        assert_eq!(
            base_source("x", || "'x'".into()).unwrap_err().to_string(),
            "source must be 'html', 'base-header', 'content-base', 'content-location', 'encapsulating', 'retrieval' or 'empty', not 'x'"
        );
        #[cfg(feature = "links")]
        assert_eq!(
            special("x", || "'x'".into()).unwrap_err().to_string(),
            "special must be None, 'javascript', 'mailto', 'data' or 'fragment', not 'x'"
        );
    }

    #[test]
    fn bases_grammar() {
        assert_eq!(BasesGrammar::default().decide(None), Ok(Spec::Rfc1808));
        let mut urls = BasesGrammar::default();
        urls.see(0, Spec::Whatwg, "URL");
        urls.see(3, Spec::Whatwg, "URL");
        assert_eq!(urls.decide(None), Ok(Spec::Whatwg));
        let mixed = || {
            let mut mixed = BasesGrammar::default();
            mixed.see(2, Spec::Whatwg, "URL");
            mixed.see(5, Spec::Rfc1808, "str");
            mixed
        };
        assert_eq!(mixed().decide(Some(Spec::Rfc3986)), Ok(Spec::Rfc3986));
        let message = mixed().decide(None).unwrap_err().to_string();
        assert!(message.starts_with("bases mix grammars: bases[2] (URL, whatwg) and bases[5] (str, rfc1808);"), "{message}");
    }
}
