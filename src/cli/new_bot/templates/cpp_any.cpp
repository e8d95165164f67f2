/*
 * {{name}} — a {{game}} bot in C++: it plays a random legal move (seeded, so the same
 * game always gets the same moves).
 *
 * The state words ({{header}}, then {{game}}'s own words) and the move encoding
 * are in arena's docs/games/{{doc}}.md: read the position from `body` and replace the
 * random choice with something smarter. `arena_legal_moves` (arena.h) asks the referee
 * for the legal moves, so this bot never plays an illegal one.
 *
 * arena.h declares choose_move (and its imports) extern "C", so the exports keep their
 * plain names; without that the link fails with "symbol exported via --export not
 * found: choose_move".
 *
 * Build: bash build.sh; then arena check {{name}}.wasm --game {{game}}
 * Log with arena_log("text") / arena_log_i64("label ", n); ARENA_PANIC("why") and
 * ARENA_ASSERT(cond) log "panicked at FILE:LINE: ..." and trap.
 */
#include "arena.h"

#define GAME_ID {{game_id}} /* {{game}} */
#define MAX_MOVES 4096       /* more legal moves than this: choose among the first */

static int32_t moves[MAX_MOVES];
{{plays}}
/* A well-mixed 64-bit number from x (SplitMix64's finaliser). */
static uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

ARENA_EXPORT(choose_move)
int32_t choose_move(int32_t ptr, int32_t len) {
    const int32_t *words = (const int32_t *)(uintptr_t)ptr;
    int32_t body_len = 0;
    const int32_t *body = arena_body(words, len / 4, GAME_ID, &body_len);
    ARENA_ASSERT(body != 0); /* not a {{game}} state */
    (void)body;              /* the position: see docs/games/{{doc}}.md */

    int32_t count = arena_legal_moves(moves, MAX_MOVES);
    ARENA_ASSERT(count > 0); /* the referee asks only when there is a move */
    int32_t choices = count < MAX_MOVES ? count : MAX_MOVES;

    uint64_t seed = (uint64_t)arena_i64(words[ARENA_W_SEED_LO], words[ARENA_W_SEED_HI]);
    uint64_t r = mix(seed ^ mix((uint64_t)words[ARENA_W_PLY]));
    int32_t pick = moves[r % (uint64_t)choices];
    arena_log_i64("legal moves: ", count);
    return pick;
}
