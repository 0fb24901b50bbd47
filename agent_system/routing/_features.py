"""Text features shared by the router's trainer and its runtime: hashed n-grams.

A request becomes two groups of hashed feature indices:

- words: unigrams and bigrams of normalized tokens (with sentence boundaries);
- chars: character 3- to 5-grams of each token padded with ``<`` and ``>`` (as in fastText),
  so typos and inflections ("remind", "reminders") share features;
- concepts (in the word group): a small hand-written lexicon maps words of one meaning to one
  feature ("umbrella", "raincoat", "drizzle" -> rain gear and weather; "lamp", "bulb" -> light),
  so a word the training data never paired with a role still carries that role's meaning.

Indices come from CRC-32 (stable across processes and platforms, unlike `hash`) modulo the
number of buckets. Each group is binary and scaled to unit length, then scaled by a weight
stored in the model file, so long requests do not drown the word features in character n-grams.
"""

from __future__ import annotations

import functools
from itertools import pairwise
from zlib import crc32

from agent_system._lazy import lazy_pattern
from agent_system.understanding._text import normalize as _understanding_normalize

__all__ = ["featurize", "featurize_words", "normalize", "tokens", "words"]

_TOKEN = lazy_pattern(r"[a-z0-9]+(?:'[a-z]+)?")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'"})


def normalize(text: str) -> str:
    """Lowercase and unify apostrophes."""
    return text.lower().translate(_APOSTROPHES)


def tokens(text: str) -> list[str]:
    """Normalized word tokens of `text` ("what's" stays one token)."""
    return _TOKEN.findall(normalize(text))


_CONCEPTS: dict[str, tuple[str, ...]] = {
    "weather": (
        "weather", "forecast", "rain", "raining", "rainy", "drizzle", "shower", "showers",
        "snow", "snowing", "snowy", "sunny", "sunshine", "cloudy", "clouds", "fog", "foggy",
        "storm", "stormy", "thunder", "windy", "wind", "humid", "humidity", "hail", "sleet",
        "temperature", "degrees", "celsius", "fahrenheit", "hot", "cold", "chilly", "freezing",
        "warm", "heatwave", "frost", "uv", "pollen",
    ),
    "wear": (
        "umbrella", "raincoat", "jacket", "coat", "sunscreen", "sunglasses", "scarf", "gloves",
        "boots", "shorts", "sweater", "hat", "layers", "wellies",
    ),
    "light": (
        "light", "lights", "lamp", "lamps", "bulb", "bulbs", "lighting", "lightning", "dim",
        "brighten", "brightness", "bright", "dimmer", "chandelier", "led", "leds", "hue",
    ),
    "color": (
        "red", "green", "blue", "yellow", "purple", "orange", "pink", "white", "warm", "colour",
        "color", "colors", "colours",
    ),
    "appliance": (
        "plug", "socket", "outlet", "switch", "fan", "heater", "heating", "thermostat", "ac",
        "aircon", "kettle", "coffee", "espresso", "dishwasher", "washer", "dryer", "oven",
        "tv", "television", "vacuum", "hoover", "roomba", "robot", "blinds", "curtains",
        "shutters", "garage", "lock", "unlock", "door", "wemo", "sprinkler", "purifier",
    ),
    "volume": ("volume", "louder", "quieter", "mute", "unmute", "loud", "quiet", "sound"),
    "on_off": ("on", "off", "activate", "deactivate", "enable", "disable", "start", "stop"),
    "countdown": (
        "timer", "timers", "countdown", "alarm", "alarms", "wake", "snooze", "reminder",
        "reminders", "remind", "minutes", "minute", "seconds", "second", "hours", "hour", "mins",
    ),
    "calendar": (
        "calendar", "agenda", "schedule", "meeting", "meetings", "appointment", "appointments",
        "event", "events", "diary", "busy", "free", "availability", "reschedule", "booked",
    ),
    "day": (
        "today", "tomorrow", "tonight", "yesterday", "monday", "tuesday", "wednesday",
        "thursday", "friday", "saturday", "sunday", "weekend", "week", "morning", "afternoon",
        "evening", "noon", "midnight", "am", "pm",
    ),
    "list": (
        "list", "lists", "shopping", "groceries", "grocery", "todo", "to-do", "checklist",
        "items", "item",
    ),
    "food": (
        "milk", "eggs", "bread", "butter", "cheese", "apples", "bananas", "rice", "pasta",
        "coffee", "tea", "sugar", "flour", "chicken", "beef", "fish", "juice", "beer", "wine",
        "yogurt", "cereal", "tomatoes", "potatoes", "onions",
    ),
    "fact": (
        "who", "when", "where", "which", "why", "capital", "population", "president",
        "invented", "wrote", "written", "born", "founded", "discovered", "tallest", "largest",
        "biggest", "longest", "oldest", "history", "definition", "define", "meaning", "means",
        "synonym", "spell", "spelling", "facts", "fact", "trivia", "wikipedia",
    ),
    "search": ("search", "google", "lookup", "look", "find", "information", "info", "browse"),
    "memory": ("remember", "memorize", "memorise", "forget", "note", "recall", "memories"),
    "greet": (
        "hello", "hi", "hey", "morning", "thanks", "thank", "bye", "goodbye", "joke", "jokes",
        "funny", "laugh",
    ),
    "music": (
        "play", "song", "songs", "music", "playlist", "album", "artist", "radio", "podcast",
        "podcasts", "audiobook", "spotify", "track",
    ),
    "message": (
        "email", "emails", "mail", "inbox", "text", "message", "messages", "sms", "tweet",
        "post", "facebook", "twitter", "contact", "contacts", "call", "phone",
    ),
    "travel": (
        "train", "bus", "taxi", "uber", "flight", "flights", "ticket", "tickets", "traffic",
        "commute", "drive", "directions", "route", "airport",
    ),
    "money": (
        "stock", "stocks", "price", "shares", "exchange", "currency", "dollar", "dollars",
        "euro", "euros", "pounds", "bitcoin", "bank", "balance", "pay", "payment",
    ),
}  # fmt: skip
_CONCEPT_OF: dict[str, list[str]] = {}
for _concept, _words in _CONCEPTS.items():
    for _word in _words:
        _CONCEPT_OF.setdefault(_word, []).append(_concept)


