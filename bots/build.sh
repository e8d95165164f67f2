#!/usr/bin/env bash
# Rebuilds every example bot from source into the committed files at the top of bots/:
#
#   random.wasm alphabeta.wasm greedy.wasm   bots/rust/*   (Rust + arena-sdk)
#   games/GAME/NAME.wasm                     bots/rust/NAME (Rust + arena-sdk): the example
#                                            modules of the table games, one folder per
#                                            game, so that a tournament of the folder plays
#                                            that game's examples and nothing else
#                                            (tictactoe/tictactoe, minesweeper/minesweeper,
#                                            pursuit/pursuer and pursuit/evader, path/path)
#   c_greedy.wasm                            bots/c/       (clang, no libc)
#   cpp_greedy.wasm                          bots/cpp/     (clang++, no C++ library)
#   zig_greedy.wasm                          bots/zig/     (Zig, from PyPI's ziglang)
#   as_greedy.wasm                           bots/assemblyscript/ (AssemblyScript, npm)
#   first_legal.wasm                         bots/wat/     (hand-written WAT)
#   ../src/output/report/viewer.wasm         crates/arena-viewer (Rust: the replay viewer
#                                            report.html embeds, built for size)
#   python/dist/arena_python.wasm            bots/python/  (arena's Python interpreter:
#                                            RustPython, wasm32-wasip1, its own Cargo.lock;
#                                            embedded in arena, never a bot by itself)
#
# and the test fixtures built from source (tests/fixtures/panicking.wasm from
# tests/fixtures/panicking/, tests/fixtures/c_panic.wasm from tests/fixtures/c_panic.c).
#
# Usage: bash bots/build.sh [--install] [--check]
#   --install  first install what the build needs on Debian/Ubuntu (and what the
#              `arena new-bot` templates' tests need): the pinned Rust
#              toolchain with the wasm32-unknown-unknown target (through rustup; the
#              default toolchain gets the target too), clang
#              and lld of the pinned major version (through apt-get), Zig (pip install
#              ziglang==ZIG_VERSION) and AssemblyScript (npm ci in
#              bots/tools/assemblyscript, whose package-lock.json pins it). WAT is
#              assembled by bots/tools/wat2wasm, a workspace crate.
#   --check    build into a temporary directory and fail if any committed .wasm differs
#              (or if bots/ holds a stray .wasm/.wat the tournament would pick up).
#
# The output is deterministic: the same sources and tool versions give the same bytes
# on any machine (paths are remapped, nothing is timestamped). The tool versions are
# pinned below; other versions build working bots but different bytes, and --check says
# which tool differs.
set -euo pipefail

RUST_TOOLCHAIN=1.95.0 # rustc that built the committed Rust bots
ZIG_VERSION=0.17.0    # PyPI's ziglang that built zig_greedy.wasm
                      # (AssemblyScript: the version bots/tools/assemblyscript/package-lock.json pins)
CLANG_MAJOR=14        # clang/lld that built c_greedy.wasm (Debian 12's `clang`)
                      # (`clang-14` is preferred when installed, e.g. on Ubuntu)
WASM_TARGET=wasm32-unknown-unknown
RUST_BOTS=(random greedy alphabeta)
GAME_BOTS=(tictactoe minesweeper pursuer evader path) # into bots/games/GAME/
# The game folder of each of GAME_BOTS under bots/games/.
game_of() {
    case $1 in
    pursuer | evader) echo pursuit ;;
    *) echo "$1" ;;
    esac
}
ALL_BOTS=(random greedy alphabeta c_greedy cpp_greedy zig_greedy as_greedy first_legal)
# Every committed file this script builds, relative to the repository's root.
ARTIFACTS=()
for bot in "${ALL_BOTS[@]}"; do ARTIFACTS+=("bots/$bot.wasm"); done
for bot in "${GAME_BOTS[@]}"; do ARTIFACTS+=("bots/games/$(game_of "$bot")/$bot.wasm"); done
ARTIFACTS+=(src/output/report/viewer.wasm)
ARTIFACTS+=(bots/python/dist/arena_python.wasm)
ARTIFACTS+=(tests/fixtures/panicking.wasm tests/fixtures/c_panic.wasm)
PYTHON_TARGET=wasm32-wasip1 # the interpreter's target (std on WASI: arena's deterministic shim)

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BOTS=$ROOT/bots
install=0
check=0
for arg in "$@"; do
    case $arg in
    --install) install=1 ;;
    --check) check=1 ;;
    -h | --help)
        awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
        exit 0
        ;;
    *)
        echo "build.sh: unknown argument $arg (try --help)" >&2
        exit 2
        ;;
    esac
