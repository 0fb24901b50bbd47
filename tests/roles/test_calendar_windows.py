"""Part of a day asked by its edges, and the reminders a listing of a period names (issue 15),
each family with our own paraphrases:

- "<what's on / anything / what do i have> after <hour> <day>" lists from that hour to midnight;
- "... before <hour> <day>" lists the day up to that hour;
- "... from <hour> to <hour> <day>" lists that window;
- "<what do i have> later / for the rest of the day / what's left today" lists from now on;
- a listing of a day or a period also names the reminders due in it (the timer's, read only);
  a question naming an event does not, and a question about reminders lists only them.

Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _seeded(system: AgentSystem) -> None:
    for text in (
        "add breakfast with jo today at 8am",
        "add lunch with sam today at 1pm",
        "add gym today at 5:30pm",
        "add dinner with ana today at 8pm",
        "add dentist on friday at 10am",
        "add team review on friday at 4pm",
    ):
        assert (await system.arun(text)).reply.startswith("Added")


async def _listed(system: AgentSystem, text: str) -> str:
    assert (await system.aroute(text)).role == "calendar"
    result = await system.arun(text)
    assert result.plan is not None
    assert [step.tool for step in result.plan.steps] == ["calendar.list"]
    return result.reply


LATE = "2 events: 17:30-18:30 Gym; 20:00-21:00 Dinner with ana."


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what's on after 5", f"Today from 17:00: {LATE}"),
        ("is there anything on after 5pm today", f"Today from 17:00: {LATE}"),
        (
            "what do i have after 7 tonight",
            "Today from 19:00: 1 event: 20:00-21:00 Dinner with ana.",
        ),
        (
            "do i have anything after 3pm on friday",
            "Fri 6 Mar from 15:00: 1 event: 16:00-17:00 Team review.",
        ),
    ],
)
async def test_after_an_hour_lists_the_rest_of_that_day(
    system: AgentSystem, text: str, reply: str
) -> None:
    await _seeded(system)
    assert await _listed(system, text) == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("anything before noon", "Today until 12:00: 1 event: 08:00-09:00 Breakfast with jo."),
        (
            "what have i got before 2pm today",
            "Today until 14:00: 2 events: 08:00-09:00 Breakfast with jo; "
            "13:00-14:00 Lunch with sam.",
        ),
        ("what's on before 11 on friday", "Fri 6 Mar until 11:00: 1 event: 10:00-11:00 Dentist."),
        ("anything before noon tomorrow", "Nothing on your calendar tomorrow until 12:00."),
    ],
)
async def test_before_an_hour_lists_the_day_up_to_it(
    system: AgentSystem, text: str, reply: str
) -> None:
    await _seeded(system)
    assert await _listed(system, text) == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "what's happening from 4 to 6 tomorrow",
            "Nothing on your calendar tomorrow from 16:00 to 18:00.",
        ),
        (
            "what do i have from 1 to 6 today",
            "Today from 13:00 to 18:00: 2 events: 13:00-14:00 Lunch with sam; 17:30-18:30 Gym.",
        ),
        (
            "anything between 9 and 11 on friday",
            "Fri 6 Mar from 09:00 to 11:00: 1 event: 10:00-11:00 Dentist.",
        ),
    ],
)
async def test_a_window_from_one_hour_to_another(
    system: AgentSystem, text: str, reply: str
) -> None:
    await _seeded(system)
    assert await _listed(system, text) == reply


REST = (
    "Today from 09:00: 3 events: 13:00-14:00 Lunch with sam; 17:30-18:30 Gym; "
    "20:00-21:00 Dinner with ana."
)


@pytest.mark.parametrize(
    "text",
    [
        "what do i have for the rest of the day",
        "what's left on my calendar today",
        "what have i got later",
        "anything else later on",
        "what's on for the rest of today",
    ],
)
async def test_later_and_the_rest_of_the_day_list_from_now(system: AgentSystem, text: str) -> None:
    await _seeded(system)
    assert await _listed(system, text) == REST


async def test_free_after_an_hour_looks_until_midnight(system: AgentSystem) -> None:
    await _seeded(system)
    assert (await system.arun("am i free after 5")).reply == (
        "Free today: 17:00-17:30, 18:30-20:00, 21:00-00:00."
    )


async def _reminded(system: AgentSystem) -> None:
    for text in (
        "remind me to call mom tomorrow at 9am",
        "remind me to buy milk on wednesday at 5pm",
    ):
        assert (await system.arun(text)).reply.startswith("Reminder set")


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what's on tomorrow", "Nothing on your calendar tomorrow. 1 reminder: 09:00 call mom."),
        (
            "how does wednesday look",
            "Nothing on your calendar on Wed 4 Mar. 1 reminder: 17:00 buy milk.",
        ),
        (
            "what do i have this week",
            "From Mon 2 Mar to Sun 8 Mar: 2 events: Fri 6 Mar 10:00-11:00 Dentist; Fri 6 Mar "
            "16:00-17:00 Team review. 2 reminders: Tue 3 Mar 09:00 call mom; Wed 4 Mar 17:00 buy "
            "milk.",
        ),
        (
            "what have i got tomorrow morning",
            "Nothing on your calendar tomorrow from 05:00 to 12:00. 1 reminder: 09:00 call mom.",
        ),
    ],
)
async def test_a_listing_of_a_period_names_its_reminders(
    system: AgentSystem, text: str, reply: str
) -> None:
    for added in ("add dentist on friday at 10am", "add team review on friday at 4pm"):
        await system.arun(added)
    await _reminded(system)
    assert await _listed(system, text) == reply


async def test_a_question_naming_an_event_or_another_day_names_no_reminder(
    system: AgentSystem,
) -> None:
    await system.arun("add dentist on friday at 10am")
    await _reminded(system)
    assert "reminder" not in (await system.arun("when is the dentist")).reply
    assert "reminder" not in (await system.arun("what's on friday")).reply
    assert "reminder" not in (await system.arun("any meetings tomorrow")).reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "what are my reminders for this week",
            "You have 2: reminder for tomorrow at 09:00: call mom; reminder for Wed 4 Mar at "
            "17:00: buy milk.",
        ),
        ("do i have any reminders tomorrow", "Reminder for tomorrow at 09:00: call mom."),
        ("any reminders on wednesday", "Reminder for Wed 4 Mar at 17:00: buy milk."),
        ("are there any reminders set for today", "You have no reminders today."),
        ("what are the pending reminders for tomorrow evening", "You have no reminders tomorrow"),
    ],
)
async def test_questions_about_reminders_list_only_the_reminders(
    system: AgentSystem, text: str, reply: str
) -> None:
    await system.arun("add dentist tomorrow at 10am")
    await _reminded(system)
    result = await system.arun(text)
    assert result.plan is not None
    assert [step.tool for step in result.plan.steps] == ["calendar.list"]
    assert result.reply.startswith(reply)
    assert "Dentist" not in result.reply
