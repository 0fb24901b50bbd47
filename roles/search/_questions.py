"""Further families of encyclopedia questions the search stage claims.

Each family is its asking words x a named thing, not sentences of the data:

- who leads a named thing: "who runs the united nations", "who heads the who", "who coaches
  the lakers", "who owns twitter", "who rules saudi arabia";
- a role of a named thing said another way: "what is the name of the queen of denmark", "name
  the president of brazil", "which person is the ceo of facebook", "tell me who the mayor of
  paris is" (read as "who is the queen of denmark");
- where a named thing is: "which country is the taj mahal in", "in which city is the colosseum",
  "what state is chicago in";
- how a thing comes about: "how are diamonds formed", "how is glass made", "how do bees make
  honey", "how does the heart pump blood";
- theories and subjects: "what is the theory of relativity", "explain quantum physics",
  "explain black holes to me";
- asking to learn about a thing: "i would like to know about the solar system", "what can you
  tell me about dolphins", "do you know anything about einstein", "i want to learn about
  ancient rome", "teach me about volcanoes", "give me details about the titanic";
- records and counts of people: "what is the fastest car in the world", "what is the most
  populated city in the world", "how many people speak spanish";
- dates of events: "what date did world war one end", "which year did the beatles split".

The request has been normalized (lowercase, contractions expanded); the caller still refuses
questions with a personal word ("my", "you", "this song"). Left out on purpose, because
CLINC150 files them as other requests: how long something takes or keeps ("how long does it
take to cook ham", "how long does milk last"), how fast a thing travels ("how fast does an
airplane travel"), "what are <things>" ("what are black holes"), translations ("how do germans
say goodnight"), time zones, and what a thing "has" ("does delta have carry-on restrictions").
"""

from __future__ import annotations

from agent_system._lazy import lazy_pattern

__all__ = ["asked_about", "role_named"]

