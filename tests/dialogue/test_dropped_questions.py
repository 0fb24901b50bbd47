"""A question the assistant asked, dropped: "Which city?" ... "never mind" (issue 15 item 4).

Whichever role asked (which city, which list, what time, which event, which device, what to
remind about), a turn that only drops the question gets a short "OK, never mind." and changes
nothing. "cancel" after a question about what to cancel, and "stop" while a timer rings, are
the action, not a dropped question. The clock: Monday 5 January 2026, 09:00.
"""

from __future__ import annotations

import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from roles.timer.service import FiredTimer, TimerService
from tests.dialogue.conftest import geocoded

pytestmark = pytest.mark.anyio

DROPS = [
    "never mind",
    "Nevermind.",
    "forget it",
    "no thanks",
    "nothing",
    "cancel",
    "stop",
    "doesn't matter",
    "oh never mind then",
    "no, forget it",
    "don't worry about it",
    "scratch that",
    "actually i changed my mind",
]


@pytest.mark.parametrize("said", DROPS)
async def test_never_mind_drops_which_city(
    system: AgentSystem, weather: respx.MockRouter, said: str
) -> None:
    asked = await system.arun("what's the weather like", thread_id="t")
    dropped = await system.arun(said, thread_id="t")
    assert asked.reply.startswith("Which city?")
    assert dropped.reply == "OK, never mind."
    assert dropped.plan is None or not dropped.plan.steps
    assert geocoded(weather) == []


@pytest.mark.parametrize(
    ("request_", "question"),
    [
        ("set a timer", "How long should the timer run?"),
        ("set an alarm", "What time should the alarm go off?"),
        ("remind me to call mom", "When should I remind you?"),
        ("remind me at 5pm", "What should I remind you about?"),
        ("schedule a meeting with Chelsea", "When is 'Meeting with Chelsea'?"),
        ("add to my shopping list", "What should I add to your shopping list?"),
        ("create a new list", "What should I call the new list?"),
        ("turn on the light", "Which light do you mean"),
    ],
)
@pytest.mark.parametrize("said", ["never mind", "forget about it", "nope", "stop"])
async def test_every_roles_question_can_be_dropped(
    system: AgentSystem, request_: str, question: str, said: str
) -> None:
    asked = await system.arun(request_, thread_id="t")
    dropped = await system.arun(said, thread_id="t")
    assert asked.reply.startswith(question)
    assert dropped.reply == "OK, never mind."
    assert dropped.plan is None or not dropped.plan.steps


async def test_nothing_is_made_and_the_next_request_is_read_afresh(system: AgentSystem) -> None:
    await system.arun("remind me at six pm", thread_id="t")
    await system.arun("forget it", thread_id="t")
    listing = await system.arun("list my reminders", thread_id="t")
    await system.arun("schedule a meeting with Chelsea", thread_id="c")
    await system.arun("never mind", thread_id="c")
    friday = await system.arun("what's on friday", thread_id="c")
    lists = await system.arun("what's on my shopping list", thread_id="l")
    await system.arun("add to my shopping list", thread_id="l")
    await system.arun("doesn't matter", thread_id="l")
    after = await system.arun("what's on my shopping list", thread_id="l")
    assert "six" not in listing.reply and "18:00" not in listing.reply
    assert "Chelsea" not in friday.reply
    assert after.reply == lists.reply


async def test_a_city_after_the_dropped_question_is_not_its_answer(
    system: AgentSystem, weather: respx.MockRouter
) -> None:
    await system.arun("what's the weather like", thread_id="t")
    await system.arun("never mind", thread_id="t")
    later = await system.arun("in paris", thread_id="t")
    assert later.reply != "OK, never mind."
    dropped_twice = await system.arun("nevermind", thread_id="t")
    assert dropped_twice.reply == "OK, never mind."  # nothing asked any more


async def test_never_mind_with_nothing_asked_changes_nothing(system: AgentSystem) -> None:
    done = await system.arun("set a timer for 5 minutes", thread_id="t")
    said = await system.arun("never mind", thread_id="t")
    fresh = await system.arun("nevermind", thread_id="u")
    timers = await system.arun("how many timers do i have", thread_id="t")
    assert done.reply.startswith("Timer set for 5 minutes")
    assert said.reply == fresh.reply == "OK, never mind."
    assert timers.reply.startswith("You have 1 timer")  # "never mind" cancels nothing


