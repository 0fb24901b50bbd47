"""What the LangGraph server protocol shows of our graph: the assistant, inputs, thread states.

The thread state a LangGraph client reads is a projection of the graph's own state, in the shapes
LangGraph's chat conventions use::

    {"messages": [{"type": "human", "content": "...", "id": ...}, {"type": "ai", ...}],
     "request": "...", "route": {...}, "plan": {...}, "steps": [{...StepResult...}],
     "reply": "...", "status": "success", "pending_approval": [...]}

``messages`` holds the thread's recent turns (the same history the router sees) and, while a
request is in flight or waiting for approval, that request as the last human message.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from fastapi.encoders import jsonable_encoder
from langchain_core.messages import AIMessage, HumanMessage
from pydantic import BaseModel, Field

from agent_system.planning.models import ExecutionPlan, StepResult
from agent_system.routing.models import RouteDecision
from agent_system.server._common import ApiError

__all__ = [
    "ASSISTANT_ID",
    "GRAPH_ID",
    "assistant_json",
    "check_assistant",
    "interrupt_json",
    "message_ids",
    "public_values",
    "request_message_id",
    "request_text",
    "resume_value",
    "schemas_json",
    "thread_state_json",
]

GRAPH_ID = "agent-system"
"""The graph id clients name (``RemoteGraph("agent-system", url=...)``)."""
ASSISTANT_ID = str(uuid.uuid5(uuid.NAMESPACE_URL, "agent-system:assistant:meta-planner"))
"""The one assistant's id; the graph id is accepted wherever an assistant id is."""
_CREATED = datetime(2026, 1, 1, tzinfo=UTC).isoformat()
_IDS = uuid.UUID("9b0f6a52-54c3-4a53-9a0e-2f1d7a3c6b11")


def check_assistant(assistant_id: str) -> None:
    """404 unless `assistant_id` names our assistant (its id or the graph id)."""
    if assistant_id not in (ASSISTANT_ID, GRAPH_ID):
        raise ApiError(
            404,
            f"No assistant {assistant_id!r}: this server serves one, {GRAPH_ID!r}.",
            type_="not_found_error",
            code="not_found",
            param="assistant_id",
        )


def assistant_json() -> dict[str, Any]:
    """The one assistant, as ``GET /assistants/{id}`` returns it."""
    return {
        "assistant_id": ASSISTANT_ID,
        "graph_id": GRAPH_ID,
        "name": GRAPH_ID,
        "description": "The meta-planner: routes each request to a fast reply or a plan of tool "
        "calls, asks approval for the steps that need it, and answers.",
        "config": {},
        "context": {},
        "metadata": {"created_by": "system"},
        "version": 1,
        "created_at": _CREATED,
        "updated_at": _CREATED,
    }


class Input(BaseModel):
    """A run's input: chat messages (the last user message is the request) or the text."""

    messages: list[dict[str, Any]] | None = Field(
        default=None, description='Chat messages: [{"role": "user", "content": "..."}].'
    )
    text: str | None = Field(default=None, description="The request, as plain text.")


class State(BaseModel):
    """A thread's state as LangGraph clients read it (also each run's output)."""

    messages: list[dict[str, Any]] = Field(description="Recent turns as LangChain messages.")
    request: str = Field(default="", description="The last request.")
    route: RouteDecision | None = None
    plan: ExecutionPlan | None = None
    steps: list[StepResult] = Field(default_factory=list, description="The plan's step results.")
    reply: str = ""
    status: str | None = Field(default=None, description="success, partial, failure, running.")
    pending_approval: list[dict[str, Any]] = Field(default_factory=list)


def schemas_json() -> dict[str, Any]:
    """``GET /assistants/{id}/schemas``."""
    state = State.model_json_schema()
    return {
        "graph_id": GRAPH_ID,
        "input_schema": Input.model_json_schema(),
        "output_schema": state,
        "state_schema": state,
        "config_schema": None,
        "context_schema": None,
    }


# --- input -----------------------------------------------------------------------------------
_USER_ROLES = ("user", "human")
_INPUT_HELP = (
    'The input needs the request: {"messages": [{"role": "user", "content": "..."}]} '
    'or {"text": "..."}.'
)


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content blocks: [{"type": "text", "text": "..."}, "..."]
        parts = [b if isinstance(b, str) else b.get("text", "") for b in content]
        return " ".join(p for p in parts if isinstance(p, str) and p)
    return ""


def _message(item: Any) -> tuple[str, str]:
    if isinstance(item, dict):
        return str(item.get("role") or item.get("type") or ""), _text(item.get("content"))
    if isinstance(item, list | tuple) and len(item) == 2:  # ("user", "hi")
        return str(item[0]), _text(item[1])
    if isinstance(item, str):
        return "user", item
    return "", ""


def request_text(value: Any) -> str:
    """The request in a run's input (422 when it holds none)."""
    text = ""
    if isinstance(value, str):
        text = value
    elif isinstance(value, dict) and isinstance(value.get("text"), str):
        text = value["text"]
    elif isinstance(value, dict) and value.get("messages") is not None:
        messages = value["messages"]
        for item in reversed(messages if isinstance(messages, list) else [messages]):
            role, content = _message(item)
            if role.lower() in _USER_ROLES:
                text = content
                break
    text = text.strip()
    if not text:
        raise ApiError(422, _INPUT_HELP, param="input")
    if len(text) > 20_000:
        raise ApiError(422, "The request is longer than 20000 characters.", param="input")
    return text


