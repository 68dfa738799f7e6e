"""The ``freecell-tui`` command line.

With no subcommand it opens the full-screen game (the only path that imports Textual). Each
subcommand lives in its own module here with ``add_parser(subparsers)``; the module sets
``handler`` on its parser, a function ``(args) -> int`` that returns the exit code. A command
imports only its own module (:data:`SUBCOMMANDS`, :class:`Subcommands`).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, NoReturn, cast

from freecell_tui import __version__
from freecell_tui.cli.streams import (
    EXIT_OUTPUT,
    OutputFailed,
    ReaderGone,
    guarded_output,
    quiet_output,
)
from freecell_tui.core.daily import TODAY
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.variant import parse_variant, variant_names
from freecell_tui.core.words import os_reason, printable

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

#: The subcommands, in the order ``--help`` lists them: each name, the module that builds its
#: parser (``add_parser``) and runs it, and its line in ``freecell-tui --help``. A module is
#: imported only when its command is parsed: listing the commands imports none of them.
SUBCOMMANDS: tuple[tuple[str, str, str], ...] = (
    ("play", "freecell_tui.cli.play", "play (full screen, or --plain for line mode)"),
    ("serve", "freecell_tui.cli.serve", "play in a web browser (needs the web extra)"),
    ("deal", "freecell_tui.cli.deal", "print Microsoft deal N"),
    (
        "replay",
        "freecell_tui.cli.replay",
        "replay moves from a deal or a position, or a game code, and print the result",
    ),
    (
        "watch",
        "freecell_tui.cli.watch",
        "watch a game code, a save or the last game step by step",
    ),
    ("solve", "freecell_tui.cli.solve", "solve deals or a position with the built-in solver"),
    ("saves", "freecell_tui.cli.saves", "list the named saves"),
    ("export", "freecell_tui.cli.saves", "write a save to a JSON file"),
    ("import", "freecell_tui.cli.saves", "add a save from a JSON file"),
    ("share", "freecell_tui.cli.saves", "print a save's game, or the last game, as a game code"),
    ("stats", "freecell_tui.cli.saves", "show (or reset) the statistics"),
    (
        "config",
        "freecell_tui.cli.config",
        "show the config file (keys and colours of your own): its path, problems, theme, keys",
    ),
    (
        "klondike",
        "freecell_tui.cli.klondike",
        "watch a program play Klondike by fixed rules, for money",
    ),
)

#: Each subcommand's line in ``freecell-tui --help`` (:data:`SUBCOMMANDS`), for its module's
#: ``add_parser``.
COMMAND_HELP = {name: line for name, _, line in SUBCOMMANDS}


class HelpNotWritten(Exception):
    """``--help`` or ``--version`` could not be written (a full disk): ``prog`` says whose."""

    def __init__(self, prog: str, error: OSError) -> None:
        super().__init__(prog, error)
        self.prog = prog
        self.error = error


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """Help and the version on standard output must be written, or the command fails (exit
        74, as for any output): argparse itself would ignore the error and exit 0."""
        if not message:
            return
        if file is None or file is sys.stderr:
            with contextlib.suppress(OSError, ValueError):  # nowhere to say it
                super()._print_message(message, file)
            return
        try:
            file.write(message)
            getattr(file, "flush", lambda: None)()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise HelpNotWritten(self.prog, error) from None


#: The game's options, which may also be given before a subcommand: each flag with the value
#: that means "not given" (the top-level parser's default).
GLOBAL_OPTIONS: dict[str, object] = {
    "--deal": None,
    "--daily": False,
    "--data-dir": None,
    "--ascii": False,
    "--autoplay": None,
    "--game": None,
    "--cells": None,
    "--difficulty": None,
}


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by the full-screen game, ``play`` and ``serve`` (:data:`GLOBAL_OPTIONS`)."""
    parser.add_argument(
        "--deal",
        metavar="N",
        help="play Microsoft deal N (1 to 8,589,934,591), or the start of a game code",
    )
    parser.add_argument(
        "--daily",
        nargs="?",
        const=TODAY,
        default=False,
        metavar="DATE",
        help="play today's daily deal of the game (the same deal for everyone on the same "
        "date; each game has its own), or the daily deal of an earlier DATE (2026-11-25: it "
        "does not count for the daily streak)",
    )
    add_data_dir_option(parser)
    parser.add_argument("--ascii", action="store_true", help="draw suits as C D H S")
    parser.add_argument(
        "--autoplay",
        metavar="MODE",
        help="off, safe (default) or all: which cards go home by themselves",
    )
    add_variant_options(parser)
    parser.add_argument(
        "--difficulty",
        metavar="BAND",
        help="play a random Microsoft deal of this difficulty: easy, medium, hard or expert "
        "(rated by the solver: docs/rules.md)",
    )


