// cpp_greedy.wasm — a MathTricks bot in C++ that plays exactly like builtin:greedy
// (crates/arena-games/src/strategy/greedy.rs), as bots/c/greedy.c does in C:
//
//   for each legal move, in row-major order of the cell it steps on:
//     if the opponent is then shut in, the game is over: a win is worth WIN - 1,
//       a loss LOSS + 1, a draw 0;
//     otherwise the move is worth my new total minus the opponent's (saturating),
//       clamped to +-2^60 so that no lead outranks a win;
//   play the first move with the largest value.
//
// Build (no C++ library, no exceptions; arena.h is C with extern "C" guards):
//   clang++ --target=wasm32 -nostdlib -ffreestanding -fno-exceptions -fno-rtti -O2 \
//           -I ../c -Wl,--no-entry -Wl,--export=arena_alloc -Wl,--export=choose_move \
//           -o cpp_greedy.wasm greedy.cpp
// Log with arena_log("text") / arena_log_i64("label ", value); ARENA_ASSERT(cond) logs
// "panicked at greedy.cpp:LINE: ..." and traps.
#include "arena.h"

namespace {

constexpr int64_t kWin = int64_t{1} << 62;  // strategy::WIN_VALUE
constexpr int64_t kCap = int64_t{1} << 60;  // strategy::HEURISTIC_CAP

// A read-only view of a MathTricks body (the game's words after the header).
class Board {
  public:
    explicit Board(const int32_t *body) : body_(body) {}

    int32_t rows() const { return body_[MT_ROWS]; }
    int32_t cols() const { return body_[MT_COLS]; }
    bool on_board(int32_t r, int32_t c) const { return mt_on_board(body_, r, c) != 0; }
    int32_t cell(int32_t r, int32_t c) const { return mt_cell(body_, r, c); }
    bool free(int32_t r, int32_t c) const { return !mt_visited(cell(r, c)); }

    // Whether the pawn at (row, col) has no free neighbour once (tr, tc) is taken.
    bool shut_in(int32_t row, int32_t col, int32_t tr, int32_t tc) const {
        for (int32_t dr = -1; dr <= 1; dr++) {
            for (int32_t dc = -1; dc <= 1; dc++) {
                const int32_t r = row + dr, c = col + dc;
                if ((dr == 0 && dc == 0) || !on_board(r, c) || (r == tr && c == tc)) continue;
                if (free(r, c)) return false;
            }
        }
        return true;
    }

    // Whether the words are a board this bot can read.
    static bool valid(const int32_t *body, int32_t len) {
        if (len < MT_FIXED_WORDS) return false;
        const int32_t rows = body[MT_ROWS], cols = body[MT_COLS];
        if (rows < MT_MIN_SIDE || rows > MT_MAX_SIDE || cols < MT_MIN_SIDE ||
            cols > MT_MAX_SIDE || len != MT_FIXED_WORDS + rows * cols) {
            return false;
        }
        if (!mt_on_board(body, body[MT_MY_ROW], body[MT_MY_COL]) ||
            !mt_on_board(body, body[MT_OPP_ROW], body[MT_OPP_COL])) {
            return false;
        }
        for (int32_t i = MT_FIXED_WORDS; i < len; i++) {
            if (mt_op(body[i]) == MT_OP_DIV && mt_operand(body[i]) < 2) return false;
        }
        return true;
    }

  private:
    const int32_t *body_;
};

int64_t clamp(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

}  // namespace

ARENA_EXPORT(choose_move)
int32_t choose_move(int32_t ptr, int32_t len) {
    const auto *words = reinterpret_cast<const int32_t *>(static_cast<uintptr_t>(ptr));
    int32_t body_len = 0;
    const int32_t *body = arena_body(words, len / 4, ARENA_GAME_MATHTRICKS, &body_len);
    if (body == nullptr || len % 4 != 0 || !Board::valid(body, body_len)) {
        arena_log("cpp_greedy: not a MathTricks state");
        return -1;
    }
    const Board board(body);
    const int32_t my_row = body[MT_MY_ROW], my_col = body[MT_MY_COL];
    const int64_t mine = arena_i64(body[MT_MY_TOTAL_LO], body[MT_MY_TOTAL_HI]);
    const int64_t theirs = arena_i64(body[MT_OPP_TOTAL_LO], body[MT_OPP_TOTAL_HI]);

    int32_t best = -1;
    int64_t best_value = INT64_MIN;
    for (int32_t dr = -1; dr <= 1; dr++) {
        for (int32_t dc = -1; dc <= 1; dc++) {
            const int32_t r = my_row + dr, c = my_col + dc;
            if ((dr == 0 && dc == 0) || !board.on_board(r, c) || !board.free(r, c)) continue;
            const int64_t total = mt_apply(mine, board.cell(r, c));
            int64_t value;
            if (board.shut_in(body[MT_OPP_ROW], body[MT_OPP_COL], r, c)) {
                value = total > theirs ? kWin - 1 : total < theirs ? -kWin + 1 : 0;
            } else {
                value = clamp(mt_sat_sub(total, theirs), -kCap, kCap);
            }
            if (best < 0 || value > best_value) {
                best = r * board.cols() + c;
                best_value = value;
            }
        }
    }
    if (best < 0) arena_log("cpp_greedy: no legal move, the game is over");
    return best;
}
