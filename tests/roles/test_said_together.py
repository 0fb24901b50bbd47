"""Several names in one reply are joined as a sentence joins them (issue 15, dogfood): "apples,
pears and plums", never "apples, pears, plums"; a question offering them ends "... or plums".

Through the public API, offline, on a fake clock; the joining itself is one helper
(`agent_system.understanding._format.said_together`) every role's reply uses.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.understanding._format import said_together

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        (
            "add apples, pears, plums to the shopping list",
            "Added apples, pears and plums to your shopping list.",
        ),
        (
            "put rice, beans, lentils and oats on my shopping list",
            "Added rice, beans, lentils and oats to your shopping list.",
        ),
        ("add tea and honey to my shopping list", "Added tea and honey to your shopping list."),
    ],
)
async def test_items_added_are_said_with_and_before_the_last(
    system: AgentSystem, said: str, reply: str
) -> None:
    assert (await system.arun(said)).reply == reply


def test_one_two_three_names_and_a_choice() -> None:
    assert said_together([]) == ""
    assert said_together(["milk"]) == "milk"
    assert said_together(["milk", "eggs"]) == "milk and eggs"
    assert said_together(["a", "b", "c"]) == "a, b and c"
    assert said_together(["a", "b", "c"], "or") == "a, b or c"
