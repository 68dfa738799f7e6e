"""What a command's start costs: modules that only some commands need are imported when used.
Every command (and every program the suite starts, some 400) pays for what the start imports."""

from __future__ import annotations

import json
import subprocess
import sys

#: Imported only when used: package metadata (12 ms of a start; read when the compiled solver's
#: cache is looked up).
UNUSED_AT_START = ("importlib.metadata",)

PROGRAM = (
    "import json, sys\n"
    "from freecell_tui.cli import main\n"
    "code = main(sys.argv[1:])\n"
    "print(json.dumps(sorted(m for m in sys.modules if m.startswith('importlib.metadata'))),"
    " file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def test_dealing_and_playing_in_line_mode_import_no_package_metadata() -> None:
    for args, stdin in ((["deal", "1"], ""), (["play", "--plain", "--deal", "1"], "3a\nq\n")):
        result = subprocess.run(
            [sys.executable, "-c", PROGRAM, *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr
        imported = json.loads(result.stderr.strip().splitlines()[-1])
        assert not set(imported) & set(UNUSED_AT_START), (args, imported)
