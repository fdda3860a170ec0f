//! Target `keys`: the crawler's keys of one untrusted URL, which must never panic and must
//! keep their promises:
//!
//! - `relurl::normalize` by every grammar is idempotent (a key is its own key), and
//!   `normalize_into` appends exactly that key (and nothing on error); also for the input
//!   with the digits after each `:` percent-encoded (`:80` as `:%38%30`, all of them, and
//!   those the first byte's bits choose), a form byte mutations rarely reach (issue 22:
//!   `http://h:%38%30/` gave `http://h:80/`, whose key is `http://h/`);
//! - `relurl::Login` answers every part of every net_loc (a bad port is an error, not a
//!   panic);
//! - the twins `relurl::w3lib::canonicalize_url` and `relurl::surt::surt` (differential
//!   tests against w3lib and surt are in pytest: `tests/test_canonicalize.py`,
//!   `tests/test_surt.py`) answer or fail, with their options on and off.

use relurl::{normalize, normalize_into, Spec};

use crate::common::text;

/// The properties above, for `data` as a URL (lossy UTF-8 for the `str` APIs; the bytes
/// themselves for surt, which takes bytes).
pub fn check_keys(data: &[u8]) {
    let input = text(data);
    let input: &str = &input;
    let mask = data.first().copied().unwrap_or(0);
    for encoded in [with_encoded_ports(input, u8::MAX), with_encoded_ports(input, mask)].iter().flatten() {
        for spec in [Spec::Rfc1808, Spec::Rfc3986] {
            if let Ok(key) = normalize(encoded, spec) {
                assert_eq!(normalize(&key, spec).as_ref(), Ok(&key), "{encoded:?} by {spec:?}: the key {key:?} is not its own key");
            }
        }
    }
    for spec in [Spec::Rfc1808, Spec::Rfc3986, Spec::Whatwg] {
        let once = normalize(input, spec);
        let mut out = String::from("prefix");
        let into = normalize_into(input, spec, &mut out);
        match &once {
            Ok(key) => {
                assert!(into.is_ok(), "{input:?} by {spec:?}: normalize_into fails where normalize gives {key:?}");
                assert_eq!(&out["prefix".len()..], key, "{input:?} by {spec:?}: normalize_into is not normalize");
                assert_eq!(normalize(key, spec).as_ref(), Ok(key), "{input:?} by {spec:?}: the key {key:?} is not its own key");
            }
            Err(_) => {
                assert!(into.is_err() && out == "prefix", "{input:?} by {spec:?}: normalize_into wrote where normalize fails");
            }
        }
        if spec != Spec::Whatwg {
            if let Some(login) = relurl::AnyUrl::parse_owned(input, spec).ok().as_ref().and_then(relurl::AnyUrl::login) {
                let _ = (login.username(), login.password(), login.hostname(), login.port());
            }
        }
    }
    for keep in [false, true] {
        let options = relurl::w3lib::Options { keep_blank_values: keep, keep_fragments: keep, ..Default::default() };
        let _ = relurl::w3lib::canonicalize_url(input, &options);
        let options = relurl::surt::Options { with_scheme: keep, trailing_comma: keep, reverse_ipaddr: !keep, ..Default::default() };
        let _ = relurl::surt::surt(data, &options);
    }
}

/// `input` with the ASCII digits that follow each `:` (up to the first other character)
/// percent-encoded (`8` as `%38`), digit `i` of a run when bit `i % 8` of `mask` is set;
/// `None` when nothing changes.
fn with_encoded_ports(input: &str, mask: u8) -> Option<String> {
    let mut out = String::with_capacity(input.len() * 2);
    let mut changed = false;
    let mut run = None;
    for c in input.chars() {
        match (c, run) {
            (':', _) => run = Some(0),
            ('0'..='9', Some(i)) => {
                run = Some(i + 1);
                if mask & (1 << (i % 8)) != 0 {
                    out.push_str(&format!("%{:02X}", u32::from(c)));
                    changed = true;
                    continue;
                }
            }
            _ => run = None,
        }
        out.push(c);
    }
    changed.then_some(out)
}
