"""The error family of the core.

Like python-chess: text that does not parse raises :class:`NotationError`; a well-formed move the
rules refuse raises :class:`IllegalMoveError`. Both are :class:`ValueError`, and every message is
written for a player to read.
"""

from __future__ import annotations

__all__ = ["FreeCellError", "IllegalMoveError", "NotationError", "PositionError"]


class FreeCellError(ValueError):
    """Base of every error the core raises on bad input."""


class NotationError(FreeCellError):
    """Text that is not a card, a pile, a move or a command."""


class IllegalMoveError(FreeCellError):
    """A well-formed move that the rules refuse in this position."""


class PositionError(FreeCellError):
    """A position (board text) that is malformed or impossible."""
