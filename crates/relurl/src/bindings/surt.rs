//! `surt.surt`'s keyword options and arguments as a binding reads them: the one list of
//! their names, defaults and the [`Options`] fields they set, the canonicalizer names and
//! the key of no URL.

use crate::bindings::arguments::ArgumentError;
use crate::surt::{Canonicalizer, Options};

/// What a keyword option of surt does.
#[derive(Clone, Copy)]
pub enum Effect {
    /// Sets a field of [`Options`]; its default is [`Options::default`]'s.
    Field(fn(&mut Options) -> &mut bool),
    /// Accepted and changes nothing, as in surt (`auth_strip_user`, `auth_strip_pass`,
    /// `hash_strip`); surt's default.
    Ignored(bool),
}

/// surt's keyword options, in the order of `surt.surt`'s signature (and `relurl.surt`'s):
/// the one list of their names, of the fields they set and of their defaults.
pub const KEYWORDS: [(&str, Effect); 19] = [
    ("surt", Effect::Field(|o| &mut o.surt)),
    ("with_scheme", Effect::Field(|o| &mut o.with_scheme)),
    ("trailing_comma", Effect::Field(|o| &mut o.trailing_comma)),
    ("reverse_ipaddr", Effect::Field(|o| &mut o.reverse_ipaddr)),
    ("public_suffix", Effect::Field(|o| &mut o.public_suffix)),
    ("host_lowercase", Effect::Field(|o| &mut o.ia.host_lowercase)),
    ("host_massage", Effect::Field(|o| &mut o.ia.host_massage)),
    ("auth_strip_user", Effect::Ignored(true)),
    ("auth_strip_pass", Effect::Ignored(true)),
    ("port_strip_default", Effect::Field(|o| &mut o.ia.port_strip_default)),
    ("path_strip_empty", Effect::Field(|o| &mut o.ia.path_strip_empty)),
    ("path_lowercase", Effect::Field(|o| &mut o.ia.path_lowercase)),
    ("path_strip_session_id", Effect::Field(|o| &mut o.ia.path_strip_session_id)),
    ("path_strip_trailing_slash_unless_empty", Effect::Field(|o| &mut o.ia.path_strip_trailing_slash_unless_empty)),
    ("query_lowercase", Effect::Field(|o| &mut o.ia.query_lowercase)),
    ("query_strip_session_id", Effect::Field(|o| &mut o.ia.query_strip_session_id)),
    ("query_strip_empty", Effect::Field(|o| &mut o.ia.query_strip_empty)),
    ("query_alpha_reorder", Effect::Field(|o| &mut o.ia.query_alpha_reorder)),
    ("hash_strip", Effect::Ignored(true)),
];

/// The keyword options given to a call, in [`KEYWORDS`]' order: `None` when not passed
/// (the default stays), else the value's truth, as surt reads it (`if surt:`).
pub type Given = [Option<bool>; KEYWORDS.len()];

/// No keyword option given.
pub const NONE_GIVEN: Given = [None; KEYWORDS.len()];

/// surt's key of no URL: `surt.surt(None)` is `"-"`, as for an empty URL.
pub const NO_URL_KEY: &str = "-";

