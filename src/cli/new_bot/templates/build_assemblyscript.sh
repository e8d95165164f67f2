#!/usr/bin/env bash
# Builds {{name}}.wasm with AssemblyScript: the compiler in $ASC when set (e.g. arena's
# bots/tools/assemblyscript/node_modules/.bin/asc), else the one `npm install` puts
# here the first time (Node.js and npm needed).
# `--use abort=` drops the `env.abort` import the referee refuses; `--runtime stub`
# needs no garbage collector.
set -euo pipefail
cd "$(dirname "$0")"
if [ -z "${ASC:-}" ]; then
    [ -x node_modules/.bin/asc ] || npm install --no-audit --no-fund --loglevel=error
    ASC=node_modules/.bin/asc
fi
"$ASC" {{name}}.ts --use abort= --runtime stub -O3 --noAssert -o {{name}}.wasm
echo "built {{name}}.wasm: now run  arena check {{name}}.wasm --game {{game}}"
