"""Encyclopedia questions said short or about the sky, that the search stage claims.

Each family is its asking words x a kind of thing, not sentences of the data:

- a life or a past said as a fragment: "biography of mozart", "a short history of china", "life
  story of steve jobs", "the origin of halloween" (not the user's orders, payments, searches or
  calls: "history of my orders", "purchase history");
- the members of a known set, named: "name the planets", "list the continents", "what are the
  seven wonders of the world", "tell me the noble gases";
- how a thing was made: "how were the pyramids built", "how was the grand canyon formed", "how
  is paper made";
- what river runs through a place: "what river runs through paris";
- what part of the world is what: "what percentage of the earth is water", "what percent of
  the human body is water";
- how much of a stuff a thing holds: "how much water is in the ocean", "how much gold is there
  in fort knox" (not the user's account, car or food: "how much sugar is in a coke" keeps its
  nutrition word, which the caller refuses);
- the sky and the planets, whose words are otherwise the weather's or the user's surroundings:
  "what is the temperature of the sun", "what's the average temperature on mars", "what is the
  closest planet to earth", "how far away is the nearest star".

The request has been normalized (lowercase, contractions expanded). The sky's questions and
the known sets are taken whatever their words ("temperature", "closest", "nearest" and "list"
are personal words elsewhere); every other family here is still refused when it holds one.
"""

from __future__ import annotations

from agent_system._lazy import lazy_pattern

__all__ = ["of_the_world", "said_short"]

_THING = (
    r"(?:the\s+|a\s+|an\s+)?(?!(?:my|your|our|this|that|these|those|it|me|you|us)\b)"
    r"[a-z0-9][a-z0-9'-]*(?:\s+[a-z0-9][a-z0-9'-]*){0,4}"
)
_NOT_KEPT = (
    r"(?!.*\b(?:orders?|purchases?|payments?|transactions?|searches|calls?|messages?|browsing|"
    r"account|card|bank|credit|chat|conversation|invoices?|bills?|deliver(?:y|ies)|shipments?|"
    r"workouts?|sleep|meetings?|appointments?|alarms?|timers?|reminders?|lists?)\b)"
)
_SHORT = (
    lazy_pattern(
        r"^(?:a\s+|the\s+)?(?:short\s+|brief\s+|quick\s+|full\s+|complete\s+)?(?:bio|biography|"
        rf"life\s+story|history|origins?|backstory)\s+of\s+{_NOT_KEPT}{_THING}$"
    ),
    lazy_pattern(
        r"^how\s+(?:is|are|was|were)\s+(?P<subject>(?:the\s+|a\s+|an\s+)?"
        r"(?!(?:my|your|our|this|that|it|you|we|they)\b)[a-z]+(?:\s+[a-z]+){0,3})\s+"
        r"(?:built|made|formed|created|constructed|carved|discovered|invented|named|founded|"
        r"designed|painted|written|produced|mined|grown|harvested|extracted)$"
    ),
    lazy_pattern(
        r"^(?:what|which)\s+(?:river|rivers|canal|sea)\s+(?:runs?|flows?|goes|passes)\s+"
        rf"through\s+{_THING}$"
    ),
    lazy_pattern(
        r"^(?:what|which)\s+(?:percent|percentage|fraction|proportion|part)\s+of\s+(?:the\s+)?"
        r"(?:earth|world|planet|ocean|oceans|body|human\s+body|brain|universe|air|atmosphere|"
        r"population)\s+(?:is|are)\s+[a-z]+(?:\s+[a-z]+){0,3}$"
    ),
    lazy_pattern(
        r"^how\s+much\s+(?:water|gold|silver|oil|ice|salt|oxygen|carbon|plastic|land|sand|"
        r"money|iron|air|rain|snow)\s+(?:is|was)\s+(?:there\s+)?(?:in|on|under)\s+(?:the\s+)?"
        r"(?!(?:my|your|our|this|that)\b)[a-z]+(?:\s+[a-z]+){0,3}$"
    ),
)
_BODY = (
    r"(?:the\s+)?(?:sun|moon|mars|venus|mercury|jupiter|saturn|uranus|neptune|pluto|earth|"
    r"milky\s+way|galaxy|universe|space|outer\s+space|earth's\s+core|core\s+of\s+the\s+earth|"
    r"surface\s+of\s+(?:the\s+)?(?:sun|moon|mars|venus|earth)|center\s+of\s+the\s+earth|"
    r"sun's\s+surface|moon's\s+surface)"
)
_WORLD = (
    lazy_pattern(
        r"^(?:name|list|tell\s+me|give\s+me|what\s+are|which\s+are)\s+(?:all\s+)?(?:of\s+)?the\s+"
        r"(?:\d+\s+)?(?:planets|continents|oceans|(?:7\s+)?wonders\s+of\s+the\s+(?:ancient\s+)?"
        r"world|noble\s+gases|great\s+lakes|(?:seven|7)\s+seas|colou?rs\s+of\s+the\s+rainbow|"
        r"(?:8|9)\s+planets|dwarf\s+planets|moons\s+of\s+[a-z]+)$"
    ),
    lazy_pattern(
        r"^(?:what\s+is|how\s+hot\s+is|how\s+cold\s+is|tell\s+me)?\s*(?:the\s+)?(?:average\s+|"
        r"mean\s+|surface\s+|core\s+)?temperature\s+(?:of|on|in|at)\s+" + _BODY + r"$"
    ),
    lazy_pattern(
        r"^(?:what|which)\s+(?:is|was)\s+the\s+(?:closest|nearest|farthest|furthest)\s+"
        r"(?:planet|star|galaxy|moon|black\s+hole)\s+(?:to|from)\s+(?:the\s+)?(?:earth|sun|"
        r"moon|mars|jupiter|milky\s+way)$"
    ),
    lazy_pattern(
        r"^(?:(?:what|which)\s+(?:is|was)\s+the|how\s+far\s+(?:away\s+)?is\s+the|where\s+is\s+"
        r"the)\s+(?:closest|nearest)\s+(?:star|galaxy|black\s+hole|planet|exoplanet)$"
    ),
)


def said_short(said: str) -> bool:
    """A question of the short families above (``said``: the normalized request)."""
    return any(family.match(said) for family in _SHORT)


def of_the_world(said: str) -> bool:
    """A question about the sun, the moon or the planets, or the members of a known set.

    Said with a word the weather, the user's surroundings or lists would otherwise claim
    ("temperature", "closest", "list").
    """
    return any(family.match(said) for family in _WORLD)
