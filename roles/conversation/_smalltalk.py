"""Goodbyes and the meaning of life, said the everyday way.

A goodbye is a whole message of leave-taking: a farewell word ("bye bye", "farewell", "ciao",
"later gator", "see you around", "catch you later", "night night", "have a good one"), the user
leaving ("i'm off", "i've got to run now", "i'll be leaving now", "gotta go", "i'm signing
off"), or a chat ending ("it was nice talking to you", "great chat", "thanks for chatting").
Only the whole message counts, so "i have to go to the dentist at 3" or "i'm off work tomorrow"
stay with their roles. The request has been normalized (lowercase, contractions expanded).
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize

__all__ = ["is_goodbye", "is_meaning_of_life"]

_TO_YOU = r"(?:[\s,]+(?:ai|assistant|robot|bot|buddy|friend|my\s+friend|pal|olly|alexa|again))*"
_NOW = (
    r"(?:\s+(?:now|right\s+now|then|for\s+now|for\s+today|for\s+the\s+day|for\s+tonight|"
    r"for\s+the\s+night|soon|again|already|anyway|sorry|thanks|thank\s+you))*"
)
_FAREWELL = (
    r"(?:good\s*bye|bye(?:[\s-]+bye)?|buh\s*bye|bye\s+now|byee+|farewell|fairwell|fare\s+well|"
    r"s[ay]?[oy]?onara|syonara|adios|ciao|cheerio|cheers\s+then|ta\s*ta(?:\s+for\s+now)?|ttyl|"
    r"ttfn|cya|later(?:s|\s+(?:gator|gater|alligator))?|laters|so\s+long|peace(?:\s+out)?|good\s*night|nighty?\s+night|"
    r"nite|night|"
    r"(?:see|c)\s+(?:you|ya|u)(?:\s+(?:later|soon|around|tomorrow|in\s+a\s+(?:while|bit)|"
    r"next\s+time|some\s+time|again(?:\s+soon)?|alligator))*"
    r"|catch\s+(?:you|ya)(?:\s+(?:later|around|soon|next\s+time))*"
    r"|(?:i\s+will\s+|we\s+will\s+|i\s+shall\s+)?talk\s+(?:to\s+(?:you|ya)\s+)?(?:later|soon|"
    r"tomorrow)"
    r"|until\s+next\s+time|till\s+next\s+time|take\s+care|take\s+it\s+easy"
    r"|have\s+a\s+(?:good|nice|great|lovely)\s+(?:one|day|night|evening|weekend|afternoon)"
    r"|(?:i\s+)?must\s+say\s+goodbye|i\s+am\s+saying\s+goodbye)"
)
_LEAVING = (
    r"(?:(?:i\s+)?(?:have|need|got|have\s+got|gotta|ought)\s+to|i\s+gotta|gotta|i\s+must|i\s+should"
    r"|time\s+for\s+me\s+to|i\s+had\s+better|i\s+better)\s+(?:go|run|leave|get\s+going|be\s+going|"
    r"head\s+out|head\s+off|take\s+off|split|bounce|get\s+off|log\s+off|sign\s+off|dash)"
    r"|i\s+am\s+(?:off|leaving|going|heading\s+out|out\s+of\s+here|outta\s+here|out|done|"
    r"signing\s+off|logging\s+off|heading\s+off|taking\s+off|off\s+to\s+bed|going\s+to\s+bed)"
    r"|i\s+will\s+be\s+(?:leaving|going|off|heading\s+out|signing\s+off)"
    r"|that\s+(?:is|will\s+be)\s+all(?:\s+from\s+me)?"
)
_CHAT_END = (
    r"(?:it\s+(?:was|has\s+been|is\s+been)|this\s+was|that\s+was|what\s+a)?\s*(?:(?:so|really|very)"
    r"\s+)?(?:nice|great|good|lovely|a\s+pleasure|pleasure|fun|cool|pleasant|enjoyable|awesome|"
    r"wonderful)(?:\s+as\s+always)?\s+(?:talking|chatting|speaking|conversing|to\s+talk|to\s+chat|"
    r"to\s+speak|to\s+converse|having\s+(?:this|a)\s+(?:conversation|chat|talk)|to\s+have\s+"
    r"(?:this|a)\s+(?:conversation|chat|talk)|to\s+catch\s+up|catching\s+up)(?:\s+(?:with|to)"
    r"\s+you)?(?:\s+again)?"
    r"|(?:this\s+was\s+|that\s+was\s+|it\s+was\s+)?(?:a\s+)?(?:good|great|nice|fun|lovely)\s+"
    r"(?:talk|chat|conversation)"
    r"|(?:thanks?(?:\s+you)?\s+)?for\s+(?:the\s+chat|chatting|talking|the\s+talk|the\s+conversation)"
    r"(?:\s+(?:with|to)\s+me)?"
    r"|i\s+(?:really\s+)?enjoyed\s+(?:our\s+(?:talk|chat|conversation)|talking|chatting|speaking)"
    r"(?:\s+(?:with|to)\s+you)?"
)
_PART = rf"(?:{_FAREWELL}|{_LEAVING}|{_CHAT_END}){_NOW}{_TO_YOU}{_NOW}"
_GOODBYE = lazy_pattern(
    rf"^(?:(?:ok|okay|alright|well|so|anyway|right|oh|hey|and|but|olly|alexa)\s+)*"
    rf"{_PART}(?:\s*(?:,|and|but|so|-|!)?\s*{_PART}){{0,3}}[\s!.]*$"
)
_MEANING = lazy_pattern(
    r"\b(?:meaning|purpose|point|secret)\s+(?:of|to|in|behind)\s+(?:(?:this|our|my|human)\s+)?"
    r"(?:life|lives|existence|exsistance|everything|being\s+alive|sentience|it\s+all)\b"
    r"|\blife'?s\s+(?:meaning|purpose)\b|\bdoes\s+(?:this\s+|my\s+)?life\s+have\s+(?:a\s+|any\s+)?"
    r"(?:meaning|purpose|point)\b|\bwhy\s+(?:are|am)\s+(?:we|humans|i)\s+(?:here|on\s+earth|alive)"
    r"\b|\bwhat\s+is\s+(?:our|the)\s+purpose(?:\s+(?:here|on\s+earth|in\s+life))?$"
    r"|\bwhat\s+is\s+life\s+(?:all\s+)?about\b|\bwhat\s+are\s+we\s+(?:all\s+)?(?:living|here)\s+for\b"
    r"|\bis\s+there\s+(?:a|any)\s+(?:point|meaning|purpose)\s+(?:to|in)\s+(?:life|living|it\s+all)\b"
)


def is_goodbye(text: str) -> bool:
    """The whole message takes leave ("bye for now", "i've got to run", "nice chatting")."""
    said = re.sub(r"[^\w\s',!.-]", " ", normalize(text)).strip()
    return bool(_GOODBYE.match(said))


def is_meaning_of_life(text: str) -> bool:
    """A question about the meaning or purpose of life ("what's the point of existence")."""
    return bool(_MEANING.search(normalize(text)))
