"""A package's names imported only when first used (PEP 562): a command imports only the
modules it uses."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_names"]


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
