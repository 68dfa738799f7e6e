"""What the game does differently in a web browser (``freecell-tui serve``, ``App.is_web``).

In a browser the game runs on the server: a file it writes lands on the server, not with the
player, and a link opened with the system's web browser would open on the server. These helpers
do both the browser's way, and say what happened in a sentence for the message line:

- :func:`deliver_export` hands an export's JSON to the player's browser as a download;
- :func:`open_link` opens a link in a new tab of the player's browser (in a terminal, in the
  desktop's web browser when there is one).
"""

from __future__ import annotations

import io
import os
import re
import sys
from typing import Any
from urllib.parse import urlsplit

from textual.app import App

__all__ = ["DELIVERY_NAME", "deliver_export", "download_name", "open_link"]

#: The ``name`` of export deliveries in Textual's ``DeliveryComplete``/``DeliveryFailed`` events.
DELIVERY_NAME = "freecell-export"
#: Link schemes a help screen may open.
WEB_SCHEMES = frozenset({"http", "https", "mailto"})


def download_name(name: str) -> str:
    """``name`` made safe for a browser's download: ASCII letters, digits, ``-``, ``_`` and
    ``.`` only (textual-serve writes the name into an HTTP header as it is), no leading dot;
    ``freecell-save.json`` when nothing is left."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", name)
    safe = re.sub(r"-*\.-*", ".", safe).strip("-.")  # "my save é.json" -> "my-save.json"
    return safe or "freecell-save.json"


def deliver_export(app: App[Any], file_name: str, text: str) -> str | None:
    """In a browser, hand ``text`` (an export's JSON) to the player's browser as a download
    named ``file_name`` (made safe by :func:`download_name`) and return what to tell the player.

    Elsewhere return ``None`` and do nothing: the caller writes the file as in a terminal. The
    download finishes later; Textual then posts ``DeliveryComplete`` or ``DeliveryFailed``
    (``name`` :data:`DELIVERY_NAME`) to the app.
    """
    if not app.is_web:
        return None
    name = download_name(file_name)
    key = app.deliver_text(
        io.StringIO(text),
        save_filename=name,
        mime_type="application/json",
        encoding="utf-8",
        name=DELIVERY_NAME,
    )
    if key is None:
        return f"Could not send {name} to your browser."
    return f"Your browser is downloading {name}."


def open_link(app: App[Any], url: str) -> str:
    """Open ``url`` for the player and return what to tell them.

    In a browser: a new tab (``App.open_url``). In a terminal on a desktop (a display, macOS,
    Windows): the desktop's web browser (``App.open_url`` too). In a terminal without one (a
    console, ssh) nothing is opened, as a text-mode browser would take over the game's terminal:
    the player is given the address. Only web addresses (http, https, mailto) are opened.
    """
    if urlsplit(url).scheme.lower() not in WEB_SCHEMES:
        return f"Not a web address: {url}"
    if app.is_web:
        app.open_url(url, new_tab=True)
        return f"Opened {url} in a new tab."
    if _has_desktop():
        app.open_url(url)
        return f"Opened {url} in your web browser."
    return f"Open {url} in a web browser."


def _has_desktop() -> bool:
    """Whether a graphical web browser can open here."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
