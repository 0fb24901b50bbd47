"""The shared clause splitter: every action of a request, and "and" kept inside names."""

from __future__ import annotations

import pytest

from agent_system.understanding import split_clauses


def texts(request: str) -> list[str]:
    return [c.text for c in split_clauses(request)]


def test_commas_and_and_split_actions() -> None:
    clauses = split_clauses(
        "turn on the kitchen lights, set a timer for 10 minutes and tell me the weather in Rome"
    )
    assert [c.text for c in clauses] == [
        "turn on the kitchen lights",
        "set a timer for 10 minutes",
        "tell me the weather in Rome",
    ]
    assert [c.joined_by for c in clauses] == ["start", "and", "and"]


@pytest.mark.parametrize(
    "request_text",
    [
        "add dinner with Jo and Sam tomorrow at 7pm",
        "remind me to buy milk and eggs",
        "search for rock and roll",
        "add milk, eggs and bread to my shopping list",
        "create an event called plan and review tomorrow at 3",
    ],
)
def test_an_and_inside_a_name_title_or_list_does_not_split(request_text: str) -> None:
    assert texts(request_text) == [request_text]


def test_then_and_after_that_make_a_sequence() -> None:
    clauses = split_clauses("check the weather in Paris and then set a timer for 5 minutes")
    assert [(c.text, c.joined_by) for c in clauses] == [
        ("check the weather in Paris", "start"),
        ("set a timer for 5 minutes", "then"),
    ]
    after = split_clauses("turn on the lights. After that, what's on my calendar today?")
    assert [c.joined_by for c in after] == ["start", "then"]


def test_also_and_sentences_split() -> None:
    assert texts("what's the weather like. Also set a timer for 3 minutes") == [
        "what's the weather like",
        "set a timer for 3 minutes",
    ]


def test_conditions_go_with_their_clause() -> None:
    clauses = split_clauses(
        "check the weather in Rome and add a picnic on saturday at noon if it's sunny"
    )
    assert clauses[1].text == "add a picnic on saturday at noon"
    assert clauses[1].condition == "it's sunny"
    leading = split_clauses("if it rains, close the windows")
    assert [(c.text, c.condition) for c in leading] == [("close the windows", "it rains")]
    unless = split_clauses("unless it's cold open the blinds")
    assert (unless[0].text, unless[0].condition, unless[0].negated) == (
        "open the blinds",
        "it's cold",
        True,
    )


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        (
            "set timers for 5 and 10 minutes",
            ["set timer for 5 minutes", "set timer for 10 minutes"],
        ),
        (
            "what do I have on wednesday and thursday",
            ["what do I have on wednesday", "what do I have on thursday"],
        ),
        ("turn off the lights and the fan", ["turn off the lights", "turn off the fan"]),
        ("turn the lights and the fan off", ["turn the lights off", "turn the fan off"]),
        (
            "turn on the lights in the kitchen and living room",
            ["turn on the lights in the kitchen", "turn on the lights in the living room"],
        ),
        ("set alarms for 7 and 8 am", ["set alarm for 7 am", "set alarm for 8 am"]),
        (
            "what's the weather in Paris and London",
            ["what's the weather in Paris", "what's the weather in London"],
        ),
    ],
)
def test_a_shared_verb_is_spread_over_its_list(request_text: str, expected: list[str]) -> None:
    clauses = split_clauses(request_text)
    assert [c.text for c in clauses] == expected
    assert all(c.shared for c in clauses)
    assert [c.joined_by for c in clauses] == ["start"] + ["and"] * (len(expected) - 1)


def test_a_message_keeps_its_and_but_a_clear_new_command_splits() -> None:
    assert texts("remind me to call mom and set a timer for 10 minutes") == [
        "remind me to call mom",
        "set a timer for 10 minutes",
    ]
    assert texts("remind me to call mom and tell her about dinner") == [
        "remind me to call mom and tell her about dinner"
    ]


def test_clauses_carry_their_normalized_form() -> None:
    (clause,) = split_clauses("Could you set a timer for twenty minutes?")
    assert clause.normalized == "set a timer for 20 minutes"


def test_blank_text_has_no_clauses() -> None:
    assert split_clauses("   ") == []


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        (
            "please search for dining tables, temperature this hour",
            ["please search for dining tables", "temperature this hour"],
        ),
        (
            "is it true the gym is far away and lights down to seven",
            ["is it true the gym is far away", "lights down to seven"],
        ),
        (
            "wake me up at six thirty and describe a potato",
            ["wake me up at six thirty", "describe a potato"],
        ),
        (
            "turn all lights off and if there is any alarm set then let me know",
            ["turn all lights off", "let me know"],
        ),
    ],
)
def test_spoken_compounds_split_without_a_leading_verb(
    request_text: str, expected: list[str]
) -> None:
    assert texts(request_text) == expected


def test_a_short_item_after_a_comma_stays_in_its_list_or_shares_the_verb() -> None:
    assert texts("remind me to buy milk, eggs and bread") == [
        "remind me to buy milk, eggs and bread"
    ]
    assert texts("turn on the kitchen, bedroom and hall lights") == [
        "turn on the kitchen lights",
        "turn on bedroom lights",
        "turn on hall lights",
    ]


