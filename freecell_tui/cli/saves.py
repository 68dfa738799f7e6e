"""``freecell-tui saves``, ``export``, ``import``, ``share`` and ``stats``: the saves and
statistics from the command line (no Textual).

Exit codes: 0 done, 1 the store refused (no such save, bad import file, file exists, the player
said no), 2 bad arguments.
"""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from typing import Any

from freecell_tui.cli import COMMAND_HELP, add_data_dir_option, add_variant_options, fail
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import BadCode, shared_code
from freecell_tui.core.game import Game
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.core.words import deal_phrase, plural, printable
from freecell_tui.files import InputError, read_stream
from freecell_tui.paths import data_dir
from freecell_tui.session.words import game_deal_phrase
from freecell_tui.store import ErrorKind, Store, StoreError, format_duration
from freecell_tui.store.database import MEMORY_NOTE
from freecell_tui.store.exchange import MAX_FILE_BYTES
from freecell_tui.store.stats import NO_GAMES, format_statistics


def add_parser(subparsers: Any) -> None:
    saves = subparsers.add_parser(
        "saves",
        help=COMMAND_HELP["saves"],
        description="List the named saves: name, deal, moves, cards home, play time, when saved.",
    )
    add_data_dir_option(saves)
    saves.set_defaults(handler=run_saves)

    export = subparsers.add_parser(
        "export",
        help=COMMAND_HELP["export"],
        description="Write the save SLOT to FILE as readable JSON (FILE '-' is standard output).",
    )
    export.add_argument("slot", metavar="SLOT", help="the save's name")
    export.add_argument("file", metavar="FILE", help="the file to write, or - for standard output")
    export.add_argument("--force", action="store_true", help="replace FILE if it exists")
    add_data_dir_option(export)
    export.set_defaults(handler=run_export)

    imports = subparsers.add_parser(
        "import",
        help=COMMAND_HELP["import"],
        description=(
            "Check the exported game in FILE ('-' is standard input) and add it as a new save. "
            "Every move is replayed first; nothing is imported from a bad file."
        ),
    )
    imports.add_argument("file", metavar="FILE", help="the file to read, or - for standard input")
    imports.add_argument(
        "--name", metavar="NAME", help="the new save's name (default: from the file)"
    )
    add_data_dir_option(imports)
    imports.set_defaults(handler=run_import)

    share = subparsers.add_parser(
        "share",
        help=COMMAND_HELP["share"],
        description=(
            "Print the game code of the save SLOT, or with --last of the game played last (the "
            "game in progress, or the game finished last, whichever was played later): one "
            "short word holding the deal and the moves, to paste in a chat. freecell-tui "
            "replay CODE plays it back."
        ),
    )
    share.add_argument("slot", nargs="?", metavar="SLOT", help="the save's name")
    share.add_argument("--last", action="store_true", help="the game played last")
    add_data_dir_option(share)
    share.set_defaults(handler=run_share)

    stats = subparsers.add_parser(
        "stats",
        help=COMMAND_HELP["stats"],
        description="Show games played and won, win rate, streaks, and each deal's best time and "
        "fewest moves against its par (the fewest moves the solver found) where the game knows it. "
        "Each game has statistics of its own: classic FreeCell's unless --game (and --cells) "
        "name another.",
    )
    stats.add_argument(
        "--autoplay",
        metavar="MODE",
        default="safe",
        help="off, safe (default) or all: the autoplay mode of games finished before their mode"
        " was recorded (the Par column shows the par of each deal's mode)",
    )
    stats.add_argument(
        "--reset", action="store_true", help="forget every finished game of the game (asks first)"
    )
    stats.add_argument("--yes", action="store_true", help="with --reset: do not ask")
    add_data_dir_option(stats)
    add_variant_options(stats)
    stats.set_defaults(handler=run_stats)


def open_store(args: argparse.Namespace, prog: str, *, writes: bool = False) -> Store | None:
    """The store, its warnings printed on stderr.

    When the data dir cannot be written the store lives in memory (with what could be read):
    good enough to list or export, but a change (``writes``) would vanish at exit, so then the
    warnings are errors and the answer is ``None``. The game's "kept in memory for this
    session" note means nothing to a command that ends at once: it is left out.
    """
    opened = Store.open(data_dir(args.data_dir))
    refuse = writes and opened.store.path is None
    for warning in opened.warnings:
        if warning != MEMORY_NOTE:
            warn(prog, warning, "error" if refuse else "warning")
    if refuse:
        opened.store.close()
        return None
    return opened.store


def warn(prog: str, message: str, label: str = "warning") -> None:
    print(f"{prog}: {label}: {printable(message)}", file=sys.stderr)


def _error(prog: str, error: StoreError) -> int:
    return fail(prog, error.message, 1)


