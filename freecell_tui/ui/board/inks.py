"""The colours of the cards, worked out from the theme so that every theme is readable.

Pure colour arithmetic on Textual's :class:`~textual.color.Color` (no widget, no terminal):

- :func:`contrast` is the WCAG contrast ratio of two colours (1 to 21).
- :func:`card_inks` takes a card face and the theme's black and red inks and returns inks a
  player can read on that face: each at least 4.5:1 against it, and on a light face red and black
  at least 3:1 apart (as on a real card), keeping each ink's hue.
- :func:`board_variables` adds the board's own CSS variables to a theme's (``$card-face``,
  ``$card-ink``, ``$card-red``, ``$card-edge``, ``$card-select``, ``$card-target``,
  ``$card-hint``, ``$card-cursor``, ``$card-hover``): a theme may set any of them (the *classic* theme sets its
  faces and inks); the others come from the theme's own colours, with the highlight colours
  chosen apart from each other, so that a picked-up card, the piles it may go to and a hint never
  look alike.

ANSI themes leave colours to the terminal: their colours are used as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from textual.color import Color, rgb_to_lab

__all__ = [
    "BLACK_RED_RATIO",
    "TEXT_RATIO",
    "board_variables",
    "card_inks",
    "contrast",
    "distance",
    "luminance",
    "readable",
]

#: The least contrast between a card's rank and its face (WCAG AA for text).
TEXT_RATIO = 4.5
#: The least contrast between red and black inks on a light face.
BLACK_RED_RATIO = 3.0
#: How far apart (CIE76 ΔE) two highlight colours must be to count as different.
DISTINCT = 28.0


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: Color) -> float:
    """WCAG relative luminance, 0 (black) to 1 (white)."""
    r, g, b = colour.rgb
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of ``a`` and ``b``: 1 (the same) to 21 (black on white)."""
    la, lb = luminance(a), luminance(b)
    light, dark = max(la, lb), min(la, lb)
    return (light + 0.05) / (dark + 0.05)


def distance(a: Color, b: Color) -> float:
    """How different two colours look (CIE76 ΔE in Lab space; about 2.3 is just noticeable)."""
    la, lb = rgb_to_lab(a), rgb_to_lab(b)
    return float(((la.L - lb.L) ** 2 + (la.a - lb.a) ** 2 + (la.b - lb.b) ** 2) ** 0.5)


def _is_ansi(*colours: Color) -> bool:
    return any(colour.ansi is not None for colour in colours)


def _with_luminance(colour: Color, target: float) -> Color:
    """``colour`` with its HSL lightness moved until its luminance is ``target`` (same hue and
    saturation; luminance grows with lightness, so a bisection finds it)."""
    hue, saturation, _ = colour.hsl
    low, high = 0.0, 1.0
    for _ in range(24):
        middle = (low + high) / 2
        if luminance(Color.from_hsl(hue, saturation, middle)) < target:
            low = middle
        else:
            high = middle
    return Color.from_hsl(hue, saturation, (low + high) / 2)


def _darkest_for(face: Color, ratio: float) -> float:
    """The largest luminance an ink may have and still reach ``ratio`` against a lighter face."""
    return (luminance(face) + 0.05) / ratio - 0.05


def _lightest_for(face: Color, ratio: float) -> float:
    """The smallest luminance an ink may have and still reach ``ratio`` against a darker face."""
    return ratio * (luminance(face) + 0.05) - 0.05


@lru_cache(maxsize=1024)
def readable(ink: Color, face: Color, ratio: float = TEXT_RATIO) -> Color:
    """``ink``, darkened on a light face or lightened on a dark one until it reaches ``ratio``
    against ``face`` (unchanged when it already does, or for ANSI colours)."""
    if _is_ansi(ink, face) or contrast(ink, face) >= ratio:
        return ink
    lf = luminance(face)
    if lf > 0.18:  # a light face: dark ink (or as dark as it gets)
        target = max(_darkest_for(face, ratio), 0.0)
    else:
        target = min(_lightest_for(face, ratio), 1.0)
    moved = _with_luminance(ink, target)
    # The bisection and the rounding to whole RGB values may land a hair short of the ratio:
    # nudge to the safe side until it is reached.
    for _ in range(20):
        if contrast(moved, face) >= ratio:
            break
        target = target * 0.97 if lf > 0.18 else min(target * 1.03 + 0.001, 1.0)
        moved = _with_luminance(ink, target)
    return moved


