//! Replays every seed (`corpus/<target>/`) and every minimized finding
//! (`regressions/<target>/`) through its target's properties, without a fuzzer:
//! `cargo test --manifest-path fuzz/Cargo.toml`. A finding stays a test here until the
//! core is fixed.
//!
//! The targets are read from `fuzz_targets/`, not from [`TARGETS`]: a target whose corpus
//! or regressions folder has no check here fails the replay (so a new target cannot be
//! forgotten), and so does a folder of `corpus/` or `regressions/` that is no target's, or a
//! check of [`TARGETS`] for a target that `fuzz_targets/` does not have.

use std::fs;
use std::panic;
use std::path::Path;

type Check = fn(&[u8]);

/// The check of each target of `fuzz_targets/`, by the target's name.
const TARGETS: [(&str, Check); 12] = [
    ("parse", relurl_fuzz::check_parse),
    ("roundtrip", relurl_fuzz::check_roundtrip),
    ("validate", relurl_fuzz::check_validate),
    ("resolve_rfc1808", relurl_fuzz::check_resolve_rfc1808),
    ("resolve_rfc3986", relurl_fuzz::check_resolve_rfc3986),
    ("urljoin", relurl_fuzz::check_urljoin),
    ("base_header", relurl_fuzz::check_base_header),
    ("extract_links", relurl_fuzz::check_extract_links),
    ("whatwg", relurl_fuzz::check_whatwg),
    ("keys", relurl_fuzz::check_keys),
    ("scrapy_links", relurl_fuzz::check_scrapy_links),
    ("domains", relurl_fuzz::check_domains),
];

/// Runs `check` on every file of `dir`; returns (files run, failures).
fn replay(dir: &Path, check: Check) -> (usize, Vec<String>) {
    let Ok(entries) = fs::read_dir(dir) else { return (0, Vec::new()) };
    let mut paths: Vec<_> = entries.map(|e| e.expect("dir entry").path()).filter(|p| p.is_file()).collect();
    paths.sort();
    let mut failures = Vec::new();
    for path in &paths {
        if path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.') || n.to_string_lossy().ends_with(".md")) {
            continue;
        }
        let data = fs::read(path).expect("read input");
        if let Err(payload) = panic::catch_unwind(|| check(&data)) {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            failures.push(format!("{}: {message}", path.display()));
        }
    }
    (paths.len(), failures)
}

/// The names of the folders (`dirs`) or of the `.rs` files (else) in `dir`, sorted.
fn names(dir: &Path, dirs: bool) -> Vec<String> {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut names: Vec<String> = entries
        .map(|e| e.expect("dir entry").path())
        .filter(|p| if dirs { p.is_dir() } else { p.is_file() && p.extension().is_some_and(|x| x == "rs") })
        .map(|p| p.file_stem().expect("a name").to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The targets of `fuzz_targets/`, by name.
fn fuzz_targets() -> Vec<String> {
    names(&Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz_targets"), false)
}

/// Replays `kind/<target>/` for every target of `fuzz_targets/` through its check of
/// [`TARGETS`]; fails on a failing input, on a folder of inputs without a check, on a
/// folder of `kind/` that is no target's, and on a check of a target that does not exist.
fn replay_all(kind: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(kind);
    let targets = fuzz_targets();
    let mut failures = Vec::new();
    for target in &targets {
        let dir = root.join(target);
        match TARGETS.iter().find(|(name, _)| name == target) {
            Some(&(_, check)) => {
                let (count, failed) = replay(&dir, check);
                println!("{kind}/{target}: {count} inputs, {} failing", failed.len());
                failures.extend(failed);
            }
            None if dir.is_dir() => {
                failures.push(format!("{}: inputs of the target {target}, which no check replays (add it to TARGETS)", dir.display()));
            }
            None => {}
        }
    }
    for folder in names(&root, true) {
        if !targets.contains(&folder) {
            failures.push(format!("{}: not a target of fuzz_targets/", root.join(&folder).display()));
        }
    }
    for (name, _) in TARGETS {
        if !targets.iter().any(|t| t == name) {
            failures.push(format!("TARGETS: {name} is not a target of fuzz_targets/"));
        }
    }
    assert!(failures.is_empty(), "{} {kind} failure(s):\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn seed_corpus_passes() {
    replay_all("corpus");
}

#[test]
fn regressions_pass() {
    replay_all("regressions");
}
