"""The conversation role: offline small talk with a fake clock, LLM chat with a scripted model."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolSpec
from agent_system.roles import RoleCall
from agent_system.routing.models import Turn
from agent_system.runtime import FakeClock, Runtime
from agent_system.testing import make_runtime
from roles.conversation import tools
from roles.conversation.role import ROLE
from roles.conversation.tools import JOKES, NEEDS_LLM, classify
from tools import calculator


class ScriptedModel(BaseChatModel):
    """Replies from a script, records what it was sent, and fails on an unscripted call."""

    replies: list[str]
    seen: list[list[BaseMessage]] = Field(default_factory=list)
    error: Exception | None = None

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.seen.append(list(messages))
        if self.error is not None:
            raise self.error
        assert self.replies, "the model was called more often than scripted"
        return ChatResult(generations=[ChatGeneration(message=AIMessage(self.replies.pop(0)))])


SPEC: ToolSpec = tools.reply.__tool_spec__  # type: ignore[attr-defined]
CALCULATE: ToolSpec = calculator.calculate.__tool_spec__  # type: ignore[attr-defined]


async def say(message: str, runtime: Runtime, history: list[dict[str, str]] | None = None) -> Any:
    args: dict[str, Any] = {"message": message}
    if history is not None:
        args["history"] = history
    return await SPEC.ainvoke(args, ToolContext(runtime=runtime))


def offline(hour: int = 9) -> Runtime:
    return make_runtime(clock=FakeClock(datetime(2026, 1, 5, hour, 30, tzinfo=UTC)))


# --- offline --------------------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("hour", "expected"),
    [
        (8, "Good morning! How can I help?"),
        (14, "Good afternoon! How can I help?"),
        (21, "Good evening! How can I help?"),
    ],
)
async def test_a_greeting_follows_the_time_of_day(hour: int, expected: str) -> None:
    runtime = make_runtime(clock=FakeClock(datetime(2026, 1, 5, hour, 0, tzinfo=UTC)))
    out = await say("hello!", runtime)
    assert out.display == expected
    assert out.data == {"intent": "greeting", "llm": False, "reply": expected}


@pytest.mark.anyio
async def test_the_time_and_date_come_from_the_clock() -> None:
    runtime = make_runtime(clock=FakeClock(datetime(2026, 1, 5, 9, 30, tzinfo=UTC)))
    assert (await say("what time is it?", runtime)).display == "It's 09:30 (UTC)."
    assert (
        await say("what's the date today", runtime)
    ).display == "Today is Monday 5 January 2026."

    runtime.clock.advance(86_400)  # type: ignore[attr-defined]
    assert (await say("what day is it", runtime)).display == "Today is Tuesday 6 January 2026."


@pytest.mark.anyio
async def test_jokes_rotate_instead_of_repeating() -> None:
    runtime = offline()
    told = [(await say("tell me a joke", runtime)).display for _ in range(len(JOKES) + 1)]
    assert told[: len(JOKES)] == list(JOKES)
    assert told[-1] == JOKES[0]


@pytest.mark.anyio
async def test_what_can_you_do_lists_each_loaded_role_with_an_example() -> None:
    out = await say("what can you do?", offline())

    lines = out.display.splitlines()
    assert lines[0] == "Here's what I can do:"
    assert "- Timers, alarms and reminders (try " in out.display
    assert "- Your home: lights, heating, locks, blinds and more (try " in out.display
    assert '(try "what\'s the weather in Paris")' in out.display
    for jargon in ("smart_home", "SearxNG", "LLM", "role", "planner"):  # user prose only
        assert jargon not in out.display


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("thanks a lot", "You're welcome!"),
        ("bye", "Goodbye!"),
        ("good night", "Good night!"),
        ("who are you?", "I'm agent-system"),
        ("how are you", "All systems running"),
    ],
)
async def test_small_talk_is_answered_offline(message: str, expected: str) -> None:
    assert (await say(message, offline())).display.startswith(expected)


@pytest.mark.anyio
async def test_anything_else_offline_says_plainly_what_works_without_jargon() -> None:
    out = await say("write me a poem about autumn", offline())

    assert out.display == NEEDS_LLM
    assert out.display.startswith("I can't do that offline.")
    assert "OPENAI" not in out.display and "LLM" not in out.display
    assert out.data["intent"] is None


def test_requests_that_only_mention_help_are_not_mistaken_for_small_talk() -> None:
    assert classify("help me write a cover letter") is None
    assert classify("help") == "capabilities"
    assert classify("I'll do it later") is None


# --- with an LLM ----------------------------------------------------------------------------


@pytest.mark.anyio
async def test_with_an_llm_the_reply_comes_from_the_model_with_the_history() -> None:
    model = ScriptedModel(replies=["Crisp leaves fall..."])
    runtime = make_runtime(chat_model=model)

    out = await say(
        "write me a poem about autumn",
        runtime,
        history=[
            {"role": "user", "content": "I love autumn"},
            {"role": "assistant", "content": "It is lovely."},
        ],
    )

    assert out.display == "Crisp leaves fall..."
    assert out.data["llm"] is True
    (sent,) = model.seen
    assert isinstance(sent[0], SystemMessage) and "2026-01-05T09:00:00+00:00" in sent[0].content
    assert [type(m) for m in sent[1:]] == [HumanMessage, AIMessage, HumanMessage]
    assert [m.content for m in sent[1:]] == [
        "I love autumn",
        "It is lovely.",
        "write me a poem about autumn",
    ]


@pytest.mark.anyio
async def test_with_an_llm_the_time_is_still_answered_from_the_clock() -> None:
    model = ScriptedModel(replies=[])
    runtime = make_runtime(chat_model=model)

    out = await say("what time is it", runtime)

    assert out.display == "It's 09:00 (UTC)."
    assert model.seen == []


@pytest.mark.anyio
@pytest.mark.parametrize(
    "message",
    [
        "what's the date of the super bowl",
        "what time does the bakery open",
        "what day was the moon landing",
    ],
)
async def test_a_date_or_time_question_about_something_else_never_gets_todays_date(
    message: str,
) -> None:
    offline_out = await say(message, offline())
    assert offline_out.display == NEEDS_LLM  # not "Today is Monday 5 January 2026."

    model = ScriptedModel(replies=["On 8 February."])
    online = await say(message, make_runtime(chat_model=model))
    assert online.display == "On 8 February." and len(model.seen) == 1


@pytest.mark.anyio
async def test_a_failing_model_becomes_a_clear_tool_error() -> None:
    runtime = make_runtime(
        chat_model=ScriptedModel(replies=[], error=ConnectionError("provider down"))
    )

    with pytest.raises(
        ToolExecutionError, match="could not answer \\(ConnectionError: provider down\\)"
    ):
        await say("tell me about black holes", runtime)


# --- interpret ------------------------------------------------------------------------------


def test_interpret_passes_the_message_and_recent_history() -> None:
    history = [Turn(text=f"turn {i}", role="conversation") for i in range(12)]

    call = ROLE.interpret("  and then?  ", {}, make_runtime(), history)

    assert isinstance(call, RoleCall) and call.tool == "conversation.reply"
    assert call.arguments["message"] == "and then?"
    assert [m["content"] for m in call.arguments["history"]] == [f"turn {i}" for i in range(2, 12)]


@pytest.mark.anyio
async def test_every_example_gets_an_offline_answer() -> None:
    """Even "let's chat" (offline: "I'm here. ...", what it can chat about)."""
    runtime = offline()
    needs_llm = []
    for example in ROLE.examples:
        call = ROLE.interpret(example, {}, runtime, [])
        assert isinstance(call, RoleCall)
        spec = SPEC if call.tool == "conversation.reply" else CALCULATE
        assert call.tool in ("conversation.reply", "calculator.calculate"), call
        out = await spec.ainvoke(call.arguments, ToolContext(runtime=runtime))
        if out.display == NEEDS_LLM:
            needs_llm.append(example)
    assert needs_llm == []


def test_the_package_exports_its_public_names() -> None:
    import roles.conversation

    assert all(hasattr(roles.conversation, name) for name in roles.conversation.__all__)
    assert {"ROLE", "ChatMessage", "NEEDS_LLM"} <= set(roles.conversation.__all__)


def test_the_history_passed_to_the_model_holds_both_sides_of_each_turn() -> None:
    from agent_system.roles import RoleCall
    from agent_system.routing.models import Turn
    from agent_system.testing import make_runtime
    from roles.conversation.role import ROLE

    history = [Turn(text="hi", reply="Hello! How can I help?"), Turn(text="thanks")]
    call = ROLE.interpret("tell me more", {}, make_runtime(), history)
    assert isinstance(call, RoleCall)
    assert call.arguments["history"] == [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Hello! How can I help?"},
        {"role": "user", "content": "thanks"},
    ]


@pytest.mark.parametrize(
    ("hour", "part"),
    [
        (3, "evening"),
        (5, "morning"),
        (11, "morning"),
        (12, "afternoon"),
        (17, "afternoon"),
        (23, "evening"),
    ],
)
def test_the_greeting_matches_the_time_of_day(hour: int, part: str) -> None:
    from datetime import datetime

    from roles.conversation.tools import _greeting

    assert _greeting(datetime(2026, 1, 5, hour, 0)).startswith(f"Good {part}")
