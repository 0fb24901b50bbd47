"""A request lacking what its action needs is served by the right question, then its answer."""

from __future__ import annotations

import pytest

from evals import home
from evals.harness import Harness
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
    ],
)
def test_only_a_question_about_a_missing_piece_is_answered(
    question: str, slots: list[tuple[str, str]], answer: str | None
) -> None:
    assert answer_for(question, slots) == answer


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
