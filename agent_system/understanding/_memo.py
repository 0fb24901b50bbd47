"""Readings of one request's text shared while that request is understood.

The router's first stages and then the chosen role each read the same request, and several of
them derive the same forms of its text (the words around a sum stripped, a list's name said
plainly, the duration in it). A function marked `per_request` computes such a form once per
request: inside `one_request()` (the fast lane routes a turn and lets its role choose inside
one) its results are kept for that block only, keyed by the function and the text; outside one
it simply computes. Only pure functions of a string whose result is immutable may be marked.
Nothing outlives the block, so one request's text is never kept for another's.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

__all__ = ["one_request", "per_request"]

_T = TypeVar("_T")

_MEMO: ContextVar[dict[tuple[Any, str], Any] | None] = ContextVar(
    "agent_system_request_memo", default=None
)


def per_request(function: Callable[[str], _T]) -> Callable[[str], _T]:
    """`function` (pure, one string in, an immutable value out), computed once per text inside
    `one_request()`."""

    @functools.wraps(function)
    def read(text: str) -> _T:
        memo = _MEMO.get()
        if memo is None:
            return function(text)
        key = (function, text)
        try:
            found: _T = memo[key]
        except KeyError:
            found = memo[key] = function(text)
        return found

    return read


@contextmanager
def one_request() -> Iterator[None]:
    """Keep `per_request` results for the block (nested in one already open: that one)."""
    if _MEMO.get() is not None:
        yield
        return
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)
