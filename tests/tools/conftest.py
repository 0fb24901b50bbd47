"""Fixtures for the core tools: a runtime of fakes, a context per user and thread, a fake LLM."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field

from agent_system.registry.spec import ToolContext
from agent_system.runtime import FakeClock, Runtime
from agent_system.testing import make_runtime, make_settings


class ScriptedChatModel(BaseChatModel):
    """Answers with scripted replies in order (an Exception entry is raised); records prompts."""

    replies: list[str | Exception] = Field(default_factory=list)
    prompts: list[list[BaseMessage]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _generate(
        self, messages: list[BaseMessage], stop: list[str] | None = None, **kwargs: Any
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


@pytest.fixture
def clock() -> FakeClock:
    """A fake clock; sleeps advance it instantly."""
    return FakeClock()


@pytest.fixture
async def runtime(clock: FakeClock) -> AsyncIterator[Runtime]:
    """An offline runtime with an in-memory store and a webhook URL configured."""
    rt = make_runtime(make_settings(webhook_url="https://hooks.example.test/notify"), clock=clock)
    yield rt
    await rt.http.aclose()


@pytest.fixture
def context(runtime: Runtime) -> Callable[..., ToolContext]:
    """Build a `ToolContext` on the shared runtime: ``context(user="alice", thread="t1")``."""

    def build(user: str | None = "alice", thread: str = "thread-1") -> ToolContext:
        return ToolContext(runtime=runtime, user=user, thread_id=thread)

    return build
