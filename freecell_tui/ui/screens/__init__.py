"""The game's screens: the board, dialogs and help (each module imports Textual on its own)."""
