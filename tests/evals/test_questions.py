"""A request lacking what its action needs is served by the right question, then its answer."""

from __future__ import annotations

import pytest

from evals import home
from evals.clinc import evaluate_clinc
from evals.harness import Harness, Outcome
from evals.splits import Row
from evals.voice import answer_for, evaluate_voice

ACTIONS = {"calendar_set": ("calendar.create", "timer.remind"), "alarm_set": ("timer.alarm",)}


@pytest.mark.parametrize(
    ("question", "slots", "answer"),
    [
        ("When is 'Meeting with Sam'?", [("person", "sam")], "tomorrow at 10am"),
        ("When is 'Meeting with Sam'?", [("date", "friday")], None),  # the day was said
        ("What time is 'Flight'?", [("date", "the fifteenth")], "at 10am"),
        ("What time is 'Flight'?", [("time", "nine am")], None),  # the time was said
        ("When should I remind you?", [], "tomorrow at 10am"),
        ("How long should the timer run?", [], "10 minutes"),
        ("What should I call the event?", [("time", "3 pm")], "team review"),
        ("What should I call the event?", [("event_name", "review")], None),
        ("Which event should I delete?", [], None),  # not a piece this scoring answers
        ("What should I call the new list?", [], "camping"),
        ("What should I call the new list?", [("list_name", "packing")], None),  # it was said
        ("Which list should I delete?", [("date", "today")], "camping"),
        ("What should I add to your list?", [], None),  # no request to check for items
        ("Which light do you mean: Hall light, Kitchen light?", [], "Hall light"),
        ("Which light do you mean: Hall light, Kitchen light?", [("house_place", "den")], None),
        ("Which room do you mean?", [("house_place", "this room")], "the living room"),
        ("Which room do you mean?", [], "the living room"),
        ("Which room do you mean?", [("house_place", "kitchen")], None),  # it was said
    ],
)
def test_only_a_question_about_a_missing_piece_is_answered(
    question: str, slots: list[tuple[str, str]], answer: str | None
) -> None:
    assert answer_for(question, slots) == answer


@pytest.mark.parametrize(
    ("question", "text", "slots", "answer"),
    [
        ("What should I add to your list?", "add the item to the list", [], "milk"),
        ("What should I add to your list?", "please add this one also", [], "milk"),
        ("What should I add to your list?", "add eggs to my list", [], None),  # eggs were said
        (
            "What should I add to your grocery list?",
            "could an extra item be added to my grocery list",
            [("list_name", "grocery")],
            "milk",
        ),
        ("What should I take off your list?", "delete that item from the list", [], "milk"),
        (
            "What should I add to your list?",
            "i think i ran out of this, add it to my list",
            [],
            "milk",
        ),
        ("What should I add to your list?", "please update list with new item", [], "milk"),
        ("What should I take off your list?", "remove the dog food from my list", [], None),
        (
            "What should I remind you about?",
            "remind me at five pm",
            [("time", "five pm")],
            "to call mom",
        ),
        ("What should I remind you about?", "remind me at five pm", [], None),  # "five" unannotated
        ("What should I remind you about?", "remind me about the dentist", [], None),
    ],
)
def test_an_item_or_a_message_is_answered_only_when_the_request_names_none(
    question: str, text: str, slots: list[tuple[str, str]], answer: str | None
) -> None:
    assert answer_for(question, slots, text) == answer


@pytest.mark.anyio
async def test_a_right_question_then_its_answer_counts_as_the_right_tool() -> None:
    rows = [
        Row("schedule a meeting with chelsea", "calendar_set", "t", (("person", "chelsea"),)),
        Row("schedule a meeting with chelsea on friday", "calendar_set", "t", (("time", "3"),)),
    ]
    async with Harness(home.voice_home_toml()) as harness:
        result = await evaluate_voice(harness, "t", rows, ACTIONS, keep_sentences=True)
    tally = result.tally
    # the first lacks a day and a time: "When is ...?" is right, and the answer creates it
    assert tally.rate("all", "asked").hits == 1
    assert tally.rate("all", "stored").hits == 1
    # the second says a time the role did not read: asking for it is a miss
    assert tally.rate("all", "tool").hits == 1 and tally.rate("all", "tool").n == 2
    assert [m["text"] for m in tally.misses] == [rows[1].text]


@pytest.mark.anyio
async def test_the_answer_to_what_to_add_or_remind_of_completes_the_request() -> None:
    rows = [
        Row("add the item to the list", "lists_createoradd", "t"),
        Row("remind me at five pm", "alarm_set", "t", (("time", "five pm"),)),
    ]
    actions = {"lists_createoradd": ("lists.*",), "alarm_set": ("timer.alarm", "timer.remind")}
    async with Harness(home.voice_home_toml()) as harness:
        result = await evaluate_voice(harness, "t", rows, actions, keep_sentences=True)
    tally = result.tally
    assert tally.rate("all", "asked").hits == 2
    assert tally.rate("all", "tool").hits == 2 and tally.rate("all", "args").hits == 1
    assert tally.rate("all", "stored").hits == 2  # milk on the list, a reminder at 17:00


