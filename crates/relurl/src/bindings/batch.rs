//! The arguments of a batch as every binding takes them, checked here: `errors=` (what
//! becomes of a failed row, [`ErrorMode`]), `threads=` ([`threads`]), and a column of
//! bases (one base per reference, [`check_bases_len`]). A binding converts its language's
//! values and hands them over; the names, defaults, limits and messages are these.

use core::fmt;
use core::num::NonZeroUsize;
use core::str::FromStr;

use crate::batch::max_threads;

/// What to do with a row that fails (`errors=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ErrorMode {
    /// Raise one error for the first failed row, naming its index (the default).
    #[default]
    Raise,
    /// A null in the failed row's place.
    Null,
    /// A null in its place, and its error in a second list.
    Report,
}

impl ErrorMode {
    /// Every mode, in the order their names are listed ([`UnknownErrorMode`]'s message).
    pub const ALL: [Self; 3] = [Self::Raise, Self::Null, Self::Report];

    /// The name that chooses it: `"raise"`, `"null"` or `"report"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Raise => "raise",
            Self::Null => "null",
            Self::Report => "report",
        }
    }

    /// Whether the batch stops at its first failure (the core's
    /// [`BatchOptions::stop_at_first_error`](crate::batch::BatchOptions::stop_at_first_error)):
    /// when it is raised.
    pub const fn stops_at_first_error(self) -> bool {
        matches!(self, Self::Raise)
    }
}

/// A name that is not one of the [`ErrorMode`]s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownErrorMode(pub String);

impl fmt::Display for UnknownErrorMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [first, second, last] = ErrorMode::ALL.map(ErrorMode::name);
        write!(f, "errors must be '{first}', '{second}' or '{last}', not {:?}", self.0)
    }
}

impl std::error::Error for UnknownErrorMode {}

impl FromStr for ErrorMode {
    type Err = UnknownErrorMode;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|mode| mode.name() == name).ok_or_else(|| UnknownErrorMode(name.to_owned()))
    }
}

/// The threads a batch runs on, for `threads=`: one when not given; never more than the
/// core's cap ([`max_threads`]: the machine's available parallelism), however many are
/// asked for. `asked` is the binding's integer, saturated at `i128`'s bounds (any count
/// past them is as far from a valid one).
///
/// # Errors
/// [`ThreadsBelowOne`] for a count below 1.
pub fn threads(asked: Option<i128>) -> Result<NonZeroUsize, ThreadsBelowOne> {
    let Some(asked) = asked else { return Ok(NonZeroUsize::MIN) };
    if asked < 1 {
        return Err(ThreadsBelowOne(asked));
    }
    // A count too large for usize is more than any machine has.
    let asked = usize::try_from(asked).unwrap_or(usize::MAX);
    Ok(NonZeroUsize::new(asked).map_or(NonZeroUsize::MIN, |asked| asked.min(max_threads())))
}

/// A `threads=` count below 1 ([`threads`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThreadsBelowOne(pub i128);

impl ThreadsBelowOne {
    /// The message for the count `given` as the binding's language writes it (its integers
    /// may be past `i128`'s bounds): `"threads must be at least 1, not -1"`.
    pub fn message(given: impl fmt::Display) -> String {
        format!("threads must be at least 1, not {given}")
    }
}

impl fmt::Display for ThreadsBelowOne {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Self::message(self.0))
    }
}

impl std::error::Error for ThreadsBelowOne {}

/// Checks a column of bases against its references: one base per reference. `unit` names
/// what the binding counts (`"items"` of a list, `"rows"` of a column).
///
/// # Errors
/// [`BasesLenMismatch`] when the lengths differ.
pub fn check_bases_len(bases: usize, references: usize, unit: &'static str) -> Result<(), BasesLenMismatch> {
    if bases == references {
        Ok(())
    } else {
        Err(BasesLenMismatch { bases, references, unit })
    }
}

/// A column of bases whose length is not its references' ([`check_bases_len`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BasesLenMismatch {
    /// The bases given.
    pub bases: usize,
    /// The references given.
    pub references: usize,
    /// What was counted (`"items"`, `"rows"`).
    pub unit: &'static str,
}

impl fmt::Display for BasesLenMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self { bases, references, unit } = self;
        write!(f, "bases has {bases} {unit} and references {references}: give one base, or one base per reference")
    }
}

impl std::error::Error for BasesLenMismatch {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_modes_by_name() {
        assert_eq!("report".parse::<ErrorMode>(), Ok(ErrorMode::Report));
        assert_eq!(ErrorMode::default(), ErrorMode::Raise);
        assert!(ErrorMode::Raise.stops_at_first_error() && !ErrorMode::Null.stops_at_first_error());
        let err = "skip".parse::<ErrorMode>().unwrap_err();
        assert_eq!(err.to_string(), "errors must be 'raise', 'null' or 'report', not \"skip\"");
    }

    #[test]
    fn thread_counts() {
        assert_eq!(threads(None), Ok(NonZeroUsize::MIN));
        assert_eq!(threads(Some(1)), Ok(NonZeroUsize::MIN));
        assert_eq!(threads(Some(i128::MAX)), Ok(max_threads()));
        assert_eq!(threads(Some(0)), Err(ThreadsBelowOne(0)));
        assert_eq!(threads(Some(-5)).unwrap_err().to_string(), "threads must be at least 1, not -5");
    }

    #[test]
    fn bases_one_per_reference() {
        assert_eq!(check_bases_len(3, 3, "rows"), Ok(()));
        let err = check_bases_len(2, 3, "items").unwrap_err();
        assert_eq!(err.to_string(), "bases has 2 items and references 3: give one base, or one base per reference");
    }
}
