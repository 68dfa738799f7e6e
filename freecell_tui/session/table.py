"""The command table: every command of the game, declared once.

A :class:`Command` names what a player can do, the words that type it (in line mode and on the
full-screen game's ``:`` line), its help text, where it works and, when its whole body is one
session call, that call, given the command as typed (both front ends present its answer). The full-screen game adds how
it presents each one — keys, footer label, palette title — in :mod:`freecell_tui.ui.commands`,
keyed by the command's name. Line mode's help, the full-screen game's bindings, palette and help
screen, and the table of commands in ``docs/keys.md`` are generated from the two.

A letter means one thing everywhere: ``r`` restarts (typed or pressed), ``u`` undoes, ``n`` starts
a new game; redo is ``ctrl+y`` or the word ``redo``.
"""

from __future__ import annotations

from typing import Final

from freecell_tui.core.notation import piles_text
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.session.command import Command

__all__ = [
    "COMMANDS",
    "SECTIONS",
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

COMMANDS: Final[tuple[Command, ...]] = (
    # ------------------------------------------------------------------ moves
    Command(
        "pile",
        "Moves",
        "pick up from a column or a free cell by its key, then drop on a column, a free cell or "
        "h (home); the same key again puts it down",
        line=False,
    ),
    Command(
        "count",
        "Moves",
        "more or fewer cards of the picked-up run (onto an empty column one card goes unless a "
        "count is chosen, as 18 means one card and 18v3 three); while auto-solve plays: faster, "
        "slower",
        line=False,
    ),
    Command(
        "cancel",
        "Moves",
        "put down what is picked up; hide the hint, then the cursor; stop auto-solve",
        line=False,
    ),
    Command(
        "quick",
        "Moves",
        "send the picked-up card (or the card at the cursor) home, else to a free cell",
        line=False,
    ),
    # ------------------------------------------------------------------ the cursor
    Command(
        "cursor",
        "The cursor",
        "show and move the cursor over the free cells, the foundations and the columns",
        line=False,
    ),
    Command(
        "cursor_act",
        "The cursor",
        "pick up at the cursor; press again on another pile to drop there (right after a move "
        "typed by its keys: nothing, as between the moves of a list)",
        line=False,
    ),
    # ------------------------------------------------------------------ game
    Command(
        "undo",
        "Game",
        "undo a move (with the cards autoplay sent home after it), or a restart",
        words=("undo", "u"),
        call=lambda session, _: session.undo(),
    ),
    Command(
        "redo",
        "Game",
        "redo what was undone",
        words=("redo",),
        call=lambda session, _: session.redo(),
    ),
    Command(
        "restart",
        "Game",
        "restart this deal (one step: u takes it back)",
        words=("restart", "r"),
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
    ),
    Command(
        "difficulty",
        "Game",
        "how hard this deal (or deal N) is, rated by the solver, and the fewest free cells it "
        "is won with",
        words=("difficulty", "rating"),
        operand="[N]",
        call=lambda session, typed: session.difficulty(typed.number),
    ),
    Command(
        "deal",
        "Game",
        "play Microsoft deal N, or the start of a game code; game NAME plays a random deal of "
        "that game (game seahaven; asks first when a game is under way)",
        words=("deal", "game"),
        operand="N",
    ),
    Command(
        "daily",
        "Game",
        "today's daily deal of this game (each game has its own), the same for everyone (or the "
        "daily of DATE; asks first when a game is under way)",
        words=("daily",),
        operand="[DATE]",
        call=lambda session, typed: session.leave_for_daily(typed.day),
    ),
    Command(
        "autoplay",
        "Game",
        "which cards go home by themselves after each move, from now on",
        words=("autoplay",),
        operand="off|safe|all",
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
    ),
    Command(
        "command_line",
        "Game",
        "the command line: type any command of this list, or a move",
        line=False,
    ),
    Command(
        "quit",
        "Game",
        "quit: the game waits for next time (ctrl+q also quits)",
        words=("quit", "q", "exit"),
        line_text="quit (the game waits for next time)",
    ),
    # ------------------------------------------------------------------ solver
    Command(
        "hint",
        "Solver",
        "hint: light up the next move of a solution and say it (Esc hides it)",
        words=("hint", "i"),
        line_text="the next move of a solution from here",
    ),
    Command(
        "solve",
        "Solver",
        "auto-solve: play a solution from here, one undoable move at a time (again stops)",
        words=("solve", "p"),
        line_text="play a solution to a win (undo takes it back move by move)",
    ),
    Command(
        "speed",
        "Solver",
        "auto-solve plays N moves a second (0.5 to 10)",
        words=("speed",),
        operand="N",
        line=False,
    ),
    Command(
        "winnable",
        "Solver",
        "the winnability check in the status line (off: no spoilers)",
        words=("winnable",),
        operand="on|off",
        line=False,
    ),
    Command(
        "deals",
        "Solver",
        "new random games: only deals the solver does not prove unsolvable, or any",
        words=("deals",),
        operand="winnable|any",
        line=False,
    ),
    # ------------------------------------------------------------------ saves and more
    Command(
        "saves",
        "Saves and more",
        "saved games: save under a name, overwrite, load, rename, delete, export, import",
        words=("saves", "s"),
        line_text="list the named saves and the unfinished games",
    ),
    Command(
        "save",
        "Saves and more",
        "save this game under the name NAME",
        words=("save",),
        operand="NAME",
        call=lambda session, typed: None if typed.name is None else session.save_named(typed.name),
    ),
    Command(
        "load",
        "Saves and more",
        "play the save NAME (asks first; this game is kept as an unfinished game)",
        words=("load",),
        operand="NAME",
        call=lambda session, typed: None if typed.name is None else session.load_named(typed.name),
    ),
    Command(
        "share",
        "Saves and more",
        "this game as a game code (its deal and moves in one short word) to paste in a chat",
        words=("share",),
    ),
    Command(
        "watch",
        "Saves and more",
        "watch a game code (or this game; watch solution: the solver's solution from here) in "
        "the viewer, step by step; t there plays on from the move shown (line mode: next, back, "
        "to N, board, review)",
        words=("watch",),
        operand="[CODE]",
        line_text="watch a game code (or this game; watch solution: the solver's solution from "
        "here) step by step: its moves one per line, then next, back, to N, board; quit returns "
        "to the game",
    ),
    Command(
        "watch_solution",
        "Solver",
        "watch the solver's solution from here in the viewer, step by step; t there plays on "
        "from any of its moves (typed: watch solution)",
        line=False,
    ),
    Command(
        "stats",
        "Saves and more",
        "statistics: played, won, streaks, best time, fewest moves and par per deal",
        words=("stats", "t", "statistics"),
        line_text="show the statistics",
    ),
    Command(
        "klondike",
        "Saves and more",
        "watch the automatic Klondike player (this game's clock waits)",
        words=("klondike",),
        line=False,
    ),
    # ------------------------------------------------------------------ settings (palette)
    Command(
        "four_colour",
        "Settings",
        "four-colour deck: clubs green, diamonds blue, hearts red, spades black",
        line=False,
    ),
    Command(
        "ascii",
        "Settings",
        "draw suits as the letters C D H S",
        line=False,
    ),
    Command(
        "motion",
        "Settings",
        "motion: cards glide, autoplay sends them home one by one, a win cascades (off: cards "
        "jump; also off with TEXTUAL_ANIMATIONS=none)",
        line=False,
    ),
    Command(
        "classic",
        "Settings",
        "the classic look: light card faces, red and black ink, a green table",
        line=False,
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
