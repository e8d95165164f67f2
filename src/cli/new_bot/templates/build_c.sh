#!/usr/bin/env bash
# Builds {{name}}.wasm with clang (Debian/Ubuntu: apt-get install clang lld).
set -euo pipefail
cd "$(dirname "$0")"
clang --target=wasm32 -nostdlib -ffreestanding -O2 -Wall -Wextra -I . \
      -Wl,--no-entry -Wl,--export=arena_alloc -Wl,--export=choose_move{{plays_flag}} -Wl,--strip-all \
      -o {{name}}.wasm {{name}}.c
echo "built {{name}}.wasm: now run  arena check {{name}}.wasm --game {{game}}"
