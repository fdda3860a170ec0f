//! UTS #46 ToASCII with the URL Standard's parameters (§3.3 domain to ASCII, beStrict
//! false): CheckHyphens false, CheckBidi true, CheckJoiners true, UseSTD3ASCIIRules false,
//! Transitional_Processing false, VerifyDnsLength false, IgnoreInvalidPunycode false.
//!
//! The Unicode data (the IDNA mapping table, NFC, General_Category, Bidi_Class,
//! Joining_Type, Virama) comes from ICU4X through `idna_adapter`, the back end of the
//! `idna` crate. The processing is relurl's own because the `idna` crate caps labels (1,000
//! code points to encode, 2,000 bytes of Punycode to decode, after ICU4C) where the
//! Standard has no cap; every step here is linear but Punycode, which is O(n log n)
//! (`punycode.rs`).

use idna_adapter::{
    Adapter, LAST_LTR_MASK, LAST_RTL_MASK, LEFT_OR_DUAL_JOINING_MASK, MIDDLE_LTR_MASK, MIDDLE_RTL_MASK, RIGHT_OR_DUAL_JOINING_MASK,
    RTL_MASK,
};

use std::borrow::Cow;

use super::punycode;

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';

/// UTS #46 ToASCII of `domain` (UTF-8, an ill-formed sequence decoding to U+FFFD, which is
/// disallowed); `None` where UTS #46 records an error.
pub(super) fn to_ascii(domain: &[u8]) -> Option<String> {
    let adapter = Adapter::new();
    let text = String::from_utf8_lossy(domain);
    // Processing 1-2, Map and Normalize: disallowed code points come out as U+FFFD.
    let mapped: Vec<char> = adapter.map_normalize(text.chars()).collect();
    if mapped.contains(&'\u{FFFD}') {
        return None;
    }
    // Processing 3-4, Break and Convert/Validate, label by label.
    let mut labels: Vec<Cow<'_, [char]>> = Vec::new();
    for label in mapped.split(|&c| c == '.') {
        let label = match label {
            ['x', 'n', '-', '-', rest @ ..] => Cow::Owned(decode_label(&adapter, rest)?),
            _ => Cow::Borrowed(label),
        };
        check_label(&adapter, &label)?;
        labels.push(label);
    }
    // Validity criterion 9 (CheckBidi), for a Bidi domain name: one with a code point of
    // Bidi_Class R, AL or AN (RFC 5893 §1.4).
    let is_bidi =
        labels.iter().flat_map(|label| label.iter()).any(|&c| !c.is_ascii() && adapter.bidi_class(c).to_mask().intersects(RTL_MASK));
    if is_bidi && !labels.iter().all(|label| satisfies_bidi_rule(&adapter, label)) {
        return None;
    }
    // ToASCII 2: each label with a non-ASCII code point to "xn--" and its Punycode.
    let mut out = String::with_capacity(domain.len());
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        if label.iter().all(char::is_ascii) {
            out.extend(label.iter());
        } else {
            out.push_str("xn--");
            punycode::encode(label, &mut out)?;
        }
    }
    Some(out)
}

/// Whether UTS #46's mapping (Processing 1-2, Map and Normalize) of `text` has a code point
/// for which `is` holds (`：` maps to `:`; a disallowed code point maps to U+FFFD).
#[cfg(test)]
pub(crate) fn maps_to_ascii(text: impl Iterator<Item = char>, is: impl Fn(char) -> bool) -> bool {
    Adapter::new().map_normalize(text).any(is)
}

/// Processing 4.1, a label starting with "xn--": its Punycode decoded (`rest`, after the
/// prefix), non-empty, not all ASCII, and in NFC with only valid code points (validity
/// criteria 1 and 7: `normalize_validate` changes it otherwise or writes U+FFFD).
fn decode_label(adapter: &Adapter, rest: &[char]) -> Option<Vec<char>> {
    let ascii: Vec<u8> = rest.iter().map(|&c| u8::try_from(c).ok().filter(u8::is_ascii)).collect::<Option<_>>()?;
    let decoded = punycode::decode(&ascii)?;
    if decoded.iter().all(char::is_ascii) {
        return None;
    }
    let unchanged = {
        let mut validated = adapter.normalize_validate(decoded.iter().copied());
        decoded.iter().all(|&c| c != '\u{FFFD}' && validated.next() == Some(c)) && validated.next().is_none()
    };
    unchanged.then_some(decoded)
}

