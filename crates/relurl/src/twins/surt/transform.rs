//! `surt/URLRegexTransformer.py`: session ids in paths and queries, and `hostToSURT`.
//!
//! The patterns are matched as Python's `re` matches them (`re.I`: ASCII case only, on
//! bytes), written out by hand. Each pattern starts `^(.*...)`, whose greedy group makes the
//! match the one starting furthest right, so each is tried from the end. The texts they
//! see hold no `\n` (`handyurl.parse` deletes it and the Google canonicalizer percent-encodes
//! what decoding brings back), so `.` is any byte and `$` the end.

/// `^(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^\?]+\.aspx.*)$` and
/// `^(.*/)(\([0-9a-z]{24}\)/)([^\?]+\.aspx.*)$` (`re.I`), one after the other
/// (`stripPathSessionID`): the ASP.NET session segment removed, when an `.aspx` follows
/// before any `?`.
pub(super) fn strip_path_session_id(path: &[u8]) -> Option<Vec<u8>> {
    // Both patterns need a `(` and a `.aspx`.
    if !path.contains(&b'(') || !path.windows(5).any(|w| w.eq_ignore_ascii_case(b".aspx")) {
        return None;
    }
    match strip_path_pattern(path, cookieless_segment_len) {
        Some(once) => strip_path_pattern(&once, session_segment_len).or(Some(once)),
        None => strip_path_pattern(path, session_segment_len),
    }
}

/// One path pattern: group 1 ends with `/` at the rightmost place where `segment` (group
/// 2's length) and group 3 match; group 1 and group 3 kept.
fn strip_path_pattern(path: &[u8], segment: fn(&[u8]) -> Option<usize>) -> Option<Vec<u8>> {
    let aspx_tails = aspx_tails(path);
    for start in (1..=path.len()).rev() {
        if path[start - 1] != b'/' {
            continue;
        }
        if let Some(n) = segment(&path[start..]) {
            if aspx_tails[start + n] {
                let mut out = path[..start].to_vec();
                out.extend_from_slice(&path[start + n..]);
                return Some(out);
            }
        }
    }
    None
}

/// For each `i` in `0..=path.len()`, whether `[^\?]+\.aspx.*` matches all of `path[i..]`:
/// a `.aspx` (any case) after at least one byte, with no `?` before it. All of them in one
/// pass from the end (each segment that could be a session id would otherwise scan its
/// tail: quadratic time on many of them).
fn aspx_tails(path: &[u8]) -> Vec<bool> {
    let mut tails = vec![false; path.len() + 1];
    // Whether a `.aspx` starts at or after `i + 1` before any `?` at or after `i + 1`.
    let mut aspx_ahead = false;
    for i in (0..path.len()).rev() {
        // `path[i]` is the tail's first byte, which `[^\?]+` takes unless it is a `?`.
        tails[i] = path[i] != b'?' && aspx_ahead;
        if path[i] == b'?' {
            aspx_ahead = false;
        }
        if path.get(i..i + 5).is_some_and(|s| s.eq_ignore_ascii_case(b".aspx")) {
            aspx_ahead = true;
        }
    }
    tails
}

/// `n` bytes of `[0-9a-z]` (`re.I`: also `A-Z`) at the start of `s`.
fn alnum_run(s: &[u8], n: usize) -> bool {
    s.get(..n).is_some_and(|r| r.iter().all(u8::is_ascii_alphanumeric))
}

/// The length of `\((?:[a-z]\([0-9a-z]{24}\))+\)/` at the start of `s`.
fn cookieless_segment_len(s: &[u8]) -> Option<usize> {
    if s.first() != Some(&b'(') {
        return None;
    }
    let mut at = 1;
    let mut count = 0;
    while s.get(at).is_some_and(u8::is_ascii_alphabetic)
        && s.get(at + 1) == Some(&b'(')
        && alnum_run(&s[at + 2..], 24)
        && s.get(at + 26) == Some(&b')')
    {
        at += 27;
        count += 1;
    }
    (count > 0 && s.get(at..at + 2) == Some(b")/")).then_some(at + 2)
}

/// The length of `\([0-9a-z]{24}\)/` at the start of `s`.
fn session_segment_len(s: &[u8]) -> Option<usize> {
    (s.first() == Some(&b'(') && alnum_run(&s[1..], 24) && s.get(25..27) == Some(b")/")).then_some(27)
}

/// `stripQuerySessionID(query)`: each of `_RES_QUERY_SESSIONID` in turn,
/// `^(.*)(?:SESSION)(?:&(.*))?$` with `re.I`: the rightmost session parameter that ends
/// the query or is followed by `&` removed (with that `&`).
pub(super) fn strip_query_session_id(query: &mut Vec<u8>) {
    if !might_hold_session(query) {
        return;
    }
    for pattern in [jsessionid, phpsessid, sid, aspsessionid, cfid] {
        if let Some(stripped) = strip_query_pattern(query, pattern) {
            *query = stripped;
        }
    }
}

