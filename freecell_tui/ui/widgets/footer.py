"""The game's footer: the keys of the screen's bindings that fit the terminal's width, drawn as
one line by one widget.

It looks like Textual's ``Footer`` (`` k Label `` for each key, the palette's key on the right
after a thin bar) but drops the least important keys first — the UI's command table ranks them
(``footer_rank``; 1 is kept longest), or the screen's own ranks — so ``? Help`` and ``q Quit`` are always there. A key
under the mouse is lit and shows its tooltip; a click presses it, pressed and let go on it (a
disabled key rings the bell). The keys are read from the screen's active bindings whenever the screen says they
changed; the width only decides which of them are drawn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from freecell_tui.core.variant import FREECELL
from freecell_tui.ui.commands import footer_hidden, footer_ranks
from freecell_tui.ui.keys import bound_actions

if TYPE_CHECKING:
    from textual.app import App
    from textual.binding import ActiveBinding
    from textual.screen import Screen

__all__ = ["FooterItem", "KeyFooter", "fitting", "footer_items", "placed"]

#: Each command's rank, by the action its keys run.
_RANKS = footer_ranks()
#: The thin bar before the palette's key.
_BAR = "▏"


@dataclass(frozen=True, slots=True)
class FooterItem:
    """One key as the footer shows it: the key it presses, how the key is written, its label,
    the action it runs, whether it may run now, and its tooltip."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool = True
    tooltip: str = ""

    @property
    def cells(self) -> int:
        """The cells it takes: `` k Label `` (the palette's key: ``▏k Label ``)."""
        return cell_len(self.display) + cell_len(self.description) + 3


def footer_items(
    bindings: Iterable[ActiveBinding],
    app: App[object],
    hidden: frozenset[str],
    order: Mapping[str, int] | None = None,
) -> tuple[FooterItem, ...]:
    """The keys a footer shows: the first shown binding of each action whose key is not
    ``hidden``, in the bindings' order, or by ``order`` (each action's place: the screen's
    ``BINDINGS``, which the player's keymap does not reorder)."""
    items: dict[str, FooterItem] = {}
    for _, binding, enabled, tooltip in bindings:
        if binding.show and binding.key not in hidden and binding.action not in items:
            items[binding.action] = FooterItem(
                binding.key,
                app.get_key_display(binding),
                binding.description,
                binding.action,
                enabled,
                tooltip,
            )
    if order is None:
        return tuple(items.values())
    return tuple(sorted(items.values(), key=lambda item: order.get(item.action, len(order))))


def fitting(keys: Iterable[tuple[str, int, int]], width: int) -> set[str]:
    """Which keys to show: ``keys`` are (action, rank, cells); the lowest-ranked are dropped
    (the later one first among equals) until the rest fit in ``width`` cells."""
    shown = list(keys)
    while shown and sum(cells for _, _, cells in shown) > width:
        drop = max(range(len(shown)), key=lambda i: (shown[i][1], i))
        if shown[drop][1] <= 1:
            break  # Help and Quit stay, whatever the width
        del shown[drop]
    return {action for action, _, _ in shown}


def placed(
    items: Iterable[FooterItem],
    palette: FooterItem | None,
    width: int,
    ranks: Mapping[str, int] = _RANKS,
) -> tuple[tuple[int, FooterItem], ...]:
    """Where each drawn key starts, left to right: the keys that fit ``width`` from the left
    (``ranks``: each action's rank, 9 for one absent), the palette's key (if any) in the last
    cells — unless the keys that always stay reach into them."""
    items = tuple(items)
    room = width - (palette.cells if palette is not None else 0)
    shown = fitting(((item.action, ranks.get(item.action, 9), item.cells) for item in items), room)
    result: list[tuple[int, FooterItem]] = []
    x = 0
    for item in items:
        if item.action in shown:
            result.append((x, item))
            x += item.cells
    if palette is not None and x <= width - palette.cells:
        result.append((width - palette.cells, palette))
    return tuple(result)


