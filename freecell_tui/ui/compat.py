"""Every use of a private name of Textual, in one place.

Each function here works around something Textual does not offer (or gets wrong) in public. Each
names its upstream issue (or that none is filed yet), holds to the Textual versions it was checked against (:data:`CHECKED`,
outside which it falls back to doing nothing rather than guessing at another version's insides),
and has a test (``tests/ui/test_compat.py``). Nothing else in the package touches a private name
of Textual.
"""

from __future__ import annotations

from importlib.metadata import version
from typing import Any, Final

from textual.app import App

__all__ = ["CHECKED", "TEXTUAL", "checked", "write_to_terminal"]

#: The Textual version installed, as (major, minor).
TEXTUAL: Final = tuple(int(part) for part in version("textual").split(".")[:2])
#: The Textual versions whose insides these workarounds were checked against.
CHECKED: Final = ((8, 2),)


def checked() -> bool:
    """True when the installed Textual is one these workarounds were checked against."""
    return TEXTUAL in CHECKED


def write_to_terminal(app: App[Any], text: str) -> bool:
    """Write ``text`` straight to the app's terminal (a question to the terminal, such as the
    cursor-position query of :mod:`.terminal_probe`); False when it could not be written.

    Textual has no public way to write to its driver (upstream: no issue found in Textualize/textual
    as of 8.2.8; one is to be filed asking for ``App.write_to_terminal`` or a cursor-position
    query); the driver is ``App._driver``, whose ``write`` queues behind Textual's own output."""
    driver = getattr(app, "_driver", None)
    if driver is None or not checked():
        return False
    try:
        driver.write(text)
        driver.flush()
    except (OSError, AttributeError):
        return False
    return True
