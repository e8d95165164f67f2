#!/usr/bin/env bash
# Builds {{name}}.wasm with AssemblyScript (installed here by `npm install` the first time).
set -euo pipefail
cd "$(dirname "$0")"
[ -x node_modules/.bin/asc ] || npm install --no-audit --no-fund
npx asc {{name}}.ts --use abort= --runtime stub -O3 --noAssert -o {{name}}.wasm
echo "built {{name}}.wasm: now run  arena check {{name}}.wasm --game {{game}}"
