/*
 * c_greedy.wasm — a MathTricks bot in C that plays exactly like builtin:greedy
 * (crates/arena-games/src/strategy/greedy.rs):
 *
 *   for each legal move, in the game's sorted order (row-major cell index):
 *     if the opponent is then shut in, the game is over: a win is worth
 *       WIN - 1, a loss LOSS + 1, a draw 0;
 *     otherwise the move is worth my new total minus the opponent's total
 *       (saturating), clamped to +-2^60 (strategy::HEURISTIC_CAP) so that no
 *       lead ever outranks a win: two leads beyond 2^60 tie, and the first wins;
 *   play the first move with the largest value.
 *
 * Build: see bots/build.sh (clang --target=wasm32 -nostdlib, no libc).
 */
#include "arena.h"

#define WIN_VALUE ((int64_t)1 << 62) /* as strategy::WIN_VALUE */
#define LOSS_VALUE (-WIN_VALUE)
#define HEURISTIC_CAP ((int64_t)1 << 60) /* as strategy::HEURISTIC_CAP */

/* Whether the pawn at (row, col) has no unvisited neighbour, counting
 * (taken_row, taken_col) as visited too. */
static int shut_in(const int32_t *body, int32_t row, int32_t col,
                   int32_t taken_row, int32_t taken_col) {
    for (int32_t dr = -1; dr <= 1; dr++) {
        for (int32_t dc = -1; dc <= 1; dc++) {
            int32_t r = row + dr, c = col + dc;
            if ((dr == 0 && dc == 0) || !mt_on_board(body, r, c)) continue;
            if (r == taken_row && c == taken_col) continue;
            if (!mt_visited(mt_cell(body, r, c))) return 0;
        }
    }
    return 1;
}

/* Whether the body is a board this bot can read: sizes in range, the right
 * number of words, both pawns on the board, every division by at least 2. */
static int valid(const int32_t *body, int32_t body_len) {
    if (body_len < MT_FIXED_WORDS) return 0;
    int32_t rows = body[MT_ROWS], cols = body[MT_COLS];
    if (rows < MT_MIN_SIDE || rows > MT_MAX_SIDE || cols < MT_MIN_SIDE ||
        cols > MT_MAX_SIDE || body_len != MT_FIXED_WORDS + rows * cols) {
        return 0;
    }
    if (!mt_on_board(body, body[MT_MY_ROW], body[MT_MY_COL]) ||
        !mt_on_board(body, body[MT_OPP_ROW], body[MT_OPP_COL])) {
        return 0;
    }
    for (int32_t i = MT_FIXED_WORDS; i < body_len; i++) {
        if (mt_op(body[i]) == MT_OP_DIV && mt_operand(body[i]) < 2) return 0;
    }
    return 1;
}

/* ABI export: the move for the state at `ptr` (`len` bytes), or -1. */
ARENA_EXPORT(choose_move)
int32_t choose_move(int32_t ptr, int32_t len) {
    const int32_t *words = (const int32_t *)(uintptr_t)ptr;
    int32_t body_len;
    const int32_t *body =
        arena_body(words, len / 4, ARENA_GAME_MATHTRICKS, &body_len);
    if (body == 0 || len % 4 != 0 || !valid(body, body_len)) {
        arena_log("c_greedy: not a MathTricks state");
        return -1;
    }
    int32_t my_row = body[MT_MY_ROW], my_col = body[MT_MY_COL];
    int32_t opp_row = body[MT_OPP_ROW], opp_col = body[MT_OPP_COL];
    int64_t mine = arena_i64(body[MT_MY_TOTAL_LO], body[MT_MY_TOTAL_HI]);
    int64_t theirs = arena_i64(body[MT_OPP_TOTAL_LO], body[MT_OPP_TOTAL_HI]);

    int32_t best = -1;
    int64_t best_value = INT64_MIN;
    /* Row-major steps: the moves come out in ascending cell index. */
    for (int32_t dr = -1; dr <= 1; dr++) {
        for (int32_t dc = -1; dc <= 1; dc++) {
            int32_t r = my_row + dr, c = my_col + dc;
            if ((dr == 0 && dc == 0) || !mt_on_board(body, r, c)) continue;
            int32_t cell = mt_cell(body, r, c);
            if (mt_visited(cell)) continue;
            int64_t total = mt_apply(mine, cell);
            int64_t value;
            if (shut_in(body, opp_row, opp_col, r, c)) {
                value = total > theirs   ? WIN_VALUE - 1
                        : total < theirs ? LOSS_VALUE + 1
                                         : 0;
            } else {
                value = mt_sat_sub(total, theirs);
                if (value > HEURISTIC_CAP) value = HEURISTIC_CAP;
                if (value < -HEURISTIC_CAP) value = -HEURISTIC_CAP;
            }
            if (best < 0 || value > best_value) {
                best = r * body[MT_COLS] + c;
                best_value = value;
            }
        }
    }
    if (best < 0) {
        arena_log("c_greedy: no legal move, the game is over");
    }
    return best;
}
