//! URL Standard §4.4 "basic URL parser": the state machine, state by state, without a URL
//! or state override (the setters are not implemented), with UTF-8 or another encoding
//! (which the query of a special URL but `ws:` and `wss:` is encoded in).
//!
//! The pointer is a byte offset into the cleaned input (trimmed, tabs and newlines
//! removed); "c" is the code point at it. "Decrease pointer by 1" (the loop then increases
//! it again) is a jump back to the same code point; other pointer moves are jumps too.

use super::clean::clean;
use super::encode::{self, is_double_dot, is_single_dot};
use super::host::{parse_host, HostKind};
use super::record::Builder;
use super::{default_port, is_special, Failure, WhatwgUrl};
use crate::common::error::{Error, ErrorKind};
use encoding_rs::{Encoding, UTF_8};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

/// The parser's encoding (§4.4: "get an output encoding" of the one given): `None` for
/// UTF-8, the common case, which takes no other path.
pub(super) type QueryEncoding = Option<&'static Encoding>;

/// The [`QueryEncoding`] of `encoding`: UTF-16BE/LE and replacement are UTF-8.
pub(super) fn query_encoding(encoding: &'static Encoding) -> QueryEncoding {
    let encoding = encoding.output_encoding();
    (encoding != UTF_8).then_some(encoding)
}

/// §4.4 basic URL parser: `input` against `base`.
pub(super) fn parse(input: &str, base: Option<&WhatwgUrl>, encoding: QueryEncoding) -> Result<WhatwgUrl, Error> {
    let capacity = input.len() + base.map_or(0, |base| base.serialization.len()) + 8;
    run(input, base, encoding, String::with_capacity(capacity)).map_err(|(e, _)| e)?.finish()
}

/// §4.4 basic URL parser: `input` against `base`, its href appended to `out` (which the
/// parse writes in: no other allocation); on error `out` is left as it was.
pub(super) fn parse_into(input: &str, base: Option<&WhatwgUrl>, encoding: QueryEncoding, out: &mut String) -> Result<(), Error> {
    let origin = out.len();
    match run(input, base, encoding, std::mem::take(out)) {
        Ok(builder) => match builder.into_href() {
            Ok(href) => {
                *out = href;
                Ok(())
            }
            Err((e, mut href)) => {
                href.truncate(origin);
                *out = href;
                Err(e)
            }
        },
        Err((e, mut written)) => {
            written.truncate(origin);
            *out = written;
            Err(e)
        }
    }
}

/// Runs the state machine over `input`, writing after what `out` holds; on failure, the
/// error and `out` back.
fn run(input: &str, base: Option<&WhatwgUrl>, encoding: QueryEncoding, out: String) -> Result<Builder, (Error, String)> {
    if u32::try_from(input.len()).is_err() {
        return Err((Error::new(ErrorKind::TooLong, 0), out));
    }
    let (cleaned, origin) = clean(input);
    let mut machine = Machine { input: &cleaned, base, encoding, parts: Builder::on(out), special: false };
    match machine.run() {
        Ok(()) => Ok(machine.parts),
        Err((failure, pos)) => Err((Error::new(ErrorKind::UrlStandard(failure), origin.at(pos)), machine.parts.out)),
    }
}

struct Machine<'a> {
    input: &'a str,
    base: Option<&'a WhatwgUrl>,
    /// The encoding of the query, if not UTF-8.
    encoding: QueryEncoding,
    parts: Builder,
    /// Whether the URL's scheme is special (§4.1).
    special: bool,
}

type Fail = (Failure, usize);

