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
//!   crawler runs no script), where `lol_html` reads it as text as a scripting browser does:
//!   its text is read again as markup, at any depth of nesting and in linear time
//!   ([`read_noscript`]);
//! - a `<base>` counts only in the HTML namespace (not `<svg><base>`).
//!
//! Not modelled: foster parenting (an element misplaced in a `<table>` moves before the
//! table in tree order; only the choice between two `<base>` elements could change), and
//! the tree builder's renaming of an HTML `<image>` start tag to `<img>` (its `src` is not
//! read).
//!
//! A page is read whole or the pass fails ([`ErrorKind::HtmlTokenizer`]): a panic of the
//! tokenizer, an error it returns, or a selector that does not parse never leaves the links
//! found so far as an answer.

use core::fmt;
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::panic::AssertUnwindSafe;
use std::rc::Rc;
use std::sync::{Arc, LazyLock};

use encoding_rs::Encoding;
use lol_html::errors::RewritingError;
use lol_html::html_content::{Element, TextChunk, TextType};
use lol_html::{AsciiCompatibleEncoding, ElementContentHandlers, HandlerResult, HtmlRewriter, MemorySettings, Selector, Settings};

use super::prescan::extract_from_meta_content;
use super::value::dom_value;
use crate::common::error::{Error, ErrorKind};

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
const FORMACTION: &[(&str, Kind)] = &[("formaction", Kind::Url)];

/// The link attributes of each element, in the order they are reported for one element.
pub(crate) const LINK_ATTRIBUTES: &[(&str, &[(&str, Kind)])] = &[
    ("a", HREF),
    ("area", HREF),
    ("link", &[("href", Kind::Url), ("imagesrcset", Kind::Srcset)]),
    ("img", SRC_SRCSET),
    ("script", SRC),
    ("iframe", SRC),
    ("frame", SRC),
    ("embed", SRC),
    ("source", SRC_SRCSET),
    ("audio", SRC),
    ("video", &[("src", Kind::Url), ("poster", Kind::Url)]),
    ("track", SRC),
    ("input", &[("src", Kind::Url), ("formaction", Kind::Url)]),
    ("button", FORMACTION),
    ("form", &[("action", Kind::Url)]),
    ("blockquote", CITE),
    ("q", CITE),
    ("ins", CITE),
    ("del", CITE),
    ("object", &[("data", Kind::Url)]),
    ("meta", &[("content", Kind::Refresh)]),
];

const HTML_NAMESPACE: &str = "http://www.w3.org/1999/xhtml";

/// The elements whose `rel` attribute says how a link relates to the page (HTML §4.6.7).
const REL_ELEMENTS: [&str; 3] = ["a", "area", "link"];

/// One link attribute as found: its element, its name, its DOM value, and the element's
/// `rel` tokens ([`rel_tokens`]).
#[derive(Debug)]
pub(crate) struct RawLink {
    pub tag: &'static str,
    pub attr: &'static str,
    pub kind: Kind,
    pub value: String,
    pub rel: Arc<[String]>,
}

/// The tokens of a `rel` value (a DOM value): split on ASCII whitespace (HTML §2.3.7, "set
/// of space-separated tokens"), ASCII-lower-cased (§4.6.7: link types are ASCII
/// case-insensitive), each once, in order of first appearance (the ordered set parser, as
/// the DOM's `relList` holds them).
///
/// Linear in the value: the tokens seen are kept in a hash set (a `rel` of 10^5 distinct
/// tokens is read in milliseconds, not minutes). Shared by the links of the element.
pub(crate) fn rel_tokens(value: &str) -> Arc<[String]> {
    let mut tokens: Vec<String> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    for token in value.split(['\t', '\n', '\x0c', '\r', ' ']).filter(|t| !t.is_empty()) {
        let token = token.to_ascii_lowercase();
        if !seen.contains(&token) {
            seen.insert(token.clone());
            tokens.push(token);
        }
    }
    tokens.into()
}

/// What the pass finds.
#[derive(Debug, Default)]
pub(crate) struct Found {
    /// The link attributes, in document order.
    pub links: Vec<RawLink>,
    /// The DOM value of the `href` of the first `<base>` that has one.
    pub base_href: Option<String>,
    /// The encoding declared by the first `<meta>` that declares one (a `charset`, or an
    /// `http-equiv="Content-Type"` with a `content` that names one: the tree builder's
    /// "in head" rules for `<meta>`, §13.2.6.4.4), as labelled.
    pub meta_encoding: Option<&'static Encoding>,
}

