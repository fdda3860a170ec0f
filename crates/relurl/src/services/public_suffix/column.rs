//! A lookup of the list as a function of each row of a column ([`crate::batch::map_chunks`];
//! `relurl.arrow.registered_domain` and `relurl.arrow.public_suffix`).

use super::{PublicSuffixList, Sections};
use crate::services::batch::MapRow;

/// What a [`Lookup`] answers for a host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// [`PublicSuffixList::public_suffix_in`].
    PublicSuffix,
    /// [`PublicSuffixList::registered_domain_in`].
    RegisteredDomain,
}

/// A lookup of `list` by the rules of `sections`, as a function of each host of a column:
/// the answer, or nothing (an empty text, which no answer is) where the host has none; a row
/// that is not a host name fails ([`crate::ErrorKind::NotAHostName`]).
#[derive(Debug, Clone, Copy)]
pub struct Lookup<'a> {
    /// The list.
    pub list: &'a PublicSuffixList,
    /// The rules it uses.
    pub sections: Sections,
    /// What it answers.
    pub answer: Answer,
}

impl MapRow for Lookup<'_> {
    type Error = crate::Error;

    fn map_into(&self, text: &str, out: &mut String) -> Result<(), crate::Error> {
        let answer = match self.answer {
            Answer::PublicSuffix => self.list.public_suffix_in(text, self.sections),
            Answer::RegisteredDomain => self.list.registered_domain_in(text, self.sections),
        };
        if let Some(answer) = answer? {
            out.push_str(&answer);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Answer, Lookup};
    use crate::batch::{map_chunks, BatchOptions, Never, Row};
    use crate::public_suffix::{PublicSuffixList, Sections};

    #[test]
    fn a_column_of_hosts() {
        let hosts: [&[&str]; 1] = [&["www.example.co.uk", "co.uk", "a.b.blogspot.com", "127.0.0.1"]];
        let lookup = Lookup { list: PublicSuffixList::bundled(), sections: Sections::All, answer: Answer::RegisteredDomain };
        let answers = map_chunks(&hosts, &lookup, BatchOptions { copy_unchanged: true, ..BatchOptions::default() }, &Never, &|r| {
            r.rows().map(|row| if let Row::Text(t) = row { t.to_owned() } else { "?".to_owned() }).collect::<Vec<_>>()
        });
        assert_eq!(answers.unwrap(), [vec!["example.co.uk", "", "b.blogspot.com", ""]]);
    }
}
