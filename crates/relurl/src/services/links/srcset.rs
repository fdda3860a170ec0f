//! The URLs of a `srcset` attribute, by the HTML standard's "parse a srcset attribute"
//! (§4.8.4.3.10, <https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute>).
//!
//! A `srcset` is a list of image candidate strings: a URL, then optional descriptors
//! (`100w`, `1.5x`, `200h`), separated by commas. A URL may itself contain commas
//! (`a.jpg?x=1,2 2x`): it runs to the next ASCII whitespace, and only commas at its end
//! separate candidates. A candidate whose descriptors are invalid is dropped, as a browser
//! drops it.

/// ASCII whitespace (HTML standard, from Infra): TAB, LF, FF, CR, SPACE.
fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

/// The URLs of the image candidates of `input`, in order, as slices of it.
///
/// ```text
/// "a.jpg 1x, b.jpg 2x"        -> ["a.jpg", "b.jpg"]
/// "a.jpg?w=1,2 100w,b.jpg"    -> ["a.jpg?w=1,2", "b.jpg"]
/// "a.jpg 0w, b.jpg 1q"        -> []   (0w and 1q are invalid descriptors)
/// ```
pub(crate) fn srcset_urls(input: &str) -> Vec<&str> {
    let b = input.as_bytes();
    let mut candidates = Vec::new();
    let mut pos = 0;
    let mut descriptors: Vec<&str> = Vec::new();
    loop {
        // Splitting loop: skip whitespace and commas.
        while pos < b.len() && (is_space(b[pos]) || b[pos] == b',') {
            pos += 1;
        }
        if pos >= b.len() {
            return candidates;
        }
        let start = pos;
        while pos < b.len() && !is_space(b[pos]) {
            pos += 1;
        }
        let mut url = &input[start..pos];
        descriptors.clear();
        if url.ends_with(',') {
            // Trailing commas end the candidate: no descriptors.
            url = url.trim_end_matches(',');
        } else {
            pos = tokenize_descriptors(input, pos, &mut descriptors);
        }
        if descriptors_are_valid(&descriptors) {
            candidates.push(url);
        }
    }
}

/// The descriptor tokenizer of the standard's step 8: from `pos` (just after the URL) to
/// the comma that ends the candidate (or the end); pushes the descriptors and returns the
/// position after that comma. Parentheses group (a comma inside them does not end the
/// candidate).
fn tokenize_descriptors<'a>(input: &'a str, mut pos: usize, descriptors: &mut Vec<&'a str>) -> usize {
    #[derive(PartialEq)]
    enum State {
        InDescriptor,
        InParens,
        AfterDescriptor,
    }
    let b = input.as_bytes();
    while pos < b.len() && is_space(b[pos]) {
        pos += 1;
    }
    let mut state = State::InDescriptor;
    let mut current = pos;
    loop {
        let c = b.get(pos).copied();
        match state {
            State::InDescriptor => match c {
                Some(c) if is_space(c) => {
                    if current < pos {
                        descriptors.push(&input[current..pos]);
                    }
                    state = State::AfterDescriptor;
                }
                Some(b',') => {
                    if current < pos {
                        descriptors.push(&input[current..pos]);
                    }
                    return pos + 1;
                }
                Some(b'(') => state = State::InParens,
                None => {
                    if current < pos {
                        descriptors.push(&input[current..pos]);
                    }
                    return pos;
                }
                Some(_) => {}
            },
            State::InParens => match c {
                Some(b')') => state = State::InDescriptor,
                None => {
                    descriptors.push(&input[current..pos]);
                    return pos;
                }
                Some(_) => {}
            },
            State::AfterDescriptor => match c {
                Some(c) if is_space(c) => {}
                None => return pos,
                Some(_) => {
                    state = State::InDescriptor;
                    current = pos;
                    continue; // reconsume this character in the descriptor
                }
            },
        }
        pos += 1;
    }
}

/// The descriptor parser (steps 9–13): at most one width (`Nw`, N > 0) or density (`Fx`,
/// F ≥ 0), a height (`Nh`, N > 0) only with a width, nothing else.
fn descriptors_are_valid(descriptors: &[&str]) -> bool {
    let (mut width, mut density, mut height) = (false, false, false);
    for d in descriptors {
        // The unit is one ASCII letter, so slicing before it keeps to a char boundary.
        let (number, unit) = match d.as_bytes().last() {
            Some(&unit @ (b'w' | b'x' | b'h')) => (&d[..d.len() - 1], unit),
            _ => return false,
        };
        match unit {
            b'w' if is_integer(number) => {
                if width || density || is_zero(number) {
                    return false;
                }
                width = true;
            }
            b'x' if is_float(number) => {
                if width || density || height || number.starts_with('-') && !is_zero(number) {
                    return false;
                }
                density = true;
            }
            b'h' if is_integer(number) => {
                if height || density || is_zero(number) {
                    return false;
                }
                height = true;
            }
            _ => return false,
        }
    }
    !height || width
}

