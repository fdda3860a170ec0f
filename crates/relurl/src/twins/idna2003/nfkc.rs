//! Unicode normalization form KC (UAX #15: compatibility decomposition, canonical ordering,
//! canonical composition), as CPython's `unicodedata.normalize("NFKC", s)` does it, over a
//! generated decomposition table: `ucd_3_2_0`'s for nameprep (RFC 3491 §6 names NFKC of
//! Unicode 3.2), or another version's for the `w3lib` twin. The combining classes and the
//! primary composites are the current database's for both, as CPython's normalizer reads
//! them from it whatever the version: the classes of the running CPython's Unicode version
//! are a parameter; the composites are the same in every supported version
//! (`scripts/gen_idna2003.py --versions` checks).

use super::tables::{tables, CombiningClasses};
use crate::common::unicode::Mapping;

const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;

fn from_u32(c: u32) -> char {
    // Every Hangul value computed below is in the assigned Hangul blocks.
    char::from_u32(c).unwrap_or('\u{FFFD}')
}

/// `s` in NFKC with the full compatibility decompositions `nfkd` (a code point absent from
/// it is its own decomposition; Hangul syllables decompose by the algorithm of Unicode §3.12)
/// and the combining classes `ccc`.
pub(crate) fn nfkc(s: &str, nfkd: &Mapping, ccc: &CombiningClasses) -> String {
    // Decompose, keeping each run of non-starters in canonical order (a stable insertion).
    let mut chars: Vec<(char, u8)> = Vec::with_capacity(s.len());
    let mut push = |c: char| {
        let class = ccc.of(c);
        let mut at = chars.len();
        if class != 0 {
            while at > 0 && chars[at - 1].1 > class {
                at -= 1;
            }
        }
        chars.insert(at, (c, class));
    };
    for c in s.chars() {
        let u = u32::from(c);
        if (S_BASE..S_BASE + S_COUNT).contains(&u) {
            let i = u - S_BASE;
            push(from_u32(L_BASE + i / N_COUNT));
            push(from_u32(V_BASE + (i % N_COUNT) / T_COUNT));
            if !i.is_multiple_of(T_COUNT) {
                push(from_u32(T_BASE + i % T_COUNT));
            }
        } else if let Some(d) = nfkd.get(&c) {
            d.chars().for_each(&mut push);
        } else {
            push(c);
        }
    }
    // Compose: each character with the last starter, unless a character between them has
    // class 0 or a class not below its own (it is "blocked").
    let mut out: Vec<char> = Vec::with_capacity(chars.len());
    let mut starter: Option<usize> = None;
    let mut last_class: Option<u8> = None;
    for (c, class) in chars {
        if let Some(si) = starter {
            if last_class.is_none_or(|last| last < class) {
                if let Some(composite) = compose(out[si], c) {
                    out[si] = composite;
                    continue;
                }
            }
        }
        if class == 0 {
            starter = Some(out.len());
            last_class = None;
        } else {
            last_class = Some(class);
        }
        out.push(c);
    }
    out.into_iter().collect()
}

/// The primary composite of `a` and `b`, Hangul included.
fn compose(a: char, b: char) -> Option<char> {
    let (ua, ub) = (u32::from(a), u32::from(b));
    if (L_BASE..L_BASE + L_COUNT).contains(&ua) && (V_BASE..V_BASE + V_COUNT).contains(&ub) {
        return Some(from_u32(S_BASE + ((ua - L_BASE) * V_COUNT + (ub - V_BASE)) * T_COUNT));
    }
    if (S_BASE..S_BASE + S_COUNT).contains(&ua) && (ua - S_BASE).is_multiple_of(T_COUNT) && (T_BASE + 1..T_BASE + T_COUNT).contains(&ub) {
        return Some(from_u32(ua + ub - T_BASE));
    }
    tables().compose.get(&(a, b)).copied()
}
