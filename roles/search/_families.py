"""More factual-question families the search stage claims: people, their works, fun facts.

People in the news, their families and dates, their works, and fun facts.

Each family is written as its verbs x objects x time words, not as sentences of the data:
"what is <name> doing these days", "is <name> going on tour", "how many kids does <name> have",
"who is <name>'s wife", "when was <name>'s birthday", "what is <name>'s next movie", "list the
movies of <name>", "at what age did <name> ...", "tell me a fun fact about <thing>". A <name> is
one to three words that are not a pronoun, an article or one of the user's own people ("my
sister", "the kids"), so "what are you up to" or "what is the vacuum doing" stay where they were.
The request has been normalized (lowercase, contractions expanded) before it reaches here.
"""

from __future__ import annotations

from agent_system._lazy import lazy_pattern

__all__ = ["is_family_question", "reworded"]

_NOT_NAME = (
    r"(?!(?:the|a|an|my|your|yours|our|his|her|their|this|that|these|those|it|he|she|they|you|u|"
    r"i|we|me|us|him|them|mom|mum|dad|mother|father|sister|brother|wife|husband|son|daughter|"
    r"boss|friend|friends|kids?|children|baby|family|everyone|everybody|someone|somebody|"
    r"anyone|people|what|who|how|there|here)\b)"
)
_WORD = r"[a-z][a-z.'-]*"
_NAME = (
    rf"{_NOT_NAME}{_WORD}(?:\s+{_NOT_NAME}{_WORD}){{0,2}}"
    r"(?:\s+the\s+(?:\d+(?:st|nd|rd|th)|great|elder|younger|conqueror|first|second|third))?"
)
"""A named person or thing: one to three words, none of them a pronoun or the user's own, and
a ruler's number or name ("henry the 8th", "alexander the great")."""
_TWO_NAMES = rf"{_NOT_NAME}{_WORD}(?:\s+{_NOT_NAME}{_WORD}){{1,2}}"
"""A full name ("sean connery"): a first name alone may be one of the user's contacts."""
_LATELY = (
    r"(?:\s+(?:these\s+days|right\s+now|now|lately|nowadays|at\s+the\s+moment|currently|"
    r"this\s+(?:week|month|year)|next\s+year|soon|any\s*time\s+soon))?"
)
_WORK = r"(?:movie|film|album|song|single|record|book|novel|show|series|tour)"
_KIN = (
    r"(?:wife|husband|spouse|partner|girlfriend|boyfriend|father|mother|dad|mom|son|daughter|"
    r"brother|sister|parents|children|kids)"
)

