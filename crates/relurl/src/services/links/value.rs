//! From the attribute text the tokenizer hands over to the attribute's DOM value, and what
//! kind of link a value is.

use std::borrow::Cow;

/// The DOM value of an attribute whose source text (between the quotes, already decoded
/// from the page's encoding) is `text`, by the HTML standard's parsing rules:
///
/// 1. "Preprocessing the input stream" (§13.2.3.5): each CR LF pair and each lone CR
///    becomes LF;
/// 2. the attribute value states (§13.2.5.36–38): U+0000 becomes U+FFFD;
/// 3. character references (§13.2.5.72–80) are decoded with the rules for attribute
///    values: a named reference without `;` followed by `=` or an ASCII alphanumeric
///    stays as written ("for historical reasons"), numeric ones map through the
///    windows-1252 table for 0x80–0x9F, and NUL, surrogates and values past U+10FFFF
///    become U+FFFD ([`htmlize::unescape_attribute`]).
///
/// The steps run in the standard's order: newlines are normalised before references are
/// decoded, so `&#13;` stays a CR.
pub(crate) fn dom_value(text: String) -> String {
    if !text.bytes().any(|b| matches!(b, b'\r' | b'\0' | b'&')) {
        return text;
    }
    let mut value = text;
    if value.contains('\r') {
        value = value.replace("\r\n", "\n").replace('\r', "\n");
    }
    if value.contains('\0') {
        value = value.replace('\0', "\u{FFFD}");
    }
    if value.contains('&') {
        if let Cow::Owned(decoded) = htmlize::unescape_attribute(value.as_str()) {
            value = decoded;
        }
    }
    value
}

/// A link that a crawler usually does not follow, flagged so that it can be skipped with
/// one option ([`super::Options::skip_special`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Special {
    /// A `javascript:` URL: script, not a document.
    Javascript,
    /// A `mailto:` URL: an e-mail address.
    Mailto,
    /// A `data:` URL: the resource is inline.
    Data,
    /// A fragment-only reference (`#top`): a place in this document.
    Fragment,
}

impl Special {
    /// `"javascript"`, `"mailto"`, `"data"` or `"fragment"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Javascript => "javascript",
            Self::Mailto => "mailto",
            Self::Data => "data",
            Self::Fragment => "fragment",
        }
    }

    /// Every kind, in the order of their names in messages.
    pub const ALL: [Self; 4] = [Self::Javascript, Self::Mailto, Self::Data, Self::Fragment];

    /// The kind whose [`Special::name`] is `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|special| special.name() == name)
    }

    /// Classifies a link by its value as a browser's URL parser would read its scheme (the
    /// URL Standard's basic URL parser): leading and trailing C0 controls and spaces are
    /// ignored, ASCII tab and newline are removed wherever they stand, and the scheme is
    /// matched case-insensitively. So `" JavaScript:go()"` and `"java\nscript:go()"` are
    /// both [`Special::Javascript`], as they are in a browser, whatever RFC 1808 makes of
    /// them.
    pub fn of(value: &str) -> Option<Self> {
        let mut chars = value.trim_start_matches(|c: char| c <= ' ').bytes().filter(|&b| !matches!(b, b'\t' | b'\n' | b'\r'));
        let first = chars.next()?;
        if first == b'#' {
            return Some(Self::Fragment);
        }
        // URL Standard "scheme start state": an ASCII alpha, then alphanumerics, "+", "-"
        // or "."; the scheme ends at ":". Only three schemes matter, the longest ten bytes.
        let mut scheme = [0u8; 10];
        let mut len = 0;
        let mut bytes = core::iter::once(first).chain(chars);
        loop {
            let b = bytes.next()?;
            if b == b':' {
                break;
            }
            let scheme_char = b.is_ascii_alphabetic() || (len > 0 && (b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.')));
            if len == scheme.len() || !scheme_char {
                return None;
            }
            scheme[len] = b.to_ascii_lowercase();
            len += 1;
        }
        match &scheme[..len] {
            b"javascript" => Some(Self::Javascript),
            b"mailto" => Some(Self::Mailto),
            b"data" => Some(Self::Data),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{dom_value, Special};

    #[test]
    fn dom_value_follows_the_tokenizer() {
        assert_eq!(dom_value("a?b=1&amp;c=2".into()), "a?b=1&c=2");
        // Legacy references without ';' stay as written before '=' or an alphanumeric.
        assert_eq!(dom_value("?x=1&copy=2&not;&notit&amp".into()), "?x=1&copy=2¬&notit&");
        assert_eq!(dom_value("&#x41;&#66&#0;&#x80;&#xD800;&#1114112;".into()), "AB\u{FFFD}€\u{FFFD}\u{FFFD}");
        assert_eq!(dom_value("a\r\nb\rc\0d&#13;".into()), "a\nb\nc\u{FFFD}d\r");
        assert_eq!(dom_value("plain".into()), "plain");
    }

    #[test]
    fn specials_are_read_as_a_browser_reads_a_scheme() {
        assert_eq!(Special::of("javascript:void(0)"), Some(Special::Javascript));
        assert_eq!(Special::of(" \x01JavaScript:go()"), Some(Special::Javascript));
        assert_eq!(Special::of("java\nscr\tipt:go()"), Some(Special::Javascript));
        assert_eq!(Special::of("MAILTO:a@b"), Some(Special::Mailto));
        assert_eq!(Special::of("data:image/png;base64,AA"), Some(Special::Data));
        assert_eq!(Special::of("#top"), Some(Special::Fragment));
        assert_eq!(Special::of("  #"), Some(Special::Fragment));
        for other in ["", "http://a/#x", "g#x", "./javascript:x", "javascripts:x", "1data:x", "data", "datax", "tel:1"] {
            assert_eq!(Special::of(other), None, "{other:?}");
        }
    }
}
