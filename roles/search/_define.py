"""What a word means, asked the many ways people ask it.

Each family is its asking words x the word asked about, not sentences of the data:

- any asking words before "the definition/meaning of X": "i want to know the definition of
  discretionary", "can you give the definition of verbose", "let's hear the definition of
  iridium", "please share the meaning of sanguine", "read me a definition for qat", "may i
  please have a definition for the word churlish", "look up the meaning of zesty in the
  dictionary"; the asking words are only words of asking (never "remind me to", "add", "text
  mom"), so a request to do something with a definition stays where it was;
- "X" and "mean" said loosely: "what is regard mean", "what is break a leg mean", "exactly
  what does altruism mean", "what is stupendous meant", "i need to know what adumbrate means,
  can you look it up for me";
- the word first: "serendipity definition", "what's affiliate definition", "affiliate's
  definition is what", "what might the meaning of altruism be";
- a dictionary named: "look up zesty in dictionary", "find ephemeral in the dictionary",
  "find world meaning in dictionary";
- "definition" and "meaning" misspelt: "defintion of ephemeral", "what is the definiton of
  crepuscular", "whats the meanin of ephemeral".

A word is one to four words that are not a pronoun, "this word" or one of the user's own
things ("what does my name mean", "what does that mean", "the meaning of life" are not
definitions). Both the request as typed (the role's `interpret`) and the normalized request
(the stage) are read.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = ["defined_term"]

_ASKING = (
    r"(?:(?:i|we|you|me|us|can|could|would|will|may|might|please|kindly|just|quickly|now|want|"
    r"wanna|need|needs|like|love|to|know|get|have|see|hear|find|give|share|read|tell|show|"
    r"provide|let|let's|lets|what|what's|whats|is|do|does|look|up|search|for|google|check|"
    r"bring|pull|say|am|looking|into|i'd|i'm|id|im|the|a|an|some|exactly|so|ok|okay|hey|out|"
    r"about|real|actual|help|learn|go|fetch|grab|display|define)\s+){0,8}"
)
"""Words of asking only: "can you please give me", "i would like to know", "let's hear"."""
_NOT_TERM = (
    r"(?!(?:it|this|that|these|those|them|him|her|me|you|us|my|your|our|his|their|its|a\s+word|"
    r"word|words|the\s+word|this\s+word|that\s+word|life|a|an|the|what|which)\b)"
)
_TERM = rf"{_NOT_TERM}(?P<term>[a-z0-9][a-z0-9'-]*(?:\s+[a-z0-9][a-z0-9'-]*){{0,3}}?)"
"""One to four words, none of them first a pronoun: the word or phrase asked about."""
_WORD_NOISE = r"(?:(?:the\s+|a\s+)?(?:word|term|phrase|expression|idiom|acronym)\s+)?"
_MEANING = r"(?:dictionary\s+|exact\s+|proper\s+|correct\s+|precise\s+|real\s+|actual\s+)?"
_SAID = r"(?:d[ei]ff?[ie]?n[ie]?[ae]?t[ie]?[oa]?ns?|defn|me[ae]?n[ie]?ng?s?)"
""""definition" and "meaning", misspelt too ("defintion", "definiton", "defination", "meanin")."""
_TAIL = (
    r"(?:\s+(?:please|for\s+me|in\s+(?:a\s+|the\s+)?dictionary|now|quickly|again|"
    r"in\s+english|(?:can|could|would)\s+you(?:\s+please)?|(?:(?:can|could|would)\s+you\s+)?"
    r"(?:please\s+)?look\s+it\s+up(?:\s+for\s+me)?))*"
)
_SHAPES = tuple(
    lazy_pattern(rf"^{shape}$", re.I)
    for shape in (
        # any asking words before "the definition/meaning of X"
        rf"{_ASKING}(?:an?\s+|the\s+|some\s+)?{_MEANING}{_SAID}\s+"
        rf"(?:of|for|to|behind)\s+{_WORD_NOISE}{_TERM}(?:\s+(?:is|be|are))?{_TAIL}",
        # "X" and "mean" said loosely: "what is regard mean", "exactly what does altruism mean"
        r"(?:(?:exactly|so|and|but|just)\s+)?what\s+(?:is|does|do|did)\s+(?:exactly\s+)?"
        rf"{_WORD_NOISE}(?!the\s){_TERM}\s+(?:mean|means|meant|stand\s+for|stands\s+for){_TAIL}",
        # "i need to know what adumbrate means, can you look it up for me"
        rf"{_ASKING}what\s+{_WORD_NOISE}(?!the\s){_TERM}\s+(?:means|meant|stands\s+for){_TAIL}",
        # a dictionary named: "look up zesty in dictionary", "find world meaning in dictionary"
        rf"{_ASKING}(?:look\s+up|find|search\s+for|search|check|look\s+for)\s+{_WORD_NOISE}{_TERM}"
        rf"(?:\s+{_SAID})?\s+in\s+(?:a\s+|the\s+|an\s+)?(?:english\s+)?dictionary"
        rf"{_TAIL}",
        # the word first: "serendipity definition", "affiliate's definition is what"
        rf"(?:{_ASKING}(?:what\s+is|what's|whats)\s+)?(?:the\s+)?{_WORD_NOISE}{_TERM}(?:'s)?\s+"
        rf"{_SAID}(?:\s+is\s+what)?{_TAIL}",
    )
)
_NOT_A_WORD = lazy_pattern(
    r"\b(?:my|your|our|this|that|life|lifes|life's|existence|living|everything|weather|forecast|"
    r"jokes?|dream|dreams|name|song|lyrics|"
    r"light|lights|symbol|sign|signs|error|code|message|text|email|alarm|timer|calendar|list)\b",
    re.I,
)
"""The user's own things and the assistant's, not words of a dictionary ("what does my dream
mean", "what does this error code mean", "the meaning of life", "what does the song mean")."""


def defined_term(said: str) -> str | None:
    """The word whose meaning ``said`` asks, else None ("let's hear the definition of iridium")."""
    said = said.strip().rstrip("?!. ")
    for shape in _SHAPES:
        if (found := shape.match(said)) and not _NOT_A_WORD.search(found["term"]):
            return re.sub(r"'s$", "", found["term"]).strip(" \"'")
    return None