def _when(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def run_saves(args: argparse.Namespace) -> int:
    prog = "freecell-tui saves"
    store = open_store(args, prog)
    if store is None:
        return 1
    try:
        listing = store.slots.all()
    except StoreError as error:
        return _error(prog, error)
    finally:
        store.close()
    for problem in listing.problems:
        warn(prog, problem)
    slots = listing.items
    if not slots:
        print("No saves yet. In the game, press s to save the game under a name.")
        return 0
    # Names are shown with control characters escaped: a hand-edited name cannot drive the
    # terminal (colours, cursor moves, a cleared screen).
    names = [printable(slot.name) for slot in slots]
    width = max(4, *(len(name) for name in names))
    print(f"{'NAME':<{width}}  {'DEAL':>11}  {'MOVES':>5}  {'HOME':>4}  {'TIME':>8}  SAVED")
    for name, slot in zip(names, slots, strict=True):
        print(
            f"{name:<{width}}  {slot.deal_label:>11}  {slot.move_count:>5}  "
            f"{slot.cards_home:>4}  {format_duration(slot.elapsed_seconds):>8}  {_when(slot.saved_at)}"
        )
    return 0


def run_export(args: argparse.Namespace) -> int:
    prog = "freecell-tui export"
    store = open_store(args, prog)
    if store is None:
        return 1
    try:
        if args.file == "-":
            sys.stdout.write(store.slots.export_text(args.slot))
            return 0
        path = store.slots.export(args.slot, args.file, overwrite=args.force)
    except StoreError as error:
        if error.kind is ErrorKind.EXISTS:
            return fail(prog, f"{error.message} Use --force to replace it.", 1)
        return _error(prog, error)
    finally:
        store.close()
    print(f"Exported “{printable(args.slot.strip())}” to {printable(str(path))}")
    return 0


def run_import(args: argparse.Namespace) -> int:
    prog = "freecell-tui import"
    store = open_store(args, prog, writes=True)
    if store is None:
        return 1
    try:
        if args.file == "-":
            if sys.stdin is None:
                return fail(prog, "Nothing imported: standard input is closed.", 1)
            raw = read_stream(sys.stdin.buffer, MAX_FILE_BYTES, "a saved game")
            try:
                slot = store.slots.import_bytes(raw, name=args.name)
            except StoreError as error:
                if error.kind is not ErrorKind.BAD_FILE:
                    raise
                return fail(prog, f"Nothing imported from standard input: {error.message}.", 1)
        else:
            slot = store.slots.import_file(args.file, name=args.name)
    except InputError as error:
        return fail(prog, f"Nothing imported: {error}.", 1)
    except StoreError as error:
        return _error(prog, error)
    finally:
        store.close()
    print(
        f"Imported “{printable(slot.name)}”: {game_deal_phrase(slot.deal_number, slot.variant)}, "
        f"{plural(slot.move_count, 'move')}, {plural(slot.cards_home, 'card')} home."
    )
    return 0


def run_share(args: argparse.Namespace) -> int:
    prog = "freecell-tui share"
    if args.last == (args.slot is not None):
        return fail(prog, "name a save (freecell-tui share SLOT) or give --last, not both")
    store = open_store(args, prog)
    if store is None:
        return 1
    try:
        code = store.slots.load(args.slot).game if args.slot is not None else last_game(store)
    except StoreError as error:
        return _error(prog, error)
    finally:
        store.close()
    if isinstance(code, str):
        return fail(prog, code, 1)
    shared = shared_code(code)
    if isinstance(shared, BadCode):
        return fail(prog, shared.reason, 1)
    print(shared)
    return 0


def last_game(store: Store, verb: str = "share") -> Game | str:
    """The game played last: the latest unfinished game or the game finished last, whichever
    was saved later; or why there is none to ``verb``."""
    current = store.autosaves.latest()
    finished = store.results.last()
    if finished is None or (current is not None and current.saved_at >= finished.finished_at):
        if current is None:
            return f"there is no game to {verb} yet: no game in progress and no finished game"
        return current.game
    game = finished.game()
    if isinstance(game, str):
        when = _when(finished.finished_at)
        return f"the game finished last ({deal_phrase(finished.deal_number)}, {when}) {game}"
    return game


def _game_options(variant: Variant) -> str:
    """``--game eight_off``, ``--game freecell --cells 2``: the options that name a game."""
    cells = f" --cells {variant.cells}" if variant.cells != variant.standard_cells else ""
    return f"--game {variant.key}{cells}"


def run_stats(args: argparse.Namespace) -> int:
    prog = "freecell-tui stats"
    store = open_store(args, prog, writes=args.reset)
    if store is None:
        return 1
    try:
        mode = AutoplayMode.parse(args.autoplay)
        variant = getattr(args, "variant", None) or FREECELL
        reading = store.results.statistics(store.pars.all(variant), mode, variant=variant)
        for problem in reading.problems:
            warn(prog, problem)
        stats = reading.statistics
        if not args.reset:
            # The rows the statistics screen shows, zeros and all, and what it says below them.
            if not variant.is_classic:
                print(f"Statistics of {variant.name}\n")
            sys.stdout.write(format_statistics(stats))
            if stats.played == 0:
                print(f"\n{NO_GAMES}")
            others = [v for v in store.results.variants() if v != variant]
            if others:
                names = ", ".join(f"{v.name} ({_game_options(v)})" for v in others)
                print(f"\nOther games have statistics of their own: {names}.")
            return 0
        if stats.played == 0:
            print("There are no statistics to reset.")
            return 0
        if not args.yes:
            games = plural(stats.played, "finished game")
            print(f"Forget {games}? Saves are kept. [y/N] ", end="", flush=True)
            # An answer, never all of /dev/zero; standard input closed answers nothing.
            answer = sys.stdin.readline(200) if sys.stdin is not None else ""
            if answer.strip().lower() not in ("y", "yes"):
                if not answer.endswith("\n"):
                    print()  # the player pressed ctrl+d: end the prompt's line
                print("Statistics kept.")
                return 1
        forgotten = store.results.reset(variant)
    except StoreError as error:
        return _error(prog, error)
    finally:
        store.close()
    print(f"Statistics reset: {plural(forgotten, 'finished game')} forgotten.")
    return 0
