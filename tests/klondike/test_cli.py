"""``freecell-tui klondike``: decks files, output, JSON lines, exit codes, jobs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.klondike.deck import (
    BLOCK,
    DeckError,
    DeckFileError,
    parse_deck,
    read_decks,
    shuffled_decks,
)
from freecell_tui.klondike.engine import play_fast
from freecell_tui.klondike.runner import play_decks, play_seeded
from freecell_tui.klondike.table import cards_from_indexes, play

from ..program import run_main
from .helpers import deck_text

DECK = next(shuffled_decks(7, 0, 1))
LINE = deck_text(DECK)


# ---------------------------------------------------------------------------- decks
def test_parse_deck_reads_codes_tens_and_symbols() -> None:
    assert parse_deck(LINE) == DECK
    assert parse_deck(LINE.replace("TD", "10D").replace("AS", "A♠").lower()) == DECK


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (" ".join(LINE.split()[:51]), "51 cards, a deck needs 52; missing JS"),
        (LINE + " 2C", "2C appears twice"),
        (LINE.replace("9C", "9X"), "card 51, '9X', is not a card"),
        (LINE.replace("9C", "1C"), "'1C', is not a card"),
        (LINE.replace("9C", "AD"), "AD appears twice (cards 1 and 51)"),
    ],
)
def test_parse_deck_names_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(DeckError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_deck(line)


def test_read_decks_skips_blank_lines_and_comments(tmp_path: Path) -> None:
    path = tmp_path / "decks.txt"
    other = deck_text(next(shuffled_decks(8, 0, 1)))
    path.write_text(f"# two decks\n{LINE}\n\n{other}  # the second\n", encoding="utf-8")
    assert read_decks(path) == [DECK, parse_deck(other)]


def test_read_decks_lists_every_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "decks.txt"
    path.write_text(f"{LINE}\n{LINE} 2C\n{LINE}\nAS KS\n", encoding="utf-8")
    with pytest.raises(DeckFileError) as caught:
        read_decks(path)
    assert [line for line, _ in caught.value.problems] == [2, 4]
    assert str(caught.value).splitlines()[1].endswith("line 4: 2 cards, a deck needs 52")


def test_shuffled_decks_are_decks_and_blocks_join_up() -> None:
    decks = list(shuffled_decks(5, 0, BLOCK + 10))
    assert all(sorted(deck) == list(range(52)) for deck in decks)
    assert list(shuffled_decks(5, BLOCK - 3, 8)) == decks[BLOCK - 3 : BLOCK + 5]
    assert len(set(decks)) == len(decks)
    assert next(shuffled_decks(6, 0, 1)) != decks[0]


# ---------------------------------------------------------------------------- runner
def test_results_do_not_depend_on_the_number_of_jobs() -> None:
    games = 2 * BLOCK + 123
    one = b"".join(play_seeded(42, games, 1))
    two = b"".join(play_seeded(42, games, 2))
    assert one == two
    assert len(one) == games
    assert list(one[:5]) == [play_fast(deck) for deck in shuffled_decks(42, 0, 5)]


def test_decks_results_do_not_depend_on_the_number_of_jobs() -> None:
    decks = list(shuffled_decks(3, 0, BLOCK + 7))
    assert b"".join(play_decks(decks, 1)) == b"".join(play_decks(decks, 2))


def test_the_command_prints_the_same_results_for_jobs_1_and_2() -> None:
    _, one, _ = run_main("klondike", "--games", "2100", "--seed", "9", "--jobs", "1", "--show", "1")
    _, two, _ = run_main("klondike", "--games", "2100", "--seed", "9", "--jobs", "2", "--show", "1")
    assert one == two


# ---------------------------------------------------------------------------- output
def test_text_output_records_the_first_games_then_the_summary() -> None:
    code, out, err = run_main("klondike", "--games", "5", "--seed", "7", "--jobs", "1", "--ascii")
    assert code == 0 and err == ""
    assert out.startswith("Seed: 7\n\nGame 1 of 5\n")
    assert "\nGame 2 of 5\n" in out and "\nGame 3 of 5\n" not in out
    homes = [play_fast(deck) for deck in shuffled_decks(7, 0, 5)]
    total = sum(homes)
    money = 5 * total - 52 * 5
    assert f"\nGames played: 5\nCards home: {total} in all, " in out
    sign = "-" if money < 0 else "+"
    assert f"\nNet winnings: {sign}${abs(money):,}\n" in out
    assert "\nMean per game: " in out and "95% confidence interval" in out
    first = play(cards_from_indexes(next(shuffled_decks(7, 0, 1))))
    assert f"Cards home: {first.cards_home}. Paid $52" in out


def test_a_random_seed_is_printed_and_replays_the_same_games() -> None:
    code, out, _ = run_main("klondike", "--games", "30", "--show", "0", "--jobs", "1")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("Seed: ") and "chosen at random" in first
    seed = first.split()[1]
    _, again, _ = run_main(
        "klondike", "--games", "30", "--show", "0", "--jobs", "1", "--seed", seed
    )
    assert again.split("\n", 1)[1] == out.split("\n", 1)[1]


def test_json_lines_one_per_game_then_a_summary() -> None:
    code, out, _ = run_main("klondike", "--games", "12", "--seed", "7", "--json", "--jobs", "1")
    assert code == 0
    objects = [json.loads(line) for line in out.splitlines()]
    homes = [play_fast(deck) for deck in shuffled_decks(7, 0, 12)]
    assert objects[:-1] == [
        {"game": i, "cards_home": k, "net": 5 * k - 52} for i, k in enumerate(homes, start=1)
    ]
    summary = objects[-1]
    assert summary["summary"] is True and summary["seed"] == 7
    assert summary["games"] == 12 and summary["cards_home"] == sum(homes)
    assert summary["net"] == 5 * sum(homes) - 52 * 12
    assert summary["mean"] == pytest.approx(summary["net"] / 12)
    low, high = summary["ci95"]
    assert low < summary["mean"] < high


def test_decks_file_is_played_in_order(tmp_path: Path) -> None:
    decks = list(shuffled_decks(4, 0, 3))
    path = tmp_path / "decks.txt"
    path.write_text("".join(deck_text(deck) + "\n" for deck in decks), encoding="utf-8")
    code, out, _ = run_main("klondike", "--decks", str(path), "--json")
    assert code == 0
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["cards_home"] for o in objects[:-1]] == [play_fast(d) for d in decks]
    assert objects[-1]["seed"] is None
    code, out, _ = run_main("klondike", "--decks", str(path), "--show", "1")
    assert out.startswith(f"Decks: 3 from {path}\n\nGame 1 of 3\n")
    assert "Games played: 3" in out


def test_a_bad_deck_line_is_named_and_nothing_is_played(tmp_path: Path) -> None:
    path = tmp_path / "decks.txt"
    path.write_text(f"{LINE}\n{LINE.replace('9C', 'ZZ')}\n", encoding="utf-8")
    code, out, err = run_main("klondike", "--decks", str(path))
    assert code == 2
    assert out == ""
    assert "decks.txt line 2: card 51, 'ZZ', is not a card" in err
    assert "nothing was played" in err and "Traceback" not in err


def test_a_binary_decks_file_is_not_utf8_text(tmp_path: Path) -> None:
    path = tmp_path / "decks.bin"
    path.write_bytes(b"\x00\xff\xfe AS")
    code, out, err = run_main("klondike", "--decks", str(path))
    assert (code, out) == (2, "")
    assert err == f"freecell-tui klondike: error: cannot read {path}: it is not UTF-8 text\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "-1"], "the number of games must be 0 or more"),
        (["--games", "ten"], "the number of games must be a whole number"),
        (["--jobs", "0"], "the number of processes must be 1 or more"),
        (["--seed", "-5"], "the seed must be 0 or more"),
        (["--show", "-1"], "the number of games to show must be 0 or more"),
        (["--decks", "/no/such/file"], "cannot read /no/such/file: no such file or directory"),
        (["--decks", "/"], "cannot read /: is a directory"),
        (["--bogus"], "freecell-tui klondike: error: unrecognized arguments: --bogus"),
        (["--decks", "x", "--games", "3"], "leave out --games and --seed"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as caught:
        code = main(["klondike", *args])
        raise SystemExit(code)
    _, err = capsys.readouterr()
    assert caught.value.code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_an_empty_decks_file_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("\n# nothing\n", encoding="utf-8")
    code, _, err = run_main("klondike", "--decks", str(path))
    assert code == 2 and "no decks in the file" in err


def test_zero_games() -> None:
    code, out, _ = run_main("klondike", "--games", "0", "--seed", "1")
    assert code == 0 and "Games played: 0\n" in out and "Net winnings: $0" in out


def test_thousands_separators_accepted_in_game_counts() -> None:
    code, out, _ = run_main(
        "klondike", "--games", "1,200", "--seed", "1", "--show", "0", "--jobs", "1"
    )
    assert code == 0 and "Games played: 1,200" in out


# ---------------------------------------------------------------------------- hygiene
def test_the_klondike_part_and_its_command_do_not_import_textual() -> None:
    code = (
        "import sys, freecell_tui.klondike.engine, freecell_tui.klondike.table, "
        "freecell_tui.klondike.runner, freecell_tui.klondike.text, freecell_tui.cli.klondike;"
        "from freecell_tui.cli import build_parser; build_parser();"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_installed_command_runs(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "freecell_tui", "klondike", "--games", "3", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0
    assert len(result.stdout.splitlines()) == 4
