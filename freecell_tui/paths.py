"""Where the game keeps its data: ``--data-dir``, else ``$FREECELL_TUI_DATA_DIR``, else
platformdirs' user data dir for ``freecell-tui``."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "FREECELL_TUI_DATA_DIR"


def data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    # os.path.expanduser leaves a ~user whose home is not known as written (Path's raises).
    if explicit:
        return Path(os.path.expanduser(explicit))
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(os.path.expanduser(env))
    from platformdirs import user_data_dir

    return Path(user_data_dir("freecell-tui", appauthor=False))
