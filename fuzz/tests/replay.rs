//! Replays every seed (`corpus/<target>/`) and every minimized finding
//! (`regressions/<target>/`) through its target's properties, without a fuzzer:
//! `cargo test --manifest-path fuzz/Cargo.toml`. A finding stays a test here until the
//! core is fixed.

use std::fs;
use std::panic;
use std::path::Path;

type Check = fn(&[u8]);

const TARGETS: [(&str, Check); 10] = [
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

fn replay_all(kind: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(kind);
    let mut failures = Vec::new();
    for (target, check) in TARGETS {
        let (count, failed) = replay(&root.join(target), check);
        println!("{kind}/{target}: {count} inputs, {} failing", failed.len());
        failures.extend(failed);
    }
    assert!(failures.is_empty(), "{} {kind} input(s) fail:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn seed_corpus_passes() {
    replay_all("corpus");
}

#[test]
fn regressions_pass() {
    replay_all("regressions");
}
