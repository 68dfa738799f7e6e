"""A game's memory under a storm: the real program in tmux, a seeded storm of keys, clicks, drags,
wheel turns and resizes thrown at it for N seconds, its resident memory read as it goes.

    .venv/bin/python benchmarks/memory_bench.py [--seconds 600] [--seed 1] [--command '…']

The game runs with HOME and the XDG folders in a fresh temporary folder (its saves never touch
yours). The storm is the mix ``storm-tui`` throws: keys the game knows (new deals, hints,
auto-solve, undo, the screens), presses, drags and wheel turns at random cells, and one event in
four a resize (between 1x1 and 250x70), with a pause of 0 to 60 ms between events.

Prints the resident memory (VmRSS) every minute, then at the end: the peak (VmHWM), the memory
after the storm, 10 s later, and once every search has ended (130 s later: a par search runs
120 s at most), how much of it is the process's own (anonymous) and
how much mapped files (libraries, shared with other processes that map them). Exit status 0 when the game lived through the storm.

Needs tmux. The machine's load changes the number of events thrown, not what a game keeps.
"""

from __future__ import annotations

import argparse
import random
import shlex
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from freecell_tui.session.par import PAR_SECONDS  # noqa: E402

KEYS = [
    *"12345678abcdhuifnpst?+-",
    *("Escape", "Enter", "Tab", "C-p", "PgDn", "PgUp", "F1", "F2", "C-y", "C-z", "Space"),
    *("Up", "Down", "Left", "Right", "BSpace", ":"),
]
SIZES = [(1, 1), (2, 2), (10, 5), (20, 10), (63, 23), (64, 24), (80, 24), (100, 32), (200, 60)]
SIZES += [(30, 100), (250, 10)]
#: Seconds between two readings of the game's memory.
READ_EVERY = 5.0
#: Seconds from the storm's end to the last reading: the last deal's par search (bounded by
#: PAR_SECONDS) has ended by then.
QUIET = PAR_SECONDS + 10.0


@dataclass
class Readings:
    """The game's resident memory (MB) as the storm went, by seconds since it started."""

    rss: list[tuple[float, float]] = field(default_factory=list)
    events: int = 0
    resizes: int = 0


def tmux(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, errors="replace")


def status(pid: int) -> dict[str, float]:
    """Fields of ``/proc/PID/status`` and ``smaps_rollup`` in MB ({} once the process ended)."""
    found: dict[str, float] = {}
    try:
        for name in ("status", "smaps_rollup"):
            for line in Path(f"/proc/{pid}/{name}").read_text().splitlines():
                key, _, value = line.partition(":")
                if value.strip().endswith("kB"):
                    found[key] = int(value.split()[0]) / 1024
    except OSError:
        return {}
    return found


def game_pid(session: str) -> int:
    """The game's process: the one child of the pane's shell."""
    shell = tmux("list-panes", "-t", session, "-F", "#{pane_pid}").stdout.split()[0]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        children = Path(f"/proc/{shell}/task/{shell}/children").read_text().split()
        if children:
            return int(children[0])
        time.sleep(0.1)
    raise SystemExit("memory_bench: the game did not start")


def throw(
    session: str, rng: random.Random, size: tuple[int, int], readings: Readings
) -> tuple[int, int]:
    """One event of the storm (after a resize, one time in four); the terminal's size now."""
    if rng.random() < 0.25:
        size = (
            rng.choice(SIZES) if rng.random() < 0.6 else (rng.randint(1, 250), rng.randint(1, 70))
        )
        tmux("resize-window", "-t", session, "-x", str(size[0]), "-y", str(size[1]))
        readings.resizes += 1
    w, h = size
    x1, y1, x2, y2 = rng.randint(1, w), rng.randint(1, h), rng.randint(1, w), rng.randint(1, h)
    roll = rng.random()
    if roll < 0.5:
        tmux("send-keys", "-t", session, rng.choice(KEYS))
    else:
        if roll < 0.75:
            sequence = f"\x1b[<0;{x1};{y1}M\x1b[<0;{x1};{y1}m"
        elif roll < 0.9:
            middle = f"{(x1 + x2) // 2};{(y1 + y2) // 2}"
            sequence = f"\x1b[<0;{x1};{y1}M\x1b[<32;{middle}M\x1b[<32;{x2};{y2}M\x1b[<0;{x2};{y2}m"
        else:
            sequence = f"\x1b[<35;{x1};{y1}M"
        tmux("send-keys", "-t", session, "-l", sequence)
    readings.events += 1
    return size


def storm(session: str, pid: int, seconds: float, seed: int) -> Readings:
    rng = random.Random(seed)
    readings = Readings()
    size = (100, 32)
    started = next_read = time.monotonic()
    while (now := time.monotonic()) - started < seconds:
        if now >= next_read:
            found = status(pid)
            if not found:
                break  # the game ended
            readings.rss.append((now - started, found["VmRSS"]))
            if len(readings.rss) % round(60 / READ_EVERY) == 1:
                print(
                    f"  {now - started:5.0f} s: {found['VmRSS']:6.1f} MB, {readings.events:,} events"
                )
            next_read = now + READ_EVERY
        size = throw(session, rng, size, readings)
        time.sleep(rng.uniform(0, 0.06))
    return readings


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--command", default=f"{shlex.quote(sys.executable)} -m freecell_tui --deal 7"
    )
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="memory-bench-"))
    environment = {
        "HOME": str(home),
        "XDG_DATA_HOME": f"{home}/.local/share",
        "XDG_CONFIG_HOME": f"{home}/.config",
        "XDG_STATE_HOME": f"{home}/.local/state",
        "XDG_CACHE_HOME": f"{home}/.cache",
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
    }
    setting = " ".join(f"{key}={shlex.quote(value)}" for key, value in environment.items())
    session = "memory-bench-" + uuid.uuid4().hex[:8]
    ended = home / "ended"
    shell = f"env {setting} {args.command}; echo $? > {shlex.quote(str(ended))}; sleep 3600"
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "32", shell)
    tmux("set-option", "-t", session, "window-size", "manual")
    try:
        pid = game_pid(session)
        time.sleep(5.0)
        start = status(pid)
        print(f"started: {start.get('VmRSS', 0):.1f} MB (5 s after start, before any input)")
        readings = storm(session, pid, args.seconds, args.seed)
        tmux("resize-window", "-t", session, "-x", "100", "-y", "32")
        after = status(pid)
        time.sleep(10.0)
        soon = status(pid)
        time.sleep(QUIET - 10.0)
        quiet = status(pid)
        alive = bool(quiet)
        print(
            f"{readings.events:,} events ({readings.resizes:,} resizes) in {args.seconds:.0f} s, seed "
            f"{args.seed}; the game {'lived' if alive else 'ENDED'}"
        )
        if not alive:
            code = ended.read_text().strip() if ended.exists() else "?"
            print(f"it ended with status {code} (a crash report, if any, is under {home})")
            return 1
        print(
            f"peak {quiet['VmHWM']:.1f} MB; after the storm {after['VmRSS']:.1f} MB; 10 s later "
            f"{soon['VmRSS']:.1f} MB; {QUIET:.0f} s later {quiet['VmRSS']:.1f} MB (own "
            f"{quiet['Anonymous']:.1f} MB, mapped files {quiet['VmRSS'] - quiet['Anonymous']:.1f} MB)"
        )
        return 0
    finally:
        tmux("kill-session", "-t", session)


if __name__ == "__main__":
    sys.exit(main())
