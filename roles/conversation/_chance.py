"""Games of chance people expect offline, and what to do when bored.

"flip a coin" / "heads or tails" / "toss a coin for me" -> "Heads." or "Tails."; "roll a die" /
"roll the dice" / "roll two dice" / "roll a d20" -> "You rolled a 4." ("You rolled 3 and 5: 8
in all."); "pick a number between 1 and 10" / "give me a random number from 1 to 100" / "think of
a number" (1 to 10) -> "I pick 7."; "i'm bored" / "entertain me" -> what it can do for fun. Only the
whole request counts ("roll the dice on the new job" or "coin collection" are not games). The
draw comes from the runtime's `CHANCE` (a seeded `random.Random` in tests).
"""

from __future__ import annotations

import random
import re

from agent_system._lazy import lazy_pattern
from agent_system.runtime import Dependency, Runtime
from agent_system.understanding import normalize, numbers_to_digits
from agent_system.understanding._format import said_together

__all__ = ["BORED_REPLY", "CHANCE", "chance_kind", "chance_reply"]

CHANCE: Dependency[random.Random] = Dependency(
    "conversation.chance",
    lambda _: random.Random(),
    description="Coin flips, dice and picked numbers.",
)
BORED_REPLY = "Want a joke? I can also flip a coin, roll dice or pick a number for you."

_LEAD = (
    r"^(?:(?:hey|ok|okay|so|well|right|now|then|and|olly|alexa|please|just|quickly|quick)\s+)*"
    r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|need|would\s+like)\s+"
    r"(?:you\s+)?to\s+|(?:let\s+us|lets|let's)\s+|help\s+me\s+|do\s+me\s+a\s+favou?r\s+and\s+)?"
)
_END = (
    r"(?:\s+(?:for\s+(?:me|us)|please|now|then|again|olly|alexa|to\s+decide|to\s+choose"
    r"|for\s+(?:a\s+)?decision|randomly|at\s+random))*[?!.\s]*$"
)
_COIN = lazy_pattern(
    _LEAD + r"(?:(?:flip|toss|throw|spin|do|make)\s+(?:a|the|1)?\s*coin(?:\s+(?:flip|toss))?"
    r"|(?:a\s+)?coin\s+(?:flip|toss)|heads\s+or\s+tails|flip\s+(?:for\s+it|heads\s+or\s+tails))"
    + _END
)
_DICE = lazy_pattern(
    _LEAD + r"(?:(?:roll|throw|toss|cast|shake)\s+(?:me\s+)?(?:a|an|the|some|(?P<n>\d{1,2}))?\s*"
    r"(?:(?:(?P<sides>\d{1,3})[\s-]*sided|six[\s-]*sided|fair)\s+)?"
    r"(?:dice|die|d(?P<d>\d{1,3}))|(?:a\s+)?dice\s+roll|roll(?:\s+(?:a|the))?\s+die)" + _END
)
_NUMBER = lazy_pattern(
    _LEAD + r"(?:pick|choose|give\s+me|get\s+me|generate|say|think\s+of|name|tell\s+me)\s+"
    r"(?:(?:a|one|me\s+a)\s+)?(?:random\s+)?number"
    r"(?:\s+(?:between|from)\s+(?P<low>-?\d+)\s+(?:and|to|-)\s+(?P<high>-?\d+))?" + _END
)
_BORED = lazy_pattern(
    r"^(?:(?:oh|so|ugh|man|well|hey|olly|alexa)\s+)*(?:i\s+am|i'm|im|we\s+are|i\s+feel|i\s+am\s+"
    r"feeling|feeling)\s+(?:so\s+|really\s+|very\s+|super\s+|a\s+bit\s+|kind\s+of\s+)*bored"
    r"(?:\s+(?:now|right\s+now|today|out\s+of\s+my\s+mind|stiff|to\s+death))*[?!.\s]*$"
    r"|^(?:please\s+)?entertain\s+(?:me|us)(?:\s+please)?[?!.\s]*$"
    r"|^(?:i|we)\s+(?:have|have\s+got|got)\s+nothing\s+to\s+do(?:\s+(?:now|today))?[?!.\s]*$"
    r"|^(?:i\s+am|i'm)\s+bored[\s,]+(?:what|entertain|tell|say|do|give)\b.*"
)


def _said(text: str) -> str:
    said = numbers_to_digits(normalize(text))
    said = re.sub(r"\b(?:one|a\s+single)\s+(?=(?:dice|die|coin)\b)", "1 ", said)
    said = re.sub(r"\b(?:a\s+)?(?:pair|couple)\s+of\s+(?=dice\b)", "2 ", said)
    said = re.sub(r"\bbetween\s+one\b", "between 1", said)
    return re.sub(r"\bfrom\s+one\b", "from 1", said).strip(" ,")


def chance_kind(text: str) -> str | None:
    """The game the whole of `text` asks for ("coin", "dice", "number"), "bored", or None."""
    said = _said(text)
    for kind, pattern in (("coin", _COIN), ("dice", _DICE), ("number", _NUMBER)):
        if pattern.match(said):
            return kind
    return "bored" if _BORED.match(said) else None


def chance_reply(text: str, runtime: Runtime) -> str | None:
    """The answer to a game of chance or to boredom, drawn from `CHANCE`; None if not one."""
    said = _said(text)
    draw = runtime.get(CHANCE)
    if _COIN.match(said):
        return draw.choice(("Heads.", "Tails."))
    if (dice := _DICE.match(said)) is not None:
        count = min(int(dice["n"] or 1), 10) or 1
        sides = int(dice["d"] or dice["sides"] or 6)
        if sides < 2:
            return "A die needs at least 2 sides."
        rolls = [draw.randint(1, sides) for _ in range(count)]
        kind = f" (d{sides})" if sides != 6 else ""
        if count == 1:
            article = "an" if rolls[0] in (8, 11, 18) or 80 <= rolls[0] < 90 else "a"
            return f"You rolled {article} {rolls[0]}{kind}."
        listed = said_together(str(r) for r in rolls)
        return f"You rolled {listed}{kind}: {sum(rolls)} in all."
    if (number := _NUMBER.match(said)) is not None:
        low, high = int(number["low"] or 1), int(number["high"] or 10)
        low, high = min(low, high), max(low, high)
        return f"I pick {draw.randint(low, high)}."
    if _BORED.match(said):
        return BORED_REPLY
    return None
