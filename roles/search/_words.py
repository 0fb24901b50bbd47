"""Questions about a word, and facts with a measured answer, that the search stage claims.

Word questions are written as asking words x the word asked about: "what's another word for
happy", "give me a synonym for big", "synonyms of beautiful", "what's the opposite of
generous", "antonym for ancient", "what rhymes with orange", "how do you pronounce quinoa",
"what's the plural of cactus", "what part of speech is quickly", "what do you mean by entropy",
"how do i use the word affect in a sentence", "give me an example sentence with ubiquitous", "in
what situation would you use inconvenience", "can you say the word demonetisation".
A word is one or two words that are not a pronoun ("what do you mean by that" is chat).

Measured facts: the currency a country uses ("what currency does japan use", "what money do
they use in mexico"; never an exchange rate), distances between two named places in miles or
kilometres ("how many miles from chicago to detroit"; never from here, home or the user), the
capital city of a place, and what an animal or a machine can do ("how fast can a cheetah run").
The request has been normalized (lowercase, contractions expanded) before it reaches here.
"""

from __future__ import annotations

from agent_system._lazy import lazy_pattern

__all__ = ["is_word_or_measure_question", "word_asked"]

_NOT_WORD = (
    r"(?!(?:it|this|that|these|those|them|me|you|him|her|us|my|your|our|what|which|all|"
    r"everything|anything|something)\b)"
)
_WORD = rf"{_NOT_WORD}(?P<word>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)"
_ASK = (
    r"(?:(?:hey|ok|okay|so|please|olly|alexa)\s+)*(?:(?:can|could|would)\s+you\s+)?"
    r"(?:(?:tell|give|show|find|get)\s+me\s+|i\s+(?:want|need|would\s+like)\s+(?:to\s+know\s+)?"
    r"|do\s+you\s+know\s+|(?:let\s+me\s+know|look\s+up)\s+)?"
)
_THE_WORD = r"(?:the\s+word\s+)?"
_SHAPES = (
    # synonyms and antonyms
    r"(?:what\s+(?:is|are)\s+)?(?:(?:an?|some|the|any)\s+)?(?:other\s+|another\s+|different\s+)?"
    rf"(?:synonyms?|antonyms?|opposites?)\s+(?:for|of|to)\s+{_THE_WORD}{_WORD}",
    r"(?:what\s+(?:is|are)\s+)?(?:another|(?:some\s+|any\s+)?other|a\s+different|a\s+better)\s+"
    rf"(?:words?|ways?\s+to\s+say)\s+(?:for\s+)?{_THE_WORD}{_WORD}",
    rf"(?:what\s+(?:is|are)\s+)?(?:a\s+|some\s+)?words?\s+that\s+means?\s+{_WORD}",
    rf"(?:what\s+is\s+)?(?:the\s+)?opposite\s+(?:of|to)\s+{_THE_WORD}{_WORD}",
    rf"{_THE_WORD}{_WORD}\s+(?:synonyms?|antonyms?|opposite|thesaurus)",
    rf"(?:what\s+)?(?:words?\s+)?(?:that\s+)?(?:rhymes?|rhyme)\s+with\s+{_THE_WORD}{_WORD}",
    rf"what\s+(?:is\s+)?(?:a\s+)?(?:good\s+)?rhymes?\s+(?:for|with)\s+{_THE_WORD}{_WORD}",
    # saying it: pronunciation, plural, part of speech, in a sentence
    r"how\s+(?:do\s+(?:you|i|we|they|people)|should\s+i|would\s+you|to)\s+pronounce\s+"
    rf"{_THE_WORD}{_WORD}",
    rf"how\s+is\s+{_THE_WORD}{_WORD}\s+pronounced",
    rf"(?:the\s+)?pronunciation\s+of\s+{_THE_WORD}{_WORD}",
    r"(?:what\s+is\s+)?the\s+(?:plural|singular|past\s+tense|past\s+participle|"
    rf"comparative|superlative)\s+(?:form\s+)?(?:of|for)\s+{_THE_WORD}{_WORD}",
    rf"(?:what|which)\s+part\s+of\s+speech\s+is\s+{_THE_WORD}{_WORD}",
    # how a word is used: in a sentence, in what situation
    r"(?:how\s+(?:do|would|should|can|could|to)\s+(?:you\s+|i\s+|we\s+|one\s+|people\s+)?)?"
    rf"(?:use|put)\s+{_THE_WORD}{_WORD}\s+in\s+a\s+sentence",
    r"how\s+(?:do|would|should|can|could|does)\s+(?:you|i|we|one|people|someone)\s+use\s+the\s+"
    rf"word\s+{_WORD}",
    r"(?:what\s+is\s+)?(?:an?\s+|some\s+)?(?:example\s+)?sentences?\s+(?:with|using|containing)\s+"
    rf"{_THE_WORD}{_WORD}",
    rf"(?:an?\s+|some\s+)?examples?\s+of\s+{_THE_WORD}{_WORD}\s+(?:used\s+)?in\s+a\s+sentence",
    rf"{_THE_WORD}{_WORD}\s+(?:used\s+)?in\s+a\s+sentence",
    r"(?:in\s+)?(?:what|which)\s+(?:scenarios?|contexts?|situations?|cases?)\s+(?:would|do|can|"
    rf"should|could)\s+(?:you|i|we|one|people)\s+use\s+{_THE_WORD}{_WORD}",
    r"when\s+(?:do|would|should|can)\s+(?:you|i|we|one|people)\s+use\s+the\s+word\s+"
    rf"{_WORD}",
    rf"(?:make|form|write|create)\s+(?:me\s+)?a\s+sentence\s+(?:with|using)\s+{_THE_WORD}{_WORD}",
    rf"(?:able\s+to\s+)?(?:say|pronounce)\s+the\s+word\s+{_WORD}",
    rf"is\s+{_WORD}\s+(?:a\s+real\s+word|a\s+word|spelled\s+with\s+\w+)",
)
_WORDS = tuple(lazy_pattern(rf"^{_ASK}(?:{shape})$") for shape in _SHAPES)
_MEANING = lazy_pattern(
    rf"^{_ASK}(?:what\s+do\s+(?:you|they|people|we)\s+mean\s+by\s+|what\s+(?=.+\s+means$))"
    rf"{_THE_WORD}{_WORD}(?:\s+means)?$"
)
"""What a word means, asked the everyday way ("tell me what melancholy means")."""
_NOT_PLACE = (
    r"(?!(?:here|home|my|our|your|his|her|their|work|school|me|i|we|us|you|it|there|this|that|"
    r"house|office|airport|station|beach|store|shop|gym|mall|hotel|until|till|left|away|am|is|are|"
    r"get|go|drive|walk|fly|take|from|to|and|the|a|an)\b)"
)
_PLACE = rf"{_NOT_PLACE}[a-z][a-z.'-]*(?:\s+{_NOT_PLACE}[a-z][a-z.'-]*){{0,2}}"
"""A named place: one to three words, none of them the user's own place, a pronoun or a verb."""
_NOT_COUNTED = (
    r"(?!(?:calories|carbs|grams|points|reward|rewards|stars|reviews|mpg|miles|days|vacation|"
    r"hours|minutes|emails|messages|texts|calls|alarms|reminders|timers|events|meetings|items|"
    r"things|pets|years|followers|likes|friends|credits|dollars|songs)\b)"
)
_MEASURES = lazy_pattern(
    rf"^{_ASK}(?:"
    # the currency of a country, never a rate
    r"(?:what|which)\s+(?:currency|money)\s+(?:does|do|did)\s+(?:they\s+use\s+in\s+)?"
    rf"(?:the\s+)?{_PLACE}(?:\s+use)?"
    r"|(?:what|which)\s+(?:currency|money)\s+(?:do\s+they|do\s+people|is)\s+(?:use|used)\s+in\s+"
    rf"(?:the\s+)?{_PLACE}"
    r"|(?:what|which)\s+(?:currency|money)\s+(?:is|are)\s+(?:used|spent)\s+in\s+"
    rf"(?:the\s+)?{_PLACE}"
    rf"|(?:what\s+is\s+)?the\s+(?:official\s+|national\s+|local\s+)?currency\s+(?:of|in)\s+"
    rf"(?:the\s+)?{_PLACE}"
    rf"|(?:the\s+)?{_PLACE}'s\s+currency"
    # distances between two named places in a unit
    r"|how\s+(?:many|much)\s+(?:miles|kilometers|kilometres|km|kms)\s+(?:is\s+it\s+|away\s+is\s+|"
    r"is\s+|are\s+there\s+|apart\s+are\s+)?(?:from\s+|between\s+)?"
    rf"(?:the\s+)?{_PLACE}\s+(?:from|to|and)\s+(?:the\s+)?{_PLACE}(?:\s+apart)?"
    rf"|how\s+far\s+is\s+it\s+from\s+(?:the\s+)?{_PLACE}\s+to\s+(?:the\s+)?{_PLACE}"
    r"|how\s+(?:far|many\s+(?:miles|kilometers|kilometres|km|kms))\s+(?:is\s+it\s+)?(?:away\s+)?"
    r"(?:to|from)\s+the\s+(?:sun|moon|stars?|earth|planets?|mars|venus|jupiter|saturn|"
    r"mercury|neptune|uranus|pluto|north\s+pole|south\s+pole|equator|international\s+space"
    r"\s+station|iss)"
    r"|how\s+long\s+(?:is|was)\s+(?:the\s+|a\s+|an\s+)?(?:[a-z]+\s+){0,3}(?:river|wall|bridge|"
    r"canal|coast|coastline|border|tunnel|highway|trail|mountain\s+range|day|year|marathon|"
    r"football\s+field|lifespan)(?:\s+(?:of|on|in)\s+[a-z]+(?:\s+[a-z]+)?)?"
    # what is spoken or paid with in a place
    r"|(?:what|which)\s+(?:languages?|currency)\s+(?:is|are)\s+(?:mostly\s+|mainly\s+)?"
    rf"(?:spoken|used)\s+in\s+(?:the\s+)?{_PLACE}"
    r"|what\s+do\s+(?:they|people)\s+(?:use|pay\s+with|spend)\s+(?:for|as)\s+money\s+in\s+"
    rf"(?:the\s+)?{_PLACE}"
    # counts of a thing's parts: "how many hearts does an octopus have"
    rf"|how\s+many\s+{_NOT_COUNTED}[a-z]+(?:\s+[a-z]+)?\s+(?:does|do|did)\s+(?:an?\s+|the\s+)?"
    rf"{_PLACE}\s+have"
    r"|how\s+many\s+[a-z]+(?:\s+[a-z]+)?\s+(?:have|has)\s+there\s+(?:ever\s+)?been"
    r"(?:\s+in\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?)?"
    # capital cities
    rf"|(?:what\s+is\s+)?the\s+capital\s+city\s+of\s+(?:the\s+)?{_PLACE}"
    rf"|capital\s+city\s+of\s+(?:the\s+)?{_PLACE}"
    rf"|(?:what|which)\s+(?:city|town)\s+is\s+(?:the\s+)?capital\s+of\s+(?:the\s+)?{_PLACE}"
    # what an animal or a machine can do
    r"|how\s+(?:fast|far|high|long|deep|big|tall|heavy|old|much\s+weight)\s+can\s+(?:a|an|the)\s+"
    r"[a-z]+(?:\s+[a-z]+)?\s+(?:run|fly|swim|jump|go|dive|grow|live|get|climb|travel|carry|lift|"
    r"see|hear)"
    r")$",
)


def word_asked(said: str) -> str | None:
    """The word a question about saying or replacing a word asks about, else None.

    "what's another word for happy" -> "happy"; a word's meaning is not one of these questions.
    """
    for shape in _WORDS:
        if found := shape.match(said):
            return found["word"]
    return None


def is_word_or_measure_question(said: str) -> bool:
    """A question about a word or a fact with a measured answer (``said``: normalized)."""
    return word_asked(said) is not None or bool(_MEANING.match(said) or _MEASURES.match(said))
