"""A record of classic FreeCell's behaviour on seeded random games, for
test_classic_unchanged.py: what the rules, autoplay, notation, positions and game codes answer
along each game, using only what the core offered before variants came.

``python tests/core/classic_record.py > tests/core/fixtures/classic_record.json`` wrote the
fixture, run against the core as it was before variants (commit 78df474).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import encode, ordered_moves
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Move
from freecell_tui.core.position import format_position
from freecell_tui.core.rules import describe_move, legal_moves, resolve_move

SEEDS = range(40)
_PILES = (*CELLS, *COLUMNS)


def record(seed: int) -> dict[str, Any]:
    """What the core answers along one seeded random classic game."""
    rng = random.Random(seed)
    number = rng.choice([rng.randint(1, 32_000), rng.randint(1, 8_589_934_591)])
    mode = rng.choice(list(AutoplayMode))
    game = Game.new(number, autoplay=mode)
    trace = hashlib.sha256()
    codes = []
    for step in range(rng.randint(20, 160)):
        state = game.state
        trace.update(format_position(state).encode())
        trace.update(" ".join(m.notation for m in legal_moves(state)).encode())
        trace.update(" ".join(repr(m) for m in ordered_moves(state)).encode())
        # A few moves as a player might type them, legal or not: the answer or its reason.
        for _ in range(4):
            source = rng.choice(_PILES)
            dest = rng.choice((*_PILES, FOUNDATION))
            if source == dest:
                continue
            try:
                trace.update(describe_move(state, Move(source, dest)).encode())
                trace.update(repr(resolve_move(state, Move(source, dest))).encode())
            except FreeCellError as error:
                trace.update(str(error).encode())
        moves = list(legal_moves(state))
        roll = rng.random()
        if roll < 0.05 and game.turns:
            game = game.undo()
        elif roll < 0.07 and game.state != game.start:
            game = game.restart()
        elif moves:
            game = game.play(rng.choice(moves))
        else:
            break
        trace.update(repr(game.turns[-1]).encode() if game.turns else b"-")
        if step % 25 == 0:
            codes.append(encode(game))
    codes.append(encode(game))
    codes.append(encode(Game(game.state, None, mode)))  # a custom position's code
    return {
        "seed": seed,
        "deal": number,
        "autoplay": mode.value,
        "trace": trace.hexdigest(),
        "codes": codes,
        "position": format_position(game.state),
    }


if __name__ == "__main__":
    print(json.dumps([record(seed) for seed in SEEDS], indent=1))
