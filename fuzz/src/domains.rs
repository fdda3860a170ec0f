//! Target `domains`: the Public Suffix List's lookups (`relurl::public_suffix`), tldextract's
//! reading of it (`relurl::tldextract`) and `relurl::domain_set::DomainSet`, on any text.
//!
//! Input: a first byte whose bit 0 chooses the ICANN rules alone, then the text (lossy
//! UTF-8). Properties:
//! - a lookup answers or fails with `NotAHostName` at a character that no host name has (in
//!   ASCII: the URL Standard's forbidden host code points, a C0 control, DEL; beyond, white
//!   space, controls and what UTS #46 maps to those), with no forbidden ASCII byte before it
//!   but a `:` or a bracket, and an ASCII text without one never fails; the three entry points agree (`match_host`,
//!   `public_suffix_in`, `registered_domain_in`);
//! - an answer is well formed: a public suffix of at least one label and no empty one, the
//!   registered domain that suffix and exactly one label more (none where the host is a
//!   public suffix itself), from the ICANN rules alone when asked;
//! - the ASCII upper-cased text has the same answers (the usual host's short scan and the
//!   exact one, which a lower-case host and an upper-case one take, agree);
//! - tldextract's reading answers any text, with a suffix that ends the host it reports;
//! - a `DomainSet` of the text's lines but the last holds the last line exactly when it is a
//!   member or ends with `.` and a member (Scrapy's offsite rule).

use relurl::domain_set::DomainSet;
use relurl::public_suffix::{PublicSuffixList, Section, Sections};
use relurl::ErrorKind;

use crate::common::text;

/// The bytes no host name has.
fn forbidden(b: u8) -> bool {
    b < 0x21 || b == 0x7F || b"#/:<>?@[\\]^|".contains(&b)
}

/// The properties above for `data`.
pub fn check_domains(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let input = text(rest);
    let sections = if first & 1 == 1 { Sections::Icann } else { Sections::All };
    let list = PublicSuffixList::bundled();
    check_lookup(list, &input, sections);
    if input.is_ascii() {
        let upper = input.to_ascii_uppercase();
        let lower = input.to_ascii_lowercase();
        let answers = |text: &str| {
            let found = list.match_host(text, sections);
            found.map(|m| m.map(|m| (m.public_suffix().into_owned(), m.registered_domain().map(|d| d.into_owned()))))
        };
        assert_eq!(answers(&upper), answers(&lower), "{input:?}: upper and lower case differ");
    }
    let extracted = relurl::tldextract::bundled().extract(&input, sections == Sections::All, Default::default());
    let _ = (extracted.fqdn(), extracted.top_domain_under_public_suffix(), extracted.reverse_domain_name());
    let lines: Vec<&str> = input.split('\n').collect();
    if let Some((host, members)) = lines.split_last() {
        let set = DomainSet::new(members.iter().map(|m| m.as_bytes()));
        let naive = members.iter().any(|m| *host == *m || host.strip_suffix(m).is_some_and(|r| r.ends_with('.')));
        assert_eq!(set.contains(host.as_bytes()), naive, "{input:?}: DomainSet");
    }
}

/// The lookup's properties for `input`.
fn check_lookup(list: &PublicSuffixList, input: &str, sections: Sections) {
    let found = list.match_host(input, sections);
    let suffix = list.public_suffix_in(input, sections);
    let domain = list.registered_domain_in(input, sections);
    if input.is_ascii() && !input.bytes().any(forbidden) {
        assert!(found.is_ok(), "{input:?}: fails without a forbidden byte");
    }
    match found {
        Err(error) => {
            let ErrorKind::NotAHostName { ch, .. } = error.kind() else { panic!("{input:?}: {error:?}") };
            let at = error.offset();
            assert_eq!(input[at..].chars().next(), Some(ch), "{input:?}: {error:?} not at its character");
            assert!(!ch.is_ascii() || forbidden(ch as u8), "{input:?}: {error:?} at an allowed character");
            // No forbidden ASCII byte but a `:` or a bracket before it.
            let before = input.as_bytes()[..at].iter().find(|&&b| forbidden(b) && !b":[]".contains(&b));
            assert!(before.is_none(), "{input:?}: {error:?} after another forbidden byte");
            assert_eq!((suffix, domain), (Err(error), Err(error)), "{input:?}");
        }
        Ok(None) => assert_eq!((suffix, domain), (Ok(None), Ok(None)), "{input:?}"),
        Ok(Some(found)) => {
            let public = found.public_suffix();
            assert!(!public.is_empty() && !public.split('.').any(str::is_empty), "{input:?}: suffix {public:?}");
            assert_eq!(public.split('.').count(), found.suffix_labels(), "{input:?}: suffix {public:?}");
            assert!(found.suffix_labels() <= found.label_count(), "{input:?}");
            match found.registered_domain() {
                None => assert!(found.is_public_suffix(), "{input:?}"),
                Some(registered) => {
                    let label = registered.strip_suffix(&*public).and_then(|l| l.strip_suffix('.'));
                    assert!(label.is_some_and(|l| !l.is_empty() && !l.contains('.')), "{input:?}: {registered:?} over {public:?}");
                }
            }
            if sections == Sections::Icann {
                assert!(found.rule().is_none_or(|rule| rule.section == Section::Icann), "{input:?}");
            }
            assert_eq!(suffix, Ok(Some(public.clone())), "{input:?}");
            assert_eq!(domain, Ok(found.registered_domain()), "{input:?}");
        }
    }
}
