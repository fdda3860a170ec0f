//! The tokenizer pass: the link attributes of a page in document order, and the first
//! `<base href>`, read by [`lol_html`] (an HTML tokenizer that follows the HTML standard's
//! tokenization, §13.2.5, with a model of the tree builder for the states it drives:
//! `<script>`, `<style>`, `<title>`, `<textarea>`, foreign content, ...).
//!
//! What the tree builder would do differently from document order is kept where it matters
//! for links:
//!
//! - `<template>` contents are not part of the document (§4.12.3): their links and their
//!   `<base>` are not reported;
//! - `<noscript>` is read as a browser with scripting disabled reads it, as markup (a
//!   crawler runs no script), where `lol_html` reads it as text as a scripting browser does;
//! - a `<base>` counts only in the HTML namespace (not `<svg><base>`).
//!
//! Not modelled: foster parenting (an element misplaced in a `<table>` moves before the
//! table in tree order; only the choice between two `<base>` elements could change), and
//! the tree builder's renaming of an HTML `<image>` start tag to `<img>` (its `src` is not
//! read).

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::panic::AssertUnwindSafe;
use std::rc::Rc;
use std::sync::LazyLock;

use encoding_rs::Encoding;
use lol_html::html_content::{Element, TextChunk, TextType};
use lol_html::{AsciiCompatibleEncoding, ElementContentHandlers, HtmlRewriter, Selector, Settings};

use super::value::dom_value;

/// What an attribute's value holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// One URL ("valid URL potentially surrounded by spaces").
    Url,
    /// A list of image candidates (`srcset`, [`super::srcset`]).
    Srcset,
    /// A refresh value, `5; url=...` (`<meta http-equiv=refresh content>`, [`super::refresh`]).
    Refresh,
}

const HREF: &[(&str, Kind)] = &[("href", Kind::Url)];
const SRC: &[(&str, Kind)] = &[("src", Kind::Url)];
const SRC_SRCSET: &[(&str, Kind)] = &[("src", Kind::Url), ("srcset", Kind::Srcset)];
const CITE: &[(&str, Kind)] = &[("cite", Kind::Url)];

/// The link attributes of each element, in the order they are reported for one element.
pub(crate) const LINK_ATTRIBUTES: &[(&str, &[(&str, Kind)])] = &[
    ("a", HREF),
    ("area", HREF),
    ("link", HREF),
    ("img", SRC_SRCSET),
    ("script", SRC),
    ("iframe", SRC),
    ("frame", SRC),
    ("embed", SRC),
    ("source", SRC_SRCSET),
    ("audio", SRC),
    ("video", SRC),
    ("track", SRC),
    ("input", SRC),
    ("form", &[("action", Kind::Url)]),
    ("blockquote", CITE),
    ("q", CITE),
    ("ins", CITE),
    ("del", CITE),
    ("object", &[("data", Kind::Url)]),
    ("meta", &[("content", Kind::Refresh)]),
];

/// How deep `<noscript>` contents are read again as markup (each level is inside the
/// previous one's text, so this only bounds pathological input).
const MAX_NOSCRIPT_DEPTH: u8 = 8;

const HTML_NAMESPACE: &str = "http://www.w3.org/1999/xhtml";

/// One link attribute as found: its element, its name, its DOM value.
#[derive(Debug)]
pub(crate) struct RawLink {
    pub tag: &'static str,
    pub attr: &'static str,
    pub kind: Kind,
    pub value: String,
}

/// What the pass finds.
#[derive(Debug, Default)]
pub(crate) struct Found {
    /// The link attributes, in document order.
    pub links: Vec<RawLink>,
    /// The DOM value of the `href` of the first `<base>` that has one.
    pub base_href: Option<String>,
}

/// The selectors, parsed once: one per element of [`LINK_ATTRIBUTES`], then `base`,
/// `template`, `noscript`. They are plain tag names, which always parse (a test reads every
/// element of the table).
static SELECTORS: LazyLock<Vec<Option<Selector>>> = LazyLock::new(|| {
    let names = LINK_ATTRIBUTES.iter().map(|(tag, _)| *tag).chain(["base", "template", "noscript"]);
    names.map(|name| name.parse().ok()).collect()
});

struct State {
    found: RefCell<Found>,
    /// How many `<template>` elements are open around the current position.
    templates: Rc<Cell<u32>>,
    /// The text of the `<noscript>` being read.
    noscript: RefCell<String>,
}

