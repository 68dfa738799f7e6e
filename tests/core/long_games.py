"""Long legal games, made by walking at random, for the tests of the longest game codes.

:func:`wandering_game` plays random legal moves on deal 1 — never to the foundations, each
leaving at least two free cells or empty columns so the walk never sticks, never winning — each
turn in the next autoplay mode and auto-solve's every other turn: the most characters a turn
costs in a code. :func:`longest_code_game` is the longest such game whose code is at most
:data:`~freecell_tui.core.codes.MAX_CODE_LENGTH` characters (the longest code the game gives a
player: every place that takes a code must read it); :func:`too_long_game` one turn more than it.
"""

from __future__ import annotations

import functools
import random

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.codes import MAX_CODE_LENGTH, encode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game, Turn
from freecell_tui.core.rules import apply_resolved, legal_moves
from freecell_tui.core.state import GameState

__all__ = ["longest_code_game", "too_long_game", "wandering_game"]

_MODES = (AutoplayMode.OFF, AutoplayMode.SAFE, AutoplayMode.ALL)


def _room(state: GameState) -> int:
    return sum(card is None for card in state.cells) + sum(not column for column in state.columns)


@functools.cache
def wandering_game(turns: int, seed: int = 1) -> Game:
    """A legal game of deal 1 of ``turns`` turns (see the module's docstring)."""
    rng = random.Random(seed)
    start = deal(1)
    states = [start]
    line: list[Turn] = []
    while len(line) < turns:
        state = states[-1]
        mode = _MODES[len(line) % 3]
        moves = [move for move in legal_moves(state) if not move.dest.is_foundation]
        rng.shuffle(moves)
        for move in moves:
            after, auto = run_autoplay(apply_resolved(state, move), mode)
            if _room(after) >= 2 and not after.is_won:
                line.append(Turn(move, auto, mode, len(line) % 2 == 1))
                states.append(after)
                break
        else:  # stuck: step back two turns and walk on another way
            del line[-2:], states[-2:]
    return Game.replay(start, line, deal_number=1, autoplay=AutoplayMode.OFF)


def _prefix(game: Game, turns: int) -> Game:
    return Game.replay(game.start, game.turns[:turns], deal_number=1, autoplay=game.autoplay)


@functools.cache
def _longest_turns() -> int:
    """The most turns of :func:`wandering_game` whose code fits :data:`MAX_CODE_LENGTH`."""
    game = wandering_game(MAX_CODE_LENGTH // 2)
    length = len(encode(game))
    assert length > MAX_CODE_LENGTH

    def fits(turns: int) -> bool:
        return len(encode(_prefix(game, turns))) <= MAX_CODE_LENGTH

    low, high = 0, len(game.turns)  # low fits, high does not
    # A code grows about in step with its turns: the bracket starts at the turns the whole
    # game's length suggests and widens by doubling steps (each look encodes a whole game).
    guess, step = len(game.turns) * MAX_CODE_LENGTH // length, 1
    if fits(guess):
        low = guess
        while low + step < high and fits(low + step):
            low, step = low + step, step * 2
        high = min(high, low + step)
    else:
        high = guess
        while high - step > low and not fits(high - step):
            high, step = high - step, step * 2
        low = max(low, high - step)
    while high - low > 1:
        middle = (low + high) // 2
        if fits(middle):
            low = middle
        else:
            high = middle
    return low


def longest_code_game() -> Game:
    """The longest game here whose code the game gives (its code within a few characters of
    :data:`MAX_CODE_LENGTH`)."""
    game = _prefix(wandering_game(MAX_CODE_LENGTH // 2), _longest_turns())
    assert MAX_CODE_LENGTH - 10 <= len(encode(game)) <= MAX_CODE_LENGTH
    return game


def too_long_game() -> Game:
    """One turn more than :func:`longest_code_game`: its code is over the length."""
    return _prefix(wandering_game(MAX_CODE_LENGTH // 2), _longest_turns() + 1)
