"""The plain objects behind the solver's work on the board, without Textual running: what each
answers the game screen (what to show, whether to stop, what to search) as the player plays. The
game screen runs their searches in its thread workers; the Pilot tests of what the player then
sees are in ``test_solver_ui.py``, ``test_par_ui.py`` and ``test_keys_in_flight.py``."""

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
from freecell_tui.ui.assist.assistant import CHECKING, Assistant, Reply
from freecell_tui.ui.assist.autosolve import PACES, AutoSolver, pace_for
from freecell_tui.ui.assist.par import ParFinder

DEAL_1 = Game.new(1, autoplay=AutoplayMode.OFF)
DEAL_5 = Game.new(5, autoplay=AutoplayMode.OFF)


# --------------------------------------------------------------------------- auto-solve
def test_auto_solve_hands_its_plan_up_a_tick_at_a_time_and_a_stopped_run_plays_nothing() -> None:
    solver = AutoSolver(pace=len(PACES) - 1)
    plan = (Move.parse("3a"), Move.parse("6b"))
    solver.start(plan)
    assert solver.delay == PACES[-1] and solver.solving and solver.more
    move = solver.tick()
    assert move is not None and (move.move, move.number, move.total) == (plan[0], 1, 2)
    assert solver.more  # the timer goes on
    assert solver.accept(move)
    assert solver.stop() == 1  # the player pressed a key: one move played
    assert not solver.solving and not solver.more
    assert solver.tick() is None  # a tick that was due plays nothing
    solver.start(plan)
    late = solver.tick()
    assert late is not None
    solver.stop()  # a key, while that move was on its way
    assert not solver.accept(late) and not solver.solving


# --------------------------------------------------------------------------- the assistant
def test_a_change_of_the_game_stops_the_search_and_drops_its_answer() -> None:
    assistant = Assistant(DEAL_1)
    reply = assistant.begin()
    assert reply == Reply([Assistant.Status(CHECKING)], check=True)  # the check waits first
    search = assistant.check_search()
    assert search is not None and search.solve_it and search.game == DEAL_1
    assert assistant.check_search() is None  # already searching
    moved = DEAL_1.play(Move.parse("3a"))
    reply = assistant.game_changed(moved)
    assert reply == Reply([Assistant.Status(CHECKING)], stop=True, check=True)
    late = Assistant.Analysed(search.token, DEAL_1, Analysis(home=True), solve_it=True)
    assert assistant.answered(late) == Reply()  # for a game no longer on the board


def test_esc_while_waiting_for_a_hint_stops_looking() -> None:
    assistant = Assistant(DEAL_1)
    assistant.check = False
    assistant.begin()
    reply = assistant.ask_hint()
    assert reply.said == [Assistant.Words("Hint: looking for a solution… (Esc stops looking)")]
    assert reply.search is not None and reply.search.solve_it and assistant.waiting
    assert assistant.stop_waiting() == Reply([Assistant.Words("Stopped looking.")], stop=True)
    assert not assistant.waiting and assistant.stop_waiting() == Reply()


def test_with_the_check_on_esc_stops_waiting_but_the_search_goes_on_for_the_check() -> None:
    assistant = Assistant(DEAL_1)
    assistant.begin()
    reply = assistant.ask_hint()  # before the check's wait is over: the hint's search answers it
    assert reply.search is not None and assistant.check_search() is None
    assert assistant.stop_waiting() == Reply([Assistant.Words("Stopped looking.")])


# --------------------------------------------------------------------------- par
def won_deal_1() -> Game:
    game = DEAL_1
    for move in solve_for_autoplay(deal(1), AutoplayMode.OFF).moves:
        game = game.play(move)
    assert game.state.is_won
    return game


def test_a_won_deals_par_search_finishes_and_the_next_deals_waits_for_it() -> None:
    finder = ParFinder(budget=10.0, delay=1.0)
    assert finder.follow(DEAL_1, lambda: None) == ParFinder.New(search=True)
    job = finder.start()
    assert job is not None and job.number == 1
    assert finder.follow(won_deal_1(), lambda: None) is None  # the same deal: the search goes on
    # Deal 1 was won: its search goes on (not cancelled), and deal 5's waits for it.
    assert finder.follow(DEAL_5, lambda: None) == ParFinder.New(search=True)
    assert finder.start() is None
    search = ParSearch(Par(1, AutoplayMode.OFF, 40, "…"), complete=True)
    finder.done(ParFinder.Found(job.serial, search, 10.0))
    job5 = finder.start()
    assert job5 is not None and job5.number == 5 and job5.serial != job.serial


def test_a_new_deal_before_a_win_stops_the_par_search_and_a_known_par_is_read() -> None:
    finder = ParFinder(budget=10.0)
    finder.follow(DEAL_1, lambda: None)
    assert finder.start() is not None
    known = Par(5, AutoplayMode.OFF, 38, "…")
    assert finder.follow(DEAL_5, lambda: known) == ParFinder.New(
        ParFinder.Known(known), cancel=True
    )


def test_a_par_that_is_only_a_won_game_s_line_is_told_and_searched_still() -> None:
    """A win before any search finished made its line par: the solver may find shorter."""
    finder = ParFinder(budget=10.0, delay=1.0)
    won = Par(1, AutoplayMode.OFF, 90, "…", won=True, searched=False)
    assert finder.follow(DEAL_1, lambda: won) == ParFinder.New(ParFinder.Known(won), search=True)
    job = finder.start()
    assert job is not None and job.number == 1


def test_a_custom_position_and_a_finder_without_budget_search_nothing() -> None:
    finder = ParFinder(budget=None)
    known = Par(1, AutoplayMode.OFF, 38, "…")
    assert finder.follow(DEAL_1, lambda: known) == ParFinder.New(ParFinder.Known(known))
    custom = Game.from_position(DEAL_1.state, autoplay=AutoplayMode.OFF)
    assert ParFinder(budget=10.0).follow(custom, lambda: known) == ParFinder.New()


def test_the_same_deal_of_another_game_is_another_par_search() -> None:
    finder = ParFinder(budget=10.0)
    finder.follow(DEAL_1, lambda: None)
    job = finder.start()
    assert job is not None and (job.number, job.variant) == (1, FREECELL)
    bakers = Game.new(1, autoplay=AutoplayMode.OFF, variant=BAKERS_GAME)
    # FreeCell's deal 1 is not Baker's: its search stops, Baker's is searched.
    assert finder.follow(bakers, lambda: None) == ParFinder.New(cancel=True, search=True)
    job = finder.start()
    assert job is not None and (job.number, job.variant) == (1, BAKERS_GAME)


def test_every_auto_solve_pace_reads_as_a_round_figure() -> None:
    """The message after ``+``, ``−`` or ``:speed N`` says the pace in figures a player reads
    at a glance (``:speed 3`` once answered "2.86 moves a second")."""
    said = [AutoSolver(pace).pace_text() for pace in range(len(PACES))]
    assert said == [
        "one move every 2 s",
        "one move every 1.5 s",
        "one move every 1 s",
        *(f"{speed} moves a second" for speed in ("1.5", "2", "3", "4", "6", "10")),
    ]
    assert [AutoSolver(pace_for(speed)).pace_text() for speed in (3, 5.9, 100)] == [
        "3 moves a second",
        "6 moves a second",
        "10 moves a second",
    ]
