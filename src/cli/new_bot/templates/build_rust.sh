#!/usr/bin/env bash
# Builds {{name}}.wasm (once: rustup target add wasm32-unknown-unknown).
set -euo pipefail
cd "$(dirname "$0")"
cargo build --release --target wasm32-unknown-unknown
cp "${CARGO_TARGET_DIR:-target}"/wasm32-unknown-unknown/release/{{crate_file}}.wasm {{name}}.wasm
echo "built {{name}}.wasm: now run  arena check {{name}}.wasm --game {{game}}"