@lru_cache(maxsize=1024)
def card_inks(face: Color, black: Color, red: Color) -> tuple[Color, Color]:
    """Black and red inks readable on ``face`` (see the module's docstring)."""
    if _is_ansi(face, black, red):
        return black, red
    black = readable(black, face, 7.0)
    red = readable(red, face)
    if luminance(face) <= 0.5 or contrast(black, red) >= BLACK_RED_RATIO:
        return black, red
    # A light face: the black ink as dark as can be, then the red in the band of luminance that
    # keeps it 4.5:1 from the face and 3:1 from the black.
    if luminance(black) > 0.004:
        black = _with_luminance(black, 0.002)
    low = BLACK_RED_RATIO * (luminance(black) + 0.05) - 0.05
    high = _darkest_for(face, TEXT_RATIO)
    if low <= high:
        target = min(max(luminance(red), low + (high - low) * 0.25), high - (high - low) * 0.25)
        red = _with_luminance(red, target)
    return black, red


@lru_cache(maxsize=1024)
def _parse(value: str) -> Color | None:
    try:
        return Color.parse(value)
    except Exception:  # a value Textual itself would reject: not ours to judge
        return None


def _hex(colour: Color) -> str:
    if colour.ansi is not None:
        return colour.css
    return colour.hex6


def _distinct(candidates: Iterable[Color], avoid: Iterable[Color], fallback: Color) -> Color:
    """The first candidate far enough from every colour of ``avoid``."""
    avoid = list(avoid)
    for candidate in candidates:
        if _is_ansi(candidate, *avoid):
            if all(candidate.ansi != other.ansi for other in avoid):
                return candidate
            continue
        if all(distance(candidate, other) >= DISTINCT for other in avoid):
            return candidate
    return fallback


def _light_face(panel: Color, background: Color) -> Color:
    """A card face for a light theme: its panel colour, whitened until the inks can be both
    readable and apart (luminance at least 0.86)."""
    face = panel if luminance(panel) >= luminance(background) else background
    if luminance(face) >= 0.86:
        return face
    return _with_luminance(face, 0.86)


def board_variables(variables: Mapping[str, str]) -> dict[str, str]:
    """The board's CSS variables for a theme whose variables are ``variables`` (those the
    theme sets itself are kept)."""
    get = variables.get

    def colour(name: str, default: str = "#808080") -> Color:
        found = _parse(get(name, "")) if name in variables else None
        return found if found is not None else Color.parse(default)

    background = colour("background")
    panel = colour("panel")
    foreground = colour("foreground", "#e0e0e0")
    if panel.a < 1 and not _is_ansi(panel):
        panel = background.blend(panel, panel.a)
    if foreground.a < 1 and not _is_ansi(foreground):
        foreground = background.blend(foreground, foreground.a)
    out: dict[str, str] = {}

    def keep(name: str, value: Color) -> Color:
        """A theme's own value wins; else ``value``."""
        given = _parse(get(name, "")) if name in variables else None
        if given is not None:
            return given
        out[name] = _hex(value)
        return value

    if _is_ansi(panel, background):
        face = keep("card-face", panel if panel.a else background)
    elif luminance(panel) > 0.35 or luminance(background) > 0.35:
        face = keep("card-face", _light_face(panel, background))
    else:
        face = keep("card-face", panel)
    ink = keep("card-ink", foreground if luminance(face) <= 0.5 else Color(17, 17, 17))
    red = keep("card-red", colour("error"))
    if not _is_ansi(face, ink):
        keep("card-edge", face.blend(ink, 0.45))
    else:
        keep("card-edge", ink)
    select = keep("card-select", colour("accent"))
    target = keep(
        "card-target",
        _distinct((colour("success"), colour("primary"), colour("secondary")), (select,), select),
    )
    keep(
        "card-hint",
        _distinct(
            (colour("primary"), colour("secondary"), colour("warning"), colour("error")),
            (select, target, red),
            colour("primary"),
        ),
    )
    keep("card-cursor", ink)
    # What a click would pick up: the face a shade towards the ink (a grey of the terminal's
    # own where colours are the terminal's).
    if _is_ansi(face, ink):
        keep("card-hover", Color.parse("ansi_bright_black"))
    else:
        keep("card-hover", face.blend(ink, 0.14))
    return out
