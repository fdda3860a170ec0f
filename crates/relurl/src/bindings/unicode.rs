//! The Unicode version the twins follow for the one a binding's interpreter reports.

use crate::idna2003::UnicodeVersion;

/// The twins' version for `unidata_version` (CPython's `unicodedata.unidata_version`): its
/// own when the core has its tables, else the nearest: 15.1 for a newer one (CPython 3.14
/// has 16.0: characters assigned in 16.0 are then treated as 15.1 treats them), 13.0 for an
/// older or unreadable one.
pub fn unicode_version_for(unidata_version: &str) -> UnicodeVersion {
    UnicodeVersion::from_unidata_version(unidata_version).unwrap_or_else(|| {
        let major = unidata_version.split('.').next().and_then(|major| major.parse::<u32>().ok());
        if major.is_some_and(|major| major > 15) {
            UnicodeVersion::V15_1
        } else {
            UnicodeVersion::V13_0
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_newer_older_unreadable() {
        for version in UnicodeVersion::ALL {
            assert_eq!(unicode_version_for(version.name()), version);
        }
        assert_eq!(unicode_version_for("16.0.0"), UnicodeVersion::V15_1);
        assert_eq!(unicode_version_for("15.2.0"), UnicodeVersion::V13_0);
        assert_eq!(unicode_version_for("12.1.0"), UnicodeVersion::V13_0);
        assert_eq!(unicode_version_for(""), UnicodeVersion::V13_0);
        assert_eq!(unicode_version_for("x"), UnicodeVersion::V13_0);
    }
}
