"""Still more families of encyclopedia questions the search stage claims.

Each family is its asking words x a named thing, not sentences of the data:

- who made or did a named thing, with the verbs of making, finding and doing, their bare forms
  too (speech recognition drops endings): "who came up with the theory of evolution", "who
  developed the polio vaccine", "who voiced shrek", "who coined the word robot", "who
  invent the telephone", "who was it that discovered penicillin", "who first climbed everest",
  "who won best actor in 1995";
- asking for information on a thing: "i need information about the civil war", "info regarding
  world war one", "some facts on giraffes", "details about the roman empire", "i want details
  on the great wall", "give me a summary of the cold war", "an overview of the french
  revolution"; not the user's accounts, plans, orders or the weather (CLINC150's other
  requests), nor how to do something;
- a thing and what is asked of it, as a fragment: "eiffel tower height", "population
  of peru" is the attribute families' (`_facts.py`);
- how many times a named thing did something: "how many times has brazil won the world cup";
- wanting to know about a thing: "i want to know about the moon landing", "i would like to
  know more about climate change", "i am curious about the pyramids";
- an encyclopedia named: "wiki the great wall of china", "look up the wikipedia page on mars";
- a past thing's story: "how long did the hundred years war last", "how long ago did the
  dinosaurs live", "which president freed the slaves", "who lives in the white house", "how
  did the universe begin", "what happened at pearl harbor", "what caused world war one" (not
  today, the news, a meeting or the user's order);
- a record of the world as a fragment: "richest person", "fastest animal on earth" (not the
  fastest route, the hottest day this week or the biggest sale); "name some famous inventors";
  "which planet is known as the red planet";
- a question after "i was wondering" / "i wonder": read as the question itself ("i was
  wondering who painted the mona lisa", "i am wondering when the titanic sank", "i was
  wondering how tall the eiffel tower is"); "i was wondering about X" is wanting to know
  about X.

The request has been normalized (lowercase, contractions expanded); the caller still refuses
questions with a personal word ("my", "you", "this song").
"""

from __future__ import annotations

from agent_system._lazy import lazy_pattern

__all__ = ["asked_for", "plainly"]

