//! Reading the Public Suffix List's text (publicsuffix.org/list, "Definitions"): one rule
//! per line, read up to the first whitespace; `//` comments and blank lines; `*.` wildcard
//! rules and `!` exception rules; the ICANN and private sections by their
//! `===BEGIN ICANN DOMAINS===` and `===BEGIN PRIVATE DOMAINS===` comments.

use std::fmt;

/// The section of the list a rule is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Section {
    /// The ICANN section (and any rule outside both sections).
    Icann,
    /// The private section (`===BEGIN PRIVATE DOMAINS===` to `===END PRIVATE DOMAINS===`).
    Private,
}

/// What a rule says of the labels it matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A plain rule: its labels are a public suffix.
    Normal,
    /// `*.rest`: any one label before `rest` makes a public suffix.
    Wildcard,
    /// `!labels`: `labels` without its first label is the public suffix.
    Exception,
}

/// One rule: its labels (lower-cased, `xn--` labels decoded), its kind and section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Rule {
    /// The labels from the right (for a wildcard, without its `*`).
    pub(super) labels: Vec<String>,
    pub(super) kind: Kind,
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

/// The rules of `text`, in order.
///
/// # Errors
/// The first line whose rule has an empty label, a `*` elsewhere than as its first label,
/// or an `!` with nothing after it or with a `*`.
pub(super) fn read(text: &str) -> Result<Vec<Rule>, ListError> {
    let mut rules = Vec::new();
    let mut section = Section::Icann;
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
            Some(rest) => (Kind::Exception, rest),
            None => match rule.strip_prefix("*.") {
                Some(rest) => (Kind::Wildcard, rest),
                None => (Kind::Normal, rule),
            },
        };
        if body.is_empty() || body.split('.').any(str::is_empty) {
            return Err(error("an empty label"));
        }
        if body.contains('*') {
            return Err(error("a `*` that is not the first label of a rule"));
        }
        let labels = body
            .rsplit('.')
            .map(|label| super::rule_label_key(label).ok_or_else(|| error("an `xn--` label that is not Punycode")))
            .collect::<Result<Vec<_>, _>>()?;
        rules.push(Rule { labels, kind, section });
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::{read, Kind, Section};

    #[test]
    fn lines_and_sections() {
        let text = "// ===BEGIN ICANN DOMAINS===\ncom\n  *.ck  // comment\n!www.ck\n\n公司.cn\nXN--55QX5D.cn\n// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\nblogspot.com\n// ===END PRIVATE DOMAINS===\nafter";
        let rules = read(text).unwrap();
        let summary: Vec<(Vec<&str>, Kind, Section)> =
            rules.iter().map(|r| (r.labels.iter().map(String::as_str).collect(), r.kind, r.section)).collect();
        assert_eq!(
            summary,
            [
                (vec!["com"], Kind::Normal, Section::Icann),
                (vec!["ck"], Kind::Wildcard, Section::Icann),
                (vec!["ck", "www"], Kind::Exception, Section::Icann),
                (vec!["cn", "公司"], Kind::Normal, Section::Icann),
                (vec!["cn", "公司"], Kind::Normal, Section::Icann),
                (vec!["com", "blogspot"], Kind::Normal, Section::Private),
                (vec!["after"], Kind::Normal, Section::Icann),
            ]
        );
    }

    #[test]
    fn errors_say_the_line() {
        assert_eq!(read("com\na..b").unwrap_err().to_string(), "line 2: \"a..b\": an empty label");
        assert_eq!(read("a.*.b").unwrap_err().reason, "a `*` that is not the first label of a rule");
        assert_eq!(read("!").unwrap_err().reason, "an empty label");
        assert_eq!(read("xn--a-.com").unwrap_err().line, 1);
    }
}