/// Whether an `=` of `query` follows one of the patterns' names (`sid`, which `phpsessid`
/// ends with, `jsessionid`, `cfid`, `ASPSESSIONID` and 8 letters), any case. Without one,
/// no pattern matches, and none can after another removed something, as none does.
fn might_hold_session(query: &[u8]) -> bool {
    let ends_with =
        |before: &[u8], name: &[u8]| before.len() >= name.len() && before[before.len() - name.len()..].eq_ignore_ascii_case(name);
    query.iter().enumerate().any(|(i, &b)| {
        let before = &query[..i];
        b == b'='
            && (ends_with(before, b"sid")
                || ends_with(before, b"jsessionid")
                || ends_with(before, b"cfid")
                || (i >= 20 && ends_with(&before[..i - 8], b"aspsessionid")))
    })
}

/// One query pattern: `session(rest, amps)` is the length of the session parameter at the
/// start of `rest`.
fn strip_query_pattern(query: &[u8], session: fn(&[u8], Ampersands) -> Option<usize>) -> Option<Vec<u8>> {
    // The first two `&` at or after `start`, kept as `start` walks back.
    let mut amps = [query.len(); 2];
    for start in (0..=query.len()).rev() {
        if query.get(start) == Some(&b'&') {
            amps = [start, amps[0]];
        }
        let Some(n) = session(&query[start..], Ampersands { first: amps[0] - start, second: amps[1] - start }) else { continue };
        let end = start + n;
        let after = match query.get(end) {
            None => b"".as_slice(),
            Some(b'&') => &query[end + 1..],
            Some(_) => continue,
        };
        let mut out = query[..start].to_vec();
        out.extend_from_slice(after);
        return Some(out);
    }
    None
}

/// Where the first two `&` of a query's tail are (its length for one that is not there):
/// [`cfid`]'s values run to the next `&`, and [`strip_query_pattern`] tries every place,
/// so measuring them by a scan from each would take quadratic time (`cfid=cfid=...`).
#[derive(Clone, Copy)]
struct Ampersands {
    /// The offset of the first `&`.
    first: usize,
    /// The offset of the second `&`.
    second: usize,
}

/// `name` (any case) then `n` bytes of `[0-9a-zA-Z]`.
fn named_id(s: &[u8], name: &[u8], n: usize) -> Option<usize> {
    let id = s.get(..name.len()).filter(|p| p.eq_ignore_ascii_case(name)).map(|_| &s[name.len()..])?;
    alnum_run(id, n).then_some(name.len() + n)
}

/// `jsessionid=[0-9a-zA-Z]{32}`.
fn jsessionid(s: &[u8], _: Ampersands) -> Option<usize> {
    named_id(s, b"jsessionid=", 32)
}

/// `phpsessid=[0-9a-zA-Z]{32}`.
fn phpsessid(s: &[u8], _: Ampersands) -> Option<usize> {
    named_id(s, b"phpsessid=", 32)
}

/// `sid=[0-9a-zA-Z]{32}`.
fn sid(s: &[u8], _: Ampersands) -> Option<usize> {
    named_id(s, b"sid=", 32)
}

/// `ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24}`.
fn aspsessionid(s: &[u8], _: Ampersands) -> Option<usize> {
    let name = b"aspsessionid";
    let rest = s.get(..name.len()).filter(|p| p.eq_ignore_ascii_case(name)).map(|_| &s[name.len()..])?;
    let alpha = |r: &[u8]| r.iter().all(u8::is_ascii_alphabetic);
    (rest.len() >= 33 && alpha(&rest[..8]) && rest[8] == b'=' && alpha(&rest[9..33])).then_some(name.len() + 33)
}

/// `cfid=[^&]+&cftoken=[^&]+`: each value runs to the next `&` (or the end), the id to the
/// tail's first (`amps.first`), the token to its second.
fn cfid(s: &[u8], amps: Ampersands) -> Option<usize> {
    let name = b"cfid=";
    let token_name = b"&cftoken=";
    let is = |at: usize, text: &[u8]| s.get(at..at + text.len()).is_some_and(|p| p.eq_ignore_ascii_case(text));
    // `name` holds no `&`, so the first `&` of the tail is the id's end.
    let id_end = amps.first;
    let token_end = amps.second;
    (is(0, name) && id_end > name.len() && is(id_end, token_name) && token_end > id_end + token_name.len()).then_some(token_end)
}

/// `hostToSURT(host, reverse_ipaddr)`, appended to `out`: the dot-separated labels in
/// reverse order, joined by `,`; an IPv4 address (`(?:(?:\d{1,3}\.){3}\d{1,3})$`) kept as
/// it is when `reverse_ipaddr` is false.
pub(super) fn host_to_surt(host: &[u8], reverse_ipaddr: bool, out: &mut Vec<u8>) {
    if !reverse_ipaddr && is_ip_address(host) {
        out.extend_from_slice(host);
        return;
    }
    for (i, label) in host.rsplit(|&b| b == b'.').enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(label);
    }
}

/// `_RE_IP_ADDRESS.match(host)`: four runs of one to three digits separated by dots.
fn is_ip_address(host: &[u8]) -> bool {
    let mut parts = 0;
    host.split(|&b| b == b'.').all(|p| {
        parts += 1;
        (1..=3).contains(&p.len()) && p.iter().all(u8::is_ascii_digit)
    }) && parts == 4
}
