"""The game screen's list of moves played one move a frame, without a screen
(:class:`~freecell_tui.ui.screens.list_player.ListPlayer`): each call plays one move and says
whether another follows; a refused move, the game's end or the last move ends the list; a list
stopped says how far it got."""

from __future__ import annotations

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.errors import NotationError
from freecell_tui.core.notation import Move
from freecell_tui.core.variant import FREECELL
from freecell_tui.session.listed import MovePlan, play_listed
from freecell_tui.ui.screens.list_player import ListPlayer, read_paste

from ..session.test_listed import session, solution


def test_a_solution_plays_one_move_a_call_to_the_win_then_nothing() -> None:
    played = session()
    moves = solution(AutoplayMode.SAFE)
    player = ListPlayer()
    assert player.play_next(played) is None  # no list
    player.start(played.game, moves)
    answers = []
    while (answer := player.play_next(played)) is not None:
        answers.append(answer)
    assert played.game.state.is_won
    assert len(answers) == len(moves)
    assert all(answer.more for answer in answers[:-1]) and not answers[-1].more
    assert answers[0].step.said.startswith(f"move 1 of {len(moves)}: ")
    assert player.stop("u") == ""  # the list ended with the win


def test_a_list_stopped_says_how_many_of_its_moves_were_played() -> None:
    played = session()
    player = ListPlayer()
    player.start(played.game, solution(AutoplayMode.SAFE))
    for _ in range(2):
        answer = player.play_next(played)
        assert answer is not None and answer.more
    total = len(solution(AutoplayMode.SAFE))
    said = player.stop("u")
    assert said == f"The list stopped after move 2 of {total}: u undoes them one by one."
    assert player.play_next(played) is None and player.stop("u") == ""


def test_a_refused_move_ends_the_list() -> None:
    played = session()
    player = ListPlayer()
    player.start(played.game, (Move.parse("1h"), Move.parse("2a")))
    answer = player.play_next(played)
    assert answer is not None and answer.step.refused and not answer.more
    assert answer.step.said.startswith("move 1 of 2: 1h: ")
    assert player.play_next(played) is None


def test_a_last_move_left_out_says_the_list_is_played() -> None:
    """A list written for autoplay off, cut after a move autoplay made already: its last move
    changes nothing, so the list's end is said after it."""
    moves = solution(AutoplayMode.OFF)
    probe = session(AutoplayMode.SAFE)
    plan = MovePlan.plan(probe.game, moves)
    cut = next(
        index + 1 for index in range(len(moves)) if not play_listed(probe, plan, index).changed
    )
    played = session(AutoplayMode.SAFE)
    player = ListPlayer()
    player.start(played.game, moves[:cut])
    answers = []
    while (answer := player.play_next(played)) is not None:
        answers.append(answer)
    assert len(answers) == cut and not played.game.state.is_won
    last = answers[-1]
    assert not last.more and not last.step.changed
    assert last.said == f"The list is played: {last.step.said}"
    assert all(answer.said == "" for answer in answers[:-1])


def error_of(word: str) -> str:
    """Why ``word`` is no move."""
    try:
        Move.parse(word)
    except NotationError as error:
        return str(error)
    raise AssertionError(word)


def test_a_paste_on_the_board_is_a_list_to_play_or_refused() -> None:
    assert read_paste("6a 6b\n7b", FREECELL, None, ":") == tuple(
        Move.parse(word) for word in ("6a", "6b", "7b")
    )
    assert read_paste("6a x9", FREECELL, None, ":") == (f"move 2 of 2: x9: {error_of('x9')}")
    assert read_paste("deal 617", FREECELL, None, ":") == (
        "A paste on the board plays a list of moves; for a command, : first"
    )


def test_a_paste_into_the_colon_line_plays_a_list_else_goes_into_the_line() -> None:
    assert read_paste("6a 6b", FREECELL, "", ":") == (Move.parse("6a"), Move.parse("6b"))
    assert read_paste("  ", FREECELL, "", ":") is None
    assert read_paste("6a", FREECELL, "", ":") is None  # one move: typed into the line
    assert read_paste("6a x9", FREECELL, "", ":") is None  # no list: the line says why on Enter
    assert read_paste("6a 6b", FREECELL, "deal", ":") is None  # the line has a command begun
