"""The board's widgets: piles (columns, free cells, foundations), the status lines, the command line."""
