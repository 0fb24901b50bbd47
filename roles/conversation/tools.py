"""Conversation: chat with the LLM when one is configured, useful small talk offline.

Offline answers (no LLM): greetings, thanks, goodbyes, what the assistant can do, the time and
date, a joke, who the assistant is, how a word is spelled, a coin flip, dice, a picked number,
something to do when bored; anything else says plainly that it
needs an LLM. The time, the date, spelling and the list of abilities are always answered
locally: they are facts the model does not know (or, for spelling, gets wrong letter by letter).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from functools import partial
from typing import Literal, get_args

from pydantic import BaseModel

from agent_system._lazy import lazy_pattern
from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.roles import CANNOT_OFFLINE
from agent_system.runtime import Dependency, Runtime
from agent_system.understanding._format import said_together
from agent_system.understanding.locale import format_clock, format_long_date
from roles.conversation._about import about_me
from roles.conversation._acts import DROPS_NOTHING, Act, act_reply, dialogue_act
from roles.conversation._chance import chance_kind, chance_reply
from roles.conversation._chitchat import chitchat_kind
from roles.conversation._clock import clock_answer, is_clock_question
from roles.conversation._feelings import FEELINGS, MOODS, feeling_kind
from roles.conversation._smalltalk import is_goodbye, is_meaning_of_life
from roles.conversation._spelling import spelled, word_to_spell

__all__ = ["JOKES", "NEEDS_LLM", "ChatMessage", "home", "offline_reply", "reply"]

NEEDS_LLM = CANNOT_OFFLINE
"""The offline reply to chat it has no answer for (what works, in one plain sentence)."""
SYSTEM_PROMPT = (
    "You are agent-system, a concise, friendly assistant. Answer in one to three sentences "
    "unless the user asks for more. The current date and time is {now}."
)
JOKES = (
    "I told my computer I needed a break, and it said: no problem, I'll go to sleep.",
    "Why do programmers prefer dark mode? Because light attracts bugs.",
    "There are 10 kinds of people: those who understand binary and those who don't.",
    "Why did the scarecrow win an award? He was outstanding in his field.",
    "I would tell you a UDP joke, but you might not get it.",
    "Why don't skeletons fight each other? They don't have the guts.",
)


class ChatMessage(BaseModel):
    """One earlier message of the conversation."""

    role: Literal["user", "assistant"]
    content: str


def _last_reply(history: Sequence[ChatMessage]) -> str | None:
    return next((m.content for m in reversed(history) if m.role == "assistant"), None)


HOW_I_AM = "All systems running, thanks for asking! What can I do for you?"
"""The reply to "how are you"; a bare "good" or "great" right after it says how the user is."""


def _greeting(now: datetime) -> str:
    hour = now.hour
    part = "morning" if 5 <= hour < 12 else "afternoon" if 12 <= hour < 18 else "evening"
    return f"Good {part}! How can I help?"


_SKILLS = {
    "timer": "Timers, alarms and reminders",
    "weather": "The weather now, and forecasts for the coming days",
    "calendar": "Your calendar: add and move events, find free time",
    "smart_home": "Your home: lights, heating, locks, blinds and more",
    "search": "Look things up in your notes or on the web",
    "lists": "Shopping and to-do lists",
    "memory": "Remember things you tell me",
    "notify": "Send you a notification",
    "summarize": "Summarize a text",
    "conversation": "Chat, tell the time and date, do sums and convert units, or a joke",
}
"""What each built-in role does, in the user's words (other roles show their own example)."""


def _capabilities(runtime: Runtime) -> str:
    """The roles being served (the engine provides them; every installed role otherwise)."""
    from agent_system.deps import ROLES
    from agent_system.roles import load_roles

    roles = (runtime.get(ROLES) if runtime.has(ROLES) else None) or load_roles(
        settings=runtime.settings
    )
    lines = ["Here's what I can do:"]
    for name, role in roles.items():
        example = f' (try "{role.examples[0]}")' if role.examples else ""
        what = _SKILLS.get(name) or role.description.rstrip(".") or name.replace("_", " ")
        lines.append(f"- {what}{example}")
    lines.append(
        'You can also ask for several things at once: "check the weather in Paris and set a '
        'timer for 10 minutes".'
    )
    return "\n".join(lines)


_JOKES: Dependency[Iterator[int]] = Dependency(
    "conversation.jokes", lambda _: itertools.count(), description="Which joke comes next."
)


