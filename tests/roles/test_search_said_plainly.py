"""Factual questions announced, hedged, fetched or said short reach search (issue 15 item 3).

Each family is its leading words x a question the search stage reads (roles/search/_leads.py,
roles/search/_kinds.py): a question announced ("quick question, ..."), a guess asked for ("any
idea ..."), a fact fetched ("find the capital of ..."), a name asked by its holder, a life or a
past said as a fragment, the members of a known set, how a thing was made, how much of a stuff a
thing holds, and the sky's questions said with the weather's words. The requests are
paraphrases of our own; the look-alikes (another role's request behind a lead-in, the user's
own history, people and surroundings, the weather here) do not reach search. Through the
public API, offline.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from tests.roles._searched import assert_not_claimed, assert_searched

pytestmark = pytest.mark.anyio

FAMILIES = {
    "a question announced": [
        "quick question who discovered radium",
        "i have a question, how deep is lake baikal",
        "one question for you: who composed the four seasons",
        "answer me this who was the first emperor of rome",
        "what is the answer to when did the berlin wall come down",
    ],
    "a guess asked for": [
        "any idea who designed the sydney opera house",
        "do you happen to know the capital of mongolia",
        "would you know how long the danube is",
    ],
    "a fact fetched": [
        "find the population of argentina",
        "get me the capital of portugal",
        "look for the height of the matterhorn",
        "how much is the population of cairo",
    ],
    "a name asked by its holder": [
        "what is the pope's name",
        "what was the first dog in space's name",
    ],
    "a life or a past said short": [
        "biography of frida kahlo",
        "a brief history of the ottoman empire",
        "life story of marie antoinette",
        "the origin of valentine's day",
    ],
    "the members of a known set": [
        "name the continents",
        "list the planets",
        "tell me the noble gases",
    ],
    "how a thing was made": [
        "how was the channel tunnel built",
        "how were the alps formed",
        "how is chocolate made",
    ],
    "a role, a count or a set's names said short": [
        "chancellor of germany",
        "the first emperor of china",
        "ceo of microsoft",
        "tell me the name of the current secretary general",
        "number of moons in the solar system",
        "what are the names of the seven seas",
    ],
    "something new": [
        "teach me something new",
        "i would like to learn something interesting",
    ],
    "rivers and shares of the world": [
        "which river flows through vienna",
        "what percent of the human body is water",
    ],
    "the first of a kind": [
        "what was the first phone ever made",
        "when was the first computer built",
    ],
    "how long a named person has been so": [
        "how long has meghan markle been pregnant",
        "how long was nelson mandela president",
    ],
    "how much of a stuff a thing holds": [
        "how much water is in the dead sea",
        "how much gold is there in fort knox",
    ],
    "the sky's questions": [
        "what is the temperature on venus",
        "how hot is the surface of the sun",
        "which planet is the closest to the sun",
        "what is the nearest star to earth",
        "how far away is the nearest galaxy",
    ],
}
LOOK_ALIKES = [
    "quick question, set a timer for ten minutes",
    "i have a question, what is on my calendar tomorrow",
    "any idea what the weather is like in oslo",
    "find the nearest pharmacy",
    "get me the receipt of my last order",
    "history of my orders",
    "purchase history",
    "biography of my grandfather",
    "what is my brother's name",
    "what is the dog's name",
    "how much money is in my account",
    "what is the temperature in the living room",
    "what is the temperature outside",
    "what is the closest restaurant",
    "how were my messages sent",
    "name the lists i have",
    "what was the first car i owned",
    "how long has my phone been charging",
    "what is john's last name",
    "ceo of my company",
    "number of items on my shopping list",
    "teach me how to change a tire",
    "what percentage of my budget is rent",
]


@pytest.mark.parametrize("family", sorted(FAMILIES))
async def test_each_paraphrase_of_a_family_is_searched_for(
    system: AgentSystem, family: str
) -> None:
    for text in FAMILIES[family]:
        await assert_searched(system, text)


async def test_an_announced_question_is_searched_for_without_its_announcement(
    system: AgentSystem,
) -> None:
    for text, query in (
        ("quick question: who discovered radium?", "who discovered radium"),
        ("i have a question, how deep is lake baikal", "how deep is lake baikal"),
    ):
        (step,) = (await system.aplan(text)).steps
        assert step.arguments["query"] == query


async def test_the_time_looked_up_is_the_clocks(system: AgentSystem) -> None:
    for text in ("look up the time in lima", "google the time in tokyo"):
        decision = await system.aroute(text)
        assert decision.role == "conversation", text
        assert decision.reason == "A question about the time or the date.", text


async def test_the_look_alikes_are_not_taken_for_factual_questions(system: AgentSystem) -> None:
    for text in LOOK_ALIKES:
        await assert_not_claimed(system, text)
