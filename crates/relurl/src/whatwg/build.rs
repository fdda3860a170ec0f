//! The components a parse builds (URL Standard §4.1 "URL": scheme, username, password,
//! host, port, path, query, fragment) and their §4.5 serialization into a [`WhatwgUrl`].

use core::fmt::Write as _;

use super::host::HostKind;
use super::WhatwgUrl;
use crate::{Error, ErrorKind};

/// A URL under construction by the state machine. The path is kept serialized: `/` before
/// each segment (segments never hold `/`), or the opaque path's text.
#[derive(Default)]
pub(super) struct Parts {
    pub scheme: String,
    pub username: String,
    pub password: String,
    /// The serialized host (§3.6); meaningful only when `host_kind` is not `None`.
    pub host: String,
    pub host_kind: Option<HostKind>,
    pub port: Option<u16>,
    pub path: String,
    pub opaque: bool,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

impl Parts {
    /// Copies the base's username, password, host and port (§4.4 "relative slash state"
    /// and "relative state").
    pub fn copy_authority(&mut self, base: &WhatwgUrl) {
        self.username.clear();
        self.username.push_str(base.username());
        self.password.clear();
        self.password.push_str(base.password());
        self.copy_host(base);
        self.port = base.port;
    }

    /// Copies the base's host.
    pub fn copy_host(&mut self, base: &WhatwgUrl) {
        self.host.clear();
        self.host.push_str(base.hostname());
        self.host_kind = (base.host_kind != HostKind::None).then_some(base.host_kind);
    }

    /// Copies the base's path and query.
    pub fn copy_path_and_query(&mut self, base: &WhatwgUrl) {
        self.path.clear();
        self.path.push_str(base.pathname());
        self.query = base.query().map(str::to_owned);
    }

    /// The first segment of the path, if any.
    pub fn first_segment(&self) -> Option<&str> {
        let rest = self.path.strip_prefix('/')?;
        rest.split('/').next()
    }

    /// §4.5 URL serializer, with the offsets of a [`WhatwgUrl`].
    pub fn finish(self) -> Result<WhatwgUrl, Error> {
        let mut s = String::with_capacity(
            self.scheme.len()
                + self.username.len()
                + self.password.len()
                + self.host.len()
                + self.path.len()
                + self.query.as_ref().map_or(0, String::len)
                + self.fragment.as_ref().map_or(0, String::len)
                + 16,
        );
        // 1. "Let output be url's scheme and U+003A (:) concatenated."
        s.push_str(&self.scheme);
        let scheme_end = s.len();
        s.push(':');
        let (username_end, host_start, host_end);
        let host_kind = self.host_kind.unwrap_or(HostKind::None);
        if host_kind == HostKind::None {
            (username_end, host_start, host_end) = (s.len(), s.len(), s.len());
            // 3. "If url's host is null, url does not have an opaque path, url's path's
            //    size is greater than 1, and url's path[0] is the empty string, then append
            //    U+002F (/) followed by U+002E (.) to output."
            if !self.opaque && self.path.starts_with("//") {
                s.push_str("/.");
            }
        } else {
            // 2. "If url's host is non-null": "//", the credentials, the host, the port.
            s.push_str("//");
            s.push_str(&self.username);
            username_end = s.len();
            if !self.password.is_empty() {
                s.push(':');
                s.push_str(&self.password);
            }
            if !self.username.is_empty() || !self.password.is_empty() {
                s.push('@');
            }
            host_start = s.len();
            s.push_str(&self.host);
            host_end = s.len();
            if let Some(port) = self.port {
                let _ = write!(s, ":{port}");
            }
        }
        // 4. "Append the result of URL path serializing url to output."
        let path_start = s.len();
        s.push_str(&self.path);
        // 5. The query; 6. the fragment.
        let query_start = self.query.map(|query| {
            let at = s.len();
            s.push('?');
            s.push_str(&query);
            at
        });
        let fragment_start = self.fragment.map(|fragment| {
            let at = s.len();
            s.push('#');
            s.push_str(&fragment);
            at
        });
        let len = u32::try_from(s.len()).map_err(|_| Error::new(ErrorKind::TooLong, 0))?;
        let _ = len;
        Ok(WhatwgUrl {
            scheme_end: scheme_end as u32,
            username_end: username_end as u32,
            host_start: host_start as u32,
            host_end: host_end as u32,
            port: self.port,
            path_start: path_start as u32,
            query_start: query_start.map(|q| q as u32),
            fragment_start: fragment_start.map(|f| f as u32),
            host_kind,
            opaque_path: self.opaque,
            fast_base: !self.opaque && self.scheme != "file" && super::is_special(&self.scheme),
            serialization: s,
        })
    }
}
