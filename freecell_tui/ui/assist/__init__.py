"""The solver's helpers for the screens: hints and winnability, auto-solve's plan, par's search."""
