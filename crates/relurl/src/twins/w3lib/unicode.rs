//! The Unicode operations w3lib's canonicalization reaches through Python, over tables
//! generated from CPython (`tables.txt`, by `scripts/gen_idna2003.py --w3lib`; its header
//! names the version), changed to the running CPython's Unicode version
//! ([`UnicodeVersion`], `common/unicode_versions.txt`): `unicodedata.normalize("NFKC", s)` and
//! `str.lower()`.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::common::unicode::{changed_mapping, changed_ranges, parse_mapping, section, Mapping, Ranges, UnicodeVersion};
use crate::twins::idna2003::nfkc;
use crate::twins::idna2003::tables::combining_classes;

struct Tables {
    nfkd: Mapping,
    lower: Mapping,
    case_ignorable: Ranges,
    cased: Ranges,
}

/// The tables of `version`, built on first use.
fn tables(version: UnicodeVersion) -> &'static Tables {
    static TABLES: [OnceLock<Tables>; 4] = [const { OnceLock::new() }; 4];
    TABLES[version.index()].get_or_init(|| {
        let text = include_str!("tables.txt");
        let mapping = |name: &str| changed_mapping(parse_mapping(section(text, name)), version, name);
        let ranges = |name: &str| changed_ranges(&Ranges::parse(section(text, name)), version, name);
        Tables { nfkd: mapping("nfkd"), lower: mapping("lower"), case_ignorable: ranges("case_ignorable"), cased: ranges("cased") }
    })
}

/// `unicodedata.normalize("NFKC", s)` of a CPython of Unicode `version`.
pub(crate) fn nfkc_current(s: &str, version: UnicodeVersion) -> String {
    nfkc(s, &tables(version).nfkd, combining_classes(version))
}

/// Python's `s.lower()` on a CPython of Unicode `version`: full lower-case mappings
/// (Unicode 3.13 `toLowercase`), and a capital sigma that ends a word (Final_Sigma) as `ς`.
pub(crate) fn py_lower(s: &str, version: UnicodeVersion) -> Cow<'_, str> {
    // One pass for the common case: ASCII without upper-case letters.
    if !super::quote::any_byte(s.as_bytes(), |b| (b >= 0x80) | (b.wrapping_sub(b'A') < 26)) {
        return Cow::Borrowed(s);
    }
    if s.is_ascii() {
        return Cow::Owned(s.to_ascii_lowercase());
    }
    let t = tables(version);
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == '\u{3A3}' {
            out.push(if final_sigma(t, &chars, i) { '\u{3C2}' } else { '\u{3C3}' });
        } else if let Some(m) = t.lower.get(&c) {
            out.push_str(m);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// CPython's `handle_capital_sigma`: a cased character before (skipping case-ignorable
/// ones) and none after.
fn final_sigma(t: &Tables, chars: &[char], i: usize) -> bool {
    let before = chars[..i].iter().rev().find(|&&c| !t.case_ignorable.contains(c));
    if !before.is_some_and(|&c| t.cased.contains(c)) {
        return false;
    }
    let after = chars[i + 1..].iter().find(|&&c| !t.case_ignorable.contains(c));
    !after.is_some_and(|&c| t.cased.contains(c))
}
