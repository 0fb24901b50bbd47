"""A question asked inside another, in the order of a statement, that the search stage claims.

The family is its asking words x a question word x a named thing x what it did or does:
"do you know when the berlin wall fell", "i want to know how the pyramids were built", "i
wonder when dinosaurs went extinct", "tell me where the nile river starts", "do you know how
bees make honey", "i have always wondered why zebras have stripes", "any idea when the great
fire of london happened", "can you tell me how earthquakes happen". The asking words are
"do you know", "(can you) tell me", "i want / would like to know", "i wonder", "find out",
"any idea", "explain"; the question word is when, where, why or how; what the thing did is a
verb of the past ("fell", "reached", "were built") or one of the verbs of how the world works
("start", "grow", "come from", "have", "erupt").

Not the user's day or things: nothing of theirs or the assistant's ("when my package arrives",
"where my phone is"), of today or the next ("when the next train leaves"), of the places they go
("when the bank opens", "when the store closes"), their plans ("when the movie starts", "how the
meeting went"), their home ("why the fan stopped", "when the oven is preheated") or the weather
("when the rain stops", "when the sun sets"), nor a state of a thing ("why the internet is
slow", "why the dog is barking"). "why X is Y" is the same family ("can you tell me why
the ocean is salty"); "do you know where the amazon river is" is read by
`roles.search._families.reworded`.
"""

from __future__ import annotations

from agent_system._lazy import lazy_pattern

__all__ = ["asked_inside"]

