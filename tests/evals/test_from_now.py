"""Moments said from now and repeat rules are read by meaning when scoring slots (evals.scoring)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from evals.harness import Outcome
from evals.scoring import args_text, slot_in
from evals.splits import Row
from evals.voice import SetResult, score_voice_row

TODAY = date(2026, 11, 23)
PLANNED = datetime(2026, 11, 23, 9, 0, 30, tzinfo=UTC)


def _found(value: str, arguments: list[dict[str, object]]) -> bool:
    return slot_in("time", value, arguments, args_text(arguments, TODAY), PLANNED)


def test_a_moment_from_now_is_found_at_that_distance_from_the_plan() -> None:
    in_five = [{"at": "2026-11-23T09:05:30+00:00", "label": ""}]
    in_two_hours = [{"text": "go to work", "when": "2026-11-23T11:00:00+00:00"}]
    assert _found("five minutes from now", in_five)
    assert _found("in five minutes", in_five)
    assert not _found("ten minutes from now", in_five)
    assert _found("two hours from now", in_two_hours)
    assert not _found("two hours from now", in_five)
    assert _found("in ten minutes", [{"duration": "10 minutes", "label": ""}])
    assert not _found("in ten minutes", [{"duration": "15 minutes", "label": ""}])
    # a moment not said from now is left to the words; no plan time, no reading by meaning
    assert not _found("five minutes", in_five)
    assert not slot_in("time", "in five minutes", in_five, args_text(in_five, TODAY))


def test_a_repeat_rule_is_said_as_words() -> None:
    daily = [{"at": "2026-11-24T06:00:00+00:00", "label": "", "repeat": "daily"}]
    weekly = [{"when": "2026-11-24T08:00:00+00:00", "text": "gym", "repeat": "tue,thu"}]
    once = [{"at": "2026-11-24T06:00:00+00:00", "label": ""}]
    assert slot_in("date", "everyday", daily, args_text(daily, TODAY))
    assert slot_in("date", "every day", daily, args_text(daily, TODAY))
    assert not slot_in("date", "everyday", once, args_text(once, TODAY))
    assert slot_in("date", "every thursday", weekly, args_text(weekly, TODAY))
    assert not slot_in("date", "every friday", weekly, args_text(weekly, TODAY))


def test_a_voice_row_with_a_moment_from_now_scores_its_arguments() -> None:
    row = Row(
        "set an alarm for five minutes from now",
        "alarm_set",
        "hwu64",
        (("time", "five minutes from now"),),
    )
    right = Outcome(
        row.text,
        role="timer",
        tools=["timer.alarm"],
        arguments=[{"at": "2026-11-23T09:05:31+00:00", "label": ""}],
        planned_at=PLANNED,
    )
    wrong = Outcome(
        row.text,
        role="timer",
        tools=["timer.alarm"],
        arguments=[{"at": "2026-11-23T10:05:31+00:00", "label": ""}],
        planned_at=PLANNED,
    )
    result = SetResult("t")
    for out in (right, wrong):
        score_voice_row(row, out, {"alarm_set": ("timer.alarm",)}, result, TODAY)
    args = result.tally.rate("all", "args")
    assert (args.hits, args.n) == (1, 2)
