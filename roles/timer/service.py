"""The background loop that fires due timers, alarms and reminders.

The chat REPL and the server each run one `TimerService`. Every tick claims the timers that
are due (one process of the cluster gets each, `TimerStore.claim`), hands each to ``notify``
and marks it fired. Timers that came due while nothing was running fire on the first tick, marked
``late``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from agent_system.repository import open_repository
from agent_system.understanding.locale import format_clock
from roles.timer._rang import note_ring
from roles.timer.store import Timer, TimerStore

if TYPE_CHECKING:
    from agent_system.api import AgentSystem
    from agent_system.runtime import Runtime

__all__ = ["FiredTimer", "TimerService", "command_runner", "length_name"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FiredTimer:
    """A timer that just went off."""

    timer: Timer
    fired_at: datetime
    late: bool
    """True when it fired well after its due time (nothing was running then)."""
    outcome: str = ""
    """For a timer that runs a command: what running it said (or why it did not run)."""

    @property
    def user(self) -> str:
        """Whose timer it is ('' for the local user)."""
        return self.timer.user

    @property
    def text(self) -> str:
        """What to tell the user."""
        timer = self.timer
        due = format_clock(timer.due_at) if timer.due_at else ""
        if timer.command:
            late = f" (it was due at {due}; nothing was running then)" if self.late else ""
            return f"Time's up{late}: {timer.command}. {self.outcome}".strip()
        if timer.kind == "reminder":
            message = f"Reminder: {timer.message or timer.label}"
        elif timer.kind == "alarm":
            message = f"Alarm{f' {timer.label!r}' if timer.label else ''} ({due})"
        elif timer.label:
            message = f"Timer {timer.label!r} is done"
        elif timer.duration:  # unlabelled: its length tells it apart ("Your 10-minute timer")
            message = f"Your {length_name(timer.duration)} timer is done"
        else:
            message = f"Timer #{timer.id} is done"
        late = f" (it was due at {due}; nothing was running then)" if self.late else ""
        return f"{message}{late}."


def command_runner(system: AgentSystem) -> Callable[[Timer], Awaitable[str]]:
    """`TimerService`'s ``run`` for `system`: a timer's command as a request of its user.

    It runs in a thread of its own (``timer-<id>``), said from the room the timer was set in;
    a step that needs approval waits there for it, and the answer says how to give it.
    """

    async def run(timer: Timer) -> str:
        thread = f"timer-{timer.id}"
        result = await system.arun(
            timer.command, thread_id=thread, user=timer.user or None, area=timer.area
        )
        if result.status == "interrupted" and result.pending_approval:
            return (
                "It needs your approval first: run `agent-system chat --thread "
                f"{thread}` and answer yes."
            )
        return result.reply

    return run


def length_name(duration: timedelta) -> str:
    """``10-minute``, ``90-second``, ``2-hour``, ``90-minute``: a timer's length as a name."""
    seconds = round(duration.total_seconds())
    if seconds < 60 or (seconds < 600 and seconds % 60):
        return f"{seconds}-second"
    if seconds % 3600 == 0:
        return f"{seconds // 3600}-hour"
    if seconds % 60 == 0 and seconds < 6 * 3600:
        return f"{seconds // 60}-minute"
    hours, rest = divmod(seconds, 3600)
    return f"{hours} h {rest // 60} min"


