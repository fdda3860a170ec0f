//! w3lib's percent-encoding helpers (`w3lib/_url.py`: `_quote`, `_unquote`,
//! `_unquote_plus`, `_parse_qsl` and `_urlencode`; `w3lib/url.py`: `_unquotepath` and the
//! `_quote` after it, `_remove_dot_segments`) and its safe sets, on bytes.

use std::borrow::Cow;

/// A set of bytes left as they are by [`quote_into`].
pub(crate) struct Safe([bool; 256]);

const UNRESERVED: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
const GEN_DELIMS: &[u8] = b":/?#[]@";
const SUB_DELIMS: &[u8] = b"!$&'()*+,;=";

/// `RFC3986_UNRESERVED` plus the bytes of `extra` that are not in `minus`.
const fn safe(extra: &[&[u8]], minus: &[u8]) -> Safe {
    let mut table = [false; 256];
    let mut i = 0;
    while i < UNRESERVED.len() {
        table[UNRESERVED[i] as usize] = true;
        i += 1;
    }
    let mut k = 0;
    while k < extra.len() {
        let mut j = 0;
        while j < extra[k].len() {
            table[extra[k][j] as usize] = true;
            j += 1;
        }
        k += 1;
    }
    let mut m = 0;
    while m < minus.len() {
        table[minus[m] as usize] = false;
        m += 1;
    }
    Safe(table)
}

impl Safe {
    /// Whether `b` is in the set.
    pub(crate) const fn contains(&self, b: u8) -> bool {
        self.0[b as usize]
    }

    /// Whether every byte of `data` is in the set.
    pub(crate) fn all(&self, data: &[u8]) -> bool {
        !any_byte(data, |b| !self.0[b as usize])
    }
}

/// Whether a byte of `bytes` satisfies `pred`: sixteen bytes at a time without a branch
/// inside a block (vector code for a `pred` of comparisons), then the rest.
#[inline]
pub(crate) fn any_byte(bytes: &[u8], pred: impl Fn(u8) -> bool) -> bool {
    let mut blocks = bytes.chunks_exact(16);
    for block in &mut blocks {
        if block.iter().fold(false, |found, &b| found | pred(b)) {
            return true;
        }
    }
    blocks.remainder().iter().any(|&b| pred(b))
}

/// `_quote(data)` with no `safe` (the unreserved set only).
pub(crate) const UNRESERVED_ONLY: Safe = safe(&[], b"");
/// `_USERINFO_SAFEST_CHARS`: unreserved and sub-delims, without `;` and `=`.
pub(crate) const USERINFO_SAFEST: Safe = safe(&[SUB_DELIMS], b":;=");
/// `_PATH_SAFEST_CHARS` (also `_QUERY_SAFEST_CHARS` and `_FRAGMENT_SAFEST_CHARS`): reserved,
/// unreserved, `|` and `%`, without `#[]|`.
pub(crate) const PATH_SAFEST: Safe = safe(&[GEN_DELIMS, SUB_DELIMS, b"|%"], b"#[]|");
/// `_SPECIAL_QUERY_SAFEST_CHARS`: [`PATH_SAFEST`] without `'`.
pub(crate) const SPECIAL_QUERY_SAFEST: Safe = safe(&[GEN_DELIMS, SUB_DELIMS, b"|%"], b"#[]|'");
/// `_PATH_SAFE_CHARS`: reserved, unreserved, `|` and `%`, without `#`.
pub(crate) const PATH_SAFE: Safe = safe(&[GEN_DELIMS, SUB_DELIMS, b"|%"], b"#");

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// `_quote_into(data, output, safe, quote_plus)`: every byte not in `safe` as `%HH`
/// (upper-case), a space as `+` when `plus`.
pub(crate) fn quote_into(data: &[u8], safe: &Safe, plus: bool, out: &mut String) {
    let mut rest = data;
    loop {
        // A run of safe bytes at once, then one byte to encode.
        let run = rest.iter().position(|&b| !safe.0[b as usize]).unwrap_or(rest.len());
        push_ascii(&rest[..run], out);
        let Some(&b) = rest.get(run) else { return };
        rest = &rest[run + 1..];
        if plus && b == b' ' {
            out.push('+');
        } else {
            push_escape(b, out);
        }
    }
}

