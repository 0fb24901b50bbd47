"""`LLMRouter`: a chat model picks the route with structured output.

Used by `HybridRouter` when the embedded router is unsure. The model sees the roles, the
routing rules and the recent turns, and answers a `RouteChoice` (through the provider's tool
calling, ``with_structured_output``). Any failure raises `LLMError`; the hybrid router then
keeps the embedded guess.

The answer is streamed: a reply that opens with ``"target": "meta_planning"`` and its
confidence decides there (planning, already under way beside the call, goes on at once), and the
rest of the reply (the reason) is read to its end in the background, so the call is counted
whole. Any other reply is read whole and validated, with one corrective call when it does not
parse.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, Literal

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field, ValidationError, create_model

from agent_system._lazy import lazy_pattern
from agent_system.errors import LLMError, LLMOutputError
from agent_system.llm._structured import corrective_messages, invoke_structured, stream_structured
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from agent_system.roles import Role

__all__ = [
    "ROLE_DESCRIPTIONS",  # noqa: F822 - computed, see __getattr__
    "ROUTER_SYSTEM",
    "LLMRouter",
    "RouteChoice",
    "route_choice_model",
]

log = logging.getLogger(__name__)

_HISTORY_TURNS = 4
_EARLY = lazy_pattern(
    r'\s*(?:```(?:json)?\s*)?\{\s*"target"\s*:\s*"meta_planning"\s*,'
    r'(?:\s*"role"\s*:\s*(?:null|"[^"\\]*")\s*,)?'
    r'\s*"confidence"\s*:\s*(\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*[,}]'
)
"""A reply that has said enough: meta-planning (no role needed) and its confidence."""
_PLANNING = lazy_pattern(r'\s*(?:```(?:json)?\s*)?\{\s*"target"\s*:\s*"meta_planning"\s*[,}]')
"""A reply that opens with meta-planning: enough when it confirms an embedded decision."""
ROUTER_SYSTEM = "You route a user's request for an assistant."
"""How the router's system prompt opens."""


def _builtin_roles() -> dict[str, Role]:
    from agent_system.roles import builtin_role_names, load_roles

    return load_roles(builtin_role_names())


