"""The command table: every command of the game, declared once.

A :class:`Command` names what a player can do, the words that type it (in line mode and on the
full-screen game's ``:`` line), its help text, where it works, how the full-screen game presents
it — default keys, footer label, palette title, as plain data — and, when its whole body is one
session call, that call, given the command as typed (both front ends present its answer).
Line mode's help, the full-screen game's bindings, palette and help screen, and the table of
commands in ``docs/keys.md`` are generated from it (:mod:`freecell_tui.ui.commands` turns the
presentation into Textual's bindings). A command that is no session call has a body in each
front end where it works, registered at its definition in that front end's :class:`Bodies`.

A letter means one thing everywhere: ``r`` restarts (typed or pressed), ``u`` undoes, ``n`` starts
a new game; redo is ``ctrl+y`` or the word ``redo``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Generic, TypeVar

from freecell_tui.core.notation import piles_text
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.session import operands
from freecell_tui.session.command import ActionCommand, Command, KeyAct

__all__ = [
    "COMMANDS",
    "SECTIONS",
    "Bodies",
    "Body",
    "Command",
    "by_name",
    "by_word",
    "line_help",
]

#: Help sections, in the order the help screen and the docs show them.
SECTIONS: Final = (
    "Moves",
    "The cursor",
    "Game",
    "Solver",
    "Saves and more",
    "Settings",
    "Line mode",
)

#: The piles' keys, each with its binding id (the player's name for it): columns 1–9 and 0
#: (column 10), free cells a–g and k (the eighth cell's letter is fc-solve's), h the
#: foundations. ``f`` picks up from a free cell f only in a game that has one (six cells or
#: more); elsewhere it is "home or cell" (:func:`freecell_tui.ui.commands.key_actions`).
_PILE_CODES = (*"123456789", "10", *"abcdefgk", "h")


def _pile(code: str) -> KeyAct:
    return KeyAct(f"pile_{code}", ("0" if code == "10" else code,), (code,))


COMMANDS: Final[tuple[Command, ...]] = (
    # ------------------------------------------------------------------ moves
    Command(
        "pile",
        "Moves",
        "pick up from a column or a free cell by its key, then drop on a column, a free cell or "
        "h (home); the same key again puts it down",
        line=False,
        each=tuple(_pile(code) for code in _PILE_CODES),
    ),
    Command(
        "count",
        "Moves",
        "more or fewer cards of the picked-up run (onto an empty column one card goes unless a "
        "count is chosen, as 18 means one card and 18v3 three); while auto-solve plays: faster, "
        "slower",
        line=False,
        each=(KeyAct("more", ("plus", "equals_sign"), (1,)), KeyAct("fewer", ("minus",), (-1,))),
    ),
    Command(
        "cancel",
        "Moves",
        "put down what is picked up; hide the hint, then the cursor; stop auto-solve",
        line=False,
        keys=("escape",),
    ),
    Command(
        "quick",
        "Moves",
        "send the picked-up card (or the card at the cursor) home, else to a free cell",
        line=False,
        keys=("f", "x"),
        footer="Home/cell",
        footer_rank=6,
    ),
    # ------------------------------------------------------------------ the cursor
    Command(
        "cursor",
        "The cursor",
        "show and move the cursor over the free cells, the foundations and the columns",
        line=False,
        each=(
            KeyAct("cursor_left", ("left",), (0, -1)),
            KeyAct("cursor_right", ("right",), (0, 1)),
            KeyAct("cursor_up", ("up",), (-1, 0)),
            KeyAct("cursor_down", ("down",), (1, 0)),
        ),
    ),
    Command(
        "cursor_act",
        "The cursor",
        "pick up at the cursor; press again on another pile to drop there (right after a move "
        "typed by its keys: nothing, as between the moves of a list)",
        line=False,
        keys=("space", "enter"),
    ),
    # ------------------------------------------------------------------ game
    Command(
        "undo",
        "Game",
        "undo a move (with the cards autoplay sent home after it), or a restart",
        words=("undo", "u"),
        keys=("u", "ctrl+z"),
        footer="Undo",
        footer_rank=3,
        palette="Undo",
        palette_help="Take back the last move, or a restart",
        call=lambda session, _: session.undo(),
    ),
    Command(
        "redo",
        "Game",
        "redo what was undone",
        words=("redo",),
        keys=("ctrl+y",),
        footer="Redo",
        footer_rank=5,
        palette="Redo",
        palette_help="Play again what was undone",
        call=lambda session, _: session.redo(),
    ),
    Command(
        "restart",
        "Game",
        "restart this deal (one step: u takes it back)",
        words=("restart", "r"),
        keys=("r",),
        footer="Restart",
        footer_rank=7,
        palette="Restart",
        palette_help="Back to the start of this deal ({undo} takes it back)",
        call=lambda session, _: session.restart(),
    ),
    Command(
        "new",
        "Game",
        "a new game with a random deal, or deal N; a game's name first plays that game (new "
        "eight-off, new bakers 123); a difficulty plays a random deal of it (new hard); new "
        "fewest N plays deal N with the fewest free cells it is won with (asks first when a "
        "game is under way)",
        words=("new", "n"),
        operand="[GAME] [N]",
        read=operands.deal,
        keys=("n", "f2"),
        footer="New",
        footer_rank=4,
        palette="New game",
        palette_help="Deal a new random game (asks first when a game is under way)",
    ),
    Command(
        "difficulty",
        "Game",
        "how hard this deal (or deal N) is, rated by the solver, and the fewest free cells it "
        "is won with",
        words=("difficulty", "rating"),
        operand="[N]",
        read=operands.deal_number,
        palette="Difficulty",
        palette_help="How hard this deal is, rated by the solver, and the fewest free cells "
        "it is won with",
        call=lambda session, typed: session.difficulty(typed.number),
    ),
    Command(
        "deal",
        "Game",
        "play Microsoft deal N, or the start of a game code; game NAME plays a random deal of "
        "that game (game seahaven; asks first when a game is under way)",
        words=("deal", "game"),
        operand="N",
        read=operands.deal,
    ),
    Command(
        "daily",
        "Game",
        "today's daily deal of this game (each game has its own), the same for everyone (or the "
        "daily of DATE; asks first when a game is under way)",
        words=("daily",),
        operand="[DATE]",
        read=operands.daily_date,
        palette="Daily deal",
        palette_help="Today's deal of this game, the same for everyone; it counts for the "
        "game's daily streak",
        call=lambda session, typed: session.leave_for_daily(typed.day),
    ),
    Command(
        "autoplay",
        "Game",
        "which cards go home by themselves after each move, from now on",
        words=("autoplay",),
        operand="off|safe|all",
        read=operands.autoplay_mode,
        call=lambda session, typed: (
            None if typed.mode is None else session.set_autoplay(typed.mode)
        ),
    ),
    Command(
        "help",
        "Game",
        "help: every key and command",
        words=("help", "h", "?"),
        line_text="this help",
        keys=("question_mark", "f1"),
        footer="Help",
        footer_rank=1,
        palette="Keys and mouse",
        palette_help="Every key, command and mouse action",
    ),
    Command(
        "command_line",
        "Game",
        "the command line: type any command of this list, or a move",
        line=False,
        keys=("colon",),
        footer="Command",
        footer_rank=8,
    ),
    Command(
        "quit",
        "Game",
        "quit: the game waits for next time (ctrl+q also quits)",
        words=("quit", "q", "exit"),
        line_text="quit (the game waits for next time)",
        keys=("q",),
        footer="Quit",
        footer_rank=1,
    ),
    # ------------------------------------------------------------------ solver
    Command(
        "hint",
        "Solver",
        "hint: light up the next move of a solution and say it (Esc hides it)",
        words=("hint", "i"),
        line_text="the next move of a solution from here",
        keys=("i",),
        footer="Hint",
        footer_rank=5,
        palette="Hint",
        palette_help="Light up the next move of a solution ({hint})",
    ),
    Command(
        "solve",
        "Solver",
        "auto-solve: play a solution from here, one undoable move at a time (again stops)",
        words=("solve", "p"),
        line_text="play a solution to a win (undo takes it back move by move)",
        keys=("p",),
        footer="Solve",
        footer_rank=8,
        palette="Auto-solve",
        palette_help="Play a solution from here, step by step ({solve}; {cancel} stops)",
    ),
    Command(
        "speed",
        "Solver",
        "auto-solve plays N moves a second (0.5 to 10)",
        words=("speed",),
        operand="N",
        read=operands.speed,
        line=False,
    ),
    Command(
        "winnable",
        "Solver",
        "the winnability check in the status line (off: no spoilers)",
        words=("winnable",),
        operand="on|off",
        read=operands.switch,
        line=False,
        palette="Winnability check",
        palette_help="Say in the status line whether this game can still be won (toggle)",
    ),
    Command(
        "deals",
        "Solver",
        "new random games: only deals the solver does not prove unsolvable, or any",
        words=("deals",),
        operand="winnable|any",
        read=operands.deals_choice,
        line=False,
        palette="Winnable deals only",
        palette_help="New random games skip deals the solver proves unsolvable (toggle)",
    ),
    # ------------------------------------------------------------------ saves and more
    Command(
        "saves",
        "Saves and more",
        "saved games: save under a name, overwrite, load, rename, delete, export, import",
        words=("saves", "s"),
        line_text="list the named saves and the unfinished games",
        keys=("s", "ctrl+s"),
        footer="Saves",
        footer_rank=7,
        palette="Saved games",
        palette_help="Save this game under a name, load, rename, export…",
    ),
    Command(
        "save",
        "Saves and more",
        "save this game under the name NAME",
        words=("save",),
        operand="NAME",
        read=operands.save_name,
        call=lambda session, typed: None if typed.name is None else session.save_named(typed.name),
    ),
    Command(
        "load",
        "Saves and more",
        "play the save NAME (asks first; this game is kept as an unfinished game)",
        words=("load",),
        operand="NAME",
        read=operands.save_name,
        call=lambda session, typed: None if typed.name is None else session.load_named(typed.name),
    ),
    Command(
        "share",
        "Saves and more",
        "this game as a game code (its deal and moves in one short word) to paste in a chat",
        words=("share",),
        palette="Share as a game code",
        palette_help="This game's deal and moves in one short word, copied to the clipboard",
    ),
    Command(
        "watch",
        "Saves and more",
        "watch a game code (or this game; watch solution: the solver's solution from here) in "
        "the viewer, step by step; t there plays on from the move shown (line mode: next, back, "
        "to N, board, review)",
        words=("watch",),
        operand="[CODE]",
        read=operands.watch_code,
        line_text="watch a game code (or this game; watch solution: the solver's solution from "
        "here) step by step: its moves one per line, then next, back, to N, board; quit returns "
        "to the game",
        palette="Watch this game",
        palette_help="Play this game back step by step in the viewer (:watch CODE for a code)",
    ),
    Command(
        "watch_solution",
        "Solver",
        "watch the solver's solution from here in the viewer, step by step; t there plays on "
        "from any of its moves (typed: watch solution)",
        line=False,
        palette="Watch the solution",
        palette_help="The solver's solution from here, step by step; t plays on from any move",
    ),
    Command(
        "stats",
        "Saves and more",
        "statistics: played, won, streaks, best time, fewest moves and par per deal",
        words=("stats", "t", "statistics"),
        line_text="show the statistics",
        keys=("t", "f4"),
        footer="Stats",
        footer_rank=8,
        palette="Statistics",
        palette_help="Games played and won, streaks, best times",
    ),
    Command(
        "klondike",
        "Saves and more",
        "watch the automatic Klondike player (this game's clock waits)",
        words=("klondike",),
        line=False,
        palette="Watch Klondike",
        palette_help="The automatic Klondike player, at a pace you can follow",
    ),
    # ------------------------------------------------------------------ settings (palette)
    Command(
        "four_colour",
        "Settings",
        "four-colour deck: clubs green, diamonds blue, hearts red, spades black",
        line=False,
        palette="Four-colour deck",
        palette_help="Clubs green, diamonds blue, hearts red, spades black (toggle)",
    ),
    Command(
        "ascii",
        "Settings",
        "draw suits as the letters C D H S",
        line=False,
        palette="ASCII suits",
        palette_help="Draw suits as the letters C D H S (toggle)",
    ),
    Command(
        "motion",
        "Settings",
        "motion: cards glide, autoplay sends them home one by one, a win cascades (off: cards "
        "jump; also off with TEXTUAL_ANIMATIONS=none)",
        line=False,
        palette="Motion",
        palette_help="Cards glide to their place; off: they jump there at once (toggle)",
    ),
    Command(
        "classic",
        "Settings",
        "the classic look: light card faces, red and black ink, a green table",
        line=False,
        palette="Classic look",
        palette_help="Light card faces with red and black ink on a green table (toggle)",
    ),
    # ------------------------------------------------------------------ line mode only
    Command(
        "board",
        "Line mode",
        "show the board again",
        words=("board", "show", "look"),
        screen=False,
    ),
    Command(
        "moves",
        "Line mode",
        "list every legal move",
        words=("moves", "legal"),
        screen=False,
    ),
)

_BY_NAME: Final = {command.name: command for command in COMMANDS}
_BY_WORD: Final = {word: command for command in COMMANDS for word in command.words}


def by_name(name: str) -> Command:
    return _BY_NAME[name]


def by_word(word: str) -> Command | None:
    """The command typed as ``word`` (any case), or ``None``."""
    return _BY_WORD.get(word.lower())


Front = TypeVar("Front")
#: A front end's body of a command: a method of the front end (the game screen, line mode) given
#: the command as typed.
Body = Callable[[Front, ActionCommand], None]
#: A method registered as a body, as it is written (its command as typed may have a default).
_Method = TypeVar("_Method", bound=Callable[[Any, ActionCommand], None])


class Bodies(dict[str, Body[Front]], Generic[Front]):
    """A front end's body of each command of the table it does itself (a session call has none),
    by the command's name, each registered where it is defined::

        HANDLERS: Final[Bodies[LineMode]] = Bodies()

        class LineMode:
            @HANDLERS.of("hint")
            def do_hint(self, command: ActionCommand) -> None: ...

    A test checks each front end's bodies against the table."""

    def of(self, *names: str) -> Callable[[_Method], _Method]:
        """The method below is the body of the commands ``names`` (a name the table does not
        have fails as the front end is imported)."""
        commands = [by_name(name) for name in names]

        def register(body: _Method) -> _Method:
            for command in commands:
                self[command.name] = body
            return body

        return register


def line_help(variant: Variant = FREECELL) -> list[str]:
    """Line mode's help in ``variant``'s game: one line per command it knows (the moves with
    the game's piles), then how the board reads."""
    commands = [command for command in COMMANDS if command.line and command.words]
    width = max(len(command.typed) for command in commands) + 2
    lines = [
        "Line-mode commands:",
        "  3a, a4, 5h, 18, 18v3".ljust(width + 2)
        + f"a move in standard notation: {piles_text(variant)}",
    ]
    lines += [
        f"  {command.typed.ljust(width)}{command.line_text or command.help}" for command in commands
    ]
    lines.append(
        "The board lists each column deepest card first: the last card of a line is the one "
        "that moves."
    )
    return lines
