//! Punycode (RFC 3492) for UTS #46, with no length limit and in O(n log n) time.
//!
//! The URL Standard runs UTS #46 with VerifyDnsLength false, so a label has no length limit
//! (a thousand-character label is a valid host). RFC 3492's own algorithms are quadratic:
//! the encoder scans the whole label once per distinct code point, the decoder inserts each
//! code point into the middle of its output. Here both are O(n log n) over a Fenwick tree
//! of label positions, with exactly the RFC's results, overflow checks included (§6.4: a
//! delta beyond `u32::MAX` is a failure, which a long label with high code points can
//! reach; that failure is the RFC's answer, not a cap).

/// RFC 3492 §5 parameter values for Punycode.
const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 0x80;

/// A Fenwick (binary indexed) tree of counts over positions `0..len`.
struct Fenwick {
    tree: Vec<u32>,
}

impl Fenwick {
    /// All counts zero.
    fn new(len: usize) -> Self {
        Self { tree: vec![0; len + 1] }
    }

    /// All counts one, built in O(n).
    fn ones(len: usize) -> Self {
        let mut tree = vec![0; len + 1];
        for i in 1..=len {
            tree[i] += 1;
            let parent = i + (i & i.wrapping_neg());
            if parent <= len {
                tree[parent] += tree[i];
            }
        }
        Self { tree }
    }

    /// Adds `delta` (one or minus one, as a wrapping `u32`) at `position`.
    fn add(&mut self, position: usize, delta: u32) {
        let mut i = position + 1;
        while i < self.tree.len() {
            self.tree[i] = self.tree[i].wrapping_add(delta);
            i += i & i.wrapping_neg();
        }
    }

    /// The sum of the counts at positions `0..end`.
    fn prefix(&self, end: usize) -> u32 {
        let mut sum = 0;
        let mut i = end;
        while i > 0 {
            sum += self.tree[i];
            i &= i - 1;
        }
        sum
    }

    /// The position holding the `rank`-th one (0-based), counts being zero or one; `None`
    /// if there are not that many.
    fn select(&self, mut rank: u32) -> Option<usize> {
        let len = self.tree.len() - 1;
        let mut position = 0;
        let mut step = if len == 0 { 0 } else { 1 << len.ilog2() };
        while step > 0 {
            let next = position + step;
            if next <= len && self.tree[next] <= rank {
                rank -= self.tree[next];
                position = next;
            }
            step >>= 1;
        }
        (position < len).then_some(position)
    }
}

/// RFC 3492 §6.1 bias adaptation.
fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta / num_points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (((BASE - T_MIN + 1) * delta) / (delta + SKEW))
}

/// The threshold `t` of RFC 3492 §6.2/§6.3 for position `k`.
fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        T_MIN
    } else if k >= bias + T_MAX {
        T_MAX
    } else {
        k - bias
    }
}

/// The digit `d` (`0..36`) as RFC 3492 §5 writes it, lowercase.
fn digit_char(d: u32) -> char {
    // 0..25 are a..z, 26..35 are 0..9.
    char::from(if d < 26 { b'a' + d as u8 } else { b'0' + (d - 26) as u8 })
}

/// The value of a Punycode digit (either case), `None` for anything else.
fn digit_value(b: u8) -> Option<u32> {
    match b {
        b'a'..=b'z' => Some(u32::from(b - b'a')),
        b'A'..=b'Z' => Some(u32::from(b - b'A')),
        b'0'..=b'9' => Some(u32::from(b - b'0') + 26),
        _ => None,
    }
}

/// Appends `q` as a generalized variable-length integer (RFC 3492 §6.3).
fn push_integer(mut q: u32, bias: u32, out: &mut String) {
    let mut k = BASE;
    loop {
        let t = threshold(k, bias);
        if q < t {
            break;
        }
        out.push(digit_char(t + (q - t) % (BASE - t)));
        q = (q - t) / (BASE - t);
        k += BASE;
    }
    out.push(digit_char(q));
}

