"""Test helpers for the core tools: a scripted chat model; calling a tool as the engine does."""

from __future__ import annotations

from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field

from agent_system.registry.spec import ToolContext, ToolOutput, ToolSpec

__all__ = ["ScriptedChatModel", "run_tool", "spec_of"]


def spec_of(func: object) -> ToolSpec:
    """The `ToolSpec` the `@tool` decorator attached to `func`."""
    spec = getattr(func, "__tool_spec__", None)
    assert isinstance(spec, ToolSpec), f"{func!r} is not a tool"
    return spec


async def run_tool(func: object, ctx: ToolContext, **arguments: Any) -> ToolOutput:
    """Run a tool through its spec: argument validation, context injection, the call."""
    result = await spec_of(func).ainvoke(arguments, ctx)
    assert isinstance(result, ToolOutput)
    return result


class ScriptedChatModel(BaseChatModel):
    """Answers with scripted replies in order (an Exception entry is raised); records prompts."""

    replies: list[str | Exception] = Field(default_factory=list)
    prompts: list[list[BaseMessage]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.prompts.append(list(messages))
        if not self.replies:
            raise AssertionError("the scripted model was called more often than scripted")
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=reply))])

    def assert_complete(self) -> None:
        """Fail if a scripted reply went unused."""
        assert not self.replies, f"unused scripted replies: {self.replies!r}"