/// The selectors, parsed once: one per element of [`LINK_ATTRIBUTES`], then `base`,
/// `template`, `noscript`.
struct Selectors {
    links: Vec<Selector>,
    base: Selector,
    template: Selector,
    noscript: Selector,
}

/// The selectors, or `None` if one of them does not parse (plain tag names always do: a
/// test builds them all). The pass then fails rather than read the page without them.
static SELECTORS: LazyLock<Option<Selectors>> = LazyLock::new(build_selectors);

fn build_selectors() -> Option<Selectors> {
    let parse = |name: &str| name.parse::<Selector>().ok();
    Some(Selectors {
        links: LINK_ATTRIBUTES.iter().map(|(tag, _)| parse(tag)).collect::<Option<Vec<_>>>()?,
        base: parse("base")?,
        template: parse("template")?,
        noscript: parse("noscript")?,
    })
}

/// What the tokenizer may use: everything, but a test sets a small memory limit to reach
/// the tokenizer's error path.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    /// [`MemorySettings::with_max_allowed_memory_usage`].
    pub max_memory: usize,
}

impl Limits {
    /// No limit.
    pub(crate) const NONE: Self = Self { max_memory: usize::MAX };
}

struct State<'s> {
    selectors: &'s Selectors,
    limits: Limits,
    found: RefCell<Found>,
    /// How many `<template>` elements are open around the current position.
    templates: Rc<Cell<u32>>,
    /// The text of the `<noscript>` being read.
    noscript: RefCell<String>,
    /// Where the start tag of a nested `<noscript>` ends (see [`read_noscript`]).
    nested_at: Cell<Option<usize>>,
}

/// The signal of a handler that found a nested `<noscript>` ([`read_noscript`]): the pass
/// over the current level stops there. Not a failure.
#[derive(Debug)]
struct NestedNoscript;

impl fmt::Display for NestedNoscript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a nested <noscript>")
    }
}

impl std::error::Error for NestedNoscript {}

/// Reads `bytes` in `encoding` (an ASCII-compatible one; any other is read as UTF-8): a
/// `<meta>` that declares another is reported ([`Found::meta_encoding`]), not followed
/// ([`super::encoding`] reads the page again).
///
/// The page is read whole or not at all: should the tokenizer fail (a memory limit, a
/// handler error) or panic, the answer is an [`ErrorKind::HtmlTokenizer`] error, never the
/// links found up to there.
pub(crate) fn find_links(bytes: &[u8], encoding: &'static Encoding) -> Result<Found, Error> {
    find_links_within(bytes, encoding, Limits::NONE)
}

/// [`find_links`] within `limits`.
pub(crate) fn find_links_within(bytes: &[u8], encoding: &'static Encoding, limits: Limits) -> Result<Found, Error> {
    let Some(selectors) = SELECTORS.as_ref() else {
        return Err(tokenizer_error("a selector did not parse"));
    };
    let state = State {
        selectors,
        limits,
        found: RefCell::default(),
        templates: Rc::default(),
        noscript: RefCell::default(),
        nested_at: Cell::new(None),
    };
    let encoding = AsciiCompatibleEncoding::new(encoding).unwrap_or_else(AsciiCompatibleEncoding::utf_8);
    // Our handlers hold no borrow across a call into the tokenizer, so nothing is left
    // borrowed after an unwind; what was found is dropped with the error.
    match std::panic::catch_unwind(AssertUnwindSafe(|| read_page(&state, bytes, encoding))) {
        Ok(Ok(())) => Ok(state.found.into_inner()),
        Ok(Err(e)) => Err(e),
        Err(_) => Err(tokenizer_error("it panicked")),
    }
}

#[cold]
fn tokenizer_error(reason: &'static str) -> Error {
    Error::new(ErrorKind::HtmlTokenizer { reason }, 0)
}

/// The error of a failed pass: ours, passed up from a handler, or the tokenizer's.
#[cold]
fn rewriting_error(e: RewritingError) -> Error {
    match e {
        RewritingError::MemoryLimitExceeded(_) => tokenizer_error("its memory limit was exceeded"),
        RewritingError::ParsingAmbiguity(_) => tokenizer_error("the markup is ambiguous"),
        RewritingError::ContentHandlerError(e) => match e.downcast::<Error>() {
            Ok(ours) => *ours,
            Err(_) => tokenizer_error("a content handler failed"),
        },
        _ => tokenizer_error("it stopped with an error"),
    }
}

/// Which pass: the page itself, or the markup of a `<noscript>`'s text.
#[derive(Clone, Copy)]
enum Level {
    Page { encoding: AsciiCompatibleEncoding },
    Noscript,
}