/// RFC 3492 §6.3 encoding of `input`, appended to `out` (without an `xn--` prefix);
/// `None` on overflow (a delta beyond `u32::MAX`).
pub(crate) fn encode(input: &[char], out: &mut String) -> Option<()> {
    let len = input.len();
    u32::try_from(len).ok()?;
    // The basic code points, in order, then a delimiter if there were any.
    let mut basic = Fenwick::new(len);
    let mut others = Vec::new();
    let mut b = 0u32;
    for (position, &c) in input.iter().enumerate() {
        if c.is_ascii() {
            out.push(c);
            basic.add(position, 1);
            b += 1;
        } else {
            // Sorted as one u64: the code point, then the position (below 2^32).
            others.push(u64::from(u32::from(c)) << 32 | position as u64);
        }
    }
    if b > 0 {
        out.push('-');
    }
    // The RFC's main loop takes the code points in increasing order and, for each value
    // m, scans the whole input counting the code points below m between occurrences of m.
    // Here the occurrences come sorted and the counts are Fenwick range sums over the
    // positions of the code points already handled (`basic` holds them all).
    others.sort_unstable();
    let mut n = INITIAL_N;
    let mut delta = 0u32;
    let mut bias = INITIAL_BIAS;
    let mut h = b;
    let mut start = 0;
    while start < others.len() {
        let m = (others[start] >> 32) as u32;
        let end = start + others[start..].iter().take_while(|&&packed| (packed >> 32) as u32 == m).count();
        delta = delta.checked_add((m - n).checked_mul(h.checked_add(1)?)?)?;
        n = m;
        // Code points below m before the first occurrence, then between occurrences.
        let mut from = 0;
        for position in others[start..end].iter().map(|&packed| packed as u32 as usize) {
            delta = delta.checked_add(basic.prefix(position) - basic.prefix(from))?;
            push_integer(delta, bias, out);
            bias = adapt(delta, h + 1, h == b);
            delta = 0;
            h += 1;
            from = position + 1;
        }
        // Those after the last occurrence, then the RFC's final `delta + 1`.
        delta = delta.checked_add(basic.prefix(len) - basic.prefix(from))?.checked_add(1)?;
        n = n.checked_add(1)?;
        for position in others[start..end].iter().map(|&packed| packed as u32 as usize) {
            basic.add(position, 1);
        }
        start = end;
    }
    Some(())
}

/// RFC 3492 §6.2 decoding of an ASCII `input` (without its `xn--` prefix); `None` where the
/// RFC fails (a bad digit, a truncated integer, overflow, a basic or non-scalar code point
/// inserted).
pub(crate) fn decode(input: &[u8]) -> Option<Vec<char>> {
    // The basic code points before the last delimiter; with none before it (a leading
    // delimiter), the RFC's decoder reads the delimiter as a digit, which fails.
    let (basic, digits) = match memchr::memrchr(b'-', input) {
        Some(dash) if dash > 0 => (&input[..dash], &input[dash + 1..]),
        _ => (&[][..], input),
    };
    if !basic.is_ascii() || !digits.is_ascii() {
        return None;
    }
    let mut code_point = INITIAL_N;
    let mut i = 0u32;
    let mut bias = INITIAL_BIAS;
    let mut count = u32::try_from(basic.len()).ok()?;
    // Each insertion: its code point and its index in the output of that moment.
    let mut insertions: Vec<(char, u32)> = Vec::new();
    let mut rest = digits.iter();
    while rest.len() > 0 {
        let old_i = i;
        let mut weight = 1u32;
        let mut k = BASE;
        loop {
            let digit = digit_value(*rest.next()?)?;
            i = i.checked_add(digit.checked_mul(weight)?)?;
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            weight = weight.checked_mul(BASE - t)?;
            k += BASE;
        }
        count = count.checked_add(1)?;
        bias = adapt(i - old_i, count, old_i == 0);
        code_point = code_point.checked_add(i / count)?;
        i %= count;
        let c = char::from_u32(code_point).filter(|c| !c.is_ascii())?;
        insertions.push((c, i));
        i += 1;
    }
    // Where each code point ends up: the last insertion takes the slot of its index among
    // all slots; each earlier one the slot of its index among the slots still free; the
    // basic code points keep their order in what is left.
    let total = count as usize;
    let mut output = vec![None; total];
    let mut free = Fenwick::ones(total);
    for &(c, index) in insertions.iter().rev() {
        let slot = free.select(index)?;
        output[slot] = Some(c);
        free.add(slot, u32::MAX);
    }
    let mut basic_chars = basic.iter().map(|&b| char::from(b));
    output.into_iter().map(|c| c.or_else(|| basic_chars.next())).collect()
}

