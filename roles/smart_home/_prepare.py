"""A request's device words made plain before it is read.

"desk lamp one" is "Desk lamp 1" (a numbered device), "the white fan" is the fan (a colour that
describes a device with no light is no colour command), "the telly" is the TV.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent_system._lazy import lazy_pattern
from roles.smart_home._colors import undescribed
from roles.smart_home._places import numbered
from roles.smart_home.backend import Device

__all__ = ["prepared"]

_TELLY = lazy_pattern(r"\btelly\b", re.I)


def prepared(text: str, known: Sequence[Device]) -> str:
    """`text` with numbered devices, describing colours and "telly" made plain."""
    text = numbered(text, list(known))
    text = undescribed(text, [n.lower() for d in known for n in (d.name, *d.aliases)])
    return _TELLY.sub("tv", text)