_FAMILY = lazy_pattern(
    r"^(?:"
    # in the news: "what is clint eastwood doing these days", "what has trump been up to"
    rf"what\s+(?:is|are)\s+{_NAME}\s+(?:doing|up\s+to|working\s+on){_LATELY}$"
    rf"|what\s+(?:has|have)\s+{_NAME}\s+been\s+(?:doing|up\s+to|working\s+on){_LATELY}$"
    rf"|how\s+is\s+{_NAME}'s\s+career(?:\s+(?:doing|going))?{_LATELY}$"
    rf"|(?:is|are)\s+{_NAME}\s+(?:going\s+to\s+go\s+on\s+(?:a\s+)?tour|going\s+on\s+(?:a\s+)?tour|"
    r"on\s+tour|touring|(?:still\s+)?(?:together|pregnant|retiring|retired)|getting\s+(?:married|"
    r"divorced)|(?:releasing|recording|making|filming|writing|working\s+on|putting\s+out|dropping)"
    rf"\s+(?:a\s+)?(?:new\s+)?{_WORK}s?){_LATELY}$"
    rf"|what\s+is\s+{_NAME}'s\s+(?:latest|newest|new|next|upcoming|last|most\s+recent|first)\s+"
    rf"{_WORK}"
    rf"|(?:what\s+(?:is|are)\s+)?(?:the\s+)?(?:latest|newest|next|upcoming|most\s+recent)\s+"
    rf"{_WORK}s?\s+(?:of|by|from|"
    rf"starring|with)\s+{_NAME}$"
    # family and dates: "how many kids does jackie chan have", "who is obama's wife"
    rf"|how\s+many\s+(?:kids|children|siblings|brothers|sisters|grandchildren|wives|husbands)\s+"
    rf"(?:does|did|has|had)\s+{_NAME}(?:\s+(?:have|had|got))?$"
    rf"|how\s+many\s+(?:kids|children)\s+{_NAME}\s+(?:does|did)\s+have$"
    rf"|who\s+(?:is|was|are|were)\s+{_NAME}(?:'s)?\s+{_KIN}$"
    rf"|who\s+(?:is|was|are|were)\s+the\s+{_KIN}\s+of\s+{_NAME}$"
    rf"|(?:when|what)\s+was\s+{_NAME}'s\s+(?:birthday|date\s+of\s+birth|birth\s*date)$"
    rf"|(?:when|what)\s+is\s+{_TWO_NAMES}'s\s+(?:birthday|date\s+of\s+birth|birth\s*date)$"
    rf"|(?:tell\s+me\s+|give\s+me\s+|what\s+is\s+)?{_NAME}(?:'s)?\s+(?:middle|real|full|maiden|birth|"
    r"stage)\s+name$"
    rf"|(?:what\s+is\s+)?the\s+(?:middle|real|full|maiden|birth)\s+name\s+of\s+{_NAME}$"
    rf"|at\s+what\s+age\s+(?:did\s+)?{_NAME}\s+\w+"
    rf"|what\s+(?:is|was)\s+{_NAME}(?:'s)?\s+(?:natural\s+|real\s+)?(?:hair\s+colou?r|eye\s+colou?r|"
    r"shoe\s+size|star\s+sign|zodiac\s+sign|nationality|religion|ethnicity|net\s+worth|salary)$"
    rf"|how\s+old\s+was\s+{_NAME}\s+when\s+"
    # works: "list top five movies of emma watson", "show me movies starring brad pitt"
    r"|(?:(?:list|show|name|tell|give|find|get|what\s+are|which\s+are)(?:\s+me)?\s+)?(?:the\s+|some\s+|"
    r"all\s+(?:the\s+)?)?(?:top\s+\d+\s+|\d+\s+|best\s+|famous\s+|well\s+reviewed\s+|"
    r"most\s+famous\s+|popular\s+)?(?:movies|films)\s+(?:of|by|starring|with|featuring)\s+"
    rf"{_NAME}$"
    rf"|how\s+long\s+(?:was|were|has|have|did)\s+{_NAME}\s+(?:been\s+)?(?:on|in|at|with|"
    r"married|pregnant|retired|famous|alive|president|king|queen|in\s+office|in\s+power|the\s+\w+)\b"
    rf"|what\s+did\s+{_NAME}\s+(?:discover|invent|write|paint|compose|found|create|design|"
    r"build|prove|win)$"
    rf"|which\s+(?:team|club|position|sport|instrument)\s+(?:does|did)\s+{_NAME}\s+play\b"
    rf"|(?:(?:explain|tell\s+me)\s+)?(?:the\s+)?(?:story|history|origin)\s+of\s+(?:the\s+)?{_NAME}"
    # "how loud is a jet engine" (not the tv or the lights: those are the home's)
    r"|how\s+(?:smooth|loud|bright|popular|famous|dangerous|poisonous|venomous|smart|intelligent|"
    r"rare|dense|hard|soft|massive|powerful)\s+(?:is|are|was|were)\s+(?:the\s+|a\s+|an\s+)?"
    rf"(?!(?:tv|television|lights?|lamps?|speakers?|music|volume|radio|screen|display|room|"
    rf"bedroom|kitchen|house|fan|heater|oven|fridge|thermostat|vacuum|it|this|that)\b){_NAME}$"
    # "which planet is the biggest", "name the planets in the solar system"
    r"|(?:which|what)\s+(?:animal|planet|country|city|state|ocean|river|mountain|continent|island|"
    r"lake|desert|bird|fish|star|language|building|bridge|tree|element|metal|moon|galaxy|mammal|"
    r"insect|snake|dog\s+breed|sport|religion)\s+(?:is|was|has)\s+(?:the\s+)?(?:biggest|largest|"
    r"smallest|fastest|slowest|tallest|longest|oldest|highest|deepest|hottest|coldest|heaviest|"
    r"lightest|richest|poorest|closest|nearest|farthest|furthest|brightest|loudest|strongest|"
    r"deadliest|rarest|most\s+\w+|least\s+\w+)(?:\s+(?:to|from|in|on|of)\s+(?:the\s+)?"
    rf"(?!(?:me|my|us|our|here|home|you)\b)[a-z]+(?:\s+[a-z]+){{0,2}})?$"
    r"|(?:name|list|what\s+are|which\s+are)\s+(?:all\s+)?the\s+(?:\d+\s+)?(?:planets|continents|"
    r"oceans|wonders|colou?rs|presidents|prime\s+ministers|kings|queens|elements|noble\s+gases|"
    r"members|moons|countries|states|provinces|capitals)\s+(?:of|in)\s+(?:the\s+)?[a-z]+"
    # records, years, lifespans and areas
    r"|who\s+(?:holds|has|set|broke)\s+the\s+(?:world\s+|all\s+time\s+|olympic\s+)?record\s+"
    r"(?:for|in)\s+\w"
    r"|what\s+is\s+the\s+(?:world\s+|all\s+time\s+|olympic\s+)?record\s+for\s+(?:the\s+)?"
    r"(?:longest|shortest|fastest|highest|most|biggest|largest|\d+\s*m\b|\d+\s+meters?|marathon)"
    r"|what\s+happened\s+(?:in|during)\s+(?:the\s+)?\d{3,4}s?$"
    # what was asked inside "find out ...": "when world war 2 ended", "where the titanic sank"
    r"|(?:when|where|how)\s+(?:the\s+)?(?!(?:i|we|you|my|our|your|it|this|that)\b)[a-z0-9]+"
    r"(?:\s+[a-z0-9]+){0,4}\s+(?:ended|started|began|happened|sank|died|was\s+(?:born|built|"
    r"founded|invented|discovered|made|written|signed)|took\s+place)$"
    r"|what\s+is\s+the\s+(?:average\s+|typical\s+|normal\s+)?(?:lifespan|life\s+span|"
    r"life\s+expectancy)\s+(?:of|for|in)\s+(?:an?\s+|the\s+)?[a-z]+"
    r"|what\s+is\s+the\s+(?:total\s+|surface\s+|land\s+)?area\s+of\s+(?:the\s+)?[a-z]+"
    r"(?:\s+[a-z]+){0,2}$"
    r")",
)
_EMBEDDED = lazy_pattern(
    r"^(?:(?:(?:can|could)\s+you\s+)?find\s+out|do\s+you\s+know|i\s+(?:want|need|would\s+like)"
    r"\s+to\s+know|i\s+wonder|tell\s+me|(?:can|could)\s+you\s+tell\s+me)\s+"
    r"(?P<wh>how\s+\w+|who|what|where|when|which\s+\w+)\s+(?P<subject>(?!is\b|are\b|was\b|"
    r"were\b|did\b|does\b).+?)\s+(?P<verb>is|are|was|were)$"
)
_FIND_OUT = lazy_pattern(
    r"^(?:(?:can|could)\s+you\s+)?find\s+out\s+(?=(?:who|when|where|what|how)\s)"
)
_NAME_OF = lazy_pattern(
    r"^(?:what\s+is|(?:give|tell)\s+me|i\s+(?:want|need))\s+the\s+name\s+of\s+(?:the\s+)?"
    r"(?=\w+(?:\s+\w+)?\s+(?:of|in|on)\s|(?:[a-z]+est|\d+(?:st|nd|rd|th)|last)\s)"
)


