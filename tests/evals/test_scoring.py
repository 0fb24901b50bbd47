from __future__ import annotations

import math
from datetime import date

from evals.compounds import kept_clauses, served
from evals.ha import expected_targets, score_ha_row
from evals.harness import Outcome
from evals.scoring import args_text, slot_found, tool_matches, wilson
from evals.splits import Row
from evals.voice import SetResult, score_voice_row, table_role

ACTIONS = {
    "alarm_set": ("timer.alarm", "timer.set"),
    "weather_query": ("weather.current", "weather.forecast"),
    "lists_query": ("lists.*",),
}
TODAY = date(2026, 11, 23)


def test_wilson_interval() -> None:
    assert wilson(0, 10) == (0.0, 3.8416 / 13.8416)
    low, high = wilson(8, 10)
    assert math.isclose(low, 0.4902, abs_tol=1e-3) and math.isclose(high, 0.9433, abs_tol=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_tool_patterns() -> None:
    assert tool_matches("lists.add", ["lists.*"])
    assert not tool_matches("smart_home.get_state", ["smart_home.*", "!smart_home.get_*"])
    assert tool_matches("smart_home.turn_on", ["smart_home.*", "!smart_home.get_*"])
    assert not tool_matches("timer.set", ["timer.alarm"])


def test_slots_match_words_numbers_and_iso_dates() -> None:
    text = args_text([{"at": "2026-11-24T07:00:00+00:00", "label": ""}], TODAY)
    assert slot_found("seven am", text)
    assert slot_found("tomorrow", text)
    assert not slot_found("eight am", text)
    assert not slot_found("seven pm", text)  # 07:00 is not 7 pm
    span = args_text([{"start": "2026-11-23T00:00", "end": "2026-12-01T00:00"}], TODAY)
    assert slot_found("this month", span)
    assert slot_found("five minutes", "5 minutes")
    assert slot_found("Paris", args_text([{"place": "paris"}], TODAY))
    assert not slot_found("Rome", args_text([{"place": "paris"}], TODAY))
    assert slot_found("ten percent", args_text([{"device": "lights", "change": -10}], TODAY))
    assert not slot_found("twenty percent", args_text([{"brightness": 10}], TODAY))
    assert slot_found("to ninety", args_text([{"volume": 90}], TODAY))
    assert slot_found("seventy five percent", args_text([{"volume": 75}], TODAY))


def test_a_span_of_the_day_reads_as_its_part_of_the_day() -> None:
    mornings = args_text([{"kind": "alarm", "when": "04:00/12:00"}], TODAY)
    evening = args_text([{"when": "2026-11-24T17:00:00+00:00/2026-11-25T00:00:00+00:00"}], TODAY)
    assert slot_found("morning", mornings) and not slot_found("evening", mornings)
    assert slot_found("this evening", evening)
    assert not slot_found("morning", args_text([{"when": "07:00"}], TODAY))  # a time, no span
    week = args_text([{"when": "2026-11-23T00:00:00+00:00/2026-11-30T00:00:00+00:00"}], TODAY)
    assert slot_found("this week", week)


def test_voice_row_scoring() -> None:
    result = SetResult("t")
    row = Row("wake me at seven am", "alarm_set", "hwu64", (("time", "seven am"),))
    right = Outcome(
        row.text,
        role="timer",
        tools=["timer.alarm"],
        arguments=[{"at": "7 am"}],
        ran=True,
        stored={"timers": 1},
    )
    score_voice_row(row, right, ACTIONS, result, TODAY)
    wrong_args = Outcome(row.text, role="timer", tools=["timer.alarm"], arguments=[{"at": "8 am"}])
    score_voice_row(row, wrong_args, ACTIONS, result, TODAY)
    wrong_tool = Outcome(row.text, role="timer", tools=["timer.set"], arguments=[{}])
    score_voice_row(Row("x", "weather_query", "hwu64"), wrong_tool, ACTIONS, result, TODAY)
    oos = Outcome("play jazz", role="smart_home", tools=["smart_home.turn_on"])
    score_voice_row(Row("play jazz", "play_music", "hwu64"), oos, ACTIONS, result, TODAY)
    tally = result.tally
    assert (tally.rate("all", "role").hits, tally.rate("all", "role").n) == (2, 3)
    assert (tally.rate("all", "tool").hits, tally.rate("all", "tool").n) == (2, 3)
    assert (tally.rate("all", "args").hits, tally.rate("all", "args").n) == (1, 2)
    assert (tally.rate("all", "stored").hits, tally.rate("all", "stored").n) == (1, 1)
    assert (tally.rate("all", "oos_no_action").hits, tally.rate("all", "oos_no_action").n) == (0, 1)
    assert tally.confusion[("out of scope", "smart_home")] == 1
    assert (
        result.miss_kinds[("weather_query", "weather.current|weather.forecast", "timer.set")] == 1
    )


def test_tables_belong_to_roles() -> None:
    assert table_role("records:lists") == "lists"
    assert table_role("timers") == "timer"
    assert table_role("smart_home_devices") == "smart_home"


def test_compound_needs_a_step_per_clause() -> None:
    clauses = (("a", ("timer.set",)), ("b", ("weather.current", "weather.forecast")))
    assert served(["weather.forecast", "timer.set"], clauses) == 2
    assert served(["timer.set", "timer.set"], clauses) == 1
    assert served([], clauses) == 0
    # fewer steps than clauses: any clause may take a step, not only the first ones
    three = (("a", ("timer.set",)), ("b", ("lists.add",)), ("c", ("weather.current",)))
    assert served(["weather.current", "lists.add"], three) == 2
    assert served(["weather.current"], three) == 1
    # a step serves one clause only, and the best assignment is found
    both = (("a", ("timer.*",)), ("b", ("timer.set",)))
    assert served(["timer.set", "timer.cancel"], both) == 2


def test_a_clause_is_dropped_only_when_no_step_serves_it_and_no_reply_names_it() -> None:
    clauses = ["turn on the kitchen light", "book a flight to Rome", "what's the weather"]
    steps = ["turn on the kitchen light", "what's the weather"]
    assert kept_clauses(steps, [], clauses) == 2
    assert (
        kept_clauses(steps, ["'book a flight to Rome': not something I can do offline"], clauses)
        == 3
    )
    assert kept_clauses([""], [], clauses) == 0  # one role's plan of the whole request
    # a clause the planner cut in two: one half planned, the other named
    cut = ["refresh my list and tell me what's on it"]
    assert kept_clauses(["refresh my list"], ["'tell me what's on it': no"], cut) == 1
    assert kept_clauses(["refresh my list"], [], cut) == 0


DEVICES = [
    {
        "id": "light.kitchen",
        "name": "Kitchen Light",
        "kind": "light",
        "area": "kitchen",
        "state": "off",
        "attributes": {},
    },
    {
        "id": "light.hall",
        "name": "Hall Light",
        "kind": "light",
        "area": "hall",
        "state": "off",
        "attributes": {},
    },
    {
        "id": "media_player.tv",
        "name": "TV",
        "kind": "media_player",
        "area": "kitchen",
        "state": "playing",
        "attributes": {},
    },
]


def test_ha_device_scoring_by_stored_state() -> None:
    kinds = frozenset({"light"})
    row = Row("kitchen lights on", "HassTurnOn", "ha", (("area", "Kitchen"), ("domain", "light")))
    assert [d["id"] for d in expected_targets(row, DEVICES)] == ["light.kitchen"]
    result = SetResult("ha")
    good = Outcome(
        row.text,
        tools=["smart_home.turn_on"],
        arguments=[{"device": "lights"}],
        ran=True,
        devices={"light.kitchen": ("on", {})},
    )
    score_ha_row(row, good, DEVICES, kinds, result, TODAY)
    stray = Outcome(
        row.text,
        tools=["smart_home.turn_on"],
        arguments=[{"device": "lights"}],
        ran=True,
        devices={"light.kitchen": ("on", {}), "light.hall": ("on", {})},
    )
    score_ha_row(row, stray, DEVICES, kinds, result, TODAY)
    nothing = Outcome(
        row.text,
        tools=["smart_home.turn_on"],
        arguments=[{"device": "lights"}],
        ran=True,
        devices={},
    )
    score_ha_row(row, nothing, DEVICES, kinds, result, TODAY)
    tv = Row("pause the tv", "HassMediaPause", "ha", (("name", "TV"),))
    score_ha_row(
        tv, Outcome(tv.text, tools=["smart_home.pause"], ran=True), DEVICES, kinds, result, TODAY
    )
    right = result.tally.rate("all", "right")
    assert (right.hits, right.n) == (1, 4)
    whys = sorted(m["why"] for m in result.tally.misses)
    assert whys == [
        "device kind not in the simulated home",
        "device state",
        "other devices changed",
    ]


def test_slot_words_match_the_forms_arguments_take() -> None:
    text = args_text(
        [{"when": "07:30"}, {"place": "London", "hour": 15}, {"start": "2027-03-22T00:00:00"}],
        date(2026, 11, 23),
    )
    assert slot_found("seven thirty am", text)  # a bare clock time
    assert slot_found("this afternoon", text)  # weather's hour
    assert slot_found("twenty second of march", text)  # ordinals, "twenty second" = 22
    assert slot_found("this week 's", "week")  # a possessive split off by the annotators
    assert slot_found("wish list", "wish")  # "list" names no list
    assert not slot_found("eight pm", text)


def test_years_short_months_and_hundred_hours_read_as_people_say_them() -> None:
    text = args_text([{"start": "2017-04-01T08:00:00+00:00"}], TODAY)
    assert slot_found("april one two thousand and seventeen", text)
    assert slot_found("apr first 2017", text)
    assert slot_found("eight hundred am", text)
    assert not slot_found("april one two thousand and eighteen", text)
    assert not slot_found("nine hundred am", text)
    later = args_text([{"start": "2027-03-03"}], TODAY)
    assert slot_found("march third twenty twenty seven", later)
    assert not slot_found("march third twenty twenty six", later)
    assert not slot_found("feb third", later)
