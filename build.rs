//! Prepares the report's replay viewer for embedding: `src/output/report/viewer.wasm`
//! (the games' drawing code built to WebAssembly by `bots/build.sh`) is written as base64
//! into `OUT_DIR/viewer.b64`, which `report.html` carries in a `<script>` element. Done
//! once here rather than for every page written. Not compressed: the browser can only
//! inflate asynchronously, and the page compiles the viewer synchronously (see
//! `page.js`), so that a replay is drawn the moment it is opened.

use std::path::Path;

use base64::Engine;

fn main() {
    const VIEWER: &str = "src/output/report/viewer.wasm";
    println!("cargo:rerun-if-changed={VIEWER}");
    println!("cargo:rerun-if-changed=build.rs");
    let wasm = std::fs::read(VIEWER).unwrap_or_else(|e| panic!("{VIEWER}: {e}"));
    let text = base64::engine::general_purpose::STANDARD.encode(wasm);
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let path = Path::new(&out).join("viewer.b64");
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
