"""A list read or added to, its name said among other words (issue 15, lists_query and
lists_createoradd): "what's the first thing on my list" looked for a list called "first thing on
my", "recite my list" for one called "recite my", "add eggs to my shopping list and milk" added
to a list called "shopping list and milk"."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _filled(system: AgentSystem) -> None:
    await system.arun("add eggs and milk to my shopping list", thread_id="t")
    await system.arun("add pay rent to my to do list", thread_id="t")


@pytest.mark.parametrize(
    "said",
    ["what's the first thing on my list", "recite my list", "show me all the lists i have",
     "say my list please"],
)  # fmt: skip
async def test_every_list_is_read(system: AgentSystem, said: str) -> None:
    await _filled(system)
    result = await system.arun(said, thread_id="u")
    assert "Your shopping list: eggs, milk." in result.reply
    assert "Your to-do list: pay rent." in result.reply


@pytest.mark.parametrize(
    "said", ["what's my shopping list look like", "what does my grocery list look like"]
)
async def test_the_list_named_is_read(system: AgentSystem, said: str) -> None:
    await _filled(system)
    result = await system.arun(said, thread_id="u")
    assert result.reply == "Your shopping list: eggs, milk."


@pytest.mark.parametrize(
    ("said", "reply"),
    [("add bread to my shopping list and butter", "Added bread and butter to your shopping list."),
     ("put bread on the grocery list and butter too",
      "Added bread and butter to your shopping list."),
     ("add call mom to my to do list and pay the gas bill",
      "Added call mom and pay the gas bill to your to-do list.")],
)  # fmt: skip
async def test_items_said_after_the_list_go_on_it(
    system: AgentSystem, said: str, reply: str
) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.reply == reply


@pytest.mark.parametrize(
    ("said", "reply"),
    [("create a packing list and add socks", "Started your packing list with socks."),
     ("start a new camping list and add a tent and matches to it",
      "Started your camping list with tent, matches."),
     ("make a party list, then add balloons", "Started your party list with balloons.")],
)  # fmt: skip
async def test_a_new_list_and_its_first_items(system: AgentSystem, said: str, reply: str) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.route is not None and result.route.role == "lists"
    assert result.reply == reply
    shopping = await system.arun("what's on my shopping list", thread_id="u")
    assert shopping.reply == "Your shopping list is empty."


@pytest.mark.parametrize(
    ("said", "second"),
    [("add milk to my shopping list and remove eggs from my to do list", "lists.remove"),
     ("put apples on the shopping list and take pears off my to do list", "lists.remove"),
     ("add milk to my shopping list and delete bread from the to do list", "lists.remove")],
)  # fmt: skip
async def test_a_request_after_the_list_is_no_item(
    system: AgentSystem, said: str, second: str
) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.plan is not None
    tools = [step.tool for step in result.plan.steps]
    assert tools == ["lists.add", second]
    added = result.plan.steps[0].arguments
    assert added["list_name"] == "shopping" and len(added["items"]) == 1
