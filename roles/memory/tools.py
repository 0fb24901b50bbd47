"""The memory role's own tool: how long until a remembered day (`memory.days_until`).

"my sister's birthday is june 3" (kept by `memory.remember`) ... "how many days until my
sister's birthday" -> "Your sister's birthday is on Wednesday 3 June 2026: 93 days to go."
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import Field

from agent_system._lazy import lazy_pattern
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.understanding._slots import parse_when
from agent_system.understanding.locale import format_long_date
from roles.memory._until import next_yearly
from tools._facts import second_person, subject_of
from tools.memory import _all_items, _rank, _store, namespace_for

__all__ = ["days_until"]


_SUBJECT = lazy_pattern(r"^(?:(?:my|our|the)\s+)?(?P<subject>.+?)\s+(?:is|are|was|falls|=)\b", re.I)


def _about(fact: str, thing: str) -> bool:
    """Whether `fact` is about `thing`.

    "my wedding anniversary is ..." is about "my anniversary"; "my mom's birthday is ..." is
    not about "my birthday" (someone else's).
    """
    found = _SUBJECT.match(fact.strip())
    if found is None:
        return False
    said = set(found["subject"].lower().split())
    asked = set(re.sub(r"^(?:my|our)\s+", "", thing.lower()).split())
    extra = said - asked
    return asked <= said and not any(word.endswith(("'s", "s'")) for word in extra)


@tool(
    idempotent=True,
    cache_ttl_s=0.0,
    tags=("memory", "personal", "date"),
    examples=("how many days until my sister's birthday",),
)
async def days_until(
    ctx: ToolContext,
    thing: Annotated[str, Field(min_length=1, max_length=200)],
    unit: str = "days",
) -> ToolOutput:
    """How long until a yearly day the user told the assistant (a birthday, an anniversary).

    Args:
        thing: The day, as the user says it: "my sister's birthday".
        unit: "days" or "weeks".
    """
    store = _store(ctx)
    namespace = namespace_for(ctx.user)
    ranked = await _rank(store, namespace, await _all_items(store, namespace), thing)
    now = ctx.runtime.clock.now()
    wanted = subject_of(f"{thing} is it")
    dated = []
    for item, _ in ranked:
        fact = str(item.value.get("fact", ""))
        when = parse_when(fact, now)
        if when is not None and _about(fact, thing):
            dated.append((subject_of(fact) == wanted, fact, when.value.date()))
    said = second_person(thing)
    if not dated:
        return ToolOutput(
            data={"thing": thing, "found": False},
            display=f"I don't know when {said[:1].lower()}{said[1:]} is; tell me the date and "
            "I'll remember it.",
        )
    dated.sort(key=lambda found: not found[0])  # the fact about that very thing first
    _, fact, day = dated[0]
    today = now.date()
    on = next_yearly(day, today)
    days = (on - today).days
    long = format_long_date(on, ctx.runtime.settings)
    if days == 0:
        display = f"{said} is today, {long}!"
    else:
        count = f"{days} day{'s' if days != 1 else ''}"
        if unit == "weeks" and days >= 7:
            weeks, rest = divmod(days, 7)
            count = f"{weeks} week{'s' if weeks != 1 else ''}" + (
                f" and {rest} day{'s' if rest != 1 else ''}" if rest else ""
            )
        display = f"{said} is on {long}: {count} to go."
    return ToolOutput(
        data={"thing": thing, "found": True, "fact": fact, "date": on.isoformat(), "days": days},
        display=display,
    )
