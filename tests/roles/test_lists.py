"""The lists role through the public API (application database), its interpretation, and the
Home Assistant todo backend with replayed responses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.registry.spec import ToolContext
from agent_system.roles import Clarification, RoleCall
from agent_system.testing import make_runtime, make_settings
from roles.lists import tools
from roles.lists.role import ROLE

HA = "http://ha.local:8123"


@pytest.mark.anyio
async def test_add_read_check_off_and_remove_on_named_lists(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        added = await system.arun("put oat milk on the groceries list", user="ann")
        await system.arun("add eggs, bread and butter to my shopping list", user="ann")
        await system.arun("put screws on the hardware store list", user="ann")
        shopping = await system.arun("what's on my shopping list", user="ann")
        await system.arun("check off eggs", user="ann")
        await system.arun("remove bread from my shopping list", user="ann")
        after = await system.arun("read me my shopping list", user="ann")
        hardware = await system.arun("what is on the hardware store list", user="ann")
        other_user = await system.arun("what's on my shopping list", user="bob")
    assert added.route is not None and added.route.role == "lists"
    assert added.reply == "Added oat milk to your shopping list."
    assert shopping.reply == "Your shopping list: oat milk, eggs, bread, butter."
    assert after.reply == "Your shopping list: oat milk, butter."
    assert hardware.reply == "Your hardware store list: screws."
    assert other_user.reply == "Your shopping list is empty."


@pytest.mark.anyio
async def test_lists_survive_a_restart(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "home")
    async with AgentSystem(settings) as system:
        await system.arun("add call the plumber to my to-do list")
    async with AgentSystem(settings) as system:
        result = await system.arun("what's on my todo list")
    assert result.reply == "Your to-do list: call the plumber."


@pytest.mark.anyio
async def test_an_unknown_item_changes_nothing_and_says_so(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("add milk to the shopping list")
        result = await system.arun("remove caviar from the shopping list")
        still = await system.arun("what's on the shopping list")
    assert "caviar" in result.reply and "nothing was changed" in result.reply
    assert still.reply == "Your shopping list: milk."


@pytest.mark.parametrize(
    ("text", "call"),
    [
        (
            "put oat milk on the groceries list",
            ("lists.add", {"items": ["oat milk"], "list_name": "groceries"}),
        ),
        (
            "add apples to my shopping list",
            ("lists.add", {"items": ["apples"], "list_name": "shopping"}),
        ),
        ("add milk and eggs to the list", ("lists.add", {"items": ["milk", "eggs"]})),
        ("what's on my shopping list", ("lists.show", {"list_name": "shopping"})),
        (
            "check off milk on the shopping list",
            ("lists.complete", {"item": "milk", "list_name": "shopping"}),
        ),
        ("mark call the plumber as done", ("lists.complete", {"item": "call the plumber"})),
        ("i bought the eggs", ("lists.complete", {"item": "eggs"})),
        (
            "take the batteries off the hardware store list",
            ("lists.remove", {"item": "batteries", "list_name": "hardware store"}),
        ),
        ("what lists do i have", ("lists.show", {})),
    ],
)
def test_interpret_picks_the_tool_items_and_list(
    text: str, call: tuple[str, dict[str, Any]]
) -> None:
    assert ROLE.interpret(text, {}, make_runtime(), []) == RoleCall(*call)


def test_add_without_items_asks() -> None:
    result = ROLE.interpret("add to my list", {}, make_runtime(), [])
    assert isinstance(result, Clarification)


STATES = [
    {
        "entity_id": "todo.shopping_list",
        "state": "1",
        "attributes": {"friendly_name": "Shopping List"},
    },
    {"entity_id": "light.kitchen", "state": "off", "attributes": {"friendly_name": "Kitchen"}},
]
# POST /api/services/todo/get_items?return_response (developers.home-assistant.io/docs/api/rest:
# a service called with ?return_response answers {"changed_states": [...], "service_response":
# {...}}; todo.get_items' response per entity: {"items": [{"summary", "uid", "status"}]}).
ITEMS = {
    "changed_states": [],
    "service_response": {
        "todo.shopping_list": {
            "items": [{"summary": "Milk", "uid": "u1", "status": "needs_action"}]
        }
    },
}


@pytest.mark.anyio
@respx.mock
async def test_home_assistant_lists_are_its_todo_entities() -> None:
    respx.get(f"{HA}/api/states").mock(return_value=httpx.Response(200, json=STATES))
    respx.post(f"{HA}/api/services/todo/get_items").mock(
        return_value=httpx.Response(200, json=ITEMS)
    )
    added = respx.post(f"{HA}/api/services/todo/add_item").mock(
        return_value=httpx.Response(200, json=[])
    )
    done = respx.post(f"{HA}/api/services/todo/update_item").mock(
        return_value=httpx.Response(200, json=[])
    )
    runtime = make_runtime(
        make_settings(
            smart_home_backend="home_assistant", home_assistant_url=HA, home_assistant_token="t0k"
        )
    )
    ctx = ToolContext(runtime=runtime)
    out = await tools.add.__tool_spec__.ainvoke({"items": ["eggs"], "list_name": "shopping"}, ctx)
    await tools.complete.__tool_spec__.ainvoke({"item": "milk"}, ctx)
    assert out.display == "Added eggs to your shopping list."
    assert added.calls.last.request.content == b'{"entity_id":"todo.shopping_list","item":"eggs"}'
    assert b'"status":"completed"' in done.calls.last.request.content
    assert b'"item":"u1"' in done.calls.last.request.content


@pytest.mark.anyio
@respx.mock
async def test_home_assistant_without_the_list_names_the_lists_it_has() -> None:
    respx.get(f"{HA}/api/states").mock(return_value=httpx.Response(200, json=STATES))
    respx.post(f"{HA}/api/services/todo/get_items").mock(
        return_value=httpx.Response(200, json=ITEMS)
    )
    runtime = make_runtime(
        make_settings(
            smart_home_backend="home_assistant", home_assistant_url=HA, home_assistant_token="t0k"
        )
    )
    with pytest.raises(Exception, match=r"no to-do list called 'Hardware store'.*Shopping List"):
        await tools.add.__tool_spec__.ainvoke(
            {"items": ["nails"], "list_name": "hardware store"}, ToolContext(runtime=runtime)
        )