def _bucket(feature: str, buckets: int) -> int:
    return crc32(feature.encode("utf-8")) % buckets


def words(text: str) -> list[str]:
    """The words the classifier reads: tokens after the shared normaliser (contractions
    expanded, number words as digits, politeness and fillers dropped), or the raw tokens when
    the normaliser leaves none."""
    return tokens(_understanding_normalize(text)) or tokens(text)


def featurize(text: str, buckets: int) -> tuple[list[int], list[int]]:
    """Distinct hashed indices of the word features and of the character features of `text`
    (after the shared normaliser: contractions expanded, number words as digits, politeness
    and fillers dropped)."""
    return featurize_words(words(text), buckets)


def featurize_words(found: list[str], buckets: int) -> tuple[list[int], list[int]]:
    """`featurize` of the words `words` found in a text."""
    word_idx: set[int] = set()
    char_idx: set[int] = set()
    for word in found:
        own, chars = _word_features(word, buckets)
        word_idx.update(own)
        char_idx.update(chars)
    padded = ["<s>", *found, "</s>"]
    word_idx.update(_bucket(f"b:{a} {b}", buckets) for a, b in pairwise(padded))
    return list(word_idx), list(char_idx)


@functools.lru_cache(maxsize=2**16)
def _word_features(word: str, buckets: int) -> tuple[frozenset[int], frozenset[int]]:
    """The hashed features one word brings, whatever its neighbours: its unigram and concepts
    (word group) and its character 3- to 5-grams (char group). Cached: words repeat."""
    own = {_bucket("w:" + word, buckets)}
    own.update(_bucket("k:" + c, buckets) for c in _CONCEPT_OF.get(word, ()))
    marked = f"<{word}>"
    size = len(marked)
    chars = {
        _bucket("c:" + marked[i : i + n], buckets) for n in (3, 4, 5) for i in range(size - n + 1)
    }
    return frozenset(own), frozenset(chars)
