"""The one typed adapter over `AgentState`: models parsed once per node, dumped once.

The graph's state stays plain JSON (any checkpointer stores it). A node wraps the state it
gets in a `StateView`, reads typed models from it (each parsed at most once), records what
it changes with `set_*` (models kept as models, so a node that plans, runs and finishes in
one go, such as a fast reply, never re-parses its own output), and returns `update()`: the
changed keys, each dumped to JSON exactly once.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from functools import cached_property
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.config import get_stream_writer

from agent_system.errors import ErrorInfo
from agent_system.graph._state import AgentState
from agent_system.planning.models import ExecutionPlan, StepResult
from agent_system.routing.models import RouteDecision, Turn
from agent_system.understanding._history import understood

__all__ = ["LANE_WRITER", "StateView", "emit", "stream_writer", "thread_id"]

_MODEL_KEYS = ("plan", "results", "errors", "route")


def thread_id(config: RunnableConfig) -> str | None:
    value = config.get("configurable", {}).get("thread_id")
    return str(value) if value is not None else None


LANE_WRITER: ContextVar[Callable[[Any], None] | None] = ContextVar(
    "agent_system_lane_writer", default=None
)
"""The stream of a fast reply answered outside the graph (graph/_lane.py); None in the graph."""


def stream_writer() -> Callable[[Any], None]:
    """Where this run's events go: LangGraph's custom stream, or the fast lane's."""
    writer = LANE_WRITER.get()
    return writer if writer is not None else get_stream_writer()


def emit(event: Any) -> None:
    """Send an event to the run's stream (`AgentSystem.astream` turns it into an `Event`)."""
    stream_writer()(event)


class StateView:
    """Typed reads of one node's state and the update it will return."""

    def __init__(self, state: AgentState) -> None:
        self.state = state
        self._changed: dict[str, Any] = {}
        self._models: dict[str, Any] = {}

    # --- plain values --------------------------------------------------------------------
    @property
    def request(self) -> str:
        return self.state["request"]

    def get(self, key: str, default: Any = None) -> Any:
        """A plain (non-model) value, as changed by this node or as it came in."""
        if key in self._changed:
            return self._changed[key]
        return self.state.get(key, default)

    def set(self, **values: Any) -> None:
        """Change plain (already JSON) values."""
        for key in values:
            self._models.pop(key, None)
        self._changed.update(values)

    @property
    def started_at(self) -> float:
        return float(self.state.get("started_at") or 0.0) or _now()

    @property
    def preview(self) -> bool:
        return bool(self.state.get("preview"))

    # --- models --------------------------------------------------------------------------
    @cached_property
    def history(self) -> list[Turn]:
        """The thread's earlier turns, those not understood left out: a follow-up looks past
        a miss ("and in london?" after "blah blah" after the time in Tokyo)."""
        return understood([Turn(**t) for t in self.state.get("history", [])])

    @property
    def decision(self) -> RouteDecision | None:
        if "route" not in self._models:
            raw = self.get("route")
            self._models["route"] = RouteDecision.model_validate(raw) if raw else None
        value: RouteDecision | None = self._models["route"]
        return value

    @property
    def plan(self) -> ExecutionPlan | None:
        if "plan" not in self._models:
            raw = self.get("plan")
            self._models["plan"] = ExecutionPlan.model_validate(raw) if raw else None
        value: ExecutionPlan | None = self._models["plan"]
        return value

    @property
    def results(self) -> dict[str, StepResult]:
        """Step id -> result (a copy: change it through `set_results`)."""
        if "results" not in self._models:
            raw = self.get("results") or {}
            self._models["results"] = {k: StepResult.model_validate(v) for k, v in raw.items()}
        return dict(self._models["results"])

    @property
    def errors(self) -> list[ErrorInfo]:
        if "errors" not in self._models:
            raw = self.get("errors") or []
            self._models["errors"] = [ErrorInfo.model_validate(e) for e in raw]
        return list(self._models["errors"])

    def set_decision(self, decision: RouteDecision) -> None:
        self._set_model("route", decision)

    def set_plan(self, plan: ExecutionPlan | None) -> None:
        self._set_model("plan", plan)

    def set_results(self, results: dict[str, StepResult]) -> None:
        self._set_model("results", dict(results))

    def set_errors(self, errors: list[ErrorInfo]) -> None:
        self._set_model("errors", list(errors))

    def _set_model(self, key: str, value: Any) -> None:
        self._models[key] = value
        self._changed[key] = _PENDING

    # --- the node's answer ---------------------------------------------------------------
    def update(self) -> dict[str, Any]:
        """The keys this node changed, as JSON (each model dumped once, here)."""
        out: dict[str, Any] = {}
        for key, value in self._changed.items():
            out[key] = _dump(key, self._models[key]) if value is _PENDING else value
        return out


class _Pending:
    """Marks a key whose model is dumped when the update is built."""


_PENDING = _Pending()


def _dump(key: str, value: Any) -> Any:
    if value is None:
        return None
    if key == "plan":
        return value.model_dump(mode="json", by_alias=True)
    if key == "results":
        return {k: r.model_dump(mode="json") for k, r in value.items()}
    if key == "errors":
        return [e.model_dump(mode="json") for e in value]
    return value.model_dump(mode="json")


def _now() -> float:
    import time

    return time.time()
