"""Each piece of CSS is parsed once in a test process, not once in every app.

Textual parses the CSS of the app and of each widget class it meets (``Stylesheet._parse_rules``)
for every app, and keeps what it parsed in that app's stylesheet only. A test process starts the
game hundreds of times, each start parsing the same CSS again (some 11 ms of a 100 ms start; a
dialog's first opening in an app parses its own, up to 10 ms more). Here the parsed rules are
kept for the process, by everything the parse depends on: the CSS, where it was read from,
whether it is a widget's default CSS, its tie breaker and scope, and the CSS variables (the
theme). Textual already hands one parse's rules to every later parse of the same CSS in an app
(they are not changed once parsed). A parse that fails is not kept (it raises again). What a test
checks is the same: the game gets the rules a parse of its CSS gives. Checked on Textual 8.2.8; a
Textual without the method parses as it always does.
"""

from __future__ import annotations

from typing import Any

from textual.css.stylesheet import Stylesheet

#: The parsed rules of each (CSS, read from, default, tie breaker, scope, variables).
_PARSED: dict[tuple[Any, ...], Any] = {}


def install() -> None:
    """Keep each parse for the process (see the module's docstring)."""
    parse_rules = getattr(Stylesheet, "_parse_rules", None)
    if parse_rules is None:
        return

    def parse_once(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> Any:
        key = (
            css,
            read_from,
            is_default_rules,
            tie_breaker,
            scope,
            tuple(sorted(self._variables.items())),
        )
        rules = _PARSED.get(key)
        if rules is None:
            rules = _PARSED[key] = parse_rules(
                self, css, read_from, is_default_rules, tie_breaker, scope
            )
        return rules

    Stylesheet._parse_rules = parse_once  # type: ignore[method-assign]
