//! The strict check of a URL against the RFC 1808 §2.2 BNF.
//!
//! Parsing (§2.4) accepts every string; this check says whether the string is a URL the
//! BNF allows, and if not, where the first offending character is and why:
//!
//! ```text
//! URL         = ( absoluteURL | relativeURL ) [ "#" fragment ]
//! absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) )
//! generic-RL  = scheme ":" relativeURL
//! relativeURL = net_path | abs_path | rel_path
//! net_path    = "//" net_loc [ abs_path ]       net_loc  = *( pchar | ";" | "?" )
//! abs_path    = "/" rel_path                    rel_path = [ path ] [ ";" params ] [ "?" query ]
//! path        = fsegment *( "/" segment )       fsegment = 1*pchar    segment = *pchar
//! params      = param *( ";" param )            param    = *( pchar | "/" )
//! query       = *( uchar | reserved )           fragment = *( uchar | reserved )
//! ```

use crate::common::error::{Component, Error, ErrorKind};
use crate::common::scan::{CLASS, PCHAR, QUESTION, SEMICOLON, SLASH, UCHAR_OR_RESERVED};
use crate::common::spec::Rfc1808;
use crate::common::url::Url;
use crate::grammars::rfc1808::parse::parse;

/// Checks `input` against the RFC 1808 §2.2 BNF.
///
/// # Errors
/// The first offending character, in input order, with its byte offset ([`Error::offset`]) and the reason;
/// [`ErrorKind::TooLong`] for inputs over `u32::MAX` bytes.
///
/// # Example
/// ```
/// assert!(relurl::validate("http://a/b/c/d;p?q#f").is_ok());
/// let err = relurl::validate("http://a/b c").unwrap_err();
/// assert_eq!((err.offset(), err.reason()), (10, "space is not allowed in a path".to_string()));
/// ```
pub fn validate(input: &str) -> Result<(), Error> {
    let url = parse(input)?;
    validate_parsed(&url)
}

/// Checks a URL already parsed by §2.4; see [`validate`].
///
/// # Errors
/// As [`validate`].
pub fn validate_parsed<S: AsRef<str>>(url: &Url<S, Rfc1808>) -> Result<(), Error> {
    let input = url.as_str();
    let fragment_start = if url.has_fragment_delimiter() { input.len() - url.fragment().len() } else { input.len() };
    let url_end = if url.has_fragment_delimiter() { fragment_start - 1 } else { input.len() };

    let generic = check_generic(url);
    let body = match generic {
        Ok(()) => Ok(()),
        // absoluteURL's second form: scheme ":" *( uchar | reserved ).
        Err(e) if url.has_scheme() => {
            let after_colon = url.scheme().len() + 1;
            match check_chars(input, after_colon, url_end, UCHAR_OR_RESERVED, Component::Path) {
                Ok(()) => Ok(()),
                Err(_) => Err(e),
            }
        }
        Err(e) => Err(e),
    };
    body?;
    check_chars(input, fragment_start, input.len(), UCHAR_OR_RESERVED, Component::Fragment)
}

/// generic-RL or relativeURL: each component against its own production.
fn check_generic<S: AsRef<str>>(url: &Url<S, Rfc1808>) -> Result<(), Error> {
    let input = url.as_str();
    if url.has_netloc() {
        let start = url.scheme().len() + usize::from(url.has_scheme()) + 2;
        check_chars(input, start, start + url.netloc().len(), PCHAR | SEMICOLON | QUESTION, Component::NetLoc)?;
    }
    let path = url.path_range();
    let mut segment_start = path.start;
    if input[path.clone()].starts_with('/') {
        segment_start += 1;
        if input[segment_start..path.end].starts_with('/') {
            return Err(Error::new(ErrorKind::EmptyFirstSegment, segment_start));
        }
    }
    check_chars(input, segment_start, path.end, PCHAR | SLASH, Component::Path)?;
    if url.has_params_delimiter() {
        let start = path.end + 1;
        check_chars(input, start, start + url.params().len(), PCHAR | SLASH | SEMICOLON, Component::Params)?;
    }
    if url.has_query_delimiter() {
        let start = path.end + url.params().len() + usize::from(url.has_params_delimiter()) + 1;
        check_chars(input, start, start + url.query().len(), UCHAR_OR_RESERVED, Component::Query)?;
    }
    Ok(())
}

/// Every byte of `input[start..end]` is in `allowed` or starts an `escape` ("%" hex hex).
fn check_chars(input: &str, start: usize, end: usize, allowed: u8, component: Component) -> Result<(), Error> {
    let b = input.as_bytes();
    let mut i = start;
    while i < end {
        let c = b[i];
        if CLASS[c as usize] & allowed != 0 {
            i += 1;
        } else if c == b'%' {
            if i + 2 < end && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit() {
                i += 3;
            } else {
                return Err(Error::new(ErrorKind::BadEscape { component }, i));
            }
        } else {
            let ch = input[i..].chars().next().unwrap_or('\u{fffd}');
            return Err(Error::new(ErrorKind::InvalidChar { component, ch }, i));
        }
    }
    Ok(())
}
