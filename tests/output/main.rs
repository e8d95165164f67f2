//! What a results folder holds and shows: the golden recording of every file the
//! scenarios write, the replay store, the files of a results or shard folder, and
//! `report.html` (its data, its viewer, and the page in headless Chromium). One test
//! binary (each former test file is a module); `cargo test --release --test output
//! MODULE::` runs one.

#[path = "../common/mod.rs"]
mod common;

mod figures;
mod golden;
mod replay_store;
mod replay_store_flood;
mod report_browser;
mod report_viewer;
mod results_folder_files;
mod table_report;
