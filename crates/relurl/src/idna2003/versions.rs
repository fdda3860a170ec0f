//! The Unicode database of the CPython a twin runs in. CPython's normalizer reads the
//! combining classes of its current database (for `ucd_3_2_0` too), and w3lib reads NFKC and
//! `str.lower` from it, so the answers of `str.encode("idna")` and of w3lib follow the
//! running CPython's `unicodedata.unidata_version`. The generated tables are one CPython's
//! (`tables.txt`, the [`UnicodeVersion::default`] one); `versions.txt` holds how each other
//! supported version differs from them (`scripts/gen_idna2003.py --versions`).

use std::collections::BTreeSet;

use super::tables::{hex, parse_mapping, section, tables, to_char, Mapping, Ranges};
use std::sync::OnceLock;

/// The Unicode version of a CPython's `unicodedata` (`unicodedata.unidata_version`), whose
/// NFKC, combining classes and `str.lower` the twins follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum UnicodeVersion {
    /// Unicode 13.0.0 (CPython 3.9 and 3.10).
    V13_0,
    /// Unicode 14.0.0 (CPython 3.11): the generated tables' own.
    #[default]
    V14_0,
    /// Unicode 15.0.0 (CPython 3.12).
    V15_0,
    /// Unicode 15.1.0 (CPython 3.13).
    V15_1,
}

impl UnicodeVersion {
    /// Every version, oldest first.
    pub const ALL: [Self; 4] = [Self::V13_0, Self::V14_0, Self::V15_0, Self::V15_1];

    /// The version as `unicodedata.unidata_version` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::V13_0 => "13.0.0",
            Self::V14_0 => "14.0.0",
            Self::V15_0 => "15.0.0",
            Self::V15_1 => "15.1.0",
        }
    }

    /// The version of `unicodedata.unidata_version`, or `None` for one without tables here
    /// (a CPython older than 3.9 or newer than 3.13).
    pub fn from_unidata_version(version: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.name() == version)
    }

    /// The position of this version in [`Self::ALL`].
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

/// The changes of `version` to the base tables' section `name`: `(added, line)` for each
/// `+line` / `-line` (none for the base version).
pub(crate) fn changes(version: UnicodeVersion, name: &str) -> impl Iterator<Item = (bool, &'static str)> {
    let name = format!("{} {name}", version.name());
    let base = version == UnicodeVersion::default();
    section(include_str!("versions.txt"), &name).filter(move |_| !base).map(|line| match line.strip_prefix('+') {
        Some(added) => (true, added),
        None => (false, line.strip_prefix('-').unwrap_or(line)),
    })
}

/// `mapping` with `version`'s changes to section `name` (`+cp:seq` / `-cp` lines).
pub(crate) fn changed_mapping(mut mapping: Mapping, version: UnicodeVersion, name: &str) -> Mapping {
    for (added, line) in changes(version, name) {
        if added {
            mapping.extend(parse_mapping(core::iter::once(line)));
        } else {
            mapping.remove(&to_char(hex(line)));
        }
    }
    mapping
}

/// Nameprep's mapping (RFC 3454 B.1 and B.2) on a CPython of Unicode `version`: CPython's
/// `stringprep.map_table_b2` lower-cases with the current database's `str.lower`.
pub(crate) fn nameprep_map(version: UnicodeVersion) -> &'static Mapping {
    static MAPS: [OnceLock<Mapping>; 4] = [const { OnceLock::new() }; 4];
    MAPS[version.index()].get_or_init(|| changed_mapping(tables().map.clone(), version, "map"))
}

/// `ranges` with `version`'s changes to section `name` (`+a-b` / `-a-b` lines).
pub(crate) fn changed_ranges(ranges: &Ranges, version: UnicodeVersion, name: &str) -> Ranges {
    let mut points: BTreeSet<u32> = ranges.points().collect();
    for (added, line) in changes(version, name) {
        for p in Ranges::parse(core::iter::once(line)).points() {
            if added {
                points.insert(p);
            } else {
                points.remove(&p);
            }
        }
    }
    Ranges::from_points(points)
}
