"""The store is pure like the core: importing it (and the saves commands) loads no Textual or Rich."""

from __future__ import annotations

import subprocess
import sys


def test_the_store_and_its_commands_import_no_textual_or_rich() -> None:
    code = (
        "import sys, freecell_tui.store, freecell_tui.cli.saves; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