def _joke(runtime: Runtime) -> str:
    counter = runtime.get(_JOKES)
    return JOKES[next(counter) % len(JOKES)]


_INTENTS: tuple[tuple[str, str], ...] = (
    (
        "hobbies",
        r"\byour (?:hobbies|hobby|interests|pastimes)\b|\bwhat do you do for fun\b"
        r"|\bwhat do you (?:like|love|enjoy) (?:to do|doing)\b|\bdo you have (?:any )?hobbies\b",
    ),
    (
        "capabilities",
        r"\bwhat (?:can|do) you do\b|^help(?: me)?[?!.]*$|\bwhat are you able\b|"
        r"\byour (?:skills|capabilities|abilities|features)\b|\bwhat can i ask\b",
    ),
    ("time", r"\bwhat(?:'s| is)? the time\b|\bwhat time is it\b|\bcurrent time\b|^time$"),
    ("date", r"\bwhat(?:'s| is)? (?:the )?date\b|\bwhat day is (?:it|today)\b|\btoday'?s date\b"),
    (
        "joke",
        r"\bjokes?\b|\bpuns?\b|\bmake me (?:laugh|smile|giggle)\b|\b(?:something|anything) "
        r"(?:funny|hilarious)\b|\bfunny (?:story|one|thing)\b|\bcheer me up\b|\b(?:need|want|could "
        r"use) a (?:good )?laugh\b|\bcrack me up\b",
    ),
    (
        "bot",
        r"\bare you (?:a |an )?(?:real )?(?:bot|robot|machine|computer|program|ai|human|person"
        r"|real(?: person)?|alive)\b|\bam i (?:talking|speaking|chatting) (?:to|with) (?:a |an )?"
        r"(?:bot|robot|machine|computer|real person|human|person|ai)\b",
    ),
    (
        "age",
        r"\bhow old are you\b|\byour age\b|\bwhen were you (?:born|made|created|built)\b"
        r"|\bwhen(?:'s| is) your birthday\b",
    ),
    (
        "maker",
        r"\bwho (?:made|built|created|programmed|designed|invented|developed|wrote|coded) you\b"
        r"|\bwho(?:'s| is| are) your (?:creator|maker|developer|programmer|inventor)s?\b"
        r"|\bwhere did you come from\b",
    ),
    (
        "employer",
        r"\bwho do you work for\b|\bwho(?:'s| is) your (?:boss|owner|employer|master)\b"
        r"|\bwho (?:owns|employs|controls) you\b",
    ),
    (
        "origin",
        r"\bwhere are you (?:from|based|located)\b|\bwhere do you (?:live|come from)\b"
        r"|\bwhere were you (?:born|made|built)\b|\bwhat country are you from\b",
    ),
    (
        "pets",
        r"\bdo you (?:have|own|like) (?:a |any )?(?:pets?|dogs?|cats?)\b|\byour pets?\b"
        r"|\bwhat(?:'s| is) your (?:pet|dog|cat)'?s? name\b",
    ),
    (
        "identity",
        r"\bwho are you\b|\bwhat are you\b|\byour name\b|\babout yourself\b"
        r"|\bintroduce yourself\b",
    ),
    (
        "how_are_you",
        r"\bhow are you\b|\bhow'?s it going\b|\bhow are things\b|\bhow have you been\b"
        r"|^(?:hey |so )?(?:what'?s up|sup|wassup|what'?s going on)[?!. ]*$",
    ),
    (
        "praise",
        r"^(?:you(?:'re| are) (?:so |really |very |just |the )?(?:awesome|great|amazing|best|funny|"
        r"smart|clever|brilliant|wonderful|cool|helpful|a star|a genius|hilarious)|(?:good|great|"
        r"nice) (?:job|work)|well done|i (?:really )?(?:love|like) you|love you)\b",
    ),
    (
        "here",
        r"^(?:(?:hey |hello |olly |alexa )*(?:are you (?:there|listening|awake|still there)"
        r"|can you hear me|you there|is anyone there|anybody there))[?!. ]*$",
    ),
    ("met", r"\b(?:nice|pleased|good|glad) to meet you\b"),
    ("thanks", r"\bthanks?\b|\bthank you\b|\bthx\b|\bcheers\b|\bappreciated?\b"),
    ("goodbye", r"\b(?:good ?bye|bye|see you|see ya|good night|farewell|take care)\b"),
    (
        "greeting",
        r"^(?:(?:hey|ok|okay)\s+)?(?:(?:olly|alexa|siri|google|computer)[\s,]+)?"
        r"(?:hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening))\b"
        r"|^(?:morning|mornin'?|afternoon|evening|g'?day)[\s!.]*$",
    ),
)
_LOCAL_ALWAYS = frozenset({"time", "date", "capabilities"})
_ABOUT_SOMETHING = lazy_pattern(
    r"\b(?:date|time|day)\s+(?:of|for|on|in|at|when|that|did|does|do|was|will)\b"
    r"|\b(?:until|till|tomorrow|yesterday|next|last|ago|from)\b"
)
"""A time or date question about something else ("what's the date of the super bowl", "what
time does the shop open"): the current date is not its answer."""