done

say() { echo "build.sh: $*" >&2; }
die() {
    say "$*"
    exit 1
}

# Runs a command as root (directly, or through sudo when there is one).
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

install_tools() {
    say "installing clang and lld"
    as_root apt-get update -qq
    local c_tools=(clang lld)
    if apt-cache show "clang-$CLANG_MAJOR" "lld-$CLANG_MAJOR" >/dev/null 2>&1; then
        c_tools=("clang-$CLANG_MAJOR" "lld-$CLANG_MAJOR")
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        "${c_tools[@]}" curl ca-certificates >/dev/null
    if ! command -v rustup >/dev/null; then
        say "installing rustup"
        curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs |
            sh -s -- -y --profile minimal --default-toolchain none
        # shellcheck disable=SC1091
        . "${CARGO_HOME:-$HOME/.cargo}/env"
    fi
    if [ "$(rustc -V 2>/dev/null | cut -d' ' -f2)" = "$RUST_TOOLCHAIN" ]; then
        rustup target add "$WASM_TARGET" "$PYTHON_TARGET"
    else
        rustup toolchain install "$RUST_TOOLCHAIN" --profile minimal \
            --target "$WASM_TARGET" --target "$PYTHON_TARGET"
        # The default toolchain too: `arena new-bot --lang rust` folders build with it.
        rustc -V >/dev/null 2>&1 && rustup target add "$WASM_TARGET"
    fi
    if ! command -v npm >/dev/null || ! python3 -m pip --version >/dev/null 2>&1; then
        say "installing node, npm and pip"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            nodejs npm python3-pip >/dev/null
    fi
    say "installing Zig $ZIG_VERSION (pip) and AssemblyScript (npm ci)"
    python3 -m pip install --quiet --disable-pip-version-check "ziglang==$ZIG_VERSION" ||
        python3 -m pip install --quiet --disable-pip-version-check --break-system-packages \
            "ziglang==$ZIG_VERSION"
    (cd "$BOTS/tools/assemblyscript" && npm ci --no-audit --no-fund --loglevel=error)
}

[ $install = 1 ] && install_tools
[ -f "${CARGO_HOME:-$HOME/.cargo}/env" ] && . "${CARGO_HOME:-$HOME/.cargo}/env"

# cargo from the pinned toolchain: the default one if it is that version, else the
# rustup toolchain of that name.
if [ "$(rustc -V 2>/dev/null | cut -d' ' -f2)" = "$RUST_TOOLCHAIN" ]; then
    CARGO=(cargo)
elif rustup run "$RUST_TOOLCHAIN" rustc -V >/dev/null 2>&1; then
    CARGO=(rustup run "$RUST_TOOLCHAIN" cargo)
else
    CARGO=(cargo)
    say "warning: rustc is $(rustc -V 2>/dev/null || echo missing), the committed bots were built with $RUST_TOOLCHAIN (run with --install)"
fi
CLANG=clang-$CLANG_MAJOR
command -v "$CLANG" >/dev/null || CLANG=clang
command -v "$CLANG" >/dev/null || die "clang is missing (run with --install)"
clang_major=$("$CLANG" -dumpversion | cut -d. -f1)
[ "$clang_major" = "$CLANG_MAJOR" ] ||
    say "warning: clang $clang_major, the committed c_greedy.wasm was built with clang $CLANG_MAJOR"

if [ $check = 1 ]; then
    OUT=$(mktemp -d)
    trap 'rm -rf "$OUT"' EXIT
    mkdir -p "$OUT/bots/python/dist" "$OUT/tests/fixtures" "$OUT/src/output/report"
else
    OUT=$ROOT
fi
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
CARGO_HOME_DIR=${CARGO_HOME:-$HOME/.cargo}

# Rust bots: one cdylib each, the wasm-bot profile (opt-level 3, LTO, abort, stripped).
# Paths that differ between machines are remapped so that they cannot reach the bytes.
say "building the Rust bots with $("${CARGO[@]}" -V)"
packages=(-p arena-fixture-panicking)
for bot in "${RUST_BOTS[@]}" "${GAME_BOTS[@]}"; do packages+=(-p "arena-bot-$bot"); done
(
    cd "$ROOT"
    export CARGO_ENCODED_RUSTFLAGS="--remap-path-prefix=$ROOT=/arena"$'\x1f'"--remap-path-prefix=$CARGO_HOME_DIR=/cargo"
    "${CARGO[@]}" build --locked --quiet --target "$WASM_TARGET" --profile wasm-bot \
        --target-dir "$TARGET_DIR" "${packages[@]}"
)
for bot in "${RUST_BOTS[@]}"; do
    cp "$TARGET_DIR/$WASM_TARGET/wasm-bot/arena_bot_$bot.wasm" "$OUT/bots/$bot.wasm"