def __getattr__(name: str) -> Any:
    if name == "ROLE_DESCRIPTIONS":  # the built-in roles' routing hints (declared by each role)
        from agent_system.roles import declaration

        return {n: declaration(r).routing_hint for n, r in _builtin_roles().items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class RouteChoice(BaseModel):
    """Where the user's latest request should go."""

    target: Literal["fast_reply", "meta_planning"] = Field(
        description="fast_reply: one role answers alone; meta_planning: several steps, "
        "several roles, or nothing a role owns."
    )
    confidence: float = Field(ge=0.0, le=1.0, description="Probability that this route is right.")
    role: str | None = Field(
        default=None, description="The role for fast_reply; null for meta_planning."
    )
    follow_up: bool = Field(
        default=False, description="True when the request continues the previous turn's role."
    )
    reason: str = Field(default="", description="One short sentence.")


@functools.lru_cache(maxsize=32)
def route_choice_model(roles: tuple[str, ...]) -> type[RouteChoice]:
    """`RouteChoice` whose ``role`` is one of `roles` (the schema the model answers)."""
    role_type: Any = Literal.__getitem__(roles) if roles else str
    model: type[RouteChoice] = create_model(
        "RouteChoice",
        __base__=RouteChoice,
        __doc__=RouteChoice.__doc__,
        role=(
            role_type | None,
            Field(default=None, description="The role for fast_reply; null for meta_planning."),
        ),
    )
    return model


def _system_prompt(roles: Mapping[str, str], tool_roles: Collection[str]) -> str:
    acting = ", ".join(name for name in roles if name in tool_roles)
    lines = [
        f"{ROUTER_SYSTEM} Fast-reply roles:",
        *(f"- {name}: {what}" for name, what in roles.items()),
        "Rules: choose fast_reply with one role only when that role alone can answer. Choose "
        "meta_planning for requests with two actions or two roles ('check the weather and set "
        "a timer', 'do X then Y', 'if it rains, close the garage') and for anything no role "
        "owns (banking, ordering food, booking travel, music, messages...). Never send "
        f"such a request to {acting}. A short elliptical "
        "request ('and in Boston?', 'what about tomorrow?') continues the previous turn's role: "
        "set follow_up.",
    ]
    return "\n".join(lines)


class LLMRouter:
    """Routes with a chat model (langchain-core) and structured output."""

    name = "llm"
    takes_prior = True
    """`route` takes the embedded decision (`prior`) and may stop at its confirmation."""

    def __init__(
        self,
        chat_model: BaseChatModel,
        *,
        roles: Mapping[str, str] | None = None,
        tool_roles: Collection[str] | None = None,
        stream: bool = True,
    ) -> None:
        """`roles`: what each role owns, by name (default: the built-in roles' routing hints);
        `tool_roles`: those that act through tools (default: every role but conversation);
        `stream`: read the answer as it streams and decide as soon as it says meta-planning
        (module docstring)."""
        from agent_system.roles import declaration

        if roles is None:
            builtin = _builtin_roles()
            roles = {n: declaration(r).routing_hint for n, r in builtin.items()}
            if tool_roles is None:
                tool_roles = [n for n, r in builtin.items() if declaration(r).tool_role]
        self.chat_model = chat_model
        self.roles = dict(roles)
        self.tool_roles = frozenset(
            tool_roles if tool_roles is not None else set(self.roles) - {"conversation"}
        )
        self.choice_model = route_choice_model(tuple(self.roles))
        self.stream = stream
        self._reading: set[asyncio.Future[Any]] = set()

    @classmethod
    def from_roles(cls, chat_model: BaseChatModel, roles: Mapping[str, Role]) -> LLMRouter:
        """A router over loaded roles (their routing hints and tool-role declarations)."""
        from agent_system.roles import declaration

        declared = {name: declaration(role) for name, role in roles.items()}
        return cls(
            chat_model,
            roles={name: d.routing_hint for name, d in declared.items()},
            tool_roles=[name for name, d in declared.items() if d.tool_role],
        )

    def messages(self, request: RouteRequest) -> list[BaseMessage]:
        """The prompt for `request`: rules, recent turns, then the request."""
        prompt: list[BaseMessage] = [SystemMessage(_system_prompt(self.roles, self.tool_roles))]
        recent = request.history[-_HISTORY_TURNS:]
        if recent:
            turns = "\n".join(f"- {t.text!r} (routed to {t.role or 'planning'})" for t in recent)
            prompt.append(SystemMessage(f"Earlier turns, oldest first:\n{turns}"))
        prompt.append(HumanMessage(request.text))
        return prompt

    async def route(
        self, request: RouteRequest, *, prior: RouteDecision | None = None
    ) -> RouteDecision:
        """Ask the model; raise `LLMError` when it fails or answers nonsense.

        `prior`: the embedded router's decision. When it is meta-planning and the answer opens
        with meta-planning too, the answer has confirmed it: the decision is taken there, with
        the embedded router's (calibrated) confidence."""
        started = time.perf_counter()
        try:
            # Through the LLM layer: strict schema or JSON mode, one corrective retry, and the
            # call counted against the request's usage and budget like every other LLM call.
            messages = self.messages(request)
            raw: Any
            if self.stream:
                confirming = prior is not None and prior.target == RouteTarget.META_PLANNING
                raw = await self._streamed(messages, prior if confirming else None)
            else:
                raw = await invoke_structured(
                    self.chat_model, self.choice_model, messages, output_tokens=128
                )
        except LLMError as exc:  # keep the kind (auth, output...), name the request
            raise type(exc)(
                f"The LLM router could not route {request.text!r}: {exc.message}",
                details=exc.details,
            ) from exc
        except Exception as exc:
            raise LLMError(
                f"The LLM router could not route {request.text!r}: {exc}",
                details={"error": repr(exc)},
            ) from exc
        choice = raw if isinstance(raw, self.choice_model) else _coerce(raw, self.choice_model)
        if choice.target == "fast_reply" and choice.role is None:
            raise LLMOutputError(
                f"The LLM router chose fast_reply without a role for {request.text!r}.",
                details={"reply": choice.model_dump()},
            )
        fast = choice.target == "fast_reply"
        return RouteDecision(
            target=RouteTarget.FAST_REPLY if fast else RouteTarget.META_PLANNING,
            role=choice.role if fast else None,
            confidence=choice.confidence,
            slots={"follow_up": True} if fast and choice.follow_up else {},
            reason=choice.reason or "Chosen by the LLM router.",
            router="llm",
            elapsed_ms=(time.perf_counter() - started) * 1000.0,
        )

    async def _streamed(self, messages: list[BaseMessage], prior: RouteDecision | None) -> Any:
        """The choice from a streamed answer: as soon as it opens with meta-planning and its
        confidence, else once it is whole (one corrective call when it does not parse)."""
        loop = asyncio.get_running_loop()
        early: asyncio.Future[RouteChoice] = loop.create_future()
        seen: list[str] = []

        def on_text(text: str) -> None:
            seen.append(text)
            if early.done():
                return
            text = "".join(seen)
            match = _EARLY.match(text)
            if match is not None and 0.0 <= float(match[1]) <= 1.0:
                early.set_result(
                    self.choice_model(target="meta_planning", confidence=float(match[1]))
                )
            elif prior is not None and _PLANNING.match(text):
                early.set_result(
                    self.choice_model(
                        target="meta_planning",
                        confidence=prior.confidence,
                        reason="The LLM router confirmed planning.",
                    )
                )

        call: asyncio.Future[str] = asyncio.ensure_future(
            stream_structured(
                self.chat_model, self.choice_model, messages, on_text, output_tokens=128
            )
        )
        try:
            waiting: set[asyncio.Future[Any]] = {call, early}
            await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        except BaseException:
            call.cancel()
            raise
        if early.done():
            if call.done():
                _read_out(call)
            else:  # the reason is still coming: read to the end, the call counted whole
                self._reading.add(call)
                call.add_done_callback(self._reading.discard)
                call.add_done_callback(_read_out)
            return early.result()
        early.cancel()
        text = call.result()
        try:
            return self.choice_model.model_validate_json(_unfenced(text))
        except ValidationError as exc:
            problems = [
                f"{'.'.join(str(p) for p in e['loc']) or '(reply)'}: {e['msg']}"
                for e in exc.errors(include_url=False)[:10]
            ]
        return await invoke_structured(
            self.chat_model,
            self.choice_model,
            corrective_messages(messages, text, problems),
            output_tokens=128,
            attempts=1,
        )


def _read_out(call: asyncio.Future[Any]) -> None:
    """The end of a route answer already decided on: its failure is logged, never raised."""
    if not call.cancelled() and (exc := call.exception()) is not None:
        log.warning("The LLM router's answer broke off after it had decided: %s", exc)


def _unfenced(text: str) -> str:
    text = text.strip()
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    return text


def _coerce(raw: Any, model: type[RouteChoice]) -> RouteChoice:
    try:
        return model.model_validate(raw)
    except ValueError as exc:
        raise LLMOutputError(
            f"The LLM router's reply is not a RouteChoice: {exc}", details={"reply": repr(raw)}
        ) from exc
