"""What the game screen's commands do: one ``action_<name>`` per command of the command table
(:mod:`freecell_tui.session.table`), for its keys, its palette entry and its typed form, and the
drawing of what each session step did.

:class:`GameActions` is the base of :class:`~freecell_tui.ui.screens.game.GameScreen`, which adds
the layout and the handlers of its children's messages.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import getters

from freecell_tui.core.commands import MoveCommand
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.notation import Pile
from freecell_tui.core.words import deal_label, plural
from freecell_tui.session import (
    ActionCommand,
    Decision,
    Event,
    PlaySession,
    Step,
    Tone,
    parse_command,
)
from freecell_tui.session.table import by_name
from freecell_tui.ui.assistant import Assistant
from freecell_tui.ui.autosolve import AutoSolver, pace_for
from freecell_tui.ui.board import Board
from freecell_tui.ui.par import ParFinder
from freecell_tui.ui.screens.look_actions import LookActions
from freecell_tui.ui.widgets.command_line import CommandLine
from freecell_tui.ui.widgets.status import MessageLine, StatusLine

__all__ = ["GameActions"]


class GameActions(LookActions):
    """The game screen's commands (see the module's docstring)."""

    board = getters.query_one("#board", Board)
    status = getters.query_one("#status", StatusLine)
    message = getters.query_one("#message", MessageLine)
    command_line = getters.query_one("#command", CommandLine)
    assistant = getters.query_one(Assistant)
    autosolver = getters.query_one(AutoSolver)
    par_finder = getters.query_one(ParFinder)

    session: PlaySession
    _said: str

    # ------------------------------------------------------------------ showing a step
    def show(self, step: Step) -> None:
        """Draw what a session step did: the board, the lines, notices and the end of a game."""
        for notice in step.notices:
            self.app.notify(notice, title="Saves", severity="error", timeout=15, markup=False)
        if step.refused:
            self.refuse(step.said)
            return
        if step.changed:
            if step.new_game:
                self.board.cursor = None
            # A new position puts down what was picked up (the board does, and the message
            # line says what changed); the same position keeps it: a game taken up as it was
            # shown (the resume prompt's), a new autoplay mode.
            self.board.state = self.session.game.state
            self.board.glide(step.before, step.turn)  # the cards travel (motion)
            self.board.hint = None
        self.say(step.said, "success" if step.tone is Tone.SUCCESS else "info")
        if step.changed:
            self._said = step.said
            self._update_status()
            self.assistant.game_changed(self.session.game)
            self.follow_par()
        if step.event is Event.WON:
            self._show_win()
        elif step.event is Event.STUCK:
            self.show_dead_end(
                "No legal move left",
                "No card can move. Undo, restart this deal, or start a new one.",
                1,
            )
        elif step.event is Event.TAKEN:
            from freecell_tui.ui.screens.dialogs import NoticeScreen

            self.app.push_screen(NoticeScreen("Your game is open elsewhere", step.said))

    def say(self, text: str, tone: str = "info") -> None:
        """Write the message line (information, not a change of the game)."""
        self.message.say(text, tone)

    def stop_autosolve(self) -> None:
        """Stop auto-solve if it plays, and say how far it got, at once: what stopped it (a key,
        a click) acts after, and its own message, if it has one, replaces this one."""
        played = self.autosolver.stop()
        if played is not None:
            said = f"Auto-solve stopped after {plural(played, 'move')}"
            self.say(said + (": u undoes them one by one." if played else "."))

    def refuse(self, reason: str) -> None:
        """A refused action: say why; what was picked up is put down."""
        self.board.put_down()
        self.message.say(reason, "error")
        self.app.bell()

    def present(
        self, decision: Decision | None, *, on_no: Callable[[], None] | None = None
    ) -> None:
        """Show a session step, or ask its question first in a dialog that answers as its key
        is read (what follows a yes is done before the next key); ``on_no`` replaces saying the
        question's answer to no."""
        if isinstance(decision, Step):
            self.show(decision)
            return
        if decision is None:
            return
        ask = decision
        question = ask.question

        def answered(yes: bool | None) -> None:
            if yes:
                self.present(ask.yes())
            elif on_no is not None:
                on_no()
            else:
                self.say(ask.no)

        from freecell_tui.ui.screens.dialogs import ConfirmScreen

        self.app.push_screen(
            ConfirmScreen(
                question.title, question.detail, yes=question.yes, no=question.no, then=answered
            )
        )

    def _update_status(self) -> None:
        game = self.session.game
        status = self.status
        status.deal = deal_label(game.deal_number)
        status.moves = game.move_count
        status.elapsed = self.session.elapsed
        status.autoplay = str(game.autoplay)
        # A run is at most 13 cards (king to ace): past that the formula's figure means nothing.
        status.run_limit = min(game.state.max_run(), 13)

    # ------------------------------------------------------------------ par
    def follow_par(self) -> None:
        """Tell the par finder the game (it looks for a new deal's or mode's par)."""
        session = self.session
        self.par_finder.follow(session.game, lambda: session.par)

    # ------------------------------------------------------------------ notices
    def _show_win(self) -> None:
        from freecell_tui.ui.screens.dialogs import WinScreen

        title = "Solved by the computer" if self.session.game.solver_moves else "You won!"

        def chosen(answer: str | None) -> None:
            if answer == "new":
                self.action_new()

        def dialog() -> None:
            if self.is_attached:
                self.app.push_screen(WinScreen(title, self.session.win_text(), then=chosen))

        # The cards bounce off the foundations first (a short cascade when auto-solve won);
        # any key or click ends it. With motion off, the dialog at once.
        count = 12 if self.session.game.solver_moves else 52
        if not self.board.cascade(count, dialog, seed=self.session.game.deal_number or 0):
            dialog()

    def show_dead_end(self, title: str, body: str, undo: int) -> None:
        """A notice that the game cannot go on, offering to undo ``undo`` moves, a restart or a
        new game."""
        from freecell_tui.ui.screens.dialogs import StuckScreen

        def chosen(answer: str | None) -> None:
            if answer == "undo":
                reason = ": back to a winnable position" if undo > 1 else ""
                self.show(self.session.undo(undo, reason=reason))
            elif answer == "restart":
                self.action_restart()
            elif answer == "new":
                self.action_new()

        self.app.push_screen(StuckScreen(title, body, then=chosen))

    # ------------------------------------------------------------------ the resume prompt
    def ask_resume(self) -> None:
        """Ask whether to resume the unfinished game the session offers (the first thing the
        player answers: keys typed before it is drawn answer it, in order)."""
        from freecell_tui.ui.screens.resume import ResumeScreen

        offer = self.session.offer
        if offer is not None and not isinstance(self.app.screen, ResumeScreen):
            self.app.push_screen(ResumeScreen(offer, then=self.resume_chosen))

    def resume_chosen(self, choice: object) -> None:
        """The answer to the resume prompt: resume, a new game (asked again: the old one is
        recorded as a loss), or quit (the game waits)."""
        from freecell_tui.ui.screens.resume import ResumeChoice

        session = self.session
        if session.offer is None:
            return
        if choice is ResumeChoice.RESUME:
            self.show(session.resume_offer())
        elif choice is ResumeChoice.NEW:
            self.present(session.decline(), on_no=self.ask_resume)
        else:
            self.app.exit()

    # ------------------------------------------------------------------ moves and the cursor
    def action_pile(self, code: str) -> None:
        """A notation key: the source, then the destination."""
        pile = Pile.parse(code)
        if pile.is_foundation and self.board.selection is None:
            self.refuse("h is a destination: first pick a column (1–8) or a free cell (a–d)")
            return
        self.board.act_on(pile)

    def action_count(self, step: int) -> None:
        """``+`` / ``−``: how many cards of a picked-up column move; during auto-solve, its pace."""
        if self.autosolver.solving:
            self.autosolver.change_pace(step)
            self.say(f"Auto-solve: {self.autosolver.pace_text()}.")
            self.remember("solve_speed", self.autosolver.speed)
            return
        self.board.change_count(step)

    def action_cancel(self) -> None:
        board = self.board
        if self.autosolver.solving:
            self.stop_autosolve()
        elif self.assistant.stop_waiting():
            pass
        elif board.put_down():
            self.say("Put down.")
        elif board.hint is not None:
            board.hint = None
        elif board.cursor is not None:
            board.cursor = None

    def action_quick(self) -> None:
        self.board.quick()

    def action_cursor(self, rows: int, places: int) -> None:
        self.board.move_cursor(rows, places)

    def action_cursor_act(self) -> None:
        self.board.cursor_act()

    def play(self, command: MoveCommand) -> None:
        self.show(self.session.play(command.move, command=command))

    # ------------------------------------------------------------------ the game
    def action_undo(self) -> None:
        self.show(self.session.undo())

    def action_redo(self) -> None:
        self.show(self.session.redo())

    def action_restart(self) -> None:
        self.show(self.session.restart())

    def action_new(self, number: int | None = None) -> None:
        """A new game (a random deal, or ``number``); asks first when this one is under way.
        With "winnable deals only", a random deal is chosen by the solver first."""

        def find_winnable() -> None:
            self.assistant.find_deal(self.session.game.autoplay)

        winnable = number is None and self.assistant.winnable_only
        self.present(self.session.leave_for_deal(number, start=find_winnable if winnable else None))

    def action_help(self) -> None:
        from freecell_tui.ui.screens.help import HelpScreen

        # Once: a second ? typed before the first help is drawn would open a second help.
        if not any(isinstance(screen, HelpScreen) for screen in self.app.screen_stack):
            self.app.push_screen(HelpScreen())

    def action_quit(self) -> None:
        self.app.exit()

    def action_command_line(self) -> None:
        self.board.put_down()
        # The command line takes the message line's place. (Hidden by its own display, not a
        # class on the screen: that would restyle every pile of the board on each ':'.)
        self.message.display = False
        self.command_line.open()

    def action_hint(self) -> None:
        """Light up the next move of a solution from here (searched in the background)."""
        self.board.put_down()
        self.assistant.ask_hint()

    def action_solve(self) -> None:
        """Auto-solve: play a solution from here at a pace a person can follow; again stops."""
        self.board.put_down()
        if self.autosolver.solving:
            self.stop_autosolve()
        else:
            self.assistant.ask_solution()

    # ------------------------------------------------------------------ saves, statistics, Klondike
    def action_saves(self) -> None:
        """The save-slot screen: save this game under a name, load, rename, delete, export…"""
        from freecell_tui.ui.screens.saves import SaveSlotsScreen

        self.board.put_down()
        session = self.session
        self.app.push_screen(
            SaveSlotsScreen(session.store, session.game, session.elapsed, then=self.take_up)
        )

    def take_up(self, saved: object) -> None:
        """Play a save or an unfinished game the save screen chose (asks first when a game is
        under way: it is kept as an unfinished game)."""
        from freecell_tui.store import SavedGame

        if isinstance(saved, SavedGame):
            self.present(self.session.load(saved))

    def action_stats(self) -> None:
        from freecell_tui.ui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen(self.session.store, self.session.game.autoplay))

    def action_klondike(self) -> None:
        """Watch the automatic Klondike player; this game's clock waits meanwhile."""
        from freecell_tui.ui.screens.klondike import KlondikeScreen

        self.board.put_down()
        self.app.push_screen(KlondikeScreen())

    # ------------------------------------------------------------------ settings (palette)
    def action_winnable(self, on: bool | None = None) -> None:
        """The winnability check in the status line (toggled from the palette)."""
        on = not self.assistant.check if on is None else on
        self.assistant.set_check(on)
        self.remember("winnability_check", on)
        self.say(
            "Winnability check on: the status line says whether this game can still be won."
            if on
            else "Winnability check off: no spoilers (i still gives a hint)."
        )

    def action_deals(self, winnable: bool | None = None) -> None:
        """Winnable deals only (toggled from the palette)."""
        on = not self.assistant.winnable_only if winnable is None else winnable
        self.assistant.winnable_only = on
        self.remember("winnable_deals_only", on)
        self.say(
            "New random games: winnable deals only (deals the solver proves unsolvable are skipped)."
            if on
            else "New random games: any deal."
        )

    # ------------------------------------------------------------------ typed commands
    def run_command(self, text: str) -> None:
        """Run one typed command (the ``:`` line): a move, or a command of the table."""
        try:
            command = parse_command(text)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        if isinstance(command, MoveCommand):
            self.play(command)
            return
        typed = self._typed.get(command.action)
        if typed is not None:
            typed(self, command)
        elif not by_name(command.action).screen:
            self.refuse(f"{command.action} is for line mode: here, the board shows it all")
        else:
            getattr(self, f"action_{command.action}")()

    def _deal(self, command: ActionCommand) -> None:
        self.action_new(command.number)

    def _autoplay(self, command: ActionCommand) -> None:
        if command.mode is not None:
            self.show(self.session.set_autoplay(command.mode))

    def _speed(self, command: ActionCommand) -> None:
        if command.speed is not None:
            self.autosolver.pace = pace_for(command.speed)
            self.remember("solve_speed", self.autosolver.speed)
            self.say(f"Auto-solve plays {self.autosolver.pace_text()}.")

    def _winnable(self, command: ActionCommand) -> None:
        self.action_winnable(command.switch)

    def _deals(self, command: ActionCommand) -> None:
        self.action_deals(command.choice == "winnable")

    def _save(self, command: ActionCommand) -> None:
        """``:save NAME``: save at once under a name (a name taken asks before overwriting)."""
        if command.name is not None:
            self.present(self.session.save_named(command.name))

    def _load(self, command: ActionCommand) -> None:
        """``:load NAME``: play a named save; this game is kept as an unfinished game."""
        if command.name is not None:
            self.present(self.session.load_named(command.name))

    _typed: dict[str, Callable[[GameActions, ActionCommand], None]] = {
        "deal": _deal,
        "new": _deal,
        "autoplay": _autoplay,
        "speed": _speed,
        "winnable": _winnable,
        "deals": _deals,
        "save": _save,
        "load": _load,
    }
