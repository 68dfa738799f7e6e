"""How long the game takes to answer a key after a huge paste, in a real terminal (a pty).

The game runs as ``freecell-tui --deal 1 --autoplay off`` in a 100x32 pseudo-terminal
(``tests/terminal.py``). A bracketed paste goes to the ``:`` line (``:`` first) or to the save
screen's import prompt (``s``, ``i``, the offered text cleared with Ctrl+U); right after it, in
the same write, come the keys that close what is open (Esc; Esc again on the save screen) and
the move ``3a``. The figure is the time from that write until ``3a`` is in the autosave (the
move played: every key after the paste was read and acted on), with the game's CPU time (user
and system, from ``/proc``) over the same span and its peak memory (``VmHWM``) at the end.

The pastes: 100 KB of text (``3a 18v3 deal 617 `` repeated), and 77 KB full of escape
sequences (colour codes and arrow keys around each word).

Run by hand: ``.venv/bin/python benchmarks/paste_bench.py [--rounds 3]``. Method and figures:
``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.terminal import Terminal  # noqa: E402

PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
TEXT = ("3a 18v3 deal 617 " * 6100)[:100_000]
ESCAPES = ("\x1b[31m3a\x1b[0m \x1b[A\x1b[1;5D deal\x1b[K " * 2100)[:77_000]
#: Where the paste goes: the keys before it, and the keys after it that close what is open.
PLACES = {
    ":": (":", "\x1b"),
    "import": ("si\x15", "\x1b"),
}
SETTLE = 0.3  # seconds between the keys that open a screen (each drawn before the next)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def one(place: str, paste: str) -> tuple[float, float, float]:
    """Seconds until 3a is played after the paste, the game's CPU seconds meanwhile, peak MB."""
    before, close = PLACES[place]
    with tempfile.TemporaryDirectory() as folder:
        term = Terminal(Path(folder), "--deal", "1", "--autoplay", "off")
        try:
            term.wait_until_up()
            for key in before:
                term.write(key)
                time.sleep(SETTLE)
            cpu = cpu_seconds(term.process.pid)
            started = time.monotonic()
            closing = close if place == ":" else close + "\x1b[27u"  # Esc, then Esc as CSI-u
            term.write(PASTE_START + paste + PASTE_END + closing + "3a")
            played = "SELECT turns FROM autosaves"
            term.wait(lambda: term.rows(played) == [('["3a"]',)], "3a played after the paste")
            seconds = time.monotonic() - started
            return seconds, cpu_seconds(term.process.pid) - cpu, peak_mb(term.process.pid)
        finally:
            term.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    for place in PLACES:
        for name, paste in (("100 KB text", TEXT), ("77 KB escapes", ESCAPES)):
            runs = [one(place, paste) for _ in range(args.rounds)]
            wall = statistics.median(run[0] for run in runs)
            cpu = statistics.median(run[1] for run in runs)
            peak = max(run[2] for run in runs)
            spread = f"{min(r[0] for r in runs):.2f}-{max(r[0] for r in runs):.2f}"
            print(
                f"{place:>6} {name:<14} answered in {wall:.2f} s ({spread}), "
                f"CPU {cpu:.2f} s, peak {peak:.0f} MB"
            )


if __name__ == "__main__":
    main()
