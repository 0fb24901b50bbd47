"""Slot extraction for time: durations, moments, ranges and labels."""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from agent_system.routing.slots import (
    extract,
    extract_label,
    format_duration,
    parse_date_range,
    parse_datetime,
    parse_duration,
    parse_when,
    strip_when,
)
from agent_system.understanding import _when

PARIS = ZoneInfo("Europe/Paris")
NOW = datetime(2026, 1, 5, 9, 0, tzinfo=PARIS)  # a Monday


def at(month: int, day: int, hour: int = 0, minute: int = 0, year: int = 2026) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=PARIS)


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("10 minutes", 600),
        ("90 sec", 90),
        ("90s", 90),
        ("two and a half minutes", 150),
        ("an hour and a half", 5400),
        ("1h30", 5400),
        ("half an hour", 1800),
        ("5 min 30 s", 330),
        ("5m30s", 330),
        ("twenty-five minutes", 1500),
        ("a quarter of an hour", 900),
        ("three quarters of an hour", 2700),
        ("a couple of minutes", 120),
        ("1.5 hours", 5400),
        ("2 hours and 15 minutes", 8100),
        ("set a timer for 10 minutes to take the bread out", 600),
        ("PT10M", 600),
        ("3 days", 259200),
    ],
)
def test_parse_duration_reads_digits_words_and_fractions(text: str, seconds: int) -> None:
    assert parse_duration(text) == timedelta(seconds=seconds)


@pytest.mark.parametrize("text", ["10", "soon", "at 7 am", "the 2nd", "tomorrow at 3pm", ""])
def test_parse_duration_finds_nothing_without_a_unit(text: str) -> None:
    assert parse_duration(text) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tomorrow at 3pm", at(1, 6, 15)),
        ("next tuesday", at(1, 6)),
        ("on the 14th", at(1, 14)),
        ("at 7:30", at(1, 5, 19, 30)),  # 07:30 has passed: the next 7:30 is this evening
        ("at 07:30", at(1, 6, 7, 30)),  # a leading zero means the 24-hour clock
        ("in 20 minutes", at(1, 5, 9, 20)),
        ("noon", at(1, 5, 12)),
        ("midnight", at(1, 6)),
        ("friday at 5pm", at(1, 9, 17)),
        ("this monday", at(1, 5)),
        ("monday", at(1, 12)),
        ("january 20 at 10am", at(1, 20, 10)),
        ("20 jan", at(1, 20)),
        ("the 31st", at(1, 31)),
        ("in 2 days at 3pm", at(1, 7, 15)),
        ("at 7 in the evening", at(1, 5, 19)),
        ("tonight", at(1, 5, 20)),
        ("remind me to call mom at 5pm", at(1, 5, 17)),
        ("2026-02-01T14:00:00+01:00", at(2, 1, 14)),
    ],
)
def test_parse_datetime_reads_common_phrases(text: str, expected: datetime) -> None:
    assert parse_datetime(text, NOW) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # dateparser 1.5 reads "at 8" as 5 August and drops the hour of "tomorrow at 3".
        ("at 8", at(1, 5, 20)),
        ("tomorrow at 3", at(1, 6, 15)),
        # dateparser returns September for "on monday at 9" and None for "next monday at 9".
        ("on monday at 9", at(1, 12, 9)),
        ("next monday at 9", at(1, 12, 9)),
        # dateparser cannot read these at all.
        ("half past seven", at(1, 5, 19, 30)),
        ("quarter to eight tomorrow", at(1, 6, 7, 45)),
        ("at seven thirty", at(1, 5, 19, 30)),
        ("in two and a half minutes", at(1, 5, 9, 2) + timedelta(seconds=30)),
        ("in an hour and a half", at(1, 5, 10, 30)),
    ],
)
def test_parse_datetime_handles_what_dateparser_gets_wrong(text: str, expected: datetime) -> None:
    assert parse_datetime(text, NOW) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an hour before a part of the day: that part says am or pm (it was 15:00, the default)
        ("4 in the afternoon", at(1, 5, 16)),
        ("four in the morning", at(1, 6, 4)),
        ("at 4 in the afternoon on friday", at(1, 9, 16)),
        ("9 tonight", at(1, 5, 21)),
        ("10:15 in the evening", at(1, 5, 22, 15)),
        # "the" before a clock time is no day of the month ("the 5 pm alarm" is not the 5th)
        ("i no longer need the 5 pm alarm", at(1, 5, 17)),
        ("the 12 pm alarm", at(1, 5, 12)),
        ("cancel the 7 o'clock alarm", at(1, 5, 19)),
        ("the 6:30 reminder", at(1, 5, 18, 30)),
        ("the 4 in the afternoon reminder", at(1, 5, 16)),
        ("the 5th at 10am", at(1, 5, 10)),
        ("the 7 march", at(3, 7)),
    ],
)
def test_parse_datetime_reads_an_hour_next_to_its_part_of_day(
    text: str, expected: datetime
) -> None:
    assert parse_datetime(text, NOW) == expected


def test_the_day_of_the_month_still_reads_without_a_clock_after_it() -> None:
    found = parse_when("on the 7 please", NOW)
    assert found is not None and found.value == at(1, 7) and not found.has_time