/// Appends bytes of a safe set (which holds ASCII bytes only, so they are text).
fn push_ascii(run: &[u8], out: &mut String) {
    out.push_str(std::str::from_utf8(run).unwrap_or_default());
}

/// Appends `%HH` (upper-case) for `b`.
fn push_escape(b: u8, out: &mut String) {
    out.push('%');
    out.push(char::from(HEX[(b >> 4) as usize]));
    out.push(char::from(HEX[(b & 15) as usize]));
}

/// `_unquote(data)`: each `%HH` with two hex digits as its byte (the core's one decoder).
pub(crate) fn unquote(data: &[u8]) -> Cow<'_, [u8]> {
    crate::common::percent::decode(data, false)
}

/// `_urlencode(sorted(_parse_qsl(query, keep_blank_values, separator)), separator)`
/// appended to `out`, for a non-empty `separator`.
///
/// `_parse_qsl`: the fields between separators, each split at its first `=` into a name and
/// a value unquoted with `+` as a space; empty fields skipped, and blank ones unless
/// `keep_blank_values`. The pairs are sorted as Python sorts tuples of `bytes` (here by
/// their unquoted bytes, read from the text as it is: pairs equal once unquoted are
/// written alike, so their order among themselves does not show). `_urlencode`: `name=value`
/// by [`requote_query_part_into`], joined by `separator`.
pub(crate) fn canonical_query_into(query: &str, keep_blank_values: bool, separator: &str, out: &mut String) {
    let (bytes, sep) = (query.as_bytes(), separator.as_bytes());
    let Some(&sep_first) = sep.first() else { return };
    // The fields (name, value, and the field's text when it is written as it is: a `=` and
    // unreserved bytes), on the stack when they are few; whether one was dropped.
    let mut few: [Field<'_>; 8] = [("", "", ""); 8];
    let (mut count, mut many, mut dropped) = (0, Vec::new(), false);
    let mut field = |start: usize, eq: Option<usize>, end: usize, clean: bool| {
        let (key, value) = eq.map_or((&query[start..end], ""), |eq| (&query[start..eq], &query[eq + 1..end]));
        if start == end || (!keep_blank_values && value.is_empty()) {
            dropped = true;
            return;
        }
        let field = (key, value, if clean && eq.is_some() { &query[start..end] } else { "" });
        if let Some(slot) = few.get_mut(count) {
            *slot = field;
        } else {
            if many.is_empty() {
                many.extend_from_slice(&few);
            }
            many.push(field);
        }
        count += 1;
    };
    let (mut start, mut eq, mut clean, mut i) = (0, None, true, 0);
    while let Some(&b) = bytes.get(i) {
        if b == sep_first && (sep.len() == 1 || bytes[i..].starts_with(sep)) {
            field(start, eq, i, clean);
            i += sep.len();
            (start, eq, clean) = (i, None, true);
            continue;
        }
        if b == b'=' && eq.is_none() {
            eq = Some(i);
        } else {
            clean &= UNRESERVED_ONLY.contains(b);
        }
        i += 1;
    }
    field(start, eq, bytes.len(), clean);
    let fields = if many.is_empty() { &mut few[..count] } else { &mut many[..] };
    // One field (most queries) is sorted: nothing to look for.
    let plain = fields.len() < 2 || memchr::memchr2(b'%', b'+', bytes).is_none();
    let order = |a: &Field<'_>, b: &Field<'_>| {
        if plain {
            // Nothing to unquote: the text is the bytes.
            (a.0, a.1).cmp(&(b.0, b.1))
        } else {
            unquoted(a.0).cmp(unquoted(b.0)).then_with(|| unquoted(a.1).cmp(unquoted(b.1)))
        }
    };
    let sorted = fields.is_sorted_by(|a, b| order(a, b).is_le());
    if sorted && !dropped && fields.iter().all(|f| !f.2.is_empty()) {
        // Already the answer.
        out.push_str(query);
        return;
    }
    if !sorted {
        fields.sort_unstable_by(order);
    }
    for (i, &mut (key, value, text)) in fields.iter_mut().enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        if text.is_empty() {
            requote_query_part_into(key, out);
            out.push('=');
            requote_query_part_into(value, out);
        } else {
            out.push_str(text);
        }
    }
}

