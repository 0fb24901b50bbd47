"""Calendar follow-ups and events named by their hour, through the public API (issue 15).

The fake clock starts on Monday 2026-01-05 at 09:00 UTC.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def test_what_about_at_8_narrows_the_day_just_listed(system: AgentSystem) -> None:
    await system.arun("add yoga tomorrow at 8pm", thread_id="setup")
    await system.arun("add breakfast with Ana tomorrow at 8am", thread_id="setup")
    await system.arun("what's on my calendar tomorrow", thread_id="t")
    plan = await system.aplan("what about at 8?", thread_id="t")
    assert [(s.tool, s.arguments["start"][:10]) for s in plan.steps] == [
        ("calendar.list", "2026-01-06")
    ]
    result = await system.arun("what about at 8?", thread_id="t")
    assert "Breakfast" in result.reply and "Yoga" not in result.reply  # 8 is 08:00
    evening = await system.arun("and in the evening?", thread_id="t")
    assert "Yoga" in evening.reply and "Breakfast" not in evening.reply


async def test_a_follow_up_keeps_what_the_listing_asked_for(system: AgentSystem) -> None:
    await system.arun("add dentist appointment on friday at 10am", thread_id="setup")
    await system.arun("add lunch with Sam on friday at 1pm", thread_id="setup")
    await system.arun("when is my dentist appointment tomorrow", thread_id="t")
    result = await system.arun("and on friday?", thread_id="t")
    assert "Dentist appointment" in result.reply
    assert "Lunch with Sam" not in result.reply


async def test_an_event_named_by_its_hour_is_the_one_changed(system: AgentSystem) -> None:
    await system.arun("add budget meeting tomorrow at 5pm", thread_id="setup")
    await system.arun("add design meeting tomorrow at 3pm", thread_id="setup")
    deleted = await system.arun("cancel the 5 pm meeting", thread_id="t")
    assert deleted.status == "success", deleted.reply
    assert "Budget meeting" in deleted.reply
    moved = await system.arun("move my 3 o'clock to 4pm", thread_id="t")
    assert moved.status == "success", moved.reply
    assert "Design meeting" in moved.reply
    listing = await system.arun("what's on my calendar tomorrow", thread_id="t")
    assert "Budget meeting" not in listing.reply
    assert "16:00" in listing.reply


async def test_an_hour_no_event_starts_at_changes_nothing(system: AgentSystem) -> None:
    await system.arun("add review meeting tomorrow at 11am", thread_id="setup")
    result = await system.arun("cancel my 9 pm meeting", thread_id="t")
    assert "No event in your calendar matches" in result.reply
    listing = await system.arun("what's on my calendar tomorrow", thread_id="t")
    assert "Review meeting" in listing.reply


async def test_saying_you_will_not_go_cancels_the_event(system: AgentSystem) -> None:
    await system.arun("add lunch with mom tomorrow at 1pm", thread_id="setup")
    await system.arun("add team dinner on friday at 7pm", thread_id="setup")
    first = await system.arun("i will no longer be joining mom for lunch tomorrow", thread_id="t")
    assert first.status == "success", first.reply
    assert "Lunch with mom" in first.reply
    second = await system.arun("i won't be attending the team dinner", thread_id="t")
    assert "Team dinner" in second.reply
    week = await system.arun("what's on my calendar this week", thread_id="t")
    assert "Lunch with mom" not in week.reply and "Team dinner" not in week.reply


async def test_not_going_to_a_place_is_not_a_calendar_change(system: AgentSystem) -> None:
    decision = await system.aroute("i'm not going to the store")
    assert "user's own calendar" not in (decision.reason or "")
