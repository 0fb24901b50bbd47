"""How the reply says a repeating alarm's rings were skipped ("no alarm tomorrow").

It names the ring that was skipped, then the next one: said on a Wednesday, "turn off my alarms
for tomorrow" answers "Skipped the alarm for tomorrow at 07:00 (every day); it rings again on
Fri 6 Mar at 07:00." (the reply named only Friday's ring, as if Friday's had been skipped).
"""

from __future__ import annotations

from datetime import datetime

from agent_system.routing.slots import format_moment
from roles.timer._repeat import describe, next_due
from roles.timer._words import _when
from roles.timer.store import Timer

__all__ = ["skipped_reply"]

_MOST = 400
"""At most this many rings are counted between the one skipped and the next."""


def skipped_reply(before: Timer, after: Timer, now: datetime) -> str:
    """The reply for `before` skipped up to `after` (its next ring), both the same series."""
    if before.due_at is None or after.due_at is None:
        return f"Skipped the {_name(before)}."
    rings = _rings(before, after.due_at)
    rule = f" ({describe(before.repeat)})" if before.repeat else ""
    first = _when(before.due_at, now)
    again = format_moment(after.due_at, now)
    if rings > 1:
        return (
            f"Skipped {rings} rings of the {_name(before)}{rule}, from {first}; "
            f"it rings again {again}."
        )
    return f"Skipped the {_name(before)} for {first}{rule}; it rings again {again}."


def _name(timer: Timer) -> str:
    return f"{timer.kind} {timer.label!r}" if timer.label else timer.kind


def _rings(before: Timer, until: datetime) -> int:
    """How many rings of `before`'s series fall from its next ring up to `until`."""
    due, count = before.due_at, 0
    while due is not None and due < until and count < _MOST:
        count += 1
        due = next_due(due, before.repeat, due)
    return max(count, 1)