def _about_now(message: str, intent: str | None) -> bool:
    """A time or date question about right now, answered locally even with an LLM."""
    if intent not in ("time", "date"):
        return intent in _LOCAL_ALWAYS
    return not _ABOUT_SOMETHING.search(message.strip().lower())


def classify(message: str) -> str | None:
    """The small-talk intent of a message, or None when it needs a real answer."""
    text = message.strip().lower()
    if is_goodbye(text):  # the whole message takes leave: "thanks for chatting, bye"
        return "goodbye"
    if is_meaning_of_life(text):
        return "meaning_of_life"
    act = dialogue_act(text)  # "ok", "that's wrong", "no thanks", "say that again"
    if act in ("no", "dismiss", "hush", "cancel", "stop", "feedback", "repeat"):
        return act  # before "thanks" and "praise": "no thanks" declines
    if (mood := feeling_kind(text)) in MOODS:
        return mood  # before "thanks": "i'm good thanks" says how the user is
    if (asked := about_me(text)) is not None:
        return asked  # "who are you working for": the employer, not "who are you"
    if (chat := chitchat_kind(text)) is not None:
        return chat  # "good to see you": no goodbye; "what are you up to": no "who are you"
    for intent, pattern in _INTENTS:
        if re.search(pattern, text):
            return intent
    return act or feeling_kind(text)  # "i'm sad", "do you like music", "tell me a story"


def offline_reply(
    message: str, runtime: Runtime, history: Sequence[ChatMessage] = ()
) -> tuple[str | None, str]:
    """(intent, reply) without an LLM; intent None means the reply is the needs-an-LLM notice.

    `history` is the conversation so far: "say that again" repeats its last assistant message.
    """
    if word := word_to_spell(message):
        return "spelling", spelled(word)
    if (played := chance_reply(message, runtime)) is not None:
        return chance_kind(message), played  # "flip a coin", "roll two dice", "i'm bored"
    intent = classify(message)
    now = runtime.clock.now()
    if intent != "goodbye" and (clock := clock_answer(message, now, runtime.settings)) is not None:
        return ("date" if intent == "date" else "time"), clock
    answers: dict[str, Callable[[], str]] = {
        "greeting": lambda: _greeting(now),
        "thanks": lambda: "You're welcome!",
        "goodbye": lambda: (
            "Good night!" if re.search(r"night|\bbed\b", message.lower()) else "Goodbye!"
        ),
        "meaning_of_life": lambda: (
            "That's a big one: most people find it in the people and things they care about "
            "(and some say it's 42)."
        ),
        "how_are_you": lambda: HOW_I_AM,
        "praise": lambda: "Thank you, that's kind of you! What else can I do for you?",
        "here": lambda: "I'm here. What can I do for you?",
        "met": lambda: "Nice to meet you too! How can I help?",
        "seen": lambda: "Good to see you too! How can I help?",
        "back": lambda: "Welcome back! What can I do for you?",
        "their_feelings": lambda: (
            "I don't have feelings the way you do, but I'm always glad to help. What can I do "
            "for you?"
        ),
        "chat": lambda: (
            "I'm here. Offline I can only chat a little, but I can tell you a joke or the time, "
            "or help with timers, the weather and more. What's on your mind?"
        ),
        "smart": lambda: "I try my best! What can I do for you?",
        "capabilities": lambda: _capabilities(runtime),
        "time": lambda: (
            f"It's {format_clock(now, runtime.settings)} ({now.tzname() or 'local time'})."
        ),
        "date": lambda: f"Today is {format_long_date(now.date(), runtime.settings)}.",
        "joke": lambda: _joke(runtime),
        **{act: partial(act_reply, act, _last_reply(history)) for act in get_args(Act)},
        "opening": lambda: f"Ha, I don't know that one! Here's one of mine: {_joke(runtime)}",
        **{kind: partial(str, said) for kind, said in FEELINGS.items()},
        "bot": lambda: "I'm a computer program, not a person: an open assistant.",
        "age": lambda: "I'm a program, so I don't have an age: I'm as new as my last update.",
        "maker": lambda: (
            "I'm agent-system, made by an open-source project; whoever set me up here runs me."
        ),
        "employer": lambda: "I work for you. What can I do?",
        "name": lambda: "I'm agent-system, but you can call me whatever you like.",
        "origin": lambda: "I live right here on this computer; what I answer myself stays here.",
        "hobbies": lambda: (
            "Timers, weather and lights, mostly: helping is my hobby. What can I do for you?"
        ),
        "pets": lambda: "No pets for me, but I can remind you to feed yours.",
        "identity": lambda: (
            "I'm agent-system, an open assistant: I answer quick requests (weather, timers, "
            "calendar, smart home, search) on my own and plan multi-step ones."
        ),
    }
    if intent in ("ack", "praise_ack") and _last_reply(history) == HOW_I_AM:
        intent = "well"  # "how are you" ... "good": how the user is, not an acknowledgement
    if intent is None or (intent in ("time", "date") and not _about_now(message, intent)):
        return None, NEEDS_LLM  # today's date is no answer to "what's the date of the super bowl"
    return intent, answers[intent]()


