//! The URL a parse builds (URL Standard §4.1 "URL"), written straight into its §4.5
//! serialization: the state machine sets the components in the order the serializer writes
//! them (scheme, credentials, host, port, path, query, fragment), so each is appended to one
//! `String` and remembered by offsets; what the Standard changes later (a host replaced, a
//! path shortened, a query dropped) is always at the end, so a truncation undoes it. The
//! one exception, the `/.` prefix of §4.5 step 3, is inserted when the parse ends.

use core::fmt::Write as _;

use super::host::HostKind;
use super::WhatwgUrl;
use crate::common::error::{Error, ErrorKind};

/// A URL under construction by the state machine.
pub(super) struct Builder {
    /// The serialization so far, after `origin`.
    pub out: String,
    /// Where the URL begins in `out` (after what the caller had written there).
    origin: usize,
    /// The `:` after the scheme.
    scheme_end: usize,
    username_end: usize,
    /// Where the password begins (after its `:`), once the password token is seen.
    password_start: Option<usize>,
    host_start: usize,
    host_end: usize,
    host_kind: HostKind,
    port: Option<u16>,
    /// Where the path begins: the end of what comes before it, kept up to date by every
    /// step that writes the scheme or the authority.
    pub path_start: usize,
    pub opaque: bool,
    query_start: Option<usize>,
    fragment_start: Option<usize>,
}

impl Builder {
    /// An empty URL, to be written after what `out` holds.
    pub fn on(out: String) -> Self {
        let origin = out.len();
        Self {
            out,
            origin,
            scheme_end: origin,
            username_end: origin,
            password_start: None,
            host_start: origin,
            host_end: origin,
            host_kind: HostKind::None,
            port: None,
            path_start: origin,
            opaque: false,
            query_start: None,
            fragment_start: None,
        }
    }

    /// The scheme set so far.
    pub fn scheme(&self) -> &str {
        self.out.get(self.origin..self.scheme_end).unwrap_or("")
    }

    /// Sets the scheme (ASCII-lowercased): everything is written anew, with no host.
    pub fn set_scheme(&mut self, scheme: &str) {
        self.out.truncate(self.origin);
        self.out.push_str(scheme);
        if let Some(scheme) = self.out.get_mut(self.origin..) {
            scheme.make_ascii_lowercase();
        }
        self.scheme_end = self.out.len();
        self.out.push(':');
        self.clear_authority();
    }

    /// Drops the authority (and all after it): the host is null.
    fn clear_authority(&mut self) {
        let at = self.scheme_end + 1;
        self.out.truncate(at);
        (self.username_end, self.host_start, self.host_end, self.path_start) = (at, at, at, at);
        self.password_start = None;
        self.host_kind = HostKind::None;
        self.port = None;
        self.query_start = None;
        self.fragment_start = None;
    }

    /// The §4.4 authority state begins: `//`, then the credentials as they come.
    pub fn begin_authority(&mut self) {
        self.clear_authority();
        self.out.push_str("//");
        self.username_end = self.out.len();
    }

    /// The password token (the first `:` of the credentials) is seen: the username ends.
    pub fn begin_password(&mut self) {
        self.username_end = self.out.len();
        self.out.push(':');
        self.password_start = Some(self.out.len());
    }

    /// The credentials are complete: the `:` of an empty password is dropped, and `@` ends
    /// non-empty credentials; the host begins.
    pub fn end_credentials(&mut self) {
        match self.password_start {
            Some(start) if self.out.len() == start => {
                self.out.pop();
            }
            Some(_) => {}
            None => self.username_end = self.out.len(),
        }
        if self.out.len() > self.scheme_end + 3 {
            self.out.push('@');
        }
        self.host_start = self.out.len();
        self.host_end = self.host_start;
        self.path_start = self.host_start;
    }

    /// The host, as serialized by `write` (which returns its kind), ends the authority so
    /// far.
    pub fn set_host<E>(&mut self, write: impl FnOnce(&mut String) -> Result<HostKind, E>) -> Result<(), E> {
        self.out.truncate(self.host_start);
        self.host_kind = write(&mut self.out)?;
        self.host_end = self.out.len();
        self.path_start = self.host_end;
        Ok(())
    }

    /// A host with no credentials before it (`file:` URLs): `//` and the host.
    pub fn set_file_host<E>(&mut self, write: impl FnOnce(&mut String) -> Result<HostKind, E>) -> Result<(), E> {
        self.begin_authority();
        self.end_credentials();
        self.set_host(write)
    }

    /// The serialized host.
    pub fn host(&self) -> &str {
        self.out.get(self.host_start..self.host_end).unwrap_or("")
    }

    /// The port (null when it is the scheme's default), after the host.
    pub fn set_port(&mut self, port: Option<u16>) {
        self.out.truncate(self.host_end);
        self.port = port;
        if let Some(port) = port {
            let _ = write!(self.out, ":{port}");
        }
        self.path_start = self.out.len();
    }

