"""Compound requests through the public API: a later clause's "it" is what the clause before found
or made, a reminder does not swallow the request after it, and a role's whole reading of a
request does not swallow a clause another role is sure of."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    "text",
    [
        "find my next event and delete it please",
        "what's my next event, then cancel it",
        "look up my next appointment and then get rid of it",
    ],
)
async def test_it_is_the_event_the_clause_before_found(system: AgentSystem, text: str) -> None:
    await system.arun("add lunch with Sam on friday at 1pm", thread_id="t")
    await system.arun("add yoga on saturday at 9am", thread_id="t")
    result = await system.arun(text, thread_id="t")
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["calendar.list", "calendar.delete"]
    assert "Deleted 'Lunch with Sam'" in result.reply
    week = await system.arun("what's on my calendar this week", thread_id="t")
    assert "Lunch" not in week.reply and "Yoga" in week.reply
    shopping = await system.arun("what's on my shopping list", thread_id="t")
    assert "please" not in shopping.reply.lower()  # nothing went to a list


async def test_nothing_found_means_nothing_deleted_and_no_error(system: AgentSystem) -> None:
    result = await system.arun("find my next event and delete it", thread_id="t")
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["calendar.list", "calendar.delete"]
    assert "Nothing coming up" in result.reply
    assert "path" not in result.reply.lower() and "s1" not in result.reply


@pytest.mark.parametrize(
    ("text", "moved"),
    [
        ("add dinner with Jo tomorrow at 7pm and then push it back an hour", "20:00"),
        ("add dinner with Jo tomorrow at 7pm, then move it to 8:30pm", "20:30"),
        ("book dinner with Jo tomorrow at 7pm and then change it to 9pm", "21:00"),
    ],
)
async def test_it_is_the_event_the_clause_before_made(
    system: AgentSystem, text: str, moved: str
) -> None:
    result = await system.arun(text, thread_id="t")
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["calendar.create", "calendar.update"]
    day = await system.arun("what's on my calendar tomorrow", thread_id="t")
    assert day.reply.count("Dinner with Jo") == 1
    assert moved in day.reply


async def test_a_timer_set_and_cancelled_in_one_request_leaves_none(system: AgentSystem) -> None:
    result = await system.arun("set a timer for 5 minutes and then cancel it", thread_id="t")
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["timer.set", "timer.cancel"]
    listing = await system.arun("what timers do I have", thread_id="t")
    assert "no timers" in listing.reply.lower()


async def test_it_after_a_day_of_several_events_asks_which(system: AgentSystem) -> None:
    await system.arun("add lunch with Sam tomorrow at 1pm", thread_id="t")
    await system.arun("add yoga tomorrow at 6pm", thread_id="t")
    for text in ("what's on my calendar tomorrow and delete it please", "show tomorrow, cancel it"):
        plan = await system.aplan(text, thread_id="u")
        assert [s.tool for s in plan.steps] == ["calendar.list"]
        assert any("Which event" in u for u in plan.unsupported)
    day = await system.arun("what's on my calendar tomorrow", thread_id="t")
    assert "Lunch" in day.reply and "Yoga" in day.reply


async def test_this_before_a_noun_points_at_nothing(system: AgentSystem) -> None:
    plan = await system.aplan("turn on the kitchen light and add this meeting to my calendar")
    assert plan.steps[0].tool == "smart_home.turn_on"
    assert all("$ref" not in str(s.arguments) for s in plan.steps)


@pytest.mark.parametrize(
    ("text", "second"),
    [
        ("remind me to pick up the laundry at 6pm and who are the greatest hip hop artists", "who"),
        ("remind me to water the plants at 5pm and what's the capital of peru", "capital"),
        ("remind me about the dentist tomorrow at 9am and how tall is mount everest", "everest"),
        ("remind me at 4pm to stretch and make me smile by telling a joke", "joke"),
    ],
)
async def test_a_question_after_a_reminder_is_a_request_of_its_own(
    system: AgentSystem, text: str, second: str
) -> None:
    plan = await system.aplan(text)
    assert plan.steps[0].tool == "timer.remind"
    assert second not in str(plan.steps[0].arguments).lower()
    assert len(plan.steps) + len(plan.unsupported) == 2


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("remind me to call mom and tell her happy birthday", "tell her"),
        ("remind me to buy milk and eggs at 5pm", "eggs"),
        ("remind me to ask jo what time the party starts at 6pm", "what time"),
        ("remind me at 7pm to pick up the kids and take them to practice", "take them"),
    ],
)
async def test_what_a_reminder_says_stays_in_the_reminder(
    system: AgentSystem, text: str, content: str
) -> None:
    plan = await system.aplan(text)
    if plan.steps:  # one reminder saying all of it
        assert [s.tool for s in plan.steps] == ["timer.remind"]
        assert content in plan.steps[0].arguments["text"]
    else:  # no time said: the one question is when
        assert plan.unsupported == ["When should I remind you?"]


async def test_a_word_to_the_assistant_after_a_reminder_is_not_in_it(system: AgentSystem) -> None:
    plan = await system.aplan("remind me about the upcoming national holiday and shut up")
    said = str([s.arguments for s in plan.steps]) + " ".join(plan.unsupported)
    assert "shut up'?" not in said and "and shut up" not in said


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        (
            "open my list and switch off the plug socket and how would you describe the internet",
            {"lists.show", "smart_home.turn_off", "search.web"},
        ),
        (
            "what time will my alarm go off today and do i have coffee on the grocery list",
            {"timer.list", "lists.show"},
        ),
        (
            "open my shopping list and turn on the kitchen light",
            {"lists.show", "smart_home.turn_on"},
        ),
        (
            "tell me a joke about cats then remind me to feed the cat at 6pm",
            {"conversation.reply", "timer.remind"},
        ),
    ],
)
async def test_a_whole_reading_does_not_swallow_another_roles_clause(
    system: AgentSystem, text: str, tools: set[str]
) -> None:
    plan = await system.aplan(text)
    assert tools <= {s.tool for s in plan.steps}


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("go to my shopping list and add eggs", "lists.add"),
        ("i'm out of apples, add them to my list", "lists.add"),
        ("open my shopping list and add milk and bread", "lists.add"),
    ],
)
async def test_a_list_opened_and_acted_on_stays_one_request(
    system: AgentSystem, text: str, tool: str
) -> None:
    plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == [tool]
