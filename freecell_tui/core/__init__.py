"""The pure FreeCell core: cards, positions, rules, deals, notation, games and the solver.

Nothing here imports Textual or Rich; ``tests/core/test_purity.py`` proves it.
"""
