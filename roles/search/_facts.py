"""Factual questions and definitions the search role claims before the classifier.

"who wrote Dune", "how tall is Mount Everest", "where was Marie Curie born", "define serendipity":
encyclopedia questions with no personal word in them (nothing about "my" calendar, "your" name,
"this" song), so that questions about the user's own things still reach their roles.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from agent_system.understanding import normalize, split_clauses
from roles.search._asks import asked_for, plainly
from roles.search._clauses import asked_inside
from roles.search._define import defined_term
from roles.search._families import is_family_question, reworded
from roles.search._follow import followed_question
from roles.search._kinds import of_the_world, said_short
from roles.search._leads import announced, plain_question
from roles.search._named import named_thing
from roles.search._questions import asked_about, role_named
from roles.search._words import is_word_or_measure_question

__all__ = ["claim", "is_factual_question"]

_THING = r"(?!(?:you|your|yours|u|i|me|my|we|us|our|it|this|that|there|here|they)\b)"
_FACT = lazy_pattern(
    r"^(?:(?:hey|ok|okay|olly|alexa|please|so|and|just|can you tell me|tell me|do you know|"
    r"i want to know|i'd like to know|i need to know|i would like to know|let me know|"
    r"(?:please\s+)?give\s+me|show\s+me|about)\s+)*(?:"
    rf"who\s+(?:is|was|were|are)\s+{_THING}(?:the\s+)?\w+"
    r"|who\s+(?:wrote|invented|discovered|painted|directed|founded|created|composed|sang|sings|"
    r"built|designed|won|starred|played|killed|owns|founded|plays|is\s+the\s+(?:president|ceo|"
    r"founder|author|king|queen|prime\s+minister|leader|director))\b"
    rf"|(?:when|where)\s+(?:was|were|did|is|does)\s+{_THING}.+?\s+(?:born|built|founded|"
    r"invented|discovered|die|died|made|written|released|start|started|end|ended|located|"
    r"signed|created|published|buried|happen|happened|take\s+place|held|filmed|fought|hosted|"
    r"recorded|launched|painted|first\s+\w+)\b"
    r"|how\s+(?:tall|old|big|deep|high|heavy|large|wide|fast|hot|cold|far\s+away)\s+(?:is|was|"
    rf"are|were)\s+{_THING}(?:the\s+|a\s+|an\s+)?\w+"
    r"|what\s+(?:is|was|are|'s)\s+(?:the\s+)?(?:average\s+|typical\s+|normal\s+)?(?:capital|"
    r"population|height|currency|age|"
    r"birthday|language|president|weight|speed|distance|size|color|colour|diameter|origin|"
    r"history|net\s+worth|tallest|largest|biggest|longest|highest|oldest|smallest|deepest|"
    r"fastest|boiling\s+point|melting\s+point|freezing\s+point|chemical\s+symbol|symbol|formula|"
    r"atomic\s+number|radius|mass|life\s+expectancy|lifespan|chemical\s+formula|circumference|"
    r"length(?=\s+(?:of|in)\s+(?!time\b))|depth|elevation|altitude|density|wingspan|"
    r"surface\s+area)\s+(?:of|in)\b"
    r"|(?:what|which)\s+(?:is|was|are)\s+(?:the\s+)?(?:tallest|largest|biggest|longest|highest|"
    r"oldest|smallest|deepest|richest)\s+\w+"
    r"|(?:is|are)\s+(?:a\s+|an\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:a\s+|an\s+)?(?:mammals?|reptiles?|"
    r"amphibians?|birds?|fish|insects?|planets?|stars?|fruits?|vegetables?|nuts?|berry|berries|"
    r"country|continent|island|metal|element|dinosaurs?|species|moon)$"
    r"|(?:capital|population|gdp|flag|anthem|official\s+language)\s+of\s+[a-z]+(?:\s+[a-z]+)?$"
    r"|(?:in\s+)?(?:what|which)\s+year\s+(?:was|did|were)\b"
    rf"|where\s+(?:is|are)\s+{_THING}(?:the\s+)?[a-z]+(?:\s+[a-z]+){{0,3}}$"
    rf"|when\s+did\s+{_THING}\w+.*\s+(?:get\s+married|marry|win|die|retire|become|move|start|"
    r"leave|join)\b"
    r"|what\s+(?:country|state|city|continent|part\s+of\s+the\s+world|color|colour|"
    r"language)\s+(?:is|was|are|were|has|does|did)\b"
    r"|(?:what|which)\s+(?:movies?|films?|shows?|tv\s+shows?|books?|albums?|songs?)\s+(?:is|"
    r"was|did|has|have)\s+\w+"
    r"|how\s+(?:is|are|was)\s+\w+(?:\s+\w+)?\s+made\b|what\s+(?:is|"
    r"are)\s+\w+(?:\s+\w+)?\s+made\s+of\b"
    r"|why\s+(?:is|are|do|does|did)\s+(?:the\s+)?\w+"
    r"|(?:the\s+)?(?:tallest|largest|longest|biggest|highest|oldest|"
    r"deepest)\s+\w+(?:\s+in\s+the\s+world)?$"
    r"|(?:show|give|tell|i\s+(?:want|need|would\s+like|would\s+love))\s+(?:me\s+)?(?:the\s+|a\s+)?"
    r"(?:short\s+|brief\s+)?(?:bio|biography|life\s+story|history|"
    r"background)\s+of\b"
    r"|how\s+many\s+(?:people|moons|countries|states|planets|bones|continents|oceans|languages|"
    r"children|kids|albums|movies|films|books|songs|players|teeth|legs|goals|points|titles|"
    r"awards|oscars|medals)\s+(?:live|are|does|do|did|has|have|is|were|was|in)\b"
    rf"|when\s+(?:did|was|were)\s+{_THING}(?:the\s+|a\s+|an\s+)?\w+(?:\s+\w+){{1,5}}$"
    rf"|what\s+(?:do|does|did)\s+{_THING}(?:the\s+|a\s+|an\s+)?\w+(?:\s+\w+)?\s+(?:eat|drink|"
    r"weigh|look\s+like|feed\s+on|live\s+on|stand\s+for)$"
    rf"|where\s+(?:do|does|did)\s+{_THING}(?:the\s+|a\s+|an\s+)?\w+(?:\s+\w+)?\s+(?:live|"
    r"come\s+from|grow|originate|nest|migrate)\b"
    rf"|how\s+(?:does|do|did)\s+{_THING}(?:the\s+|a\s+|an\s+)?\w+(?:\s+\w+)?\s+(?:work|"
    r"form|grow|fly|breathe|happen|start|end|look)\b"
    rf"|how\s+long\s+(?:do|does|did|can)\s+{_THING}(?:the\s+|a\s+|an\s+)?\w+(?:\s+\w+)?\s+"
    r"(?:live|sleep|grow|survive)\b"
    r"|how\s+many\s+\w+(?:\s+\w+)?\s+(?:are|were)\s+there\s+(?:in|on)\s+the\b"
    r"|is\s+(?:a|an)\s+\w+(?:\s+\w+)?\s+(?:a|an)\s+\w+$"
    r"|what\s+languages?\s+(?:do|does|is|are)\b"
    r"|(?:tell\s+me(?:\s+(?:something|a\s+(?:bit|little)|more|some\s+facts|a\s+few\s+facts))?"
    r"|what\s+do\s+you\s+know|(?:give\s+me\s+)?everything\s+you\s+know)\s+"
    r"about\s+(?!(?:the\s+)?(?:next|last|upcoming|concert|game|match|party|show|meeting|"
    r"appointment|event)\b)\w+"
    r"|(?:give\s+me|find(?:\s+me)?|get\s+me|show\s+me|i\s+want|i\s+need)\s+(?:some\s+)?"
    r"(?:facts|information|info)\s+(?:about|on)\s+"
    r"(?!(?:the\s+)?(?:next|last|upcoming|concert|game|match|party|show|meeting|appointment|"
    r"event)\b)\w+"
    r"|wikipedia\b"
    # "what band sang hotel california", "which actor played gandalf"
    r"|(?:what|which)\s+(?:band|singer|artist|group|musician|rapper|actor|actress|author|writer|"
    r"director|composer|painter|scientist|inventor|explorer|president|king|queen|emperor|"
    r"poet|architect|team|player|country|city)\s+(?:sang|sings|wrote|played|plays|directed|"
    r"painted|invented|discovered|won|founded|composed|performed|recorded|starred|created|"
    r"built|designed|ruled|led|scored|hosted|first)\s+\w"
    r"|how\s+many\s+(?:people|soldiers|americans|civilians|lives)\s+(?:died|were\s+killed|lived|"
    r"fought|were\s+lost|perished|survived)\s+(?:in|during|on|at|from)\s+\w"
    r"|what\s+(?:causes|caused|creates|created|makes)\s+(?:an?\s+|the\s+)?[a-z]+(?:\s+[a-z]+)?"
    r"(?:\s+to\s+\w+)?$"
    r"|when\s+(?:is|was|will\s+be)\s+the\s+(?:next|last|previous)\s+(?:total\s+)?(?:solar\s+|"
    r"lunar\s+)?(?:eclipse|full\s+moon|new\s+moon|blood\s+moon|supermoon|meteor\s+shower|"
    r"olympics|olympic\s+games|world\s+cup|super\s+bowl|presidential\s+election|"
    r"general\s+election|leap\s+day)$"
    rf"|(?:when|what)\s+(?:is|was)\s+{_THING}\w+(?:\s+\w+)?'s\s+(?:middle\s+name|real\s+name|"
    r"full\s+name|maiden\s+name|age|height|net\s+worth|nationality|hometown|zodiac\s+sign)$"
    r"|(?:what|which)\s+(?:is|was|were)\s+the\s+(?:first|1st)\s+\w+"
    r"|(?:what|which)\s+(?:us\s+)?(?:state|country|countries|city|planet|ocean|river|mountain|"
    r"continent|animal|island|lake)\s+(?:is|has|was|are|have)\s+(?:the\s+)?(?:most|least|largest|"
    r"biggest|smallest|farthest|furthest|highest|lowest|longest|tallest|oldest|richest|poorest|"
    r"hottest|coldest|safest|closest)\b"
    r"|how\s+many\s+\w+(?:\s+\w+)?\s+(?:are|were|is)\s+(?:there\s+)?(?:on|in)\s+(?:a|an|the)\s+\w+"
    r"|how\s+long\s+(?:is|was)\s+(?:a|an|the)\s+\w+(?:\s+\w+)?$"
    r"|(?!(?:for|the|thanks|thank|with|about|of|in|on|some|any|more|that|this)\b)(?:\w+\s+){1,3}"
    r"(?:info|biography|bio|family\s+background|life\s+story)$"
    r"|(?:what\s+(?:is|was|are|were)\s+(?:the\s+)?|the\s+)(?:financial|official|national|current|state|"
    r"exact|main|primary)?\s*"
    r"(?:capital(?:\s+city)?|coordinates|latitude|longitude|location|elevation|altitude|"
    r"founder|author|inventor|gdp|plot|anthem|flag|religion|motto|nickname|animal|bird|flower|"
    r"sport|dish|symbol|chemical\s+symbol|population|currency|language)\s+(?:of|in|for)\b"
    r"|how\s+far\s+(?:away\s+)?is\s+(?!.*\b(?:here|home|current|work|school)\b)"
    rf"{_THING}(?:the\s+)?"
    r"[a-z]+(?:\s+[a-z]+){0,2}\s+from\s+(?:the\s+)?[a-z]+"
    r"|(?:what\s+is\s+)?(?:the\s+)?distance\s+(?:between|from)\s+(?!.*\b(?:here|home|current)\b)"
    r"(?:the\s+)?[a-z]+(?:\s+[a-z]+){0,2}\s+(?:and|to)\s+(?:the\s+)?[a-z]+"
    r"|how\s+far\s+(?:above|below)\s+sea\s+level"
    r"|how\s+many\s+\w+(?:\s+of\s+\w+)?\s+(?:are|were)\s+there\s+in\s+\w+"
    rf"|(?:is|was)\s+{_THING}(?!(?:the|a|an|he|she|his|her)\b)[a-z]+(?:\s+[a-z]+)?\s+"
    r"(?:married|divorced|still\s+alive|alive|dead|"
    r"an\s+only\s+child)$"
    rf"|who\s+(?:is|was)\s+{_THING}[a-z]+(?:\s+[a-z]+)?\s+married\s+to$"
    rf"|what\s+(?:teams?|positions?|clubs?|sports?|instruments?)\s+(?:does|did)\s+{_THING}\w+(?:\s+\w+)?"
    r"\s+play\b"
    r"|what\s+(?:is|was|are)\s+(?:the\s+)?(?:fastest|slowest|heaviest|hottest|coldest|richest|"
    r"poorest|shortest|widest|loudest|rarest|most\s+(?:populous|common|spoken))\s+\w+"
    r"|where\s+(?:do|does|did)\s+the\s+\w+(?:\s+\w+){0,2}\s+(?:start|end|begin|flow|rise)\b"
    r"|(?:what\s+)?(?:awards?|prizes?|medals?|oscars?|grammys?)\s+(?:did|has|have)\s+\w+"
    r"|is\s+the\s+(?:largest|biggest|longest|tallest|highest|oldest|smallest|deepest|fastest)\s+\w+"
    r"(?:\s+\w+){0,4}\s+the\s+\w+$"
    rf"|what\s+(?:high\s+school|school|college|university)\s+did\s+{_THING}\w+(?:\s+\w+)?\s+"
    r"(?:go\s+to|attend)\b"
    r"|how\s+much\s+of\s+(?:the\s+)?(?!my\b|your\b)\w+(?:\s+\w+)?\s+is\b"
    r"|(?:give|tell|show|find|get)\s+(?:me\s+)?(?:the\s+)?(?:height|age|birthday|date\s+of\s+birth|"
    r"birth\s*date|birthplace|nationality|net\s+worth|real\s+name|full\s+name|middle\s+name)\s+of\s+\w"
    r"|(?:tell\s+me\s+|give\s+me\s+)?(?:the\s+)?(?:height|age|birthday|birthplace|nationality|"
    r"net\s+worth)\s+of\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+){0,3}$"
    r"|explain\s+(?:to\s+me\s+)?(?:how|why|what)\s+(?:an?\s+|the\s+)?\w+(?:\s+\w+)?\s+(?:works?|is|are|"
    r"happens?|causes?|forms?)\b"
    r"|(?:has|have|did)\s+\w+(?:\s+\w+)?\s+(?:ever\s+)?won\s+(?:an?\s+|the\s+|any\s+)?\w+"
    r"|(?:what|which)\s+(?:tv\s+shows?|shows?|movies?|films?|series|sitcoms?|bands?|teams?)\s+"
    r"(?:is|was|were|are|has|have)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:on|in|been\s+in)$"
    r"|(?:what|which)\s+(?:was|is)\s+the\s+(?:date|year|day)\s+(?:when|that)\s+\w+.*\s+(?:built|"
    r"founded|invented|discovered|born|died|released|published|signed|opened|started|ended)$"
    r"|is\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:real|a\s+myth|a\s+real\s+\w+)$"
    r"|can\s+[a-z]+s\s+(?:fly|swim|see|hear|talk|jump|climb|breathe|smell|see\s+in\s+the\s+dark)$"
    r"|(?:what\s+(?:is|was|are|were)\s+)?[a-z]+(?:\s+[a-z]+){0,3}\s+(?:known|famous)\s+for$"
    r"|where\s+(?:is|was|are|were)\s+[a-z]+(?:\s+[a-z]+)?\s+from$"
    r"|how\s+did\s+[a-z]+(?:\s+[a-z]+){0,2}\s+(?:die|become\s+famous|get\s+famous)$"
    r"|how\s+much\s+(?:does|do|did)\s+(?:an?\s+|the\s+)?[a-z]+(?:\s+[a-z]+)?\s+weigh$"
    r"|(?:look\s+up|search\s+for|google)\s+(?:some\s+)?(?:facts|information|info)\s+(?:about|on)\s+"
    r"(?!(?:the\s+)?(?:next|last|upcoming|concert|game|match|party|show|meeting|appointment|"
    r"event)\b)\w+"
    r")",
    re.I,
)
_DEFINITION = lazy_pattern(
    r"^(?:(?:please|hey|ok|can you|could you)\s+)*(?:define\s+\w|(?:give\s+me\s+|tell\s+me\s+|"
    r"(?:show|find|get|look\s+up|i\s+need|can\s+i\s+(?:get|have))(?:\s+me)?\s+)?"
    r"(?:what(?:'s|\s+is)\s+)?(?:the\s+|a\s+)?(?:definition|meaning|dictionary\s+definition)\s+"
    r"(?:of|for|to)\s+(?:the\s+word\s+)?\w"
    r"|how\s+(?:is|are|do\s+you|would\s+you|does\s+\w+(?:\s+\w+)?)\s+(?:an?\s+)?\w+(?:\s+\w+)?"
    r"\s+(?:defined|define\s+\w+)$"
    r"|what\s+does\s+(?:the\s+word\s+)?\S+(?:\s+\S+)?\s+(?:mean|stand\s+for)$"
    r"|(?:can\s+you\s+|could\s+you\s+)?(?:tell\s+me\s+)?what\s+(?:a|an|the\s+word)\s+\w+"
    r"(?:\s+\w+)?\s+(?:is|means)$"
    r"|(?:how\s+(?:would|do)\s+you\s+|can\s+you\s+|could\s+you\s+)?describe\s+(?:to\s+me\s+)?"
    r"(?:(?:what|how)\s+)?(?:a|an|the)?\s*(?!(?:it|what|who|how|why|where|when)\b)\w+"
    r"|(?:give|get|show|find|tell)(?:\s+me)?\s+(?:a\s+|the\s+)?(?:short\s+|brief\s+)?description\s+"
    r"(?:of|about|for)\s+\w"
    r"|what\s+is\s+(?!(?:up|new|next|playing|trending|traffic|weather|worth|happening|going|on|"
    r"love|life|time|today|tomorrow|tonight|left|due|wrong|good|best|that|this|it|there|here|around|"
    r"online|out|nearby|open|closed|free|scheduled|planned|ready|done|available|happening)\b)"
    r"[a-z]{4,}$"
    r"|what\s+(?:does|do)\s+(?:a|an|the)\s+\w+(?:\s+\w+)?\s+look\s+like$"
    r"|look\s+up\s+the\s+word\s+\w"
    r"|\w+\s+(?:definition|meaning)$"
    r"|what(?:'s|\s+is)\s+(?:a|an)\s+(?!(?:good|nice|great|fun|cool|best|easy|quick|"
    r"healthy)\b)\w+(?:\s+\w+)?$)",
    re.I,
)
_PERSONAL = lazy_pattern(
    r"\b(?:"
    r"you|your|yours|u|ur|i|me|my|mine|we|us|our|this|that|these|those|door|knocking|calling|"
    r"ai|assistant|bot|robot|"
    r"at\s+the|song|playing|alarm|timer|calendar|list|meetings?|appointments?|traffic|route|"
    r"calories|nutrition|nutrients|oil|last\s+time|exchange|rate|convert|tablespoons?|teaspoons?|\d+\s+cups?|cups?\s+of|many\s+cups|"
    r"miles|kilometers|flight|gas|ounces?|quarts?|gallons?|pints?|lit(?:er|re)s?|grams?|kilo\w*|"
    r"pounds?|feet|foot|yards?|met(?:er|re)s?|centimet\w*|millimet\w*|inch(?:es)?|dollars?|"
    r"euros?|rupees?|rupies|yen|cents?|currency|bucks|yourself|reviews?|stocks?|prices?|alerts?|"
    r"things|restaurants?|news|joke|jokes|"
    r"restaurant|nearest|near|bank|account|credit|card|package|order|reservations?|weather|fat|"
    r"deposit|"
    r"protein|sugar|carbs|"
    r"temperature|timezone|time\s+in|closest|places|best(?!\s+(?:actor|actress|picture|director|film|movie|album|song|new\s+artist|supporting))|event|today|tonight|now|station|"
    r"(?<!the\s)great(?!\s+(?:wall|barrier|lakes?|britain|pyramids?|depression|gatsby|war|plains|fire|"
    r"sphinx|salt|white\s+shark|dane|ape|basin|rift))|"
    r"phone|keys|car|wallet|glasses|charger|remote)\b",
    re.I,
)


_CALENDAR_COUNT = lazy_pattern(
    r"^how\s+many\s+(?:days|weeks|months)\b.*\b(?:(?:this|the)\s+(?:week|month|year)|january|february|"
    r"march|april|may|june|july|august|september|october|november|december)(?:\s+(?:this|next)"
    r"\s+year)?$"
)
"""Counts of this calendar ("how many days are there in the year"): the clock answers them."""
_SEASON = lazy_pattern(
    r"\b(?:spring|summer|autumn|fall|winter)(?:\s+season)?\s+(?:start|begin)s?\b(?:\s+(?:this|next)"
    r"\s+year)?$|\b(?:solstice|equinox|leap\s+year)\b"
    r"|^why\s+(?:are|am)\s+(?:we|humans|people|i)\s+(?:here|on\s+earth|alive)\b"
    r"|\bdaylight\s+sav(?:ing|ings)\b|\bclocks?\s+(?:change|go|spring|fall)\b"
)
"""When a season starts, a solstice, a leap year, daylight saving time (the clock answers them),
why we are here (the conversation's)."""
_WAKE = lazy_pattern(r"^(?:(?:hey|hi|ok|okay)\s+)?(?:olly|alexa|siri|google|computer)\b[\s,]*")
_SHORT = lazy_pattern(r"^(what|who|where)s\b")
_ASKING = lazy_pattern(
    r"^(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:(?:give\s+me\s+)?everything\s+you\s+know"
    r"(?=\s+about)|(?:tell|give|show)\s+me|let\s+me\s+know"
    r"|i\s+(?:want|need|would\s+like|'d\s+like)\s+to\s+know|do\s+you\s+know"
    r"|what\s+do\s+you\s+know(?=\s+about)|(?:just\s+)?let\s+me\s+know"
    r"|i\s+(?:want|need|would\s+like|would\s+love)(?=\s+(?:the\s+|a\s+)?(?:short\s+|brief\s+)?"
    r"(?:bio|biography|life\s+story|history|background)\s+of\b)"
    r")\s+"
)
_EXPLAIN = lazy_pattern(r"^(?:(?:can|could)\s+you\s+)?explain\s+to\s+me\s+")
""""explain to me how gravity works" asks what "explain how gravity works" asks."""
_NOT_PERSONAL = lazy_pattern(
    r"\bthe\s+(?:us|u\s+s)\b|(?<=^what )us\s+(?=state)|(?<=^which )us\s+(?=state)"
    r"|(?:(?<=\bthe first )|(?<=\bthe 1st ))"
    r"(?P<first>car|phone|computer|camera|plane|flight|train|bank|card)\b"
    r"|^(?P<who>who\s+(?:is|are)\s+the\s+.+?)\s+(?:right\s+now|now|"
    r"currently|at\s+the\s+moment|these\s+days)$"
)


def is_factual_question(text: str) -> bool:
    """An encyclopedia question or a request for a definition, about nothing of the user's."""
    first = plain_question(_SHORT.sub(r"\1 is", _WAKE.sub("", normalize(text))))
    said = role_named(reworded(plainly(_EXPLAIN.sub("explain ", first))))
    if of_the_world(said):
        return True  # "what is the temperature of the sun", "list the planets"
    if said_short(said) and not _PERSONAL.search(said):
        return True  # "biography of mozart", "name the planets", "how were the pyramids built"
    if _DEFINITION.search(said) and not re.search(
        r"\bmeaning\s+of\s+(?:(?:our|my|your|one's|a|the|human|this)\s+)?(?:life|lives|it|it\s+all"
        r"|all\s+(?:of\s+)?this|everything|existence|being\s+alive|the\s+universe)\b"
        r"|\blife\s+means\b",
        said,
    ):
        return not re.search(r"\b(?:my|your|this|that|weather|forecast|jokes?)\b", said)
    if defined_term(said) is not None:
        return True  # "let's hear the definition of iridium", "what is break a leg mean"
    if is_word_or_measure_question(said):
        return True  # "what's another word for happy", "what currency does japan use"
    if is_family_question(said) or is_family_question(_ASKING.sub("", said)):
        return True  # "what is barack obama doing right now": the name is no one of the user's
    # "tell me about X": the asking words are not the user's own things
    subject = asked_about(said)  # "what can you tell me about dolphins": the subject's words
    if subject is None:
        subject = asked_for(said)  # "who developed the polio vaccine", "info on the civil war"
    if subject is None:
        subject = asked_inside(plainly(first))  # "do you know when the berlin wall fell"
    if subject is None:
        subject = named_thing(said)  # "what was the cold war", "why do we dream"
    if subject is not None and not _PERSONAL.search(subject):
        return True
    if not _FACT.search(said) or _CALENDAR_COUNT.search(said) or _SEASON.search(said):
        return False
    # "how many states are in the us", "who is the president right now": not the user's own
    # "what was the first car made": the first of a kind, no one's own
    asked = _NOT_PERSONAL.sub(
        lambda m: m["who"] or ("thing" if m["first"] else "the usa"), _ASKING.sub("", said)
    )
    return not _PERSONAL.search(asked)


def claim(request: RouteRequest) -> RouteDecision | None:
    """Send factual questions and definitions to the search role.

    So too the questions that follow one: "how big is london" ... "and paris?", "when was it
    founded?".
    """
    if not is_factual_question(request.text):
        asked = followed_question(request.text, request.history)
        if asked is None or not is_factual_question(asked):
            return None
    question = announced(request.text)
    if len(split_clauses(question)) > 1:
        return None  # "who wrote Dune and set a timer": the compound rules split it
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role="search",
        confidence=0.95,
        # "i have a question, how far is the moon": one question, its announcement read with it
        slots={"whole": True} if question != request.text.strip() else {},
        reason="A factual question or a definition: searched for.",
        scores={"search": 0.95},
    )
