"""Snoozing: the alarm, reminder or timer that just rang rings again a little later.

"snooze", "snooze it", "hit snooze", "snooze the alarm for 5 minutes", "snooze for another 9
minutes": `timer.snooze` sets a new one-off alarm (or reminder, or timer) like the one that rang
in the last hour, `SNOOZE` (10 minutes) from now unless another length is said. A repeating
alarm keeps its own next ring.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.roles import RoleCall
from agent_system.routing.slots import format_duration, format_moment, parse_duration
from agent_system.understanding import normalize
from roles.timer._find import KIND_WORDS, duration_of, timer_store, user_of
from roles.timer._words import _as_data

if TYPE_CHECKING:
    from roles.timer.store import Timer

__all__ = ["SNOOZE", "snooze", "snooze_call"]

SNOOZE = timedelta(minutes=10)
"""How long a snooze lasts when no length is said."""
_RECENT = timedelta(hours=1)
"""How long after ringing an alarm can still be snoozed."""

_SNOOZE = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|ok(?:ay)?|just|and|hit|press|push|tap)\s+)*"
    r"(?:snooze|re-?snooze)(?:\s+(?:button|again|it|that|this|(?:the|my)\s+(?P<kind>alarm|reminder"
    r"|timer|wake[\s-]?up(?:\s+call)?)))*(?:\s+(?:for|by)?\s*(?P<by>.+?))?(?:\s+please)?$",
    re.IGNORECASE,
)


def snooze_call(text: str) -> RoleCall | None:
    """timer.snooze for "snooze", "snooze the alarm for 5 minutes", "hit snooze"; else None."""
    said = normalize(text.strip().rstrip("?!."))
    found = _SNOOZE.match(said)
    if found is None:
        return None
    arguments: dict[str, str] = {}
    if found["by"]:
        length = parse_duration(re.sub(r"^(?:another|an?\s+extra|extra)\s+", "a ", found["by"]))
        length = length or parse_duration(re.sub(r"^(?:another|an?\s+extra)\s+", "", found["by"]))
        if length is None:
            return None  # "snooze my 7am alarm": which one to push, not a snooze
        arguments["by"] = format_duration(length)
    if found["kind"]:
        arguments["target"] = "alarm" if found["kind"].startswith("wake") else found["kind"]
    return RoleCall("timer.snooze", arguments)


def _last_rung(timers: list[Timer], now: datetime) -> Timer | None:
    rung = [t for t in timers if t.fired_at is not None and now - t.fired_at <= _RECENT]
    return max(rung, key=lambda t: t.fired_at or now, default=None)


@tool(name="timer.snooze", side_effects="reversible")
async def snooze(ctx: ToolContext, by: str = "", target: str = "") -> ToolOutput:
    """Ring the alarm, reminder or timer that just rang again a little later.

    Args:
        by: How long to snooze, e.g. "5 minutes"; empty for 10 minutes.
        target: "alarm", "reminder" or "timer" to snooze only that kind; empty for any.
    """
    value = duration_of(by, "A snooze") if by.strip() else SNOOZE
    now = ctx.runtime.clock.now()
    store = timer_store(ctx)
    kind = KIND_WORDS.get(target.strip().lower().rstrip("s"))
    timers = await store.list_timers(user_of(ctx), ("running", "fired"))
    rung = _last_rung([t for t in timers if kind is None or t.kind == kind], now)
    if rung is None:
        what = f"no {kind}" if kind else "nothing"
        raise ToolExecutionError(f"There is {what} that rang in the last hour to snooze.")
    for earlier in timers:  # snoozed again before the snooze rang: that one moves
        if (
            earlier.state == "running"
            and earlier.fired_at is None
            and not earlier.repeat
            and (earlier.kind, earlier.label, earlier.message)
            == (rung.kind, rung.label, rung.message)
            and rung.fired_at is not None
            and earlier.created_at >= rung.fired_at
        ):
            await store.cancel(earlier.id)
    again = await store.add(
        user=user_of(ctx),
        kind=rung.kind,
        due=now + value,
        label=rung.label,
        message=rung.message,
        duration=value if rung.kind == "timer" else None,
        thread_id=ctx.thread_id,
    )
    name = f"reminder ({again.message})" if again.kind == "reminder" else again.kind
    if again.label:
        name = f"{name} {again.label!r}"
    return ToolOutput(
        data=_as_data(again, now),
        display=f"Snoozed your {name} for {format_duration(value)}; it rings again "
        f"{format_moment(now + value, now)}.",
    )
