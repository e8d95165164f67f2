//! The docs checked against the code and the clone: the README's claims, the
//! references between docs, the module picture, and docs/PERFORMANCE.md's table. One
//! test binary (each former test file is a module).

#[path = "../common/mod.rs"]
mod common;

mod crate_doc;
mod doc_claims;
mod doc_references;
mod game_pages;
mod module_graph;
mod perf_doc;
mod reading_paths;
mod readme_claims;
mod readme_layout;
