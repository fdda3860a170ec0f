//! html5ever's tokenizer as an oracle for the attribute values of `relurl::links`: it applies
//! the HTML standard's tokenization rules itself (character references, newlines, NULs,
//! quotes), where relurl runs lol_html and then `links::value`'s rules through htmlize.
//! Included with `#[path]` by `tests/it/links_tokenizer.rs` (relurl's values against it) and
//! `benches/links.rs` (the tokenizer measurement), each with its own table of (element,
//! attribute) pairs.

use std::cell::{Cell, RefCell};

use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts};

/// (element, attribute) pairs, lower case.
pub type Attributes = &'static [(&'static str, &'static str)];

/// One value: element, attribute, the value as the tokenizer gives it.
pub type AttrValue = (&'static str, &'static str, String);

/// Collects the values of the table's (element, attribute) pairs that html5ever gives, in
/// document order, as `relurl::links` reads them: on start tags, outside `<template>`.
struct Sink {
    attributes: Attributes,
    values: RefCell<Vec<AttrValue>>,
    templates: Cell<u32>,
}

impl TokenSink for Sink {
    type Handle = ();
    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let Token::TagToken(Tag { kind, name, attrs, .. }) = token else {
            return TokenSinkResult::Continue;
        };
        if &*name == "template" {
            match kind {
                TagKind::StartTag => self.templates.set(self.templates.get() + 1),
                TagKind::EndTag => self.templates.set(self.templates.get().saturating_sub(1)),
            }
        }
        if kind == TagKind::EndTag {
            return TokenSinkResult::Continue;
        }
        if self.templates.get() == 0 {
            for &(tag, attr) in self.attributes.iter().filter(|(tag, _)| *tag == &*name) {
                // The tokenizer keeps the first of duplicate attributes.
                if let Some(a) = attrs.iter().find(|a| &*a.name.local == attr) {
                    self.values.borrow_mut().push((tag, attr, a.value.to_string()));
                }
            }
        }
        // What a tree builder tells the tokenizer (scripting disabled: <noscript> is markup).
        match &*name {
            "script" => TokenSinkResult::RawData(RawKind::ScriptData),
            "style" | "xmp" | "iframe" | "noembed" | "noframes" => TokenSinkResult::RawData(RawKind::Rawtext),
            "textarea" | "title" => TokenSinkResult::RawData(RawKind::Rcdata),
            "plaintext" => TokenSinkResult::Plaintext,
            _ => TokenSinkResult::Continue,
        }
    }
}

/// The values of `attributes` in `html` by html5ever's tokenizer, in document order.
pub fn html5ever_values(html: &str, attributes: Attributes) -> Vec<AttrValue> {
    let sink = Sink { attributes, values: RefCell::default(), templates: Cell::new(0) };
    let tokenizer = Tokenizer::new(sink, TokenizerOpts::default());
    let queue = BufferQueue::default();
    queue.push_back(html.into());
    let _ = tokenizer.feed(&queue);
    tokenizer.end();
    tokenizer.sink.values.into_inner()
}