async def test_cancel_after_which_timer_to_cancel_asks_again(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    await system.arun("set a timer for 10 minutes", thread_id="t")
    asked = await system.arun("cancel my timer", thread_id="t")
    again = await system.arun("cancel", thread_id="t")
    picked = await system.arun("the 5 minute one", thread_id="t")
    timers = await system.arun("how many timers do i have", thread_id="t")
    assert asked.reply.endswith("say which one.")
    assert again.reply == asked.reply  # "cancel" says not which one: the question stands
    assert picked.reply.startswith("Cancelled")
    assert timers.reply.startswith("You have 1 timer")


async def test_never_mind_after_which_timer_to_cancel_cancels_none(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    await system.arun("set a timer for 10 minutes", thread_id="t")
    await system.arun("stop my timer", thread_id="t")
    dropped = await system.arun("never mind", thread_id="t")
    cancel = await system.arun("cancel", thread_id="u")
    timers = await system.arun("how many timers do i have", thread_id="t")
    assert dropped.reply == "OK, never mind."
    assert timers.reply.startswith("You have 2 timers")
    assert cancel.reply != "OK, never mind."  # no question there: "cancel" drops nothing


async def test_cancel_after_which_event_to_delete_is_the_delete(system: AgentSystem) -> None:
    await system.arun("add dentist tomorrow at 3pm", thread_id="t")
    await system.arun("add gym tomorrow at 5pm", thread_id="t")
    asked = await system.arun("delete one of my events", thread_id="t")
    again = await system.arun("cancel", thread_id="t")
    stop = await system.arun("stop", thread_id="t")
    listing = await system.arun("what's on tomorrow", thread_id="t")
    assert asked.reply.startswith("Which event should I delete")
    assert again.reply == asked.reply
    assert stop.reply == "OK, never mind."  # a stop is no delete
    assert "Dentist" in listing.reply and "Gym" in listing.reply
    await system.arun("delete one of my events", thread_id="u")
    await system.arun("cancel it", thread_id="u")
    picked = await system.arun("the gym", thread_id="u")
    left = await system.arun("what's on tomorrow", thread_id="u")
    assert "Gym" in picked.reply and "Gym" not in left.reply and "Dentist" in left.reply


async def test_cancel_after_which_list_to_delete_asks_it_again(system: AgentSystem) -> None:
    await system.arun("create a list called packing", thread_id="s")  # (in "t": that list)
    asked = await system.arun("delete the list", thread_id="t")
    again = await system.arun("cancel that", thread_id="t")
    dropped = await system.arun("never mind", thread_id="t")
    lists = await system.arun("what lists do i have", thread_id="t")
    assert asked.reply == again.reply == "Which list should I delete?"
    assert dropped.reply == "OK, never mind."
    assert "packing list" in lists.reply


async def test_stop_while_an_alarm_rings_stops_it_even_after_a_question(
    system: AgentSystem, clock: FakeClock
) -> None:
    await system.arun("set an alarm for 9:05", thread_id="set")
    fired: list[FiredTimer] = []

    async def inbox(item: FiredTimer) -> None:
        fired.append(item)

    service = TimerService(system.engine.runtime, inbox)
    await system.arun("what's the weather like", thread_id="t")
    for _ in range(11):
        clock.advance(30)
        await service.tick()
    stopped = await system.arun("stop", thread_id="t")
    assert [item.text for item in fired] == ["Alarm (09:05)."]
    assert stopped.reply == "Stopped your alarm."


async def test_a_dropped_question_routes_back_to_the_role_that_asked(system: AgentSystem) -> None:
    await system.arun("turn on the light", thread_id="t")
    decision = await system.aroute("never mind", thread_id="t")
    plan = await system.aplan("never mind", thread_id="t")
    assert decision.role == "smart_home" and decision.slots.get("dismissed")
    assert plan.steps == []


async def test_each_dropped_question_gets_a_decision_of_its_own(system: AgentSystem) -> None:
    await system.arun("turn on the light", thread_id="t")
    await system.arun("turn on the light", thread_id="u")
    first = await system.aroute("never mind", thread_id="t")
    second = await system.aroute("never mind", thread_id="u")
    assert first.model_dump(exclude={"elapsed_ms"}) == second.model_dump(exclude={"elapsed_ms"})
    assert first is not second  # ...but not one shared object: routing times its own copy
    first.slots["dismissed"] = False
    assert second.slots["dismissed"] is True
