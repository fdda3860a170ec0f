//! The names of a parsed URL's components, in the order the bindings give them (a column
//! per name in `relurl.arrow.parse`, a field per name in `relurl parse`), and a parsed
//! URL's values for them ([`components`]).

use std::borrow::Cow;

use crate::{AnyUrl, Error};

/// The RFCs' six components, in `urllib.parse.urlparse` order: what a parsed URL unpacks to
/// ([`MultiUrl::components`](crate::bindings::MultiUrl::components), Python's
/// `tuple(relurl.parse(url))`), the fields `relurl parse` prints.
pub const SPLIT_COMPONENTS: [&str; 6] = ["scheme", "netloc", "path", "params", "query", "fragment"];

/// The RFCs' six components ([`SPLIT_COMPONENTS`]), then the net_loc's host name and port
/// ([`crate::Login`], urllib's `hostname` and `port`).
pub const RFC_COMPONENTS: [&str; 8] = {
    let [scheme, netloc, path, params, query, fragment] = SPLIT_COMPONENTS;
    [scheme, netloc, path, params, query, fragment, "hostname", "port"]
};

/// The URL Standard's components: the API's getters (§6.1), in the order of the `URL`
/// class ([`crate::whatwg::WhatwgUrl`]'s getters of the same names).
pub const STANDARD_COMPONENTS: [&str; 11] =
    ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin"];

/// The components of a URL parsed by `spec`, in order.
pub fn component_names(spec: crate::Spec) -> &'static [&'static str] {
    if spec == crate::Spec::Whatwg {
        &STANDARD_COMPONENTS
    } else {
        &RFC_COMPONENTS
    }
}

/// The components of one parsed URL, by its grammar, in [`component_names`] order: what a
/// binding writes in a row of `relurl.arrow.parse` (a column per component).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Components<'a> {
    /// The URL Standard's ([`STANDARD_COMPONENTS`]): the API's getters (§6.1), then the
    /// origin.
    Standard {
        /// `href` to `hash`, in order.
        getters: [&'a str; 10],
        /// The serialized origin.
        origin: String,
    },
    /// The RFCs' ([`RFC_COMPONENTS`]): the six of the split, each `""` when empty or absent,
    /// as `urllib.parse.urlparse` gives them (RFC 1808 §2.4: an empty params, query or
    /// fragment is the same as an absent one; under RFC 3986, params is always empty), then
    /// the net_loc's host name and port, `None` when absent (urllib's `hostname` and `port`,
    /// [`crate::Login`]).
    Rfc {
        /// scheme, netloc, path, params, query, fragment.
        split: [&'a str; 6],
        /// The host name, lower-cased as urllib gives it.
        hostname: Option<Cow<'a, str>>,
        /// The port number.
        port: Option<u16>,
    },
}

/// The components of `url` ([`Components`]); a port is read as urllib reads it, under the
/// limit `int_max_str_digits` of the binding's `int()`.
///
/// # Errors
/// A port urllib rejects ([`crate::ErrorKind::BadPort`]).
pub fn components<'a>(url: &'a AnyUrl<&str>, int_max_str_digits: usize) -> Result<Components<'a>, Error> {
    if let Some(u) = url.whatwg() {
        let getters =
            [u.href(), u.protocol(), u.username(), u.password(), u.host(), u.hostname(), u.port(), u.pathname(), u.search(), u.hash()];
        return Ok(Components::Standard { getters, origin: u.origin() });
    }
    let split = [url.scheme(), url.netloc(), url.path(), url.params(), url.query(), url.fragment()];
    let (hostname, port) = match url.login() {
        Some(login) => {
            let login = login.with_int_max_str_digits(int_max_str_digits);
            let port = login.port()?;
            (login.hostname(), port)
        }
        None => (None, None),
    };
    Ok(Components::Rfc { split, hostname, port })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_by_grammar() {
        assert_eq!(component_names(crate::Spec::Whatwg)[0], "href");
        assert_eq!(component_names(crate::Spec::Rfc3986), &RFC_COMPONENTS);
        assert_eq!(component_names(crate::Spec::Rfc1808)[..6], ["scheme", "netloc", "path", "params", "query", "fragment"]);
        assert_eq!(component_names(crate::Spec::Rfc1808)[..6], SPLIT_COMPONENTS);
        assert_eq!(STANDARD_COMPONENTS.last(), Some(&"origin"));
    }

    #[test]
    fn values_by_grammar() {
        let url = crate::parse_checked("http://User@Example.com:0080/p;q?r#f", crate::Spec::Rfc1808, false).unwrap();
        let expected = Components::Rfc {
            split: ["http", "User@Example.com:0080", "/p", "q", "r", "f"],
            hostname: Some(Cow::Borrowed("example.com")),
            port: Some(80),
        };
        assert_eq!(components(&url, 4300), Ok(expected));
        let url = crate::parse_checked("http://a:99999/", crate::Spec::Rfc3986, false).unwrap();
        assert!(components(&url, 4300).is_err());
        let url = crate::parse_checked("HTTP://a/b?c#d", crate::Spec::Whatwg, false).unwrap();
        let Ok(Components::Standard { getters, origin }) = components(&url, 4300) else { panic!() };
        assert_eq!((getters.len() + 1, getters[0], origin.as_str()), (STANDARD_COMPONENTS.len(), "http://a/b?c#d", "http://a"));
    }
}