async def _still_set(ctx: ToolContext, verb: str) -> str | None:
    """Which timers a bare "cancel" or "stop" may mean, with nothing going on in the thread.

    None when the user has no timer, alarm or reminder set.
    """
    from roles.timer._find import STORE, timer_store, user_of
    from roles.timer.store import ACTIVE

    if not ctx.runtime.has(STORE):
        return None
    timers = await timer_store(ctx).list_timers(user_of(ctx), ACTIVE)
    if not timers:
        return None
    kinds = said_together([f"a {kind}" for kind in dict.fromkeys(t.kind for t in timers)], "or")
    return f"Nothing is going on here. To {verb} {kinds}, say which one."


@tool(tags=("chat", "small talk", "help"))
async def reply(
    ctx: ToolContext, message: str, history: list[ChatMessage] | None = None
) -> ToolOutput:
    """Reply conversationally: small talk, questions, what the assistant can do.

    Args:
        message: What the user said.
        history: Earlier messages of this conversation, oldest first.
    """
    model = ctx.runtime.model()
    intent = classify(message)
    local = (
        is_clock_question(message)
        or word_to_spell(message) is not None
        or chance_kind(message) in ("coin", "dice", "number")  # a fair draw, not the model's
        or intent == "repeat"  # the very words said before, not the model's retelling
        or intent in DROPS_NOTHING  # "cancel" with nothing going on: what is set, if anything
    )
    if model is None or _about_now(message, intent) or local:
        found, text = offline_reply(message, ctx.runtime, history or ())
        if found in DROPS_NOTHING:
            text = await _still_set(ctx, str(found)) or text
        return ToolOutput(data={"intent": found, "llm": False, "reply": text}, display=text)
    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

    now = ctx.runtime.clock.now()
    messages: list[BaseMessage] = [SystemMessage(SYSTEM_PROMPT.format(now=now.isoformat()))]
    for turn in history or []:
        cls = HumanMessage if turn.role == "user" else AIMessage
        messages.append(cls(turn.content))
    messages.append(HumanMessage(message))
    try:
        answer = await model.ainvoke(messages)
    except Exception as exc:  # provider SDKs raise many types; the user sees one clear failure
        raise ToolExecutionError(
            f"The language model could not answer ({type(exc).__name__}: {exc})."
        ) from exc
    text = answer.text.strip()
    if not text:
        raise ToolExecutionError("The language model returned an empty reply.")
    return ToolOutput(data={"intent": intent, "llm": True, "reply": text}, display=text)


@tool(idempotent=True, cache_ttl_s=0.0, tags=("location", "home", "personal"))
async def home(ctx: ToolContext) -> ToolOutput:
    """Say where the user lives: the home the weather uses when no place is named.

    Returns:
        place: the latest "I live in ..." the user said, else the location setting ("" when
        neither is known).
    """
    from agent_system.understanding.locale import home_location
    from roles.conversation._home import home_said

    place = await home_location(ctx.runtime.settings, ctx.runtime.store, ctx.user)
    return ToolOutput(data={"place": place}, display=home_said(place))
