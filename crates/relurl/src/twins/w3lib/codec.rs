//! The `encoding` of `canonicalize_url`: where w3lib calls `str.encode(encoding)` (the query,
//! a fragment) and `bytes.decode(encoding, "percentencode")` (a `bytes` URL). UTF-8, Latin-1
//! and ASCII are built in; any other codec is a [`Codec`] the caller gives (the Python
//! bindings pass one that asks CPython's codecs, so every Python encoding is w3lib's).

use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::quote::{self, quote_into};

/// The text encoding of `encoding=`: built in, or a [`Codec`] of the caller's.
#[derive(Debug, Clone, Copy, Default)]
pub enum Encoding<'a> {
    /// `utf-8` (w3lib's default, and its fallback when a query or fragment does not encode).
    #[default]
    Utf8,
    /// `latin-1` (`iso8859-1`): code points up to U+00FF as one byte.
    Latin1,
    /// `ascii`.
    Ascii,
    /// Any other codec, by the caller's [`Codec`].
    Codec(&'a dyn Codec),
}

/// A text codec other than the built-in ones: what w3lib asks of Python's codec machinery.
pub trait Codec: fmt::Debug + Sync {
    /// `text.encode(encoding)` (strict).
    ///
    /// # Errors
    /// [`CodecError::Unencodable`] where Python raises `UnicodeEncodeError` (w3lib then starts
    /// again in UTF-8); [`CodecError::Failed`] for any other failure (an unknown codec, ...),
    /// which w3lib raises.
    fn encode(&self, text: &str) -> Result<Vec<u8>, CodecError>;

    /// `data.decode(encoding, "percentencode")`: each run of bytes the codec cannot decode
    /// as [`percent_encode_undecodable`] gives it (the bytes as `%HH`).
    ///
    /// # Errors
    /// [`CodecError::Failed`] for a failure of the codec itself (an unknown codec, ...).
    fn decode(&self, data: &[u8]) -> Result<String, CodecError>;

    /// Whether ASCII text encodes to its own bytes (the empty text to none) and ASCII bytes
    /// decode to the same text: the twin then skips the codec for ASCII text and bytes.
    fn ascii_compatible(&self) -> bool;
}

/// Why a [`Codec`] fails.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CodecError {
    /// The text holds a character the codec cannot encode (`UnicodeEncodeError`).
    Unencodable,
    /// Any other failure, which `canonicalize_url` returns as [`super::W3libError::Codec`].
    Failed(CodecFailure),
}

/// A failure of a [`Codec`] as the codec reports it (for the Python bindings, the Python
/// exception); equal only to its own clones.
#[derive(Debug, Clone)]
pub struct CodecFailure(pub Arc<dyn std::error::Error + Send + Sync>);

impl PartialEq for CodecFailure {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for CodecFailure {}

impl Hash for CodecFailure {
    fn hash<H: Hasher>(&self, state: &mut H) {
        Arc::as_ptr(&self.0).cast::<()>().hash(state);
    }
}

impl fmt::Display for CodecFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl PartialEq for Encoding<'_> {
    /// The same built-in encoding, or the same [`Codec`] object.
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Codec(a), Self::Codec(b)) => std::ptr::addr_eq(*a, *b),
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

impl Eq for Encoding<'_> {}

/// w3lib's `percentencode` error handler (`_quote_byte`): bytes that do not decode, each as
/// `%HH` but the unreserved ones (which every codec decodes, but for the codec to call it).
#[must_use]
pub fn percent_encode_undecodable(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len() * 3);
    quote_into(data, &quote::UNRESERVED_ONLY, false, &mut out);
    out
}

impl Encoding<'_> {
    /// Whether ASCII text is its own encoding and ASCII bytes decode to themselves.
    pub(crate) fn ascii_compatible(self) -> bool {
        match self {
            Self::Codec(codec) => codec.ascii_compatible(),
            _ => true,
        }
    }

    /// `text.encode(encoding)`.
    pub(crate) fn encode(self, text: &str) -> Result<Cow<'_, [u8]>, CodecError> {
        match self {
            Self::Utf8 => Ok(Cow::Borrowed(text.as_bytes())),
            Self::Ascii | Self::Latin1 if text.is_ascii() => Ok(Cow::Borrowed(text.as_bytes())),
            Self::Ascii => Err(CodecError::Unencodable),
            Self::Latin1 => {
                text.chars().map(|c| u8::try_from(c).ok()).collect::<Option<Vec<u8>>>().map(Cow::Owned).ok_or(CodecError::Unencodable)
            }
            Self::Codec(codec) if text.is_ascii() && codec.ascii_compatible() => Ok(Cow::Borrowed(text.as_bytes())),
            Self::Codec(codec) => codec.encode(text).map(Cow::Owned),
        }
    }

    /// `to_unicode(data, encoding, errors="percentencode")`: bytes that do not decode as
    /// `%HH`.
    pub(crate) fn decode(self, data: &[u8]) -> Result<String, CodecError> {
        let mut out = String::with_capacity(data.len());
        match self {
            Self::Latin1 => out.extend(data.iter().map(|&b| char::from(b))),
            Self::Ascii => data.iter().for_each(|&b| {
                if b.is_ascii() {
                    out.push(char::from(b));
                } else {
                    quote_into(&[b], &quote::UNRESERVED_ONLY, false, &mut out);
                }
            }),
            Self::Utf8 => {
                for chunk in data.utf8_chunks() {
                    out.push_str(chunk.valid());
                    quote_into(chunk.invalid(), &quote::UNRESERVED_ONLY, false, &mut out);
                }
            }
            Self::Codec(codec) => return codec.decode(data),
        }
        Ok(out)
    }
}
