"""Named things of history and science, and what a person does, that the search stage claims.

Each family is its asking words x a kind of thing, not sentences of the data:

- a named thing of history or science, by the kind of thing its name ends with ("war",
  "empire", "treaty", "revolution", "theory", "triangle", "reef", "wall", ...): "what was the
  cold war", "what is the nuclear triad", "what was the berlin wall", "what is the big bang
  theory", "what was the treaty of versailles"; at least one word names it ("what is the war"
  names nothing), and never the user's own ("what is my plan", "the next war movie");
- what a person does or did, by a full name: "what does elon musk do", "what did marie curie do
  for a living" (a first name alone may be one of the user's contacts);
- whether a thing of legend is real: "are dragons real", "does bigfoot exist", "do unicorns
  really exist" (not "are you real");
- how many of a kind of thing there are: "how many stars are there", "how many oceans are there
  in the world" (not the user's items, alarms, events, people in a room or calories).

"why do we dream" and the like are left to the classifier: CLINC150 files them as out of
scope.

The request has been normalized (lowercase, contractions expanded).
"""

from __future__ import annotations

from agent_system._lazy import lazy_pattern

__all__ = ["named_thing"]

_NOT_NAMING = (
    r"(?!(?:my|your|our|his|her|their|its|this|that|next|last|upcoming|current|latest|new|"
    r"today|tonight|tomorrow|weekly|daily|monthly|local|nearest|closest|best|first|main|usual|"
    r"same|other|whole|entire|total|exact|speed|time|credit|tax|sales?|price|trade|bank|wifi|"
    r"phone|home|house|office|work|school|family|kids?|team|game|drinking|legal|zip|area)\b)"
)
_KIND = (
    r"(?:war|wars|revolution|empire|dynasty|kingdom|republic|treaty|pact|accord|accords|movement|"
    r"crisis|depression|plague|epidemic|triangle|triad|reef|canal|wall|theory|effect|principle|"
    r"paradox|doctrine|renaissance|enlightenment|reformation|holocaust|crusade|crusades|"
    r"inquisition|era|union|alliance|constitution|amendment|charter|declaration|manifesto|"
    r"rebellion|uprising|massacre|battle|siege|expedition|conjecture|hypothesis|experiment|"
    r"equation|bomb|rush|bridge|tower|temple|cathedral|palace|pyramids?|sphinx|monument|statue|"
    r"colosseum|galaxy|nebula|belt|trench|desert|sea|strait|volcano|glacier|prize|olympics|"
    r"commandments|testament|scrolls|carta|papers|protocol|spring|curtain)"
)
_NAMED = lazy_pattern(
    r"^(?:what|who)\s+(?:is|was|were|are)\s+the\s+"
    rf"(?P<subject>{_NOT_NAMING}[a-z0-9][a-z0-9'-]*(?:\s+(?:of\s+)?[a-z0-9][a-z0-9'-]*){{0,2}}\s+"
    rf"{_KIND}(?:\s+of\s+[a-z]+(?:\s+[a-z]+)?)?)$"
)
"""What a named thing of history or science is: "what was the treaty of versailles" has "of"."""
_NOT_NAME = (
    r"(?!(?:the|a|an|my|your|our|his|her|their|this|that|it|he|she|they|you|i|we|mom|mum|dad|"
    r"mother|father|sister|brother|wife|husband|son|daughter|boss|friend|kids?|fan|tv|light|"
    r"lights|button|switch|app|thing|machine|device|robot|vacuum|oven|heater|car)\b)"
)
_PERSON_DOES = lazy_pattern(
    rf"^what\s+(?:does|did|do)\s+(?P<subject>{_NOT_NAME}[a-z][a-z.'-]*\s+{_NOT_NAME}"
    r"[a-z][a-z.'-]*(?:\s+[a-z][a-z.'-]*)?)\s+(?:do|does)(?:\s+for\s+(?:a\s+)?(?:living|work))?$"
)
"""What a person does, by a full name ("what does elon musk do")."""
_EXISTS = lazy_pattern(
    r"^(?:(?:are|were)\s+(?P<real>(?!(?:you|we|they|these|those|them|u)\b)[a-z]+(?:\s+[a-z]+)?)\s+"
    r"(?:real|a\s+myth|just\s+a\s+myth)"
    r"|(?:do|does|did)\s+(?P<exist>(?:the\s+)?(?!(?:you|we|they|it|this|that|i|u)\b)[a-z]+"
    r"(?:\s+[a-z]+){0,2})\s+(?:really\s+|actually\s+)?exist)$"
)
"""Whether a thing of legend is real: "are dragons real", "does bigfoot exist"."""
_COUNTED = lazy_pattern(
    r"^how\s+many\s+(?P<counted>(?!(?:items|things|alarms|timers|reminders|events|meetings|"
    r"appointments|people|persons|tasks|songs|tracks|messages|emails|texts|calls|calories|days|"
    r"hours|minutes|weeks|months|years|seconds|cars|seats|tickets|rooms|lights|devices|lists|"
    r"notes|files|photos|pictures|kids|children|guests|points|steps|miles|kilometers|dollars|"
    r"cups|spoons|grams|pounds|ounces|left|more|of)\b)[a-z]+(?:\s+[a-z]+)?)\s+(?:are|were)\s+"
    r"there(?:\s+in\s+(?:the\s+)?(?:world|universe|galaxy|milky\s+way|solar\s+system|sky|"
    r"ocean|oceans|sea|space|history|english|english\s+language))?$"
)
"""How many of a kind of thing there are in the world: "how many stars are there"."""


def named_thing(said: str) -> str | None:
    """What a question of the families above asks about, else None (``said``: normalized)."""
    for family in (_NAMED, _PERSON_DOES, _EXISTS, _COUNTED):
        if found := family.match(said):
            named = (found.groupdict().get(key) for key in ("subject", "real", "exist", "counted"))
            return next(words for words in named if words)
    return None