class KeyFooter(Widget, can_focus=False):
    """See the module's docstring."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "footer-key--key",
        "footer-key--description",
        "footer-key--hover",
        "footer-key--bar",
    }
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        & > .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        & > .footer-key--bar {
            color: $foreground 20%;
        }
    }
    """

    def __init__(
        self,
        *,
        show_command_palette: bool = True,
        ranks: Mapping[str, int] = _RANKS,
        id: str | None = None,  # noqa: A002 - Textual's name
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.show_command_palette = show_command_palette
        #: Each action's rank (the game's command table's, unless the screen has its own).
        self.ranks = ranks
        #: The keys left out (a "home or cell" key that is a free cell's in this game).
        self.hidden: frozenset[str] = footer_hidden(FREECELL)
        #: The keys to show when there is room, in order (the palette's apart).
        self.items: tuple[FooterItem, ...] = ()
        #: The command palette's key, drawn on the right; None when not shown.
        self.palette: FooterItem | None = None
        #: The key under the mouse.
        self.lit: FooterItem | None = None
        #: The key the mouse went down on (a click presses it only if let go on it too).
        self._pressed: FooterItem | None = None

    # ------------------------------------------------------------------ the keys
    def hide(self, keys: frozenset[str]) -> None:
        """Leave out ``keys`` from now on."""
        if keys != self.hidden:
            self.hidden = keys
            if self.is_attached:
                self.read_bindings()

    def read_bindings(self) -> None:
        """Read the keys from the screen's active bindings; draw again if they changed."""
        app, bindings = self.app, self.screen.active_bindings
        actions = dict.fromkeys(bound_actions(type(self.screen)).values())
        order = {action: place for place, action in enumerate(actions)}
        items = footer_items(bindings.values(), app, self.hidden, order)
        palette = None
        found = bindings.get(app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE and found is not None:
            _, binding, enabled, _ = found
            palette = FooterItem(
                binding.key,
                app.get_key_display(binding),
                binding.description,
                binding.action,
                enabled,
                binding.tooltip or binding.description,
            )
        if (items, palette) != (self.items, self.palette):
            self.items, self.palette = items, palette
            self.lit = None
            self.refresh()

    def shown(self) -> tuple[tuple[int, FooterItem], ...]:
        """The keys drawn at the footer's width, each with the column it starts at."""
        return placed(self.items, self.palette, self.size.width, self.ranks)

    def item_at(self, x: int) -> FooterItem | None:
        """The key drawn at column ``x``, if any."""
        for start, item in self.shown():
            if start <= x < start + item.cells:
                return item
        return None

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self.read_bindings()

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.read_bindings()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    # ------------------------------------------------------------------ the mouse
    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._light(self.item_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._light(None)

    def on_resize(self, event: events.Resize) -> None:
        self._light(None)  # the keys move: the one lit may no longer be under the mouse

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._pressed = self.item_at(event.x)

    def on_click(self, event: events.Click) -> None:
        """A key is pressed by a click on it: pressed and let go on the same key, as a button
        is (a press dragged off it, to the board or to another key, presses nothing)."""
        item, pressed, self._pressed = self.item_at(event.x), self._pressed, None
        if item is None or item != pressed:
            return
        if item.enabled:
            self.app.simulate_key(item.key)
        else:
            self.app.bell()

    def _light(self, item: FooterItem | None) -> None:
        if item is self.lit:
            return
        self.lit = item
        self.tooltip = item.tooltip if item is not None and item.tooltip else None
        self.styles.pointer = "default" if item is None else "pointer"
        self.refresh()

    # ------------------------------------------------------------------ the look
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        blank = Style(bgcolor=self.rich_style.bgcolor)
        key = self.get_component_rich_style("footer-key--key")
        description = self.get_component_rich_style("footer-key--description")
        lit = Style(bgcolor=self.get_component_rich_style("footer-key--hover").bgcolor)
        segments: list[Segment] = []
        x = 0
        for start, item in self.shown():
            if start > x:
                segments.append(Segment(" " * (start - x), blank))
            over = (lit if item is self.lit else Style()) + Style(dim=not item.enabled or None)
            if item is self.palette:
                segments += [
                    Segment(_BAR, self.get_component_rich_style("footer-key--bar")),
                    Segment(item.display, key + over),
                    Segment(f" {item.description}", description + over),
                    Segment(" ", blank),
                ]
            else:
                segments += [
                    Segment(f" {item.display} ", key + over),
                    Segment(f"{item.description} ", description + over),
                ]
            x = start + item.cells
        if x < width:
            segments.append(Segment(" " * (width - x), blank))
        return Strip(segments).crop(0, width)