    /// Copies the base's username, password, host and port (§4.4 "relative slash state" and
    /// "relative state"): its serialization from `//` to the path.
    pub fn copy_authority(&mut self, base: &WhatwgUrl) {
        self.clear_authority();
        if base.has_host() {
            let from = base.scheme_end as usize + 1;
            let here = self.out.len();
            let shift = |offset: u32| offset as usize - from + here;
            self.out.push_str(base.slice(base.scheme_end + 1, base.path_start));
            (self.username_end, self.host_start, self.host_end) = (shift(base.username_end), shift(base.host_start), shift(base.host_end));
            self.host_kind = base.host_kind;
            self.port = base.port;
            self.path_start = self.out.len();
        }
    }

    /// Copies the base's host (a `file:` base: no credentials, no port).
    pub fn copy_host(&mut self, base: &WhatwgUrl) {
        let host = base.hostname();
        let kind = if base.has_host() { base.host_kind } else { HostKind::Empty };
        let _ = self.set_file_host(|out| {
            out.push_str(host);
            Ok::<_, ()>(kind)
        });
    }

    /// Copies the base's path and query.
    pub fn copy_path_and_query(&mut self, base: &WhatwgUrl) {
        self.out.truncate(self.path_start);
        self.out.push_str(base.pathname());
        self.query_start = None;
        if let Some(query) = base.query() {
            self.start_query();
            self.out.push_str(query);
        }
    }

    /// The path, serialized: `/` before each segment, or the opaque path.
    pub fn path(&self) -> &str {
        self.out.get(self.path_start..).unwrap_or("")
    }

    /// The first segment of the path, if any.
    pub fn first_segment(&self) -> Option<&str> {
        self.path().strip_prefix('/')?.split('/').next()
    }

    /// Empties the path (and drops all after it).
    pub fn clear_path(&mut self) {
        self.out.truncate(self.path_start);
    }

    /// Removes the path's last segment, if any (the caller checks the `file:` rule).
    pub fn pop_segment(&mut self) {
        if let Some(slash) = self.path().rfind('/') {
            self.out.truncate(self.path_start + slash);
        }
    }

    /// Sets the query to the empty string (replacing a query copied from the base); the
    /// query's code points are then appended.
    pub fn start_query(&mut self) {
        self.drop_query();
        self.query_start = Some(self.out.len());
        self.out.push('?');
    }

    /// Sets the query to null (it is the last component written).
    pub fn drop_query(&mut self) {
        if let Some(start) = self.query_start.take() {
            self.out.truncate(start);
        }
    }

    /// Sets the fragment to the empty string; its code points are then appended.
    pub fn start_fragment(&mut self) {
        self.fragment_start = Some(self.out.len());
        self.out.push('#');
    }

    /// Ends the serialization: §4.5 step 3's `/.` inserted if needed; too long for `u32`
    /// offsets is an error.
    fn complete(&mut self) -> Result<(), Error> {
        // 3. "If url's host is null, url does not have an opaque path, url's path's size is
        //    greater than 1, and url's path[0] is the empty string, then append U+002F (/)
        //    followed by U+002E (.) to output."
        if self.host_kind == HostKind::None && !self.opaque && self.path().starts_with("//") {
            self.out.insert_str(self.path_start, "/.");
            self.path_start += 2;
            self.query_start = self.query_start.map(|q| q + 2);
            self.fragment_start = self.fragment_start.map(|f| f + 2);
        }
        if u32::try_from(self.out.len() - self.origin).is_err() {
            return Err(Error::new(ErrorKind::TooLong, 0));
        }
        Ok(())
    }

    /// The output with the href appended, or the error and the output.
    pub fn into_href(mut self) -> Result<String, (Error, String)> {
        match self.complete() {
            Ok(()) => Ok(self.out),
            Err(e) => Err((e, self.out)),
        }
    }

    /// The URL, with the offsets as `u32` (a builder on an empty output).
    pub fn finish(mut self) -> Result<WhatwgUrl, Error> {
        self.complete()?;
        let fast_base = !self.opaque && self.host_kind != HostKind::None && super::is_special(self.scheme()) && self.scheme() != "file";
        let at = |offset: usize| (offset - self.origin) as u32;
        Ok(WhatwgUrl {
            scheme_end: at(self.scheme_end),
            username_end: at(self.username_end),
            host_start: at(self.host_start),
            host_end: at(self.host_end),
            port: self.port,
            path_start: at(self.path_start),
            query_start: self.query_start.map(at),
            fragment_start: self.fragment_start.map(at),
            host_kind: self.host_kind,
            opaque_path: self.opaque,
            fast_base,
            serialization: self.out,
        })
    }
}
