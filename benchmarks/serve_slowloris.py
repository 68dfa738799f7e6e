"""Whether ``freecell-tui serve`` keeps answering a real tab under a slowloris (issue 40).

``freecell-tui serve`` runs with the usual open-file limit (``--open-files``, 1,024 by default;
the soft limit, which serve raises as far as it may, or with ``--hard`` the hard one too) while this script holds ``--connections`` connections (2,000 by default) that never finish
their request: each sends the start of one and then a header line a second; a connection the
server closes is opened again at once, for ``--seconds`` (from a process of its own).
Meanwhile, once a second, a real tab
opens: the page (with the token), then the page's script, then the game's websocket up to its
first screen bytes. It prints, for the tabs during the attack and for tabs without one:

- *page*: the page's answer, in seconds (a request that got no answer within 10 s is a miss);
- *script*: the page's ``textual.js``;
- *handshake*: the websocket let in (101);
- *first bytes*: the game's first screen bytes (a game process starting: Python, Textual,
  the store, so seconds on a loaded machine, attack or not);

and serve's standard error at the end: its lines and bytes.

Run by hand (needs the web extra): ``python benchmarks/serve_slowloris.py [--connections N]
[--seconds S] [--open-files N] [--hard]``. It also prints serve's memory (RSS) at the end of
the attack.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

MISS = 10.0  # seconds: a step that has not answered by then is a miss


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_serve(
    port: int, data: Path, open_files: int, hard: bool, stderr: Path
) -> tuple[subprocess.Popen[bytes], str]:
    """``freecell-tui serve`` with ``open_files`` as its open-file limit (the soft one, which
    serve may raise, or the hard one too when ``hard``); its printed address."""

    def limited() -> None:
        high = open_files if hard else resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, high))

    command = [sys.executable, "-m", "freecell_tui", "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--data-dir", str(data)],
        stdout=subprocess.PIPE,
        stderr=stderr.open("wb"),
        preexec_fn=limited,
    )
    assert process.stdout is not None
    line = process.stdout.readline().decode()
    found = re.search(r"http://\S+\?token=[\w-]+", line)
    if found is None:
        process.kill()
        sys.exit(f"serve printed no address: {line!r}")
    return process, found.group(0)


async def hold(port: int, stop: asyncio.Event, opened: list[int]) -> None:
    """One slowloris connection, opened again whenever the server closes it."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port), timeout=5
            )
        except (TimeoutError, OSError):
            await asyncio.sleep(0.5)
            continue
        opened[0] += 1
        try:
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            while not stop.is_set():
                try:
                    if await asyncio.wait_for(reader.read(1024), timeout=1) == b"":
                        break  # closed by the server
                except TimeoutError:
                    writer.write(b"X-Slow: 1\r\n")
                    await writer.drain()
        except OSError:
            pass
        finally:
            writer.close()


async def timed(step: object) -> float:
    start = time.monotonic()
    try:
        await asyncio.wait_for(step, timeout=MISS)  # type: ignore[arg-type]
    except (TimeoutError, aiohttp.ClientError, OSError):
        return float("inf")
    return time.monotonic() - start


async def one_tab(url: str) -> dict[str, float]:
    """A real tab: the page, its script, the websocket's handshake and first screen bytes."""
    base, token = url.split("?token=")
    times: dict[str, float] = {}
    timeout = aiohttp.ClientTimeout(total=MISS)
    async with aiohttp.ClientSession(timeout=timeout) as session:

        async def get(address: str) -> None:
            async with session.get(address) as answer:
                await answer.read()
                answer.raise_for_status()

        times["page"] = await timed(get(url))
        times["script"] = await timed(get(f"{base}static/js/textual.js?token={token}"))
        socket_url = f"ws{base[4:]}ws/{token}?width=100&height=32"
        start = time.monotonic()
        try:
            async with session.ws_connect(
                socket_url, timeout=aiohttp.ClientWSTimeout(ws_receive=MISS)
            ) as ws:
                times["handshake"] = time.monotonic() - start
                message = await asyncio.wait_for(ws.receive(), timeout=MISS)
                good = message.type == aiohttp.WSMsgType.BINARY
                times["first bytes"] = time.monotonic() - start if good else float("inf")
        except (TimeoutError, aiohttp.ClientError, OSError):
            times.setdefault("handshake", float("inf"))
            times["first bytes"] = float("inf")
    return times


def summary(name: str, runs: list[dict[str, float]]) -> None:
    print(f"{name} ({len(runs)} tabs):")
    for step in ("page", "script", "handshake", "first bytes"):
        values = [run[step] for run in runs]
        answered = sorted(v for v in values if v != float("inf"))
        missed = len(values) - len(answered)
        if answered:
            print(
                f"  {step:12} median {statistics.median(answered):6.3f} s, "
                f"highest {answered[-1]:6.3f} s, missed {missed}"
            )
        else:
            print(f"  {step:12} all {missed} missed")


def rss_mb(pid: int) -> float:
    """A process's resident memory, in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def slowloris(port: int, connections: int) -> None:
    """The attacker (a process of its own, so that its load does not slow the tab's timing):
    holds ``connections`` until its standard input closes, then prints how many it opened."""
    stop = asyncio.Event()
    opened = [0]
    holders = [asyncio.create_task(hold(port, stop, opened)) for _ in range(connections)]
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    stop.set()
    await asyncio.gather(*holders, return_exceptions=True)
    print(opened[0], flush=True)


async def attack(url: str, port: int, pid: int, connections: int, seconds: float) -> None:
    quiet = [await one_tab(url) for _ in range(3)]
    attacker = subprocess.Popen(
        [sys.executable, __file__, "--slowloris", str(port), "--connections", str(connections)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    await asyncio.sleep(5)  # the connections opened
    attacked: list[dict[str, float]] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        attacked.append(await one_tab(url))
        await asyncio.sleep(1)
    memory = rss_mb(pid)
    opened, _ = attacker.communicate("")
    print(
        f"slowloris: {connections} connections held, {int(opened):,} opened in all; "
        f"serve's memory at the end: {memory:.0f} MB"
    )
    summary("without an attack", quiet)
    summary("during the attack", attacked)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--open-files", type=int, default=1024)
    parser.add_argument(
        "--hard",
        action="store_true",
        help="make --open-files the hard limit too (serve cannot raise it)",
    )
    parser.add_argument("--slowloris", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.slowloris:
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        if hard < args.connections + 100:
            sys.exit(f"this process may open only {hard} files: raise the hard limit")
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        asyncio.run(slowloris(args.slowloris, args.connections))
        return
    with tempfile.TemporaryDirectory() as folder:
        stderr = Path(folder) / "stderr"
        port = free_port()
        process, url = start_serve(port, Path(folder) / "data", args.open_files, args.hard, stderr)
        try:
            started = time.monotonic()
            asyncio.run(attack(url, port, process.pid, args.connections, args.seconds))
            elapsed = time.monotonic() - started
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        text = stderr.read_bytes()
        lines = text.decode("utf-8", "replace").splitlines()
        print(
            f"serve's standard error over {elapsed:.0f} s: {len(lines):,} lines, "
            f"{len(text):,} bytes; exit code {process.returncode}"
        )
        for line in list(dict.fromkeys(lines))[:10]:
            print(f"  {line[:160]}")


if __name__ == "__main__":
    main()
