#!/usr/bin/env bash
# Builds {{name}}.wasm with Zig from PyPI's ziglang (pip install ziglang; where the system
# Python refuses pip, in a venv: python3 -m venv ~/.venvs/zig && . ~/.venvs/zig/bin/activate
# && pip install ziglang, then run this script in that shell).
set -euo pipefail
cd "$(dirname "$0")"
python3 -m ziglang build-exe {{name}}.zig -target wasm32-freestanding -fno-entry \
    --export=arena_alloc --export=choose_move{{plays_flag}} -O ReleaseSmall -femit-bin={{name}}.wasm
echo "built {{name}}.wasm: now run  arena check {{name}}.wasm --game {{game}}"
