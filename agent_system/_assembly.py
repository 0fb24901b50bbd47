"""Wire the parts into one `Engine` and compiled graph (used by `AgentSystem`)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from agent_system import deps
from agent_system.config import Settings
from agent_system.graph._builder import build_graph
from agent_system.graph._nodes import Engine
from agent_system.planning._embedded import EmbeddedPlanner, EmbeddedReplanner
from agent_system.planning.models import ExecutionPlan, PlanResult
from agent_system.roles import load_roles

if TYPE_CHECKING:
    from collections.abc import Callable

    from langchain_core.language_models import BaseChatModel
    from langgraph.checkpoint.base import BaseCheckpointSaver
    from langgraph.graph.state import CompiledStateGraph
    from langgraph.store.base import BaseStore

    from agent_system.graph._state import AgentState
    from agent_system.planning._base import Planner, Replanner
    from agent_system.registry._registry import ToolRegistry
    from agent_system.roles import Role
    from agent_system.routing.models import Router
    from agent_system.runtime import Clock, Runtime

__all__ = ["assemble"]

log = logging.getLogger(__name__)


def assemble(
    settings: Settings,
    *,
    checkpointer: BaseCheckpointSaver[Any] | None,
    store: BaseStore | None,
    registry: ToolRegistry | None = None,
    router: Router | None = None,
    planner: Planner | None = None,
    replanner: Replanner | None = None,
    models: dict[str, BaseChatModel] | None = None,
    runtime: Runtime | None = None,
    clock: Clock | None = None,
    http_client: Any = None,
    plugins: list[str] | None = None,
    roles: dict[str, Role] | None = None,
) -> tuple[Engine, CompiledStateGraph[AgentState, None, AgentState, AgentState]]:
    """Build the engine from settings, taking any part given explicitly as is."""
    from agent_system._persistence import open_runtime
    from agent_system.execution import BreakerBoard, ResultCache, StepExecutor

    if models is None:
        from agent_system.llm._models import build_models

        models = build_models(settings)
    if runtime is None:
        runtime = open_runtime(settings, clock=clock, http=http_client, store=store, models=models)
    else:
        if runtime.store is None:
            runtime.store = store
        if models and runtime.chat_model is None:
            runtime.models = models
            runtime.chat_model = models.get("default")
    role_warnings: list[str] = []
    available = load_roles(settings=settings, warnings=role_warnings)
    roles = available if roles is None else roles
    if registry is None:
        from agent_system.registry._loaders import build_registry

        # Every available role's tools, even when the fast-reply roles are given explicitly.
        with_tools = [*available.values(), *roles.values()]
        registry = build_registry(settings, plugins or [], roles=with_tools)
    registry.warnings.extend(role_warnings)
    embedded_router = _with_role_stages(_embedded_router(settings, router, roles), roles, runtime)
    if router is None:
        router = embedded_router
        weak = runtime.model("weak")
        if weak is not None:
            from agent_system.routing._hybrid import HybridRouter
            from agent_system.routing._llm import LLMRouter

            router = HybridRouter(embedded_router, LLMRouter.from_roles(weak, roles), settings)
    strong = runtime.model("strong")
    # Offline, a clause the router is unsure of may get the roles' strict reading (a second
    # opinion; off by default, see docs/routing.md); with an LLM to plan, the LLM reads it.
    embedded_planner = EmbeddedPlanner(
        embedded_router,
        roles,
        runtime,
        second_opinion=strong is None and settings.offline_second_opinion,
    )
    embedded_replanner = EmbeddedReplanner(registry)
    if planner is None:
        if strong is not None:
            from agent_system.planning._hybrid import HybridPlanner
            from agent_system.planning._llm_planner import LLMPlanner

            # Embedded first, held to the fast-reply bar; the LLM plans what it cannot cover.
            confident = EmbeddedPlanner(
                embedded_router, roles, runtime, min_confidence=settings.route_fast_threshold
            )
            planner = HybridPlanner(confident, LLMPlanner(strong))
        else:
            planner = embedded_planner
    if replanner is None:
        if strong is not None:
            from agent_system.planning._llm_planner import LLMReplanner

            replanner = LLMReplanner(strong)
        else:
            replanner = embedded_replanner
    runtime.provide(deps.PLANNER, planner)
    runtime.provide(deps.REPLANNER, replanner)
    runtime.provide(deps.REGISTRY, registry)
    runtime.provide(deps.ROLES, roles)
    executor = StepExecutor(
        registry,
        runtime,
        breakers=BreakerBoard(
            settings.breaker_failures, settings.breaker_cooldown_s, runtime.clock
        ),
        cache=ResultCache(runtime.clock),
        intent_sink=_intent_sink(),
    )
    engine = Engine(
        runtime=runtime,
        registry=registry,
        router=router,
        roles=roles,
        planner=planner,
        fallback_planner=embedded_planner,
        replanner=replanner,
        fallback_replanner=embedded_replanner,
        executor=executor,
        synthesizer=_synthesizer(runtime.model("default")),
    )
    return engine, build_graph(engine, checkpointer=checkpointer, store=store)


def _embedded_router(settings: Settings, given: Any, roles: dict[str, Role]) -> Any:
    """The router the embedded planner uses for clauses: a given router that can `decide`
    synchronously, else the shipped embedded router over `roles`."""
    if given is not None and callable(getattr(given, "decide", None)):
        return given
    from agent_system.routing._embedded import load_default_router

    return load_default_router(settings, roles)


def _with_role_stages(router: Any, roles: dict[str, Role], runtime: Runtime) -> Any:
    """The embedded router asking first the roles that declare a ``route_stage(runtime)``, and
    asking those that declare a ``route_unsure(runtime)`` about a decision it is unsure of."""
    from agent_system.routing._embedded import EmbeddedRouter

    if not isinstance(router, EmbeddedRouter):
        return router
    stages = [s for r in roles.values() if (s := _stage(r, runtime)) is not None]
    router = router.with_first_stages(*stages) if stages else router
    unsure = [s for r in roles.values() if (s := _stage(r, runtime, "route_unsure")) is not None]
    return router.with_unsure_stages(*unsure) if unsure else router


def _stage(role: Any, runtime: Runtime, kind: str = "route_stage") -> Any:
    make = getattr(role, kind, None)
    return make(runtime) if callable(make) else None


def _intent_sink() -> Any:
    try:
        from tools.notification import handle_intent
    except ImportError:  # pragma: no cover - core tools not installed
        return None
    return handle_intent


def _synthesizer(model: BaseChatModel | None) -> Any:
    if model is None:
        return None
    from agent_system.planning._llm_planner import llm_synthesize

    async def synthesize(
        request: str,
        plan: ExecutionPlan,
        plan_result: PlanResult,
        on_delta: Callable[[str], None],
    ) -> str:
        text: str = await llm_synthesize(model, request, plan_result, stream=on_delta, plan=plan)
        return text

    return synthesize
