"""Sums said the way people say them, worked out without `eval`.

"what's 15% of 80", "12 times 7", "how much is 250 divided by 5", "calculate (3 + 4) * 2", "the
square root of 144", "2 to the power of 10", "add 5 and 7", "subtract 3 from 10", "multiply 6
by 7", "divide 100 by 4", "the average of 4, 8 and 9", "half of 30", "what percent of 80 is 20",
"what's a 20% tip on 85". `work_out` reads the whole text or nothing: a request with anything
else in it ("add 5 minutes to the timer") is not a sum.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from agent_system._lazy import lazy_pattern
from agent_system.understanding._memo import per_request
from tools._numbers import NUMBER, UNSIGNED, digits, number_text

__all__ = ["Answer", "lead_stripped", "work_out"]

_LEAD = lazy_pattern(
    r"^(?:(?:hey|hi|ok|okay|so|um|please)\s+)*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?"
    r"(?:tell\s+me\s+)?)?(?:(?:please\s+)?(?:tell\s+me|do\s+you\s+know|i\s+(?:want|need)\s+to\s+"
    r"know|(?:please\s+)?(?:provide|give\s+me))\s+)?(?:what(?:\s+is|'s|s)|what(?=\s+[\d(-])|what\s+are|how\s+much\s+(?:is|are)|calculate|compute|"
    r"work\s+out|figure\s+out|solve|evaluate|what\s+do\s+(?:you|i)\s+get\s+(?:if|when)\s+(?:you|i)"
    r"|what\s+does)?\s*",
    re.IGNORECASE,
)
_TAIL = lazy_pattern(
    r"(?:\s*(?:equals?|make|makes|come\s+to|is|for\s+me|please|exactly|again|\?|!|\.|=|,))*\s*$",
    re.IGNORECASE,
)


@per_request
def lead_stripped(text: str) -> str:
    """`text` without the words around a question ("what's ... please?"), number words in digits.

    Read once per request (`per_request`): the unit conversion and the sum both start from it.
    """
    said = digits(text.strip().lower().replace("’", "'"))
    said = re.sub(r"[$£€](?=\s*\d)", "", _LEAD.sub("", said, count=1))
    return _TAIL.sub("", said).strip()


@dataclass(frozen=True)
class Answer:
    """A worked-out sum: how it reads (``12 × 7``), its value, or why there is none."""

    shown: str
    value: float | None = None
    problem: str | None = None
    sentence: str | None = None

    @property
    def reply(self) -> str:
        """What the user reads: "12 × 7 = 84", "5 miles is 8.05 km.", or the problem."""
        if self.problem is not None:
            return self.problem
        if self.sentence is not None:
            return self.sentence
        assert self.value is not None
        return f"{self.shown} = {number_text(self.value)}"


class _Unworkable(Exception):
    """The sum has no answer (division by zero, a number too big)."""


_WORDS_SAID = (  # longest first: "multiplied by" before "by"
    (r"\bmultiplied\s+by\b|\btimes\b|(?<=\d)\s*x\s*(?=[\d(.-])|\*|×", " * "),
    (r"\bdivided\s+by\b|\bover\b|÷|/", " / "),
    (r"\bplus\b|\+", " + "),
    (r"\bminus\b|\btake\s+away\b|\bless\b|−|-", " - "),
    (r"\bto\s+the\s+(\d+)(?:st|nd|rd|th)\s+power\b", r" ^ \1 "),
    (r"(\d+)\s*/\s*(\d+)\s+of\b", r" ( \1 / \2 ) * "),
    (r"\bto\s+the\s+power\s+of\b|\braised\s+to(?:\s+the\s+power\s+of)?\b|\^|\*\*", " ^ "),
    (r"\bsquared\b", " ^ 2 "),
    (r"\bcubed\b", " ^ 3 "),
    (r"\b(?:the\s+)?square\s+root\s+of\b|\bsqrt\b|√", " sqrt "),
    (r"\b(?:the\s+)?cube\s+root\s+of\b", " cbrt "),
    (r"\s*(?:per\s*cent|percent|%)", " % "),
    (r"\b(?:a\s+)?half\s+of\b", " 0.5 * "),
    (r"\b(?:a\s+)?third\s+of\b", " 0.333333333333 * "),
    (r"\b(?:a\s+)?quarter\s+of\b", " 0.25 * "),
    (r"\b(?:double|twice)\b", " 2 * "),
    (r"\btriple\b", " 3 * "),
)
_WORDS = tuple((lazy_pattern(pattern, re.IGNORECASE), into) for pattern, into in _WORDS_SAID)
_TOKEN = lazy_pattern(rf"\s*(?:(?P<num>{UNSIGNED})|(?P<op>[-+*/^()%])|(?P<word>sqrt|cbrt|of))")
_PRETTY = {"*": "×", "/": "÷", "-": "−"}


def _tokens(text: str) -> list[str] | None:
    for pattern, replacement in _WORDS:
        text = pattern.sub(replacement, text)
    tokens, at = [], 0
    while at < len(text.rstrip()):
        found = _TOKEN.match(text, at)
        if found is None:
            return None
        tokens.append(found.group().strip())
        at = found.end()
    return tokens


class _Parser:
    """A recursive-descent parser over the tokens, counting the operators it applies.

    expr := term (+|- term)*; term := power (*|/ power)*; power := unary (^ power)?;
    unary := - unary | sqrt unary | cbrt unary | atom [% [of unary]]; atom := number | ( expr ).
    """

    def __init__(self, tokens: list[str]) -> None:
        self.tokens, self.at, self.operators = tokens, 0, 0

    def peek(self) -> str | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> str:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def expr(self) -> float:
        value = self.term()
        while self.peek() in ("+", "-"):
            op, self.operators = self.take(), self.operators + 1
            right = self.term()
            value = value + right if op == "+" else value - right
        return value

    def term(self) -> float:
        value = self.power()
        while self.peek() in ("*", "/"):
            op, self.operators = self.take(), self.operators + 1
            right = self.power()
            if op == "/" and right == 0:
                raise _Unworkable("You can't divide by zero.")
            value = value * right if op == "*" else value / right
        return value

    def power(self) -> float:
        base = self.unary()
        if self.peek() == "^":
            self.take()
            self.operators += 1
            exponent = self.power()
            if abs(exponent) > 1000 or (base == 0 and exponent < 0):
                raise _Unworkable("That number is too big for me to work out.")
            try:
                return float(base**exponent)
            except (OverflowError, ZeroDivisionError):
                raise _Unworkable("That number is too big for me to work out.") from None
        return base

    def unary(self) -> float:
        token = self.peek()
        if token == "-":
            self.take()
            return -self.unary()
        if token in ("sqrt", "cbrt"):
            self.take()
            self.operators += 1
            value = self.unary()
            if token == "sqrt":
                if value < 0:
                    raise _Unworkable("A negative number has no real square root.")
                return math.sqrt(value)
            return math.copysign(abs(value) ** (1 / 3), value)
        value = self.atom()
        if self.peek() == "%":
            self.take()
            value /= 100
            if self.peek() == "of":
                self.take()
                self.operators += 1
                value *= self.unary()
        return value

    def atom(self) -> float:
        token = self.peek()
        if token == "(":
            self.take()
            value = self.expr()
            if self.peek() != ")":
                raise ValueError("unclosed bracket")
            self.take()
            return value
        if token is None or not re.fullmatch(UNSIGNED, token):
            raise ValueError("a number was expected")
        self.take()
        return float(token)


def _evaluate(text: str) -> Answer | None:
    tokens = _tokens(text)
    if not tokens:
        return None
    parser = _Parser(tokens)
    shown = " ".join(_PRETTY.get(t, "√" if t == "sqrt" else t) for t in tokens)
    shown = re.sub(
        r"√ ", "√", re.sub(r" %", "%", re.sub(r"\( | \)", lambda m: m[0].strip(), shown))
    )
    shown = re.sub(r"(^|[(×÷+−^] )− (?=\d)", r"\1−", shown)  # a minus sign, not a subtraction
    for fraction, glyph in (("0.5", "½"), ("0.25", "¼"), ("0.333333333333", "⅓")):
        shown = re.sub(rf"^{re.escape(fraction)} ×", f"{glyph} ×", shown)
    try:
        value = parser.expr()
    except _Unworkable as problem:
        return Answer(shown, problem=str(problem))
    except (ValueError, IndexError):
        return None
    if parser.at != len(tokens) or parser.operators == 0:
        return None  # words left over, or no sum at all ("what is 5")
    if not math.isfinite(value) or abs(value) >= 1e100:
        return Answer(shown, problem="That number is too big for me to work out.")
    return Answer(shown, value)


_N = rf"(?:{NUMBER})"
_LIST = rf"{_N}(?:\s*,\s*{_N})*(?:\s*,?\s*and\s+{_N})"
_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (lazy_pattern(pattern, re.IGNORECASE), template)
    for pattern, template in (
        (
            rf"^(?:add|sum)(?:\s+up)?\s+(?P<a>{_N})\s+(?:and|to|plus|with)\s+(?P<b>{_N})$",
            "{a} + {b}",
        ),
        (
            rf"^how\s+many\s+times\s+(?:does|can|will|do)\s+(?P<a>{_N})\s+go\s+into\s+(?P<b>{_N})$",
            "{b} / {a}",
        ),
        (
            rf"^(?:subtract|take(?:\s+away)?|deduct)\s+(?P<a>{_N})\s+from\s+(?P<b>{_N})$",
            "{b} - {a}",
        ),
        (rf"^multiply\s+(?P<a>{_N})\s+(?:by|and|with|times)\s+(?P<b>{_N})$", "{a} * {b}"),
        (rf"^(?:the\s+)?product\s+of\s+(?P<a>{_N})\s+and\s+(?P<b>{_N})$", "{a} * {b}"),
        (rf"^divide\s+(?P<a>{_N})\s+by\s+(?P<b>{_N})$", "{a} / {b}"),
        (rf"^divide\s+(?P<a>{_N})\s+into\s+(?P<b>{_N})$", "{b} / {a}"),
        (rf"^(?:the\s+)?quotient\s+of\s+(?P<a>{_N})\s+and\s+(?P<b>{_N})$", "{a} / {b}"),
        (rf"^(?:the\s+)?difference\s+between\s+(?P<a>{_N})\s+and\s+(?P<b>{_N})$", "diff"),
        (
            rf"^(?P<split>split)\s+(?P<a>{_N})\s+(?:between|among|by|into|in)\s+(?P<b>{_N})(?:\s+\w+)?$",
            "{a} / {b}",
        ),
    )
)
_AVERAGE = lazy_pattern(
    rf"^(?:the\s+)?(?P<how>average|mean|sum|total)\s+of\s+(?P<list>{_LIST})$", re.IGNORECASE
)
_SUM_OF = lazy_pattern(r"^(?:the\s+)?(?:sum|total|result)\s+of\s+(?=.*[-+*/^])", re.IGNORECASE)
_OFF = lazy_pattern(
    rf"^(?P<p>{_N})\s*(?:%|percent|per\s*cent)\s+off\s+(?:of\s+)?(?P<b>{_N})"
    r"(?:\s*(?:dollars?|pounds?|euros?|bucks))?$",
    re.IGNORECASE,
)
_DIVISIBLE = lazy_pattern(rf"^is\s+(?P<a>{_N})\s+(?:evenly\s+)?divisible\s+by\s+(?P<b>{_N})$", re.I)
_SHARE = lazy_pattern(
    rf"^(?:what\s+)?(?:percent|percentage|%)\s+of\s+(?P<b>{_N})\s+is\s+(?P<a>{_N})$"
    rf"|^(?P<a2>{_N})\s+is\s+what\s+(?:percent|percentage|%)\s+of\s+(?P<b2>{_N})$",
    re.IGNORECASE,
)
_TIP = lazy_pattern(
    rf"^(?:an?\s+|the\s+)?(?P<p>{_N})\s*(?:%|percent|per\s*cent)\s+tip\s+(?:on|for|of)\s+"
    rf"(?:an?\s+|the\s+)?[$£€]?\s*(?P<bill>{_N})(?:\s*(?:dollars?|pounds?|euros?))?"
    r"(?:\s+(?:bill|meal|check|cheque|tab))?$",
    re.IGNORECASE,
)


def work_out(text: str, *, tips: bool = True) -> Answer | None:
    """The sum `text` asks for, or None when `text` is not (only) a sum.

    ``tips=False`` leaves tips and bills split ("a 20% tip on 85", "split 90 between 3 people")
    unread: the conversation role's first stage leaves them to a tips role a plugin may add
    (docs/roles.md's worked example is one).
    """
    said = lead_stripped(text)
    said = re.sub(r"^(?:the\s+)?(?:answer|result)\s+(?:to|of)\s+", "", said)
    if not said or not re.search(r"\d", said):
        return None
    if (tip := _TIP.match(said)) and not tips:
        return None
    if tip:
        percent, bill = float(tip["p"]), float(tip["bill"])
        amount = bill * percent / 100
        total = number_text(round(bill + amount, 2))
        tip_text = f"{number_text(percent)}% tip on {number_text(bill)}"
        said_tip = f"A {tip_text} is {number_text(round(amount, 2))} (a total of {total})."
        return Answer(tip_text, round(amount, 2), sentence=said_tip)
    if share := _SHARE.match(said):
        part, whole = float(share["a"] or share["a2"]), float(share["b"] or share["b2"])
        shown = f"{number_text(part)} of {number_text(whole)}"
        if whole == 0:
            return Answer(shown, problem="You can't divide by zero.")
        share_value = part / whole * 100
        return Answer(
            shown, share_value, sentence=f"{shown} is {number_text(round(share_value, 2))}%."
        )
    if average := _AVERAGE.match(said):
        values = [float(v) for v in re.findall(NUMBER, average["list"])]
        mean = average["how"].lower() in ("average", "mean")
        word = "average" if mean else "sum"
        shown = f"The {word} of {', '.join(number_text(v) for v in values)}"
        result = sum(values) / len(values) if mean else float(sum(values))
        return Answer(shown, result, sentence=f"{shown} is {number_text(round(result, 6))}.")
    if off := _OFF.match(said):
        percent, price = float(off["p"]), float(off["b"])
        left = round(price * (1 - percent / 100), 2)
        shown = f"{number_text(percent)}% off {number_text(price)}"
        return Answer(shown, left, sentence=f"{shown} is {number_text(left)}.")
    if divisible := _DIVISIBLE.match(said):
        a, b = float(divisible["a"]), float(divisible["b"])
        shown = f"{number_text(a)} ÷ {number_text(b)}"
        if b == 0:
            return Answer(shown, problem="You can't divide by zero.")
        whole = (a / b).is_integer()
        verdict = "Yes" if whole else "No"
        return Answer(shown, a / b, sentence=f"{verdict}: {shown} = {number_text(a / b)}.")
    said = _SUM_OF.sub("", said)
    for pattern, template in _FORMS:
        if (found := pattern.match(said)) and not tips and found.groupdict().get("split"):
            return None  # a bill split between people: a tips plugin's
        if found:
            if template == "diff":
                a, b = float(found["a"]), float(found["b"])
                return Answer(f"{number_text(max(a, b))} − {number_text(min(a, b))}", abs(a - b))
            said = template.format(a=found["a"], b=found["b"])
            break
    return _evaluate(said)
