"""Whether a door is locked: "is the back door locked", "did i lock the front door".

The question asks about the door's lock, not about the door: a door sensor that only sees the
door open or closed cannot say. `lock_question` reads the question (it never locks anything:
"did i lock the back door" only reads); `get_state` given ``asked="locked"`` answers from the
lock on that door (`lock_answer`), or says the door is closed but has no lock it can check.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from roles.smart_home._states import describe
from roles.smart_home.backend import Device, match_devices

__all__ = ["LOCK_ASKED", "lock_answer", "lock_question"]

_WHO = r"(?:i|you|we|they|someone|somebody|anyone|anybody|he|she|the\s+\w+)"
_THE = r"(?:(?:the|my|our|your)\s+)?"
_WHAT = r"(?P<what>[a-z' ]{2,40}?)"
_STATE = r"(?P<state>un)?lock(?:ed)?(?:\s+up)?"
_END = r"(?:\s+(?:now|yet|right\s+now|at\s+the\s+moment|properly|tonight|please))*"
_SHAPES = (
    lazy_pattern(  # "is the back door locked", "are the patio doors still unlocked"
        rf"^(?:(?:can|could)\s+you\s+)?(?:(?:check|see|tell\s+me)\s+(?:if|whether)\s+)?"
        rf"{_THE}{_WHAT}\s+(?:is|are)\s+(?:still\s+|definitely\s+|actually\s+|properly\s+)?"
        rf"{_STATE}{_END}$"
    ),
    lazy_pattern(
        rf"^(?:is|are|was)\s+{_THE}{_WHAT}\s+(?:still\s+|definitely\s+|actually\s+|properly\s+)?"
        rf"{_STATE}{_END}$"
    ),
    lazy_pattern(  # "did i lock the front door", "did you remember to lock the back door"
        rf"^(?:did|have|has|had)\s+{_WHO}\s+(?:remember(?:ed)?\s+to\s+|forg[eo]t\s+to\s+)?"
        rf"{_STATE}\s+{_THE}{_WHAT}{_END}$"
    ),
    lazy_pattern(  # "did i leave the back door unlocked"
        rf"^(?:did|have|has)\s+{_WHO}\s+(?:leave|left)\s+{_THE}{_WHAT}\s+{_STATE}{_END}$"
    ),
    lazy_pattern(rf"^{_THE}{_WHAT}\s+{_STATE}$"),  # "back door locked?"
)
_WHOLE = lazy_pattern(
    r"^(?:the\s+)?(?:house|home|place|flat|apartment|everything|all|all\s+(?:the\s+)?doors"
    r"|(?:the\s+|all\s+the\s+|my\s+)?doors|every\s+door)$"
)
_DOORISH = lazy_pattern(r"\b(?:doors?|gates?|locks?|entrance|garage|shed|porch|patio|deadbolt)\b")
LOCK_ASKED = frozenset({"locked", "unlocked"})
"""The states `get_state` answers from a lock (its ``asked`` argument)."""


def lock_question(text: str) -> RoleCall | None:
    """The read a lock question means, or None when `text` is no such question.

    One door asks its lock (``get_state`` with ``asked``); the whole home ("is the house locked
    up", "are all the doors locked") lists the locks.
    """
    said = " ".join(re.findall(r"[a-z0-9']+", text.lower()))
    for shape in _SHAPES:
        match = shape.match(said)
        if match is None:
            continue
        what = match["what"].strip()
        asked = "unlocked" if match["state"] else "locked"
        if _WHOLE.match(what):
            return RoleCall("smart_home.list_devices", {"device": "locks", "state": asked})
        if not _DOORISH.search(what) and shape is _SHAPES[-1]:
            return None  # "dave locked?": not a door
        return RoleCall("smart_home.get_state", {"device": what, "asked": asked})
    return None


def lock_answer(
    devices: list[Device], found: list[Device], device: str, where: tuple[str | None, str | None]
) -> tuple[list[Device], str | None]:
    """(the devices to describe, a sentence to say instead) for a lock question on `device`.

    The lock on the door named wins over the door's open/closed sensor; a door with no lock
    is said plainly: "The back door is closed, but there is no lock on it I can check."
    """
    area, floor = where
    locks = [d for d in devices if d.kind == "lock"]
    mine = match_devices(locks, device, area, floor) or match_devices(
        locks, f"{device} lock", area, floor
    )
    if mine:
        return mine, None
    if len(found) == 1 and found[0].kind != "lock":
        seen = describe(found[0]).rstrip(".")
        said = seen[0].lower() + seen[1:] if not found[0].name[:2].isupper() else seen
        return found, f"The {said}, but there is no lock on it I can check."
    return found, None
