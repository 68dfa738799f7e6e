"""The session plays other games than classic FreeCell: a new deal keeps the game or takes the
one asked for, the game is named, the solver answers in every game, and every game's deals have
a par: searched, kept per game, said when the game is won."""

from __future__ import annotations

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.variant import EIGHT_OFF, FREECELL, SEAHAVEN, VARIANTS
from freecell_tui.session import PlaySession, Step
from freecell_tui.session.analysis import Analyst, analyse, choose_deal
from freecell_tui.session.assist import Want, answer
from freecell_tui.session.par import ParSearch, find_par, par_line
from freecell_tui.session.steps import Tone
from freecell_tui.store import Store


def _session(game: Game) -> PlaySession:
    return PlaySession(Store.in_memory(), game, deal_source=lambda: 42)


def test_a_new_deal_keeps_the_game_or_takes_the_one_asked_for() -> None:
    session = _session(Game.new(1, variant=EIGHT_OFF))
    assert session.deal_text == "#1 · Eight Off"
    step = session.new_game(5)
    assert isinstance(step, Step) and step.said == "Eight Off, deal 5. Good luck!"
    assert session.game.start.variant == EIGHT_OFF
    session.new_game(variant=SEAHAVEN)
    assert (session.variant, session.game.deal_number) == (SEAHAVEN, 42)
    session.new_game(variant=FREECELL)
    assert session.deal_text == "#42 · easy"  # classic FreeCell is not named


def test_the_question_before_a_new_game_names_the_other_game() -> None:
    session = _session(Game.new(1).play(Move.parse("3a")))
    question = session.question_new(7, SEAHAVEN)
    assert question is not None and question.title == "Start deal 7 of Seahaven Towers?"
    same = session.question_new(7, FREECELL)  # the game on the board: not named
    assert same is not None and same.title == "Start deal 7?"


def test_a_deal_a_front_end_looks_for_is_of_the_game_asked_for() -> None:
    session = _session(Game.new(1, variant=EIGHT_OFF))
    looked: list[str] = []

    def look() -> None:
        looked.append("searching")

    assert session.leave_for_deal(start=look, variant=FREECELL) is None  # nothing under way
    assert looked == ["searching"]
    session.new_game(9)  # the search's deal arrives
    assert (session.variant, session.game.deal_number) == (FREECELL, 9)
    # A search given up leaves nothing behind: the next new game is of the game on the board.
    session.leave_for_deal(start=look, variant=SEAHAVEN)
    session.leave_for_deal(3)
    assert (session.variant, session.game.deal_number) == (FREECELL, 3)


def test_the_solver_answers_in_every_game_by_its_rules() -> None:
    game = Game.new(1, variant=SEAHAVEN)
    assert answer(Want.HINT, game, Analyst()).search  # nothing known yet: a search answers
    analyst = Analyst()
    found = analyse(game, solve_it=True, known=analyst.known(game.autoplay))
    analyst.learn(game, found)
    said = answer(Want.HINT, game, analyst, found)
    assert said.moves and said.tone is not Tone.ERROR
    won = game
    for move in said.moves:  # the solution is Seahaven's: it plays to a win under its rules
        won = won.play(move)
    assert won.state.is_won
    choice = choose_deal(AutoplayMode.SAFE, lambda: 77, variant=SEAHAVEN)
    assert choice is not None and choice.number == 77


def test_a_deal_of_eight_off_has_a_par_kept_for_its_game_and_said_when_won() -> None:
    session = _session(Game.new(1, variant=EIGHT_OFF))
    assert session.par_to_find() == (1, AutoplayMode.SAFE, EIGHT_OFF)
    search = find_par(1, AutoplayMode.SAFE, EIGHT_OFF, budget=60, widths=(16, 64))
    par = search.par
    assert search.complete and par is not None and par.variant == EIGHT_OFF
    line = par_line(par)  # the stored solution replays to a win of Eight Off's deal 1
    assert line is not None and len(line[0]) == par.moves
    analyst = Analyst()
    analyst.learn_par(par)  # a hint on par's line follows it and says how short the way is
    hint = answer(Want.HINT, session.game, analyst)
    assert hint.moves == line[0]
    assert hint.said.endswith(f"(the shortest way from here is {par.moves} moves).")
    session.keep_par(search, 60)
    assert session.par == par and session.par_to_find() is None
    assert session.store.pars.get(1, AutoplayMode.SAFE) is None  # not classic FreeCell's par
    classic = PlaySession(session.store, Game.new(1), deal_source=lambda: 42)
    assert classic.par is None and classic.par_to_find() == (1, AutoplayMode.SAFE, FREECELL)
    for move in line[0]:
        session.play(move)
    assert session.game.state.is_won
    assert session.win_text().startswith(
        f"You won deal 1 of Eight Off in {par.moves} moves — par {par.moves}, you matched it —"
    )


def test_an_unsolvable_deal_of_another_game_has_no_par_and_its_search_is_complete() -> None:
    found = find_par(1, AutoplayMode.SAFE, VARIANTS["ko_bakers_game"], budget=60)
    assert found == ParSearch(None, complete=True)  # proved: no par to search again