/// The pass over the page: every `<noscript>` text is read again as markup
/// ([`read_noscript`]) when it ends.
fn read_page(state: &State<'_>, bytes: &[u8], encoding: AsciiCompatibleEncoding) -> Result<(), Error> {
    run(state, bytes, Level::Page { encoding })?;
    // A `<noscript>` left open at the end of the input.
    let rest = std::mem::take(&mut *state.noscript.borrow_mut());
    read_noscript(state, &rest)
}

/// Reads the text of a `<noscript>` as markup, as a browser with scripting disabled does.
///
/// The text ends at the first `</noscript>` (the tokenizer reads it as raw text, §13.2.5.3),
/// so it holds no `</noscript>` end tag: a `<noscript>` inside it opens and runs to the end
/// of the text. So the pass over a level stops at the first nested `<noscript>` start tag,
/// and the text after that tag is the next level: each byte is read once, however deep the
/// nesting (no depth cap, and linear time).
fn read_noscript(state: &State<'_>, text: &str) -> Result<(), Error> {
    let mut rest = text;
    while !rest.is_empty() {
        let Some(end) = run(state, rest.as_bytes(), Level::Noscript)? else { break };
        // A start tag ends with '>', so `end` is a character boundary.
        rest = rest.get(end..).unwrap_or_default();
    }
    Ok(())
}

