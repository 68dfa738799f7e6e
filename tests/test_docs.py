"""The docs say what the code does: the commands table of docs/keys.md is the command table's."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from freecell_tui.session.table import COMMANDS
from freecell_tui.ui.commands import keys_markdown

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_keys_md_lists_every_command_as_the_table_declares_it() -> None:
    text = (DOCS / "keys.md").read_text(encoding="utf-8")
    start = text.index("<!-- commands:")
    start = text.index("\n", start) + 1
    end = text.index("<!-- end of commands -->")
    assert text[start:end] == keys_markdown(), (
        "docs/keys.md is out of date: paste keys_markdown() between its commands markers"
    )
    for command in COMMANDS:
        assert command.help in text[start:end]


def test_architecture_md_names_only_things_that_exist() -> None:
    """Every file and every dotted name the architecture page mentions is in the code."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    root = DOCS.parent
    files = re.findall(r"`([a-z_/]+\.py)`", text)
    assert len(files) >= 8
    for name in files:
        assert (root / "freecell_tui" / name).exists() or (root / name).exists(), name
    dotted = re.findall(r"`((?:core|session|store|ui|line|cli)(?:\.[A-Za-z_]+)+)", text)
    assert len(dotted) >= 8
    for name in dotted:
        parts = f"freecell_tui.{name}".split(".")
        for split in range(len(parts), 0, -1):
            try:
                thing: object = importlib.import_module(".".join(parts[:split]))
            except ModuleNotFoundError:
                continue
            for attribute in parts[split:]:
                thing = getattr(thing, attribute)
            break
        else:
            raise AssertionError(name)
