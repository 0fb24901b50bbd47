"""Typing slips in command words are read as meant ("set a timmer for 5 minuets"); names,
places, titles and ordinary words stay as typed. Through the public API where it acts."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.understanding._respell import respelled


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("set a timmer for 5 minuets", "set a timer for 5 minutes"),
        ("turn of the lights", "turn off the lights"),
        ("turn of my bedroom lamp", "turn off my bedroom lamp"),
        ("whats on my calender tommorow", "whats on my calendar tomorrow"),
        ("remind me tomorow at 9", "remind me tomorrow at 9"),
        ("cancle my alram", "cancel my alarm"),
        ("book a dentist apointment", "book a dentist appointment"),
        ("wats the wether in paris", "wats the weather in paris"),
        ("schedual a meeting on wednsday", "schedule a meeting on wednesday"),
    ],
)
def test_a_slip_of_a_command_word_is_read_as_it(typed: str, meant: str) -> None:
    assert respelled(typed) == meant


@pytest.mark.parametrize(
    "typed",
    [
        "hows the weather",  # "how's" without its apostrophe
        "add zumba class on friday",
        "weather in lyon",
        "remind me to call anna",
        "add quinoa to my list",
        "turn of the century",
        "olly what time is it",
        "set a timer called Timr",  # a capital: typed on purpose
        "play some jazz",
        "add grocerys",
        "reschedule my lunch",  # a word made of a command word
        "unschedule the review",
        "is it wetter in oslo",
        "tonite",
        "what time is it in dooa",  # a place: four letters are too few to tell
        'is "calender" a word',  # asked about as written
        "rescind the offer",
    ],
)
def test_names_places_and_words_stay_as_typed(typed: str) -> None:
    assert respelled(typed) == typed


@pytest.mark.anyio
async def test_a_timer_typed_with_slips_is_set(system: AgentSystem) -> None:
    result = await system.arun("set a timmer for 5 minuets")
    assert result.reply.startswith("Timer set for 5 minutes")
    route = await system.aroute("cancle my alram")
    assert route.role == "timer"
