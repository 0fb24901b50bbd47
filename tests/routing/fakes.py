"""Fakes for the router tests: a scripted classifier and scripted chat models."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
from langchain_core.messages import BaseMessage

from agent_system.llm._fake import ScriptedChatModel
from agent_system.routing._model import CLASSES


class ScriptedClassifier:
    """Returns fixed probabilities: `best` gets `confidence`, the rest share what is left."""

    def __init__(self, best: str, confidence: float) -> None:
        self.meta: dict[str, Any] = {"scripted": True}
        rest = (1.0 - confidence) / (len(CLASSES) - 1)
        self.table = {name: (confidence if name == best else rest) for name in CLASSES}
        self.calls: list[str] = []

    def probabilities(self, text: str) -> dict[str, float]:
        self.calls.append(text)
        return dict(self.table)


class FailingChat(FakeMessagesListChatModel):
    """A chat model whose every call fails like a dropped connection."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> FailingChat:
        return self

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("connection reset by peer")


def route_call(args: dict[str, Any]) -> dict[str, Any]:
    """The structured reply of a route choice."""
    return args


def scripted_chat(*replies: dict[str, Any]) -> ScriptedChatModel:
    """A scripted chat model that answers `replies` in order (structured output)."""
    return ScriptedChatModel(list(replies))
