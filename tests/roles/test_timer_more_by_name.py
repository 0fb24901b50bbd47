"""Time added to a timer named only by its label (issue 15, dogfood): "add 1 minute to pasta"
after "set a timer for 10 minutes for pasta" adds a minute to that timer; it never sets a new
1-minute timer called pasta.

Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("said", "left"),
    [
        ("add 1 minute to pasta", "11 minutes"),
        ("add 2 more minutes to the pasta timer", "12 minutes"),
        ("give the pasta 5 more minutes", "15 minutes"),
        ("give the pasta another three minutes", "13 minutes"),
        ("put an extra minute on the pasta", "11 minutes"),
        ("4 more minutes on the pasta please", "14 minutes"),
        ("add half an hour to the pasta one", "40 minutes"),
    ],
)
async def test_time_said_for_a_named_timer_goes_on_that_timer(
    system: AgentSystem, said: str, left: str
) -> None:
    made = await system.arun("set a timer for 10 minutes for pasta")
    added = await system.arun(said, thread_id=made.thread_id)
    assert added.reply.startswith("Added "), added.reply
    listed = await system.arun("what timers do i have")
    assert listed.reply == f"Timer 'pasta': {left} left."


async def test_the_label_alone_finds_the_timer_in_a_new_thread(system: AgentSystem) -> None:
    await system.arun("start a 12 minute timer called rice")
    added = await system.arun("add 3 minutes to rice")
    assert added.reply.startswith("Added 3 minutes to the rice timer: 15 minutes left")
    assert (await system.arun("what timers do i have")).reply == "Timer 'rice': 15 minutes left."


async def test_the_right_one_of_two_timers_gets_the_time(system: AgentSystem) -> None:
    made = await system.arun("set a timer for 10 minutes for pasta")
    await system.arun("set a timer for 20 minutes for the roast", thread_id=made.thread_id)
    await system.arun("give the roast 5 more minutes", thread_id=made.thread_id)
    listed = await system.arun("what timers do i have")
    assert "timer 'pasta': 10 minutes left" in listed.reply
    assert "timer 'roast': 25 minutes left" in listed.reply


async def test_no_timer_of_that_name_sets_nothing(system: AgentSystem) -> None:
    added = await system.arun("add 1 minute to pasta")
    assert "1 minute" not in (await system.arun("what timers do i have")).reply
    assert added.reply.startswith("You have no timers")