class TimerService:
    """Fires due timers and calls ``notify`` for each, once.

    ``user``: fire only that user's timers ('' is the local user); None fires everyone's (the
    server, which routes each to its owner). A process that cannot tell a user must not fire
    their timers, or they would be marked fired without anyone hearing them.

    ``run``: how a timer's command is carried out when it rings (the chat and the server run it
    as a request of the timer's user, in its thread, so a step that needs approval asks for it
    then); it returns what to tell the user. Without it the command is announced, not run.
    """

    def __init__(
        self,
        runtime: Runtime,
        notify: Callable[[FiredTimer], Awaitable[None]],
        *,
        late_after: timedelta = timedelta(seconds=5),
        user: str | None = None,
        lease_s: float = 60.0,
        notices: Callable[[FiredTimer], Awaitable[Sequence[tuple[str, str]]]] | None = None,
        run: Callable[[Timer], Awaitable[str]] | None = None,
    ) -> None:
        self.runtime = runtime
        self.notify = notify
        self.run_command = run
        self.notices = notices
        """On PostgreSQL: a fired timer's ``NOTIFY`` messages, sent in the transaction that
        marks it fired (instead of calling `notify` before marking it)."""
        self.late_after = late_after
        self.user = user
        self.store = TimerStore(open_repository(runtime), runtime.clock)
        self.lease_s = lease_s
        self.worker = f"{socket.gethostname()}|{os.getpid()}|{uuid.uuid4().hex[:8]}"

    async def tick(self) -> list[FiredTimer]:
        """Fire every timer due now; return them in due order.

        Due timers are claimed first (one process of the cluster gets each), then each is
        announced and marked fired (`fire`). A process that dies holding a claim leaves it to
        run out after `lease_s`; another process fires the timer then (late).
        """
        now = self.runtime.clock.now()
        fired: list[FiredTimer] = []
        for timer in await self.store.claim(now, self.worker, self.lease_s, self.user):
            try:
                item = await self.fire(timer, now)
            except Exception:  # the others still fire; this one's claim runs out, then retried
                log.exception("Firing timer #%s failed", timer.id)
                continue
            if item is not None:
                fired.append(item)
        return fired

    async def fire(self, timer: Timer, now: datetime) -> FiredTimer | None:
        """Announce a claimed timer and mark it fired; None if it had fired already.

        With `notices` (PostgreSQL) both happen in one transaction: the ``NOTIFY`` is delivered
        when, and only when, the timer is marked fired, so it is heard exactly once, even when
        this process dies half-way or wakes from a freeze after its claim ran out and another
        process fired the timer. Without (SQLite, one machine) `notify` runs first, then the
        mark: a process killed in between announces the timer again on restart (never zero
        times). A timer's command runs before either (its outcome is part of the message), so
        the same holds for it: at least once.
        """
        late = timer.due_at is not None and now - timer.due_at > self.late_after
        item = FiredTimer(
            timer=replace(timer, state="fired", fired_at=now, late=late),
            fired_at=now,
            late=late,
            outcome=await self._carry_out(timer) if timer.command else "",
        )
        notices = self.notices
        if notices is not None:

            async def send() -> Sequence[tuple[str, str]]:
                return await notices(item)

            done = await self.store.fire(timer.id, now, late=late, notices=send)
        else:
            try:
                await self.notify(item)
            except Exception:  # one failing notification must not lose the others
                log.exception("Notifying timer #%s failed", timer.id)
            done = await self.store.fire(timer.id, now, late=late)
        if done is None:
            return None
        note_ring(self.runtime, timer.user, now)  # "stop" / "turn it off" while it rings
        return item

    async def _carry_out(self, timer: Timer) -> str:
        if self.run_command is None:
            return "Not done: nothing here runs commands (start `agent-system chat` or the server)."
        try:
            return await self.run_command(timer)
        except Exception as exc:  # a failing command must not stop the other timers
            log.exception("Running the command of timer #%s failed", timer.id)
            return f"Not done: {exc}"

    async def run(self, stop: asyncio.Event, interval: float = 0.5) -> None:
        """Tick every `interval` seconds until `stop` is set."""
        while not stop.is_set():
            await self.tick()
            if stop.is_set():
                return
            sleeper = asyncio.ensure_future(self.runtime.clock.sleep(interval))
            stopper = asyncio.ensure_future(stop.wait())
            _, pending = await asyncio.wait({sleeper, stopper}, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