#[cfg(test)]
mod tests {
    use super::{decode, encode};

    fn encoded(label: &str) -> Option<String> {
        let chars: Vec<char> = label.chars().collect();
        let mut out = String::new();
        encode(&chars, &mut out).map(|()| out)
    }

    fn decoded(text: &str) -> Option<String> {
        decode(text.as_bytes()).map(|chars| chars.into_iter().collect())
    }

    /// RFC 3492 §7.1's samples (a few) and round trips.
    #[test]
    fn rfc_samples() {
        let samples = [
            (
                "\u{644}\u{64a}\u{647}\u{645}\u{627}\u{628}\u{62a}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64a}\u{61f}",
                "egbpdaj6bu4bxfgehfvwxn",
            ),
            ("\u{4ed6}\u{4eec}\u{4e3a}\u{4ec0}\u{4e48}\u{4e0d}\u{8bf4}\u{4e2d}\u{6587}", "ihqwcrb4cv8a8dqg056pqjye"),
            ("3\u{5e74}B\u{7d44}\u{91d1}\u{516b}\u{5148}\u{751f}", "3B-ww4c5e180e575a65lsy2b"),
            ("-> $1.00 <-", "-> $1.00 <--"),
            ("b\u{fc}cher", "bcher-kva"),
            ("\u{fc}", "tda"),
        ];
        for (unicode, puny) in samples {
            assert_eq!(encoded(unicode).as_deref(), Some(puny), "{unicode:?}");
            assert_eq!(decoded(puny).as_deref(), Some(unicode), "{puny:?}");
        }
    }

    #[test]
    fn failures() {
        assert_eq!(decoded("a"), Some("\u{80}".to_owned()));
        assert_eq!(decoded("ab-").as_deref(), Some("ab"), "basic code points only");
        assert_eq!(decoded("99999999999"), None, "overflow");
        assert_eq!(decoded("b"), None, "a truncated integer (1 is not below t = 1)");
        for text in ["a", "b", "ab-", "ba", "zz9", "-a", "--", "-", "", "a-a", "a--a", "tda", "99999999999", "A", "TDA"] {
            assert_eq!(decoded(text), idna::punycode::decode_to_string(text), "{text:?}");
        }
        assert_eq!(decoded("9"), None, "a truncated integer");
        assert_eq!(decoded("a!"), None, "not a digit");
        assert_eq!(decoded("\u{fc}"), None, "not ASCII");
        // U+D7FF decodes; the next code point, U+D800, a surrogate, does not.
        let last = encoded("\u{d7ff}").expect("encodes");
        assert_eq!(decoded(&last).as_deref(), Some("\u{d7ff}"));
        let mut next = last.into_bytes();
        let digit = next.last_mut().expect("a digit");
        *digit = if *digit == b'z' { b'0' } else { *digit + 1 };
        let next = String::from_utf8(next).expect("ASCII");
        assert_eq!(decoded(&next), idna::punycode::decode_to_string(&next));
    }

    /// Long labels round trip, and agree with the idna crate where it has no limit.
    #[test]
    fn long_labels() {
        let same = "\u{fc}".repeat(100_000);
        let out = encoded(&same).expect("encodes");
        assert_eq!(decoded(&out).as_deref(), Some(same.as_str()));
        let distinct: String = (0..5_000u32).filter_map(|i| char::from_u32(0x4e00 + i * 7 % 20_000)).collect();
        let out = encoded(&distinct).expect("encodes");
        assert_eq!(decoded(&out).as_deref(), Some(distinct.as_str()));
        assert_eq!(Some(out), idna::punycode::encode_str(&distinct));
        let mixed: String = (0..2000u32).map(|i| if i % 3 == 0 { 'a' } else { char::from_u32(0xe0 + i % 50).unwrap_or('x') }).collect();
        assert_eq!(encoded(&mixed), idna::punycode::encode_str(&mixed));
    }

    /// RFC 3492 §6.4: overflow is a failure (a high code point after many basic ones).
    #[test]
    fn overflow() {
        let label = format!("{}\u{10ffff}", "a".repeat(5000));
        assert_eq!(encoded(&label), None);
        assert_eq!(idna::punycode::encode_str(&label), None);
    }
}
