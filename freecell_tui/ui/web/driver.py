"""The driver of a game served in a browser: Textual's web driver, which also quits the game
cleanly when the server goes away.

textual-serve starts one game process per browser tab and talks to it through the process's
standard input and output. When the server stops cleanly it asks each game to quit. When it is
killed (``kill -9``, out of memory, a crash), Textual's
:class:`~textual.drivers.web_driver.WebDriver` stops reading at the end of its input but leaves
the game running with nobody to play it; and the next screen update it writes fails with a
broken pipe, which Textual takes for a crash of the app: it ends at once, without writing the
game or letting it go. :class:`ServedDriver` quits the game as ``q`` does in both cases
instead: the play time is written and the game let go, ready to be resumed.

It also takes a terminal size only as whole numbers within the server's limits (the server
checks them first; a game started by another server is kept as safe): a size given as text
crashed the game, and a huge one made it grow without limit.

``freecell-tui serve`` selects it through ``TEXTUAL_DRIVER`` (``SERVED_DRIVER`` in
:mod:`freecell_tui.ui.web.server`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from textual.drivers.web_driver import WebDriver

from freecell_tui.ui.compat import exit_app_from_driver
from freecell_tui.ui.web.guard import clamp_size

__all__ = ["ServedDriver"]


class ServedDriver(WebDriver):
    """A :class:`WebDriver` that quits the app when the server is gone: its input ended before
    the app exited, or writing to it fails with a broken pipe."""

    _server_gone = False

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == "resize":
            width, height = payload.get("width"), payload.get("height")
            if not all(type(n) is int for n in (width, height)):
                return  # not a size: dropped
            payload = {**payload, "width": clamp_size(width, 80), "height": clamp_size(height, 24)}
        super().on_meta(packet_type, payload)

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # set first when the app exits on its own
            self._quit()

    def write(self, data: str) -> None:
        if not self._server_gone:  # else nobody reads any more: drop the output
            with self._broken_pipe_quits():
                super().write(data)

    def write_meta(self, data: dict[str, object]) -> None:
        if not self._server_gone:  # else nobody reads any more: drop the output
            with self._broken_pipe_quits():
                super().write_meta(data)

    def write_binary_encoded(self, data: tuple[str | bytes, ...]) -> None:
        if not self._server_gone:  # else nobody reads any more: drop the output
            with self._broken_pipe_quits():
                super().write_binary_encoded(data)

    @contextmanager
    def _broken_pipe_quits(self) -> Iterator[None]:
        try:
            yield
        except BrokenPipeError:
            self._quit()

    def _quit(self) -> None:
        """The server is gone: quit once, as ``q`` would (post_message is thread-safe)."""
        if not self._server_gone:
            self._server_gone = True
            exit_app_from_driver(self)
