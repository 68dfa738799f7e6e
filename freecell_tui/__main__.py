"""``python -m freecell_tui``: the same as the ``freecell-tui`` command."""

import sys

from freecell_tui.cli import main

sys.exit(main())
