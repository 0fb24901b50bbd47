"""The other one, said after a thread set two: the one of them that was not just named.

"set a timer for 10 minutes" / "set another one for 20 minutes" / "cancel the first one" / "how
much time is left on the other one": the 20-minute timer. "set a timer for 3 minutes" / "set a
timer for 9 minutes" / "cancel the other one": the 3-minute one. Only when exactly one such is
left in the thread's own record; else the request goes on as it was said.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from agent_system.understanding import normalize
from agent_system.understanding._frame_timer import pronoun_calls

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["other_call"]

_OTHER = lazy_pattern(r"\b(?:the\s+)?other\s+(?P<kind>one|timer|alarm|reminder)\b")
_TAIL = lazy_pattern(r"(?:\s+(?:too|as\s+well|also|please|then|now))+$")
_MADE = {"timer.set": "timer", "timer.alarm": "alarm", "timer.remind": "reminder"}


def _ref(call: dict[str, Any]) -> str | None:
    """The number of the one a call made or acted on, or None."""
    if call.get("ref"):
        return str(call["ref"])
    target = str((call.get("arguments") or {}).get("target", ""))
    return target if target.isdigit() else None


def _the_other(history: list[Turn], kind: str) -> str | None:
    """The number of the one the thread made, still there and not the last one named."""
    made: list[tuple[str, str]] = []
    gone: set[str] = set()
    named: str | None = None
    for turn in history:
        if turn.role != "timer":
            continue
        for call in turn.calls:
            ref = _ref(call)
            if ref is None:
                continue
            tool = str(call.get("tool", ""))
            if tool in _MADE:
                made.append((ref, _MADE[tool]))
            elif tool == "timer.cancel":
                gone.add(ref)
            named = ref
    left = [r for r, k in made if r not in gone and r != named and kind in ("one", k)]
    return left[0] if len(set(left)) == 1 else None


def other_call(text: str, history: list[Turn]) -> RoleCall | None:
    """The call "cancel the other one" / "how long is left on the other one" means, or None."""
    if not history or history[-1].role != "timer" or not history[-1].calls:
        return None
    said = normalize(text).strip(" ?.!,")
    found = _OTHER.search(said)
    if found is None or len(said.split()) > 12:
        return None
    number = _the_other(history, found["kind"])
    if number is None:
        return None
    plain = _TAIL.sub("", f"{said[: found.start()]}it{said[found.end() :]}").strip()
    plain = plain.removeprefix("and ").strip()
    calls = pronoun_calls(number, plain or "it")
    return RoleCall(*calls[0]) if len(calls) == 1 else None
