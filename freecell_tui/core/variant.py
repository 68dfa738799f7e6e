"""The rules of a FreeCell-family game as data: cells, columns, the deal's layout, what builds.

A :class:`Variant` is a frozen value. Classic FreeCell is one value of it (:data:`FREECELL`);
the rules, autoplay, notation, positions and game codes read the variant a position carries
and assume nothing else. The registry (:data:`VARIANTS`) holds the games a player can choose;
:func:`parse_variant` reads ``--game NAME`` and ``--cells N``.

Each registered game's rules are fc-solve's preset of the same name (``fc-solve -g KEY``):
free cells, columns, how sequences are built (alternate colour or suit), what fills an empty
column (any card or kings only) and whether sequence moves are limited (the supermove formula)
or not (the relaxed games).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Final

from freecell_tui.core.errors import NotationError
from freecell_tui.core.words import plural, quoted

if TYPE_CHECKING:
    from freecell_tui.core.cards import Card

__all__ = [
    "BAKERS_GAME",
    "EIGHT_OFF",
    "FREECELL",
    "MAX_CELLS",
    "MAX_COLUMNS",
    "SEAHAVEN",
    "TYPED_NAMES",
    "VARIANTS",
    "Build",
    "EmptyColumn",
    "Moving",
    "Numbering",
    "Variant",
    "parse_variant",
    "variant_by_key",
    "variant_names",
]

#: The most free cells and columns a variant may have: notation names each pile with one
#: character (cells ``a``–``g``, ``k``) or a column number up to ``10``.
MAX_CELLS: Final = 8
MAX_COLUMNS: Final = 10


class Build(enum.Enum):
    """What a card may lie on in a column: one rank higher and ..."""

    ALTERNATE_COLOURS = "alternate colours"  # ... the other colour
    SAME_SUIT = "same suit"  # ... the same suit


class EmptyColumn(enum.Enum):
    """What may go to an empty column."""

    ANY_CARD = "any card"
    KINGS_ONLY = "kings only"


class Moving(enum.Enum):
    """How many cards of a run move at once.

    * ``SUPERMOVE``: as many as could move one at a time through the empty cells and columns:
      (empty cells + 1) × 2^(empty columns) when any card fills an empty column, (empty cells +
      1) when only kings do (an empty column then holds no card of a run but its king), the
      destination column not counted (fc-solve's limited sequence move);
    * ``UNLIMITED``: a whole run moves as one (the relaxed games);
    * ``ONE_CARD``: one card a move, never a run.
    """

    SUPERMOVE = "supermove"
    UNLIMITED = "unlimited"
    ONE_CARD = "one card"


class Numbering(enum.Enum):
    """Whose deal numbers a game uses."""

    MICROSOFT = "Microsoft"  # make-microsoft-freecell-board, as classic FreeCell
    PYSOL = "PySolFC"  # PySolFC's numbering (pysol_cards), for the games it deals its own way


def _stacks_table(build: Build) -> bytes:
    """``table[card * 52 + on]`` (card indexes, ``(rank − 1) × 4 + suit`` with suits in the
    order clubs, diamonds, hearts, spades): 1 when the card may lie on the other in a column."""
    red = (False, True, True, False)
    table = bytearray(52 * 52)
    for card in range(52):
        for on in range(52):
            if card // 4 + 1 != on // 4:
                continue
            if build is Build.SAME_SUIT:
                table[card * 52 + on] = card % 4 == on % 4
            else:
                table[card * 52 + on] = red[card % 4] != red[on % 4]
    return bytes(table)


#: What may lie on what in a column, for each way of building (see :meth:`Variant.stacks`):
#: a table, because the rules ask it for every pair of cards they look at.
STACKS: Final = {build: _stacks_table(build) for build in Build}


@dataclass(frozen=True, slots=True)
class Variant:
    """The rules of one game. ``key`` names it in files and codes (fc-solve's preset name for
    the registered games); ``dealt_cells`` lists the free cells that get the deal's last cards,
    in order (the other cards go round the columns, one each in turn, from column 1)."""

    key: str
    title: str
    cells: int = 4
    columns: int = 8
    dealt_cells: tuple[int, ...] = ()
    build: Build = Build.ALTERNATE_COLOURS
    empty_column: EmptyColumn = EmptyColumn.ANY_CARD
    moving: Moving = Moving.SUPERMOVE
    numbering: Numbering = Numbering.MICROSOFT
    #: The cells of the game as registered (``--cells`` changes ``cells``, never this).
    standard_cells: int = 4
    #: Kept for the rules' inner loops: :data:`STACKS` for this game's build, and whether the
    #: run limit is FreeCell's formula (``(empty cells + 1) × 2^(empty columns)``).
    stack_table: bytes = field(init=False, repr=False, compare=False)
    doubles: bool = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "stack_table", STACKS[self.build])
        object.__setattr__(
            self,
            "doubles",
            self.moving is Moving.SUPERMOVE and self.empty_column is EmptyColumn.ANY_CARD,
        )
        # Every position hashes its variant: once, not field by field each time.
        object.__setattr__(self, "_hash", hash((self.key, self.cells, self.columns)))
        if not 0 <= self.cells <= MAX_CELLS:
            raise ValueError(f"a game has 0 to {MAX_CELLS} free cells, not {self.cells}")
        if not 1 <= self.columns <= MAX_COLUMNS:
            raise ValueError(f"a game has 1 to {MAX_COLUMNS} columns, not {self.columns}")
        if any(not 0 <= i < self.cells for i in self.dealt_cells):
            raise ValueError(f"the deal puts cards in cells {self.dealt_cells} of {self.cells}")

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Variant], tuple[object, ...]]:
        """Pickled as its fields, made again where it is read (a worker process): its hash is
        that process's, not the one that wrote it."""
        return (
            Variant,
            (
                self.key,
                self.title,
                self.cells,
                self.columns,
                self.dealt_cells,
                self.build,
                self.empty_column,
                self.moving,
                self.numbering,
                self.standard_cells,
            ),
        )

    # ------------------------------------------------------------------ naming
    @property
    def name(self) -> str:
        """``FreeCell``, ``FreeCell (2 cells)``: the title, with the cells when they are not
        the game's usual number."""
        if self.cells == self.standard_cells:
            return self.title
        return f"{self.title} ({plural(self.cells, 'cell')})"

    @property
    def is_classic(self) -> bool:
        """Classic FreeCell: four cells, eight columns, the Microsoft deals."""
        return self == FREECELL

    def with_cells(self, cells: int) -> Variant:
        """This game with ``cells`` free cells (raises :class:`NotationError` when it cannot
        have them: a game whose deal fills cells keeps its number)."""
        if cells == self.cells:
            return self
        if self.dealt_cells:
            raise NotationError(
                f"{self.title} deals cards into its {self.cells} cells: it cannot have {cells}"
            )
        if not 0 <= cells <= MAX_CELLS:
            raise NotationError(f"a game has 0 to {MAX_CELLS} free cells, not {cells}")
        return replace(self, cells=cells)

    # ------------------------------------------------------------------ the rules
    def stacks(self, card: Card, on: Card) -> bool:
        """Whether ``card`` may lie on ``on`` in a column: one rank lower, and the other colour
        or the same suit as the game builds."""
        return bool(self.stack_table[card.index * 52 + on.index])

    def fills_empty(self, card: Card) -> bool:
        """Whether ``card`` (or a run it heads) may go to an empty column."""
        return self.empty_column is EmptyColumn.ANY_CARD or card.rank == 13

    def run_limit(self, empty_cells: int, empty_columns: int) -> int:
        """How many cards of a run one move may carry with ``empty_cells`` free cells and
        ``empty_columns`` empty columns (the destination not counted): see :class:`Moving`."""
        if self.moving is Moving.ONE_CARD:
            return 1
        if self.moving is Moving.UNLIMITED:
            return 13
        if self.empty_column is EmptyColumn.KINGS_ONLY:
            return empty_cells + 1
        return (empty_cells + 1) << max(empty_columns, 0)

    # ------------------------------------------------------------------ the deal
    @property
    def column_lengths(self) -> tuple[int, ...]:
        """How many cards the deal puts in each column."""
        dealt = 52 - len(self.dealt_cells)
        return tuple(
            dealt // self.columns + (1 if i < dealt % self.columns else 0)
            for i in range(self.columns)
        )

    # ------------------------------------------------------------------ fc-solve
    @property
    def fcsolve_args(self) -> tuple[str, ...]:
        """fc-solve's options for this game: its preset, and the cells when they differ."""
        args: tuple[str, ...] = ("-g", self.key)
        if self.cells != self.standard_cells:
            args += ("--freecells-num", str(self.cells))
        return args

    def __str__(self) -> str:
        return self.name


FREECELL: Final = Variant("freecell", "FreeCell")
BAKERS_GAME: Final = Variant("bakers_game", "Baker's Game", build=Build.SAME_SUIT)
KO_BAKERS_GAME: Final = Variant(
    "ko_bakers_game",
    "Kings-only Baker's Game",
    build=Build.SAME_SUIT,
    empty_column=EmptyColumn.KINGS_ONLY,
)
EIGHT_OFF: Final = Variant(
    "eight_off",
    "Eight Off",
    cells=8,
    dealt_cells=(0, 2, 4, 6),
    build=Build.SAME_SUIT,
    empty_column=EmptyColumn.KINGS_ONLY,
    numbering=Numbering.PYSOL,
    standard_cells=8,
)
SEAHAVEN: Final = Variant(
    "seahaven",
    "Seahaven Towers",
    columns=10,
    dealt_cells=(1, 2),
    build=Build.SAME_SUIT,
    empty_column=EmptyColumn.KINGS_ONLY,
    numbering=Numbering.PYSOL,
)
RELAXED_SEAHAVEN: Final = replace(
    SEAHAVEN, key="relaxed_seahaven", title="Relaxed Seahaven Towers", moving=Moving.UNLIMITED
)
FORECELL: Final = Variant(
    "forecell",
    "Forecell",
    dealt_cells=(0, 1, 2, 3),
    empty_column=EmptyColumn.KINGS_ONLY,
    numbering=Numbering.PYSOL,
)
RELAXED_FREECELL: Final = Variant("relaxed_freecell", "Relaxed FreeCell", moving=Moving.UNLIMITED)

#: The games a player can choose, by key.
VARIANTS: Final[dict[str, Variant]] = {
    v.key: v
    for v in (
        FREECELL,
        BAKERS_GAME,
        KO_BAKERS_GAME,
        EIGHT_OFF,
        SEAHAVEN,
        FORECELL,
        RELAXED_FREECELL,
        RELAXED_SEAHAVEN,
    )
}

#: The name to type for each game (``--game NAME``, ``:new NAME``), by key: the one the help,
#: the README and a refused name list.
TYPED_NAMES: Final = {
    "freecell": "freecell",
    "bakers_game": "bakers",
    "ko_bakers_game": "ko-bakers-game",
    "eight_off": "eight-off",
    "seahaven": "seahaven",
    "forecell": "forecell",
    "relaxed_freecell": "relaxed-freecell",
    "relaxed_seahaven": "relaxed-seahaven",
}

#: Other names a player may type for a game, squeezed as :func:`_squeeze` does. ``relaxed``
#: alone is Relaxed FreeCell, as ``--game`` alone is FreeCell.
_ALIASES: Final = {
    "bakers": "bakers_game",
    "relaxed": "relaxed_freecell",
    "kobakersgame": "ko_bakers_game",
    "kingsonlybakersgame": "ko_bakers_game",
    "kingsonlybakers": "ko_bakers_game",
    "eightoff": "eight_off",
    "8off": "eight_off",
    "seahaventowers": "seahaven",
    "relaxedseahaventowers": "relaxed_seahaven",
}
_SQUEEZE: Final = re.compile(r"[\s_\-'’.]+")


def _squeeze(text: str) -> str:
    """A name without case, spaces, dashes, underscores, apostrophes or dots."""
    return _SQUEEZE.sub("", text.strip().lower())


_BY_NAME: Final = (
    {_squeeze(v.key): v for v in VARIANTS.values()}
    | {_squeeze(v.title): v for v in VARIANTS.values()}
    | {alias: VARIANTS[key] for alias, key in _ALIASES.items()}
)


def variant_names() -> str:
    """The names to type for the games, for a message: ``freecell, bakers, ko-bakers-game,
    ...``."""
    return ", ".join(TYPED_NAMES[key] for key in VARIANTS)


def variant_by_key(key: str, cells: int | None = None) -> Variant:
    """The registered game ``key`` (with ``cells`` cells when given), as files and codes
    name it; raises :class:`NotationError` for an unknown key."""
    variant = VARIANTS.get(key)
    if variant is None:
        raise NotationError(f"{quoted(key)} is not a game: the games are {variant_names()}")
    return variant if cells is None else variant.with_cells(cells)


def parse_variant(name: str | None, cells: str | int | None = None) -> Variant:
    """The game ``--game NAME`` and ``--cells N`` choose (FreeCell when no name is given).

    Names are read without regard to case, spaces, dashes or apostrophes (``bakers-game``,
    ``Baker's Game``, ``EIGHT OFF``); a bad name or cell count raises :class:`NotationError`
    with one line listing what is allowed."""
    variant = FREECELL
    if name is not None:
        found = _BY_NAME.get(_squeeze(name))
        if found is None:
            raise NotationError(
                f"{quoted(name.strip())} is not a game: the games are {variant_names()}"
            )
        variant = found
    if cells is None:
        return variant
    count = cells if isinstance(cells, int) else _cell_count(cells)
    return variant.with_cells(count)


def _cell_count(text: str) -> int:
    raw = text.strip()
    if not re.fullmatch(r"[0-9]{1,2}", raw, re.ASCII) or int(raw) > MAX_CELLS:
        raise NotationError(
            f"{quoted(raw)} is not a number of free cells: use a whole number from 0 to {MAX_CELLS}"
        )
    return int(raw)