class _RoutesToHome:
    """A stand-in harness whose router sends everything to the smart-home role."""

    def roles(self) -> frozenset[str]:
        return frozenset({"smart_home", "timer"})

    async def route(self, text: str) -> Outcome:
        return Outcome(text=text, role="smart_home")

    async def planned_tools(self, text: str) -> list[str]:
        return ["smart_home.turn_on"]


@pytest.mark.anyio
async def test_clincs_volume_requests_count_in_neither_share_and_are_reported() -> None:
    rows = [
        Row("turn the volume up", "change_volume", "clinc150"),
        Row("what is my credit score", "credit_score", "clinc150"),
        Row("set a timer for 5 minutes", "timer", "clinc150"),
    ]
    result = await evaluate_clinc(_RoutesToHome(), rows, {"timer": "timer"})  # type: ignore[arg-type]
    tally = result.tally
    assert (tally.rate("all", "oos_to_tool").hits, tally.rate("all", "oos_to_tool").n) == (1, 1)
    assert (tally.rate("all", "oos_acted").hits, tally.rate("all", "oos_acted").n) == (1, 1)
    assert tally.rate("all", "in_role").n == 1
    assert any("1 `change_volume` requests" in n and "smart_home 1" in n for n in result.notes)


@pytest.mark.anyio
async def test_a_new_list_without_a_name_is_asked_for_and_the_answer_starts_it() -> None:
    rows = [Row("please create a new list for me", "lists_createoradd", "t")]
    actions = {"lists_createoradd": ("lists.*",)}
    async with Harness(home.voice_home_toml()) as harness:
        result = await evaluate_voice(harness, "t", rows, actions, keep_sentences=True)
    tally = result.tally
    assert tally.rate("all", "asked").hits == 1
    assert tally.rate("all", "tool").hits == 1 and tally.rate("all", "stored").hits == 1


_PLANS = {
    "set alarms for 8am and 9am": ["timer.alarm", "timer.alarm"],
    "alarm at 8 and what's on my calendar": ["timer.alarm", "calendar.list"],
    "text bob and tell him it will rain": ["weather.current"],
    "what is my credit score": [],
}


class _PlansEverything:
    """A stand-in harness whose router sends everything to planning, and whose offline
    planner plans the tools listed for each request."""

    def roles(self) -> frozenset[str]:
        return frozenset({"timer", "calendar", "weather"})

    async def route(self, text: str) -> Outcome:
        return Outcome(text=text, role="planner")

    async def planned_tools(self, text: str) -> list[str]:
        return _PLANS[text]


@pytest.mark.anyio
async def test_clinc_requests_sent_to_planning_count_by_what_is_planned_offline() -> None:
    rows = [
        Row("set alarms for 8am and 9am", "alarm", "clinc150"),  # the timer role's tools only
        Row("alarm at 8 and what's on my calendar", "alarm", "clinc150"),  # another role too
        Row("text bob and tell him it will rain", "text", "clinc150"),  # acted on: a tool role
        Row("what is my credit score", "credit_score", "clinc150"),  # nothing planned
    ]
    result = await evaluate_clinc(_PlansEverything(), rows, {"alarm": "timer"})  # type: ignore[arg-type]
    in_role, to_tool = result.tally.rate("all", "in_role"), result.tally.rate("all", "oos_to_tool")
    assert (in_role.hits, in_role.n) == (1, 2)
    assert (to_tool.hits, to_tool.n) == (1, 2)


_ROUTES = {"what is my credit score": "smart_home", "how do i jump start my car": "conversation"}
_STEPS = {"what is my credit score": [], "how do i jump start my car": ["timer.set"]}


class _RoutedNotPlanned:
    """A stand-in harness: the route of each request, and what its offline plan holds."""

    def roles(self) -> frozenset[str]:
        return frozenset({"smart_home", "timer", "conversation"})

    async def route(self, text: str) -> Outcome:
        return Outcome(text=text, role=_ROUTES[text])

    async def planned_tools(self, text: str) -> list[str]:
        return _STEPS[text]


@pytest.mark.anyio
async def test_clinc_out_of_scope_acted_on_counts_what_the_plan_does_not_the_route() -> None:
    rows = [
        Row("what is my credit score", "credit_score", "clinc150"),  # routed, only asks back
        Row("how do i jump start my car", "jump_start", "clinc150"),  # chit-chat, yet a step
    ]
    result = await evaluate_clinc(_RoutedNotPlanned(), rows, {})  # type: ignore[arg-type]
    to_tool, acted = result.tally.rate("all", "oos_to_tool"), result.tally.rate("all", "oos_acted")
    assert (to_tool.hits, to_tool.n) == (1, 2)
    assert (acted.hits, acted.n) == (1, 2)
    assert result.tally.rate("role:out of scope", "oos_acted").hits == 1
