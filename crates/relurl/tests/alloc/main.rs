//! Heap allocation counts of the public API, by a counting global allocator
//! (`counting_alloc.rs`): a binary of its own so that no other test shares the allocator.

#[path = "../it/common.rs"]
mod common;
mod counting_alloc;
#[path = "../support/files.rs"]
mod files;

mod grammars;
