//! A twin of CPython's `str.encode("idna")` codec (`Lib/encodings/idna.py`): IDNA 2003,
//! RFC 3490 ToASCII (§4.1) of every label with RFC 3491 nameprep, as that codec does it,
//! quirks included.
//!
//! - The whole name is ASCII: it is returned as it is, after the codec's length checks
//!   (every label but the last 1 to 63 characters long, the last at most 63).
//! - Otherwise it is split at the label separators of RFC 3490 §3.1 (U+002E, U+3002, U+FF0E,
//!   U+FF61), a final empty label is kept as a trailing `.`, and each label goes through
//!   ToASCII: an ASCII label is kept (1 to 63 characters); any other goes through nameprep
//!   (RFC 3491 §§3-6: mapping by RFC 3454 tables B.1 and B.2, NFKC of Unicode 3.2,
//!   prohibited tables C.1.2, C.2.2, C.3-C.9, the bidi checks of RFC 3454 §6; unassigned code
//!   points are allowed, as the codec does not check table A.1); an ASCII result is kept as it
//!   is, any other must not start with the ACE prefix `xn--` and is encoded with Punycode
//!   (RFC 3492) behind it; the label must then be 1 to 63 characters long.
//!
//! The tables are generated from CPython's own `stringprep` and `unicodedata.ucd_3_2_0` by
//! `scripts/gen_idna2003.py` (see `tables.txt`'s header for the version). NFKC's canonical
//! ordering reads the combining classes of the running CPython's own database
//! ([`UnicodeVersion`]), as CPython's normalizer does.
//!
//! ```
//! use relurl::idna2003::{to_ascii, Idna2003Error, UnicodeVersion};
//! let v = UnicodeVersion::default();
//! assert_eq!(to_ascii("Bücher.example", v).unwrap(), "xn--bcher-kva.example");
//! assert_eq!(to_ascii("example.com.", v).unwrap(), "example.com.");
//! assert_eq!(to_ascii("a..b", v), Err(Idna2003Error::LabelEmptyOrTooLong));
//! ```

mod nfkc;
pub(crate) mod tables;

pub use crate::common::unicode::UnicodeVersion;

use std::borrow::Cow;
use std::fmt;

pub(crate) use nfkc::nfkc;
use tables::tables;

/// Why `str.encode("idna")` fails: each variant is one `UnicodeError` of the codec, and
/// its [`Display`](fmt::Display) is the codec's message.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Idna2003Error {
    /// A label is empty or longer than 63 characters (RFC 3490 §4.1 steps 3/8): "label
    /// empty or too long".
    LabelEmptyOrTooLong,
    /// The last label of an ASCII name is longer than 63 characters: "label too long".
    LabelTooLong,
    /// After nameprep, a label holds a prohibited character (RFC 3491 §5).
    InvalidCharacter(char),
    /// A label with a RandALCat character also holds an LCat character (RFC 3454 §6, 2).
    Bidi2,
    /// A label with a RandALCat character does not start and end with one (RFC 3454 §6, 3).
    Bidi3,
    /// A non-ASCII label starts with `xn--` after nameprep (RFC 3490 §4.1 step 5).
    AcePrefix,
}

impl fmt::Display for Idna2003Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LabelEmptyOrTooLong => f.write_str("label empty or too long"),
            Self::LabelTooLong => f.write_str("label too long"),
            Self::InvalidCharacter(c) => write!(f, "Invalid character {c:?}"),
            Self::Bidi2 => f.write_str("Violation of BIDI requirement 2"),
            Self::Bidi3 => f.write_str("Violation of BIDI requirement 3"),
            Self::AcePrefix => f.write_str("Label starts with ACE prefix"),
        }
    }
}

impl std::error::Error for Idna2003Error {}