def add_variant_options(parser: argparse.ArgumentParser) -> None:
    """``--game NAME`` and ``--cells N``: which game of the FreeCell family (see
    :func:`freecell_tui.core.variant.parse_variant`); read into ``args.variant``."""
    parser.add_argument(
        "--game",
        metavar="NAME",
        help=f"the game: {variant_names()} (freecell by default)",
    )
    parser.add_argument(
        "--cells",
        metavar="N",
        help="free cells, 0 to 8 (FreeCell with 2 cells: --cells 2), or fewest: the fewest "
        "Microsoft deal --deal N is won with",
    )


def add_data_dir_option(parser: argparse.ArgumentParser) -> None:
    """``--data-dir DIR``: where saves and statistics live (see :mod:`freecell_tui.paths`)."""
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where saves and statistics live (default: $FREECELL_TUI_DATA_DIR, else the user data dir)",
    )


def _share_global_options(subparser: argparse.ArgumentParser) -> None:
    """A global option the subcommand also takes works before or after it: the subcommand's own
    default stops overwriting the value given before it (argparse copies every value of the
    subcommand's namespace over the main one) and is filled in after parsing instead
    (:func:`_resolve_global_options`), which also refuses one the subcommand does not take."""
    own: dict[str, object] = {}
    # argparse has no public list of a parser's options: ``_actions`` is the one it keeps
    # (tests/cli/test_global_options.py runs every subcommand with every global option).
    for action in subparser._actions:
        flags = [flag for flag in action.option_strings if flag in GLOBAL_OPTIONS]
        if flags:
            own[action.dest] = action.default
            action.default = argparse.SUPPRESS
    subparser.set_defaults(own_defaults=own)


