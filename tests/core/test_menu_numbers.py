"""Issue 10: the menu's numbers (``t2f T F``…) are ASCII digits, and absurd ones are refused in
one short line (the command reader in :mod:`freecell_tui.session.parse` passes them here)."""

from __future__ import annotations

import pytest

from freecell_tui.core.commands import parse_menu
from freecell_tui.core.errors import NotationError


@pytest.mark.parametrize(
    ("name", "operands", "message"),
    [
        ("t2f", ["１", "1"], "t2f: '１' is not a number: tableau columns are 1-8"),
        ("c2t", ["٣", "1"], "c2t: '٣' is not a number: cells are 1-4"),
        (
            "t2t",
            ["1", "2" * 5000],
            f"t2t: there is no tableau column {'2' * 39}…: tableau columns are 1-8",
        ),
        ("t2c", ["1", "x" * 100], f"t2c: '{'x' * 39}…' is not a number: cells are 1-4"),
        ("t2t", ["1", "-2"], "t2t: there is no tableau column -2: tableau columns are 1-8"),
        ("c2f", ["1", "0" * 5000], f"c2f: there is no foundation {'0' * 39}…: foundations are 1-4"),
    ],
)
def test_menu_numbers_are_ascii_and_sane(name: str, operands: list[str], message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_menu(name, operands)
    assert str(info.value) == message


def test_menu_numbers_still_read() -> None:
    command = parse_menu("t2f", ["3", "+2"])
    assert (command.move.notation, command.foundation) == ("3h", 2)