done
for bot in "${GAME_BOTS[@]}"; do
    game=$(game_of "$bot")
    mkdir -p "$OUT/bots/games/$game"
    cp "$TARGET_DIR/$WASM_TARGET/wasm-bot/arena_bot_$bot.wasm" "$OUT/bots/games/$game/$bot.wasm"
done
cp "$TARGET_DIR/$WASM_TARGET/wasm-bot/arena_fixture_panicking.wasm" \
    "$OUT/tests/fixtures/panicking.wasm"

# The replay viewer of report.html (crates/arena-viewer): the games' own drawing code,
# built for size (the wasm-viewer profile: opt-level z), since every page embeds it.
say "building the report's replay viewer"
(
    cd "$ROOT"
    export CARGO_ENCODED_RUSTFLAGS="--remap-path-prefix=$ROOT=/arena"$'\x1f'"--remap-path-prefix=$CARGO_HOME_DIR=/cargo"
    "${CARGO[@]}" build --locked --quiet --target "$WASM_TARGET" --profile wasm-viewer \
        --target-dir "$TARGET_DIR" -p arena-viewer
)
cp "$TARGET_DIR/$WASM_TARGET/wasm-viewer/arena_viewer.wasm" "$OUT/src/output/report/viewer.wasm"

# arena's Python interpreter: RustPython in the wrapper of bots/python, a workspace of its
# own (its Cargo.lock pins what builds for WASI), in a target folder of its own. It is the
# slowest piece to build (5 to 10 minutes on two cores, once; cargo keeps it after).
# rustpython-vm's build script writes every environment variable it sees into the module
# (Python's `sysconfig` data), so it is built with an emptied environment: only the
# variables below reach it. Those still hold this machine's paths (the target folder,
# CARGO_HOME, the toolchain) and cargo's job count, so the bytes depend on the machine:
# --check rebuilds the interpreter (it must build) but cannot compare it byte for byte.
say "building the Python interpreter (RustPython, $PYTHON_TARGET)"
(
    cd "$BOTS/python"
    env -i PATH="$PATH" HOME="$HOME" CARGO_HOME="$CARGO_HOME_DIR" \
        RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" \
        CARGO_ENCODED_RUSTFLAGS="--remap-path-prefix=$ROOT=/arena"$'\x1f'"--remap-path-prefix=$CARGO_HOME_DIR=/cargo" \
        "${CARGO[@]}" build --locked --quiet --release --target "$PYTHON_TARGET" \
        --target-dir "$TARGET_DIR/python" --jobs 2
)
cp "$TARGET_DIR/python/$PYTHON_TARGET/release/arena_python.wasm" \
    "$OUT/bots/python/dist/arena_python.wasm"

# The C bots: freestanding, no libc, only the two exports and the arena import. Compiled
# with -O2, then linked without -O: clang runs Binaryen's wasm-opt on what it links at the
# -O level whenever it finds one on PATH, which would change the bytes with the machine
# (linked in one step, without a wasm-opt, they are the same bytes).
C_COMPILE=(--target=wasm32 -nostdlib -ffreestanding -O2 -Wall -Wextra -Werror)
C_LINK=(--target=wasm32 -nostdlib
    -Wl,--no-entry -Wl,--export=arena_alloc -Wl,--export=choose_move -Wl,--strip-all)
# wasm_c COMPILER OUTPUT SOURCE [COMPILE FLAGS...]: one module from one source file.
wasm_c() {
    local cc=$1 out=$2 src=$3 obj
    shift 3
    obj=$(mktemp "${TMPDIR:-/tmp}/arena-bot.XXXXXX")
    if ! { "$cc" "${C_COMPILE[@]}" "$@" -c "$src" -o "$obj" &&
        "$cc" "${C_LINK[@]}" "$obj" -o "$out"; }; then
        rm -f "$obj"
        die "$cc could not build $src"
    fi
    rm -f "$obj"
}
say "building the C bots with $("$CLANG" --version | head -n1)"
(
    cd "$BOTS/c"
    wasm_c "$CLANG" "$OUT/bots/c_greedy.wasm" greedy.c -ffile-prefix-map="$BOTS/c"=.
)
(
    cd "$ROOT/tests/fixtures"
    wasm_c "$CLANG" "$OUT/tests/fixtures/c_panic.wasm" c_panic.c -I "$BOTS/c" \
        -ffile-prefix-map="$ROOT"=.
)
CLANGXX=clang++-$CLANG_MAJOR
command -v "$CLANGXX" >/dev/null || CLANGXX=clang++
(
    cd "$BOTS/cpp"
    wasm_c "$CLANGXX" "$OUT/bots/cpp_greedy.wasm" greedy.cpp -fno-exceptions -fno-rtti \
        -I "$BOTS/c" -ffile-prefix-map="$BOTS"=..
)

