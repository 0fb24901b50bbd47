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

With nothing asked, the same words ("never mind", "forget it", "it doesn't matter") drop
nothing and change nothing: the conversation role's first stage takes them as a whole message
(`NEVER_MIND`, roles/conversation/_acts.py) and answers with the same `DROPPED` reply. This
module owns the words and the reply; the router's rule here only claims a turn that drops a
question.

`HUSH` is asking the assistant to stop talking ("shut up", "hush", "be quiet", "stop talking"):
after a question it drops it like "stop"; while something rings the timer role's stage stops it;
said to a room with a player or right after a player was used, the home role mutes it; else the
conversation role says "OK." and nothing runs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding._text import normalize

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["DROPPED", "HUSH", "NEVER_MIND", "Dismissal", "asked", "dismissal"]

DROPPED = "OK, never mind."
"""The reply to "never mind", a question dropped or nothing asked: nothing was changed."""
NEVER_MIND = (
    r"never\s*mind|nvm|forget\s+(?:it|about\s+it)|(?:it\s+)?does\s+not\s+matter|no\s+worries"
    r"|nothing|not\s+now|skip\s+it"
)
"""Said whole with nothing asked, "never mind" and its kin (after "oh", "ok" or "no"): the
conversation role's dismiss act. After a question, `dismissal` reads these and more."""
HUSH = (
    r"(?:shut\s+up|hush|shush|sh+|(?:be|keep|stay|go)\s+(?:quiet|silent)|quiet|silence"
    r"|stop\s+(?:talking|speaking|chatting|babbling|rambling)|zip\s+it|pipe\s+down"
    r"|(?:do\s+not|please\s+do\s+not)\s+(?:talk|speak|say\s+anything)|no\s+(?:more\s+)?talking)"
)
"""Asking the assistant to stop talking, said bare (no while: "shut up for an hour" is the
home's quiet window)."""

_LEAD = r"(?:(?:oh|ok|okay|ah|um|uh|well|actually|just|no|nah|nope|hmm|sorry|wait)[\s,]+)*"
_TAIL = r"(?:[\s,]+(?:then|anyway|anymore|for\s+now|after\s+all|actually|now))*"
_DROPS = (
    r"never\s*mind(?:\s+(?:that|it|then))?|nvm|forget\s+(?:it|that|about\s+(?:it|that)|i\s+asked"
    r"|i\s+said\s+anything)|no|nope|nah|not\s+now|no\s+need|no\s+worries|nothing(?:\s+at\s+all)?"
    r"|none|neither|(?:it\s+|that\s+)?(?:does\s+not|do\s+not)\s+matter|not\s+important"
    r"|do\s+not\s+(?:bother|worry(?:\s+about\s+it)?)|skip\s+(?:it|that)|leave\s+it"
    r"|let\s+it\s+go|ignore\s+(?:it|that|me)|scratch\s+that|(?:i\s+)?changed\s+my\s+mind"
    r"|i\s+(?:have\s+)?changed\s+my\s+mind|(?:it\s+is|that\s+is)\s+(?:fine|ok|okay|alright)"
    r"|(?:i\s+am\s+)?not\s+sure(?:\s+yet)?|(?:i\s+)?(?:do\s+not|don't)\s+know(?:\s+yet)?|no\s+idea"
    r"|dunno|not\s+yet|i\s+will\s+(?:let\s+you\s+know|tell\s+you)(?:\s+later)?"
)
_CANCELS = (
    rf"(?:(?P<verb>cancel|stop|abort|quit)(?:\s+(?:it|that|this|please))?|(?P<hush>{HUSH})"
    r"(?:\s+please)?)"
)
_DROP = lazy_pattern(rf"{_LEAD}(?:{_DROPS}){_TAIL}")
_CANCEL = lazy_pattern(rf"{_LEAD}{_CANCELS}{_TAIL}")
_ASKS = lazy_pattern(r"\?|\bsay which\b|\bwhich one\b", re.IGNORECASE)
_ABOUT_ENDING = {
    "cancel": lazy_pattern(
        r"\b(?:cancel\w*|delet\w*|remov\w*|dismiss\w*|clear\w*|eras\w*)\b", re.I
    ),
    "stop": lazy_pattern(r"\b(?:stop\w*|silenc\w*|paus\w*)\b", re.I),
}
"""A question about what to cancel (delete, remove) or stop: "cancel" or "stop" may be its
action, not a dropped question. "stop" after "Which event should I delete?" drops it."""


@dataclass(frozen=True)
class Dismissal:
    """What a turn that drops a question means."""

    role: str
    """The role that asked."""
    drops: bool = True
    """False for "cancel" after "Which timer should I cancel?": the question is asked again."""
    yields: bool = False
    """True when a role's first stage that claims the turn comes first: "stop" while a timer
    rings stops it."""


def asked(turn: Turn) -> bool:
    """Whether `turn` was a role's question back: it did nothing and asked something
    ("Which city? ...", "When should I remind you?", "...; say which one.")."""
    return bool(turn.role) and not turn.calls and _ASKS.search(turn.reply) is not None


def _said(text: str) -> str:
    return " ".join(normalize(text).replace(",", " ").replace(";", " ").split())


def dismissal(text: str, history: Sequence[Turn]) -> Dismissal | None:
    """The question `text` drops, or None when it drops nothing (nothing was asked: "never
    mind" alone is the conversation role's, `NEVER_MIND`).

    `history` is the thread's understood turns; only the last one counts. "cancel" or "stop"
    after a question about what to cancel or stop drops nothing (the question stands).
    """
    said = _said(text)
    last = history[-1] if history else None
    if not said or last is None or not asked(last):
        return None
    if _DROP.fullmatch(said):
        return Dismissal(str(last.role))
    if (cancel := _CANCEL.fullmatch(said)) is not None:
        verb = "stop" if cancel["hush"] else cancel["verb"]
        verb = {"abort": "cancel", "quit": "stop"}.get(verb, verb)
        about = _ABOUT_ENDING[verb].search(f"{last.text} {last.reply}") is not None
        return Dismissal(str(last.role), drops=not about, yields=True)
    return None