def request_message_id(value: Any) -> str | None:
    """The id the client gave the last user message of its input, if any: the thread's state
    shows that message under it, so a parent graph's ``add_messages`` sees the same message."""
    messages = value.get("messages") if isinstance(value, dict) else None
    for item in reversed(messages if isinstance(messages, list) else [messages]):
        if isinstance(item, dict) and _message(item)[0].lower() in _USER_ROLES:
            found = item.get("id")
            return str(found) if isinstance(found, str) and found else None
    return None


def resume_value(resume: Any, interrupt_ids: list[str]) -> Any:
    """``command.resume`` as the approval node reads it: True/False, "yes"/"no",
    {"approved": [step ids]} (a list is taken as that), also keyed by interrupt id."""
    if isinstance(resume, dict) and len(resume) == 1 and next(iter(resume)) in interrupt_ids:
        resume = next(iter(resume.values()))
    if isinstance(resume, list):
        return {"approved": [str(s) for s in resume]}
    return resume


# --- state -----------------------------------------------------------------------------------
def message_ids(thread_id: str, history: list[dict[str, Any]], text: str) -> tuple[str, str]:
    """Stable ids of the human and AI messages of the next turn asking `text` on the thread."""
    nth = sum(1 for turn in history if turn.get("text") == text)
    base = f"{thread_id}\x00{nth}\x00{text}"
    return str(uuid.uuid5(_IDS, base + "\x00human")), str(uuid.uuid5(_IDS, base + "\x00ai"))


def _messages(thread_id: str, history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []
    for index, turn in enumerate(history):
        text = str(turn.get("text", ""))
        human, ai = message_ids(thread_id, history[:index], text)
        messages.append(HumanMessage(content=text, id=human).model_dump())
        messages.append(AIMessage(content=str(turn.get("reply", "")), id=ai).model_dump())
    return messages


def _steps(values: dict[str, Any]) -> list[Any]:
    result = values.get("result")
    if isinstance(result, dict) and result.get("steps") is not None:
        return list(result["steps"])
    return list((values.get("results") or {}).values())


def pending_steps(interrupts: Any) -> list[dict[str, Any]]:
    """The steps awaiting approval in a snapshot's interrupts."""
    steps: list[dict[str, Any]] = []
    for intr in interrupts or ():
        value = getattr(intr, "value", None)
        if isinstance(value, dict) and value.get("type") == "approval":
            steps.extend(value.get("steps", []))
    return steps


def public_values(
    thread_id: str,
    values: dict[str, Any],
    interrupts: Any = (),
    ids: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The LangGraph view of the graph state `values` (see the module docstring); `ids` maps
    our message ids to the ones clients sent with their messages."""
    history = list(values.get("history") or [])
    messages = _messages(thread_id, history)
    request = str(values.get("request") or "")
    status = values.get("status")
    if request and status == "running":  # in flight or waiting for approval: not in history yet
        human, _ = message_ids(thread_id, history, request)
        messages.append(HumanMessage(content=request, id=human).model_dump())
    for message in messages:
        message["id"] = (ids or {}).get(message["id"], message["id"])
    pending = pending_steps(interrupts)
    out = {
        "messages": messages,
        "request": request,
        "route": values.get("route"),
        "plan": values.get("plan"),
        "steps": _steps(values),
        "reply": str(values.get("reply") or ""),
        "status": "interrupted" if pending else status,
        "pending_approval": pending,
    }
    result: dict[str, Any] = jsonable_encoder(out)
    return result


def interrupt_json(intr: Any) -> dict[str, Any]:
    """An interrupt as LangGraph clients rebuild it: ``Interrupt(value=..., id=...)``."""
    return {"value": jsonable_encoder(getattr(intr, "value", None)), "id": str(intr.id)}


def _checkpoint(config: Any) -> dict[str, Any] | None:
    if not config:
        return None
    conf = config.get("configurable", {})
    return {
        "thread_id": conf.get("thread_id"),
        "checkpoint_ns": conf.get("checkpoint_ns", ""),
        "checkpoint_id": conf.get("checkpoint_id"),
        "checkpoint_map": conf.get("checkpoint_map"),
    }


def thread_state_json(
    thread_id: str, snapshot: Any, ids: dict[str, str] | None = None
) -> dict[str, Any]:
    """A `StateSnapshot` as ``GET /threads/{id}/state`` returns it."""
    tasks = [
        {
            "id": task.id,
            "name": task.name,
            "error": str(task.error) if task.error else None,
            "interrupts": [interrupt_json(i) for i in task.interrupts],
            "checkpoint": None,
            "state": None,
            "result": None,
        }
        for task in snapshot.tasks
    ]
    return {
        "values": public_values(thread_id, dict(snapshot.values or {}), snapshot.interrupts, ids),
        "next": list(snapshot.next),
        "checkpoint": _checkpoint(snapshot.config),
        "metadata": jsonable_encoder(dict(snapshot.metadata or {})),
        "created_at": snapshot.created_at,
        "parent_checkpoint": _checkpoint(snapshot.parent_config),
        "tasks": tasks,
        "interrupts": [interrupt_json(i) for i in snapshot.interrupts],
    }
