"""The automatic Klondike player: fixed rules, many games, for money.

Pure (no Textual): :mod:`.engine` is the readable rules engine that records every move,
:mod:`.fast` plays the same games fast without a record, :mod:`.deck` shuffles and reads decks,
:mod:`.money` keeps the score, :mod:`.runner` spreads games over processes and :mod:`.text`
prints records and summaries.
"""
