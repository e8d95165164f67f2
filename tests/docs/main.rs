//! The docs checked against the code and the clone: the README's claims and layout,
//! `src/lib.rs`'s list of modules, the references between docs, the module and crate
//! pictures, the games' pages, docs/PERFORMANCE.md's table, and the reading paths'
//! budgets. One test binary (each former test file is a module).

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
