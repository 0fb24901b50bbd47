"""What rang in this process, and when: "turn it off" / "stop" while an alarm rings.

`TimerService` notes each ring per user (`note_ring`); the timer role's first stage reads it
(`rings_now`) to take "turn it off" or "stop" while something rings in a thread that never
spoke of a timer or of a device (a stage cannot read the store). `timer.cancel` then stops only
what rings for that user (`RINGING_NOW`), or says nothing is ringing.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from agent_system.runtime import Dependency, Runtime

__all__ = ["ASK_WHICH", "RANG", "RINGING", "RINGING_NOW", "note_ring", "rings_now"]

RINGING = timedelta(minutes=5)
"""How long after it rang an alarm, reminder or timer is still ringing."""
RINGING_NOW = "ringing"
"""`timer.cancel`'s target for what is ringing now ("stop" in a thread about nothing)."""
ASK_WHICH = "which one"
"""`timer.cancel`'s target for a bare "cancel": what rings stops, else it asks which (never
cancels unasked: `roles.timer._bare`)."""
RANG: Dependency[dict[str, datetime]] = Dependency(
    "timer.rang", lambda _: {}, description="When each user's last alarm or timer rang."
)


def note_ring(runtime: Runtime, user: str, at: datetime) -> None:
    """Note that `user`'s alarm, reminder or timer rang at `at`."""
    runtime.get(RANG)[user] = at


def rings_now(runtime: Runtime, now: datetime) -> bool:
    """Something rang less than `RINGING` ago in this process (for any user)."""
    return any(timedelta(0) <= now - at <= RINGING for at in runtime.get(RANG).values())
