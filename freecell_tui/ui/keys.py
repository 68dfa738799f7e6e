"""Keys decided as they are read: what the screens that take their own keys share.

The app gives each key to the screen on top as it reads it (``take_key``; see
:meth:`FreeCellApp.on_event <freecell_tui.ui.app.FreeCellApp.on_event>`). A screen runs its own
bindings there (:func:`bound_actions`), and edits a line of text there (:func:`edit_line`,
:func:`paste_line`) rather than letting its input widget do it later in its own turn: then
Enter acts on every character typed before it, and a key typed after Enter is read after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final, Literal

from textual.binding import Binding, BindingType
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Button, Input

from freecell_tui.session.parse import MAX_COMMAND
from freecell_tui.ui.commands import key_label

__all__ = [
    "EDIT_KEYS",
    "MAX_LINE",
    "bound_actions",
    "edit_line",
    "key_buttons",
    "paste_line",
    "run_bound_key",
]

ButtonLook = Literal["default", "primary", "success", "warning", "error"]

#: The most characters a line of text keeps (the ``:`` line, the save screen's prompts): typing
#: or a paste beyond is cut.
MAX_LINE: Final = MAX_COMMAND

#: Keys that edit a line of text, and the input's action each runs.
EDIT_KEYS: Final[dict[str, Callable[[Input], object]]] = {
    "left": Input.action_cursor_left,
    "right": Input.action_cursor_right,
    "home": Input.action_home,
    "end": Input.action_end,
    "ctrl+a": Input.action_home,
    "ctrl+e": Input.action_end,
    "backspace": Input.action_delete_left,
    "ctrl+h": Input.action_delete_left,
    "delete": Input.action_delete_right,
    "ctrl+u": Input.action_delete_left_all,
    "ctrl+k": Input.action_delete_right_all,
    "ctrl+w": Input.action_delete_left_word,
}


def bound_actions(bindings: Iterable[BindingType]) -> dict[str, str]:
    """Each key of ``bindings`` (a ``BINDINGS`` list) and the action string it runs."""
    actions: dict[str, str] = {}
    for binding in bindings:
        keys, action = (
            (binding.key, binding.action) if isinstance(binding, Binding) else binding[:2]
        )
        for key in keys.split(","):
            actions.setdefault(key.strip(), action)
    return actions


def key_buttons(
    bindings: Iterable[BindingType], looks: Mapping[str, ButtonLook] | None = None
) -> Iterator[Button]:
    """A dialog's buttons, one for each of its ``bindings`` (a ``BINDINGS`` list) in order: the
    binding's label and first key (``Share (s)``), its action as its id, its look from
    ``looks`` by action. A key the dialog takes is a key it shows."""
    for binding in bindings:
        if not isinstance(binding, Binding):
            continue
        key = key_label(binding.key.split(",")[0])
        look = (looks or {}).get(binding.action, "default")
        yield Button(
            f"{binding.description} ({key})", id=binding.action, variant=look, compact=True
        )


async def run_bound_key(node: Screen[Any], actions: dict[str, str], event: Key) -> bool:
    """Run the action ``actions`` binds ``event``'s key to on ``node``, now; False when the key
    is not bound there (it goes Textual's way)."""
    action = actions.get(event.key)
    if action is None:
        return False
    await node.run_action(action)
    return True


def edit_line(line: Input, key: str, character: str | None, *, limit: int = MAX_LINE) -> bool:
    """Edit ``line`` by one key; False when the key does not edit a line."""
    edit = EDIT_KEYS.get(key)
    if edit is not None:
        edit(line)
        return True
    if character is not None and len(character) == 1 and character.isprintable():
        paste_line(line, character, limit=limit)
        return True
    return False


def paste_line(line: Input, text: str, *, limit: int = MAX_LINE) -> None:
    """Put ``text`` in ``line`` at the cursor (over the selected text): its first line only,
    control characters dropped (a pasted escape sequence is no command), the line cut to
    ``limit`` characters."""
    room = limit - len(line.value) + len(line.selected_text)
    text = text[: max(room, 0) * 4]  # enough for the room once control characters are dropped
    text = text.split("\n", 1)[0].split("\r", 1)[0]
    clean = "".join(char for char in text if char.isprintable())[: max(room, 0)]
    if not clean:
        return
    selection = line.selection
    if selection.is_empty:
        line.insert_text_at_cursor(clean)
    else:
        line.replace(clean, *selection)
