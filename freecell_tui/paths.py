"""Where the game keeps its data: ``--data-dir``, else ``$FREECELL_TUI_DATA_DIR``, else
platformdirs' user data dir for ``freecell-tui``; and where the player's config file is:
``$FREECELL_TUI_CONFIG``, else ``config.toml`` in platformdirs' user config dir."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "FREECELL_TUI_DATA_DIR"
CONFIG_ENV_VAR = "FREECELL_TUI_CONFIG"
CONFIG_NAME = "config.toml"


def data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    # os.path.expanduser leaves a ~user whose home is not known as written (Path's raises).
    if explicit:
        return Path(os.path.expanduser(explicit))
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(os.path.expanduser(env))
    from platformdirs import user_data_dir

    return Path(user_data_dir("freecell-tui", appauthor=False))


def config_path() -> Path:
    """The player's config file (see ``docs/config.md``): the file ``$FREECELL_TUI_CONFIG``
    names, else ``config.toml`` in the user config dir (``~/.config/freecell-tui`` on Linux)."""
    env = os.environ.get(CONFIG_ENV_VAR)
    if env:
        return Path(os.path.expanduser(env))
    from platformdirs import user_config_dir

    return Path(user_config_dir("freecell-tui", appauthor=False)) / CONFIG_NAME