/// One pass over `bytes`. For a [`Level::Noscript`] pass, the end of the nested
/// `<noscript>` start tag it stopped at, if any.
fn run(state: &State<'_>, bytes: &[u8], level: Level) -> Result<Option<usize>, Error> {
    let selectors = state.selectors;
    let encoding = match level {
        Level::Page { encoding } => encoding,
        Level::Noscript => AsciiCompatibleEncoding::utf_8(),
    };
    let memory = MemorySettings::new().with_max_allowed_memory_usage(state.limits.max_memory);
    let mut settings = Settings::new().with_encoding(encoding).with_strict(false).with_memory_settings(memory);
    for (selector, &(tag, attrs)) in selectors.links.iter().zip(LINK_ATTRIBUTES) {
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
    let noscript_handler = match level {
        Level::Page { .. } => ElementContentHandlers::default().text(move |chunk: &mut TextChunk<'_>| state.noscript_text(chunk)),
        Level::Noscript => ElementContentHandlers::default().element(move |el: &mut Element<'_, '_>| state.nested_noscript(el)),
    };
    settings = settings
        .append_element_content_handler((Cow::Borrowed(&selectors.base), base_handler))
        .append_element_content_handler((Cow::Borrowed(&selectors.template), template_handler))
        .append_element_content_handler((Cow::Borrowed(&selectors.noscript), noscript_handler));
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    state.nested_at.set(None);
    match rewriter.write(bytes).and_then(|()| rewriter.end()) {
        Ok(()) => Ok(None),
        Err(RewritingError::ContentHandlerError(e)) if e.is::<NestedNoscript>() => Ok(state.nested_at.take()),
        Err(e) => Err(rewriting_error(e)),
    }
}

impl State<'_> {
    fn link_element(&self, tag: &'static str, attrs: &'static [(&'static str, Kind)], el: &Element<'_, '_>) {
        // A `<meta>` in a `<template>` counts too ("in template" reads it by the "in head" rules).
        if tag == "meta" && self.found.borrow().meta_encoding.is_none() {
            self.found.borrow_mut().meta_encoding = meta_encoding(el);
        }
        if self.templates.get() > 0 {
            return;
        }
        let rel = if REL_ELEMENTS.contains(&tag) {
            el.get_attribute("rel").map_or_else(|| Arc::from([]), |v| rel_tokens(&dom_value(v)))
        } else {
            Arc::from([])
        };
        for &(attr, kind) in attrs {
            let Some(text) = el.get_attribute(attr) else { continue };
            // Only `<meta http-equiv="refresh">` holds a URL in its `content` (§4.2.5.3).
            if kind == Kind::Refresh && !el.get_attribute("http-equiv").is_some_and(|v| dom_value(v).eq_ignore_ascii_case("refresh")) {
                continue;
            }
            self.found.borrow_mut().links.push(RawLink { tag, attr, kind, value: dom_value(text), rel: Arc::clone(&rel) });
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

    /// Collects the text of a `<noscript>` of the page; at its end, reads it as markup.
    fn noscript_text(&self, chunk: &TextChunk<'_>) -> HandlerResult {
        if chunk.text_type() != TextType::RawText {
            return Ok(());
        }
        self.noscript.borrow_mut().push_str(chunk.as_str());
        if chunk.last_in_text_node() {
            let text = std::mem::take(&mut *self.noscript.borrow_mut());
            read_noscript(self, &text)?;
        }
        Ok(())
    }

    /// In a `<noscript>`'s text: a nested `<noscript>` (one the tokenizer reads as raw
    /// text, in the HTML namespace) stops the pass, at the end of its start tag.
    fn nested_noscript(&self, el: &Element<'_, '_>) -> HandlerResult {
        if el.namespace_uri() != HTML_NAMESPACE {
            return Ok(());
        }
        self.nested_at.set(Some(el.source_location().bytes().end));
        Err(Box::new(NestedNoscript))
    }
}

/// The encoding a `<meta>` declares: its `charset` if that is a label, else, with
/// `http-equiv="Content-Type"` (ASCII case-insensitive), what its `content` names.
fn meta_encoding(el: &Element<'_, '_>) -> Option<&'static Encoding> {
    let charset = el.get_attribute("charset").and_then(|v| Encoding::for_label(dom_value(v).as_bytes()));
    charset.or_else(|| {
        let pragma = el.get_attribute("http-equiv").is_some_and(|v| dom_value(v).eq_ignore_ascii_case("content-type"));
        let content = el.get_attribute("content").filter(|_| pragma)?;
        extract_from_meta_content(dom_value(content).as_bytes())
    })
}

#[cfg(test)]
mod tests {
    use super::{build_selectors, find_links, find_links_within, rel_tokens, Limits, LINK_ATTRIBUTES};
    use crate::common::error::ErrorKind;

    #[test]
    fn every_selector_builds() {
        let selectors = build_selectors().expect("every selector parses");
        assert_eq!(selectors.links.len(), LINK_ATTRIBUTES.len());
    }

    fn raws(html: &str) -> Vec<String> {
        find_links(html.as_bytes(), encoding_rs::UTF_8).unwrap().links.into_iter().map(|l| l.value).collect()
    }

    /// A failing tokenizer (here: its memory limit, the only error it can meet with our
    /// handlers) fails the page; the links read before the failure are not an answer.
    #[test]
    fn a_tokenizer_error_fails_the_page_not_a_partial_list() {
        let tail = "y".repeat(10_000);
        let limits = Limits { max_memory: 4096 };
        for html in [
            format!("<a href=first><a href=\"{tail}"),
            format!("<a href=first><noscript><a href=nested><a href=\"{tail}</noscript><a href=after>"),
            format!("<a href=first><noscript><noscript><a href=deeper><a href=\"{tail}"),
        ] {
            assert!(find_links(html.as_bytes(), encoding_rs::UTF_8).is_ok());
            let err = find_links_within(html.as_bytes(), encoding_rs::UTF_8, limits).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::HtmlTokenizer { reason: "its memory limit was exceeded" }, "{html:.60}");
            assert_eq!(err.to_string(), "the HTML tokenizer failed: its memory limit was exceeded (at byte 0)");
        }
    }

    #[test]
    fn rel_is_a_set_of_ascii_lower_cased_tokens() {
        assert_eq!(*rel_tokens(" NoFollow\tnoopener\x0cNOFOLLOW\r\n Canonical "), ["nofollow", "noopener", "canonical"]);
        assert!(rel_tokens(" \t").is_empty());
        // Only ASCII whitespace splits and only ASCII letters are lowered (U+00A0, 'İ' stay).
        assert_eq!(*rel_tokens("a\u{a0}b \u{130}X"), ["a\u{a0}b", "\u{130}x"]);
    }

    #[test]
    fn noscript_is_read_at_any_depth() {
        let depth = 40;
        let mut html = String::new();
        for i in 0..depth {
            html += "<noscript><a href=l";
            html += &i.to_string();
            html += ">";
        }
        html += &"</noscript>".repeat(depth);
        let expected: Vec<String> = (0..depth).map(|i| format!("l{i}")).collect();
        assert_eq!(raws(&html), expected);
        // Closed and unclosed levels, links after each.
        assert_eq!(raws("<noscript><noscript><a href=a></noscript><a href=b></noscript><a href=c>"), ["a", "b", "c"]);
        assert_eq!(raws("<noscript>x<noscript/><a href=a><svg><noscript><a href=svg></svg><a href=b>"), ["a", "svg", "b"]);
        // 20,000 levels: each byte is read once (linear time).
        let deep = "<noscript>".repeat(20_000) + "<a href=deepest>";
        assert_eq!(raws(&deep), ["deepest"]);
    }
}
