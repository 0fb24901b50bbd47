"""`ToolSpec`, the `@tool` decorator, and what tools receive and return.

A tool is a typed function (sync or async) with a Google-style docstring::

    @tool(side_effects="reversible")
    async def set(ctx: ToolContext, duration: str, label: str = "") -> ToolOutput:
        '''Start a countdown timer.

        Args:
            duration: How long, e.g. "10 minutes".
            label: What the timer is for.
        '''

The decorator returns the function unchanged (still callable as before) with a `ToolSpec`
attached as ``func.__tool_spec__``. A parameter annotated `ToolContext` is injected at call time
and never appears in the schema the LLM sees.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent_system.errors import InvalidArgumentsError, PluginError
from agent_system.registry._schema import (
    args_model_from_function,
    clean_schema,
    parse_google_docstring,
)
from agent_system.values import RetrySpec

if TYPE_CHECKING:
    from agent_system.runtime import Runtime

__all__ = [
    "Approval",
    "Intent",
    "SideEffect",
    "ToolContext",
    "ToolOutput",
    "ToolSpec",
    "tool",
]

F = TypeVar("F", bound=Callable[..., Any])


class SideEffect(StrEnum):
    """What calling the tool does to the world."""

    NONE = "none"
    REVERSIBLE = "reversible"
    IRREVERSIBLE = "irreversible"


class Intent(BaseModel):
    """Work a tool asks the engine to do after the step: notify someone, write an audit line."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["notification", "audit"]
    payload: dict[str, Any] = Field(default_factory=dict)


class ToolOutput(BaseModel):
    """What a tool returns when it wants to give display text or intents with its data."""

    data: Any = None
    display: str | None = Field(default=None, description="One or two sentences for the user.")
    intents: list[Intent] = Field(default_factory=list)
    sources: list[str] = Field(default_factory=list, description="Citations (URLs, paths).")


@dataclass
class ToolContext:
    """Injected into tools: the runtime plus who is calling, from where."""

    runtime: Runtime
    user: str | None = None
    thread_id: str | None = None
    step_id: str | None = None
    plan_id: str | None = None
    intents: list[Intent] = field(default_factory=list)

    @property
    def idempotency_key(self) -> str | None:
        """The same on every attempt and resume of this step (None outside a plan): send it to
        the backend (HTTP: the ``Idempotency-Key`` header) so a repeat is not applied twice."""
        from agent_system.idempotency import idempotency_key

        return idempotency_key(self.thread_id, self.plan_id, self.step_id)

    def notify(self, title: str, body: str = "", **extra: Any) -> None:
        """Queue a notification intent; the engine delivers it after the step."""
        self.intents.append(
            Intent(kind="notification", payload={"title": title, "body": body, **extra})
        )


def _is_context(annotation: Any) -> bool:
    return annotation is ToolContext or (
        isinstance(annotation, str) and annotation.split(".")[-1] == "ToolContext"
    )


@dataclass(frozen=True)
class Approval:
    """What a tool's `precheck` says about the approval about to be asked."""

    question: str = ""
    """The plain question asked instead of the request ("This deletes 5 events from Mon 30
    Nov to Sun 6 Dec. Go ahead?"); empty: the usual prompt."""
    needed: bool = True
    """False: this call has nothing to approve (a clear-out of an empty day); it just runs."""
    declined: str = ""
    """What the user is told when they say no ("Nothing was deleted."); empty: the usual."""


