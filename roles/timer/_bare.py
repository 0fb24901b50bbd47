"""A bare "cancel": said with nothing named, what to cancel is asked.

Right after the thread set a timer, alarm or reminder, "cancel" cancels that one (the frame:
`agent_system.understanding._frame_timer`). Anywhere else "cancel" names nothing: with nothing
set it says so plainly ("There's nothing to cancel."), with one it asks whether to cancel that
one ("yes" does: `roles.timer._pick`), with several it asks which.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput
from roles.timer._find import names, said_name, timer_store, user_of
from roles.timer._rang import ASK_WHICH
from roles.timer._words import _describe
from roles.timer.store import ACTIVE

__all__ = ["ASK_WHICH", "BARE_CANCEL", "NOTHING", "ask_which"]

BARE_CANCEL = lazy_pattern(
    r"^(?:(?:ok|okay|oh|um|uh|well|actually|just|please|and|so|now)\s+)*cancel"
    r"(?:\s+(?:please|now|then))*[\s.!]*$",
    re.IGNORECASE,
)
"""A cancel that names nothing: "cancel", "cancel please", "ok cancel" ("cancel that" points
at something said before: not this)."""
NOTHING = "There's nothing to cancel."


async def ask_which(ctx: ToolContext) -> ToolOutput:
    """Say there's nothing to cancel with nothing set, else ask which one."""
    timers = await timer_store(ctx).list_timers(user_of(ctx), ACTIVE)
    if not timers:
        return ToolOutput(data=[], display=NOTHING)
    if len(timers) == 1:
        one = timers[0]
        now = ctx.runtime.clock.now()
        called = said_name(one) if one.kind == "timer" else _describe(one, now, brief=True)
        if one.kind == "timer" and one.label:
            called = f"the {one.label} timer"
        elif not called.startswith("the "):
            called = f"your {called}"
        raise ToolExecutionError(f"Should I cancel {called}? Say yes, or say which one.")
    called = names(timers, ctx)
    raise ToolExecutionError(f"You have {len(timers)} set ({called}); say which one.")