impl Machine<'_> {
    /// Sets the scheme (ASCII-lowercased).
    fn set_scheme(&mut self, scheme: &str) {
        self.parts.set_scheme(scheme);
        self.special = is_special(self.parts.scheme());
    }

    /// Opens a path segment unless one is open: its `/` is written.
    fn open_segment(&mut self, segment: &mut Option<usize>) {
        if segment.is_none() {
            self.parts.out.push('/');
            *segment = Some(self.parts.out.len());
        }
    }

    /// §4.4 path state, the end of a segment (at `/`, `\` when special, `?`, `#` or EOF;
    /// `slash` for the first two): a `..` shortens the path, a `.` is dropped, each leaving
    /// an empty last segment unless a slash follows; a Windows drive letter first in a
    /// `file:` path is normalized.
    fn end_segment(&mut self, segment: &mut Option<usize>, slash: bool) {
        self.open_segment(segment);
        let start = segment.take().unwrap_or(self.parts.out.len());
        let buffer = self.parts.out.get(start..).unwrap_or("");
        if is_double_dot(buffer) {
            self.parts.out.truncate(start - 1);
            self.shorten_path();
            if !slash {
                self.parts.out.push('/');
            }
        } else if is_single_dot(buffer) {
            self.parts.out.truncate(start - 1);
            if !slash {
                self.parts.out.push('/');
            }
        } else if start - 1 == self.parts.path_start && encode::is_windows_drive_letter(buffer) && self.parts.scheme() == "file" {
            // "If url's scheme is "file", url's path is empty, and buffer is a Windows drive
            // letter, then replace the second code point in buffer with U+003A (:)."
            self.parts.out.replace_range(start + 1..start + 2, ":");
        }
    }

    /// §4.4 "shorten a URL's path".
    fn shorten_path(&mut self) {
        let parts = &mut self.parts;
        // 3. "If url's scheme is "file", path's size is 1, and path[0] is a normalized
        //    Windows drive letter, then return."
        if parts.scheme() == "file"
            && parts.path().rfind('/') == Some(0)
            && parts.first_segment().is_some_and(encode::is_normalized_windows_drive_letter)
        {
            return;
        }
        // 4. "Remove path's last item, if any."
        parts.pop_segment();
    }

    /// Whether `c` ends the authority, host or port: EOF, `/`, `?`, `#`, or `\` when special.
    fn ends_host(&self, c: Option<char>) -> bool {
        match c {
            None | Some('/' | '?' | '#') => true,
            Some('\\') => self.special,
            Some(_) => false,
        }
    }

    /// Parses the host `input[start..end]` (§3.5) into the parts.
    fn host(&mut self, start: usize, end: usize) -> Result<(), Fail> {
        let buffer = self.input.get(start..end).unwrap_or("");
        let special = self.special;
        self.parts.set_host(|out| parse_host(buffer, !special, out)).map_err(|f| (f, start))
    }

    /// The end of the run of bytes from `pointer` that `state` would take one code point at
    /// a time without doing more than appending them (to the path, opaque path, query or
    /// fragment unchanged, to the scheme lower-cased, or to the buffer of the authority,
    /// host or file host states, which is a slice of the input), if the run is not empty.
    fn plain_run(&self, state: State, pointer: usize) -> Option<usize> {
        let stops: &[bool; 256] = match state {
            State::Path if self.special => &encode::STOP_PATH_SPECIAL,
            State::Path => &encode::STOP_PATH,
            State::OpaquePath => &encode::STOP_OPAQUE_PATH,
            State::Query if self.special => &encode::STOP_SPECIAL_QUERY,
            State::Query => &encode::STOP_QUERY,
            State::Fragment => &encode::STOP_FRAGMENT,
            State::Scheme => &encode::STOP_SCHEME,
            State::Authority if self.special => &encode::STOP_AUTHORITY_SPECIAL,
            State::Authority => &encode::STOP_AUTHORITY,
            State::Host if self.special => &encode::STOP_HOST_SPECIAL,
            State::Host => &encode::STOP_HOST,
            State::FileHost => &encode::STOP_FILE_HOST,
            _ => return None,
        };
        let rest = self.input.as_bytes().get(pointer..)?;
        let len = rest.iter().position(|&b| stops[usize::from(b)]).unwrap_or(rest.len());
        (len > 0).then_some(pointer + len)
    }

    #[allow(clippy::too_many_lines)] // one arm per state of the Standard
    fn run(&mut self) -> Result<(), Fail> {
        let input = self.input;
        let mut state = State::SchemeStart;
        // The scheme, authority, host, file host and port states read their buffer as a
        // slice of the input (from 0 or from `start`); the path state's buffer is the open
        // segment at the end of the output, after its `/` at `segment - 1`.
        let mut segment: Option<usize> = None;
        let mut start = 0usize;
        let mut at_sign_seen = false;
        let mut inside_brackets = false;
        let mut password_token_seen = false;
        let mut port: u32 = 0;
        let mut pointer = 0usize;
        loop {
            // §4.4 query state with an encoding other than UTF-8 (not for a URL that is not
            // special, nor `ws:`/`wss:`): the buffer, the query up to `#` or the end, is
            // percent-encoded after encoding, as one.
            if let Some(encoding) = self.encoding.filter(|_| state == State::Query) {
                if self.special && !matches!(self.parts.scheme(), "ws" | "wss") {
                    let rest = input.get(pointer..).unwrap_or("");
                    let end = rest.find('#').unwrap_or(rest.len());
                    encode::push_encoded(&mut self.parts.out, rest.get(..end).unwrap_or(""), encoding, encode::SPECIAL_QUERY);
                    pointer += end;
                }
            }
            // A run of ASCII that the state would append one code point at a time, with
            // nothing to encode and no delimiter, is appended whole.
            if let Some(end) = self.plain_run(state, pointer) {
                let run = input.get(pointer..end).unwrap_or("");
                match state {
                    State::Path => {
                        self.open_segment(&mut segment);
                        self.parts.out.push_str(run);
                    }
                    State::OpaquePath | State::Query | State::Fragment => self.parts.out.push_str(run),
                    // The scheme, authority, host and file host states read their buffer from
                    // the input.
                    _ => {}
                }
                pointer = end;
                continue;
            }
            let c = input.get(pointer..).and_then(|rest| rest.chars().next());
            let next = pointer + c.map_or(1, char::len_utf8);
            let remaining = input.get(next..).unwrap_or("");
            // Where the pointer goes next; `None`: to the next code point.
            let mut jump: Option<usize> = None;
            match state {
                State::SchemeStart => match c {
                    Some(c) if c.is_ascii_alphabetic() => state = State::Scheme,
                    _ => {
                        state = State::NoScheme;
                        jump = Some(pointer);
                    }
                },
                State::Scheme => match c {
                    Some(c) if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') => {}
                    Some(':') => {
                        self.set_scheme(input.get(..pointer).unwrap_or(""));
                        if self.parts.scheme() == "file" {
                            state = State::File;
                        } else if self.special && self.base.is_some_and(|base| base.scheme() == self.parts.scheme()) {
                            state = State::SpecialRelativeOrAuthority;
                        } else if self.special {
                            state = State::SpecialAuthoritySlashes;
                        } else if remaining.starts_with('/') {
                            state = State::PathOrAuthority;
                            jump = Some(next + 1);
                        } else {
                            self.parts.opaque = true;
                            state = State::OpaquePath;
                        }
                    }
                    _ => {
                        // "Otherwise, if state override is not given, set buffer to the empty
                        // string, state to no scheme state, and start over (from the first
                        // code point in input)."
                        state = State::NoScheme;
                        jump = Some(0);
                    }
                },
                State::NoScheme => {
                    let Some(base) = self.base.filter(|base| !base.has_opaque_path() || c == Some('#')) else {
                        return Err((Failure::MissingSchemeNonRelativeUrl, 0));
                    };
                    if base.has_opaque_path() {
                        self.set_scheme(base.scheme());
                        self.parts.copy_path_and_query(base);
                        self.parts.opaque = true;
                        self.parts.start_fragment();
                        state = State::Fragment;
                    } else if base.scheme() != "file" {
                        state = State::Relative;
                        jump = Some(pointer);
                    } else {
                        state = State::File;
                        jump = Some(pointer);
                    }
                }
                State::SpecialRelativeOrAuthority => {
                    if c == Some('/') && remaining.starts_with('/') {
                        state = State::SpecialAuthorityIgnoreSlashes;
                        jump = Some(next + 1);
                    } else {
                        state = State::Relative;
                        jump = Some(pointer);
                    }
                }
                State::PathOrAuthority => {
                    if c == Some('/') {
                        self.parts.begin_authority();
                        state = State::Authority;
                        start = next;
                    } else {
                        state = State::Path;
                        jump = Some(pointer);
                    }
                }
                State::Relative => {
                    let Some(base) = self.base else {
                        return Err((Failure::MissingSchemeNonRelativeUrl, 0));
                    };
                    self.set_scheme(base.scheme());
                    if c == Some('/') || (self.special && c == Some('\\')) {
                        state = State::RelativeSlash;
                    } else {
                        self.parts.copy_authority(base);
                        self.parts.copy_path_and_query(base);
                        match c {
                            Some('?') => {
                                self.parts.start_query();
                                state = State::Query;
                            }
                            Some('#') => {
                                self.parts.start_fragment();
                                state = State::Fragment;
                            }
                            Some(_) => {
                                self.parts.drop_query();
                                self.shorten_path();
                                state = State::Path;
                                jump = Some(pointer);
                            }
                            None => {}
                        }
                    }
                }
                State::RelativeSlash => {
                    if self.special && matches!(c, Some('/' | '\\')) {
                        state = State::SpecialAuthorityIgnoreSlashes;
                    } else if c == Some('/') {
                        self.parts.begin_authority();
                        state = State::Authority;
                        start = next;
                    } else {
                        if let Some(base) = self.base {
                            self.parts.copy_authority(base);
                        }
                        state = State::Path;
                        jump = Some(pointer);
                    }
                }
                State::SpecialAuthoritySlashes => {
                    state = State::SpecialAuthorityIgnoreSlashes;
                    jump = Some(if c == Some('/') && remaining.starts_with('/') { next + 1 } else { pointer });
                }
                State::SpecialAuthorityIgnoreSlashes => {
                    if !matches!(c, Some('/' | '\\')) {
                        self.parts.begin_authority();
                        state = State::Authority;
                        start = pointer;
                        jump = Some(pointer);
                    }
                }
                State::Authority => {
                    if c == Some('@') {
                        // "If atSignSeen is true, then prepend "%40" to buffer."
                        // (The username, then the password, is the last thing written.)
                        if at_sign_seen {
                            self.parts.out.push_str("%40");
                        }
                        at_sign_seen = true;
                        let buffer = input.get(start..pointer).unwrap_or("");
                        match buffer.find(':').filter(|_| !password_token_seen) {
                            Some(colon) => {
                                password_token_seen = true;
                                encode::push_str(&mut self.parts.out, buffer.get(..colon).unwrap_or(""), encode::USERINFO);
                                self.parts.begin_password();
                                encode::push_str(&mut self.parts.out, buffer.get(colon + 1..).unwrap_or(""), encode::USERINFO);
                            }
                            None => encode::push_str(&mut self.parts.out, buffer, encode::USERINFO),
                        }
                        start = next;
                    } else if self.ends_host(c) {
                        if at_sign_seen && start == pointer {
                            return Err((Failure::HostMissing, pointer));
                        }
                        // "Decrease pointer by buffer's code point length + 1, set buffer to
                        // the empty string, and set state to host state."
                        self.parts.end_credentials();
                        state = State::Host;
                        jump = Some(start);
                    }
                }
                State::Host => {
                    if c == Some(':') && !inside_brackets {
                        if start == pointer {
                            return Err((Failure::HostMissing, pointer));
                        }
                        self.host(start, pointer)?;
                        state = State::Port;
                        start = next;
                    } else if self.ends_host(c) {
                        jump = Some(pointer);
                        if self.special && start == pointer {
                            return Err((Failure::HostMissing, pointer));
                        }
                        self.host(start, pointer)?;
                        state = State::PathStart;
                    } else if c == Some('[') {
                        inside_brackets = true;
                    } else if c == Some(']') {
                        inside_brackets = false;
                    }
                }
                State::Port => match c {
                    Some(d @ '0'..='9') => port = (port * 10 + (d as u32 - u32::from(b'0'))).min(1 << 17),
                    _ if self.ends_host(c) => {
                        if pointer > start {
                            let value = u16::try_from(port).map_err(|_| (Failure::PortOutOfRange, start))?;
                            let default = default_port(self.parts.scheme());
                            self.parts.set_port((default != Some(value)).then_some(value));
                        }
                        state = State::PathStart;
                        jump = Some(pointer);
                    }
                    _ => return Err((Failure::PortInvalid, start)),
                },
                State::File => {
                    self.set_scheme("file");
                    self.parts.set_file_host(|_| Ok::<_, ()>(HostKind::Empty)).unwrap_or(());
                    let base = self.base.filter(|base| base.scheme() == "file");
                    if matches!(c, Some('/' | '\\')) {
                        state = State::FileSlash;
                    } else if let Some(base) = base {
                        self.parts.copy_host(base);
                        self.parts.copy_path_and_query(base);
                        match c {
                            Some('?') => {
                                self.parts.start_query();
                                state = State::Query;
                            }
                            Some('#') => {
                                self.parts.start_fragment();
                                state = State::Fragment;
                            }
                            Some(_) => {
                                self.parts.drop_query();
                                if encode::starts_with_windows_drive_letter(input.get(pointer..).unwrap_or("")) {
                                    self.parts.clear_path();
                                } else {
                                    self.shorten_path();
                                }
                                state = State::Path;
                                jump = Some(pointer);
                            }
                            None => {}
                        }
                    } else {
                        state = State::Path;
                        jump = Some(pointer);
                    }
                }
                State::FileSlash => {
                    if matches!(c, Some('/' | '\\')) {
                        state = State::FileHost;
                        start = next;
                    } else {
                        if let Some(base) = self.base.filter(|base| base.scheme() == "file") {
                            self.parts.copy_host(base);
                            if !encode::starts_with_windows_drive_letter(input.get(pointer..).unwrap_or("")) {
                                let first = base.pathname().strip_prefix('/').and_then(|p| p.split('/').next());
                                if let Some(first) = first.filter(|f| encode::is_normalized_windows_drive_letter(f)) {
                                    self.parts.out.push('/');
                                    self.parts.out.push_str(first);
                                }
                            }
                        }
                        state = State::Path;
                        jump = Some(pointer);
                    }
                }
                State::FileHost => {
                    if matches!(c, None | Some('/' | '\\' | '?' | '#')) {
                        jump = Some(pointer);
                        let host = input.get(start..pointer).unwrap_or("");
                        if encode::is_windows_drive_letter(host) {
                            // The Windows drive letter quirk: the buffer goes on in the path
                            // state.
                            self.open_segment(&mut segment);
                            self.parts.out.push_str(host);
                            state = State::Path;
                        } else if host.is_empty() {
                            self.parts.set_file_host(|_| Ok::<_, ()>(HostKind::Empty)).unwrap_or(());
                            state = State::PathStart;
                        } else {
                            self.host(start, pointer)?;
                            if self.parts.host() == "localhost" {
                                self.parts.set_file_host(|_| Ok::<_, ()>(HostKind::Empty)).unwrap_or(());
                            }
                            state = State::PathStart;
                        }
                    }
                }
                State::PathStart => {
                    if self.special {
                        state = State::Path;
                        if !matches!(c, Some('/' | '\\')) {
                            jump = Some(pointer);
                        }
                    } else if c == Some('?') {
                        self.parts.start_query();
                        state = State::Query;
                    } else if c == Some('#') {
                        self.parts.start_fragment();
                        state = State::Fragment;
                    } else if c.is_some() {
                        state = State::Path;
                        if c != Some('/') {
                            jump = Some(pointer);
                        }
                    }
                }
                State::Path => {
                    let slash = c == Some('/') || (self.special && c == Some('\\'));
                    if slash || matches!(c, None | Some('?' | '#')) {
                        self.end_segment(&mut segment, slash);
                        if c == Some('?') {
                            self.parts.start_query();
                            state = State::Query;
                        } else if c == Some('#') {
                            self.parts.start_fragment();
                            state = State::Fragment;
                        }
                    } else if let Some(c) = c {
                        self.open_segment(&mut segment);
                        encode::push_char(&mut self.parts.out, c, encode::PATH);
                    }
                }
                State::OpaquePath => match c {
                    Some('?') => {
                        self.parts.start_query();
                        state = State::Query;
                    }
                    Some('#') => {
                        self.parts.start_fragment();
                        state = State::Fragment;
                    }
                    Some(' ') => {
                        let encoded = remaining.starts_with(['?', '#']);
                        self.parts.out.push_str(if encoded { "%20" } else { " " });
                    }
                    Some(c) => encode::push_char(&mut self.parts.out, c, encode::C0_CONTROL),
                    None => {}
                },
                State::Query => match c {
                    Some('#') => {
                        self.parts.start_fragment();
                        state = State::Fragment;
                    }
                    Some(c) => {
                        let set = if self.special { encode::SPECIAL_QUERY } else { encode::QUERY };
                        encode::push_char(&mut self.parts.out, c, set);
                    }
                    None => {}
                },
                State::Fragment => {
                    if let Some(c) = c {
                        encode::push_char(&mut self.parts.out, c, encode::FRAGMENT);
                    }
                }
            }
            match jump {
                Some(to) => pointer = to,
                None if c.is_none() => return Ok(()),
                None => pointer = next,
            }
        }
    }
}