@pytest.mark.parametrize(
    "request_text",
    [
        "find and delete all of my weekend events with evan parker",
        "shuffle and play blue playlist",
        "if i have five u. s. d. how much is that in aud",
        "play the local r. n. b. radio station",
        "open my most recent email and reply",
        "turn on channel nine hundred and fifty one",
    ],
)
def test_single_requests_with_and_or_spoken_acronyms_stay_whole(request_text: str) -> None:
    assert len(split_clauses(request_text)) == 1


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        (
            "set a timer for 5 minutes and check if I have anything on tomorrow",
            ["set a timer for 5 minutes", "check if I have anything on tomorrow"],
        ),
        ("let me know if it rains tomorrow", ["let me know if it rains tomorrow"]),
    ],
)
def test_check_if_is_a_question_not_a_condition(request_text: str, expected: list[str]) -> None:
    clauses = split_clauses(request_text)
    assert [c.text for c in clauses] == expected
    assert all(c.condition is None for c in clauses)


def test_a_question_word_like_should_opens_a_clause() -> None:
    assert texts("add wine to my list and should I wear shorts today") == [
        "add wine to my list",
        "should I wear shorts today",
    ]


def test_a_judge_cuts_where_the_rules_glue() -> None:
    asked: list[tuple[str, str]] = []

    def judge(before: str, after: str) -> bool:
        asked.append((before, after))
        return after == "the joke of the day"

    clauses = split_clauses("what's on my shopping list and the joke of the day", judge=judge)
    assert [c.text for c in clauses] == ["what's on my shopping list", "the joke of the day"]
    assert asked == [("what's on my shopping list", "the joke of the day")]
    assert texts("what's on my shopping list and the joke of the day") == [
        "what's on my shopping list and the joke of the day"
    ]  # without a judge the rules glue it
    # Never inside a message, never for a one-word item.
    refuse = split_clauses("remind me to buy milk and the joke of the day", judge=judge)
    assert len(refuse) == 1
    assert len(split_clauses("dinner with Jo and Sam", judge=lambda a, b: True)) == 1


@pytest.mark.parametrize(
    "request_text", ["hey olly, turn the kitchen lights up", "ok google, what time is it"]
)
def test_a_wake_word_before_a_comma_is_no_clause(request_text: str) -> None:
    assert texts(request_text) == [request_text]


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        # a verb said once over two objects, each with its own place
        (
            "add eggs to my shopping list and bread to my todo list",
            ["add eggs to my shopping list", "add bread to my todo list"],
        ),
        (
            "take the milk off my list and the eggs off my todo list",
            ["take the milk off my list", "take the eggs off my todo list"],
        ),
        # clock times listed before what they are times of
        ("cancel my 7am and 8am alarms", ["cancel my 7am alarm", "cancel my 8am alarm"]),
        # "another" in a clause of its own
        (
            "set a timer for 5 minutes, then another for 10",
            ["set a timer for 5 minutes", "set a timer for 10 minutes"],
        ),
        # two messages, each with its own time
        (
            "remind me to call mom at 5 and to water the plants at 6",
            ["remind me to call mom at 5", "remind me to water the plants at 6"],
        ),
        # each item has its own article: no head noun shared ("tv lamp")
        (
            "switch off the tv and the bedroom lamp",
            ["switch off the tv", "switch off the bedroom lamp"],
        ),
    ],
)
def test_a_verb_said_once_is_spread_over_each_thing_it_governs(
    request_text: str, expected: list[str]
) -> None:
    assert texts(request_text) == expected


@pytest.mark.parametrize(
    "request_text",
    [
        "remind me to buy milk and eggs at 5",  # one message with two things in it
        "remind me to call mom and to water the plants",  # no time for either: one reminder
        "add bread and milk to my shopping list",
    ],
)
def test_one_message_or_one_list_stays_whole(request_text: str) -> None:
    assert texts(request_text) == [request_text]


@pytest.mark.parametrize(
    ("request_text", "clause"),
    [
        ("remove my alarm if any", "remove my alarm"),
        ("delete my alarms if there are any", "delete my alarms"),
        ("turn on the lights if possible", "turn on the lights"),
    ],
)
def test_if_any_or_if_possible_is_no_condition(request_text: str, clause: str) -> None:
    (found,) = split_clauses(request_text)
    assert (found.text, found.condition) == (clause, None)
    (kept,) = split_clauses("if it rains, close the windows if possible")
    assert (kept.text, kept.condition) == ("close the windows", "it rains")


@pytest.mark.parametrize(
    "request_text",
    [
        "what happened on may 1st, 2019",
        "set a reminder for march 3, 2027 at 5pm to pay taxes",
        "remind me on 3 march, 2027 to renew my passport",
        "add the dentist on friday, march 3 at 2pm",
        "lunch on friday, may 3rd, 2027 at noon",
    ],
)
def test_a_dates_comma_is_no_clause_boundary(request_text: str) -> None:
    assert texts(request_text) == [request_text]


def test_a_comma_after_a_day_still_cuts_before_a_request_or_a_year_said_as_a_clause() -> None:
    assert texts("book lunch on friday, set a timer for 5 minutes") == [
        "book lunch on friday",
        "set a timer for 5 minutes",
    ]
    assert texts("turn on the lights, 2020 was a bad year") == [
        "turn on the lights",
        "2020 was a bad year",
    ]


def test_a_new_request_after_a_reminder_is_its_own_clause() -> None:
    assert texts("remind me to order more soap, search schedules for this week") == [
        "remind me to order more soap",
        "search schedules for this week",
    ]
    assert texts("remind me to buy bread, add milk to the shopping list") == [
        "remind me to buy bread",
        "add milk to the shopping list",
    ]
    # what the reminder is about stays whole
    assert texts("remind me to buy milk, eggs and bread") == [
        "remind me to buy milk, eggs and bread"
    ]
    assert texts("remind me to search for flights tomorrow") == [
        "remind me to search for flights tomorrow"
    ]
