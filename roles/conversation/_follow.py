"""Follow-ups on the conversation's last question: what it asked, with the one part that changes.

"what time is it in Tokyo" ... "and in London?"; "how many days until christmas" ... "and until
new year?"; "what's 15% of 80" ... "and 20%?" / "what about 30" / "times 3?"; "convert 5 miles
to km" ... "and 10?" / "in metres?"; "what day is christmas on" ... "and next year?".

The question the last turn answered (the message the conversation role read, or the sum it
worked out) is said again with the follow-up's words in place of the part they stand for: what
follows the same kind of word ("in London" for "in Tokyo", "in metres" for "to km", "until new
year" for "until christmas"), a number or a percentage, a year, or a name ("and easter?"); a
sum goes on from its result ("times 3?"). The first of these readings that the same answerer
answers, with another answer than the last one, is the question. A follow-up that fits none of
them is not one (None): it is read as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["asked_again"]

_MARKED = lazy_pattern(
    r"^(?:(?:and|but|so|ok|okay|now|then|also|well|oh|hmm|right)\s+)+"
    r"(?:(?:what|how)\s+about\s+|what\s+of\s+|for\s+(?=\d))?"
    r"|^(?:what|how)\s+about\s+|^what\s+of\s+"
)
_UNMARKED = lazy_pattern(
    r"^(?:in|into|to|for|at|until|till|til|before|since|from|by|times|multiplied|divided|plus"
    r"|minus|over|squared|cubed|x|next\s+year|this\s+year|last\s+year)\b"
)
"""A follow-up said with no "and" / "what about" opens with the part it changes."""
_END = lazy_pattern(r"(?:\s+(?:then|instead|please|now|too))+$")
_GROUPS = (
    frozenset({"in", "into", "to", "for", "at"}),
    frozenset({"until", "till", "til", "to", "before"}),
    frozenset({"since", "from", "after"}),
    frozenset({"of"}),
    frozenset({"by"}),
)
"""Words that open the same kind of part: a place or a unit, a day ahead, a day back, a whole,
a divisor."""
_OPERATOR = lazy_pattern(
    r"^(?:times|x|multiplied\s+by|plus|minus|divided\s+by|over|squared|cubed|to\s+the\s+power"
    r"\s+of)\b"
)
_NUMBER = lazy_pattern(r"(?<![\w.])(\d+(?:\.\d+)?)(\s*(?:%|percent\b))?")
_AMOUNT = lazy_pattern(r"(?<![\w.])\d+(?:\.\d+)?\s+[a-z]+")
"""An amount and its unit ("3 feet", "2 fluid ounces")."""
_DAY_SAID = lazy_pattern(
    r"^(?:on\s+)?(?:today|tonight|tomorrow|yesterday|the\s+day\s+after(?:\s+tomorrow)?"
    r"|(?:(?:next|last|this)\s+)?(?:week|month|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day))$"
)
"""A day said alone ("tomorrow", "next friday"): said at the end of the question before."""
_YEAR = lazy_pattern(r"^(?:(?:next|this|last)\s+year|(?:in\s+)?\d{4})$")
_YEAR_SAID = lazy_pattern(r"\b(?:(?:next|this|last)\s+year|(?:in\s+)?\d{4})\b")
_ASKING = frozenset(
    "what whats what's how many much is are was it the a an day days date time of on in until "
    "till to from since convert week weeks hours minutes does do will be and there left "
    "which when me tell".split()
)
"""The words of a question that are never the part a follow-up changes."""
_MAX_WORDS = 5
_AGAIN = lazy_pattern(
    r"(?:(?:ok|okay|and|now|so)\s+)*(?:(?:do|try|flip|toss|roll|pick)\s+(?:it|that|one|another"
    r"|a\s+number)?\s*)?(?:again|once\s+more|one\s+more\s+time|another(?:\s+one)?|one\s+more)"
    r"(?:\s+please)?"
)
"""Once more, said alone: after a coin flipped or dice rolled, the same draw again."""


def asked_again(text: str, history: list[Turn], runtime: Runtime) -> str | None:
    """The whole question `text` asks as a follow-up to the conversation's last one, or None."""
    if not history or history[-1].role != "conversation" or not history[-1].calls:
        return None
    call = history[-1].calls[-1]
    arguments = call.get("arguments") or {}
    if call.get("tool") == "calculator.calculate":
        question, answer = str(arguments.get("expression", "")), _sum_answerer()
    elif call.get("tool") == "conversation.reply":
        question, answer = str(arguments.get("message", "")), _clock_answerer(runtime)
    else:
        return None
    said = normalize(text).strip(" ?.!")
    if call.get("tool") == "conversation.reply" and _AGAIN.fullmatch(said):
        from roles.conversation._chance import chance_kind

        if chance_kind(question) in ("coin", "dice", "number"):
            return question  # "flip a coin" ... "again": another flip
    rest = _END.sub("", _MARKED.sub("", said, count=1)).strip()
    if not rest or len(rest.split()) > _MAX_WORDS:
        return None
    if rest == said and not _UNMARKED.match(rest):
        return None  # "in metres?" and "times 3?" open with what they change; others say "and"
    if answer(text) is not None:
        return None  # a whole question of its own ("and what time is it in paris?")
    before = normalize(question).strip(" ?.!")
    last = history[-1].reply.strip()
    for candidate in _readings(before, rest, question):
        if candidate == before:
            continue
        found = answer(candidate)
        if found is not None and found.strip() != last and not found.startswith("I don't know"):
            return candidate
    return None


