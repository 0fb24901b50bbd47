"""Factual questions with a named thing and a fact word reach search (issue 15 item 3).

Questions about the user's own things, places near them and recommendations do not.
"""

from __future__ import annotations

import pytest

from roles.search._facts import is_factual_question


@pytest.mark.parametrize(
    "text",
    [
        "what is the national animal of scotland",
        "what's the gdp of germany",
        "what is the financial capital of india",
        "how far is the moon from the earth",
        "what is the distance between paris and berlin",
        "how far above sea level is quito",
        "how many states are in the us",
        "how many lakes are there in finland",
        "who is the prime minister of canada right now",
        "is leonardo dicaprio married",
        "who is beyonce married to",
        "what team does messi play for",
        "what's the fastest land animal",
        "where does the nile river start",
        "what awards has meryl streep won",
        "what do you know about black holes",
        "just let me know the population of peru",
        "is the longest river in the world the nile",
        "what college did barack obama go to",
        "how much of the earth is covered by ice",
    ],
)
def test_a_named_thing_with_a_fact_word_is_a_factual_question(text: str) -> None:
    assert is_factual_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "how far is the airport from here",
        "how far is it from my house to the office",
        "what is the distance from home to the station",
        "what's the most popular pizza place in town",
        "is the battery dead",
        "is he married",
        "who is the singer of this song right now",
        "what do you know about me",
        "how many people are there in my meeting",
        "how much of my budget is left",
        "what school did you go to",
    ],
)
def test_the_users_own_things_and_places_near_them_are_not(text: str) -> None:
    assert not is_factual_question(text)