# A tool that is missing keeps the committed file when only rebuilding (so that a Rust
# or C change needs no Zig or node), and fails a --check.
missing() {
    if [ $check = 1 ]; then
        die "$1 is missing, so $2 cannot be checked (run with --install)"
    fi
    say "warning: $1 is missing (run with --install); keeping the committed $2"
}

# The Zig bot: wasm32-freestanding, no entry point, the two exports named.
if python3 -m ziglang version >/dev/null 2>&1; then
    zig_version=$(python3 -m ziglang version)
    say "building the Zig bot with Zig $zig_version"
    [ "$zig_version" = "$ZIG_VERSION" ] ||
        say "warning: Zig $zig_version, the committed zig_greedy.wasm was built with $ZIG_VERSION"
    (
        cd "$BOTS/zig"
        python3 -m ziglang build-exe greedy.zig -target wasm32-freestanding -fno-entry \
            --export=arena_alloc --export=choose_move -O ReleaseSmall \
            --cache-dir "$TARGET_DIR/zig-cache" --global-cache-dir "$TARGET_DIR/zig-global-cache" \
            -femit-bin="$OUT/bots/zig_greedy.wasm"
    )
else
    missing "Zig (python3 -m ziglang)" bots/zig_greedy.wasm
fi

# The AssemblyScript bot: no `env.abort` import, the stub runtime (no collector).
ASC=$BOTS/tools/assemblyscript/node_modules/.bin/asc
if [ -x "$ASC" ] && command -v node >/dev/null; then
    say "building the AssemblyScript bot with $("$ASC" --version)"
    (
        cd "$BOTS/assemblyscript"
        "$ASC" greedy.ts --use abort= --runtime stub -O3 --noAssert \
            -o "$OUT/bots/as_greedy.wasm"
    )
else
    missing "AssemblyScript (npm ci in bots/tools/assemblyscript)" bots/as_greedy.wasm
fi

# The WAT bot, assembled by the wat crate at the version Cargo.lock pins.
say "assembling the WAT bot"
(
    cd "$ROOT"
    "${CARGO[@]}" run --locked --quiet --release --target-dir "$TARGET_DIR" -p arena-wat2wasm -- \
        "$BOTS/wat/first_legal.wat" "$OUT/bots/first_legal.wasm"
)

status=0
for file in "${ARTIFACTS[@]}"; do
    [ -f "$OUT/$file" ] || continue # a tool was missing (rebuild only)
    printf '%8d  %s  %s\n' "$(wc -c <"$OUT/$file")" \
        "$(sha256sum "$OUT/$file" | cut -c1-16)" "$file"
    if [ $check = 1 ] && [ "$file" = bots/python/dist/arena_python.wasm ]; then
        say "$file built; not compared (its bytes hold the build machine's paths, see above)"
    elif [ $check = 1 ] && ! cmp -s "$OUT/$file" "$ROOT/$file"; then
        say "$file differs from a fresh build of its source: run bash bots/build.sh and commit"
        status=1
    fi
done
# `bots/*.wasm` (the README's tournament) runs every module at the top of bots/, and a
# tournament of bots/games/GAME/ every module in it: only the examples belong there.
for file in "$BOTS"/*.wasm "$BOTS"/*.wat; do
    [ -e "$file" ] || continue
    name=$(basename "$file" .wasm)
    if ! printf '%s\n' "${ALL_BOTS[@]}" | grep -qx "$name"; then
        say "bots/$(basename "$file") is not built by this script; move it out of bots/"
        [ $check = 1 ] && status=1
    fi
done
for file in "$BOTS"/games/*; do
    if [ ! -d "$file" ]; then
        say "bots/games/$(basename "$file") is not a game's folder; move it out of bots/games/"
        [ $check = 1 ] && status=1
        continue
    fi
    for module in "$file"/*; do
        rel=${module#"$ROOT"/}
        case $rel in
        bots/games/tictactoe/tictactoe_first.wat) continue ;; # hand-written, not built
        esac
        if ! printf '%s\n' "${ARTIFACTS[@]}" | grep -qx "$rel"; then
            say "$rel is not built by this script; move it out of bots/games/"
            [ $check = 1 ] && status=1
        fi
    done
done
[ $check = 1 ] && [ $status = 0 ] && say "check passed: every committed bot matches its source"
exit $status
