//! The one reader of the generated Unicode tables the twins read (`twins/idna2003/tables.txt`,
//! `twins/w3lib/tables.txt`, written by `scripts/gen_idna2003.py` from CPython's
//! `stringprep` and `unicodedata` modules), and the Unicode database of the CPython a twin
//! runs in ([`UnicodeVersion`]).
//!
//! The text format: sections opened by `@name`, code points in hex, `a-b` for a range,
//! `cp:seq` for a mapping; `#` starts a comment.
//!
//! CPython's normalizer reads the combining classes of its current database (for
//! `ucd_3_2_0` too), and w3lib reads NFKC and `str.lower` from it, so the answers of
//! `str.encode("idna")` and of w3lib follow the running CPython's
//! `unicodedata.unidata_version`. The generated tables are one CPython's (the
//! [`UnicodeVersion::default`] one); `unicode_versions.txt` holds how each other supported
//! version differs from them (`scripts/gen_idna2003.py --versions`).

use std::collections::{BTreeSet, HashMap};

/// One section of a generated table file: its lines, comments removed.
pub(crate) fn section<'a>(text: &'a str, name: &str) -> impl Iterator<Item = &'a str> + 'a {
    let mut inside = false;
    let name = format!("@{name}");
    text.lines().filter_map(move |line| {
        let line = line.split('#').next().unwrap_or("").trim();
        if let Some(rest) = line.strip_prefix('@') {
            inside = rest.trim() == &name[1..];
            return None;
        }
        (inside && !line.is_empty()).then_some(line)
    })
}

pub(crate) fn hex(s: &str) -> u32 {
    u32::from_str_radix(s, 16).unwrap_or_else(|_| panic!("generated table: bad hex {s:?}"))
}

pub(crate) fn to_char(cp: u32) -> char {
    char::from_u32(cp).unwrap_or_else(|| panic!("generated table: bad code point {cp:x}"))
}

/// A set of code points as sorted, disjoint ranges.
#[derive(Debug, Default)]
pub(crate) struct Ranges(Vec<(u32, u32)>);

impl Ranges {
    pub(crate) fn parse<'a>(lines: impl Iterator<Item = &'a str>) -> Self {
        Self(
            lines
                .map(|l| {
                    let (a, b) = l.split_once('-').unwrap_or((l, l));
                    (hex(a), hex(b))
                })
                .collect(),
        )
    }

    /// The ranges of sorted code points `points`.
    pub(crate) fn from_points(points: impl IntoIterator<Item = u32>) -> Self {
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        for p in points {
            match ranges.last_mut() {
                Some((_, end)) if *end + 1 == p => *end = p,
                _ => ranges.push((p, p)),
            }
        }
        Self(ranges)
    }

    /// Every code point of the ranges, in order.
    pub(crate) fn points(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().flat_map(|&(a, b)| a..=b)
    }

    /// Whether `c` is in one of the ranges.
    pub(crate) fn contains(&self, c: char) -> bool {
        let c = u32::from(c);
        let i = self.0.partition_point(|&(_, end)| end < c);
        self.0.get(i).is_some_and(|&(start, _)| start <= c)
    }
}

/// A mapping of code points to strings (`cp:seq`, an empty `seq` for "to nothing").
pub(crate) type Mapping = HashMap<char, Box<str>>;

/// Parses the `cp:seq` lines of a section.
pub(crate) fn parse_mapping<'a>(lines: impl Iterator<Item = &'a str>) -> Mapping {
    lines
        .map(|l| {
            let (cp, seq) = l.split_once(':').unwrap_or((l, ""));
            (to_char(hex(cp)), seq.split_whitespace().map(|h| to_char(hex(h))).collect::<String>().into())
        })
        .collect()
}

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
    section(include_str!("unicode_versions.txt"), &name).filter(move |_| !base).map(|line| match line.strip_prefix('+') {
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