def test_dateparser_answers_the_phrases_the_patterns_do_not_know() -> None:
    assert parse_datetime("march 3rd 2027", NOW) == at(3, 3, year=2027)
    assert parse_datetime("12/03", NOW) is not None
    assert parse_datetime("call mom", NOW) is None


def test_parse_when_says_whether_a_time_was_named() -> None:
    day_only = parse_when("next tuesday", NOW)
    assert day_only is not None and (day_only.has_date, day_only.has_time) == (True, False)
    time_only = parse_when("at 10am", NOW)
    assert time_only is not None and (time_only.has_date, time_only.has_time) == (False, True)
    ambiguous = parse_when("at 7", NOW)
    assert ambiguous is not None and ambiguous.ambiguous


def test_results_are_in_the_zone_of_now() -> None:
    tokyo = datetime(2026, 1, 5, 9, 0, tzinfo=ZoneInfo("Asia/Tokyo"))
    value = parse_datetime("tomorrow at 3pm", tokyo)
    assert value is not None and value.tzinfo == tokyo.tzinfo and value.hour == 15


def test_the_patterns_answer_without_importing_dateparser(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str, now: datetime) -> None:
        raise AssertionError(f"dateparser was asked about {text!r}")

    monkeypatch.setattr(_when, "_dateparser_fallback", refuse)
    took = []  # the best of 100 calls: the cost of a parse, not of a busy machine
    for _ in range(100):
        start = time.perf_counter()
        assert parse_datetime("remind me next monday at 9 to call mom", NOW) == at(1, 12, 9)
        took.append(time.perf_counter() - start)
    assert min(took) < 0.005, sorted(took)[:5]


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("today", at(1, 5), at(1, 6)),
        ("what's on tomorrow", at(1, 6), at(1, 7)),
        ("this week", at(1, 5), at(1, 12)),
        ("next week", at(1, 12), at(1, 19)),
        ("this weekend", at(1, 10), at(1, 12)),
        ("next month", at(2, 1), at(3, 1)),
        ("next monday", at(1, 12), at(1, 13)),
        ("the next 3 days", at(1, 5), at(1, 8)),
        ("on the 14th", at(1, 14), at(1, 15)),
    ],
)
def test_parse_date_range_gives_half_open_ranges(text: str, start: datetime, end: datetime) -> None:
    assert parse_date_range(text, NOW) == (start, end)


def test_parse_date_range_is_none_without_a_period() -> None:
    assert parse_date_range("what's on my calendar", NOW) is None


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("set a timer for 10 minutes to take the bread out", "take the bread out"),
        ("timer called pasta for 5 minutes", "pasta"),
        ("set a pasta timer for 10 minutes", "pasta"),
        ("remind me in 20 minutes to check the oven", "check the oven"),
        ("timer for the eggs 7 minutes", "eggs"),
        ("set a timer for 10 minutes", None),
        ("set a 10 minute timer", None),
        ("set a timer to go off in 5 minutes", None),
        ("add 5 minutes to the timer", None),
    ],
)
def test_extract_label_finds_what_it_is_for(text: str, label: str | None) -> None:
    assert extract_label(text) == label


def test_strip_when_removes_times_with_their_prepositions() -> None:
    assert strip_when("remind me to call mom tomorrow at 5pm") == "remind me to call mom"
    assert strip_when("lunch with Sam on friday for 90 minutes") == "lunch with Sam"


def test_extract_returns_the_slots_present() -> None:
    found = extract("set a timer for 10 minutes called pasta", NOW)
    assert found == {"duration": timedelta(minutes=10), "label": "pasta"}
    found = extract("remind me in 20 minutes to check the oven", NOW)
    assert found["datetime"] == at(1, 5, 9, 20)
    assert extract("hello there", NOW) == {}


def test_format_duration_round_trips_through_parse_duration() -> None:
    for seconds in (1, 59, 61, 3600, 5400, 90061):
        text = format_duration(timedelta(seconds=seconds))
        assert parse_duration(text) == timedelta(seconds=seconds)
    assert format_duration(timedelta(minutes=90)) == "1 hour 30 minutes"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # minutes past or to an hour (the hour read as any other bare hour: the next one)
        ("at twenty past five", at(1, 5, 17, 20)),
        ("20 past 5", at(1, 5, 17, 20)),
        ("at twenty five past 8 tomorrow", at(1, 6, 8, 25)),
        ("at ten to eight", at(1, 5, 19, 50)),
        ("at ten to eight tomorrow", at(1, 6, 7, 50)),
        ("alarm for five to seven am", at(1, 6, 6, 55)),
        ("at ten to twelve pm", at(1, 5, 11, 50)),
        ("10 minutes after 6", at(1, 5, 18, 10)),
    ],
)
def test_parse_datetime_reads_minutes_past_and_to_an_hour(text: str, expected: datetime) -> None:
    assert parse_datetime(text, NOW) == expected


@pytest.mark.parametrize(
    "text", ["from 7 to 8", "between 10 to 11", "in 10 to 15 minutes", "2 to 3", "20 past the hour"]
)
def test_a_span_of_hours_or_lengths_is_no_minutes_to_an_hour(text: str) -> None:
    assert parse_datetime(text, NOW) is None
