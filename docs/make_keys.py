"""Remake the commands table of docs/keys.md (between its ``commands`` markers) from the command
table: :func:`freecell_tui.ui.commands.keys_markdown`. The rest of the page is left as written;
tests/test_docs.py fails when the table in the page is not the one this writes.

Run from the checkout: ``python docs/make_keys.py``.
"""

from __future__ import annotations

from pathlib import Path

from freecell_tui.ui.commands import keys_markdown

KEYS_MD = Path(__file__).resolve().parent / "keys.md"
#: The line before the table (the rest of that line is a note) and the line after it.
START = "<!-- commands:"
END = "<!-- end of commands -->"


def with_table(text: str) -> str:
    """``text`` (docs/keys.md) with the commands table of today's command table."""
    start = text.index("\n", text.index(START)) + 1
    end = text.index(END, start)
    return text[:start] + keys_markdown() + text[end:]


def main() -> None:
    text = KEYS_MD.read_text(encoding="utf-8")
    made = with_table(text)
    if made == text:
        print(f"{KEYS_MD} is up to date")
    else:
        KEYS_MD.write_text(made, encoding="utf-8")
        print(f"wrote the commands table of {KEYS_MD}")


if __name__ == "__main__":
    main()
