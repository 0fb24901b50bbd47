"""Lazy loading: re-exports for package ``__init__`` modules (PEP 562), and regular expressions
compiled on first use.

A package maps each public name to the module it lives in; the module is imported the first time
the name is read, and the value is then cached in the package. `import agent_system` and the CLI's
start-up (``--version``, shell completion) stay cheap: the LLM client, LangGraph and the router
model load when something uses them, not when a sibling module is imported.

Each package keeps the real imports under ``if TYPE_CHECKING:`` so type checkers and IDEs see the
names; `tests/test_exported_members.py` checks that every name resolves.

The understanding rules are some 1,200 module-level regular expressions; compiling them all was a
third of a one-step ``agent-system ask``, though one request reaches a few hundred at most.
`lazy_pattern` stands in for `re.compile` at module level: the pattern is compiled the first time
it is used.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Mapping
from typing import Any, cast

__all__ = ["LazyPattern", "lazy_pattern", "load"]


def load(package: str, where: Mapping[str, str], name: str) -> Any:
    """The value of `package`.`name`, imported from ``where[name]`` and cached in the package."""
    module = where.get(name)
    if module is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    setattr(sys.modules[package], name, value)
    return value


_BOUND = (
    "search",
    "match",
    "fullmatch",
    "sub",
    "subn",
    "split",
    "findall",
    "finditer",
    "scanner",
    "flags",
    "groups",
    "groupindex",
)
"""What the compiled pattern lends its stand-in once compiled (then plain instance attributes)."""


class LazyPattern:
    """A regular expression compiled the first time one of its methods is used.

    It answers everything `re.Pattern` does; `pattern` (the source) needs no compiling, so a
    rule built from another rule's source stays lazy. After the first use the compiled
    pattern's bound methods are instance attributes: a call costs what it costs on
    `re.Pattern`. Two differences: the `re` module's functions (`re.sub(p, ...)`) want a real
    pattern (call the method, `p.sub(...)`), and a match's `re` is the compiled pattern, not this
    stand-in (to ask which rule matched, compare sources: `found.re.pattern == RULE.pattern`).
    """

    def __init__(self, source: str, flags: int = 0) -> None:
        self.pattern = source
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_flags":  # copy/pickle probes, half-built objects
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self._flags)
        for attribute in _BOUND:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    @property
    def compiled(self) -> bool:
        """Whether the pattern has been used (and so compiled) yet."""
        return "search" in self.__dict__

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return (LazyPattern, (self.pattern, self._flags))

    def __copy__(self) -> LazyPattern:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> LazyPattern:
        return self

    def __repr__(self) -> str:
        return f"lazy_pattern({self.pattern!r}, {self._flags})"


def lazy_pattern(source: str | re.Pattern[str], flags: int = 0) -> re.Pattern[str]:
    """`re.compile(source, flags)`, done the first time the pattern is used (see `LazyPattern`)."""
    if not isinstance(source, str):  # already a pattern, as `re.compile` returns it
        return source
    return cast("re.Pattern[str]", LazyPattern(source, flags))