_NOT = (
    r"(?!(?:you|your|yours|u|i|me|my|we|us|our|it|this|that|these|those|there|here|they|he|"
    r"she|him|her|his|them|thou|thee|one|people|someone|anyone|somebody|anybody|what|who|how|"
    r"when|where|why|which|whether|if|to)\b)"
)
_THING = rf"(?:the\s+|a\s+|an\s+)?{_NOT}[a-z0-9][a-z0-9.'-]*(?:\s+[a-z0-9][a-z0-9.'-]*){{0,5}}"
"""A named thing: one to six words, the first no pronoun nor question word."""
_MADE = (
    r"(?:came\s+up\s+with|come\s+up\s+with|developed|develop|authored|produced|produce|voiced|"
    r"coined|coin|patented|pioneered|sculpted|sculpt|illustrated|narrated|recorded|performed|"
    r"choreographed|engineered|translated|published|"
    r"popularized|introduced|named|domesticated|formed|started|organized|first\s+\w+|"
    r"originally\s+\w+|climbed|crossed|reached|explored|flew|sailed|circumnavigated|split|"
    r"wrote|write|invented|invent|discovered|discover|painted|paint|directed|direct|founded|"
    r"found|created|create|composed|compose|built|build|designed|design|made|make|won|win|"
    r"assassinated|murdered|killed|shot|defeated|conquered|betrayed|bombed|invaded|signed|"
    r"starred\s+in|played\s+in|acted\s+in|sang|sung)"
)
_WHO_MADE = lazy_pattern(
    rf"^who(?:\s+was\s+it\s+that|\s+is\s+it\s+that|\s+exactly|\s+actually)?\s+{_MADE}\s+"
    rf"(?P<subject>{_THING})$"
)
_NOT_INFO = (
    r"(?!.*\b(?:weather|forecast|traffic|account|card|bank|deposit|plan|policy|insurance|"
    r"taxes|tax|income|salary|interest|apr|mpg|tracking|activity|procedure|status|order|"
    r"orders|reservations?|booking|flights?|nutrition|nutritional|calories|meetings?|"
    r"appointments?|events?|party|parties|concerts?|games?|match|show|dinner|lunch|trip|"
    r"wedding|birthday|schedule|calendar|alarms?|reminders?|timers?|lists?|news|stocks?|"
    r"prices?|rates?|recipes?|directions|route|how\s+to|friends?|contacts?|mom|mum|dad|topics?|"
    r"latest|updates?|headlines|elections?|"
    r"mother|father|sister|brother|wife|husband|son|daughter|boss|today|tonight|tomorrow|"
    r"yesterday|week|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b)"
)
"""Nothing of the user's accounts, plans or day, no prices, news or how-to (CLINC150 files
"information on my health plan", "info on direct deposit set-up", "nutrition information of
mashed potatoes" and "give me information on how to rent a car" as other requests)."""
_INFO = lazy_pattern(
    r"^(?:(?:i|we)\s+(?:want|need|would\s+like)|want|need|(?:can|could|may)\s+i\s+(?:get|have|"
    r"see)|(?:give|get|show|find|send|bring|read)(?:\s+me)?|(?:look\s+up|search(?:\s+for)?|"
    r"google)|i\s+am\s+looking\s+for|looking\s+for)?\s*(?:some\s+|any\s+|more\s+|the\s+|all\s+"
    r"(?:the\s+)?)?(?:basic\s+|general\s+|historical\s+|key\s+|quick\s+|short\s+|brief\s+)?"
    r"(?:information|info|facts|details|(?:a\s+|an\s+)?(?:quick\s+|short\s+|brief\s+)?(?:summary|"
    r"overview|rundown)|a\s+brief|"
    r"background(?:\s+information)?)\s+(?:on|about|regarding|concerning|of|for)\s+"
    rf"{_NOT_INFO}(?P<subject>{_THING})$"
)
_FACT_WORD = (
    r"(?:height|population|age|area|size|length|width|depth|weight|diameter|capital|"
    r"capital\s+city|elevation|altitude|birthday|birth\s*date|birthplace|net\s+worth|"
    r"nationality|gdp|founder|inventor|author|history|biography|origin|lifespan)"
)
_NAME_WORD = (
    rf"{_NOT}(?!(?:in|on|at|of|for|the|a|an|and|or|to|with|from|by|about|any|some|all|local|"
    r"area|saying|tell|give|show|find|get|text|call|send|set|add)\b)[a-z][a-z.'-]*"
)
_FRAGMENT = lazy_pattern(
    rf"^(?:the\s+)?(?P<subject>{_NAME_WORD}(?:\s+{_NAME_WORD}){{1,3}})(?:'s)?\s+{_FACT_WORD}$"
)
"""A thing of two to four words and a fact word: "eiffel tower height", "barack obama age"
(one word is too often something of the user's: "battery age", "kitchen height")."""
_TIMES = lazy_pattern(
    rf"^how\s+many\s+times\s+(?:has|have|did|had)\s+(?P<subject>{_THING})\s+(?:won|win|been|"
    r"visited|visit|played|play|hosted|host|married|marry|erupted|erupt|landed|land|"
    r"appeared|appear|lost|lose)\b"
)
_KNOW_ABOUT = lazy_pattern(
    r"^(?:i\s+(?:want|need|would\s+like|would\s+love)\s+to\s+(?:know|find\s+out)|let\s+me\s+know|"
    r"i\s+wonder|i\s+am\s+curious)\s+(?:more\s+|something\s+|a\s+(?:bit|little)\s+(?:more\s+)?|"
    rf"everything\s+)?about\s+{_NOT_INFO}(?P<subject>{_THING})$"
)
_WIKI = lazy_pattern(
    r"^(?:(?:look\s+up|search|check|open|find|show\s+me|give\s+me)\s+(?:(?:the|a)\s+)?)?"
    r"(?:wiki|wikipedia)(?:\s+(?:page|article|entry))?\s+(?:(?:on|about|for)\s+)?"
    rf"(?P<subject>{_THING})$"
)