def reworded(said: str) -> str:
    """The question said the plain way.

    "do you know how old the pyramids are" -> "how old are the pyramids", "find out who won the
    oscar" -> "who won the oscar", "what is the name of the president of russia" -> "what is the
    president of russia".
    """
    if found := _EMBEDDED.match(said):
        return f"{found['wh']} {found['verb']} {found['subject']}"
    return _NAME_OF.sub("what is the ", _FIND_OUT.sub("", said))


_FUN_FACT = lazy_pattern(
    r"\b(?:fun|interesting|cool|neat|random|amazing|weird|strange|unique|surprising|crazy|"
    r"little\s+known|good|impressive|geographic|historical|scientific)\s+(?:facts?|trivia|tidbits?)"
    r"\b|\btrivia\s+(?:about|on|for|of|relating\s+to)\s+\w|\b(?:tell|give|say|read|show)\s+"
    r"(?:me\s+)?(?:a|some|one|an)\s+(?:\w+\s+)?(?:facts?|trivia)\b|\bfacts?\s+about\s+\w"
    r"|\b(?:tell|teach)\s+me\s+something\s+(?:interesting|cool|neat|fun|new|amazing|surprising|"
    r"i\s+(?:do\s+not|might\s+not|may\s+not)\s+know)\s+about\s+\w"
    r"|\bone\s+thing\s+i\s+(?:might|may|do)\s+not\s+know\s+about\s+\w"
    r"|^(?:teach\s+me|i\s+(?:want|would\s+like)\s+to\s+learn|tell\s+me)\s+something"
    r"(?:\s+(?:new|interesting|cool|fun|amazing|surprising))?(?:\s+today)?$"
)
_NOT_FUN_FACT = lazy_pattern(
    r"\bnutrition|\bnutrients?\b|\bcalories\b|\btrivia\s+(?:game|night|quiz)\b|\bplay\b|"
    r"\bquiz\b|\bmy\b|\babout\s+(?:you|yourself|me)\b"
)


def is_family_question(said: str) -> bool:
    """A question of one of the families above (``said``: the normalized request)."""
    if _FUN_FACT.search(said):
        return not _NOT_FUN_FACT.search(said)
    return bool(_FAMILY.search(said))
