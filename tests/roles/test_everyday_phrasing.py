"""Everyday phrasing of the timer, lists, weather and search roles, through the public API."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from agent_system.api import AgentSystem, ThreadNotFoundError
from agent_system.registry.spec import ToolContext
from agent_system.testing import make_runtime, make_settings
from roles.weather import tools as weather_tools
from roles.weather.backend import Forecast


def _steps(plan: object) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.arguments)) for s in plan.steps]  # type: ignore[attr-defined]


# --- timers, alarms, reminders ----------------------------------------------------------------


@pytest.mark.anyio
async def test_questions_about_alarms_list_them_and_never_set_one(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("set an alarm for 7am tomorrow")
        await system.arun("set an alarm for 9pm tomorrow")
        await system.arun("set a timer for 10 minutes")
        asked = await system.arun("what are my alarms")
        bare = await system.aplan("alarms")
        next_one = await system.aplan("tell me about upcoming alarms")
        listed = await system.arun("list my alarms")
    assert [s.tool for s in bare.steps] == ["timer.list"]
    assert [s.tool for s in next_one.steps] == ["timer.list"]
    assert asked.reply.startswith("You have 2:") and "timer" not in asked.reply.lower()
    assert listed.reply == asked.reply


@pytest.mark.anyio
async def test_alarms_are_found_by_their_time_and_day(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("set an alarm for 7am tomorrow")
        await system.arun("set an alarm for 9pm tomorrow")
        tomorrow = await system.arun("what alarms do i have set for tomorrow")
        morning = await system.arun("is my alarm set for seven am")
        none_today = await system.arun("do i have any alarms today")
        cancelled = await system.arun("cancel my seven am alarm")
        left = await system.arun("what are my alarms")
    assert tomorrow.reply.startswith("You have 2:")
    assert morning.reply.startswith("Alarm for") and "7" in morning.reply
    assert none_today.reply == "You have no alarms set for today."
    assert cancelled.reply.startswith("Cancelled alarm") and "7" in cancelled.reply
    assert left.reply == "Alarm for tomorrow at 21:00."


# --- lists ----------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_a_new_list_is_started_read_back_and_deleted(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        started = await system.arun("create a new list for school supplies")
        unnamed = await system.arun("create a new list please")
        await system.arun("add pencils and glue to the school supplies list")
        shown = await system.arun("give me the school supplies list")
        lists = await system.arun("what kind of lists do i have")
        deleted = await system.arun("delete my school supplies list")
        gone = await system.arun("what lists do i have")
    assert started.reply == "Started your school supplies list."
    assert unnamed.reply == "What should I call the new list?"
    assert shown.reply == "Your school supplies list: pencils, glue."
    assert "school supplies list: pencils, glue" in lists.reply
    assert deleted.reply == "Deleted your school supplies list (2 items)."
    assert "school supplies" not in gone.reply.lower()


@pytest.mark.anyio
async def test_list_phrasings_that_name_the_list_first(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("on my grocery list please add oranges")
        await system.arun("grocery list add eggs")
        await system.arun("cross out oranges from the grocery list")
        shown = await system.arun("are eggs on my shopping list")
    assert shown.reply == "Yes, your shopping list has eggs."


@pytest.mark.anyio
async def test_add_too_follows_up_on_the_same_list_and_a_question_changes_nothing(
    tmp_path: Path,
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("add screws to the hardware store list", thread_id="t1")
        more = await system.arun("add nails too", thread_id="t1")
        also = await system.arun("and a hammer", thread_id="t1")
        shown = await system.arun("what's on the hardware store list")
    assert more.reply == "Added nails to your hardware store list."
    assert also.reply == "Added hammer to your hardware store list."
    assert shown.reply == "Your hardware store list: screws, nails, hammer."


# --- weather --------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_weather_without_a_place_is_about_home_and_a_week_is_a_forecast(
    tmp_path: Path,
) -> None:
    settings = make_settings(tmp_path / "home", location="Lyon")
    async with AgentSystem(settings) as system:
        now = await system.aplan("what's the weather right now")
        today = await system.aplan("what is the weather like in miami florida today")
        week = await system.aplan("what does the weather look like this week")
        next_week = await system.aplan("will there be any snow next week")
        of_place = await system.aplan("show me one week weather of mumbai")
        outside = await system.aplan("should i wear a jacket today")
    assert _steps(now) == [("weather.current", {"place": "Lyon"})]
    assert _steps(today) == [("weather.forecast", {"place": "Miami Florida", "day": "today"})]
    assert _steps(week) == [("weather.forecast", {"place": "Lyon", "day": "this week"})]
    assert _steps(next_week) == [
        ("weather.forecast", {"place": "Lyon", "day": "next week", "expect": "snow"})
    ]
    assert _steps(of_place) == [("weather.forecast", {"place": "Mumbai", "day": "1 week"})]
    assert _steps(outside) == [
        ("weather.forecast", {"place": "Lyon", "day": "today", "wear": "jacket"})
    ]


@pytest.mark.anyio
async def test_a_week_forecast_gives_one_line_per_day() -> None:
    asked: list[date] = []

    class Fake:
        async def current(self, place: str) -> object:
            raise AssertionError("not used")

        async def forecast(self, place: str, day: date, hour: int | None = None) -> Forecast:
            asked.append(day)
            return Forecast(
                place=place,
                date=day.isoformat(),
                condition="rain",
                description="rain",
                weather_code=61,
                temp_c=10,
                temp_f=50,
                temp_min_c=4,
                temp_min_f=39.2,
                precipitation_probability=80,
            )

    runtime = make_runtime()
    runtime.provide(weather_tools.BACKEND_KEY, Fake())
    spec = weather_tools.forecast.__tool_spec__  # type: ignore[attr-defined]
    out = await spec.ainvoke({"place": "Oslo", "day": "week"}, ToolContext(runtime=runtime))
    today = runtime.clock.now().date()
    assert [(d - today).days for d in asked] == list(range(7))
    assert out.display.startswith("Today in Oslo: rain, 4°C to 10°C")
    assert out.display.count("in Oslo") == 7
    assert len(out.data["days"]) == 7


# --- search ---------------------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "who wrote dune",
        "how tall is a giraffe",
        "where was marie curie born",
        "what's the capital of tanzania",
        "who is arnold schwarzenegger",
        "what is the definition of serendipity",
        "why is the sky blue",
    ],
)
async def test_factual_questions_reach_search(tmp_path: Path, text: str) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        decision = await system.aroute(text)
        plan = await system.aplan(text)
    assert decision.role == "search"
    assert next(s.tool for s in plan.steps) in ("search.web", "search.define")


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "who are you",
        "where is my phone",
        "who is at the front door",
        "when is my next meeting",
        "how old are you",
        "where is the closest starbucks",
    ],
)
async def test_questions_about_the_user_or_the_assistant_do_not_go_to_search(
    tmp_path: Path, text: str
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        decision = await system.aroute(text)
    assert decision.role != "search"


# --- previews per user ----------------------------------------------------------------------


@pytest.mark.anyio
async def test_aplan_previews_with_the_users_state_and_hides_other_users_threads(
    tmp_path: Path,
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("I live in Lyon", user="ann")
        await system.arun("set a timer for 5 minutes", thread_id="ann-thread", user="ann")
        ann = await system.aplan("what's the weather like", user="ann")
        follow = await system.aplan("make it 10", thread_id="ann-thread", user="ann")
        with pytest.raises(ThreadNotFoundError):
            await system.aplan("make it 10", thread_id="ann-thread", user="bob")
    assert _steps(ann) == [("weather.current", {"place": "Lyon"})]
    assert ("timer.set", {"duration": "10 minutes", "label": ""}) in _steps(follow)


# --- calendar -------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_calendar_questions_find_the_event_they_name(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("add the wedding on the 14th of next month at 2pm")
        await system.arun("schedule a meeting with Bob tomorrow at 3pm")
        wedding = await system.arun("when is the wedding scheduled")
        party = await system.arun("when is the party scheduled")
        schedule = await system.arun("what is my schedule tomorrow")
        next_meeting = await system.arun("what's my next meeting")
    assert "Wedding" in wedding.reply and "Bob" not in wedding.reply
    assert party.reply.startswith("Nothing called 'party' on your calendar")
    assert "Meeting with Bob" in schedule.reply
    assert next_meeting.reply.startswith("Next: Meeting with Bob")


@pytest.mark.anyio
async def test_a_reminder_for_a_day_without_a_time_rings_that_morning(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        plan = await system.aplan("remind me to pick up the laundry next monday")
    ((tool, arguments),) = _steps(plan)
    assert tool == "timer.remind" and arguments["text"] == "pick up the laundry"
    assert str(arguments["when"]).endswith("T09:00:00+00:00")


@pytest.mark.anyio
async def test_a_search_follow_up_keeps_the_subject_and_changes_the_place(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("search for the best pizza places in Rome", thread_id="s1")
        plan = await system.aplan("and in Boston?", thread_id="s1")
    assert _steps(plan) == [("search.web", {"query": "the best pizza places in Boston"})]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("i want to go to sally's birthday on saturday at 10pm", "Sally's birthday"),
        ("i need a meeting with the cfo on thursday at 2pm", "Meeting with the cfo"),
        ("ok google schedule a meeting with the vp on friday at 3pm", "Meeting with the vp"),
    ],
)
async def test_event_titles_leave_out_how_the_request_was_said(
    tmp_path: Path, text: str, title: str
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        plan = await system.aplan(text)
    ((tool, arguments),) = _steps(plan)
    assert tool == "calendar.create" and arguments["title"] == title


@pytest.mark.anyio
async def test_a_question_about_a_cancelled_event_changes_nothing(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("add jimmie's party on friday at 8pm")
        asked = await system.aplan("is jimmie's party on friday cancelled")
        taken = await system.aplan("can you take out jimmie's party from my calendar")
    assert [s.tool for s in asked.steps] == ["calendar.list"]
    assert _steps(taken) == [("calendar.delete", {"event": "jimmie's party"})]


@pytest.mark.anyio
async def test_lists_named_after_the_word_list_and_items_got_rid_of(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("add bananas and kiwis to the kickball list")
        await system.arun("get rid of bananas on the kickball list")
        opened = await system.arun("open the kickball list")
        deleted = await system.arun("eliminate the list kickball but keep the others")
    assert opened.reply == "Your kickball list: kiwis."
    assert deleted.reply == "Deleted your kickball list (1 item)."