def _resolve_global_options(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Fill in the subcommand's own default for each global option given neither before nor
    after it; a global option given before a subcommand that does not take it is a usage error
    (the subcommand's, with its exit code)."""
    own: dict[str, object] | None = getattr(args, "own_defaults", None)
    if own is None:  # the full-screen game: every global option is its own
        return
    for flag, unset in GLOBAL_OPTIONS.items():
        dest = flag[2:].replace("-", "_")
        value = getattr(args, dest, unset)
        if dest in own:
            if value == unset:
                setattr(args, dest, own[dest])
        elif value != unset:
            name = args.prog.removeprefix(f"{parser.prog} ")
            usage_error = getattr(args, "usage_error", parser.error)
            usage_error(f"{name} takes no {flag} option (it was given before {name})")


class Subcommands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """The subcommands, each parser built when its command is parsed: until then a placeholder
    keeps its name and help line (all that ``freecell-tui --help`` and a usage error show), and
    parsing the command imports its module, whose ``add_parser`` replaces the placeholder."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The placeholders' names, each with the module that builds its parser.
        self.unbuilt: dict[str, str] = {}

    def add_placeholder(self, name: str, module: str, line: str) -> None:
        super().add_parser(name, help=line)
        self.unbuilt[name] = module

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        if self.unbuilt.pop(name, None) is not None:
            # The placeholder's help line stays where ``--help`` lists it; the parser replaces it.
            del self._name_parser_map[name]
            kwargs.pop("help", None)
        parser: argparse.ArgumentParser = super().add_parser(name, **kwargs)
        return parser

    def build(self, name: str) -> None:
        """Build ``name``'s parser (and those of the other commands of its module), then prepare
        each new one once its module has added all its arguments and defaults."""
        module = self.unbuilt.get(name)
        if module is None:
            return
        before = set(self._name_parser_map.values())
        importlib.import_module(module).add_parser(self)
        for parser in set(self._name_parser_map.values()) - before:
            _prepare_subparser(parser)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        self.build(values[0])
        super().__call__(parser, namespace, values, option_string)


def _prepare_subparser(subparser: argparse.ArgumentParser) -> None:
    """Unknown arguments after a subcommand are reported under its name, with its exit code;
    the global options it takes work before it as after it."""
    own = subparser.get_default("usage_error")
    subparser.set_defaults(
        usage_error=own or subparser.error, own_usage_error=own is not None, prog=subparser.prog
    )
    _share_global_options(subparser)


def build_parser() -> Parser:
    """The command line's parser; a subcommand's parser is built when the command is parsed
    (:class:`Subcommands`)."""
    parser = Parser(
        prog="freecell-tui",
        description="FreeCell in the terminal. With no command, opens the full-screen game.",
    )
    parser.add_argument("--version", action="version", version=f"freecell-tui {__version__}")
    add_game_options(parser)
    subparsers = cast(
        Subcommands,
        parser.add_subparsers(
            title="commands", metavar="COMMAND", parser_class=Parser, action=Subcommands
        ),
    )
    for name, module, line in SUBCOMMANDS:
        subparsers.add_placeholder(name, module, line)
    return parser


def fail(prog: str, message: str, code: int = 2) -> int:
    """Print ``prog: error: message`` on stderr (one line: control characters in the message,
    such as a save's hand-edited name, are shown escaped) and return ``code``, the exit code."""
    with contextlib.suppress(OSError, ValueError):  # stderr full or closed: nowhere to say it
        print(f"{prog}: error: {printable(message)}", file=sys.stderr)
    return code


def _daily_joined(argv: Sequence[str], commands: Iterable[str]) -> list[str]:
    """``argv`` with each ``--daily`` and its date as one word (``--daily=2026-11-25``), and a
    ``--daily`` with no date as ``--daily=today``: a word after it is its date unless it is an
    option or a subcommand (``--daily play`` plays today's daily in line mode)."""
    words = list(argv)
    names = set(commands)
    joined: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--":
            joined += words[index:]
            break
        if word == "--daily":
            following = words[index + 1] if index + 1 < len(words) else None
            if following is None or following.startswith("-") or following in names:
                joined.append(f"--daily={TODAY}")
            else:
                joined.append(f"--daily={following}")
                index += 1
        else:
            joined.append(word)
        index += 1
    return joined


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace | int:
    """The arguments, or the exit code when ``--help`` or ``--version`` was all there was to do
    (0; ``EXIT_OUTPUT`` when it could not be written). Bad arguments end in the parser's
    error (or a subcommand's own ``usage_error``, for its own exit code)."""
    commands = (
        action.choices
        for action in parser._actions  # argparse's one list of a parser's options
        if isinstance(action, argparse._SubParsersAction)
    )
    argv = _daily_joined(
        sys.argv[1:] if argv is None else argv, (name for names in commands for name in names)
    )
    try:
        args, extras = parser.parse_known_args(argv)
    except BrokenPipeError:  # --help | head
        quiet_output()
        return 0
    except HelpNotWritten as failure:
        quiet_output()
        return fail(
            failure.prog, f"cannot write the output: {os_reason(failure.error)}", EXIT_OUTPUT
        )
    if extras:
        usage_error = getattr(args, "usage_error", parser.error)
        usage_error(f"unrecognized arguments: {' '.join(extras)}")
    _resolve_global_options(args, parser)
    return args


def _check_autoplay(args: argparse.Namespace, prog: str) -> int | None:
    """The exit code for a bad ``--autoplay`` (also '', which line mode once took for the
    default), or ``None`` when it is good or not given."""
    mode = getattr(args, "autoplay", None)
    if mode is None:
        return None
    from freecell_tui.core.autoplay import AutoplayMode  # the rules: only for a mode given

    try:
        AutoplayMode.parse(mode)
    except FreeCellError as error:
        if getattr(args, "own_usage_error", False):  # the subcommand's own exit code
            args.usage_error(str(error))
        return fail(prog, str(error))
    return None


def _check_difficulty(args: argparse.Namespace, prog: str) -> int | None:
    """Read ``--difficulty BAND`` into ``args.deal``, a random deal of that band; the exit code
    for a bad one, else ``None``."""
    text = getattr(args, "difficulty", None)
    if text is None:
        return None
    from freecell_tui.core.difficulty import parse_band, random_deal

    try:
        band = parse_band(text)
    except FreeCellError as error:
        return _refuse(args, prog, f"--difficulty: {error}")
    if getattr(args, "deal", None) is not None or getattr(args, "daily", False):
        return _refuse(args, prog, "--difficulty chooses the deal: give no --deal or --daily")
    if getattr(args, "game", None) is not None:
        return _refuse(args, prog, "--difficulty rates Microsoft's deals of FreeCell: no --game")
    args.deal, args.difficulty = str(random_deal(band)), band
    return None


def _refuse(args: argparse.Namespace, prog: str, message: str) -> int:
    """A bad option's exit code: the subcommand's own usage error when it has one."""
    if getattr(args, "own_usage_error", False):
        args.usage_error(message)
    return fail(prog, message)


def _check_variant(args: argparse.Namespace, prog: str) -> int | None:
    """Read ``--game`` and ``--cells`` into ``args.variant`` (``None`` when neither is given);
    the exit code for a bad one, else ``None``. ``--cells fewest`` is the fewest cells Microsoft
    deal ``--deal N`` (1–32,000) is won with."""
    name, cells = getattr(args, "game", None), getattr(args, "cells", None)
    args.variant = None
    if name is None and cells is None:
        return None
    if isinstance(cells, str) and cells.strip().lower() == "fewest":
        found = _fewest_cells(args)
        if isinstance(found, str):
            return _refuse(args, prog, found)
        cells = found
    try:
        args.variant = parse_variant(name, cells)
    except FreeCellError as error:
        if getattr(args, "own_usage_error", False):  # the subcommand's own exit code
            args.usage_error(str(error))
        return fail(prog, str(error))
    return None


def _fewest_cells(args: argparse.Namespace) -> int | str:
    """The fewest cells the solver won ``--deal N`` with, or why there is no such count."""
    from freecell_tui.core.deals import parse_deal_number
    from freecell_tui.core.difficulty import RATED_DEALS, rating

    why = f"--cells fewest needs --deal N of Microsoft's FreeCell deals 1-{RATED_DEALS:,}"
    text, game = getattr(args, "deal", None), getattr(args, "game", None)
    try:
        if text is None or parse_variant(game).key != "freecell":
            return why
        rated = rating(parse_deal_number(text))
    except FreeCellError:
        return why
    return why if rated is None or rated.most is None else rated.most


#: The exit code of a command one of whose own pipes broke (``EX_SOFTWARE`` of sysexits.h).
EXIT_SOFTWARE: Final = 70


def main(argv: Sequence[str] | None = None) -> int:
    if sys.stderr is None:  # started with stderr closed: errors go nowhere, never to stdout
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stdout is None:  # started with stdout closed (>&-): refuse before doing anything
        return fail(
            "freecell-tui", "standard output is closed: nothing could be shown", EXIT_OUTPUT
        )
    parser = build_parser()
    args = _parse(parser, argv)
    if isinstance(args, int):
        return args
    prog = getattr(args, "prog", parser.prog)
    refused = _check_autoplay(args, prog)
    if refused is None:
        refused = _check_difficulty(args, prog)
    if refused is None:
        refused = _check_variant(args, prog)
    if refused is not None:
        return refused
    handler = getattr(args, "handler", None)
    if handler is None:
        return _full_screen(args)
    return _command(handler, args, prog)


def _full_screen(args: argparse.Namespace) -> int:
    """The full-screen game; its exit code."""
    from freecell_tui.cli.play import run_full_screen

    try:
        return run_full_screen(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the terminal went away: the game was saved as it was shown
        quiet_output()
        return 0


def _command(
    handler: Callable[[argparse.Namespace], int], args: argparse.Namespace, prog: str
) -> int:
    """A command with its output guarded (:mod:`.streams`); its exit code."""
    try:
        with guarded_output():
            result = handler(args)
            sys.stdout.flush()
        return result
    except KeyboardInterrupt:
        return 130
    except ReaderGone:  # standard output's reader went away (``| head``): not an error of ours
        quiet_output()
        return 0
    except BrokenPipeError as error:  # another pipe (to a worker process, a program) broke
        return fail(prog, f"a pipe to another process broke: {os_reason(error)}", EXIT_SOFTWARE)
    except OutputFailed as failure:
        quiet_output()
        return fail(prog, f"cannot write the output: {os_reason(failure.error)}", EXIT_OUTPUT)
