//! The generated Unicode tables (`tables.txt`, written by `scripts/gen_idna2003.py` from
//! CPython's `stringprep` and `unicodedata` modules), parsed once on first use.
//!
//! Read by the shared reader of the generated tables ([`crate::common::unicode`]), changed to
//! each Unicode version by `common/unicode_versions.txt`.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use crate::common::unicode::{changed_mapping, changes, hex, parse_mapping, section, to_char, Mapping, Ranges, UnicodeVersion};

/// The tables of `str.encode("idna")`, as [`tables`] gives them.
#[derive(Debug)]
pub(crate) struct Tables {
    /// RFC 3454 B.1 (to nothing) and B.2, where not the identity, on the base version
    /// ([`nameprep_map`] gives each version's).
    pub map: Mapping,
    /// RFC 3454 C.1.2, C.2.2 and C.3 to C.9.
    pub prohibited: Ranges,
    /// RFC 3454 D.1 (RandALCat).
    pub randal: Ranges,
    /// RFC 3454 D.2 (LCat).
    pub lcat: Ranges,
    /// Canonical combining classes of the base version (CPython's normalizer reads the
    /// current database's): [`combining_classes`] gives each version's.
    pub ccc: Vec<(u32, u32, u8)>,
    /// Primary composites: `(first, second) -> composite`.
    pub compose: HashMap<(char, char), char>,
    /// `ucd_3_2_0.normalize("NFKD", c)` where not `c`, Hangul syllables apart.
    pub nfkd32: Mapping,
}

/// The canonical combining classes of one Unicode version: `(first, last, class)` runs.
#[derive(Debug)]
pub(crate) struct CombiningClasses(Vec<(u32, u32, u8)>);

impl CombiningClasses {
    /// The canonical combining class of `c` (0 for a starter).
    pub(crate) fn of(&self, c: char) -> u8 {
        let c = u32::from(c);
        let i = self.0.partition_point(|&(_, end, _)| end < c);
        match self.0.get(i) {
            Some(&(start, _, class)) if start <= c => class,
            _ => 0,
        }
    }
}

/// The combining classes of `version`: the base tables' with its changes (`+cp class`,
/// `-cp`), built on first use.
pub(crate) fn combining_classes(version: UnicodeVersion) -> &'static CombiningClasses {
    static CLASSES: [OnceLock<CombiningClasses>; 4] = [const { OnceLock::new() }; 4];
    CLASSES[version.index()].get_or_init(|| {
        let mut classes: BTreeMap<u32, u8> = BTreeMap::new();
        for &(a, b, class) in &tables().ccc {
            classes.extend((a..=b).map(|p| (p, class)));
        }
        for (added, line) in changes(version, "ccc") {
            let (cp, class) = line.split_once(' ').unwrap_or((line, "0"));
            if added {
                classes.insert(hex(cp), class.parse().unwrap_or_else(|_| panic!("generated table: bad class {line:?}")));
            } else {
                classes.remove(&hex(cp));
            }
        }
        let mut runs: Vec<(u32, u32, u8)> = Vec::new();
        for (p, class) in classes {
            match runs.last_mut() {
                Some((_, end, c)) if *end + 1 == p && *c == class => *end = p,
                _ => runs.push((p, p, class)),
            }
        }
        CombiningClasses(runs)
    })
}

/// The tables, parsed on first use.
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let text = include_str!("tables.txt");
        Tables {
            map: parse_mapping(section(text, "map")),
            prohibited: Ranges::parse(section(text, "prohibited")),
            randal: Ranges::parse(section(text, "randal")),
            lcat: Ranges::parse(section(text, "lcat")),
            ccc: section(text, "ccc")
                .map(|l| {
                    let (range, class) = l.split_once(' ').unwrap_or((l, "0"));
                    let (a, b) = range.split_once('-').unwrap_or((range, range));
                    (hex(a), hex(b), class.parse().unwrap_or_else(|_| panic!("generated table: bad class {l:?}")))
                })
                .collect(),
            compose: section(text, "compose")
                .map(|l| {
                    let mut it = l.split(' ').map(|h| to_char(hex(h)));
                    let mut next = || it.next().unwrap_or_else(|| panic!("generated table: bad composite {l:?}"));
                    ((next(), next()), next())
                })
                .collect(),
            nfkd32: parse_mapping(section(text, "nfkd")),
        }
    })
}

/// Nameprep's mapping (RFC 3454 B.1 and B.2) on a CPython of Unicode `version`: CPython's
/// `stringprep.map_table_b2` lower-cases with the current database's `str.lower`.
pub(crate) fn nameprep_map(version: UnicodeVersion) -> &'static Mapping {
    static MAPS: [OnceLock<Mapping>; 4] = [const { OnceLock::new() }; 4];
    MAPS[version.index()].get_or_init(|| changed_mapping(tables().map.clone(), version, "map"))
}
