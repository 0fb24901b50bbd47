"""How long until a day the user told the assistant: "how many days until my sister's birthday".

"remember my sister's birthday is june 3" ... "how many days until my sister's birthday", "how
long till my anniversary", "how many sleeps until mom's birthday", "days left until my dad's
birthday", "countdown to our wedding anniversary", "how many weeks until my birthday": the
yearly days people keep (birthdays, anniversaries, name days), counted from the fact that says
its date (`memory.days_until`). A day said in the question ("until my birthday on june 3rd") is
the clock's (the conversation role), and meetings, flights and trips are the calendar's.
"""

from __future__ import annotations

import re
from datetime import date

from agent_system._lazy import lazy_pattern

__all__ = ["UNTIL", "next_yearly", "until_thing"]

UNTIL = lazy_pattern(
    r"^(?:(?:so|ok|okay|hey|and|tell\s+me|do\s+you\s+know|can\s+you\s+tell\s+me)[,\s]+)*"
    r"(?:how\s+(?:many|long|much)\s+(?:more\s+|longer\s+|time\s+)?(?P<unit>days|weeks|sleeps)?\s*"
    r"(?:(?:is\s+it|are\s+there|is\s+there|do\s+i\s+have|have\s+i\s+got|left|to\s+go|remaining)"
    r"\s+)*|(?P<unit2>days|weeks|sleeps)\s+(?:left\s+|remaining\s+)?|countdown\s+)"
    r"(?:until|till|til|to|before|for)\s+"
    r"(?P<thing>(?:(?:my|our)\s+)?(?:[a-z]+(?:'s|s')\s+)?(?:wedding\s+)?"
    r"(?:birthday|bday|b-day|anniversary|name\s*day))"
    r"(?:\s+(?:is|comes(?:\s+round)?|this\s+year|again))*$",
    re.IGNORECASE,
)
"""How long until a yearly day of the user's ("my sister's birthday"; no date said)."""


def until_thing(said: str) -> tuple[str, str] | None:
    """(the thing as the user would say it, "days" or "weeks") for `said`, or None.

    "how many days until mom's birthday" -> ("my mom's birthday", "days").
    """
    found = UNTIL.match(" ".join(said.strip(" ?!.").split()))
    if found is None:
        return None
    thing = re.sub(r"\bb-?day\b", "birthday", found["thing"].lower())
    if not thing.startswith(("my ", "our ")):
        thing = f"my {thing}"  # "mom's birthday": the user's mom
    unit = found["unit"] or found["unit2"] or "days"
    return thing, "weeks" if unit == "weeks" else "days"


def next_yearly(day: date, today: date) -> date:
    """The next time `day`'s month and day come round, today included.

    29 February is the 28th in other years.
    """
    for year in (today.year, today.year + 1):
        try:
            on = day.replace(year=year)
        except ValueError:  # 29 February in a year that has none
            on = date(year, 2, 28)
        if on >= today:
            return on
    return today  # not reached: next year's always comes
