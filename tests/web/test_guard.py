"""The rules of :mod:`freecell_tui.ui.web.guard`, one by one (the server answering by them:
test_server_guard.py, test_hostile_tabs.py)."""

from __future__ import annotations

import ipaddress

import pytest

from freecell_tui.ui.web.guard import (
    SIZE_LIMITS,
    Guard,
    Message,
    clamp_size,
    host_name,
    machine_addresses,
    parse_message,
)

TOKEN = "s3cret-token_x"


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("127.0.0.1:8000", "127.0.0.1"),
        ("LocalHost:8000", "localhost"),
        ("[::1]:8000", "::1"),
        ("[::1]", "::1"),
        ("example.org", "example.org"),
        ("", ""),
        ("[::1", ""),
    ],
)
def test_the_host_of_a_header(header: str, name: str) -> None:
    assert host_name(header) == name


@pytest.mark.parametrize(
    ("listen", "host", "allowed"),
    [
        ("127.0.0.1", "127.0.0.1:8000", True),
        ("127.0.0.1", "localhost:8000", True),
        ("127.0.0.1", "[::1]:8000", True),
        ("127.0.0.1", "evil.example:8000", False),  # DNS rebinding
        ("127.0.0.1", "192.168.1.5:8000", False),
        ("127.0.0.1", "", False),
        ("localhost", "localhost", True),
        ("localhost", "attacker.localhost.evil.example", False),
        ("0.0.0.0", "192.168.1.5:8000", True),  # an address cannot be rebound
        ("0.0.0.0", "[fd00::5]:8000", True),
        ("0.0.0.0", "127.0.0.1:8000", True),
        ("0.0.0.0", "evil.example:8000", False),
        ("::", "evil.example", False),
        ("192.168.1.5", "192.168.1.5:8000", True),
        ("192.168.1.5", "evil.example:8000", False),
        ("freecell.example.org", "FreeCell.example.org:8000", True),
        ("freecell.example.org", "evil.example:8000", False),
    ],
)
def test_only_this_servers_names_are_answered(listen: str, host: str, allowed: bool) -> None:
    assert Guard(TOKEN, listen).host_allowed(host) is allowed


@pytest.mark.parametrize(
    ("origin", "host", "allowed"),
    [
        (None, "127.0.0.1:8000", True),  # not a browser: curl, a script
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("https://127.0.0.1:8000", "127.0.0.1:8000", True),  # behind an https proxy
        ("http://LOCALHOST:8000", "localhost:8000", True),
        ("http://localhost:8000", "127.0.0.1:8000", False),  # another origin
        ("http://127.0.0.1:8001", "127.0.0.1:8000", False),
        ("http://evil.example", "127.0.0.1:8000", False),
        ("null", "127.0.0.1:8000", False),
        ("file://", "127.0.0.1:8000", False),
        ("", "127.0.0.1:8000", False),
    ],
)
def test_only_the_servers_own_page_may_connect(
    origin: str | None, host: str, allowed: bool
) -> None:
    assert Guard.origin_allowed(origin, host) is allowed


def test_the_token_must_be_exactly_this_servers() -> None:
    guard = Guard(TOKEN, "127.0.0.1")
    assert guard.token_matches([None, None, TOKEN])
    for wrong in ([], [None], [""], [TOKEN[:-1]], [TOKEN + "x"], [TOKEN.upper()], ["\udcff"]):
        assert not guard.token_matches(wrong)


def test_a_refusal_says_why_in_one_sentence() -> None:
    guard = Guard(TOKEN, "127.0.0.1")
    assert guard.refusal("127.0.0.1:8000", None, [TOKEN]) is None
    assert guard.refusal(None, None, [TOKEN]) == "This server does not answer to that name."
    assert guard.refusal("127.0.0.1:8000", "http://evil.example", [TOKEN]) == (
        "Only the page this server sent can connect to it."
    )
    assert "needs the token" in (guard.refusal("127.0.0.1:8000", None, ["x"]) or "")
    # A download being delivered: its key stands for the token, not for the Host or the Origin.
    assert guard.refusal("127.0.0.1:8000", None, [None], delivery=True) is None
    assert guard.refusal("evil.example", None, [None], delivery=True) is not None
    assert guard.refusal("127.0.0.1:8000", "http://evil.example", [], delivery=True) is not None


@pytest.mark.parametrize(
    ("value", "size"),
    [
        (120, 120),
        (0, 1),
        (-5, 1),
        (100_000, 1000),
        (10**30, 1000),
        (99.7, 99),
        (float("nan"), 80),
        (float("inf"), 80),
        (True, 80),
        (None, 80),
        ("x", 80),
        ("120", 120),
        ("9" * 5000, 1000),
        ("-3", 80),
        ("١٢", 80),  # digits of another script: not what a page sends
    ],
)
def test_a_size_is_a_whole_number_within_the_limits(value: object, size: int) -> None:
    assert clamp_size(value, 80) == size
    assert SIZE_LIMITS == (1, 1000)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('["stdin", "3"]', Message("stdin", text="3")),
        (
            '["resize", {"width": 100000, "height": 100000}]',
            Message("resize", width=1000, height=1000),
        ),
        ('["resize", {"width": 0, "height": -1}]', Message("resize", width=1, height=1)),
        ('["ping", "1700000000"]', Message("ping", data="1700000000")),
        ('["focus"]', Message("focus")),
        ('["blur"]', Message("blur")),
        ('["resize", {"width": "x", "height": 24}]', None),
        ('["resize", {"width": null, "height": null}]', None),
        ('["resize", {"width": true, "height": 24}]', None),
        ('["resize", null]', None),
        ('["stdin", null]', None),
        ('["stdin", 5]', None),
        ('["ping", {"a": [1]}]', None),
        ('["quit"]', None),
        ("[]", None),
        ("[5]", None),
        ("{}", None),
        ("null", None),
        ("not json", None),
        ("[" * 100_000, None),
        ("[" * 30_000 + "]" * 30_000, None),
    ],
)
def test_a_tab_message_is_taken_only_as_the_page_sends_it(
    text: str, message: Message | None
) -> None:
    assert parse_message(text) == message


def test_the_machines_addresses_are_ones_other_devices_can_use() -> None:
    addresses = machine_addresses()
    for text in addresses:
        address = ipaddress.ip_address(text)
        assert not (address.is_loopback or address.is_unspecified or address.is_link_local)
    assert len(addresses) == len(set(addresses))
