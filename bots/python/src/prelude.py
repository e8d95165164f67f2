# arena's Python view of a game state, run once when the interpreter is pre-initialised
# (before the bot's script). The names starting with `_arena` are called by the wrapper
# (src/lib.rs); a bot sees `State`, `Pawn`, `Cell` through the `state` it is given. The
# import guard is not here: it is Rust (src/guard.rs), out of every script's reach.
# The view is documented in docs/PYTHON.md: keep the two in step.

class Pawn:
    """A MathTricks pawn: where it stands and its player's total."""

    __slots__ = ("row", "col", "total")

    def __init__(self, row, col, total):
        self.row = row
        self.col = col
        self.total = total

    def __repr__(self):
        return "Pawn(row=%d, col=%d, total=%d)" % (self.row, self.col, self.total)


class Cell:
    """A MathTricks cell: its operation ('+', '-', 'x' or '/'), operand and visits."""

    __slots__ = ("row", "col", "op", "k", "visited_by_me", "visited_by_opponent")

    def __init__(self, row, col, word):
        self.row = row
        self.col = col
        self.op = "+-x/"[(word >> 24) & 3]
        self.k = word & 0xFFFFFF
        self.visited_by_me = bool(word & (1 << 26))
        self.visited_by_opponent = bool(word & (1 << 27))

    @property
    def free(self):
        return not (self.visited_by_me or self.visited_by_opponent)

    def __repr__(self):
        return "Cell(%d, %d, %s%d)" % (self.row, self.col, self.op, self.k)


def _arena_i64(low, high):
    value = (low & 0xFFFFFFFF) | ((high & 0xFFFFFFFF) << 32)
    return value - (1 << 64) if value >= (1 << 63) else value


class State:
    """What a bot sees when it must move: always from its own point of view."""

    def __init__(self, game, seat, ply, seed, body, legal_moves, seats, role, team):
        self.game = game
        self.seat = seat
        self.ply = ply
        self.seed = seed
        self.body = body
        self.legal_moves = legal_moves
        self.seats = seats
        self.role = role
        self.team = team
        if game == "mathtricks":
            rows, cols = body[0], body[1]
            self.rows = rows
            self.cols = cols
            self.me = Pawn(body[2], body[3], _arena_i64(body[6], body[7]))
            self.opponent = Pawn(body[4], body[5], _arena_i64(body[8], body[9]))
            self._cells = None

    @property
    def cells(self):
        """MathTricks: every cell, as cells[row][col] (built on first use)."""
        if self._cells is None:
            self._cells = [
                [self.cell(r, c) for c in range(self.cols)] for r in range(self.rows)
            ]
        return self._cells

    def cell(self, row, col):
        """MathTricks: the cell at (row, col)."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise IndexError("cell (%d, %d) is off the %dx%d board" % (row, col, self.rows, self.cols))
        return Cell(row, col, self.body[10 + row * self.cols + col])

    def move_to(self, row, col):
        """MathTricks: the move to the cell at (row, col) (its index row * cols + col)."""
        return row * self.cols + col

    def __repr__(self):
        return "State(game=%r, seat=%d, ply=%d, legal_moves=%r)" % (
            self.game, self.seat, self.ply, self.legal_moves)


def _arena_state(game, seat, ply, seed, body, legal_moves, seats, role, team):
    return State(game, seat, ply, seed, body, legal_moves, seats, role, team)
