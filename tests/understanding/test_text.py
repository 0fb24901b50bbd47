"""The shared normaliser: one canonical form for every way of saying a request."""

from __future__ import annotations

import pytest

from agent_system.understanding import normalize

CASES = [
    ("Could you please set a timer for twenty-five minutes?", "set a timer for 25 minutes"),
    ("What's on at seven thirty p.m. tmrw", "what is on at 7:30 pm tomorrow"),
    ("Hey, can you tell me the weather in New York?", "tell me the weather in new york"),
    ("I'd like you to dim the lights to fifty percent, thanks!", "dim the lights to 50 percent"),
    ("set a timer for two and a half minutes", "set a timer for 2.5 minutes"),
    ("alarms at quarter past six and half past seven", "alarms at quarter past 6 and half past 7"),
    ("at six and half past seven", "at 6 and half past 7"),
    ("add mom's birthday on the third of march", "add mom's birthday on the 3rd of march"),
    ("wake me at one", "wake me at 1"),
    ("turn on the one in the kitchen", "turn on the one in the kitchen"),
    ("set a timer for -5 minutes", "set a timer for -5 minutes"),
    ("it's 5 o clock", "it is 5 o'clock"),
    ("at seven oh five am", "at 7:05 am"),
    ("I don't want it, won't you stop", "i do not want it, will not you stop"),
    ("a hundred and twenty", "120"),
    ("um, set a 5-minute timer for me", "set a 5 minute timer"),
    ("Gonna need a timer; 10 mins", "going to need a timer; 10 minutes"),
    ("march third twenty twenty seven", "march 3rd 2027"),
    ("the twenty second of june nineteen ninety nine", "the 22nd of june 1999"),
    ("april one two thousand and seventeen", "april 1 2017"),
    ("my ten thirty meeting", "my 10:30 meeting"),
    ("twelve forty five call with the bank", "12:45 call with the bank"),
    ("buy 2 40 watt bulbs", "buy 2 40 watt bulbs"),
    ("on march 3rd 20 30 minutes", "on march 3rd 20 30 minutes"),
    ("may one ask", "may one ask"),
    ("is there christmas on twenty second", "is there christmas on 22nd"),
    ("do we have thirty first day this month", "do we have 31st day this month"),
    ("set a twenty second timer", "set a 20 second timer"),
    ("remind me every twenty second", "remind me every 20 second"),
    ("set alarm for seven fifteen p m", "set alarm for 7:15 pm"),
    ("wake me at 6 a m tomorrow", "wake me at 6 am tomorrow"),
    ("party at three p m on friday", "party at 3 pm on friday"),
    ("i am a m student", "i am a m student"),
]


@pytest.mark.parametrize(("raw", "expected"), CASES)
def test_normalize_gives_the_canonical_form(raw: str, expected: str) -> None:
    assert normalize(raw) == expected


@pytest.mark.parametrize(("raw", "expected"), CASES)
def test_normalize_is_idempotent(raw: str, expected: str) -> None:
    assert normalize(expected) == expected
    assert normalize(normalize(raw)) == normalize(raw)


def test_possessives_and_decimals_and_times_survive() -> None:
    assert normalize("Sam's party at 7.30, 2.5 hours") == "sam's party at 7.30, 2.5 hours"
    assert normalize("meet at 10:15!") == "meet at 10:15"


def test_blank_text_normalizes_to_nothing() -> None:
    assert normalize("  ?! ") == ""


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("would you mind turning on the lights", "turn on the lights"),
        ("Would you mind putting the kettle on", "put the kettle on"),
        ("do you mind making me a coffee", "make me a coffee"),
        ("could you mind dimming the lamp please", "dim the lamp"),
        ("would you mind adding milk to my list", "add milk to my list"),
    ],
)
def test_would_you_mind_doing_is_the_command(raw: str, expected: str) -> None:
    assert normalize(raw) == expected


@pytest.mark.parametrize("raw", ["i dont mind waiting", "mind the gap", "never mind"])
def test_mind_said_otherwise_stays(raw: str) -> None:
    assert normalize(raw) == raw