@dataclass(frozen=True)
class ToolSpec:
    """Everything the registry, planner and scheduler know about one tool."""

    name: str
    description: str
    parameters: dict[str, Any]
    """JSON schema of the arguments, exactly as sent to the LLM."""
    func: Callable[..., Any]
    args_model: type[BaseModel] | None = None
    """Validates arguments before any call; None for tools with a raw JSON schema only."""
    returns: dict[str, Any] | None = None
    side_effects: SideEffect = SideEffect.NONE
    requires_approval: bool = False
    idempotent: bool = False
    cache_ttl_s: float | None = None
    timeout_s: float | None = None
    retry: RetrySpec = field(default_factory=RetrySpec)
    cost: float = 0.0
    tags: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()
    compensate: str | None = None
    """Name of a tool that undoes this one; it receives ``{"arguments": ..., "output": ...}``."""
    source: str = ""
    """Where it came from: a module, plugin, file or MCP server (for error messages)."""
    injected: tuple[str, ...] = ()
    """Parameter names filled by the engine (the `ToolContext`)."""
    precheck: Callable[..., Awaitable[Approval | None]] | None = None
    """For a tool that needs approval: ``async precheck(ctx, **arguments)`` raises a
    `ToolExecutionError` (one plain sentence) when the call cannot work ("there is no back
    door"); the engine runs it before asking, so nobody approves a step that would fail. It may
    return an `Approval`: the question to ask ("This deletes 5 events ... Go ahead?"), or that
    this call needs none after all (nothing to delete)."""
    approval_if: Callable[[Mapping[str, Any]], bool] | None = None
    """For a tool whose calls need approval only with some arguments (`calendar.delete` of a
    whole period, not of one event): whether these do. `requires_approval` stays False."""
    title: str = ""
    """What a user calls the service the tool reaches, starting a sentence ("Web search"):
    the engine's own messages about the tool ("Web search isn't answering right now; ...")
    say it instead of the tool's name. Empty: "That service"."""

    def needs_approval(self, arguments: Mapping[str, Any]) -> bool:
        """Whether a call with `arguments` waits for the user's approval."""
        if self.requires_approval:
            return True
        return self.approval_if is not None and bool(self.approval_if(arguments))

    @property
    def summary(self) -> str:
        """What the tool does in a few words: its description's first sentence, without the
        period ("Unlock a door"); names a step that says nothing else to the user."""
        first = self.description.strip().split("\n", 1)[0].strip()
        return first.split(". ", 1)[0].strip().removesuffix(".")

    @property
    def domain(self) -> str:
        """The part before the first dot (`timer` for `timer.set`)."""
        return self.name.split(".", 1)[0]

    def llm_schema(self) -> dict[str, Any]:
        """The OpenAI function-calling form the LLM sees."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters,
            },
        }

    def validate_arguments(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """Check arguments against the schema; `InvalidArgumentsError` lists every problem."""
        if self.args_model is not None:
            try:
                model = self.args_model.model_validate(arguments)
            except ValidationError as exc:
                problems = [
                    f"{'.'.join(str(p) for p in err['loc']) or '(arguments)'}: {err['msg']}"
                    for err in exc.errors()
                ]
                raise InvalidArgumentsError(self.name, problems) from None
            return {name: getattr(model, name) for name in type(model).model_fields}
        from jsonschema import Draft202012Validator

        errors = sorted(
            Draft202012Validator(self.parameters).iter_errors(arguments), key=lambda e: e.path
        )
        if errors:
            raise InvalidArgumentsError(
                self.name,
                [f"{'.'.join(map(str, e.path)) or '(arguments)'}: {e.message}" for e in errors],
            )
        return dict(arguments)

    async def ainvoke(self, arguments: dict[str, Any], ctx: ToolContext) -> Any:
        """Validate, then call the function (sync functions run in a worker thread)."""
        return await self.acall(self.validate_arguments(arguments), ctx)

    async def acall(self, values: dict[str, Any], ctx: ToolContext) -> Any:
        """Call the function with arguments `validate_arguments` already returned (the
        executor validates once per step, not once per attempt)."""
        from agent_system.idempotency import key_scope

        values = dict(values)
        for name in self.injected:
            values[name] = ctx
        with key_scope(ctx.idempotency_key):  # HTTP helpers send it without being handed ctx
            if inspect.iscoroutinefunction(self.func):
                return await self.func(**values)
            result = await asyncio.to_thread(functools.partial(self.func, **values))
            if inspect.isawaitable(result):
                return await result
            return result


def spec_from_function(
    func: Callable[..., Any],
    *,
    name: str | None = None,
    description: str | None = None,
    side_effects: SideEffect | str = SideEffect.NONE,
    requires_approval: bool = False,
    idempotent: bool = False,
    cache_ttl_s: float | None = None,
    timeout_s: float | None = None,
    retry: RetrySpec | None = None,
    cost: float = 0.0,
    tags: tuple[str, ...] | list[str] = (),
    examples: tuple[str, ...] | list[str] = (),
    compensate: str | None = None,
    source: str | None = None,
    precheck: Callable[..., Awaitable[Approval | None]] | None = None,
    approval_if: Callable[[Mapping[str, Any]], bool] | None = None,
    title: str = "",
) -> ToolSpec:
    """Build a `ToolSpec` from a typed function and its Google-style docstring."""
    tool_name = name or _default_name(func)
    summary, arg_docs, returns_doc = parse_google_docstring(func.__doc__)
    where = source or getattr(func, "__module__", "") or "<unknown>"
    try:
        model, injected = args_model_from_function(
            func,
            tool_name,
            arg_docs,
            _is_context,
            localns={"ToolContext": ToolContext, "ToolOutput": ToolOutput},
        )
        parameters = clean_schema(model.model_json_schema())
    except (TypeError, ValueError, NameError) as exc:
        raise PluginError(
            f"tool {tool_name!r} has an unsupported signature: {exc}", plugin=where
        ) from exc
    if idempotent and cache_ttl_s is None:
        cache_ttl_s = 60.0
    return ToolSpec(
        name=tool_name,
        description=description if description is not None else summary,
        parameters=parameters,
        func=func,
        args_model=model,
        returns={"description": returns_doc} if returns_doc else None,
        side_effects=SideEffect(side_effects),
        requires_approval=requires_approval,
        idempotent=idempotent,
        cache_ttl_s=cache_ttl_s,
        timeout_s=timeout_s,
        retry=retry or RetrySpec(),
        cost=cost,
        tags=tuple(tags),
        examples=tuple(examples),
        compensate=compensate,
        source=where,
        injected=tuple(injected),
        precheck=precheck,
        approval_if=approval_if,
        title=title,
    )


def _default_name(func: Callable[..., Any]) -> str:
    module = getattr(func, "__module__", "") or ""
    parts = module.split(".")
    # roles.timer.tools.set -> timer.set ; tools.memory.remember -> memory.remember
    if len(parts) >= 2 and parts[0] in ("roles", "tools"):
        return f"{parts[1]}.{func.__name__}"
    return str(func.__name__)


@overload
def tool(func: F, /) -> F: ...


@overload
def tool(
    *,
    name: str | None = None,
    description: str | None = None,
    side_effects: SideEffect | str = SideEffect.NONE,
    requires_approval: bool = False,
    idempotent: bool = False,
    cache_ttl_s: float | None = None,
    timeout_s: float | None = None,
    retry: RetrySpec | None = None,
    cost: float = 0.0,
    tags: tuple[str, ...] | list[str] = (),
    examples: tuple[str, ...] | list[str] = (),
    compensate: str | None = None,
    precheck: Callable[..., Awaitable[Approval | None]] | None = None,
    approval_if: Callable[[Mapping[str, Any]], bool] | None = None,
    title: str = "",
) -> Callable[[F], F]: ...


def tool(func: F | None = None, /, **options: Any) -> F | Callable[[F], F]:
    """Mark a function as a tool; it stays callable as before.

    The `ToolSpec` is built at once (so signature problems fail at import, naming the tool) and
    attached as ``func.__tool_spec__``. `ToolRegistry.add_module` collects marked functions.
    """

    def decorate(f: F) -> F:
        f.__tool_spec__ = spec_from_function(f, **options)  # type: ignore[attr-defined]
        return f

    if func is not None:
        return decorate(func)
    return decorate


AsyncToolFunc = Callable[..., Awaitable[Any]]