/// `domain.encode("idna")` (CPython's codec, RFC 3490 §4 ToASCII of each label with the
/// flags AllowUnassigned set and UseSTD3ASCIIRules clear) on a CPython of Unicode
/// `version`: borrowed when `domain` is ASCII.
///
/// # Errors
/// The codec's `UnicodeError`, as an [`Idna2003Error`].
pub fn to_ascii(domain: &str, version: UnicodeVersion) -> Result<Cow<'_, str>, Idna2003Error> {
    if domain.is_ascii() {
        let mut labels = domain.split('.');
        let last = labels.next_back().unwrap_or("");
        if labels.any(|l| l.is_empty() || l.len() > 63) {
            return Err(Idna2003Error::LabelEmptyOrTooLong);
        }
        if last.len() > 63 {
            return Err(Idna2003Error::LabelTooLong);
        }
        return Ok(Cow::Borrowed(domain));
    }
    let mut labels: Vec<&str> = domain.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']).collect();
    let trailing_dot = labels.last().is_some_and(|l| l.is_empty());
    if trailing_dot {
        labels.pop();
    }
    let mut out = String::with_capacity(domain.len() + 8);
    for label in labels {
        if !out.is_empty() {
            out.push('.');
        }
        label_to_ascii(label, version, &mut out)?;
    }
    if trailing_dot {
        out.push('.');
    }
    Ok(Cow::Owned(out))
}

/// The codec's `ToASCII(label)` (RFC 3490 §4.1), appended to `out`.
fn label_to_ascii(label: &str, version: UnicodeVersion, out: &mut String) -> Result<(), Idna2003Error> {
    let checked = |l: &str, out: &mut String| {
        if l.is_empty() || l.len() > 63 {
            return Err(Idna2003Error::LabelEmptyOrTooLong);
        }
        out.push_str(l);
        Ok(())
    };
    if label.is_ascii() {
        return checked(label, out);
    }
    let label = nameprep(label, version)?;
    if label.is_ascii() {
        return checked(&label, out);
    }
    if label.starts_with("xn--") {
        return Err(Idna2003Error::AcePrefix);
    }
    // Punycode only fails on overflow, for labels far longer than 63 characters.
    let encoded = idna::punycode::encode_str(&label).ok_or(Idna2003Error::LabelEmptyOrTooLong)?;
    if encoded.len() + 4 > 63 {
        return Err(Idna2003Error::LabelEmptyOrTooLong);
    }
    out.push_str("xn--");
    out.push_str(&encoded);
    Ok(())
}

/// The codec's `nameprep(label)` (RFC 3491): map (B.1, B.2), NFKC (Unicode 3.2), prohibit
/// (C.1.2, C.2.2, C.3-C.9), check bidi (RFC 3454 §6).
///
/// # Errors
/// [`Idna2003Error::InvalidCharacter`], [`Idna2003Error::Bidi2`], [`Idna2003Error::Bidi3`].
pub fn nameprep(label: &str, version: UnicodeVersion) -> Result<String, Idna2003Error> {
    let t = tables();
    let map = tables::nameprep_map(version);
    let mut mapped = String::with_capacity(label.len());
    for c in label.chars() {
        match map.get(&c) {
            Some(m) => mapped.push_str(m),
            None => mapped.push(c),
        }
    }
    let label = nfkc(&mapped, &t.nfkd32, tables::combining_classes(version));
    if let Some(c) = label.chars().find(|&c| t.prohibited.contains(c)) {
        return Err(Idna2003Error::InvalidCharacter(c));
    }
    if label.chars().any(|c| t.randal.contains(c)) {
        if label.chars().any(|c| t.lcat.contains(c)) {
            return Err(Idna2003Error::Bidi2);
        }
        let first = label.chars().next().is_some_and(|c| t.randal.contains(c));
        let last = label.chars().next_back().is_some_and(|c| t.randal.contains(c));
        if !first || !last {
            return Err(Idna2003Error::Bidi3);
        }
    }
    Ok(label)
}

/// `unicodedata.ucd_3_2_0.normalize("NFKC", s)` (UAX #15 with Unicode 3.2.0 data, as CPython
/// applies it, with the combining classes of `version`, the running CPython's), the
/// normalization of RFC 3491 §6.
pub fn nfkc_3_2(s: &str, version: UnicodeVersion) -> String {
    nfkc(s, &tables().nfkd32, tables::combining_classes(version))
}
