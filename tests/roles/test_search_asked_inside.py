"""A question asked inside another, named things of history, legends, counts (issue 15 item 3).

Each family is its asking words x a named thing (roles/search/_clauses.py, _named.py): a
question asked inside another in the order of a statement ("do you know when the berlin wall
fell"), a named thing by the kind its name ends with ("what was the cold war"), what a person
does by a full name, whether a thing of legend is real, how many of a kind there are. The
requests are paraphrases of our own, in none of the data sets; the stage claims them, not a
router score. The look-alikes (the user's day, plans, places, home and things, the weather, how
long or how much, a first name alone, the assistant itself) are not claimed. Through the public
API, offline.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from tests.roles._searched import assert_not_claimed, assert_searched

pytestmark = pytest.mark.anyio

FAMILIES = {
    "a question asked inside another": [
        "do you happen to know when the roman empire fell",
        "i want to know how the pyramids were built",
        "i wonder when the dinosaurs went extinct",
        "tell me where the nile river starts",
        "do you know how bees make honey",
        "i have always wondered why zebras have stripes",
        "any idea when the great fire of london happened",
        "can you tell me how earthquakes happen",
        "could you find out when columbus reached america",
        "i was wondering why leaves change colour in autumn",
        "can you tell me why the ocean is salty",
    ],
    "a named thing by its kind": [
        "what was the cold war",
        "what is the nuclear triad",
        "what was the berlin wall",
        "what is the big bang theory",
        "what was the ottoman empire",
        "what is the kuiper belt",
    ],
    "what a person does": [
        "what does elon musk do",
        "what did marie curie do for a living",
        "what does jeff bezos do",
    ],
    "a thing of legend": [
        "are dragons real",
        "do unicorns exist",
        "does bigfoot really exist",
        "are mermaids just a myth",
    ],
    "how many there are": [
        "how many stars are there",
        "how many oceans are there in the world",
        "how many letters are there in the english language",
    ],
}
LOOK_ALIKES = [
    "tell me when my package arrives",
    "do you know when the bank opens",
    "tell me when the next train leaves",
    "do you know when the store closes",
    "tell me how the game went",
    "tell me how the meeting went",
    "tell me why my card was declined",
    "tell me when the timer goes off",
    "tell me when the movie starts",
    "do you know why the fan stopped",
    "tell me when the rain stops",
    "can you tell me how long it takes to boil an egg",
    "tell me how much a flight to paris costs",
    "tell me when the kids get home",
    "find out why the internet is slow",
    "tell me why the dog is barking",
    "tell me how handkerchief is spelled",
    "tell me when ninety minutes have passed",
    "what is the plan",
    "what is my plan",
    "what is the drinking age",
    "what does john do",
    "what does this button do",
    "are you real",
    "do you exist",
    "how many items are there",
    "how many alarms are there",
    "why do we dream",
]


@pytest.mark.parametrize("family", sorted(FAMILIES))
async def test_each_paraphrase_of_a_family_is_searched_for(
    system: AgentSystem, family: str
) -> None:
    for text in FAMILIES[family]:
        await assert_searched(system, text)


async def test_a_question_found_out_is_searched_for_without_the_asking(
    system: AgentSystem,
) -> None:
    for text, query in (
        ("find out who invented the radio", "who invented the radio"),
        ("could you find out when the berlin wall fell", "when the berlin wall fell"),
    ):
        (step,) = (await system.aplan(text)).steps
        assert step.arguments["query"] == query


async def test_the_look_alikes_are_not_taken_for_factual_questions(system: AgentSystem) -> None:
    for text in LOOK_ALIKES:
        await assert_not_claimed(system, text)
