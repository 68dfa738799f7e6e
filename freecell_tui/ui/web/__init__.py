"""Play in a browser: the server `serve` runs, its guard, the driver, and what the game does differently there."""
