//! Reading the Public Suffix List's text (publicsuffix.org/list, "Definitions"): one rule
//! per line, read up to the first whitespace; `//` comments and blank lines; `*.` wildcard
//! rules and `!` exception rules; the ICANN and private sections by their
//! `===BEGIN ICANN DOMAINS===` and `===BEGIN PRIVATE DOMAINS===` comments.

use std::fmt;

use crate::grammars::whatwg::punycode;

/// The section of the list a rule is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Section {
    /// The ICANN section (`===BEGIN ICANN DOMAINS===` to `===END ICANN DOMAINS===`), and any
    /// rule outside both sections (a list of one's own without the markers).
    Icann,
    /// The private section (`===BEGIN PRIVATE DOMAINS===` to `===END PRIVATE DOMAINS===`).
    Private,
}

/// What a rule says of the labels it matches (publicsuffix.org/list, "Definitions").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// A plain rule: its labels are a public suffix.
    Normal,
    /// `*.rest`: any one label before `rest` makes a public suffix.
    Wildcard,
    /// `!labels`: `labels` without its first label is the public suffix.
    Exception,
}

/// One rule: its labels from the right (each with its keys: lower-cased, in Unicode and in
/// `xn--` form), its kind and section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Rule {
    /// The labels from the right (for a wildcard, without its `*`), each as its keys.
    pub(super) labels: Vec<Keys>,
    pub(super) kind: RuleKind,
    pub(super) section: Section,
}

/// A line of the list that is not a rule the algorithm can use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListError {
    /// The line (from 1).
    pub line: usize,
    /// The rule as written.
    pub rule: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {:?}: {}", self.line, self.rule, self.reason)
    }
}

impl std::error::Error for ListError {}

/// A rule's label as the keys a host's label is looked up by: the label lower-cased (Unicode
/// `toLowercase`), and its other forms: an `xn--` label's Unicode text (RFC 3492 Punycode) and
/// that text's `xn--` form, a Unicode label's `xn--` form. A host's label is then looked up
/// lower-cased as it is, in whichever form, with no Punycode work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Keys(pub(super) Vec<String>);

impl Keys {
    /// The keys of a rule's label; `None` for an `xn--` label that is not the canonical
    /// Punycode of a text that is not ASCII.
    fn of_rule_label(label: &str) -> Option<Self> {
        let lowered = label.to_lowercase();
        let mut keys = vec![lowered];
        let unicode = match keys[0].strip_prefix("xn--") {
            Some(rest) => {
                let decoded = decode_canonical(rest)?;
                let unicode = decoded.into_iter().collect::<String>().to_lowercase();
                keys.push(unicode.clone());
                unicode
            }
            None if keys[0].is_ascii() => return Some(Self(keys)),
            None => keys[0].clone(),
        };
        let mut encoded = String::from("xn--");
        punycode::encode(&unicode.chars().collect::<Vec<_>>(), &mut encoded)?;
        keys.push(encoded);
        keys.dedup();
        if keys.len() == 3 && keys[2] == keys[0] {
            keys.pop();
        }
        Some(Self(keys))
    }
}

/// The code points of `rest` (an `xn--` label's Punycode) when it is their canonical encoding
/// and they are not all ASCII.
fn decode_canonical(rest: &str) -> Option<Vec<char>> {
    if !rest.is_ascii() || rest.is_empty() {
        return None;
    }
    let decoded = punycode::decode(rest.as_bytes())?;
    let mut again = String::with_capacity(rest.len());
    punycode::encode(&decoded, &mut again)?;
    (again == rest && !decoded.iter().all(char::is_ascii)).then_some(decoded)
}

/// The rules of `text`, in order.
///
/// # Errors
/// The first line whose rule has an empty label, a `*` elsewhere than as its first label,
/// an `!` with nothing after it or with a `*`, an exception rule of one label, or an `xn--` label
/// that is not Punycode.
pub(super) fn read(text: &str) -> Result<Vec<Rule>, ListError> {
    let mut rules = Vec::new();
    let mut section = Section::Icann;
    // A byte order mark is not part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, line) in text.lines().enumerate() {
        let line = line.trim_start();
        if let Some(comment) = line.strip_prefix("//") {
            if comment.contains("===BEGIN PRIVATE DOMAINS===") {
                section = Section::Private;
            } else if comment.contains("===BEGIN ICANN DOMAINS===") || comment.contains("===END PRIVATE DOMAINS===") {
                section = Section::Icann;
            }
            continue;
        }
        let Some(rule) = line.split_whitespace().next() else { continue };
        let error = |reason| ListError { line: index + 1, rule: rule.to_owned(), reason };
        let (kind, body) = match rule.strip_prefix('!') {
            Some(rest) => (RuleKind::Exception, rest),
            None => match rule.strip_prefix("*.") {
                Some(rest) => (RuleKind::Wildcard, rest),
                None => (RuleKind::Normal, rule),
            },
        };
        if body.is_empty() || body.split('.').any(str::is_empty) {
            return Err(error("an empty label"));
        }
        if kind == RuleKind::Exception && !body.contains('.') {
            return Err(error("an exception rule of one label (it would leave no public suffix)"));
        }
        if body.contains('*') {
            return Err(error("a `*` that is not the first label of a rule"));
        }
        let labels = body
            .rsplit('.')
            .map(|label| Keys::of_rule_label(label).ok_or_else(|| error("an `xn--` label that is not Punycode")))
            .collect::<Result<Vec<_>, _>>()?;
        rules.push(Rule { labels, kind, section });
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::{read, RuleKind, Section};

    #[test]
    fn lines_and_sections() {
        let text = "// ===BEGIN ICANN DOMAINS===\ncom\n  *.ck  // comment\n!www.ck\n\n公司.cn\nXN--55QX5D.cn\n// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\nblogspot.com\n// ===END PRIVATE DOMAINS===\nafter";
        let rules = read(text).unwrap();
        let summary: Vec<(Vec<&str>, RuleKind, Section)> =
            rules.iter().map(|r| (r.labels.iter().map(|k| k.0[0].as_str()).collect(), r.kind, r.section)).collect();
        assert_eq!(
            summary,
            [
                (vec!["com"], RuleKind::Normal, Section::Icann),
                (vec!["ck"], RuleKind::Wildcard, Section::Icann),
                (vec!["ck", "www"], RuleKind::Exception, Section::Icann),
                (vec!["cn", "公司"], RuleKind::Normal, Section::Icann),
                (vec!["cn", "xn--55qx5d"], RuleKind::Normal, Section::Icann),
                (vec!["com", "blogspot"], RuleKind::Normal, Section::Private),
                (vec!["after"], RuleKind::Normal, Section::Icann),
            ]
        );
    }

    #[test]
    fn a_label_s_keys_are_its_forms() {
        let keys = |text: &str| read(text).unwrap().remove(0).labels.remove(0).0;
        assert_eq!(keys("COM"), ["com"]);
        assert_eq!(keys("公司"), ["公司", "xn--55qx5d"]);
        assert_eq!(keys("XN--55QX5D"), ["xn--55qx5d", "公司"]);
        assert_eq!(read("\u{feff}// comment\ncom").unwrap().len(), 1);
    }

    #[test]
    fn errors_say_the_line() {
        assert_eq!(read("com\na..b").unwrap_err().to_string(), "line 2: \"a..b\": an empty label");
        assert_eq!(read("a.*.b").unwrap_err().reason, "a `*` that is not the first label of a rule");
        assert_eq!(read("!").unwrap_err().reason, "an empty label");
        assert_eq!(read("xn--a-.com").unwrap_err().line, 1);
    }
}
