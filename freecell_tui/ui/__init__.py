"""The full-screen Textual game. Import :mod:`freecell_tui.ui.app` for the app itself; this package
stays import-light so that the command line can load it without Textual."""
