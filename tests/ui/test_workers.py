"""The plain objects behind the solver's work on the board, without Textual running: what each
asks the game screen to do (post a message, wait, search, stop) as the player plays. The game
screen runs their searches in its thread workers; the Pilot tests of what the player then sees
are in ``test_solver_ui.py``, ``test_par_ui.py`` and ``test_keys_in_flight.py``."""

from __future__ import annotations

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.solver import solve_for_autoplay
from freecell_tui.core.variant import BAKERS_GAME, FREECELL
from freecell_tui.session.analysis import Analysis
from freecell_tui.session.par import ParSearch
from freecell_tui.store import Par
from freecell_tui.ui.assistant import CHECKING, Assistant, Search
from freecell_tui.ui.autosolve import PACES, AutoSolver
from freecell_tui.ui.par import ParFinder, ParJob
from freecell_tui.ui.work import Stop, Told, Wait

DEAL_1 = Game.new(1, autoplay=AutoplayMode.OFF)
DEAL_5 = Game.new(5, autoplay=AutoplayMode.OFF)


def waits(told: Told) -> list[tuple[str, float]]:
    return [(item.name, item.delay) for item in told if isinstance(item, Wait)]


def fire(told: Told) -> Told:
    """What the one timer ``told`` asks for answers when it fires."""
    (wait,) = [item for item in told if isinstance(item, Wait)]
    return wait.then()


# --------------------------------------------------------------------------- auto-solve
def test_auto_solve_hands_its_plan_up_a_tick_at_a_time_and_a_stopped_run_plays_nothing() -> None:
    solver = AutoSolver(pace=len(PACES) - 1)
    plan = (Move.parse("3a"), Move.parse("6b"))
    first = solver.start(plan)
    assert waits(first) == [("autosolve", PACES[-1])] and solver.solving
    ticked = fire(first)
    step = ticked[0]
    assert isinstance(step, AutoSolver.Step) and (step.move, step.number) == (plan[0], 1)
    assert solver.take(step)
    assert solver.stop() == 1  # the player pressed a key: one move played
    assert not solver.solving
    assert fire(ticked) == []  # the tick that was due plays nothing
    again = solver.start(plan)
    late = fire(again)[0]
    assert isinstance(late, AutoSolver.Step)
    solver.stop()  # a key, while that step was on its way
    assert not solver.take(late) and not solver.solving


# --------------------------------------------------------------------------- the assistant
def test_a_change_of_the_game_stops_the_search_and_drops_its_answer() -> None:
    assistant = Assistant(DEAL_1)
    told = assistant.begin()
    assert told[0] == Assistant.Status(CHECKING) and waits(told) == [("solver", 0.2)]
    (search,) = fire(told)
    assert isinstance(search, Search) and search.solve_it
    assert assistant.start(DEAL_1, assistant.token) == []  # already searching
    moved = DEAL_1.play(Move.parse("3a"))
    told = assistant.game_changed(moved)
    assert told[0] == Stop(("solver", "deals")) and Assistant.Status(CHECKING) in told
    late = Assistant.Answer(search.token, DEAL_1, Analysis(home=True), solve_it=True)
    assert assistant.answered(late) == []  # for a game no longer on the board


def test_esc_while_waiting_for_a_hint_stops_looking() -> None:
    assistant = Assistant(DEAL_1)
    assistant.check = False
    assistant.begin()
    told = assistant.ask_hint()
    assert told[0] == Assistant.Said("Hint: looking for a solution… (Esc stops looking)")
    assert isinstance(told[1], Search) and assistant.waiting
    assert assistant.stop_waiting() == [
        Stop(("solver", "deals")),
        Assistant.Said("Stopped looking."),
    ]
    assert not assistant.waiting and assistant.stop_waiting() == []


# --------------------------------------------------------------------------- par
def won_deal_1() -> Game:
    game = DEAL_1
    for move in solve_for_autoplay(deal(1), AutoplayMode.OFF).moves:
        game = game.play(move)
    assert game.state.is_won
    return game


def test_a_won_deals_par_search_finishes_and_the_next_deals_waits_for_it() -> None:
    finder = ParFinder(budget=10.0, delay=1.0)
    told = finder.follow(DEAL_1, lambda: None)
    assert told[0] == Stop(("par",), workers=False) and waits(told) == [("par", 1.0)]
    (job,) = fire(told)
    assert isinstance(job, ParJob) and job.number == 1
    assert finder.follow(won_deal_1(), lambda: None) == []  # the same deal: the search goes on
    told = finder.follow(DEAL_5, lambda: None)
    assert told[0] == Stop(("par",), workers=False)  # deal 1's search goes on
    assert waits(fire(told)) == [("par", 1.0)]  # deal 5's waits for it
    search = ParSearch(Par(1, AutoplayMode.OFF, 40, "…"), complete=True)
    assert finder.done(ParFinder.Done(job.serial, search, 10.0)) == [
        ParFinder.Found(search, budget=10.0)
    ]
    (job5,) = finder.start(5, AutoplayMode.OFF)
    assert isinstance(job5, ParJob) and job5.number == 5


def test_a_new_deal_before_a_win_stops_the_par_search_and_a_known_par_is_read() -> None:
    finder = ParFinder(budget=10.0)
    finder.follow(DEAL_1, lambda: None)
    finder.start(1, AutoplayMode.OFF)
    known = Par(5, AutoplayMode.OFF, 38, "…")
    assert finder.follow(DEAL_5, lambda: known) == [Stop(("par",)), ParFinder.Known(known)]


def test_a_par_that_is_only_a_won_game_s_line_is_told_and_searched_still() -> None:
    """A win before any search finished made its line par: the solver may find shorter."""
    finder = ParFinder(budget=10.0, delay=1.0)
    won = Par(1, AutoplayMode.OFF, 90, "…", won=True, searched=False)
    told = finder.follow(DEAL_1, lambda: won)
    assert told[:2] == [Stop(("par",), workers=False), ParFinder.Known(won)]
    assert waits(told) == [("par", 1.0)]
    (job,) = fire(told)
    assert isinstance(job, ParJob) and job.number == 1


def test_the_same_deal_of_another_game_is_another_par_search() -> None:
    finder = ParFinder(budget=10.0)
    (job,) = fire(finder.follow(DEAL_1, lambda: None))
    assert isinstance(job, ParJob) and (job.number, job.variant) == (1, FREECELL)
    bakers = Game.new(1, autoplay=AutoplayMode.OFF, variant=BAKERS_GAME)
    told = finder.follow(bakers, lambda: None)
    assert told[0] == Stop(("par",), workers=True)  # FreeCell's deal 1 is not Baker's
    (job,) = fire(told)
    assert isinstance(job, ParJob) and (job.number, job.variant) == (1, BAKERS_GAME)
    assert finder.start(1, AutoplayMode.OFF) == []  # FreeCell's deal 1 is no longer wanted
