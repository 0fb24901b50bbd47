"""The conversation role: greetings, thanks, "what can you do", the time, sums, jokes, and chat.

Sums and unit conversions ("what's 15% of 80", "convert 5 miles to km") are worked out by
`calculator.calculate` (tools/calculator.py) when the whole request is one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system.roles import RoleCall, RolePlan
from agent_system.understanding.locale import home_fact

if TYPE_CHECKING:
    from agent_system.roles import Clarification
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["HISTORY_TURNS", "ROLE", "ConversationRole"]

HISTORY_TURNS = 10
"""Earlier turns passed to the model with each message."""


class ConversationRole:
    """Small talk and open chat."""

    name = "conversation"
    tool_modules = ("roles.conversation.tools", "tools.calculator")
    tool_role = False
    routing_hint = (
        "greetings, thanks, goodbyes, jokes, small talk, what the "
        "assistant can do, the current time or date, sums and unit conversions"
    )
    description = (
        "Small talk and open questions: greetings, thanks, what the assistant can do, the time "
        "and date, sums and unit conversions, jokes; free chat when an LLM is configured."
    )
    examples = (
        "hello",
        "hi there",
        "good morning",
        "thanks",
        "thank you so much",
        "goodbye",
        "good night",
        "what can you do",
        "help me",
        "what time is it",
        "what's the date today",
        "what day is it",
        "what time is it in Tokyo",
        "what day of the week is june 27th",
        "what is 12 times 7",
        "convert 5 miles to km",
        "tell me a joke",
        "make me laugh",
        "who are you",
        "what's your name",
        "how are you",
        "are you a bot",
        "tell me about yourself",
        "let's chat",
    )

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim the time and the date, goodbyes, the meaning of life, spelling and sums.

        "what time is it in Tokyo", "i've got to run now", "what's the point of existence",
        "how do you spell rhythm"; a whole request that is a sum or a unit conversion ("add 5
        and 7", "how many ounces in a pound"), "and" and all. Its costly parts are skipped for
        a request without their words (roles/conversation/_stage.py).
        """
        from roles.conversation._stage import conversation_stage

        return conversation_stage(runtime)

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | RolePlan | Clarification:
        """conversation.reply, with the thread's recent turns as history.

        "I live in Lyon" (the router's ``sets_home`` slot) is remembered as the user's home, and
        "where do i live" says it (`conversation.home`); a sum or a unit conversion is
        `calculator.calculate`.
        """
        from roles.conversation._follow import asked_again
        from tools._sums import work_out
        from tools._units import convert

        text = asked_again(text, history, runtime) or text  # "and in London?": the whole question
        from roles.conversation._home import asks_home

        if asks_home(text):  # "where do i live", "what's my location"
            return RoleCall("conversation.home", {})
        home = slots.get("sets_home")
        if isinstance(home, str) and home.strip():
            return RoleCall("memory.remember", {"fact": home_fact(home.strip())})
        if convert(text) is not None or work_out(text) is not None:
            return RoleCall("calculator.calculate", {"expression": text.strip()})
        from roles.conversation._several import several_asked

        if (several := several_asked(text, runtime)) is not None:
            return several  # "what's 2+2 and what time is it": each one answered
        from roles.conversation._again import ANOTHER_JOKE, wants_another_joke

        recent = history[-HISTORY_TURNS:]
        message = ANOTHER_JOKE if wants_another_joke(text, history) else text.strip()
        return RoleCall(
            "conversation.reply",
            {
                "message": message,
                "history": [
                    message
                    for turn in recent
                    for message in (
                        {"role": "user", "content": turn.text},
                        {"role": "assistant", "content": turn.reply},
                    )
                    if message["content"]
                ],
            },
        )


ROLE = ConversationRole()
