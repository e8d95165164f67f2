/*
 * arena.h — everything a C bot needs to speak arena's bot ABI, in one header.
 *
 * Include it in exactly one .c file (it defines the `arena_alloc` export and a
 * static state buffer), write `choose_move`, and build without libc:
 *
 *   clang --target=wasm32 -nostdlib -ffreestanding -O2 -I path/to/arena/bots/c \
 *         -Wl,--no-entry -Wl,--export=arena_alloc -Wl,--export=choose_move \
 *         -o my_bot.wasm my_bot.c
 *
 * (C++: clang++ with the same flags plus -fno-exceptions -fno-rtti; the header's
 * declarations are extern "C", so the exports keep their plain names.)
 *
 * Logging: arena_log("text"), arena_log_i64("label ", value); ARENA_PANIC("why") and
 * ARENA_ASSERT(cond) log "panicked at FILE:LINE: ..." and trap, and the referee shows
 * that line as the fault's reason.
 *
 * The ABI (docs/ABI.md has the full text): the referee calls
 * `arena_alloc(len)`, writes the state there as little-endian int32 words (an
 * 8-word header, then the game's words, always from the point of view of the
 * bot to move) and calls `choose_move(ptr, len)`, which returns the move
 * (MathTricks: the cell index row * cols + col). One fresh instance plays one
 * game, so globals persist between the moves of a game and never beyond it.
 *
 * Games for one to four seats (tictactoe, minesweeper, pursuit, path, the
 * one-way pieces with three players) use the 11-word table header (seats, role,
 * team: "The table header" below) and are played only by a bot that declares
 * them in the optional export `arena_plays` (add -Wl,--export=arena_plays).
 */
#ifndef ARENA_H
#define ARENA_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Exports and imports ------------------------------------------------ */

/* Marks a function as a WebAssembly export under `name`. */
#define ARENA_EXPORT(name) __attribute__((export_name(#name)))

/* The host's debug log: `len` bytes of text at `ptr`, kept (bounded) in the
 * game's replay. */
__attribute__((import_module("arena"), import_name("debug_log")))
void arena_debug_log(const char *ptr, int32_t len);

/* The legal moves of the position choose_move is asked about: writes up to `cap`
 * of them (their int32 encodings, ascending) at `moves` and returns how many there
 * are; more than `cap` means only the first `cap` were written. Costs 20 fuel plus 4
 * per move written. Call it only inside choose_move (elsewhere it traps). Declared
 * here, imported only by a bot that calls it (docs/ABI.md, "arena"). */
__attribute__((import_module("arena"), import_name("legal_moves")))
int32_t arena_legal_moves(int32_t *moves, int32_t cap);

/* ABI export, written by the bot: the move for the state at `ptr` (`len` bytes).
 * Declared here so that a C++ definition gets C linkage (an unmangled name). */
int32_t choose_move(int32_t ptr, int32_t len);

/* Optional ABI export, written by the bot that plays games for one to four
 * seats: nonzero when it plays game `game_id` with `seats` seats, e.g.
 *
 *   ARENA_EXPORT(arena_plays)
 *   int32_t arena_plays(int32_t game_id, int32_t seats) {
 *       return game_id == ARENA_GAME_TICTACTOE && (seats == 2 || seats == 3);
 *   }
 *
 * Without it a bot plays only the two-seat games (docs/ABI.md, "Games for one to
 * four seats"). Declared here so that a C++ definition gets C linkage. */
int32_t arena_plays(int32_t game_id, int32_t seats);

/* Logs a NUL-terminated string. */
static inline void arena_log(const char *text) {
    int32_t len = 0;
    while (text[len] != 0) {
        len++;
    }
    arena_debug_log(text, len);
}

/* Logs `label` followed by a signed decimal number, e.g. arena_log_i64("total ", t). */
static inline void arena_log_i64(const char *label, int64_t value) {
    char line[96];
    int32_t len = 0;
    while (label[len] != 0 && len < 64) {
        line[len] = label[len];
        len++;
    }
    char digits[20];
    int32_t n = 0;
    /* Work on the negative value: it holds INT64_MIN, whose opposite does not fit. */
    int64_t rest = value < 0 ? value : -value;
    do {
        digits[n++] = (char)('0' - rest % 10);
        rest /= 10;
    } while (rest != 0);
    if (value < 0) line[len++] = '-';
    while (n > 0) line[len++] = digits[--n];
    arena_debug_log(line, len);
}

