"""Tasks go on the to-do list, groceries on the shopping list, when no list is named (issue 15):
"add call mom, pay rent, book the vet" was not understood in a new conversation and went on the
shopping list after a turn on it."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


async def _replies(system: AgentSystem, *texts: str, thread: str = "t") -> list[str]:
    return [(await system.arun(text, thread_id=thread)).reply for text in texts]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "added"),
    [
        ("add call mom, pay rent, book the vet", "call mom, pay rent and book the vet"),
        (
            "please add renew my passport and email the landlord",
            "renew my passport and email the landlord",
        ),
        ("add take out the bins", "take out the bins"),
        ("put pick up the dry cleaning on my list", "pick up the dry cleaning"),
    ],
)
async def test_tasks_named_with_no_list_go_on_the_to_do_list(
    system: AgentSystem, said: str, added: str
) -> None:
    result = await system.arun(said, thread_id="t")
    shopping = await _replies(system, "what's on my shopping list", thread="u")
    assert result.route is not None and result.route.role == "lists"
    assert result.reply == f"Added {added} to your to-do list."
    assert shopping == ["Your shopping list is empty."]


@pytest.mark.anyio
async def test_tasks_after_a_turn_on_the_shopping_list_still_go_on_the_to_do_list(
    system: AgentSystem,
) -> None:
    replies = await _replies(
        system,
        "add milk to my shopping list",
        "add call mom, pay rent, book the vet",
        "and water the plants",
        "add eggs, bread",
        "add batteries to it",
    )
    lists = await _replies(system, "what's on my to do list", "what's on my shopping list")
    assert replies[1:] == [
        "Added call mom, pay rent and book the vet to your to-do list.",
        "Added water the plants to your to-do list.",
        "Added eggs and bread to your shopping list.",  # groceries: back to the shopping list
        "Added batteries to your shopping list.",  # "to it": the list just used
    ]
    assert lists == [
        "Your to-do list: call mom, pay rent, book the vet, water the plants.",
        "Your shopping list: milk, eggs, bread, batteries.",
    ]


@pytest.mark.anyio
async def test_a_list_that_is_named_is_kept_whatever_the_items(system: AgentSystem) -> None:
    replies = await _replies(
        system,
        "add call the plumber to my shopping list",
        "add finish the report, book flights to my work list",
    )
    things = await _replies(
        system, "add milk to my shopping list", "add water bottles and paint brushes", thread="u"
    )
    assert replies == [
        "Added call the plumber to your shopping list.",
        "Added finish the report and book flights to your work list.",
    ]
    assert things[1] == "Added water bottles and paint brushes to your shopping list."  # no tasks
