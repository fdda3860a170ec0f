//! The files the tests and the benches read, found by one rule: the repository's own files
//! (`tests/data/`, the tables pytest reads too; `docs/`) relative to the repository root, and
//! the link corpus in `../shared/corpus/` beside it. Included with `#[path]` by the test
//! binaries (`tests/it`, `tests/alloc`) and the benches (`benches/links.rs`,
//! `benches/common`, and through it the peers bench), whose manifests are all two folders
//! down from the repository root.

#![allow(dead_code)] // each crate that includes this file uses a part of it

use std::path::PathBuf;

/// `relative` to the repository root.
pub fn repo_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").join(relative)
}

/// The text of the repository's file `relative` (e.g. `docs/errors.md`); panics, naming the
/// path, when it cannot be read.
pub fn repo_file(relative: &str) -> String {
    let path = repo_path(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{} is readable: {e}", path.display()))
}

/// The text of `tests/data/{relative}`; panics, naming the path, when it cannot be read.
pub fn test_data(relative: &str) -> String {
    repo_file(&format!("tests/data/{relative}"))
}

/// `tests/data/{relative}` read as JSON; panics, naming the path, when it cannot be read or
/// is not JSON.
pub fn test_data_json(relative: &str) -> serde_json::Value {
    serde_json::from_str(&test_data(relative)).unwrap_or_else(|e| panic!("tests/data/{relative} is valid JSON: {e}"))
}

/// `../shared/corpus/{relative}` relative to the repository root: the link corpus (absent on
/// a machine without it; each reader says what it does then).
pub fn corpus_path(relative: &str) -> PathBuf {
    repo_path("../shared/corpus").join(relative)
}
