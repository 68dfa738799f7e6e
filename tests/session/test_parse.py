"""Typed commands: notation, the seed-003 menu (t2f, t2c, t2t, c2t, c2f, h, q) and the commands
of the command table."""

from __future__ import annotations

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Suit
from freecell_tui.core.codes import encode
from freecell_tui.core.commands import FOUNDATION_SUITS, MoveCommand, menu_help
from freecell_tui.core.deals import deal
from freecell_tui.core.errors import IllegalMoveError, NotationError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import apply_move
from freecell_tui.session.parse import ActionCommand, MovesCommand, parse_command
from freecell_tui.session.table import COMMANDS, Command

from ..core.helpers import board


@pytest.mark.parametrize(
    ("text", "move", "foundation"),
    [
        ("t2f 5 2", "5h", 2),
        ("t2c 3 1", "3a", None),
        ("t2t 1 8", "18", None),
        ("c2t 4 2", "d2", None),
        ("c2f 2 3", "bh", 3),
        ("T2C 8 4", "8d", None),
        ("  t2t   2   3 ", "23", None),
    ],
)
def test_menu_commands(text: str, move: str, foundation: int | None) -> None:
    assert parse_command(text) == MoveCommand(Move.parse(move), foundation)


def test_notation_is_a_command_too() -> None:
    assert parse_command("3a") == MoveCommand(Move.parse("3a"))
    assert parse_command("18v3") == MoveCommand(Move.parse("18v3"))


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("h", "help"),
        ("help", "help"),
        ("?", "help"),
        ("q", "quit"),
        ("QUIT", "quit"),
        ("u", "undo"),
        ("redo", "redo"),
        ("r", "restart"),
        ("n", "new"),
        ("i", "hint"),
        ("p", "solve"),
        ("s", "saves"),
        ("t", "stats"),
        ("new", "new"),
        ("restart", "restart"),
        ("hint", "hint"),
        ("solve", "solve"),
        ("saves", "saves"),
        ("stats", "stats"),
        ("klondike", "klondike"),
    ],
)
def test_actions(text: str, action: str) -> None:
    assert parse_command(text) == ActionCommand(action)