/// Reads `bytes` in `encoding`; with `from_meta`, a `<meta charset>` switches the encoding
/// from where it stands ([`super::encoding`]).
pub(crate) fn find_links(bytes: &[u8], encoding: &'static Encoding, from_meta: bool) -> Found {
    let state = State { found: RefCell::default(), templates: Rc::default(), noscript: RefCell::default() };
    let encoding = AsciiCompatibleEncoding::new(encoding).unwrap_or_else(AsciiCompatibleEncoding::utf_8);
    // A safety net: should the tokenizer ever panic on some input, the links found up to
    // there are the answer (no panic reaches the caller). Our handlers hold no borrow
    // across a call into the tokenizer, so the state is consistent after an unwind.
    let _ = std::panic::catch_unwind(AssertUnwindSafe(|| run(&state, bytes, encoding, from_meta, 0)));
    state.found.into_inner()
}

fn run(state: &State, bytes: &[u8], encoding: AsciiCompatibleEncoding, from_meta: bool, depth: u8) {
    let (links, [Some(base), Some(template), Some(noscript)]) = SELECTORS.split_at(LINK_ATTRIBUTES.len()) else {
        return;
    };
    let mut settings = Settings::new().with_encoding(encoding).with_strict(false).with_adjust_charset_on_meta_tag(from_meta);
    for (selector, &(tag, attrs)) in links.iter().zip(LINK_ATTRIBUTES) {
        let Some(selector) = selector else { continue };
        let handler = ElementContentHandlers::default().element(move |el: &mut Element<'_, '_>| {
            state.link_element(tag, attrs, el);
            Ok(())
        });
        settings = settings.append_element_content_handler((Cow::Borrowed(selector), handler));
    }
    let base_handler = ElementContentHandlers::default().element(move |el: &mut Element<'_, '_>| {
        state.base_element(el);
        Ok(())
    });
    let template_handler = ElementContentHandlers::default().element(move |el: &mut Element<'_, '_>| {
        state.template_element(el);
        Ok(())
    });
    settings = settings
        .append_element_content_handler((Cow::Borrowed(base), base_handler))
        .append_element_content_handler((Cow::Borrowed(template), template_handler));
    if depth < MAX_NOSCRIPT_DEPTH {
        let noscript_handler = ElementContentHandlers::default().text(move |chunk: &mut TextChunk<'_>| {
            state.noscript_text(chunk, depth);
            Ok(())
        });
        settings = settings.append_element_content_handler((Cow::Borrowed(noscript), noscript_handler));
    }
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    // Errors come only from a handler (ours never fail) or a memory limit (none is set);
    // the links found up to one stand.
    if rewriter.write(bytes).is_ok() {
        let _ = rewriter.end();
    }
    // A `<noscript>` left open at the end of the input.
    let rest = std::mem::take(&mut *state.noscript.borrow_mut());
    if !rest.is_empty() {
        run(state, rest.as_bytes(), AsciiCompatibleEncoding::utf_8(), false, depth + 1);
    }
}

impl State {
    fn link_element(&self, tag: &'static str, attrs: &'static [(&'static str, Kind)], el: &Element<'_, '_>) {
        if self.templates.get() > 0 {
            return;
        }
        for &(attr, kind) in attrs {
            let Some(text) = el.get_attribute(attr) else { continue };
            // Only `<meta http-equiv="refresh">` holds a URL in its `content` (§4.2.5.3).
            if kind == Kind::Refresh && !el.get_attribute("http-equiv").is_some_and(|v| dom_value(v).eq_ignore_ascii_case("refresh")) {
                continue;
            }
            self.found.borrow_mut().links.push(RawLink { tag, attr, kind, value: dom_value(text) });
        }
    }

    /// §4.2.3: the document base URL comes from "the first base element in tree order that
    /// has an href attribute".
    fn base_element(&self, el: &Element<'_, '_>) {
        if self.templates.get() > 0 || el.namespace_uri() != HTML_NAMESPACE {
            return;
        }
        let mut found = self.found.borrow_mut();
        if found.base_href.is_none() {
            found.base_href = el.get_attribute("href").map(dom_value);
        }
    }

    fn template_element(&self, el: &mut Element<'_, '_>) {
        if el.namespace_uri() != HTML_NAMESPACE {
            return;
        }
        let templates = Rc::clone(&self.templates);
        // An unclosed `<template>` holds the rest of the document, as in a browser. An
        // element that cannot have content (none in HTML) holds nothing.
        let closes = Rc::clone(&templates);
        let tracked = el.on_end_tag(Box::new(move |_| {
            closes.set(closes.get().saturating_sub(1));
            Ok(())
        }));
        if tracked.is_ok() {
            templates.set(templates.get() + 1);
        }
    }

    /// Collects the text of a `<noscript>`; at its end, reads it again as markup.
    fn noscript_text(&self, chunk: &TextChunk<'_>, depth: u8) {
        if chunk.text_type() != TextType::RawText {
            return;
        }
        self.noscript.borrow_mut().push_str(chunk.as_str());
        if chunk.last_in_text_node() {
            let text = std::mem::take(&mut *self.noscript.borrow_mut());
            run(self, text.as_bytes(), AsciiCompatibleEncoding::utf_8(), false, depth + 1);
        }
    }
}
