"""Dropping a question the assistant asked: "Which city?" ... "never mind".

After any role's question ("Which city?", "When should I remind you?", "Which light do you
mean: ...?", "You have 2 timers (...); say which one."), a turn that only drops it ("never mind",
"forget it", "no thanks", "nothing", "doesn't matter", "cancel", "stop") goes back to the role
that asked, which changes nothing and says so in a few words (`DROPPED`). One rule for every
role: the router sends such a turn to the asking role with the ``dismissed`` slot (before any
role's first stage, so no stage reads "oh never mind then" as a list item), and the graph's role
call (`agent_system.graph._followup.role_calls`) answers it before the role reads it.

"cancel" and "stop" are dropped questions only when the question was not about what to cancel or
stop: after "cancel my timer" ... "You have 2 timers (...); say which one.", "cancel" answers
nothing and the question stands (asked again, the ``asked_again`` slot); while a timer rings,
the timer role's stage takes "stop" first (for "cancel" and "stop" the router asks the first
stages before this rule).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agent_system.understanding._text import normalize

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["DROPPED", "NOTHING_ASKED", "Dismissal", "asked", "dismissal"]

DROPPED = "OK, never mind."
"""The reply to a dropped question: nothing was changed."""
NOTHING_ASKED = DROPPED
"""The reply to "never mind" when nothing was asked (as the conversation role's first stage,
which usually takes it first, says)."""

_LEAD = r"(?:(?:oh|ok|okay|ah|um|uh|well|actually|just|no|nah|nope|hmm|sorry|wait)[\s,]+)*"
_TAIL = r"(?:[\s,]+(?:then|anyway|anymore|for\s+now|after\s+all|actually|now))*"
_DROPS = (
    r"never\s*mind(?:\s+(?:that|it|then))?|nvm|forget\s+(?:it|that|about\s+(?:it|that)|i\s+asked"
    r"|i\s+said\s+anything)|no|nope|nah|not\s+now|no\s+need|no\s+worries|nothing(?:\s+at\s+all)?"
    r"|none|neither|(?:it\s+|that\s+)?(?:does\s+not|do\s+not)\s+matter|not\s+important"
    r"|do\s+not\s+(?:bother|worry(?:\s+about\s+it)?)|skip\s+(?:it|that)|leave\s+it"
    r"|let\s+it\s+go|ignore\s+(?:it|that|me)|scratch\s+that|(?:i\s+)?changed\s+my\s+mind"
    r"|i\s+(?:have\s+)?changed\s+my\s+mind|(?:it\s+is|that\s+is)\s+(?:fine|ok|okay|alright)"
)
_CANCELS = r"(?P<verb>cancel|stop|abort|quit)(?:\s+(?:it|that|this|please))?"
_DROP = re.compile(rf"{_LEAD}(?:{_DROPS}){_TAIL}")
_CANCEL = re.compile(rf"{_LEAD}{_CANCELS}{_TAIL}")
_ALONE = re.compile(r"(?:oh\s+|ok\s+|okay\s+|actually\s+)*(?:never\s*mind|nvm)(?:\s+then)?")
"""Said when nothing was asked: "never mind" drops nothing, and is answered plainly."""
_ASKS = re.compile(r"\?|\bsay which\b|\bwhich one\b", re.IGNORECASE)
_ABOUT_ENDING = {
    "cancel": re.compile(r"\b(?:cancel\w*|delet\w*|remov\w*|dismiss\w*|clear\w*|eras\w*)\b", re.I),
    "stop": re.compile(r"\b(?:stop\w*|silenc\w*|paus\w*)\b", re.I),
}
"""A question about what to cancel (delete, remove) or stop: "cancel" or "stop" may be its
action, not a dropped question. "stop" after "Which event should I delete?" drops it."""


@dataclass(frozen=True)
class Dismissal:
    """What a turn that drops a question means."""

    role: str
    """The role that asked (the conversation role when nothing was asked)."""
    asked: bool
    """False when nothing was asked: "never mind" on its own."""
    drops: bool = True
    """False for "cancel" after "Which timer should I cancel?": the question is asked again."""
    yields: bool = False
    """True when a role's first stage that claims the turn comes first: "stop" while a timer
    rings stops it; "never mind" with nothing asked."""


def asked(turn: Turn) -> bool:
    """Whether `turn` was a role's question back: it did nothing and asked something
    ("Which city? ...", "When should I remind you?", "...; say which one.")."""
    return bool(turn.role) and not turn.calls and _ASKS.search(turn.reply) is not None


def _said(text: str) -> str:
    return " ".join(normalize(text).replace(",", " ").replace(";", " ").split())


def dismissal(text: str, history: Sequence[Turn]) -> Dismissal | None:
    """The question `text` drops, or None when it drops nothing.

    `history` is the thread's understood turns; only the last one counts. "cancel" or "stop"
    after a question about what to cancel or stop drops nothing (the question stands).
    """
    said = _said(text)
    if not said:
        return None
    last = history[-1] if history else None
    if last is None or not asked(last):
        alone = _ALONE.fullmatch(said) is not None
        return Dismissal("conversation", asked=False, yields=True) if alone else None
    if _DROP.fullmatch(said):
        return Dismissal(str(last.role), asked=True)
    if (cancel := _CANCEL.fullmatch(said)) is not None:
        verb = {"abort": "cancel", "quit": "stop"}.get(cancel["verb"], cancel["verb"])
        about = _ABOUT_ENDING[verb].search(f"{last.text} {last.reply}") is not None
        return Dismissal(str(last.role), asked=True, drops=not about, yields=True)
    return None