/// A valid non-negative integer: one or more ASCII digits.
fn is_integer(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Whether a valid number's digits are all zero (its value is 0).
fn is_zero(s: &str) -> bool {
    s.bytes().take_while(|&b| b != b'e' && b != b'E').all(|b| matches!(b, b'0' | b'.' | b'-'))
}

/// A valid floating-point number: `-`? then digits with an optional `.digits`, or `.digits`,
/// then an optional exponent `e`/`E`, `+`/`-`?, digits.
fn is_float(s: &str) -> bool {
    let b = s.strip_prefix('-').unwrap_or(s).as_bytes();
    let digits = |from: usize| b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let int = digits(0);
    let mut i = int;
    if b.get(i) == Some(&b'.') {
        let frac = digits(i + 1);
        if frac == 0 {
            return false;
        }
        i += 1 + frac;
    } else if int == 0 {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exp = digits(i);
        if exp == 0 {
            return false;
        }
        i += exp;
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::{is_float, srcset_urls};

    #[test]
    fn candidates_and_descriptors() {
        assert_eq!(srcset_urls("a.jpg"), ["a.jpg"]);
        assert_eq!(srcset_urls("a.jpg 1x, b.jpg 2x"), ["a.jpg", "b.jpg"]);
        assert_eq!(srcset_urls("  a.jpg   100w ,\n b.jpg 200w 300h,c.jpg"), ["a.jpg", "b.jpg", "c.jpg"]);
        assert_eq!(srcset_urls("a.jpg 1.5x,b.jpg .5x,c.jpg 1e1x,d.jpg 0x"), ["a.jpg", "b.jpg", "c.jpg", "d.jpg"]);
        assert_eq!(srcset_urls(""), Vec::<&str>::new());
        assert_eq!(srcset_urls(" , ,, "), Vec::<&str>::new());
    }

    #[test]
    fn commas_inside_and_after_urls() {
        // A URL runs to whitespace: its inner commas are its own.
        assert_eq!(srcset_urls("a.jpg?x=1,2 2x, b.jpg"), ["a.jpg?x=1,2", "b.jpg"]);
        // Trailing commas end the candidate (and are not part of the URL).
        assert_eq!(srcset_urls("a.jpg,b.jpg"), ["a.jpg,b.jpg"]);
        assert_eq!(srcset_urls("a.jpg,,, b.jpg"), ["a.jpg", "b.jpg"]);
        assert_eq!(srcset_urls("data:image/png;base64,AAAA 1x, b.jpg 2x"), ["data:image/png;base64,AAAA", "b.jpg"]);
        // A comma inside parentheses does not end the descriptors (and an unknown
        // descriptor drops the candidate).
        assert_eq!(srcset_urls("a.jpg (x, y), b.jpg"), ["b.jpg"]);
    }

    #[test]
    fn invalid_descriptors_drop_the_candidate() {
        for bad in [
            "a 0w",
            "a 1q",
            "a 1x 2x",
            "a 100w 1x",
            "a 10h",
            "a 1x 10h",
            "a 100w 10h 20h",
            "a -1x",
            "a 1.x",
            "a +1x",
            "a 1.5w",
            "a x",
            "a 1e+x",
            "a 100w 0h",
            "a 1é",
            "a é",
        ] {
            assert_eq!(srcset_urls(bad), Vec::<&str>::new(), "{bad:?}");
        }
        assert_eq!(srcset_urls("a 1q, b 2x"), ["b"]);
        assert_eq!(srcset_urls("a -0x"), ["a"]);
    }

    #[test]
    fn floats() {
        for ok in ["1", "1.5", ".5", "-1", "1e3", "1E-3", "0.0", "-.5e+2"] {
            assert!(is_float(ok), "{ok}");
        }
        for bad in ["", ".", "1.", "+1", "e3", "1e", "1.5.5", "--1", "1x"] {
            assert!(!is_float(bad), "{bad}");
        }
    }
}
