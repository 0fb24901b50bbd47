"""Our typed events as LangGraph stream parts, one translator per streaming response.

Modes: ``values`` (the state after each change, then the final state), ``updates`` (what each
node changed: ``{"route": {...}}``, ``{"plan": ...}``, ``{"execute": {"steps": [...]}}``,
``{"synthesize": ...}``, or ``{"__interrupt__": [...]}`` when a step awaits approval),
``custom`` (our typed events, as the native API streams them), ``messages`` (the reply as it is
written: ``messages/metadata``, ``messages/partial``, ``messages/complete``), ``messages-tuple``
(``[chunk, metadata]`` pairs under the event name ``messages``) and ``events`` (a chain start,
one ``on_custom_event`` per typed event, ``on_chat_model_stream`` per piece of the reply, a
chain end). Other LangGraph modes (``debug``,
``tasks``, ``checkpoints``...) are accepted and send nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, AIMessageChunk

from agent_system import events as ev
from agent_system.server._lgserver.state import GRAPH_ID

__all__ = ["SUPPORTED_MODES", "Final", "Part", "Translator", "error_data"]

SUPPORTED_MODES = frozenset({"values", "updates", "custom", "messages", "messages-tuple", "events"})

Part = tuple[str, Any]
"""One SSE event: its name and its JSON data."""


@dataclass(frozen=True)
class Final:
    """What a run ended with, read from the thread once: the state and its interrupts."""

    values: dict[str, Any]
    interrupts: list[dict[str, Any]]
    result: ev.RunResult


def error_data(error: BaseException) -> dict[str, Any]:
    """The data of an ``error`` event (no traceback)."""
    from agent_system.server._common import failure_body

    body = failure_body(error)["error"]
    return {"error": body["type"], "message": body["message"]}


@dataclass
class Translator:
    """Turns one run's items (typed events, then a `Final`) into the parts of `modes`."""

    run_id: str
    thread_id: str
    modes: frozenset[str]
    values: dict[str, Any]
    """The state so far: the thread's state with the new request, updated as events come."""
    ai_id: str
    reply: str = ""
    _metadata_sent: bool = False
    _steps: dict[str, Any] = field(default_factory=dict)

    def start(self, run_input: Any) -> list[Part]:
        """The parts sent before any event: the run's metadata and its starting state."""
        parts: list[Part] = [("metadata", {"run_id": self.run_id, "attempt": 1})]
        self._steps = {s.get("step_id"): s for s in self.values.get("steps", [])}
        if "values" in self.modes:
            parts.append(("values", self.values))
        if "events" in self.modes:
            parts.append(self._event("on_chain_start", GRAPH_ID, {"input": run_input}))
        return parts

    def on_event(self, event: ev.Event) -> list[Part]:
        """The parts for one typed event."""
        parts: list[Part] = []
        if "custom" in self.modes:
            parts.append(("custom", event.model_dump(mode="json")))
        if "events" in self.modes:
            parts.append(self._event("on_custom_event", event.type, event.model_dump(mode="json")))
        if isinstance(event, ev.ReplyDelta):
            return parts + self._delta(event.text)
        update = self._update(event)
        if update is not None:
            node, delta = update
            self.values = {**self.values, **delta}
            if "updates" in self.modes:
                parts.append(("updates", {node: delta}))
            if "values" in self.modes:
                parts.append(("values", self.values))
        return parts

    def finish(self, final: Final) -> list[Part]:
        """The parts once the run ended: the last node's update or the interrupt, the reply's
        complete message, and the final state (with ``__interrupt__`` when it awaits approval)."""
        parts: list[Part] = []
        result = final.result
        if not final.interrupts and result.reply and not self.reply:
            parts += self._delta(result.reply)  # a reply written in one go still streams
        if "messages" in self.modes and self._metadata_sent and not final.interrupts:
            parts.append(("messages/complete", [self._ai(result.reply or self.reply, chunk=False)]))
        if "updates" in self.modes:
            if final.interrupts:
                parts.append(("updates", {"__interrupt__": final.interrupts}))
            else:
                messages = final.values.get("messages", [])[-1:]
                delta = {k: final.values.get(k) for k in ("reply", "status", "steps")}
                parts.append(("updates", {"synthesize": {**delta, "messages": messages}}))
        if "values" in self.modes:
            values = dict(final.values)
            if final.interrupts:
                values["__interrupt__"] = final.interrupts
            parts.append(("values", values))
        if "events" in self.modes:
            parts.append(self._event("on_chain_end", GRAPH_ID, {"output": final.values}))
        return parts

    # --- helpers -------------------------------------------------------------------------
    def _update(self, event: ev.Event) -> tuple[str, dict[str, Any]] | None:
        if isinstance(event, ev.RouteDecided):
            return "route", {"route": event.decision.model_dump(mode="json")}
        if isinstance(event, ev.PlanCreated):
            node = "fast_reply" if event.plan.planner.startswith("role:") else "plan"
            return node, {"plan": event.plan.model_dump(mode="json")}
        if isinstance(event, ev.Replanned):
            return "replan", {"plan": event.plan.model_dump(mode="json")}
        if isinstance(event, ev.StepFinished | ev.StepFailed | ev.StepSkipped):
            step = event.result.model_dump(mode="json")
            self._steps[event.result.step_id] = step
            return "execute", {"steps": list(self._steps.values())}
        return None

    def _meta(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "thread_id": self.thread_id,
            "graph_id": GRAPH_ID,
            "langgraph_node": "synthesize",
        }

    def _ai(self, text: str, *, chunk: bool) -> dict[str, Any]:
        cls = AIMessageChunk if chunk else AIMessage
        message: dict[str, Any] = cls(content=text, id=self.ai_id).model_dump()
        return message

    def _delta(self, text: str) -> list[Part]:
        if not text:
            return []
        self.reply += text
        parts: list[Part] = []
        if "messages-tuple" in self.modes:
            parts.append(("messages", [self._ai(text, chunk=True), self._meta()]))
        if "events" in self.modes:
            chunk = {"chunk": self._ai(text, chunk=True)}
            parts.append(self._event("on_chat_model_stream", "reply", chunk))
        if "messages" in self.modes:
            if not self._metadata_sent:
                parts.append(("messages/metadata", {self.ai_id: {"metadata": self._meta()}}))
                self._metadata_sent = True
            parts.append(("messages/partial", [self._ai(self.reply, chunk=False)]))
        return parts

    def _event(self, kind: str, name: str, data: Any) -> Part:
        return (
            "events",
            {
                "event": kind,
                "name": name,
                "run_id": self.run_id,
                "tags": [],
                "metadata": {"thread_id": self.thread_id, "graph_id": GRAPH_ID},
                "data": data,
                "parent_ids": [],
            },
        )


def modes_of(stream_mode: str | Iterable[str] | None) -> frozenset[str]:
    """The requested modes (default ``values``, as LangGraph's server)."""
    if stream_mode is None:
        return frozenset({"values"})
    if isinstance(stream_mode, str):
        return frozenset({stream_mode})
    return frozenset(stream_mode) or frozenset({"values"})
