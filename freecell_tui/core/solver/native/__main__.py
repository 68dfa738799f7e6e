"""``python -m freecell_tui.core.solver.native``: compile the solver's accelerator into numba's
cache now (after ``pip install 'freecell-tui[fast]'``), saying so while it works, rather than in
the background of the first search that runs long. ``--background`` is the quiet compile the
solver starts by itself (:func:`.prepare`)."""

from __future__ import annotations

import argparse
import sys
import time

from freecell_tui.core.solver import native


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m freecell_tui.core.solver.native",
        description="Compile the solver's accelerator (numba) into its cache.",
    )
    parser.add_argument("--background", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.background:
        return native.build(background=True)
    if native.compiled():
        print(f"Loading the solver's accelerator from {native.cache_dir()}...", flush=True)
    elif native.compiling():
        print(
            f"Waiting for the compile of the solver's accelerator under way in "
            f"{native.cache_dir()}...",
            flush=True,
        )
    else:
        print(
            f"Compiling the solver's accelerator into {native.cache_dir()} (once; 15-60 s)...",
            flush=True,
        )
    started = time.monotonic()
    try:
        native.build(background=False)
    except Exception as error:  # numba missing or failing: say it in one line
        print(f"Not compiled ({type(error).__name__}: {error}); the pure solver answers alone.")
        return 1
    print(f"Ready in {time.monotonic() - started:.1f} s; later runs load it in under a second.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
