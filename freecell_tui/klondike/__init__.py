"""The automatic Klondike player: fixed rules, many games, for money.

Pure (no Textual): :mod:`.engine` plays by the rules (fast, on small integers), :mod:`.table`
keeps a game's record (every move, the table after it) as a person reads it, :mod:`.deck`
shuffles and reads decks, :mod:`.money` keeps the score, :mod:`.runner` spreads games over
processes and :mod:`.text` prints records and summaries.
"""