/// Whether `names` are [`KEYWORDS`]' names, all of them, in its order (a binding checks its
/// signature with it at build time).
pub const fn are_keywords(names: &[&str]) -> bool {
    if names.len() != KEYWORDS.len() {
        return false;
    }
    let mut i = 0;
    while i < names.len() {
        let (name, known) = (names[i].as_bytes(), KEYWORDS[i].0.as_bytes());
        if name.len() != known.len() {
            return false;
        }
        let mut j = 0;
        while j < name.len() {
            if name[j] != known[j] {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}

/// The index in [`KEYWORDS`] (and [`Given`]) of the option `name`.
pub fn keyword_index(name: &str) -> Option<usize> {
    KEYWORDS.iter().position(|(known, _)| *known == name)
}

/// Each keyword option's name and default, in [`KEYWORDS`]' order.
pub fn keyword_defaults() -> Vec<(&'static str, bool)> {
    let mut defaults = Options::default();
    KEYWORDS
        .iter()
        .map(|&(name, effect)| match effect {
            Effect::Field(field) => (name, *field(&mut defaults)),
            Effect::Ignored(default) => (name, default),
        })
        .collect()
}

/// `options` with the keywords `given` set.
pub fn apply_keywords(mut options: Options, given: &Given) -> Options {
    for (&(_, effect), &given) in KEYWORDS.iter().zip(given) {
        let Some(value) = given else { continue };
        match effect {
            Effect::Field(field) => *field(&mut options) = value,
            Effect::Ignored(_) => {}
        }
    }
    options
}

/// The names of surt's canonicalizers a binding accepts, as `canonicalizer` argument.
pub const CANONICALIZER_NAMES: [(&str, Canonicalizer); 3] =
    [("default", Canonicalizer::Default), ("google", Canonicalizer::Google), ("ia", Canonicalizer::Ia)];

/// The canonicalizer named `name` ([`CANONICALIZER_NAMES`]).
pub fn canonicalizer_named(name: &str) -> Option<Canonicalizer> {
    CANONICALIZER_NAMES.iter().find(|(known, _)| *known == name).map(|&(_, c)| c)
}

/// What a `canonicalizer` argument may be, for a message: `None or one of 'default',
/// 'google', 'ia'` ([`CANONICALIZER_NAMES`]).
pub fn canonicalizer_choices() -> String {
    let names: Vec<String> = CANONICALIZER_NAMES.iter().map(|(name, _)| format!("'{name}'")).collect();
    format!("None or one of {}", names.join(", "))
}

/// The canonicalizer named `name`, checked.
///
/// # Errors
/// An [`ArgumentError`] naming the choices ([`canonicalizer_choices`]) for another name.
pub fn canonicalizer(name: &str) -> Result<Canonicalizer, ArgumentError> {
    canonicalizer_named(name).ok_or_else(|| ArgumentError::shown("canonicalizer", &canonicalizer_choices(), &format!("{name:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_cores() {
        let defaults = keyword_defaults();
        assert_eq!(defaults.len(), 19);
        assert_eq!(defaults[0], ("surt", true));
        assert_eq!(defaults[1], ("with_scheme", false));
        assert_eq!(defaults[4], ("public_suffix", false));
        assert_eq!(defaults[10], ("path_strip_empty", false));
        assert_eq!(defaults[18], ("hash_strip", true));
        assert_eq!(keyword_index("hash_strip"), Some(18));
        assert_eq!(keyword_index("nope"), None);
        let names: Vec<&str> = KEYWORDS.iter().map(|k| k.0).collect();
        assert!(are_keywords(&names));
        assert!(!are_keywords(&names[1..]));
    }

    #[test]
    fn apply_sets_fields() {
        let mut given = NONE_GIVEN;
        assert_eq!(apply_keywords(Options::default(), &given), Options::default());
        given[keyword_index("surt").unwrap()] = Some(false);
        given[keyword_index("query_alpha_reorder").unwrap()] = Some(false);
        given[keyword_index("hash_strip").unwrap()] = Some(false);
        given[keyword_index("public_suffix").unwrap()] = Some(false);
        let options = apply_keywords(Options::default(), &given);
        assert!(!options.surt && !options.ia.query_alpha_reorder && !options.public_suffix);
        given[keyword_index("public_suffix").unwrap()] = Some(true);
        assert!(apply_keywords(Options::default(), &given).public_suffix);
    }

    #[test]
    fn canonicalizers_and_no_url() {
        assert_eq!(canonicalizer_named("ia"), Some(Canonicalizer::Ia));
        assert_eq!(canonicalizer_named("google"), Some(Canonicalizer::Google));
        assert_eq!(canonicalizer_named("default"), Some(Canonicalizer::Default));
        assert_eq!(canonicalizer_named("IA"), None);
        assert_eq!(
            canonicalizer("IA").unwrap_err().to_string(),
            "canonicalizer must be None or one of 'default', 'google', 'ia', not \"IA\""
        );
        assert_eq!(crate::surt::surt_str("", &Options::default()).unwrap(), NO_URL_KEY);
    }
}
