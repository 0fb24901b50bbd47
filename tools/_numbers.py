"""Numbers said in words, as digits ("two hundred and fifty" -> "250", "one point five" -> "1.5").

`digits` rewrites every run of number words in a text; words that are not numbers stay as they
are, and "and" joins number words only after a scale ("two hundred and five" is 205, "five and
seven" stays two numbers). Shared by the calculator's sums and unit conversions.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = ["NUMBER", "UNSIGNED", "digits", "number_text", "parse_number"]

_SMALL = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70}
_TENS |= {"eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_VALUES = {word: value for value, word in enumerate(_SMALL)} | _TENS
_WORD = lazy_pattern(r"[a-z]+(?:-[a-z]+)?|\S", re.IGNORECASE)

UNSIGNED = r"(?:\d+(?:\.\d+)?|\.\d+)"
"""A number in digits with no sign: "12", "3.5", ".25"."""
NUMBER = rf"-?{UNSIGNED}"
"""A number in digits (after `digits`): "12", "-3.5", ".25"."""


def _value(words: list[str]) -> float | None:
    """The value of number words ("two hundred and five", "one point five"), or None."""
    if "point" in words:
        at = words.index("point")
        whole = _value(words[:at]) if at else 0.0
        tail = words[at + 1 :]
        if whole is None or not tail or any(w not in _VALUES or _VALUES[w] > 9 for w in tail):
            return None
        return float(f"{int(whole)}.{''.join(str(_VALUES[w]) for w in tail)}")
    total, current, seen = 0.0, 0.0, False
    for word in words:
        if word in ("a", "an", "and"):
            continue
        if word in _VALUES:
            current += _VALUES[word]
        elif word == "hundred":
            current = (current or 1) * 100
        elif word in _SCALES:
            total += (current or 1) * _SCALES[word]
            current = 0
        else:
            return None
        seen = True
    return total + current if seen else None


def _joins(previous: str | None, word: str, following: str | None) -> bool:
    """Whether `word` continues a run of number words after `previous`."""
    if previous is None:
        return False
    if word == "and":  # "two hundred and five", never "five and seven"
        return previous in _SCALES and following is not None and following in _VALUES
    if word == "point":
        return following is not None and following in _VALUES
    if previous == "point" or previous == "and":
        return word in _VALUES
    if word in _SCALES:
        return True
    if word in _VALUES:  # "twenty five", "hundred six"; "five six" is two numbers
        return (previous in _TENS and _VALUES[word] < 10) or previous in _SCALES
    return False


def _starts(word: str, following: str | None) -> bool:
    if word in _VALUES:
        return True
    return word in ("a", "an") and following in _SCALES


def digits(text: str) -> str:
    """`text` with every run of number words written in digits; "1,250" loses its comma."""
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    text = re.sub(r"(\d+)\s+and\s+(?:a\s+)?half\b", r"\1.5", text, flags=re.IGNORECASE)
    tokens = list(_WORD.finditer(text))
    out: list[str] = []
    cursor = 0
    i = 0
    while i < len(tokens):
        word = tokens[i].group().lower().replace("-", " ")
        parts = word.split()
        following = tokens[i + 1].group().lower() if i + 1 < len(tokens) else None
        numeric = bool(parts) and parts[0] in _VALUES
        if not (numeric and all(p in _VALUES or p in _SCALES for p in parts)) and not _starts(
            word, following
        ):
            i += 1
            continue
        run, j = parts, i + 1
        while j < len(tokens):
            nxt = tokens[j].group().lower()
            after = tokens[j + 1].group().lower() if j + 1 < len(tokens) else None
            pieces = nxt.replace("-", " ").split()
            if not _joins(run[-1], pieces[0], pieces[1] if len(pieces) > 1 else after):
                break
            run, j = run + pieces, j + 1
        value = _value(run)
        if value is None:
            i += 1
            continue
        out.append(text[cursor : tokens[i].start()])
        out.append(_plain(value))
        cursor, i = tokens[j - 1].end(), j
    out.append(text[cursor:])
    return _scaled("".join(out))


def _scaled(text: str) -> str:
    """Digits times a scale word: "1 million" -> "1000000", "2.5 thousand" -> "2500".

    "1000000 1200" (one million twelve hundred, said a piece at a time) -> "1001200"; "1000 500"
    stays two numbers.
    """

    def scale(match: re.Match[str]) -> str:
        return _plain(float(match[1]) * _SCALES[match[2].lower()])

    def join(match: re.Match[str]) -> str:
        big, small = int(match[1] + match[2]), int(match[3])
        return str(big + small) if small < 10 ** len(match[2]) else match[0]

    text = re.sub(
        r"(\d+(?:\.\d+)?)\s+(hundred|thousand|million|billion)\b", scale, text, flags=re.I
    )
    return re.sub(r"\b(\d*[1-9])(0{6,})\s+(\d+)\b(?![.,]\d)", join, text)


def _plain(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def parse_number(text: str) -> float | None:
    """A number said in digits or words ("12", "1.5", "twelve", "a hundred"), or None."""
    said = digits(text.strip().lower())
    if said in ("a", "an", "one"):
        return 1.0
    return float(said) if re.fullmatch(NUMBER, said) else None


def number_text(value: float) -> str:
    """A value as people write it: no ".0", at most 6 decimals, no exponent below 1e15.

    Thousands are grouped from 10,000 ("86,400").
    """
    if value != value or value in (float("inf"), float("-inf")):
        return str(value)
    if float(value).is_integer() and abs(value) < 1e15:
        return f"{int(value):,}" if abs(value) >= 10_000 else str(int(value))
    if abs(value) >= 1e15 or (value != 0 and abs(value) < 1e-6):
        return f"{value:.6g}"
    return f"{value:.6f}".rstrip("0").rstrip(".")