_NOT = (
    r"(?!(?:you|your|yours|u|i|me|my|we|us|our|it|this|that|these|those|there|here|they|he|"
    r"she|him|her|his|them|one|people|someone|anyone|somebody|anybody)\b)"
)
_THING = rf"(?:the\s+|a\s+|an\s+)?{_NOT}[a-z][a-z.'-]*(?:\s+[a-z][a-z.'-]*){{0,3}}"
"""A named thing: one to four words that are not a pronoun."""
_ROLE = (
    r"(?:president|vice\s+president|prime\s+minister|ceo|chief\s+executive|founder|owner|king|"
    r"queen|leader|chairman|chair|captain|coach|head\s+coach|manager|mayor|governor|head|"
    r"director|chancellor|pope|emperor|ruler|monarch|prince|princess|secretary\s+general|"
    r"general\s+secretary|lead\s+singer|singer|drummer|guitarist|author|creator|inventor|"
    r"architect|designer|host|anchor|editor|minister\s+of\s+\w+|speaker)"
)
_ROLE_NAMED = lazy_pattern(
    r"^(?:what\s+is\s+the\s+name\s+of|what\s+is|(?:can\s+you\s+)?name|which\s+person\s+is|"
    r"tell\s+me\s+who(?:\s+is)?|do\s+you\s+know\s+who(?:\s+is)?|who\s+is)\s+"
    r"(?P<role>the\s+(?:current\s+|present\s+|first\s+|last\s+|new\s+|\d+(?:st|nd|rd|th)\s+)?"
    rf"{_ROLE})\s+of\s+"
    rf"(?P<of>{_THING})(?:\s+is)?$"
)
_LEADS = (
    r"(?:runs|leads|heads|manages|coaches|rules|governs|captains|hosts|chairs|presides\s+over|"
    r"led|ruled|governed|headed|managed|coached|hosted|succeeded|replaced|assassinated|killed|"
    r"shot|defeated|conquered|founded|established|owns|owned|controls|narrates|narrated)"
)
_PLACE_KIND = (
    r"(?:country|city|state|continent|province|region|county|ocean|sea|town|part\s+of\s+the\s+"
    r"world)"
)
_COMES_ABOUT = (
    r"(?:formed|made|created|produced|born|discovered|invented|measured|named|mined|grown|"
    r"harvested|brewed|refined|manufactured|generated)"
)
_DOES = (
    r"(?:make|produce|pump|digest|store|get|catch|find|build|turn|become|use|absorb|communicate|"
    r"hunt|survive|reproduce|navigate|see|hear|smell|sleep|migrate|float|sink|glow|erupt|change|"
    r"convert|create|generate|cause|affect|spread|travel)"
)
_NOT_ABOUT = (
    r"(?!.*\b(?:party|meeting|appointment|event|events|concert|game|match|show|dinner|lunch|trip|"
    r"flight|order|wedding|birthday|alarms?|reminders?|traffic|news|stocks?|weather|topic|next|"
    r"last|upcoming|recipe|recipes|steps|rules|instructions|process|procedure|sentence|word|"
    r"again|further|more|meaning|purpose)\b)"
)
"""Nothing of the user's day, the news or the last reply ("explain further", "let me know about
the alarms you set", "explain the rice recipe" are other roles' or the conversation's)."""
_WORLD = (
    r"(?:world|universe|solar\s+system|galaxy|earth|planet|history|ocean|sea|africa|asia|europe|"
    r"america|north\s+america|south\s+america|australia|antarctica)"
)
_MORE = (
    r"(?:bigger|larger|smaller|taller|shorter|older|younger|longer|heavier|lighter|faster|"
    r"slower|richer|deeper|higher|hotter|colder|more\s+populated|more\s+populous|more\s+famous)"
)
_MONEY = (
    r"(?:usd|cad|eur|gbp|jpy|aud|inr|cny|chf|mxn|dollars?|euros?|pounds?|yen|pesos?|rupees?|"
    r"currenc(?:y|ies)|stocks?|shares?|prices?|rates?)"
)
"""Exchange rates and prices are not encyclopedia questions ("the difference between usd and
cad")."""
_FAMILIES = (
    # who leads a named thing: "who runs the united nations"
    lazy_pattern(rf"^who\s+{_LEADS}\s+(?P<subject>{_THING})$"),
    # where a named thing is: "which country is the taj mahal in"
    lazy_pattern(
        rf"^(?:in\s+)?(?:which|what)\s+{_PLACE_KIND}\s+(?:is|are|was|were)\s+(?P<subject>{_THING})"
        r"(?:\s+(?:located|found|situated))?(?:\s+in)?$"
    ),
    # how a thing comes about: "how are diamonds formed", "how do bees make honey"
    lazy_pattern(
        rf"^how\s+(?:is|are|was|were)\s+(?P<subject>(?:a\s+|an\s+|the\s+)?{_NOT}[a-z]+"
        rf"(?:\s+[a-z]+)?)\s+{_COMES_ABOUT}$"
    ),
    lazy_pattern(
        rf"^how\s+(?:do|does|did)\s+(?P<subject>(?:a\s+|an\s+|the\s+)?{_NOT}[a-z]+(?:\s+[a-z]+)?"
        rf"\s+{_DOES}\s+(?!(?:my|your|our|me|you|us|money|it|this|that)\b)[a-z]+"
        r"(?:\s+[a-z]+){0,3})$"
    ),
    # theories and subjects: "what is the theory of relativity", "explain black holes to me"
    lazy_pattern(
        r"^(?:what\s+(?:is|was)|explain)\s+the\s+(?:theory|theories|law|laws|principle|principles|"
        r"concept|idea)\s+of\s+(?P<subject>(?!(?:life|my|your|this|that)\b)[a-z].*)$"
    ),
    lazy_pattern(
        rf"^(?:(?:can|could)\s+you\s+)?explain\s+{_NOT_ABOUT}(?!(?:how|why|what|when|where|who|"
        r"to|me|my|your|this|that|it|yourself)\b)(?P<subject>(?:the\s+)?[a-z]+(?:\s+[a-z]+){0,3}?)"
        r"(?:\s+to\s+me)?$"
    ),
    # asking to learn about a thing: "what can you tell me about dolphins"
    lazy_pattern(
        r"^(?:i\s+would\s+(?:like|love)\s+to\s+know|what\s+can\s+you\s+tell\s+me|do\s+you\s+know\s+"
        r"(?:anything|something)|i\s+(?:want|would\s+like|would\s+love)\s+to\s+(?:learn|read|hear)"
        r"(?:\s+(?:more|something))?|teach\s+me(?:\s+(?:more|something))?|give\s+me\s+"
        rf"(?:some\s+|more\s+)?(?:details|background))\s+about\s+{_NOT_ABOUT}"
        r"(?P<subject>[a-z].*)$"
    ),
    # records and counts of people: "what is the fastest car in the world"
    lazy_pattern(
        r"^(?:what|which|where)\s+(?:is|was|are|were)\s+the\s+(?:[a-z]+est|most\s+[a-z]+|least\s+"
        r"[a-z]+)"
        rf"\s+[a-z]+(?:\s+[a-z]+)?\s+(?:in|on|of)\s+(?:the\s+)?{_WORLD}$"
    ),
    lazy_pattern(
        r"^how\s+many\s+people\s+(?:speak|have\s+climbed|climbed|have\s+walked|walked|live|lived|"
        r"died|were\s+killed|are\s+killed|visit|have\s+visited|watch|watched|follow|use)\s+"
        r"(?P<subject>.+)$"
    ),
    # dates of events: "what date did world war one end"
    lazy_pattern(
        r"^(?:in\s+|on\s+)?(?:what|which)\s+(?:date|year|month|century|decade)\s+(?:did|was|were)\s+"
        r"(?P<subject>(?:the\s+)?(?!(?:it|i|we|you|my|our|your|this|that|today|tomorrow|"
        r"yesterday)\b)[a-z0-9]+(?:\s+[a-z0-9]+){0,5})\s+(?:end|start|begin|happen|sink|fall|die|"
        r"open|close|win|break\s+up|split|land|launch|erupt|ended|started|began|happened|founded|"
        r"built|born|invented|discovered|released|published|signed|created)$"
    ),
    # what a thing looks like: "can you tell me what haggis looks like"
    lazy_pattern(
        r"^(?:(?:(?:can|could)\s+you\s+)?(?:tell|show)\s+me\s+|i\s+(?:want|would\s+like)\s+to\s+"
        r"(?:know|see)\s+|do\s+you\s+know\s+)(?:what|how)\s+(?P<subject>(?:a\s+|an\s+|the\s+)?"
        rf"{_NOT}[a-z]+(?:\s+[a-z0-9]+){{0,3}}?)\s+(?:looks|look|would\s+look)(?:\s+like)?$"
    ),
    lazy_pattern(
        r"^how\s+(?:would|does|do|did)\s+(?P<subject>(?:a\s+|an\s+|the\s+)?"
        rf"{_NOT}[a-z]+(?:\s+[a-z0-9]+){{0,3}}?)\s+look\s+like$"
    ),
    # what a word means, asked another way: "what is meant by irony", "blockchain explanation"
    lazy_pattern(
        r"^(?:what\s+is\s+meant\s+by|what\s+is\s+the\s+meaning\s+behind|what\s+are\s+the\s+"
        r"meanings\s+of|i\s+would\s+like\s+(?:the|a)\s+(?:definition|meaning)\s+of|word\s+meaning\s+"
        r"of|(?:(?:give|get|show|find)\s+me\s+)?(?:an?\s+|the\s+)?(?:short\s+|brief\s+|simple\s+)?"
        r"explanation\s+(?:of|for)|explain\s+the\s+(?:word|term|phrase|concept\s+of)|how\s+(?:do|would|"
        r"should|can)\s+(?:you|one|we)\s+define)\s+(?:the\s+(?:word|term|phrase)\s+)?"
        rf"(?P<subject>{_NOT}[a-z].*)$"
    ),
    lazy_pattern(
        r"^(?:what\s+does\s+the\s+(?:term|phrase|acronym|abbreviation|expression)\s+"
        r"(?P<subject>[a-z]+(?:\s+[a-z]+)?)\s+(?:mean|stand\s+for)"
        r"|what\s+is\s+(?P<defined>[a-z]+(?:\s+[a-z]+)?)\s+defined\s+as"
        r"|look\s+up\s+(?P<looked>[a-z]+(?:\s+[a-z]+)?)\s+in\s+the\s+dictionary"
        r"|explain\s+what\s+(?:a\s+|an\s+)?(?P<explained>[a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|means)"
        r"|(?P<named>[a-z]+(?:\s+[a-z]+)?)\s+explanation)$"
    ),
    # kinds, attributes and comparisons: "what kind of animal is a pangolin"
    lazy_pattern(
        r"^(?:what|which)\s+(?:kind|type|sort)\s+of\s+(?:animal|thing|plant|bird|fish|instrument|"
        r"food|dog|tree|flower|creature|insect|reptile|dinosaur|mammal|fruit|vegetable|word|"
        rf"language|sport|dance|music)\s+is\s+(?P<subject>{_THING})$"
    ),
    lazy_pattern(
        r"^what\s+(?:religion|nationality|ethnicity|zodiac\s+sign|star\s+sign|blood\s+type|"
        rf"political\s+party)\s+(?:is|was|are|were)\s+(?P<subject>{_THING})$"
    ),
    lazy_pattern(
        rf"^(?:what|how)\s+(?:is|was)\s+(?P<subject>(?:the\s+)?{_NOT}[a-z]+(?:\s+[a-z]+){{0,2}})'s\s+"
        r"(?:height|length|population|capital|area|size|age|weight|depth|width|diameter|speed|"
        r"temperature|gdp|currency|language|flag|anthem|nickname|motto|elevation)$"
    ),
    lazy_pattern(rf"^how\s+rich\s+(?:is|was)\s+(?P<subject>{_THING})$"),
    # a choice of two kinds, how far a thing goes, what it sounds like, what is inside it:
    # "is coffee a bean or a seed", "how hot does lava get", "what sound does a giraffe make",
    # "what is inside the sun"
    lazy_pattern(
        rf"^(?:is|are|was)\s+(?P<subject>{_THING})\s+(?:a|an)\s+[a-z]+\s+or\s+(?:a|an)\s+[a-z]+$"
    ),
    lazy_pattern(
        r"^how\s+(?:hot|cold|big|tall|fast|heavy|deep|long|old|large|high|loud|bright|strong)\s+"
        rf"(?:does|do|can|could|did)\s+(?P<subject>{_THING})\s+get$"
    ),
    lazy_pattern(rf"^what\s+(?:sounds?|noises?)\s+(?:does|do|did)\s+(?P<subject>{_THING})\s+make$"),
    lazy_pattern(
        r"^what\s+(?:is|are|was)\s+(?:inside|in\s+the\s+(?:middle|center|centre|core)\s+of|at\s+"
        rf"the\s+(?:center|centre|core|bottom)\s+of)\s+(?P<subject>{_THING})$"
    ),
    lazy_pattern(
        rf"^(?:which|what|who)\s+(?:is|was|are)\s+(?:the\s+)?{_MORE}\s*,?\s+"
        rf"(?P<subject>{_THING}\s+or\s+{_THING})$"
    ),
    lazy_pattern(
        rf"^(?:is|are|was|were)\s+(?P<subject>(?:the\s+|a\s+|an\s+)?{_NOT}[a-z]+(?:\s+[a-z]+){{0,2}}"
        rf"\s+{_MORE}\s+than\s+(?:the\s+|a\s+|an\s+)?{_NOT}[a-z]+(?:\s+[a-z]+){{0,2}})$"
    ),
    lazy_pattern(
        r"^(?:what\s+(?:is|are)\s+|tell\s+me\s+|explain\s+)?(?:the\s+)?(?:main\s+)?differences?\s+"
        rf"between\s+(?!.*\b{_MONEY}\b)(?P<subject>{_THING}\s+and\s+{_THING})$"
    ),
)


_SUBJECTS = ("subject", "defined", "looked", "explained", "named")


def role_named(said: str) -> str:
    """A role of a named thing asked the plain way.

    "name the president of brazil" -> "who is the president of brazil".
    """
    if found := _ROLE_NAMED.match(said):
        return f"who is {found['role']} of {found['of']}".strip()
    return said


def asked_about(said: str) -> str | None:
    """What a question of the families above asks about, else None.

    ``said`` is the normalized request; a record of the world asks about "" (nothing of the
    user's). The caller refuses the question when what it asks about is the user's own.
    """
    for family in _FAMILIES:
        if found := family.match(said):
            named = (found.groupdict().get(key) for key in _SUBJECTS)
            return next((words for words in named if words), "")
    return None