_ASKING = (
    r"(?:(?:do|did)\s+you\s+(?:happen\s+to\s+)?know|(?:can|could|would|will)\s+you\s+(?:please\s+)?"
    r"(?:tell|show)\s+me|(?:tell|show)\s+me|i\s+(?:want|need|would\s+like|would\s+love|wanna)\s+"
    r"to\s+(?:know|find\s+out|understand|learn)|i\s+(?:wonder|wondered)|i\s+have\s+(?:always|"
    r"often|never\s+really)?\s*wondered|i\s+(?:was|am|have\s+been)\s+(?:wondering|curious)|"
    r"(?:(?:can|could)\s+you\s+)?(?:find|figure)\s+out|(?:do\s+you\s+have\s+|have\s+you\s+got\s+)?"
    r"any\s+idea|explain(?:\s+to\s+me)?|i\s+do\s+not\s+(?:know|understand)|i\s+never\s+"
    r"(?:knew|understood)|let\s+me\s+know|look\s+up|search(?:\s+for)?|google)"
)
_NOT_THING = (
    r"(?!(?:i|you|u|we|he|she|it|they|me|us|him|her|them|my|your|our|his|their|its|this|that|"
    r"these|those|there|here|someone|somebody|anyone|anybody|everyone|one|to)\b)"
)
_THING = rf"(?:the\s+|a\s+|an\s+)?{_NOT_THING}[a-z0-9][a-z0-9'-]*(?:\s+[a-z0-9][a-z0-9'-]*){{0,4}}?"
_PAST = (
    r"(?:[a-z]{2,}ed|fell|began|begun|sank|sunk|won|lost|wrote|built|became|came(?:\s+from)?|"
    r"went(?:\s+extinct)?|took\s+place|made|grew|died|broke(?:\s+up)?|rose|ran|flew|drew|led|"
    r"fought|froze|hid|left|split\s+up|split|sold|spread|struck|swam|threw|wore|got|gave|held|"
    r"found|sent|met|brought|began|stood|meant|(?:was|were)\s+(?:[a-z]{2,}ed|built|made|born|"
    r"written|founded|formed|discovered|invented|created|named|killed|destroyed|sunk|drawn|"
    r"given|taken|found|lost|won|chosen|known|broken|held|begun|shot|struck|fought|set\s+up|"
    r"torn\s+down|first\s+[a-z]+ed))"
)
"""A verb of the past: what a named thing did or what was done to it."""
_WORLD = (
    r"(?:start|starts|begin|begins|end|ends|come\s+from|comes\s+from|live|lives|grow|grows|flow|"
    r"flows|work|works|form|forms|happen|happens|fly|flies|sleep|sleeps|eat|eats|change\s+\w+|"
    r"changes\s+\w+|die|dies|originate|originates|evolve|evolves|migrate|migrates|glow|glows|"
    r"shine|shines|breathe|breathes|make|makes|produce|produces|turn|turns|sink|sinks|float|"
    r"floats|erupt|erupts|occur|occurs|exist|exists|purr|purrs|have|has|hibernate|hibernates|"
    r"lay|lays|hunt|hunts|communicate|communicates|see|sees|hear|hears|smell|smells|reproduce|"
    r"reproduces|spread|spreads|rotate|rotates|orbit|orbits|spin|spins|freeze|freezes|boil|"
    r"boils|melt|melts|fall|falls|sting|stings|bite|bites|swim|swims|survive|survives|"
    r"shed|sheds|mean|means|cause|causes|get\s+their\s+\w+|gets\s+its\s+\w+)"
)
"""A verb of how the world works, in the present ("how bees make honey", "why leaves fall")."""
_CLAUSE = lazy_pattern(
    rf"^{_ASKING}\s+(?P<wh>when|where|why|how)\s+(?P<subject>{_THING})\s+(?:{_PAST}|{_WORLD})"
    r"(?:\s+[a-z0-9'-]+){0,5}$"
)
_BE_CLAUSE = lazy_pattern(
    rf"^{_ASKING}\s+(?P<wh>why)\s+(?P<subject>{_THING})\s+(?:is|are|was|were)\s+"
    r"(?:so\s+|very\s+|called\s+|made\s+of\s+)?[a-z]+(?:\s+[a-z]+)?$"
)
"""Why a thing is what it is: "can you tell me why the ocean is salty"."""
_NOT_THE_WORLD = lazy_pattern(
    r"\b(?:i|you|u|we|me|us|my|your|our|mine|yours|it|this|that|today|tonight|tomorrow|yesterday|"
    r"now|currently|next|upcoming|soon|later|morning|evening|week|weekend|news|meeting|"
    r"appointment|game|match|show|movie|film|concert|party|class|lesson|store|shop|bank|pharmacy|"
    r"restaurant|office|mall|mail|post|package|parcel|delivery|order|train|bus|flight|plane|"
    r"traffic|weather|rain|snow|storm|sun|sunrise|sunset|tide|timer|alarm|reminder|oven|laundry|"
    r"dishwasher|washer|dryer|fridge|lights?|lamp|fan|tv|television|door|heater|thermostat|"
    r"vacuum|kids|children|baby|dog|cat|neighbou?rs?|boss|mom|mum|dad|wife|husband|internet|wifi|"
    r"phone|computer|laptop|car|engine|battery|card|account|payment|bill|price|stocks?|market|"
    r"cost|costs|take|takes|long|much|many|far|old|spell|spelled|spelt|spelling|pronounced|"
    r"seconds?|minutes?|hours?|days?|passed|elapsed|slow|fast|broken|down|off|on|open|closed|"
    r"late|early|wrong|barking|crying|ringing|beeping|blinking|flashing|noisy|loud|hot|cold|wet)\b"
)
"""The user's day, plans, places, home and things, the weather, prices, and how long or how
much (other roles', or out of scope: "how long it takes to boil an egg"), spelling and time
passing ("how handkerchief is spelled", "when ninety minutes have passed")."""


def asked_inside(said: str) -> str | None:
    """The named thing a question asked inside another asks about, else None.

    "do you know when the berlin wall fell" -> "the berlin wall" (``said``: normalized).
    """
    for clause in (_CLAUSE, _BE_CLAUSE):
        if (found := clause.match(said)) and not _NOT_THE_WORLD.search(said[found.start("wh") :]):
            return str(found["subject"])
    return None