# -- a past thing's story: how long it lasted, how it began, what happened there, what caused it
_NOT_NOW = (
    r"(?!.*\b(?:today|tonight|yesterday|last\s+night|this\s+(?:week|morning|year)|news|meeting|"
    r"party|game|match|show|order|account|card|flight|here)\b)"
)
"""Nothing of the day, the news or the user's things ("what happened at the meeting", "what
happened today": other roles' or the news)."""
_PEOPLE_KIND = (
    r"(?:president|king|queen|emperor|pharaoh|scientist|inventor|explorer|artist|painter|"
    r"composer|author|writer|poet|philosopher|general|leader|astronaut|athlete|actor|actress|"
    r"country|nation|empire|army|city|company)"
)
_SUPERLATIVE = (
    r"(?:tallest|largest|longest|biggest|highest|oldest|deepest|richest|fastest|slowest|"
    r"smallest|heaviest|hottest|coldest|strongest|smartest|youngest|loudest|brightest|deadliest|"
    r"driest|wettest|widest|shortest|lightest|poorest|most\s+(?:famous|populous|populated|"
    r"visited|spoken|dangerous|poisonous|venomous|intelligent|powerful|successful|decorated))"
)
_NOT_NEARBY = (
    r"(?!.*\b(?:route|routes|way|ways|road|roads|path|time|times|flights?|restaurants?|places?|"
    r"stores?|shops?|stations?|lines?|queue|trip|drive|commute|train|bus|options?|deals?|sales?|"
    r"prices?|songs?|news|things?|ones?|days?|nights?|month|week|year|weekend|hour|temperature|"
    r"weather|gas|hotels?|bars?|seats?|here|near|nearby|around|close|local|town|my|our)\b)"
)
"""Nothing near the user, of their day or for sale ("fastest route to work", "hottest day this
week", "biggest sale this weekend", "tallest person here")."""
_STORY = (
    lazy_pattern(
        rf"^how\s+long\s+(?:did|was|were)\s+(?P<subject>{_THING})\s+(?:last|reign|rule|live|"
        r"exist|go\s+on|in\s+power|in\s+office|king|queen|president|emperor)$"
    ),
    lazy_pattern(
        rf"^how\s+long\s+ago\s+did\s+(?P<subject>{_THING})\s+(?:live|exist|die|die\s+out|"
        r"happen|start|end|begin|form|appear|evolve|rule|erupt|sink|fall|disappear)$"
    ),
    lazy_pattern(
        rf"^(?:which|what)\s+{_PEOPLE_KIND}\s+(?:[a-z]+ed|won|wrote|built|made|sang|fought|led|"
        rf"began|drew|flew|ran|took|gave|became|beat|lost|broke|held)\s+(?P<subject>{_THING})$"
    ),
    lazy_pattern(
        r"^who\s+(?:lives|lived|is\s+buried|was\s+buried|is\s+living|was\s+living)\s+(?:in|at)\s+"
        rf"(?P<subject>{_THING})$"
    ),
    lazy_pattern(
        rf"^how\s+(?:did|do|does)\s+(?P<subject>{_THING})\s+(?:begin|start|end|evolve|originate|"
        r"come\s+about|come\s+to\s+be|die\s+out|become\s+extinct|go\s+extinct|get\s+its\s+name|"
        r"get\s+their\s+name|fall|collapse|sink|crash|explode|disappear|vanish|burn\s+down)$"
    ),
    lazy_pattern(rf"^what\s+happened\s+(?:at|in|on|during)\s+{_NOT_NOW}(?P<subject>{_THING})$"),
    lazy_pattern(
        r"^what\s+(?:caused|started|ended|killed|destroyed|sank|triggered|led\s+to|wiped\s+out)\s+"
        rf"{_NOT_NOW}(?P<subject>{_THING})$"
    ),
    # "richest person", "fastest animal on earth": a record of the world, said as a fragment
    lazy_pattern(
        rf"^(?:the\s+)?{_SUPERLATIVE}\s+{_NOT_NEARBY}(?P<subject>[a-z]+(?:\s+[a-z]+)?(?:\s+"
        r"(?:in|on|of)\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?)?)$"
    ),
    # "name some famous inventors", "list a few notable scientists"
    lazy_pattern(
        r"^(?:name|list|tell\s+me|give\s+me)\s+(?:some|a\s+few|\d+|the\s+\d+|top\s+\d+)\s+"
        r"(?:famous|well\s+known|notable|important|great|greatest|influential|legendary)\s+"
        rf"(?P<subject>{_THING})$"
    ),
    # "which planet is known as the red planet"
    lazy_pattern(
        r"^(?:which|what)\s+[a-z]+\s+(?:is|was|are|were)\s+(?:known|called|nicknamed|referred\s+to)"
        rf"\s+as\s+(?P<subject>{_THING})$"
    ),
)
_FAMILIES = (_WHO_MADE, _INFO, _FRAGMENT, _TIMES, _KNOW_ABOUT, _WIKI, *_STORY)
_WONDERING = lazy_pattern(r"^i\s+(?:(?:was|am|have\s+been)\s+(?:wondering|curious)|wondered)\s+")
_WONDER_WH = lazy_pattern(r"^i\s+wonder\s+(?=(?:who|when|where|what|which|how|why)\b)")


def plainly(said: str) -> str:
    """``said`` with "i was wondering" said as "i wonder", and that before a question word.

    "i wonder" before a question word becomes "find out", which the embedded-question family
    reads ("i was wondering when the titanic sank" -> "find out when the titanic sank").
    """
    return _WONDER_WH.sub("find out ", _WONDERING.sub("i wonder ", said))


def asked_for(said: str) -> str | None:
    """What a question of the families above asks about, else None (``said``: normalized)."""
    for family in _FAMILIES:
        if found := family.match(said):
            return str(found["subject"])
    return None
