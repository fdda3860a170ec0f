//! tldextract's reading of the Public Suffix List's text (`tldextract/suffix_list.py`,
//! `extract_tlds_from_suffix_list`): the ICANN part before `// ===BEGIN PRIVATE DOMAINS===`,
//! the private part after it, and in each, from the start of every line, the match of
//! `^[.*!]*\w\S*` (Python's `re`, Unicode, multi-line): a rule as written, not lower-cased,
//! not decoded, up to the first whitespace.

use super::netloc::is_py_space;

/// tldextract's separator of the ICANN and private parts.
const PRIVATE_SEPARATOR: &str = "// ===BEGIN PRIVATE DOMAINS===";

/// The rules of `text` as tldextract reads them: the ICANN part's and the private part's, in
/// order.
pub(super) fn extract_tlds(text: &str) -> (Vec<&str>, Vec<&str>) {
    let (public, private) = text.split_once(PRIVATE_SEPARATOR).unwrap_or((text, ""));
    (rules(public), rules(private))
}

/// Each line's match of `^[.*!]*\w\S*`.
fn rules(text: &str) -> Vec<&str> {
    text.split('\n').filter_map(rule).collect()
}

/// A line's match of `[.*!]*\w\S*` at its start, if any.
fn rule(line: &str) -> Option<&str> {
    let marks = line.len() - line.trim_start_matches(['.', '*', '!']).len();
    let first = line[marks..].chars().next()?;
    if !is_py_word(first) {
        return None;
    }
    let end = line[marks..].find(is_py_space).map_or(line.len(), |i| marks + i);
    Some(&line[..end])
}

/// `re`'s `\w` on `str`: `_` or `str.isalnum()`. Rust's alphanumeric is taken for Python's;
/// they differ on the few marks and symbols Unicode calls Other_Alphabetic (combining vowel
/// signs, circled letters), which no rule starts with.
fn is_py_word(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

#[cfg(test)]
mod tests {
    use super::extract_tlds;

    #[test]
    fn as_tldextract() {
        // tldextract.suffix_list.extract_tlds_from_suffix_list on tldextract 5.4.0.
        let text = "// comment\ncom\n*.ck\n!www.ck\n  indented\n.dotted x\nuk // note\n\u{4e2d}\u{56fd}\r\n\n// ===BEGIN PRIVATE DOMAINS===\nblogspot.com\n*.\n!\n_x";
        let (public, private) = extract_tlds(text);
        assert_eq!(public, ["com", "*.ck", "!www.ck", ".dotted", "uk", "\u{4e2d}\u{56fd}"]);
        assert_eq!(private, ["blogspot.com", "_x"]);
    }
}
