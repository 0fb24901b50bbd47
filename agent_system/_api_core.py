"""The lifecycle half of `AgentSystem` (agent_system.api): settings, storage, the compiled
graph and engine, and the private event loop the sync methods run on."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Self, TypeVar

from agent_system._threadlock import LocalThreadLocks, ThreadLocks
from agent_system.config import Settings
from agent_system.errors import ConfigurationError

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langgraph.checkpoint.base import BaseCheckpointSaver
    from langgraph.graph.state import CompiledStateGraph
    from langgraph.store.base import BaseStore

    from agent_system._persistence import Persistence
    from agent_system.graph._nodes import Engine
    from agent_system.graph._state import AgentState
    from agent_system.planning._base import Planner, Replanner
    from agent_system.registry._registry import ToolRegistry
    from agent_system.roles import Role
    from agent_system.routing.models import Router
    from agent_system.runtime import Clock, Runtime

T = TypeVar("T")


class SystemCore:
    """Opens and closes what an `AgentSystem` runs on."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        registry: ToolRegistry | None = None,
        router: Router | None = None,
        planner: Planner | None = None,
        replanner: Replanner | None = None,
        chat_model: BaseChatModel | None = None,
        models: dict[str, BaseChatModel] | None = None,
        checkpointer: BaseCheckpointSaver[Any] | None = None,
        store: BaseStore | None = None,
        runtime: Runtime | None = None,
        clock: Clock | None = None,
        http_client: Any = None,
        plugins: list[str] | None = None,
        roles: dict[str, Role] | None = None,
    ) -> None:
        self.settings = settings or Settings()
        self._roles = roles
        self._registry = registry
        self._router = router
        self._planner = planner
        self._replanner = replanner
        self._checkpointer = checkpointer
        self._store = store
        if chat_model is not None:
            models = {
                "weak": chat_model,
                "default": chat_model,
                "strong": chat_model,
                **(models or {}),
            }
        self._models = models
        self._runtime = runtime
        self._clock = clock
        self._http = http_client
        self._plugins = plugins or []
        self._persistence: Persistence | None = None
        self._graph: CompiledStateGraph[AgentState, None, AgentState, AgentState] | None = None
        self._preview_graph: Any = None
        self._engine: Engine | None = None
        self._open_lock: asyncio.Lock | None = None
        # Runs on one thread take turns, across processes when the storage is a database.
        self._thread_locks: ThreadLocks = LocalThreadLocks()
        self._portal: Any = None
        self._portal_cm: Any = None

    # --- lifecycle -----------------------------------------------------------------------
    async def __aenter__(self) -> Self:
        await self.aopen()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aopen(self) -> None:
        """Open storage and build the graph (done on first use if not called)."""
        if self._graph is not None:
            return
        if self._open_lock is None:
            self._open_lock = asyncio.Lock()
        async with self._open_lock:
            if self._graph is None:
                await self._build()

    async def _build(self) -> None:
        from agent_system._assembly import assemble

        checkpointer = self._checkpointer
        store = self._store
        if checkpointer is None or store is None:
            from agent_system._persistence import open_persistence

            self._persistence = await open_persistence(self.settings)
            self._thread_locks = self._persistence.locks
            checkpointer = checkpointer or self._persistence.checkpointer
            store = store or self._persistence.store
        try:
            self._engine, self._graph = assemble(
                self.settings,
                checkpointer=checkpointer,
                store=store,
                registry=self._registry,
                router=self._router,
                planner=self._planner,
                replanner=self._replanner,
                models=self._models,
                runtime=self._runtime,
                clock=self._clock,
                http_client=self._http,
                plugins=self._plugins,
                roles=self._roles,
            )
        except BaseException:
            if self._persistence is not None:
                await self._persistence.aclose()
                self._persistence = None
            raise
        repository = self._persistence.repository if self._persistence else None
        runtime = self._engine.runtime
        if repository is not None and not runtime.has("agent_system.repository"):
            runtime.provide("agent_system.repository", repository)

    async def aclose(self) -> None:
        """Close storage and the HTTP client."""
        if self._engine is not None and self._runtime is None:
            await self._engine.runtime.http.aclose()
            self._engine.runtime.db.close()
        if self._persistence is not None:
            await self._persistence.aclose()
            self._persistence = None
            self._thread_locks = LocalThreadLocks()
        self._graph = None
        self._preview_graph = None
        self._engine = None

    def close(self) -> None:
        """Sync counterpart of `aclose`, also stopping the private loop."""
        if self._portal is not None:
            self._portal.call(self.aclose)
            self._portal_cm.__exit__(None, None, None)
            self._portal = self._portal_cm = None

    @property
    def engine(self) -> Engine:
        """The engine (runtime, registry, router, planners); `aopen` first."""
        if self._engine is None:
            raise ConfigurationError("AgentSystem is not open: use `async with` or await aopen().")
        return self._engine

    @property
    def graph(self) -> CompiledStateGraph[AgentState, None, AgentState, AgentState]:
        """The compiled LangGraph graph; `aopen` first."""
        if self._graph is None:
            raise ConfigurationError("AgentSystem is not open: use `async with` or await aopen().")
        return self._graph

    @property
    def thread_locks(self) -> ThreadLocks:
        """The per-thread locks of this system's storage (leases across processes)."""
        return self._thread_locks

    def _call(self, func: Callable[..., Awaitable[T]], *args: Any, **kwargs: Any) -> T:
        if self._portal is None:
            from anyio.from_thread import start_blocking_portal

            self._portal_cm = start_blocking_portal()
            self._portal = self._portal_cm.__enter__()
        result: T = self._portal.call(lambda: func(*args, **kwargs))
        return result
