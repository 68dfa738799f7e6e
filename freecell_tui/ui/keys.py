"""Keys decided as they are read: the one way a screen of the game takes its keys.

The app hands each key, as it reads it from the terminal, to the screen on top if that screen
is a :class:`DecidesKeys` (:meth:`FreeCellApp.on_event
<freecell_tui.ui.app.FreeCellApp.on_event>`): the screen decides there and then, so whatever the
key opens or closes is there for the next key. A screen's keys are its ``BINDINGS`` (the game
screen's are generated from the command table and the player's key table): the default
:meth:`DecidesKeys.decide_key` runs the binding of the key. A line of text (the ``:`` line, the
save screen's prompts) is edited the same way, by its ``Input``'s own bindings
(:func:`edit_line`): Enter acts on every character typed before it.

A click is not decided as it is read, nor a key the screen leaves: the app hands them on to the
widgets, each with its own queue. So before a key read after them is decided, the screen handles
what they set going (:func:`handled`): keys and clicks act in the order they came. A screen a
key or a click just opened decides the next key once it is mounted (the same wait).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import Final, Literal

from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.events import Key, Paste
from textual.screen import Screen
from textual.widgets import Button, Input

from freecell_tui.session.parse import MAX_COMMAND
from freecell_tui.ui.commands import key_label

__all__ = [
    "MAX_LINE",
    "DecidesKeys",
    "bound_actions",
    "edit_line",
    "handled",
    "key_buttons",
    "paste_line",
]

#: How many times :func:`handled` waits for a screen's queues, and for how long each time: a
#: click goes from the pile under it to the board, and its move from the board to the screen.
HANDLED_ROUNDS: Final = 8
HANDLED_SECONDS: Final = 1.0


async def handled(screen: Screen[object]) -> None:
    """Return once ``screen`` and its widgets have handled every message waiting for them when
    called, and those these sent each other meanwhile (up to :data:`HANDLED_ROUNDS` rounds of
    :data:`HANDLED_SECONDS` at most, so that a handler waiting on the app delays no key for
    good)."""
    for _ in range(HANDLED_ROUNDS):
        nodes = [screen, *screen.walk_children()]
        if not await _each_handled(nodes):
            return
        if not any(node.message_queue_size for node in nodes):
            return


async def _each_handled(nodes: list[DOMNode]) -> bool:
    """Wait until each of ``nodes`` has handled what waits for it now; False when that took
    more than :data:`HANDLED_SECONDS`."""
    left = 0
    done = asyncio.Event()

    def one_done() -> None:
        nonlocal left
        left -= 1
        if not left:
            done.set()

    for node in nodes:
        if node.call_later(one_done):  # after what waits for the node now
            left += 1
    if not left:
        return True
    try:
        await asyncio.wait_for(done.wait(), HANDLED_SECONDS)
    except TimeoutError:
        return False
    return True


ButtonLook = Literal["default", "primary", "success", "warning", "error"]

#: The most characters a line of text keeps (the ``:`` line, the save screen's prompts): typing
#: or a paste beyond is cut.
MAX_LINE: Final = MAX_COMMAND


class DecidesKeys:
    """A screen that decides each key as it is read (see the module's docstring): the app asks
    it first. :meth:`decide_key` runs the screen's binding of the key by default."""

    async def decide_key(self, event: Key) -> bool:
        """Decide ``event`` now; False when it is not a key of this screen (it goes Textual's
        way: priority bindings, the focused widget). Here: run the screen's binding of it."""
        assert isinstance(self, Screen)
        action = bound_actions(type(self)).get(event.key)
        if action is None:
            return False
        await self.run_action(action)
        return True

    def decide_paste(self, event: Paste) -> bool:
        """Decide pasted text now, as a key; False: Textual's way (the focused widget)."""
        return False


@cache
def bound_actions(node: type[DOMNode]) -> Mapping[str, str]:
    """Each key of a class's ``BINDINGS`` and the action string it runs."""
    actions: dict[str, str] = {}
    for binding in node.BINDINGS:
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


async def edit_line(line: Input, key: str, character: str | None) -> bool:
    """Edit ``line`` by one key, now: the input's own binding of it (Enter aside: its owner
    answers the line), or the character typed; False when the key does not edit a line."""
    action = bound_actions(Input).get(key)
    if action is not None and key != "enter":
        await line.run_action(action)
        return True
    if character is not None and len(character) == 1 and character.isprintable():
        paste_line(line, character)
        return True
    return False


def paste_line(line: Input, text: str) -> None:
    """Put ``text`` in ``line`` at the cursor (over the selected text): its first line only,
    control characters dropped (a pasted escape sequence is no command), the line cut to
    :data:`MAX_LINE` characters."""
    room = MAX_LINE - len(line.value) + len(line.selected_text)
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