/// The bytes of a name or value once unquoted (`_unquote_plus`).
fn unquoted(part: &str) -> impl Iterator<Item = u8> + '_ {
    crate::common::percent::decoded_bytes(part.as_bytes(), true)
}

/// A query field: its name, its value, and its text when it is written as it is (else "").
type Field<'a> = (&'a str, &'a str, &'a str);

/// `_quote_into(_unquote_plus(part), quote_plus=True)` in one pass: decoded (`+` as a
/// space), then every byte but the unreserved ones as `%HH`, a space as `+`. The text is
/// copied as it is where that gives it back: unreserved bytes, `+`, and a `%HH` in upper
/// case of a byte that is neither unreserved nor a space.
fn requote_query_part_into(part: &str, out: &mut String) {
    let data = part.as_bytes();
    // The text from `copied` to `i` is written as it is.
    let (mut copied, mut i) = (0, 0);
    while let Some(&b) = data.get(i) {
        if UNRESERVED_ONLY.contains(b) || b == b'+' {
            i += 1;
            continue;
        }
        let decoded = crate::common::percent::decoded_at(&data[i..]);
        if let Some(byte) = decoded {
            let upper = !data[i + 1].is_ascii_lowercase() && !data[i + 2].is_ascii_lowercase();
            if upper && byte != b' ' && !UNRESERVED_ONLY.contains(byte) {
                i += 3;
                continue;
            }
        }
        out.push_str(part.get(copied..i).unwrap_or_default());
        match decoded {
            Some(byte) if UNRESERVED_ONLY.contains(byte) => out.push(char::from(byte)),
            Some(b' ') => out.push('+'),
            Some(byte) => push_escape(byte, out),
            None if b == b' ' => out.push('+'),
            None => push_escape(b, out),
        }
        i += if decoded.is_some() { 3 } else { 1 };
        copied = i;
    }
    out.push_str(part.get(copied..).unwrap_or_default());
}

/// `_quote(_unquotepath(path), _PATH_SAFE_CHARS)` in one pass, appended to `out`: each
/// `%HH` decoded, except `%25`, `%2F`, `%3B` and `%3F` in either case, which stay encoded
/// (upper-cased: w3lib first replaces them by `%2525`, `%252F`, ... and then unquotes; the
/// replacements cannot overlap, as each starts with the only `%` it holds), then every byte
/// outside [`PATH_SAFE`] as `%HH`.
///
/// Also exact on a path before `_PATH_SAFEST_CHARS` quoting (what the fast path gives it):
/// that quoting turns a byte outside the set into `%HH`, which this decodes back to the same
/// byte (no such byte is `%`, `/`, `;` or `?`), and a `%HH` it writes cannot end an escape
/// started before it (a `%` is not a hex digit).
pub(crate) fn requote_path_into(path: &str, out: &mut String) {
    let data = path.as_bytes();
    // The text from `copied` to `i` is safe and not yet written.
    let (mut copied, mut i) = (0, 0);
    while let Some(&b) = data.get(i) {
        if let Some(byte) = crate::common::percent::decoded_at(&data[i..]) {
            push_ascii(&data[copied..i], out);
            match (data[i + 1], data[i + 2]) {
                (b'2', b'5') => out.push_str("%25"),
                (b'2', b'f' | b'F') => out.push_str("%2F"),
                (b'3', b'b' | b'B') => out.push_str("%3B"),
                (b'3', b'f' | b'F') => out.push_str("%3F"),
                _ if PATH_SAFE.0[byte as usize] => out.push(char::from(byte)),
                _ => push_escape(byte, out),
            }
            i += 3;
            copied = i;
            continue;
        }
        if !PATH_SAFE.0[b as usize] {
            push_ascii(&data[copied..i], out);
            push_escape(b, out);
            copied = i + 1;
        }
        i += 1;
    }
    push_ascii(&data[copied..], out);
}

/// Whether `path` holds `/.` (where every dot segment starts).
pub(crate) fn has_dot_segment_start(path: &str) -> bool {
    let b = path.as_bytes();
    memchr::memchr_iter(b'.', b).any(|i| i > 0 && b[i - 1] == b'/')
}

