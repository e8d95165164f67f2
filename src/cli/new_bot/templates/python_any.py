"""{{name}}: a {{game}} bot in Python, from `arena new-bot`.

It plays a legal move drawn from the game's seed: replace `choose` with your strategy.
arena runs this file as it is: `arena check {{name}}.py --game {{game}}`. What `state`
holds (`state.legal_moves`, `state.body`, `state.seed`, ...): docs/PYTHON.md; the
rules and the body's words: arena's docs/games/{{game}}.md.
"""


def choose(state):
    # A linear congruential step over the per-game seed and the ply: the same game
    # gives the same moves on every machine (a bot has no clock and no `random`).
    x = (state.seed * 6364136223846793005 + state.ply * 1442695040888963407) % (1 << 64)
    return state.legal_moves[(x >> 33) % len(state.legal_moves)]