def _clock_answerer(runtime: Runtime) -> Callable[[str], str | None]:
    from roles.conversation._clock import clock_answer, place_asked
    from roles.conversation._zones import known

    now = runtime.clock.now()

    def answer(text: str) -> str | None:
        place = place_asked(text)  # a place read whole: not "tokyo tomorrow", not "new paris"
        if place and not known(re.sub(r"^the\s+", "", place)):
            return None
        return clock_answer(text, now, runtime.settings)

    return answer


def _sum_answerer() -> Callable[[str], str | None]:
    from tools._sums import work_out
    from tools._units import convert

    def answer(text: str) -> str | None:
        found = convert(text) or work_out(text, tips=False)
        return None if found is None or found.problem is not None else found.reply

    return answer


def _readings(before: str, rest: str, question: str) -> Iterator[str]:
    """The previous question `before` with `rest` in place of each part it may stand for."""
    if _OPERATOR.match(rest) and (value := _value(question)) is not None:
        yield f"{value} {rest}"  # "times 3?" after "what's 15% of 80": 12 times 3
    words = before.split()
    opener = rest.split()[0]
    group = next((g for g in _GROUPS if opener in g), None)
    if group is not None:  # "in london" for "in tokyo", "in metres" for "to km"
        value = rest.split(maxsplit=1)[1] if len(rest.split()) > 1 else ""
        for i in reversed([i for i, w in enumerate(words) if w in group]):
            for prep in dict.fromkeys((opener, words[i])):
                yield " ".join([*words[:i], prep, value]).strip()
                for k in (1, 2, 3):
                    yield " ".join([*words[:i], prep, value, *words[i + 1 + k :]]).strip()
    if (number := _NUMBER.fullmatch(rest)) is not None:
        yield from _numbers(before, number)
    if _AMOUNT.fullmatch(rest):  # "what about 3 feet" after "convert 10 miles to km"
        yield from (
            before[: m.start()] + rest + before[m.end() :] for m in _AMOUNT.finditer(before)
        )
    if _YEAR.match(rest):  # "and next year?", "in 2030?": that year instead, or said at the end
        year = f"in {rest}" if rest.isdigit() else rest
        yield _YEAR_SAID.sub(year, before, count=1)
        yield re.sub(rf"(?:\s+on)?\s+{_YEAR_SAID.pattern}", f" {year}", before, count=1)
        yield f"{before} {year}"
        yield re.sub(r"\s+on$", "", before) + f" {year}"
    for size in (3, 2, 1):  # "and easter?" after "what day is christmas on": the whole name
        for i in reversed(range(len(words) - size + 1)):
            span = words[i : i + size]
            if not any(w in _ASKING or w[:1].isdigit() for w in span):
                if i and words[i - 1] == "the":  # "the uk" -> "new york", not "the new york"
                    yield " ".join([*words[: i - 1], rest, *words[i + size :]])
                yield " ".join([*words[:i], rest, *words[i + size :]])
    if group is not None or _DAY_SAID.match(rest):  # "in sydney", "tomorrow": added at the end
        for gap in (len(words), len(words) - 1):
            yield " ".join([*words[:gap], rest, *words[gap:]])


def _numbers(before: str, number: re.Match[str]) -> Iterator[str]:
    """`before` with the number said in place of one of its numbers.

    A percentage replaces a percentage; a bare number the last bare one first.
    """
    found = list(_NUMBER.finditer(before))
    percent = bool(number[2])
    order = [m for m in reversed(found) if bool(m[2]) == percent] + [
        m for m in reversed(found) if bool(m[2]) != percent
    ]
    for old in order:
        new = number[1] + (old[2] or "") if not percent else number[0]
        yield before[: old.start()] + new + before[old.end() :]


def _value(question: str) -> str | None:
    """The result of the sum `question`, written plainly ("12", "4.5")."""
    from tools._sums import work_out

    found = work_out(question, tips=False)
    if found is None or found.problem is not None or found.value is None:
        return None
    return format(found.value, ".10g")
