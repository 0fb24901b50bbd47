"""Whole messages that only keep the conversation going, said with no question pending.

An acknowledgement ("ok", "cool", "perfect", "sounds good"), feedback on the last answer
("that's wrong", "that's not what i asked", "you're useless"), an apology ("sorry", "my bad"),
a bare yes, no or don't-know ("yep", "nope", "no idea"), "never mind" (its words and reply are
the dismissal rule's own, agent_system/understanding/_dismiss.py), asking for quiet ("shut up",
"hush", "be quiet", "stop talking": "OK.", and nothing runs; while something rings or a player
plays, the timer and home roles' stages take it first), asking to hear the last reply again
("say that again", "what did you say", "pardon?", "what?"), a laugh ("haha", "that was
funny") and not getting it ("i don't get it": after a joke, another is offered). Each is a
whole message of a few words: "ok set a timer" or "sorry, what's the weather" stay with their
roles. A yes, a no, an acknowledgement or "never mind" right after the assistant asked
something is an answer to that question, which the asking role reads (`question_pending`): this
module does not claim it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize
from agent_system.understanding._dismiss import DROPPED, HUSH, NEVER_MIND, asked

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = [
    "DROPS_NOTHING",
    "JOKE_TALK",
    "NOTHING_TO_CANCEL",
    "Act",
    "act_reply",
    "dialogue_act",
    "nothing_done",
    "question_pending",
]

NOTHING_TO_CANCEL = "There's nothing to cancel."
DROPS_NOTHING = frozenset({"cancel", "stop"})
"""The acts that would drop what is going on: said with nothing going on, nothing to drop."""
_READS = frozenset(
    "list current forecast reply search recall lookup state status get find compare summarize "
    "calculate answer home".split()
)
"""The last word of a tool that only reads or answers: after it, nothing is left to cancel."""

Act = Literal[
    "ack",
    "praise_ack",
    "feedback",
    "apology",
    "yes",
    "no",
    "unsure",
    "dismiss",
    "hush",
    "cancel",
    "stop",
    "repeat",
    "laugh",
    "lost",
]

_MAX_WORDS = 9
_DROP_LEAD = r"(?:(?:oh|ok|okay|just|please|no|um|uh|well|actually|so|and|now)\s+)*"
_WHAT_ENDS = (
    r"(?:\s+(?:it|that|this|everything|all\s+of\s+(?:it|that)|all\s+that|what\s+you\s+are\s+"
    r"doing))?(?:\s+(?:now|right\s+now|already|then))*"
)
"""A bare "cancel" or "stop" names nothing more than what is going on ("stop it", "cancel that",
"cancel everything", "stop what you're doing")."""
_YOU = r"(?:\s+(?:olly|alexa|assistant|buddy|mate|then|again|please|thanks|thank\s+you))*"
_ACTS: tuple[tuple[Act, re.Pattern[str]], ...] = (
    (
        "repeat",
        lazy_pattern(
            r"^(?:sorry\s+|excuse\s+me\s+|pardon\s+)?(?:(?:can|could|would|will)\s+you\s+"
            r"(?:please\s+)?)?(?:please\s+)?(?:say\s+(?:that|it|this)\s+(?:again|once\s+more|one"
            r"\s+more\s+time)|repeat(?:\s+(?:that|it|this|yourself|what\s+you\s+(?:just\s+)?said"
            r"|the\s+(?:last\s+)?(?:answer|reply)))?(?:\s+(?:again|once\s+more|one\s+more\s+"
            r"time))?|what\s+(?:did\s+you\s+(?:just\s+)?say|was\s+that|did\s+you\s+just\s+say)"
            r"|come\s+again|pardon(?:\s+me)?|sorry\s+what|what\s+(?:sorry|again)|huh|eh|what|you\s+what"
            r"|say\s+again"
            r"|i\s+did\s+not\s+(?:catch|hear|get)\s+(?:that|it|you|what\s+you\s+said)"
            r"|i\s+(?:missed|did\s+not\s+understand)\s+(?:that|it|what\s+you\s+said))"
            rf"{_YOU}$"
        ),
    ),
    (
        "laugh",
        lazy_pattern(
            r"^(?:(?:(?:(?:ha)+h?|(?:he)+h?|lol+|lmao|rofl)(?:\s+|$))+(?:that\s+(?:is|was)\s+"
            r"(?:so\s+|really\s+|very\s+|pretty\s+)?(?:funny|hilarious|good|great))?"
            r"|that\s+(?:is|was)\s+(?:so\s+|really\s+|very\s+|pretty\s+)?(?:funny|hilarious)"
            r"(?:\s+(?:ha|haha+|lol))*|good\s+(?:one|joke)(?:\s+(?:ha|haha+|lol))*)"
            rf"{_YOU}$"
        ),
    ),
    (
        "lost",
        lazy_pattern(
            r"^(?:sorry\s+|hmm\s+|um\s+)?i\s+(?:do\s+not|still\s+do\s+not)\s+(?:get|understand)"
            r"(?:\s+(?:it|that|the\s+joke|what\s+you\s+mean))?"
            rf"{_YOU}$"
        ),
    ),
    (
        "feedback",
        lazy_pattern(
            r"^(?:no\s+|nope\s+|hmm\s+|ugh\s+)?(?:that\s+(?:is|was)\s+(?:(?:totally|completely|"
            r"all|just)\s+)?(?:wrong|incorrect|not\s+(?:right|correct|true|it|helpful|what\s+i\s+"
            r"(?:asked(?:\s+for)?|said|meant|wanted|need(?:ed)?)))|wrong(?:\s+answer)?|"
            r"(?:you\s+(?:are|were)\s+(?:so\s+|really\s+|totally\s+|completely\s+)?(?:wrong|"
            r"useless|stupid|dumb|an\s+idiot|terrible|hopeless|no\s+help|not\s+helpful|not\s+"
            r"listening))|you\s+(?:got\s+(?:it|that)\s+wrong|misunderstood(?:\s+me)?|do\s+not\s+"
            r"(?:understand|get\s+it|listen)|did\s+not\s+(?:understand|get\s+it|listen))"
            r"|i\s+hate\s+you|you\s+suck|you\s+are\s+(?:so\s+|really\s+|very\s+)?(?:annoying|rude"
            r"|boring|mean|slow|the\s+worst|awful|bad\s+at\s+this|no\s+good)"
            r"|not\s+what\s+i\s+(?:asked(?:\s+for)?|said|meant|wanted)|that\s+did\s+not\s+"
            r"(?:help|work)|bad\s+(?:answer|bot|assistant))"
            rf"{_YOU}$"
        ),
    ),
    (
        "apology",
        lazy_pattern(
            r"^(?:oh\s+|oops\s+)?(?:(?:i\s+am\s+)?(?:so\s+|really\s+)?sorry(?:\s+about\s+that)?"
            r"|my\s+(?:bad|mistake|fault)|oops(?:ie)?|whoops|apologies|i\s+apologi[sz]e)"
            rf"{_YOU}$"
        ),
    ),
    ("dismiss", lazy_pattern(rf"^(?:oh\s+|ok\s+|okay\s+|no\s+)?(?:{NEVER_MIND}){_YOU}$")),
    ("cancel", lazy_pattern(rf"^{_DROP_LEAD}(?:cancel|abort){_WHAT_ENDS}{_YOU}$")),
    ("stop", lazy_pattern(rf"^{_DROP_LEAD}(?:stop|halt|quit){_WHAT_ENDS}{_YOU}$")),
    (
        "hush",
        lazy_pattern(
            rf"^(?:(?:oh|ok|okay|just|please|now|can\s+you|could\s+you|will\s+you)\s+)*{HUSH}"
            rf"(?:\s+(?:now|already|right\s+now|for\s+a\s+(?:bit|moment|second|sec)))*{_YOU}$"
        ),
    ),
    (
        "unsure",
        lazy_pattern(
            r"^(?:i\s+do\s+not\s+know|i\s+am\s+not\s+sure|not\s+sure|no\s+idea|dunno|i\s+dunno"
            r"|maybe|perhaps|i\s+have\s+no\s+idea|who\s+knows|hm+|mm+|uh+|um+|erm+)"
            rf"{_YOU}$"
        ),
    ),
    (
        "no",
        lazy_pattern(r"^(?:no|nope|nah|naw|nay|no\s+way|not\s+really|no\s+no)" rf"{_YOU}$"),
    ),
    (
        "yes",
        lazy_pattern(
            r"^(?:yes|yeah|yep|yup|yes\s+please|affirmative|correct|exactly|indeed|absolutely"
            r"|definitely|of\s+course|that\s+is\s+(?:right|correct|true))"
            rf"{_YOU}$"
        ),
    ),
    (
        "praise_ack",
        lazy_pattern(
            r"^(?:(?:oh\s+|wow\s+|that\s+is\s+|very\s+|so\s+|really\s+)?(?:cool|great|nice|"
            r"perfect|awesome|excellent|brilliant|fantastic|wonderful|lovely|sweet|neat|amazing|"
            r"super|splendid|good\s+(?:stuff|to\s+know)|nice\s+one|that\s+helps|helpful)"
            r"(?:\s+|$))+"
            rf"{_YOU}$"
        ),
    ),
    (
        "ack",
        lazy_pattern(
            r"^(?:ok(?:ay)?|k|kk|alright|all\s+right|fine|good|very\s+good|sure|right|got\s+it|"
            r"gotcha|understood|noted|roger(?:\s+that)?|sounds\s+good|will\s+do|i\s+see|ah\s+ok"
            r"|that\s+is\s+fine|fair\s+enough|ah+|oh|you\s+are\s+welcome|my\s+pleasure|any\s*time)"
            rf"{_YOU}$"
        ),
    ),
)
_REPLIES: dict[Act, str] = {
    "ack": "OK.",
    "praise_ack": "Glad I could help!",
    "feedback": "Sorry about that. Could you say it another way?",
    "apology": "No problem. What can I do for you?",
    "yes": "OK. What would you like me to do?",
    "no": "OK.",
    "unsure": "No problem. Take your time, and ask me whenever you're ready.",
    "dismiss": DROPPED,
    "hush": "OK.",
    "cancel": NOTHING_TO_CANCEL,
    "stop": "There's nothing to stop.",
    "laugh": "Glad you liked it!",
    "lost": "Sorry, I'll try to be clearer. What would you like to know?",
}
_LOST_JOKE = "Sorry, that one doesn't work for everyone. Say 'another one' for a different joke."
JOKE_TALK = frozenset({_REPLIES["laugh"], _LOST_JOKE})
"""Replies to what was said about a joke: "another one" after them still asks for a joke."""
_NOTHING_SAID = "I haven't said anything yet. What can I do for you?"


def _readings(text: str) -> tuple[str, ...]:
    """The normalized message, and the plain one: normalize drops a leading "ok" as a filler."""
    raw = re.sub(r"\s+", " ", re.sub(r"[^\w\s']", " ", text.lower())).strip()
    said = re.sub(r"\s+", " ", re.sub(r"[^\w\s']", " ", normalize(raw))).strip()
    return (said, raw) if said != raw else (said,)


def dialogue_act(text: str) -> Act | None:
    """The act `text` is as a whole message, or None ("ok set a timer" is none)."""
    if text.count(" ") > _MAX_WORDS + 2:  # most requests: no normalizing at all
        return None
    for said in _readings(text):
        if not said or said.count(" ") >= _MAX_WORDS:
            continue
        for act, pattern in _ACTS:
            if pattern.match(said):
                return _asked_back(act, said, text)
    return None


def _asked_back(act: Act, said: str, text: str) -> Act:
    """A bare "sorry?" asked back is "pardon?", not an apology."""
    if act == "apology" and said == "sorry" and text.rstrip().endswith("?"):
        return "repeat"
    return act


def question_pending(history: Sequence[Turn]) -> bool:
    """The assistant's last turn asked something: a yes or "never mind" answers it."""
    return bool(history) and asked(history[-1])


def act_reply(act: Act, last_reply: str | None) -> str:
    """The reply to `act`; "say that again" repeats `last_reply`."""
    if act == "repeat":
        return last_reply.strip() if last_reply and last_reply.strip() else _NOTHING_SAID
    if act == "lost" and last_reply:
        from roles.conversation.tools import JOKES

        if last_reply.strip() in JOKES:  # "i don't get it" right after a joke
            return _LOST_JOKE
    return _REPLIES[act]


def nothing_done(history: Sequence[Turn]) -> bool:
    """Nothing is going on to cancel or stop.

    The thread opens, or its last turn only read or answered something (a forecast, a listing,
    a chat reply).
    """
    for turn in reversed(history[-2:]):
        calls = turn.calls or []
        if not all(str(c.get("tool", "")).rsplit(".", 1)[-1] in _READS for c in calls):
            return False  # "set a timer" ... "what's the time" ... "cancel it": the timer's
        if turn.role != "conversation":
            return True
    return True