/// Validity criteria 4 (CheckHyphens false: no "xn--" prefix), 5 (no U+002E), 6 (no
/// leading combining mark) and 8 (CheckJoiners: RFC 5892 Appendix A.1 and A.2).
fn check_label(adapter: &Adapter, label: &[char]) -> Option<()> {
    if label.starts_with(&['x', 'n', '-', '-']) || label.contains(&'.') {
        return None;
    }
    if label.first().is_some_and(|&c| adapter.is_mark(c)) {
        return None;
    }
    if label.iter().any(|&c| c == ZWNJ || c == ZWJ) {
        check_joiners(adapter, label)?;
    }
    Some(())
}

/// RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER): after a
/// Virama; or, for ZWNJ, between a left- or dual-joining and a right- or dual-joining code
/// point with only transparent ones between. Two passes, so linear however many joiners.
fn check_joiners(adapter: &Adapter, label: &[char]) -> Option<()> {
    // Whether the nearest non-transparent code point after each position joins right.
    let mut joins_after = vec![false; label.len()];
    let mut right = false;
    for (i, &c) in label.iter().enumerate().rev() {
        joins_after[i] = right;
        let joining = adapter.joining_type(c);
        if !joining.is_transparent() {
            right = joining.to_mask().intersects(RIGHT_OR_DUAL_JOINING_MASK);
        }
    }
    let mut left = false;
    let mut previous = None;
    for (i, &c) in label.iter().enumerate() {
        if c == ZWNJ || c == ZWJ {
            let after_virama = previous.is_some_and(|p| adapter.is_virama(p));
            if !(after_virama || (c == ZWNJ && left && joins_after[i])) {
                return None;
            }
        }
        let joining = adapter.joining_type(c);
        if !joining.is_transparent() {
            left = joining.to_mask().intersects(LEFT_OR_DUAL_JOINING_MASK);
        }
        previous = Some(c);
    }
    Some(())
}

/// RFC 5893 §2, the Bidi rule, for one label of a Bidi domain name (an empty label passes).
fn satisfies_bidi_rule(adapter: &Adapter, label: &[char]) -> bool {
    let Some((&first, tail)) = label.split_first() else {
        return true;
    };
    // 1. The first character is L (an LTR label), R or AL (an RTL label).
    let first_class = adapter.bidi_class(first);
    if !idna_adapter::FIRST_BC_MASK.intersects(first_class.to_mask()) {
        return false;
    }
    let ltr = first_class.is_ltr();
    // 3 and 6: the last character but trailing NSMs; 2 and 5: the ones between.
    let end = tail.iter().rposition(|&c| !adapter.bidi_class(c).is_nonspacing_mark());
    let Some(end) = end else {
        return true;
    };
    let last = adapter.bidi_class(tail[end]);
    let (last_mask, middle_mask) = if ltr { (LAST_LTR_MASK, MIDDLE_LTR_MASK) } else { (LAST_RTL_MASK, MIDDLE_RTL_MASK) };
    if !last_mask.intersects(last.to_mask()) {
        return false;
    }
    let (mut european, mut arabic) = (last.is_european_number(), last.is_arabic_number());
    for &c in &tail[..end] {
        let class = adapter.bidi_class(c);
        if !middle_mask.intersects(class.to_mask()) {
            return false;
        }
        european |= class.is_european_number();
        arabic |= class.is_arabic_number();
    }
    // 4. An RTL label has no EN and AN both.
    ltr || !(european && arabic)
}

#[cfg(test)]
mod tests {
    use super::to_ascii;

    /// The `idna` crate's answer (the same ICU4X data, its own processing), where its caps
    /// on label length do not apply, with one correction: `idna` 1.1 misses validity
    /// criterion 4 (CheckHyphens false: a label must not begin with "xn--"), added in
    /// UTS #46 15.1, for a Punycode label that decodes to "xn--..." (ada fails it too).
    fn oracle(domain: &str) -> Option<String> {
        let ascii = idna::domain_to_ascii_cow(domain.as_bytes(), idna::AsciiDenyList::EMPTY).ok()?;
        let decodes_to_prefix =
            |label: &str| label.strip_prefix("xn--").and_then(idna::punycode::decode_to_string).is_some_and(|d| d.starts_with("xn--"));
        (!ascii.split('.').any(decodes_to_prefix)).then(|| ascii.into_owned())
    }

