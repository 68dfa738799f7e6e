"""What a start imports: a package's names imported only when first used (PEP 562), so that a
command imports only the modules it uses, and the big imports made without the cycle collector
(:func:`frozen_imports`)."""

from __future__ import annotations

import gc
import importlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

__all__ = ["frozen_imports", "lazy_names"]


def lazy_names(
    package: str, homes: Mapping[str, str], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """The module ``__getattr__`` of ``package``: a name of ``homes`` is read from its module
    (``homes[name]``, a submodule of ``package``) when first asked for, then kept in the
    package's ``namespace``; any other name is an ``AttributeError``."""

    def find(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    return find


@contextmanager
def frozen_imports() -> Iterator[None]:
    """Import without the cycle collector, then freeze what the program holds so far
    (:func:`gc.freeze`): modules, classes and functions live as long as the program, and
    every later collection would walk them again. (The full-screen game's start: some 60 ms
    of collections, one of them of every object, down to 9.) Reference counting still frees
    what is let go; the collector is left as it was found."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
