"""Runtime dependencies injected into tools: clock, HTTP client, database, store, models.

Tools never read settings or the environment on their own; they receive a `ToolContext` whose
`runtime` holds what they need. Tests build a `Runtime` with fakes (`FakeClock`, an
`httpx.AsyncClient` under respx, an in-memory store).

Anything else a tool needs (a role's backend, the planner...) is a typed `Dependency`, declared
once as a module constant and read with ``runtime.get(DEP)`` (its type is the constant's type
parameter, as with pydantic-ai's ``RunContext[Deps]``); tests install fakes with
``runtime.provide(DEP, fake)``. `declared_dependencies()` lists every declared one.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar
from zoneinfo import ZoneInfo

import httpx

from agent_system.config import Settings
from agent_system.errors import ConfigurationError

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langgraph.store.base import BaseStore

    from agent_system._storage import Database

__all__ = [
    "Clock",
    "Dependency",
    "FakeClock",
    "Runtime",
    "SystemClock",
    "declared_dependencies",
    "resolve_timezone",
]

T = TypeVar("T")

_DECLARED: dict[str, Dependency[Any]] = {}


class Dependency(Generic[T]):
    """A typed slot on the `Runtime`: ``WEATHER: Dependency[WeatherBackend] = Dependency(...)``.

    `factory` builds the value on first use (once per runtime); without one, reading a slot
    nobody provided raises `ConfigurationError` naming it. The name is the slot: the older
    ``runtime.provide("weather.backend", x)`` fills the same one.
    """

    __slots__ = ("description", "factory", "name")

    def __init__(
        self,
        name: str,
        factory: Callable[[Runtime], T] | None = None,
        *,
        description: str = "",
    ) -> None:
        self.name = name
        self.factory = factory
        self.description = description
        _DECLARED[name] = self

    def __repr__(self) -> str:
        return f"Dependency({self.name!r})"


def declared_dependencies() -> dict[str, Dependency[Any]]:
    """Every `Dependency` declared so far (by the modules imported), by name."""
    return dict(_DECLARED)


class Clock(Protocol):
    """Time source. `now()` is timezone-aware in the configured zone."""

    tz: tzinfo

    def now(self) -> datetime: ...

    def monotonic(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


def resolve_timezone(name: str | None) -> tzinfo:
    """The configured IANA zone, or the system's zone, or UTC as a last resort."""
    if name:
        try:
            return ZoneInfo(name)
        except (KeyError, ValueError) as exc:  # ZoneInfoNotFoundError is a KeyError
            raise ConfigurationError(
                f"Unknown time zone {name!r}; set `timezone` to an IANA name such as "
                "'Europe/Paris'."
            ) from exc
    try:
        import tzlocal

        return tzlocal.get_localzone()
    except Exception:  # pragma: no cover - depends on the host
        return UTC


class SystemClock:
    """The real clock."""

    def __init__(self, tz: tzinfo | None = None) -> None:
        self.tz: tzinfo = tz or UTC

    def now(self) -> datetime:
        return datetime.now(self.tz)

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class FakeClock:
    """A clock tests move by hand. `sleep` advances it instantly."""

    def __init__(self, start: datetime | None = None, tz: tzinfo | None = None) -> None:
        self.tz = tz or UTC
        self._now = (start or datetime(2026, 1, 5, 9, 0, tzinfo=self.tz)).astimezone(self.tz)
        self._mono = 0.0

    def now(self) -> datetime:
        return self._now

    def monotonic(self) -> float:
        return self._mono

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self._now += timedelta(seconds=seconds)
        self._mono += seconds

    async def sleep(self, seconds: float) -> None:
        self.advance(seconds)
        await asyncio.sleep(0)


@dataclass
class Runtime:
    """Long-lived dependencies shared by every tool call of one `AgentSystem`."""

    settings: Settings
    clock: Clock
    http: httpx.AsyncClient
    db: Database
    store: BaseStore | None = None
    chat_model: BaseChatModel | None = None
    """The default-tier chat model, or None offline."""
    models: dict[str, BaseChatModel] = field(default_factory=dict)
    """Chat models by tier ('weak', 'default', 'strong'); empty offline."""
    _resources: dict[str, Any] = field(default_factory=dict, repr=False)
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    """Reentrant: a factory may build the dependencies it needs (the repository, say)."""

    def get(self, dependency: Dependency[T]) -> T:
        """The value of a typed dependency: provided, or built once by its factory."""
        with self._lock:
            if dependency.name not in self._resources:
                if dependency.factory is None:
                    raise ConfigurationError(
                        f"Nothing provides {dependency.name!r} on this runtime; call "
                        f"runtime.provide({dependency.name!r}, ...) when assembling it."
                    )
                self._resources[dependency.name] = dependency.factory(self)
            value: T = self._resources[dependency.name]
            return value

    def has(self, dependency: Dependency[Any] | str) -> bool:
        """True when the dependency was provided or already built."""
        key = dependency if isinstance(dependency, str) else dependency.name
        return key in self._resources

    def resource(self, key: str, factory: Callable[[Runtime], T]) -> T:
        """A lazily built, cached per-runtime object by name (prefer a typed `Dependency`)."""
        with self._lock:
            if key not in self._resources:
                self._resources[key] = factory(self)
            value: T = self._resources[key]
            return value

    def provide(self, key: Dependency[T] | str, value: T) -> None:
        """Install a dependency up front (tests inject fake backends this way)."""
        name = key if isinstance(key, str) else key.name
        with self._lock:
            self._resources[name] = value

    def model(self, tier: str = "default") -> BaseChatModel | None:
        """The chat model for a tier, falling back to the default one."""
        return self.models.get(tier) or self.chat_model

    @property
    def offline(self) -> bool:
        """True when no LLM is configured."""
        return self.chat_model is None
