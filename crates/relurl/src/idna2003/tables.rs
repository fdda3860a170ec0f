//! The generated Unicode tables (`tables.txt`, written by `scripts/gen_idna2003.py` from
//! CPython's `stringprep` and `unicodedata` modules), parsed once on first use.
//!
//! The text format is shared with the `w3lib` twin's tables: sections opened by `@name`,
//! code points in hex, `a-b` for a range, `cp:seq` for a mapping; `#` starts a comment.

use std::collections::HashMap;
use std::sync::OnceLock;

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

fn hex(s: &str) -> u32 {
    u32::from_str_radix(s, 16).unwrap_or_else(|_| panic!("generated table: bad hex {s:?}"))
}

fn to_char(cp: u32) -> char {
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

/// The tables of `str.encode("idna")`, as [`tables`] gives them.
#[derive(Debug)]
pub(crate) struct Tables {
    /// RFC 3454 B.1 (to nothing) and B.2, where not the identity.
    pub map: Mapping,
    /// RFC 3454 C.1.2, C.2.2 and C.3 to C.9.
    pub prohibited: Ranges,
    /// RFC 3454 D.1 (RandALCat).
    pub randal: Ranges,
    /// RFC 3454 D.2 (LCat).
    pub lcat: Ranges,
    /// Canonical combining classes (CPython's normalizer reads the current database's).
    pub ccc: Vec<(u32, u32, u8)>,
    /// Primary composites: `(first, second) -> composite`.
    pub compose: HashMap<(char, char), char>,
    /// `ucd_3_2_0.normalize("NFKD", c)` where not `c`, Hangul syllables apart.
    pub nfkd32: Mapping,
}

impl Tables {
    /// The canonical combining class of `c` (0 for a starter).
    pub(crate) fn ccc(&self, c: char) -> u8 {
        let c = u32::from(c);
        let i = self.ccc.partition_point(|&(_, end, _)| end < c);
        match self.ccc.get(i) {
            Some(&(start, _, class)) if start <= c => class,
            _ => 0,
        }
    }
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
