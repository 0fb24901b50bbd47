"""The memory role: remember, recall, forget and list facts the user told us (``tools.memory``).

"remember that my sister's birthday is june 3" keeps the fact; "when is my sister's birthday?"
finds it again; "forget my sister's birthday" deletes it; "what do you remember about me" lists.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from roles.memory._stage import TRAILING, claim
from roles.memory._until import until_thing

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["ROLE", "MemoryRole"]

_POLITE = (
    r"^(?:(?:hey|ok|okay|so)[,\s]+)?(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?"
    r"(?:i\s+(?:want|need|would\s+like)\s+you\s+to\s+)?"
)
_REMEMBER = lazy_pattern(
    _POLITE + r"(?:remember|memori[sz]e|note|make\s+a\s+note|keep\s+in\s+mind|don'?t\s+forget"
    r"|never\s+forget|note\s+down|store|save)\s*(?:that|this|the\s+fact\s+that)?\s*:?\s+(?P<fact>.+)$",
    re.IGNORECASE,
)
_FORGET = lazy_pattern(
    _POLITE + r"(?:forget|delete|remove|erase)\s+(?:(?:that|about|the\s+fact\s+that|what\s+i\s+"
    r"(?:said|told\s+you)\s+about|the\s+memory\s+(?:about|of))\s+)?(?P<what>.+)$",
    re.IGNORECASE,
)
_LIST = lazy_pattern(
    r"\b(?:what\s+(?:do|did)\s+you\s+(?:know|remember)\s+about\s+me|what\s+have\s+i\s+told\s+you"
    r"|what\s+(?:did|have)\s+i\s+(?:ask(?:ed)?|tell|told)\s+you\s+to\s+(?:remember|keep|note)"
    r"|what\s+are\s+you\s+remembering(?:\s+for\s+me)?"
    r"|(?:list|show)\s+(?:me\s+)?(?:all\s+)?(?:my\s+|your\s+|the\s+)?(?:memories|remembered\s+facts"
    r"|facts\s+you\s+(?:know|remember))|everything\s+you\s+(?:know|remember)"
    r"|what\s+(?:facts\s+)?have\s+you\s+(?:remembered|saved|kept))\b",
    re.IGNORECASE,
)
_EVERYTHING = lazy_pattern(
    _POLITE + r"(?:forget|delete|erase|wipe|clear|remove)\s+"
    r"(?:(?:all|every)\s*(?:thing|of\s+(?:it|that|them))"
    r"|(?:all\s+)?(?:my|your|the)\s+(?:memories|memory|remembered\s+facts)|all\s+(?:my|your|the)?\s*"
    r"(?:memories|facts))(?:\s+(?:you\s+(?:know|remember|have))?(?:\s+about\s+me)?)?$",
    re.IGNORECASE,
)
_ABOUT = lazy_pattern(
    r"^(?:what\s+(?:do|did)\s+you\s+(?:know|remember)\s+about|do\s+you\s+remember"
    r"|what\s+did\s+i\s+(?:say|tell\s+you)\s+about|remind\s+me\s+what)\s+(?P<query>.+)$",
    re.IGNORECASE,
)


def _first_person(fact: str) -> str:
    """The fact as the user would say it: "my sister's birthday is June 3"."""
    fact = fact.strip().rstrip(".!")
    return fact[:1].upper() + fact[1:]


class MemoryRole:
    """Facts the user asks to be remembered, found again on request."""

    name = "memory"
    description = (
        "Remember facts the user tells you (birthdays, preferences, where things are), answer "
        "questions about them later, list them and forget them on request."
    )
    tool_role = True
    tool_modules = ("tools.memory", "roles.memory.tools")
    examples = (
        "remember that my sister's birthday is june 3",
        "remember my locker code is 4512",
        "please remember that I parked on level 3",
        "note that the wifi password is bluefish42",
        "keep in mind that I'm allergic to peanuts",
        "don't forget that my anniversary is on may 12",
        "make a note that the plumber comes on thursday",
        "when is my sister's birthday?",
        "what's my locker code",
        "where did I park",
        "what is the wifi password",
        "what am I allergic to",
        "do you remember my anniversary",
        "what do you know about my sister",
        "what did I tell you about the plumber",
        "what do you remember about me",
        "list my memories",
        "what have I told you",
        "forget my locker code",
        "forget that I parked on level 3",
        "delete the memory about the wifi password",
        "forget what I said about the plumber",
        "forget everything you know about me",
        "my name is Ana",
        "what's my name",
        "how many days until my sister's birthday",
    )

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim facts to keep and "what do you know about me" before the classifier."""
        return claim

    async def answer_unplaced(self, text: str, runtime: Runtime, user: str | None) -> str | None:
        """A question no role answered, said back from a fact the user told, or None.

        "when does my train leave" after "remember that my train leaves at 7:40" -> "Your train
        leaves at 7:40.".
        """
        from tools._told import asks, told

        return await told(runtime.store, user, text) if asks(text) else None

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | RolePlan | Clarification:
        """memory.remember / forget / list / recall from the words used."""
        stripped = text.strip().rstrip("?!. ")
        if _EVERYTHING.match(stripped):
            return RoleCall("memory.clear", {})
        if _LIST.search(stripped) or slots.get("listing"):
            return RoleCall("memory.list", {})
        if (until := until_thing(stripped)) is not None:  # "how many days until my birthday"
            return RoleCall("memory.days_until", {"thing": until[0], "unit": until[1]})
        if query := slots.get("query"):  # "what's my name"
            return RoleCall("memory.recall", {"query": str(query)})
        if gone := slots.get("forget"):  # "forget sam's flight", "forget it" after a fact
            return RoleCall("memory.forget", {"memory": str(gone)})
        if facts := slots.get("forget_which"):  # "forget that" after several were listed
            heads = [re.split(r"\s+(?:is|are|was|were)\s+", str(f), maxsplit=1) for f in facts]
            first = next((head[0] for head in heads if len(head) == 2), str(facts[0]))
            example = re.sub(r"^your\s+", "my ", first, flags=re.IGNORECASE).lower()
            return Clarification(
                f"I remember {len(facts)} things; say which one to forget ('forget {example}').",
                missing=("memory",),
            )
        if fact := slots.get("fact"):  # "my name is Ana", "call me Annie": said by the stage
            return RoleCall("memory.remember", {"fact": str(fact)})
        if found := _REMEMBER.match(stripped):
            if re.match(r"^(?:to|about)\b", found["fact"], re.IGNORECASE):
                # "remember to buy milk at 5" asks for a reminder, not a fact
                from roles.timer.role import ROLE as TIMER

                return TIMER.interpret(f"remind me {found['fact']}", slots, runtime, history)
            return RoleCall("memory.remember", {"fact": _first_person(found["fact"])})
        if (found := TRAILING.match(stripped)) and not _REMEMBER.match(stripped):
            return RoleCall("memory.remember", {"fact": _first_person(found["fact"])})
        if found := _FORGET.match(stripped):
            return RoleCall("memory.forget", {"memory": found["what"].strip(" \"'")})
        if found := _ABOUT.match(stripped):
            return RoleCall("memory.recall", {"query": found["query"].strip(" \"'")})
        if not stripped:
            return Clarification("What should I remember?", missing=("fact",))
        return RoleCall("memory.recall", {"query": stripped})


ROLE = MemoryRole()
