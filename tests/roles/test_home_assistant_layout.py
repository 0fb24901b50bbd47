"""The Home Assistant backend's floors and areas (template endpoint) and its newer services.

Responses are written from Home Assistant's documented formats:
- ``GET /api/states`` and ``POST /api/services/<domain>/<service>`` (a list of changed states):
  developers.home-assistant.io/docs/api/rest
- ``POST /api/template`` renders a template and answers the text; ``floors()``, ``floor_name()``,
  ``floor_areas()``, ``areas()``, ``area_name()`` and ``area_entities()`` are documented at
  home-assistant.io/docs/configuration/templating (areas and floors sections).
- service data: home-assistant.io/integrations/valve, /media_player, /cover.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
import respx

from agent_system.registry.spec import ToolContext
from agent_system.runtime import Runtime
from agent_system.testing import make_runtime, make_settings
from roles.smart_home import more_tools, tools
from roles.smart_home._common import home_backend

HA = "http://ha.local:8123"

STATES: list[dict[str, Any]] = [
    {"entity_id": "light.hall", "state": "off", "attributes": {"friendly_name": "Hall lamp"}},
    {"entity_id": "light.bed", "state": "off", "attributes": {"friendly_name": "Bed lamp"}},
    {
        "entity_id": "valve.lawn",
        "state": "closed",
        "attributes": {"friendly_name": "Lawn sprinkler", "current_position": 0},
    },
    {
        "entity_id": "media_player.tv",
        "state": "playing",
        "attributes": {"friendly_name": "TV", "volume_level": 0.3, "is_volume_muted": False},
    },
    {
        "entity_id": "cover.blinds",
        "state": "closed",
        "attributes": {"friendly_name": "Blinds", "current_position": 0, "device_class": "blind"},
    },
]
# What LAYOUT_TEMPLATE renders to on a home with two floors and three areas.
LAYOUT = {
    "floors": [
        {"id": "ground", "name": "Ground floor", "areas": ["hall", "garden"]},
        {"id": "up", "name": "Upstairs", "areas": ["bedroom"]},
    ],
    "areas": [
        {"id": "hall", "name": "Hall", "entities": ["light.hall", "media_player.tv"]},
        {"id": "garden", "name": "Garden", "entities": ["valve.lawn"]},
        {"id": "bedroom", "name": "Bedroom", "entities": ["light.bed", "cover.blinds"]},
    ],
}


def runtime() -> Runtime:
    return make_runtime(
        make_settings(
            smart_home_backend="home_assistant", home_assistant_url=HA, home_assistant_token="t0k"
        )
    )


async def call(module: Any, name: str, args: dict[str, Any], rt: Runtime) -> Any:
    return await getattr(module, name).__tool_spec__.ainvoke(args, ToolContext(runtime=rt))


def mock_home() -> None:
    respx.get(f"{HA}/api/states").mock(return_value=httpx.Response(200, json=STATES))
    respx.post(f"{HA}/api/template").mock(return_value=httpx.Response(200, text=json.dumps(LAYOUT)))


@pytest.mark.anyio
@respx.mock
async def test_floors_and_areas_come_from_the_template_endpoint() -> None:
    mock_home()
    service = respx.post(f"{HA}/api/services/light/turn_on").mock(
        return_value=httpx.Response(200, json=[{**STATES[1], "state": "on"}])
    )
    out = await call(tools, "turn_on", {"device": "lights", "floor": "upstairs"}, runtime())
    template = json.loads(respx.calls[1].request.content)["template"]
    assert "floor_areas(f)" in template and "area_entities(a)" in template
    assert json.loads(service.calls.last.request.content) == {"entity_id": "light.bed"}
    assert out.display == "Bed lamp is on."


@pytest.mark.anyio
@respx.mock
async def test_valve_media_and_cover_position_use_their_own_services() -> None:
    mock_home()
    valve = respx.post(f"{HA}/api/services/valve/open_valve").mock(
        return_value=httpx.Response(200, json=[])
    )
    volume = respx.post(f"{HA}/api/services/media_player/volume_set").mock(
        return_value=httpx.Response(200, json=[])
    )
    position = respx.post(f"{HA}/api/services/cover/set_cover_position").mock(
        return_value=httpx.Response(200, json=[])
    )
    respx.get(url__regex=rf"{HA}/api/states/.+").mock(
        return_value=httpx.Response(200, json=STATES[2])
    )
    rt = runtime()
    await call(tools, "open_valve", {"device": "valve", "area": "garden"}, rt)
    await call(more_tools, "set_volume", {"device": "TV", "change": 10}, rt)
    await call(tools, "set_position", {"device": "blinds", "position": 50}, rt)
    assert json.loads(valve.calls.last.request.content) == {"entity_id": "valve.lawn"}
    assert json.loads(volume.calls.last.request.content) == {
        "entity_id": "media_player.tv",
        "volume_level": 0.4,
    }
    assert json.loads(position.calls.last.request.content) == {
        "entity_id": "cover.blinds",
        "position": 50,
    }


@pytest.mark.anyio
@respx.mock
async def test_the_sentence_matcher_learns_home_assistants_names_after_a_read() -> None:
    from roles.smart_home.role import _matcher

    no_template = respx.post(f"{HA}/api/template")
    no_template.mock(return_value=httpx.Response(404, json={}))
    states = [
        {"entity_id": "scene.movie_night", "state": "", "attributes": {"friendly_name": "Cinema"}},
        {"entity_id": "light.desk", "state": "off", "attributes": {"friendly_name": "Desk"}},
    ]
    respx.get(f"{HA}/api/states").mock(return_value=httpx.Response(200, json=states))
    runtime = make_runtime(
        make_settings(
            smart_home_backend="home_assistant", home_assistant_url=HA, home_assistant_token="t0k"
        )
    )
    assert _matcher(runtime).match("cinema on") is None  # no names before the first read
    await home_backend(runtime).devices()
    found = _matcher(runtime).match("cinema on")
    assert found is not None
    assert [(c.tool, c.arguments) for c in found.calls] == [
        ("smart_home.activate", {"scene": "Cinema"})
    ]
    assert _matcher(runtime) is _matcher(runtime)  # rebuilt only when names change