    /// Random domains over an alphabet of the cases UTS #46 treats apart (mapping, NFC,
    /// ignored and disallowed code points, dots, Punycode, marks, joiners, viramas, both
    /// directions and numbers) agree with the `idna` crate.
    #[test]
    fn agrees_with_the_idna_crate() {
        const PIECES: &[&str] = &[
            "a",
            "B",
            "z",
            "0",
            "9",
            "-",
            ".",
            "\u{3002}",
            "\u{ff0e}",
            "xn--",
            "xn--zca",
            "xn--a",
            "xn--9ca",
            "xn--ls8h",
            "xn--tda-",
            "\u{df}",
            "\u{fc}",
            "U\u{308}",
            "\u{308}",
            "\u{300}",
            "\u{ad}",
            "\u{200c}",
            "\u{200d}",
            "\u{94d}",
            "\u{915}",
            "\u{644}",
            "\u{627}",
            "\u{628}",
            "\u{5d0}",
            "\u{5d1}",
            "\u{661}",
            "\u{6f1}",
            "\u{64b}",
            "\u{fffd}",
            "\u{e000}",
            "\u{3fc40}",
            "\u{3e8ac}",
            "\u{2488}",
            "\u{fb01}",
            "\u{1100}\u{1161}",
            "\u{ac00}",
            "\u{4e00}",
            "\u{1f600}",
            "_",
            "\u{2044}",
            "\u{3b1}",
            "\u{130}",
            "\u{fe00}",
            "\u{e0001}",
            "\u{10ffff}",
            "\u{a0}",
            "xn--1ug",
            "xn--mgbh0fb",
            "xn--4dbrk0ce",
            "xn--ssa73l",
            "xn--xn--tda",
            "xn---a",
            "XN--TDA",
            "\u{ff38}\u{ff2e}--",
            "\u{6f0}",
            "\u{5be}",
            "\u{200f}",
            "\u{a8c4}",
            "\u{1bf2}",
            "\u{e01ef}",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut differences = Vec::new();
        for _ in 0..80_000 {
            let len = (next() % 8) as usize + 1;
            let domain: String = (0..len).map(|_| PIECES[(next() % PIECES.len() as u64) as usize]).collect();
            let ours = to_ascii(domain.as_bytes());
            if ours != oracle(&domain) {
                differences.push(format!("{domain:?}: {ours:?} != {:?}", oracle(&domain)));
            }
        }
        assert!(differences.is_empty(), "{} differences:\n{}", differences.len(), differences[..differences.len().min(40)].join("\n"));
    }

    /// Labels beyond the `idna` crate's caps (1,000 code points to encode, 2,000 bytes of
    /// Punycode to decode): UTS #46 with VerifyDnsLength false has none.
    #[test]
    fn long_labels_have_no_cap() {
        let long = "\u{fc}".repeat(1001);
        assert_eq!(oracle(&long), None, "the idna crate caps it");
        let ascii = to_ascii(long.as_bytes()).expect("no cap");
        let short = to_ascii("\u{fc}".repeat(1000).as_bytes()).expect("under the cap");
        assert_eq!(Some(short.clone()), oracle(&"\u{fc}".repeat(1000)));
        assert!(ascii.starts_with(&short[..short.len() - 2]), "{ascii} extends {short}");
        // The Punycode form of the long label, with a non-ASCII label beside it, decodes.
        let mixed = format!("\u{fc}.{ascii}");
        assert_eq!(to_ascii(mixed.as_bytes()), Some(format!("xn--tda.{ascii}")));
        let decode_cap = format!("\u{fc}.xn--{}", "a".repeat(2001));
        assert_eq!(oracle(&decode_cap), None);
        // 2001 times U+0080, which is disallowed: a failure, but of validity, not length.
        assert_eq!(to_ascii(decode_cap.as_bytes()), None);
        let cjk: String = (0..3000u32).filter_map(|i| char::from_u32(0x4e00 + i)).collect();
        let encoded = to_ascii(cjk.as_bytes()).expect("no cap");
        assert_eq!(to_ascii(format!("\u{fc}.{encoded}").as_bytes()), Some(format!("xn--tda.{encoded}")));
    }
}
