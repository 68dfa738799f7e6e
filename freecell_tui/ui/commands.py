"""The full-screen game's key bindings and command palette, generated from the command table
(:mod:`freecell_tui.session.table`): a key or a palette entry is declared there, once."""

from __future__ import annotations

from collections.abc import Iterator

from textual.binding import Binding, BindingType

from freecell_tui.session.table import COMMANDS, Command

__all__ = ["key_actions", "palette_commands", "screen_bindings"]


def screen_bindings() -> list[BindingType]:
    """The game screen's ``BINDINGS``: every key of every full-screen command; the ones with a
    footer label are shown in the footer. (The screen decides its keys itself as they are read,
    from :func:`key_actions`; the bindings only show them.)"""
    bindings: list[BindingType] = []
    for command in COMMANDS:
        if not command.screen:
            continue
        for key, action in command.bindings():
            bindings.append(
                Binding(
                    key,
                    action,
                    command.footer or command.palette or command.name.replace("_", " "),
                    show=bool(command.footer),
                )
            )
    return bindings


def key_actions() -> dict[str, str]:
    """What each key of the full-screen game does: its action string (``pile('3')``)."""
    return {
        key: action
        for command in COMMANDS
        if command.screen
        for keys, action in command.bindings()
        for key in keys.split(",")
    }


def palette_commands() -> Iterator[Command]:
    """The commands the command palette lists, in the table's order."""
    for command in COMMANDS:
        if command.screen and command.palette:
            yield command
