"""The board: the widget, its piles and the pure helpers that say where cards go and what a gesture means."""
