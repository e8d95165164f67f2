"""A greedy MathTricks bot in Python: the move whose total is best right after it.

It makes the same moves as `builtin:greedy` (tests/cli_python.rs plays them side by
side): a move that wins the game at once first, then the largest lead (my total minus
the opponent's, capped at 2^60 as the builtin does), ties to the first legal move.
In the other games it plays the first legal move.

Run it as it is: `arena check bots/py_greedy.py`. The `state` it gets is documented in
docs/PYTHON.md.
"""

LOW, HIGH = -(1 << 63), (1 << 63) - 1  # totals saturate at the 64-bit bounds
WIN = 1 << 62  # builtin:greedy's value of a won game
CAP = 1 << 60  # ... and the cap on a lead, so that no lead outranks a win


def saturate(x):
    return max(LOW, min(HIGH, x))


def step(total, cell):
    """The total after stepping on `cell`."""
    if cell.op == "+":
        return saturate(total + cell.k)
    if cell.op == "-":
        return saturate(total - cell.k)
    if cell.op == "x":
        return saturate(total * cell.k)
    q = abs(total) // cell.k  # "/" truncates toward zero
    return q if total >= 0 else -q


def stuck(state, pawn, taken):
    """Whether `pawn` has no free neighbour once the cell `taken` is visited too."""
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            r, c = pawn.row + dr, pawn.col + dc
            if (dr or dc) and 0 <= r < state.rows and 0 <= c < state.cols:
                if (r, c) != taken and state.cell(r, c).free:
                    return False
    return True


def value(state, move):
    """How good `move` is for me, as builtin:greedy counts it."""
    r, c = divmod(move, state.cols)
    mine = step(state.me.total, state.cell(r, c))
    theirs = state.opponent.total
    if stuck(state, state.opponent, (r, c)):  # the game ends: the larger total wins
        if mine > theirs:
            return WIN - 1
        if mine < theirs:
            return -WIN + 1
        return 0
    return max(-CAP, min(CAP, mine - theirs))


def choose(state):
    if state.game != "mathtricks":
        return state.legal_moves[0]
    best, best_value = state.legal_moves[0], None
    for move in state.legal_moves:
        v = value(state, move)
        if best_value is None or v > best_value:
            best, best_value = move, v
    return best
