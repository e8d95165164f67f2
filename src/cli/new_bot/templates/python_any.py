"""{{name}}: a {{game}} bot in Python, from `arena new-bot`.

It plays a legal move drawn from the game's seed: replace `choose` with your strategy.
arena runs this file as it is: `arena check {{name}}.py --game {{game}}`. What `state`
holds (`state.legal_moves`, `state.body`, `state.seed`, ...): docs/PYTHON.md; the
rules and the body's words: arena's docs/games/{{game}}.md.
"""

import random


def choose(state):
    # arena seeds `random` from the game's bot seed: the same game gives the same moves
    # on every run and every machine (a bot has no clock and no host randomness).
    return random.choice(state.legal_moves)
