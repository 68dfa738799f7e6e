"""What the browser server lets in: who may connect, and which of a tab's messages reach its game.

Who. Every request (the page, its files, the websocket, a download) must come with the server's
secret token, and from a page the server itself sent:

- the token is in the address ``serve`` printed (``/?token=…``); the page puts it in the
  address of each of its files (``?token=…``) and of its websocket (``/ws/TOKEN``). It is never
  a cookie: browsers keep cookies per host, not per port, and would send it to every other
  server on this computer. A download's key, a secret of the page whose game delivers it, stands
  for the token while that download lasts. Tokens are compared with :func:`hmac.compare_digest`;
- ``Host`` must name this server: for a loopback address only ``localhost`` and loopback
  addresses; for a wildcard (``0.0.0.0``, ``::``) an address, ``localhost`` or this computer's
  own names; for anything else, that name or address as well. A name served by somebody else's
  DNS (DNS rebinding) is refused, and an address cannot be rebound;
- ``Origin``, which browsers send with every websocket and with scripts' requests, must be the
  page's own (``http://`` + ``Host``). Programs other than browsers send none.

What. A tab's messages are JSON lists ``[type, data]``; anything else, or data of the wrong
type, is dropped; a terminal size is clamped to :data:`SIZE_LIMITS` (a game asked to draw
100,000 × 100,000 cells would grow without limit).
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

__all__ = [
    "SIZE_LIMITS",
    "Guard",
    "Message",
    "clamp_size",
    "machine_addresses",
    "parse_message",
]

#: The smallest and largest terminal a game is asked to draw, in cells: (low, high).
SIZE_LIMITS = (1, 1000)
#: Names of this computer, whatever address it listens on.
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
WILDCARDS = frozenset({"", "0.0.0.0", "::", "[::]"})


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None


def _is_loopback(name: str) -> bool:
    address = _address(name)
    return name.lower() in LOOPBACK_NAMES if address is None else address.is_loopback


def host_name(header: str) -> str:
    """The host of a ``Host`` header or of an origin's ``host[:port]``, lower case, without
    the port or an IPv6 address's brackets (``""`` when there is none)."""
    header = header.strip().lower()
    if header.startswith("["):  # [::1]:8000
        return header[1 : header.find("]")] if "]" in header else ""
    if header.count(":") == 1:
        header = header.split(":", 1)[0]
    return header


def clamp_size(value: object, default: int) -> int:
    """A terminal width or height from a page: a whole number within :data:`SIZE_LIMITS`
    (a number given as text too, as in the websocket's address); ``default`` when it is none."""
    low, high = SIZE_LIMITS
    number: int
    if isinstance(value, bool):
        number = default
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float) and value == value and abs(value) != float("inf"):
        number = int(value)
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        number = int(value.strip()[:6])  # 6 digits is over the limit already
    else:
        number = default
    return min(max(number, low), high)


@dataclass(frozen=True)
class Message:
    """One message of a tab, checked: ``kind`` is stdin, resize, ping, focus or blur."""

    kind: str
    text: str = ""  # stdin: what was typed
    width: int = 0  # resize
    height: int = 0
    data: object = None  # ping: echoed back


def parse_message(text: str) -> Message | None:
    """A tab's message, or ``None`` for anything the page does not send (which is dropped)."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than Python parses
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and isinstance(data, str):
        return Message(kind, text=data)
    if kind == "resize" and isinstance(data, dict):
        width, height = data.get("width"), data.get("height")
        if not all(isinstance(n, int | float) and not isinstance(n, bool) for n in (width, height)):
            return None
        return Message(kind, width=clamp_size(width, 80), height=clamp_size(height, 24))
    if kind == "ping" and isinstance(data, str | int | float):
        return Message(kind, data=data)
    if kind in ("focus", "blur"):
        return Message(kind)
    return None


def machine_addresses() -> list[str]:
    """This computer's addresses that other devices may reach it at (not loopback), found
    without sending anything: the host name's addresses, and the one a route to the outside
    would leave from (a UDP socket's ``connect`` only picks the route)."""
    found: list[str] = []
    with_names: list[str] = []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)
        with_names = [str(info[4][0]) for info in infos]
    except (OSError, UnicodeError):
        pass
    for family, outside in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((outside, 9))
                with_names.append(str(probe.getsockname()[0]))
        except OSError:
            continue
    for text in with_names:
        address = _address(text.split("%", 1)[0])
        if address is None or address.is_loopback or address.is_unspecified:
            continue
        if address.is_link_local:  # fe80::…: needs an interface name to be reached
            continue
        if str(address) not in found:
            found.append(str(address))
    return found


def machine_names() -> set[str]:
    """The names this computer goes by on its network (``name``, ``name.local``, its FQDN)."""
    names: set[str] = set()
    try:
        short = socket.gethostname().lower()
        names |= {short, f"{short}.local", socket.getfqdn().lower()}
    except (OSError, UnicodeError):
        pass
    return {name for name in names if name}


class Guard:
    """Who may connect to a server listening on ``listen_host`` with secret ``token``."""

    def __init__(self, token: str, listen_host: str) -> None:
        self.token = token
        listen = host_name(listen_host) if listen_host not in WILDCARDS else ""
        self._loopback_only = bool(listen) and _is_loopback(listen)
        self._wildcard = listen == "" or listen_host in WILDCARDS
        self._names = {listen} | ({"localhost"} if not self._loopback_only else set())
        if not self._loopback_only:
            self._names |= machine_names()

    def host_allowed(self, host_header: str) -> bool:
        """Whether a request's ``Host`` names this server (see the module's rules)."""
        name = host_name(host_header)
        if not name:
            return False
        if _is_loopback(name):
            return True
        if self._loopback_only:
            return False
        return (self._wildcard and _address(name) is not None) or name in self._names

    @staticmethod
    def origin_allowed(origin: str | None, host_header: str) -> bool:
        """Whether a request comes from the page this server sent (or from no page at all)."""
        if origin is None:
            return True
        parts = urlsplit(origin.strip())
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return False  # "null" (a sandboxed frame, a file) and anything unexpected
        return parts.netloc.lower() == host_header.strip().lower()

    def token_matches(self, candidates: Iterable[str | None]) -> bool:
        """Whether any of the tokens a request carries is this server's."""
        import hmac  # here: each served game imports this module, and hmac OpenSSL's hashes

        expected = self.token.encode()
        return any(
            hmac.compare_digest(candidate.encode("utf-8", "replace"), expected)
            for candidate in candidates
            if candidate
        )

    def refusal(
        self,
        host_header: str | None,
        origin: str | None,
        tokens: Iterable[str | None],
        *,
        delivery: bool = False,
    ) -> str | None:
        """Why a request is refused, in a sentence for the 403 page; ``None`` to let it in.
        ``delivery``: the request names a download being delivered (its key stands for the
        token)."""
        if host_header is None or not self.host_allowed(host_header):
            return "This server does not answer to that name."
        if not self.origin_allowed(origin, host_header):
            return "Only the page this server sent can connect to it."
        if not delivery and not self.token_matches(tokens):
            return (
                "This address needs the token that freecell-tui serve printed: open the "
                "address it printed, with its ?token=…"
            )
        return None
