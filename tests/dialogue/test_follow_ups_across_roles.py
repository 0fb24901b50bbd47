"""Second turns that lean on the first, across roles: "forget that" after a listing, "the other
one" after a cancel, "remove it" after an add, "what should i wear?" after the weather, "and the
back door" after a lock, "what notifications do i have". Through the public API, offline, on
the fake clock (Monday 5 January 2026, 09:00 UTC)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.events import RunResult
from tests.roles._open_meteo import OpenMeteo, Sky, place

pytestmark = pytest.mark.anyio


def calls(result: RunResult) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.arguments)) for s in result.plan.steps] if result.plan else []


@pytest.fixture
def weather() -> Iterator[respx.MockRouter]:
    """Open-Meteo for this module: Oslo cold and wet, Seville hot and sunny."""
    service = OpenMeteo()
    service.add(place("Oslo", "Norway", "NO", lat=60.0), Sky(temp=2.0, low=-3.0, rain=70.0))
    service.add(place("Seville", "Spain", "ES", lat=37.0), Sky(temp=29.0, code=0, rain=0.0))
    with respx.mock(assert_all_called=False) as router:
        service.mock(router)
        yield router


# --- memory --------------------------------------------------------------------------------


async def test_forget_that_after_one_fact_was_listed(system: AgentSystem) -> None:
    await system.arun("remember my gym locker is 318", thread_id="t")
    await system.arun("what do you know about me", thread_id="t")
    gone = await system.arun("forget that", thread_id="t")
    kept = await system.arun("what do you remember", thread_id="t")
    assert [tool for tool, _ in calls(gone)] == ["memory.forget"]
    assert gone.reply.startswith("OK, I've forgotten")
    assert "318" not in kept.reply


async def test_forget_it_after_a_fact_was_said_back(system: AgentSystem) -> None:
    await system.arun("remember my bike lock code is 5521", thread_id="t")
    said = await system.arun("what's my bike lock code?", thread_id="t")
    gone = await system.arun("please forget it", thread_id="t")
    kept = await system.arun("what do you remember", thread_id="t")
    assert said.reply == "Your bike lock code is 5521."
    assert [tool for tool, _ in calls(gone)] == ["memory.forget"]
    assert "5521" not in kept.reply


async def test_forget_that_after_several_were_listed_asks_which(system: AgentSystem) -> None:
    await system.arun("remember my gym locker is 318", thread_id="t")
    await system.arun("remember that the bins go out on tuesday", thread_id="t")
    await system.arun("what do you remember", thread_id="t")
    asked = await system.arun("forget that", thread_id="t")
    kept = await system.arun("what do you remember", thread_id="t")
    assert asked.reply == ("I remember 2 things; say which one to forget ('forget my gym locker').")
    assert "318" in kept.reply and "bins" in kept.reply


# --- timers ------------------------------------------------------------------------------


async def test_the_other_one_after_a_cancel_is_the_one_left(system: AgentSystem) -> None:
    await system.arun("set a timer for 10 minutes", thread_id="t")
    await system.arun("set another one for 25 minutes", thread_id="t")
    await system.arun("cancel the first one", thread_id="t")
    left = await system.arun("how much time is left on the other one", thread_id="t")
    paused = await system.arun("ok pause the other timer", thread_id="t")
    assert left.reply == "The 25-minute timer: 25 minutes left."
    assert paused.reply.startswith("Paused the 25-minute timer")


async def test_the_8am_one_right_after_setting_alarms(system: AgentSystem) -> None:
    await system.arun("set an alarm for 6am", thread_id="t")
    await system.arun("set an alarm for 8am", thread_id="t")
    gone = await system.arun("delete the 8am one", thread_id="t")
    left = await system.arun("what time is the other one", thread_id="t")
    assert gone.reply == "Cancelled alarm for tomorrow at 08:00."
    assert left.reply == "Alarm for tomorrow at 06:00."


async def test_the_pending_notifications_are_the_reminders(system: AgentSystem) -> None:
    await system.arun("notify me at 5pm to call the garage", thread_id="t")
    for asked in ("what notifications do i have", "show me my pending notifications"):
        result = await system.arun(asked, thread_id="u")
        assert calls(result) == [("timer.list", {"kind": "reminder"})]
        assert result.reply == "Reminder for 17:00: call the garage."


# --- lists -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said", ["remove it", "actually take it off", "scratch that", "cancel that", "undo that"]
)
async def test_an_item_just_added_is_taken_back(system: AgentSystem, said: str) -> None:
    await system.arun("add oat milk to my shopping list", thread_id="t")
    result = await system.arun(said, thread_id="t")
    shown = await system.arun("what's on my shopping list", thread_id="t")
    assert calls(result) == [("lists.remove", {"item": "oat milk", "list_name": "shopping"})]
    assert shown.reply == "Your shopping list is empty."


async def test_several_items_just_added_are_taken_back(system: AgentSystem) -> None:
    await system.arun("add lemons and rice to my shopping list", thread_id="t")
    result = await system.arun("take them off again", thread_id="t")
    assert [args["item"] for _, args in calls(result)] == ["lemons", "rice"]


async def test_and_on_another_list_reads_that_list(system: AgentSystem) -> None:
    await system.arun("add fix the gate to my to-do list", thread_id="x")
    await system.arun("what's on my shopping list", thread_id="t")
    result = await system.arun("and on my to-do list?", thread_id="t")
    assert [tool for tool, _ in calls(result)] == ["lists.show"]
    assert "fix the gate" in result.reply.lower()


# --- weather -----------------------------------------------------------------------------


async def test_what_to_wear_after_the_weather(system: AgentSystem) -> None:
    await system.arun("what's the weather in oslo tomorrow", thread_id="t")
    cold = await system.arun("so what should i wear?", thread_id="t")
    hot = await system.arun("how should i dress in seville today", thread_id="u")
    assert calls(cold)[0][1] == {"place": "Oslo", "day": "tomorrow", "wear": "what to wear"}
    assert cold.reply.startswith("I'd wear a warm coat, and take an umbrella.")
    assert hot.reply.startswith("I'd wear light clothes, and take sunscreen.")


# --- home --------------------------------------------------------------------------------


async def test_and_the_back_door_after_locking_the_front_door(system: AgentSystem) -> None:
    await system.arun("lock the front door", thread_id="t")
    result = await system.arun("and the back door", thread_id="t")
    assert calls(result) == [("smart_home.lock", {"device": "back door"})]
    assert "no lock on the back door" in result.reply


# --- past a chat answer --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chat", "then"), [("what's the time", "cancel it"), ("thanks", "stop it")]
)
async def test_it_reaches_past_a_chat_answer(system: AgentSystem, chat: str, then: str) -> None:
    await system.arun("set a timer for 15 minutes", thread_id="other")
    await system.arun("set a timer for 5 minutes", thread_id="t")
    await system.arun(chat, thread_id="t")
    result = await system.arun(then, thread_id="t")
    left = await system.arun("what timers do i have", thread_id="t")
    assert result.reply == "Cancelled the 5-minute timer."
    assert left.reply == "The 15-minute timer: 15 minutes left."


async def test_forget_the_thing_just_remembered_by_its_name(system: AgentSystem) -> None:
    await system.arun("remember that the gate code is 4521", thread_id="t")
    result = await system.arun("forget the gate code", thread_id="t")
    asked = await system.arun("what's the gate code", thread_id="t")
    assert [tool for tool, _ in calls(result)] == ["memory.forget"]
    assert "4521" not in asked.reply


# --- once more -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "again", "starts"),
    [
        ("flip a coin", "again", ("Heads.", "Tails.")),
        ("toss a coin for me", "do it again", ("Heads.", "Tails.")),
        ("roll a die", "one more time", ("You rolled a",)),
    ],
)
async def test_a_draw_once_more(
    system: AgentSystem, first: str, again: str, starts: tuple[str, ...]
) -> None:
    await system.arun(first, thread_id="t")
    result = await system.arun(again, thread_id="t")
    assert result.reply.startswith(starts)


async def test_what_is_it_again_after_a_fact(system: AgentSystem) -> None:
    await system.arun("remember my wifi password is heron42", thread_id="t")
    result = await system.arun("what is it again?", thread_id="t")
    assert result.reply == "Your wifi password is heron42."


@pytest.mark.parametrize("first", ["set a timer for 20 minutes", "set an alarm for 6:15am"])
async def test_stop_right_after_setting_one_cancels_it(system: AgentSystem, first: str) -> None:
    await system.arun(first, thread_id="t")
    result = await system.arun("stop", thread_id="t")
    assert result.reply.startswith("Cancelled")


async def test_and_one_for_8_after_an_alarm_sets_one_more(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am", thread_id="t")
    result = await system.arun("and one for 8", thread_id="t")
    both = await system.arun("list my alarms", thread_id="t")
    assert result.reply == "Alarm set for tomorrow at 08:00."
    assert both.reply.startswith("You have 2")


async def test_a_measure_or_a_unit_after_the_weather_is_no_place(system: AgentSystem) -> None:
    await system.arun("what's the weather in oslo", thread_id="t")
    humid = await system.arun("and the humidity?", thread_id="t")
    imperial = await system.arun("in fahrenheit?", thread_id="t")
    assert calls(humid) == [("weather.current", {"place": "Oslo", "measure": "humidity"})]
    unit = calls(imperial)[0][1]
    assert (unit["place"], unit["units"]) == ("Oslo", "imperial")


async def test_a_day_then_a_place_after_the_weather(system: AgentSystem) -> None:
    await system.arun("what's the weather in oslo", thread_id="t")
    result = await system.arun("how about tomorrow in seville?", thread_id="t")
    assert calls(result) == [("weather.forecast", {"place": "Seville", "day": "2026-01-06"})]