/// `_remove_dot_segments(path)` of a path starting with `/` (RFC 3986 §5.2.4, as w3lib
/// writes it).
pub(crate) fn remove_dot_segments(path: &str) -> String {
    if !has_dot_segment_start(path) {
        return path.to_owned();
    }
    let segments: Vec<&str> = path[1..].split('/').collect();
    let (last, init) = segments.split_last().unwrap_or((&"", &[]));
    let mut output: Vec<&str> = Vec::with_capacity(segments.len());
    for &segment in init {
        if segment == ".." {
            output.pop();
        } else if segment != "." {
            output.push(segment);
        }
    }
    match *last {
        ".." => {
            output.pop();
            output.push("");
        }
        "." => output.push(""),
        other => output.push(other),
    }
    let mut out = String::with_capacity(path.len());
    for segment in output {
        out.push('/');
        out.push_str(segment);
    }
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// w3lib's `_unquotepath` as it is written: `%25` and the three other escapes doubled, in
    /// its order, then unquoted.
    fn unquotepath(path: &str) -> Vec<u8> {
        let mut doubled = path.to_owned();
        for (from, to) in
            [("%25", "%2525"), ("%2f", "%252F"), ("%2F", "%252F"), ("%3b", "%253B"), ("%3B", "%253B"), ("%3f", "%253F"), ("%3F", "%253F")]
        {
            doubled = doubled.replace(from, to);
        }
        unquote(doubled.as_bytes()).into_owned()
    }

    /// `_urlencode(sorted(_parse_qsl(query, keep_blank_values, separator)), separator)` as
    /// w3lib writes it: split, partition at `=`, unquote, sort, quote.
    fn canonical_query_by_steps(query: &str, keep_blank_values: bool, separator: &str) -> String {
        let mut pairs: Vec<(Vec<u8>, Vec<u8>)> = query
            .split(separator)
            .filter(|field| !field.is_empty())
            .filter_map(|field| {
                let (key, value, has_eq) = field.split_once('=').map_or((field, "", false), |(k, v)| (k, v, true));
                (keep_blank_values || (has_eq && !value.is_empty())).then(|| {
                    (
                        crate::common::percent::decode(key.as_bytes(), true).into_owned(),
                        crate::common::percent::decode(value.as_bytes(), true).into_owned(),
                    )
                })
            })
            .collect();
        pairs.sort();
        let mut out = String::new();
        for (i, (key, value)) in pairs.iter().enumerate() {
            if i > 0 {
                out.push_str(separator);
            }
            quote_into(key, &UNRESERVED_ONLY, true, &mut out);
            out.push('=');
            quote_into(value, &UNRESERVED_ONLY, true, &mut out);
        }
        out
    }

    proptest! {
        #[test]
        fn one_pass_queries_are_w3lib_steps(
            query in "([ab]|%4[01]|%2[bB]|%20|%|=|&|&&|;|\\+|'|~)*",
            keep_blank_values: bool,
            separator in prop::sample::select(vec!["&", ";", "&&", "=", "a="]),
        ) {
            let mut fused = String::new();
            canonical_query_into(&query, keep_blank_values, separator, &mut fused);
            prop_assert_eq!(fused, canonical_query_by_steps(&query, keep_blank_values, separator));
        }

        #[test]
        fn one_pass_query_parts_are_unquote_then_quote(part in "([a-zA-Z0-9._~+ %/=&'\u{e9}-]|%[0-9a-fA-F]{2}|%2[0-9a-fA-F]|%7[eE])*") {
            let mut fused = String::new();
            requote_query_part_into(&part, &mut fused);
            let mut steps = String::new();
            quote_into(&crate::common::percent::decode(part.as_bytes(), true), &UNRESERVED_ONLY, true, &mut steps);
            prop_assert_eq!(fused, steps);
        }

        #[test]
        fn one_pass_paths_are_unquotepath_then_quote(path in "([a-zA-Z0-9./;:@|%~-]|%[0-9a-fA-F]{2}|%2[5fF]|%3[bBfF])*") {
            let mut fused = String::new();
            requote_path_into(&path, &mut fused);
            let mut steps = String::new();
            quote_into(&unquotepath(&path), &PATH_SAFE, false, &mut steps);
            prop_assert_eq!(fused, steps);
        }
    }
}
