//! Python's limit on the digits `int()` reads from a string (CPython 3.11 on, and the 3.10
//! and earlier security releases; CVE-2020-10735): `int(s)` of a decimal string of more
//! digits than `sys.get_int_max_str_digits()` raises `ValueError`. The twins read ports (and
//! surt a host of digits) with `int()`, so they refuse what their peer refuses:
//! [`crate::Login::port`] (urllib's `port`), [`crate::w3lib`] (w3lib's `_SplitResult`) and
//! [`crate::surt`] (urllib's `port` and surt's `attemptIPFormats`) take the limit as a
//! number and check it here, the one place.
//!
//! The limit counts every digit of the string, leading zeros too (`"0" * 4299 + "80"` has
//! 4,301); 0 means no limit. Python refuses to set a limit between 1 and [`THRESHOLD`], so
//! a string of at most [`THRESHOLD`] digits is read under every limit: the bindings check
//! with [`THRESHOLD`] first and ask the running Python for its limit only when a string is
//! longer.
//!
//! ```
//! use relurl::int_limit::{check, TooManyDigits, DEFAULT};
//! assert_eq!(check(4300, DEFAULT), Ok(()));
//! assert_eq!(check(5000, 0), Ok(()));
//! let e = check(4301, DEFAULT).unwrap_err();
//! assert_eq!(e, TooManyDigits { digits: 4301, limit: 4300 });
//! assert!(e.to_string().starts_with("Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits"));
//! ```

use core::fmt;

/// Python's default limit (`sys.int_info.default_max_str_digits`): 4,300 digits.
pub const DEFAULT: usize = 4300;

/// The smallest limit Python accepts other than 0 (`sys.int_info.str_digits_check_threshold`):
/// 640 digits. No string of this many digits or fewer is refused, whatever the limit.
pub const THRESHOLD: usize = 640;

/// `int()` of a string of `digits` digits, refused under the limit `limit`: Python's
/// `ValueError`, whose message [`fmt::Display`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TooManyDigits {
    /// The number of digits of the string (leading zeros included).
    pub digits: usize,
    /// The limit they exceed.
    pub limit: usize,
}

impl fmt::Display for TooManyDigits {
    /// CPython's message (`_MAX_STR_DIGITS_ERROR_FMT_TO_INT`, `Objects/longobject.c`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Exceeds the limit ({} digits) for integer string conversion: value has {} digits; use sys.set_int_max_str_digits() to increase the limit",
            self.limit, self.digits
        )
    }
}

impl std::error::Error for TooManyDigits {}

/// Whether `int()` reads a string of `digits` digits under the limit `limit` (0: no limit).
///
/// # Errors
/// [`TooManyDigits`] when `limit` is not 0 and `digits` is above it.
pub const fn check(digits: usize, limit: usize) -> Result<(), TooManyDigits> {
    if limit != 0 && digits > limit {
        Err(TooManyDigits { digits, limit })
    } else {
        Ok(())
    }
}
