"""Timers, alarms and reminders on the application's repository, per user.

Each timer is a record of the ``timers`` collection (its number is the key), owned by its user.
Times are UTC epoch seconds. A running timer has ``due_at`` and is scheduled (``_due``), so
`TimerStore.claim` hands a due timer to one process of the whole cluster under a lease; a
paused one has ``remaining_s`` instead. Firing (`TimerStore.fire`) is a guarded update
(``state == 'running'``), so a timer fires once even when two services tick at the same moment;
a repeating alarm or reminder (``repeat``) stays running with its next ring as ``due_at`` (the
guard: a due time still in the past).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from agent_system.repository import DUE, Record, Repository
from roles.timer._repeat import next_due

if TYPE_CHECKING:
    from agent_system.runtime import Clock

__all__ = ["ACTIVE", "Timer", "TimerKind", "TimerState", "TimerStore"]

TimerKind = Literal["timer", "alarm", "reminder"]
TimerState = Literal["running", "paused", "fired", "cancelled"]
ACTIVE: tuple[TimerState, ...] = ("running", "paused")

COLLECTION = "timers"


@dataclass(frozen=True)
class Timer:
    """One timer, alarm or reminder."""

    id: int
    user: str
    kind: TimerKind
    label: str
    message: str
    state: TimerState
    created_at: datetime
    due_at: datetime | None
    """When it goes off; None while paused."""
    remaining_paused: timedelta | None
    """Time left when it was paused; None unless paused."""
    duration: timedelta | None
    """The length asked for (countdown timers only)."""
    fired_at: datetime | None
    late: bool
    thread_id: str | None
    command: str = ""
    """A request to run when it rings ("open the garage door"), as the user said it."""
    area: str | None = None
    """The room the request came from (the command runs as if said there)."""
    repeat: str = ""
    """How an alarm or reminder repeats (`roles.timer._repeat`: "daily", "mon,thu"); "" once."""

    def remaining(self, now: datetime) -> timedelta:
        """Time left at `now` (zero once due)."""
        if self.remaining_paused is not None:
            return self.remaining_paused
        if self.due_at is None:
            return timedelta(0)
        return max(self.due_at - now, timedelta(0))

    @property
    def name(self) -> str:
        """How to refer to it: its label, or its number."""
        return self.label or f"#{self.id}"


def _ts(value: datetime) -> float:
    return value.timestamp()


def _dt(value: float | None, now: datetime) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC).astimezone(now.tzinfo)


class TimerStore:
    """Timers on a `Repository` (the tools, the service and the CLI use it)."""

    def __init__(self, repository: Repository, clock: Clock) -> None:
        self.repository = repository
        self.clock = clock

    def _timer(self, record: Record) -> Timer:
        now = self.clock.now()
        body = record.body
        remaining = body.get("remaining_s")
        duration = body.get("duration_s")
        return Timer(
            id=int(record.key),
            user=body.get("user", ""),
            kind=body["kind"],
            label=body.get("label", ""),
            message=body.get("message", ""),
            state=body["state"],
            created_at=_dt(body.get("created_at"), now) or now,
            due_at=_dt(body.get("due_at"), now),
            remaining_paused=None if remaining is None else timedelta(seconds=remaining),
            duration=None if duration is None else timedelta(seconds=duration),
            fired_at=_dt(body.get("fired_at"), now),
            late=bool(body.get("late")),
            thread_id=body.get("thread_id"),
            command=body.get("command", ""),
            area=body.get("area"),
            repeat=body.get("repeat", ""),
        )

    async def add(
        self,
        *,
        user: str,
        kind: TimerKind,
        due: datetime,
        label: str = "",
        message: str = "",
        duration: timedelta | None = None,
        thread_id: str | None = None,
        command: str = "",
        area: str | None = None,
        repeat: str = "",
    ) -> Timer:
        """Create a running timer due at `due`.

        `command`: a request to run when it rings; `repeat`: a rule of `roles.timer._repeat`
        (it then rings again after each ring).
        """
        body: dict[str, Any] = {
            "user": user,
            "thread_id": thread_id,
            "kind": kind,
            "label": label,
            "message": message,
            "state": "running",
            "created_at": _ts(self.clock.now()),
            "duration_s": duration.total_seconds() if duration is not None else None,
            "due_at": _ts(due),
            "remaining_s": None,
            "fired_at": None,
            "late": False,
            DUE: _ts(due),
        }
        if command:
            body.update(command=command, area=area)
        if repeat:
            body["repeat"] = repeat
        return self._timer(await self.repository.insert(COLLECTION, body, user))

    async def get(self, timer_id: int, user: str | None = None) -> Timer | None:
        """One timer by id (only the user's own when `user` is given)."""
        if user is not None:
            record = await self.repository.get(COLLECTION, str(timer_id), user)
        else:
            record = await self.repository.lookup(COLLECTION, str(timer_id))
        return None if record is None else self._timer(record)

    async def list_timers(
        self, user: str | None, states: tuple[TimerState, ...] = ACTIVE
    ) -> list[Timer]:
        """Timers in `states`, soonest first (paused ones last); every user's when None."""
        if user is None:
            records = await self.repository.scan(COLLECTION)
        else:
            records = await self.repository.records(COLLECTION, user)
        timers = [self._timer(r) for r in records if r.body.get("state") in states]
        far = datetime.max.replace(tzinfo=UTC)
        timers.sort(key=lambda t: (t.due_at is None, t.due_at or far, t.id))
        return timers

    async def claim(
        self, now: datetime, worker: str, lease_s: float, user: str | None = None
    ) -> list[Timer]:
        """Running timers due at `now` that no live process holds, claimed for `lease_s` s.

        A claim of a process that died runs out; only `user`'s timers when given.
        """
        records = await self.repository.claim_due(
            COLLECTION, _ts(now), worker, lease_s, None if user is None else [user]
        )
        return [self._timer(r) for r in records if r.body.get("state") == "running"]

    async def fire(
        self,
        timer_id: int,
        fired_at: datetime,
        *,
        late: bool,
        notices: Callable[[], Awaitable[Sequence[tuple[str, str]]]] | None = None,
    ) -> Timer | None:
        """Mark a running timer fired; None if it was no longer running (fired elsewhere).

        `notices` (PostgreSQL only): the ``(channel, payload)`` pairs to ``NOTIFY`` in the
        transaction that marks it fired, so the announcement and the mark commit together.
        """
        record = await self.repository.lookup(COLLECTION, str(timer_id))
        if record is None:
            return None
        fired = False

        def change(body: dict[str, Any] | None) -> dict[str, Any] | None:
            nonlocal fired
            if body is None or body.get("state") != "running":
                return body
            if body.get("repeat"):  # it rings again: the next one, unless it has moved on
                due = _dt(body.get("due_at"), fired_at)
                if due is None or due > fired_at:
                    return body
                fired = True
                ahead = _ts(next_due(due, body["repeat"], fired_at))
                return {**body, "due_at": ahead, DUE: ahead, "fired_at": _ts(fired_at)}
            fired = True
            body.pop(DUE, None)
            return {**body, "state": "fired", "fired_at": _ts(fired_at), "late": late}

        if notices is None:
            done = await self.repository.update(COLLECTION, record.key, change, record.owner)
        else:
            from agent_system._repository_pg import PostgresRepository

            if not isinstance(self.repository, PostgresRepository):
                raise TypeError("Announcing with the fire needs the PostgreSQL repository.")

            async def send(body: dict[str, Any]) -> Sequence[tuple[str, str]]:
                return await notices()

            done = await self.repository.update(
                COLLECTION, record.key, change, record.owner, notices=send
            )
        return self._timer(done) if fired and done is not None else None

    async def cancel(self, timer_id: int) -> Timer:
        """Cancel an active timer."""

        def change(body: dict[str, Any]) -> dict[str, Any]:
            body.pop(DUE, None)
            return {**body, "state": "cancelled"}

        return await self._update(timer_id, change, ACTIVE)

    async def pause(self, timer_id: int) -> Timer:
        """Stop the countdown, keeping the time left."""
        now = _ts(self.clock.now())

        def change(body: dict[str, Any]) -> dict[str, Any]:
            body.pop(DUE, None)
            left = max(float(body["due_at"]) - now, 0.0)
            return {**body, "state": "paused", "remaining_s": left, "due_at": None}

        return await self._update(timer_id, change, ("running",))

    async def resume(self, timer_id: int) -> Timer:
        """Restart a paused countdown with the time it had left."""
        now = _ts(self.clock.now())

        def change(body: dict[str, Any]) -> dict[str, Any]:
            due = now + float(body["remaining_s"] or 0)
            return {**body, "state": "running", "due_at": due, "remaining_s": None, DUE: due}

        return await self._update(timer_id, change, ("paused",))

    async def extend(self, timer_id: int, by: timedelta) -> Timer:
        """Add time to an active timer (to its time left when paused)."""
        seconds = by.total_seconds()

        def change(body: dict[str, Any]) -> dict[str, Any]:
            body = dict(body)
            for name in ("due_at", "remaining_s", "duration_s", DUE):
                if body.get(name) is not None:
                    body[name] = float(body[name]) + seconds
            return body

        return await self._update(timer_id, change, ACTIVE)

    async def reword(self, timer_id: int, words: str) -> Timer:
        """Change what an active reminder says (an alarm's or timer's label)."""

        def change(body: dict[str, Any]) -> dict[str, Any]:
            key = "message" if body.get("kind") == "reminder" else "label"
            return {**body, key: words}

        return await self._update(timer_id, change, ACTIVE)

    async def delete_finished(self, user: str | None = None) -> int:
        """Forget fired and cancelled timers; returns how many."""
        gone = 0
        for timer in await self.list_timers(user, ("fired", "cancelled")):
            if await self.repository.delete(COLLECTION, str(timer.id), timer.user):
                gone += 1
        return gone

    async def _update(
        self,
        timer_id: int,
        change: Callable[[dict[str, Any]], dict[str, Any]],
        states: tuple[TimerState, ...],
    ) -> Timer:
        record = await self.repository.lookup(COLLECTION, str(timer_id))
        if record is None:
            raise ValueError(f"Timer #{timer_id} does not exist.")
        problem = ""

        def guarded(body: dict[str, Any] | None) -> dict[str, Any] | None:
            nonlocal problem
            state = "missing" if body is None else body.get("state")
            if body is None or state not in states:
                problem = f"Timer #{timer_id} is {state}, not {' or '.join(states)}."
                return body
            return change(body)

        done = await self.repository.update(COLLECTION, record.key, guarded, record.owner)
        if problem or done is None:
            raise ValueError(problem or f"Timer #{timer_id} does not exist.")
        return self._timer(done)