/* Logs "panicked at FILE:LINE: what" and traps, like a Rust panic through arena-sdk:
 * the referee puts that line in the fault's reason, so `arena check`, the replay and the
 * results say where and why instead of a bare "wasm unreachable". `what` must be a
 * string literal. */
#define ARENA_PANIC(what) \
    arena_panic("panicked at " __FILE__ ":" ARENA_STRINGIFY(__LINE__) ": " what)

/* ARENA_PANIC unless `cond` holds: "panicked at greedy.c:42: assertion failed: ...". */
#define ARENA_ASSERT(cond) \
    do { \
        if (!(cond)) ARENA_PANIC("assertion failed: " #cond); \
    } while (0)

#define ARENA_STRINGIFY(x) ARENA_STRINGIFY_(x)
#define ARENA_STRINGIFY_(x) #x

/* Logs `line` and stops the bot with a trap (the game is forfeited). */
__attribute__((noreturn)) static inline void arena_panic(const char *line) {
    arena_log(line);
    __builtin_trap();
}

/* ---- The header --------------------------------------------------------- */

#define ARENA_ABI_VERSION 1  /* word 0 */
#define ARENA_HEADER_WORDS 8 /* words before the game's own words */

#define ARENA_W_VERSION 0    /* ABI version (ARENA_ABI_VERSION) */
#define ARENA_W_GAME_ID 1    /* the game's id */
#define ARENA_W_HEADER_LEN 2 /* header length in words (8 today) */
#define ARENA_W_SEAT 3       /* 0 if this bot moved first in the game, 1 if not */
#define ARENA_W_PLY 4        /* moves played so far, both players */
#define ARENA_W_SEED_LO 5    /* per-game seed for the bot's own randomness, low */
#define ARENA_W_SEED_HI 6    /* ... and high 32 bits */
#define ARENA_W_BODY_LEN 7   /* number of game words after the header */

/* ---- Game ids (generated from arena-games' registration list; ARENA_BLESS=1
 *      cargo test -p arena-games sdk_ids rewrites it; the test fails when it differs) */
#define ARENA_GAME_MATHTRICKS 1
#define ARENA_GAME_BEANS 2
#define ARENA_GAME_KING 3
#define ARENA_GAME_QUEEN 4
#define ARENA_GAME_ROOK 5
#define ARENA_GAME_KNIGHT 6
#define ARENA_GAME_NIM 7
#define ARENA_GAME_CARDS24 8
#define ARENA_GAME_KALAH 9
#define ARENA_GAME_DETERMINANT 10
#define ARENA_GAME_TICTACTOE 11
#define ARENA_GAME_MINESWEEPER 12
#define ARENA_GAME_PURSUIT 13
#define ARENA_GAME_PATH 14
/* ---- End of the game ids */

/* Joins two words (low, high) into a signed 64-bit integer. */
static inline int64_t arena_i64(int32_t lo, int32_t hi) {
    return (int64_t)(((uint64_t)(uint32_t)hi << 32) | (uint64_t)(uint32_t)lo);
}

/* The game's words, or 0 if `words` (n of them) is not a well-formed state of
 * game `game_id` for this ABI version. Stores the body length in *body_len. */
static inline const int32_t *arena_body(const int32_t *words, int32_t n,
                                        int32_t game_id, int32_t *body_len) {
    if (n < ARENA_HEADER_WORDS || words[ARENA_W_VERSION] != ARENA_ABI_VERSION ||
        words[ARENA_W_GAME_ID] != game_id) {
        return 0;
    }
    int32_t header_len = words[ARENA_W_HEADER_LEN];
    if (header_len < ARENA_HEADER_WORDS || header_len > n ||
        words[ARENA_W_BODY_LEN] != n - header_len) {
        return 0;
    }
    *body_len = n - header_len;
    return words + header_len;
}

/* ---- The table header (games for one to four seats) --------------------- */

/* A game of the table model writes 11 header words: words 0..7 as above (the
 * seat in word 3 is 0..seats-1, in the order the seats move; the ply counts every
 * seat's moves), then these three. A two-seat game that existed before keeps the
 * 8-word header; the accessors below read it as 2 seats, role and team -1. */
#define ARENA_TABLE_HEADER_WORDS 11
#define ARENA_W_SEATS 8 /* the number of seats at the table, 1..4 */
#define ARENA_W_ROLE 9  /* the bot's role (pursuit: 0 pursuer, 1 evader), or -1 */
#define ARENA_W_TEAM 10 /* a number shared by teammates, or -1 for a seat alone */

/* Whether the well-formed state `words` (n of them) carries the table header. */
static inline int arena_has_table_header(const int32_t *words, int32_t n) {
    return n >= ARENA_TABLE_HEADER_WORDS &&
           words[ARENA_W_HEADER_LEN] >= ARENA_TABLE_HEADER_WORDS;
}

/* The number of seats at the table (2 for the 8-word header). */
static inline int32_t arena_seats(const int32_t *words, int32_t n) {
    return arena_has_table_header(words, n) ? words[ARENA_W_SEATS] : 2;
}

/* The bot's role: its index in the game's list of roles, -1 where seats do not
 * differ (and for the 8-word header). */
static inline int32_t arena_role(const int32_t *words, int32_t n) {
    return arena_has_table_header(words, n) ? words[ARENA_W_ROLE] : -1;
}

/* The bot's team, -1 for a seat on its own (and for the 8-word header). */
static inline int32_t arena_team(const int32_t *words, int32_t n) {
    return arena_has_table_header(words, n) ? words[ARENA_W_TEAM] : -1;
}

/* ---- Tic-tac-toe (game id 11, the table header) -------------------------- */

/* The game's words: 4 fixed words, then one word per cell in row-major order
 * (row 0 at the top). The move is the index row * cols + col of an empty cell. */
#define TTT_ROWS 0
#define TTT_COLS 1
#define TTT_K 2       /* marks in a row that win */
#define TTT_PLAYERS 3 /* 2 or 3 */
#define TTT_FIXED_WORDS 4
#define TTT_MIN_SIDE 3
#define TTT_MAX_SIDE 15

/* A cell word, from the point of view of the bot to move. */
#define TTT_EMPTY 0
#define TTT_MINE 1       /* my mark */
#define TTT_NEXT 2       /* the mark of the seat that moves after me */
#define TTT_AFTER_NEXT 3 /* the mark of the seat after that (three players) */

/* Whether `body` (body_len words) is a whole tic-tac-toe board. */
static inline int ttt_valid(const int32_t *body, int32_t body_len) {
    if (body_len < TTT_FIXED_WORDS) return 0;
    int32_t rows = body[TTT_ROWS], cols = body[TTT_COLS];
    return rows >= TTT_MIN_SIDE && rows <= TTT_MAX_SIDE && cols >= TTT_MIN_SIDE &&
           cols <= TTT_MAX_SIDE && body_len == TTT_FIXED_WORDS + rows * cols;
}

/* Whether (row, col) lies on the board. */
static inline int ttt_on_board(const int32_t *body, int32_t row, int32_t col) {
    return row >= 0 && row < body[TTT_ROWS] && col >= 0 && col < body[TTT_COLS];
}

/* The cell word at (row, col), one of TTT_EMPTY .. TTT_AFTER_NEXT. */
static inline int32_t ttt_cell(const int32_t *body, int32_t row, int32_t col) {
    return body[TTT_FIXED_WORDS + row * body[TTT_COLS] + col];
}

/* The move that puts my mark on (row, col). */
static inline int32_t ttt_move(const int32_t *body, int32_t row, int32_t col) {
    return row * body[TTT_COLS] + col;
}

/* ---- Pursuit (game id 13, the table header) ------------------------------ */

/* Pursuit's words after the header (role in ARENA_W_ROLE: 0 pursuer, 1 evader; team in
 * ARENA_W_TEAM: 0 for the pursuers of team=1): rows, cols, players, the current round
 * (from 1), the round limit, team, blind, then each seat's cell (row * cols + col),
 * pursuers first and the evader last, -1 for a piece the mover cannot see (a blind
 * evader sees only itself), then one word per cell: 1 inaccessible, 0 free. The move is
 * the cell the piece moves to (its own cell to pass when it has no free neighbour). */
#define PURSUIT_ROWS 0
#define PURSUIT_COLS 1
#define PURSUIT_PLAYERS 2
#define PURSUIT_ROUND 3
#define PURSUIT_ROUNDS 4
#define PURSUIT_TEAM 5
#define PURSUIT_BLIND 6
#define PURSUIT_AT 7 /* PURSUIT_AT + seat: that seat's cell, or -1 */
#define PURSUIT_UNSEEN (-1)
#define PURSUIT_ROLE_PURSUER 0
#define PURSUIT_ROLE_EVADER 1

/* The obstacle word of cell `cell` (1 inaccessible, 0 free). */
static inline int32_t pursuit_blocked(const int32_t *body, int32_t cell) {
    return body[PURSUIT_AT + body[PURSUIT_PLAYERS] + cell];
}

/* ---- MathTricks --------------------------------------------------------- */

/* The game's words: 10 fixed words, then one word per cell in row-major order. */
#define MT_ROWS 0
#define MT_COLS 1
#define MT_MY_ROW 2
#define MT_MY_COL 3
#define MT_OPP_ROW 4
#define MT_OPP_COL 5
#define MT_MY_TOTAL_LO 6
#define MT_MY_TOTAL_HI 7
#define MT_OPP_TOTAL_LO 8
#define MT_OPP_TOTAL_HI 9
#define MT_FIXED_WORDS 10
#define MT_MIN_SIDE 4
#define MT_MAX_SIDE 64

/* A cell word: bits 0..23 the operand, bits 24..25 the operation, then two
 * flags for the pawns that have stood there. */
#define MT_OPERAND_MASK 0xFFFFFF
#define MT_OP_ADD 0 /* t + k, k >= 0 */
#define MT_OP_SUB 1 /* t - k, k >= 1 */
#define MT_OP_MUL 2 /* t * k, k >= 0 */
#define MT_OP_DIV 3 /* t / k, k >= 2, truncating toward zero */
#define MT_VISITED_BY_ME (1 << 26)
#define MT_VISITED_BY_OPPONENT (1 << 27)

static inline int32_t mt_op(int32_t cell) { return (cell >> 24) & 3; }
static inline int32_t mt_operand(int32_t cell) { return cell & MT_OPERAND_MASK; }
static inline int mt_visited(int32_t cell) {
    return (cell & (MT_VISITED_BY_ME | MT_VISITED_BY_OPPONENT)) != 0;
}

/* The cell word at (row, col); `body` is the game's words. */
static inline int32_t mt_cell(const int32_t *body, int32_t row, int32_t col) {
    return body[MT_FIXED_WORDS + row * body[MT_COLS] + col];
}

/* Whether (row, col) lies on the board. */
static inline int mt_on_board(const int32_t *body, int32_t row, int32_t col) {
    return row >= 0 && row < body[MT_ROWS] && col >= 0 && col < body[MT_COLS];
}

/* `a + b` and `a - b`, saturating at the int64 bounds as the rules say. */
static inline int64_t mt_sat_add(int64_t a, int64_t b) {
    if (b > 0 && a > INT64_MAX - b) return INT64_MAX;
    if (b < 0 && a < INT64_MIN - b) return INT64_MIN;
    return a + b;
}
static inline int64_t mt_sat_sub(int64_t a, int64_t b) {
    if (b < 0 && a > INT64_MAX + b) return INT64_MAX;
    if (b > 0 && a < INT64_MIN + b) return INT64_MIN;
    return a - b;
}

/* The total after stepping on `cell` (whose operand must be valid: a division
 * is by at least 2). Saturating + - x, truncating /, written without 128-bit
 * helpers so no compiler runtime is needed. */
static inline int64_t mt_apply(int64_t total, int32_t cell) {
    int64_t k = mt_operand(cell);
    switch (mt_op(cell)) {
    case MT_OP_ADD:
        return mt_sat_add(total, k);
    case MT_OP_SUB:
        return mt_sat_sub(total, k);
    case MT_OP_MUL:
        if (k == 0) return 0;
        if (total > INT64_MAX / k) return INT64_MAX;
        if (total < INT64_MIN / k) return INT64_MIN;
        return total * k;
    default:
        return total / k;
    }
}

/* ---- The state buffer and the arena_alloc export ------------------------ */

/* Words of the largest MathTricks state (a 64 x 64 board). */
#define ARENA_STATE_WORDS \
    (ARENA_HEADER_WORDS + MT_FIXED_WORDS + MT_MAX_SIDE * MT_MAX_SIDE)

static int32_t arena_state[ARENA_STATE_WORDS];

/* ABI export: `len` writable bytes for the state. The static buffer holds any
 * MathTricks state; a larger request (another game) grows the memory once and
 * hands out the new pages. */
ARENA_EXPORT(arena_alloc)
int32_t arena_alloc(int32_t len) {
    static int32_t grown_at, grown_len;
    if (len <= (int32_t)sizeof arena_state) {
        return (int32_t)(uintptr_t)arena_state;
    }
    if (len <= grown_len) {
        return grown_at;
    }
    if (len > 0x7FFF0000) {
        return 0; /* more than a 32-bit memory can hold */
    }
    int32_t pages = (len + 65535) / 65536;
    int32_t old = (int32_t)__builtin_wasm_memory_grow(0, pages);
    if (old < 0) {
        return 0;
    }
    grown_at = old * 65536;
    grown_len = pages * 65536;
    return grown_at;
}

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARENA_H */
