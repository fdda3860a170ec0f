//! The names of a parsed URL's components, in the order the bindings give them (a column
//! per name in `relurl.arrow.parse`, a field per name in `relurl parse`).

/// The RFCs' six components, in `urllib.parse.urlparse` order, then the net_loc's host name
/// and port ([`crate::Login`], urllib's `hostname` and `port`).
pub const RFC_COMPONENTS: [&str; 8] = ["scheme", "netloc", "path", "params", "query", "fragment", "hostname", "port"];

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_by_grammar() {
        assert_eq!(component_names(crate::Spec::Whatwg)[0], "href");
        assert_eq!(component_names(crate::Spec::Rfc3986), &RFC_COMPONENTS);
        assert_eq!(component_names(crate::Spec::Rfc1808)[..6], ["scheme", "netloc", "path", "params", "query", "fragment"]);
        assert_eq!(STANDARD_COMPONENTS.last(), Some(&"origin"));
    }
}