def test_actions_with_operands() -> None:
    assert parse_command("deal 617") == ActionCommand("deal", number=617)
    assert parse_command("new 617") == ActionCommand("deal", number=617)
    assert parse_command("autoplay all") == ActionCommand("autoplay", mode=AutoplayMode.ALL)
    assert parse_command("speed 2") == ActionCommand("speed", speed=2.0)
    assert parse_command("speed 0.5") == ActionCommand("speed", speed=0.5)
    assert parse_command("winnable off") == ActionCommand("winnable", switch=False)
    assert parse_command("deals any") == ActionCommand("deals", choice="any")
    assert parse_command("save  my game ") == ActionCommand("save", name="my game")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # invalid option
        ("xyz", "'xyz' is not a command or a move: help lists the commands"),
        ("move 1 2", "'move' is not a command: help lists the commands"),
        ("t2x 1 2", "'t2x' is not a command: help lists the commands"),
        (
            "6a 6b x9",
            "move 3 of 3: x9: 'x9' is not a move: 'x' is not a pile (1–8 columns, a–d "
            "free cells, h home)",
        ),
        ("x" * 25, "That word is not a command or a move: help lists the commands"),
        ("y" * 24 + " z", f"'{'y' * 24}' is not a command: help lists the commands"),
        ("", "an empty command: type a move such as 3a, or help"),
        # missing and extra operands
        ("t2f", "t2f: missing operands: use t2f T F (tableau 1-8, foundation 1-4)"),
        ("t2c 3", "t2c: missing operands: use t2c T C (tableau 1-8, cell 1-4)"),
        ("t2t 1 2 3", "t2t: too many operands: use t2t T1 T2 (tableau 1-8, tableau 1-8)"),
        ("c2t 1 2 3", "c2t: too many operands: use c2t C T (cell 1-4, tableau 1-8)"),
        ("c2f", "c2f: missing operands: use c2f C F (cell 1-4, foundation 1-4)"),
        # out of range
        ("t2f 9 1", "t2f: there is no tableau column 9: tableau columns are 1-8"),
        ("t2f 1 5", "t2f: there is no foundation 5: foundations are 1-4"),
        ("t2c 1 0", "t2c: there is no cell 0: cells are 1-4"),
        ("c2t 5 1", "c2t: there is no cell 5: cells are 1-4"),
        ("t2t 1 -2", "t2t: there is no tableau column -2: tableau columns are 1-8"),
        # not a number
        ("t2t one 2", "t2t: 'one' is not a number: tableau columns are 1-8"),
        ("c2f 1 h", "c2f: 'h' is not a number: foundations are 1-4"),
        ("t2c 3 a", "t2c: 'a' is not a number: cells are 1-4"),
        # same pile twice
        ("t2t 3 3", "t2t: a move needs two different piles"),
        # game commands
        ("undo 2", "undo takes no operands"),
        ("deal", "deal: give one deal number, as 'deal 617'"),
        ("deal 0", "deal 0 does not exist: deals are numbered 1 to 8,589,934,591"),
        ("autoplay", "autoplay: give a mode: autoplay off, safe or all"),
        ("autoplay maybe", "'maybe' is not an autoplay mode: use off, safe or all"),
        # one speed range, enforced (bug: "speed 100" was accepted and became 10)
        ("speed 100", "speed: give moves a second from 0.5 to 10, as speed 2"),
        ("speed 0.1", "speed: give moves a second from 0.5 to 10, as speed 2"),
        ("speed nan", "speed: give moves a second from 0.5 to 10, as speed 2"),
        ("speed inf", "speed: give moves a second from 0.5 to 10, as speed 2"),
        ("speed fast", "speed: give moves a second from 0.5 to 10, as speed 2"),
        ("speed ２", "speed: give moves a second from 0.5 to 10, as speed 2"),  # full-width 2
        ("speed", "speed: give moves a second, as speed 2"),
        ("winnable maybe", "winnable: say winnable on or winnable off"),
        ("deals some", "deals: say deals winnable or deals any"),
        ("save", "save: give the save's name, as 'save my game'"),
        # notation that does not parse
        ("3z", "'3z' is not a move: 'z' is not a pile (1–8 columns, a–d free cells, h home)"),
    ],
)
def test_each_error_has_its_own_message(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_command(text)
    assert str(info.value) == message


def test_foundations_are_numbered_by_suit() -> None:
    assert FOUNDATION_SUITS == (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    assert "1 clubs, 2 diamonds, 3 hearts, 4 spades" in menu_help()


def test_menu_foundation_must_be_the_cards_suit() -> None:
    state = board("KS AH", cells="AC - - -")
    command = parse_command("t2f 1 3")
    assert isinstance(command, MoveCommand)
    command.check(state)  # A♥ to foundation 3 (hearts): fine
    assert apply_move(state, command.move).foundations == (0, 0, 1, 0)
    wrong = parse_command("t2f 1 1")
    assert isinstance(wrong, MoveCommand)
    with pytest.raises(IllegalMoveError) as info:
        wrong.check(state)
    assert str(info.value) == "foundation 1 is for ♣ clubs: A♥ goes to foundation 3"
    cell = parse_command("c2f 1 4")
    assert isinstance(cell, MoveCommand)
    with pytest.raises(
        IllegalMoveError, match="foundation 4 is for ♠ spades: A♣ goes to foundation 1"
    ):
        cell.check(state)


def test_a_card_that_cannot_go_home_is_not_told_about_foundation_numbers() -> None:
    # Bug: "foundation 4 is for ♠: Q♣ goes to foundation 1" when Q♣ cannot go home at all.
    state = board("KS QC", cells="- - - -")
    command = parse_command("t2f 1 4")
    assert isinstance(command, MoveCommand)
    command.check(state)  # the foundation number is not the problem
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, command.move)
    assert str(info.value) == "Q♣ cannot go home yet: the ♣ foundation starts with A♣"


def test_menu_illegal_moves_are_refused_by_the_rules() -> None:
    command = parse_command("t2t 1 2")
    assert isinstance(command, MoveCommand)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(deal(1), command.move)
    assert str(info.value) == "6♠ cannot go on 9♣: ranks must step down by one"
    empty_cell = parse_command("c2t 1 1")
    assert isinstance(empty_cell, MoveCommand)
    empty_cell.check(deal(1))
    with pytest.raises(IllegalMoveError, match="free cell a is empty"):
        apply_move(deal(1), empty_cell.move)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("9a", "'9a' is not a move: '9' is not a pile (1–8 columns, a–d free cells, h home)"),
        ("3", "'3' names only one pile: add a destination, as 3h or 3a"),
        ("18vz", "'18vz' is not a move: after v comes the card count in hexadecimal, as 18v3"),
        ("bogus", "'bogus' is not a command or a move: help lists the commands"),
        ("zz", "'zz' is not a command or a move: help lists the commands"),
    ],
)
def test_words_meant_as_moves_get_the_notation_reason(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_command(text)
    assert str(info.value) == message


@pytest.mark.parametrize("command", [command for command in COMMANDS if command.words])
def test_a_command_word_alone_reads_as_the_table_says_its_operand_goes(command: Command) -> None:
    """A word alone is its command when the table shows no operand or one in brackets; a
    command whose operand must be given says so; no command takes an operand it does not
    show."""
    word = command.words[0]
    if command.operand and not command.operand_optional:
        with pytest.raises(NotationError, match=word):
            parse_command(word)
    else:
        assert parse_command(word) == ActionCommand(command.name)
    if not command.operand:
        with pytest.raises(NotationError, match="takes no operands"):
            parse_command(f"{word} 5")


def test_one_meaning_per_letter() -> None:
    """A typed word means one command, and a letter typed or pressed means the same command.
    (The pile keys 1–8, a–d, h are notation, not commands: ``h`` typed alone is help, as the
    seed-003 menu has it, and in a move it is home, as in ``5h``.)"""
    words: dict[str, str] = {}
    for command in COMMANDS:
        for word in command.words:
            assert words.setdefault(word, command.name) == command.name, word
    for command in COMMANDS:
        for key in command.keys:
            if len(key) == 1 and key in words and command.name != "pile":
                assert words[key] == command.name, (
                    f"{key!r} is {words[key]} typed, {command.name} pressed"
                )
    assert words["r"] == "restart" and "redo" in words and "r" not in by_words("redo")


def by_words(name: str) -> tuple[str, ...]:
    return next(command.words for command in COMMANDS if command.name == name)


def test_watch_reads_a_game_code_or_none_for_this_game() -> None:
    game = Game.new(617).play(Move.parse("3a"))
    code = encode(game)
    assert parse_command("watch") == ActionCommand("watch")
    watched = parse_command(f"watch {code}")
    assert isinstance(watched, ActionCommand) and watched.game is not None
    assert watched.game.turns == game.turns and watched.game.deal_number == 617
    # A code pasted with a space in it still reads.
    assert parse_command(f"watch {code[:9]} {code[9:]}") == watched
    with pytest.raises(NotationError, match="is not a game code"):
        parse_command(f"watch {code[:-1]}")


def test_watch_solution_is_the_solvers_solution_not_a_code() -> None:
    assert parse_command("watch solution") == ActionCommand("watch", choice="solution")
    assert parse_command("WATCH Solution") == ActionCommand("watch", choice="solution")


def test_several_moves_on_one_line_are_a_list_of_moves() -> None:
    """``6a 6b 7b`` (a line of a solver's solution) is played in turn, as line mode plays it."""
    assert parse_command("6a 6b 7b") == MovesCommand(
        (Move.parse("6a"), Move.parse("6b"), Move.parse("7b"))
    )
