//! URL Standard §4.4 basic URL parser, steps 1 and 2: the input trimmed of leading and
//! trailing C0 controls and spaces, and cleared of ASCII tabs and newlines; with the map
//! back to the caller's offsets, for errors.

use std::borrow::Cow;

/// "C0 control or space": U+0000 to U+0020.
const fn is_c0_or_space(c: char) -> bool {
    c <= ' '
}

/// Maps offsets in the cleaned input back to the caller's input.
pub(super) struct Origin {
    lead: usize,
    /// For each byte of the cleaned input, its offset in the trimmed input; only when tabs
    /// or newlines were removed.
    map: Option<Vec<usize>>,
}

impl Origin {
    /// The offset in the caller's input of offset `pos` of the cleaned input.
    pub(super) fn at(&self, pos: usize) -> usize {
        let inner = match &self.map {
            Some(map) => map.get(pos).copied().unwrap_or_else(|| map.last().map_or(pos, |&last| last + 1)),
            None => pos,
        };
        self.lead + inner
    }
}

/// The input the state machine reads, and how its offsets map back.
pub(super) fn clean(input: &str) -> (Cow<'_, str>, Origin) {
    // 1. "Remove any leading and trailing C0 control or space from input."
    let trimmed_start = input.trim_start_matches(is_c0_or_space);
    let lead = input.len() - trimmed_start.len();
    let trimmed = trimmed_start.trim_end_matches(is_c0_or_space);
    // 2. "Remove all ASCII tab or newline from input."
    let (cleaned, map): (Cow<'_, str>, _) = if memchr::memchr3(b'\t', b'\n', b'\r', trimmed.as_bytes()).is_some() {
        let mut cleaned = String::with_capacity(trimmed.len());
        let mut map = Vec::with_capacity(trimmed.len() + 1);
        for (i, c) in trimmed.char_indices() {
            if !matches!(c, '\t' | '\n' | '\r') {
                cleaned.push(c);
                map.extend((0..c.len_utf8()).map(|k| i + k));
            }
        }
        map.push(trimmed.len());
        (Cow::Owned(cleaned), Some(map))
    } else {
        (Cow::Borrowed(trimmed), None)
    };
    (cleaned, Origin { lead, map })
}
