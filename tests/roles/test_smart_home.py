"""The smart_home role: simulated home, Home Assistant over respx, name resolution, interpret()."""

from __future__ import annotations

import functools
import json
import logging
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from agent_system._storage import Database
from agent_system.errors import ConfigurationError, ToolExecutionError
from agent_system.registry.spec import SideEffect, ToolContext
from agent_system.roles import Clarification, RoleCall
from agent_system.routing.models import Turn
from agent_system.runtime import Runtime
from agent_system.testing import make_runtime, make_settings
from roles.smart_home import tools
from roles.smart_home.backend import match_devices
from roles.smart_home.role import ROLE
from roles.smart_home.simulated import DEFAULT_HOME, load_devices

HA = "http://ha.local:8123"
TOKEN = "super-secret-token-123"


async def call(name: str, args: dict[str, Any], runtime: Runtime) -> Any:
    spec = getattr(tools, name).__tool_spec__
    return await spec.ainvoke(args, ToolContext(runtime=runtime))


@pytest.fixture
def runtime() -> Runtime:
    return make_runtime()


# --- simulated home -------------------------------------------------------------------------


@pytest.mark.anyio
async def test_turning_on_a_light_by_a_loose_name_changes_only_that_light(runtime: Runtime) -> None:
    out = await call("turn_on", {"device": "the lights in the kitchen"}, runtime)

    assert out.display == "Kitchen light is on at 100%, white."
    states = {
        d["id"]: d["state"] for d in (await call("list_devices", {}, runtime)).data["devices"]
    }
    assert states["kitchen_light"] == "on"
    assert states["living_room_light"] == states["bedroom_light"] == "off"


@pytest.mark.anyio
async def test_plural_lights_turn_off_every_matching_light(runtime: Runtime) -> None:
    for light in ("kitchen light", "bedroom light"):
        await call("turn_on", {"device": light}, runtime)

    out = await call("turn_off", {"device": "all lights"}, runtime)

    assert out.data["count"] == 3
    assert {d["state"] for d in out.data["devices"]} == {"off"}
    assert out.display == "Turned off Living room light, Kitchen light and Bedroom light."


@pytest.mark.anyio
async def test_an_area_narrows_plural_lights_to_one_room(runtime: Runtime) -> None:
    out = await call("turn_on", {"device": "lights", "area": "Bedroom"}, runtime)

    assert out.data["id"] == "bedroom_light"


@pytest.mark.anyio
async def test_an_unknown_device_lists_close_matches_and_changes_nothing(runtime: Runtime) -> None:
    before = (await call("list_devices", {}, runtime)).data

    with pytest.raises(ToolExecutionError) as info:
        await call("turn_on", {"device": "kitchn lamp post"}, runtime)

    assert "couldn't find a device called 'kitchn lamp post'" in info.value.message
    assert "nothing was changed" in info.value.message
    assert "Kitchen light" in info.value.message
    assert (await call("list_devices", {}, runtime)).data == before


@pytest.mark.anyio
async def test_an_ambiguous_single_device_asks_which_one(runtime: Runtime) -> None:
    with pytest.raises(ToolExecutionError, match="matches 3 devices"):
        await call("set_color", {"device": "light", "color": "red"}, runtime)


@pytest.mark.anyio
async def test_a_typo_in_a_device_name_is_forgiven(runtime: Runtime) -> None:
    out = await call("set_brightness", {"device": "bedrom light", "brightness": 30}, runtime)

    assert out.display == "Bedroom light is on at 30%, warm white."


@pytest.mark.anyio
async def test_brightness_outside_0_to_100_is_rejected_by_the_schema(runtime: Runtime) -> None:
    with pytest.raises(Exception, match="less than or equal to 100"):
        await call("set_brightness", {"device": "kitchen light", "brightness": 140}, runtime)


@pytest.mark.anyio
async def test_an_unknown_color_is_refused_with_the_known_ones(runtime: Runtime) -> None:
    with pytest.raises(ToolExecutionError, match=r"I don't know the color 'plaid'.*warm white"):
        await call("set_color", {"device": "kitchen light", "color": "plaid"}, runtime)


@pytest.mark.anyio
async def test_an_action_a_device_cannot_do_says_so(runtime: Runtime) -> None:
    with pytest.raises(ToolExecutionError, match="Front door lock is a lock; it cannot turn on"):
        await call("turn_on", {"device": "front door lock"}, runtime)


@pytest.mark.anyio
async def test_the_thermostat_is_set_in_celsius_and_reported(runtime: Runtime) -> None:
    out = await call("set_temperature", {"temperature": 21.5}, runtime)

    assert out.data["attributes"]["target_temperature"] == 21.5
    assert out.display == "Thermostat is in heat mode, set to 21.5°C, currently 19.5°C."


@pytest.mark.anyio
async def test_imperial_units_convert_the_thermostat_target() -> None:
    runtime = make_runtime(make_settings(units="imperial"))

    out = await call("set_temperature", {"temperature": 70}, runtime)

    assert out.data["attributes"]["target_temperature"] == 21.1
    assert "set to 70°F" in out.display


@pytest.mark.anyio
async def test_an_unsafe_temperature_changes_nothing(runtime: Runtime) -> None:
    with pytest.raises(ToolExecutionError, match="outside the safe range 5°C to 35°C"):
        await call("set_temperature", {"temperature": 100}, runtime)


@pytest.mark.anyio
async def test_lock_and_unlock_toggle_the_front_door(runtime: Runtime) -> None:
    assert (await call("unlock", {}, runtime)).data["state"] == "unlocked"
    assert (await call("get_state", {"device": "front door"}, runtime)).display == (
        "Front door lock is unlocked."
    )
    assert (await call("lock", {"device": "door"}, runtime)).data["state"] == "locked"


def test_unlocking_and_opening_the_garage_require_approval_and_are_reversible() -> None:
    for name in ("unlock", "open_garage"):
        spec = getattr(tools, name).__tool_spec__
        assert spec.requires_approval, name
        assert spec.side_effects is SideEffect.REVERSIBLE
    for name in ("lock", "turn_on", "open_cover", "close_cover", "start_vacuum"):
        spec = getattr(tools, name).__tool_spec__
        assert not spec.requires_approval, name
        assert spec.side_effects is SideEffect.REVERSIBLE
    for name in ("list_devices", "get_state"):
        assert getattr(tools, name).__tool_spec__.side_effects is SideEffect.NONE


@pytest.mark.anyio
async def test_open_cover_refuses_a_garage_door_and_open_garage_opens_it(runtime: Runtime) -> None:
    with pytest.raises(ToolExecutionError, match=r"use smart_home\.open_garage"):
        await call("open_cover", {"device": "garage door"}, runtime)
    assert (await call("get_state", {"device": "garage"}, runtime)).data["state"] == "closed"

    assert (await call("open_garage", {}, runtime)).data["state"] == "open"
    assert (await call("open_cover", {"device": "blinds"}, runtime)).data["state"] == "open"


@pytest.mark.anyio
async def test_the_vacuum_starts_and_docks(runtime: Runtime) -> None:
    assert (await call("start_vacuum", {}, runtime)).display == "Robot vacuum is cleaning."
    assert (await call("stop_vacuum", {}, runtime)).data["state"] == "docked"


@pytest.mark.anyio
async def test_device_state_persists_across_runtimes_on_the_same_sqlite_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "home.db"
    first = make_runtime(db=Database(path))
    await call("set_color", {"device": "bedroom light", "color": "blue"}, first)
    await call("unlock", {}, first)
    first.db.close()

    second = make_runtime(db=Database(path))
    bedroom = (await call("get_state", {"device": "bedroom light"}, second)).data
    door = (await call("get_state", {"device": "front door"}, second)).data

    assert bedroom["state"] == "on" and bedroom["attributes"]["color"] == "blue"
    assert door["state"] == "unlocked"


@pytest.mark.anyio
async def test_list_devices_in_an_area(runtime: Runtime) -> None:
    out = await call("list_devices", {"area": "kitchen"}, runtime)

    assert [d["id"] for d in out.data["devices"]] == [
        "kitchen_light",
        "coffee_machine",
        "back_door_sensor",
    ]
    assert out.display.startswith("3 devices in the kitchen: Kitchen light is off.")


def test_a_toml_home_config_defines_the_devices(tmp_path: Path) -> None:
    config = tmp_path / "home.toml"
    config.write_text(
        '[[devices]]\nid = "porch"\nname = "Porch light"\nkind = "light"\narea = "porch"\n'
        '[[devices]]\nid = "shed"\nname = "Shed lock"\nkind = "lock"\nstate = "locked"\n'
    )

    devices = load_devices(config)

    assert [(d.id, d.kind, d.state) for d in devices] == [
        ("porch", "light", "off"),
        ("shed", "lock", "locked"),
    ]


@pytest.mark.anyio
async def test_the_configured_home_replaces_the_default_one(tmp_path: Path) -> None:
    config = tmp_path / "home.toml"
    config.write_text('[[devices]]\nid = "porch"\nname = "Porch light"\nkind = "light"\n')
    runtime = make_runtime(make_settings(home_config=config))

    out = await call("turn_on", {"device": "porch light"}, runtime)

    assert out.data["id"] == "porch"
    with pytest.raises(ToolExecutionError, match="Known devices: Porch light"):
        await call("turn_on", {"device": "kitchen"}, runtime)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[[devices]]\nid = "x"\nname = "X"\nkind = "toaster"\n', "device #1: kind"),
        ("devices = 3\n", "no [[devices]]"),
        ("[[devices\n", "not valid TOML"),
        (
            '[[devices]]\nid = "x"\nname = "X"\nkind = "light"\n'
            '[[devices]]\nid = "x"\nname = "Y"\nkind = "light"\n',
            "repeats device ids",
        ),
    ],
)
def test_a_broken_home_config_names_the_file_and_the_problem(
    tmp_path: Path, text: str, problem: str
) -> None:
    config = tmp_path / "home.toml"
    config.write_text(text)
    with pytest.raises(ConfigurationError, match=r"home\.toml") as info:
        load_devices(config)
    assert problem in info.value.message


def test_a_missing_home_config_says_how_to_fix_it(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="AGENT_SYSTEM_HOME_CONFIG"):
        load_devices(tmp_path / "nope.toml")


def test_name_matching_prefers_an_exact_alias() -> None:
    devices = list(DEFAULT_HOME)
    assert [d.id for d in match_devices(devices, "bedside lamp")] == ["bedroom_light"]
    assert [d.id for d in match_devices(devices, "heating")] == ["thermostat"]
    assert match_devices(devices, "jacuzzi") == []


# --- Home Assistant -------------------------------------------------------------------------


def no_layout() -> None:
    """An instance whose template endpoint is unavailable: rooms come from the names."""
    respx.post(f"{HA}/api/template").mock(return_value=httpx.Response(404, json={}))


def ha_runtime() -> Runtime:
    return make_runtime(
        make_settings(
            smart_home_backend="home_assistant",
            home_assistant_url=HA,
            home_assistant_token=TOKEN,
        )
    )


STATES = [
    {
        "entity_id": "light.kitchen",
        "state": "off",
        "attributes": {"friendly_name": "Kitchen Light", "brightness": None},
    },
    {
        "entity_id": "lock.front_door",
        "state": "locked",
        "attributes": {"friendly_name": "Front Door"},
    },
    {
        "entity_id": "climate.hall",
        "state": "heat",
        "attributes": {
            "friendly_name": "Hall Thermostat",
            "temperature": 20,
            "current_temperature": 19,
        },
    },
    {"entity_id": "sun.sun", "state": "above_horizon", "attributes": {}},
]


@pytest.mark.anyio
@respx.mock
async def test_home_assistant_states_become_devices_with_the_token_sent() -> None:
    no_layout()
    route = respx.get(f"{HA}/api/states").mock(return_value=httpx.Response(200, json=STATES))

    out = await call("list_devices", {}, ha_runtime())

    assert [d["id"] for d in out.data["devices"]] == [
        "light.kitchen",
        "lock.front_door",
        "climate.hall",
    ]
    assert route.calls.last.request.headers["Authorization"] == f"Bearer {TOKEN}"


@pytest.mark.anyio
@respx.mock
async def test_home_assistant_turn_on_posts_the_light_service_with_brightness() -> None:
    no_layout()
    respx.get(f"{HA}/api/states").mock(return_value=httpx.Response(200, json=STATES))
    service = respx.post(f"{HA}/api/services/light/turn_on").mock(
        return_value=httpx.Response(
            200,
            json=[
                {
                    "entity_id": "light.kitchen",
                    "state": "on",
                    "attributes": {"friendly_name": "Kitchen Light", "brightness": 128},
                }
            ],
        )
    )

    out = await call("set_brightness", {"device": "kitchen light", "brightness": 50}, ha_runtime())

    assert json.loads(service.calls.last.request.content) == {
        "entity_id": "light.kitchen",
        "brightness_pct": 50,
    }
    assert out.display == "Kitchen Light is on at 50%."


@pytest.mark.anyio
@respx.mock
async def test_home_assistant_reads_back_state_when_the_service_returns_no_change() -> None:
    no_layout()
    respx.get(f"{HA}/api/states").mock(return_value=httpx.Response(200, json=STATES))
    respx.post(f"{HA}/api/services/lock/unlock").mock(return_value=httpx.Response(200, json=[]))
    respx.get(f"{HA}/api/states/lock.front_door").mock(
        return_value=httpx.Response(
            200,
            json={"entity_id": "lock.front_door", "state": "unlocked", "attributes": {}},
        )
    )

    out = await call("unlock", {}, ha_runtime())

    assert out.data["state"] == "unlocked"


@pytest.mark.anyio
@respx.mock
async def test_home_assistant_area_words_fall_back_to_the_friendly_name() -> None:
    no_layout()
    respx.get(f"{HA}/api/states").mock(return_value=httpx.Response(200, json=STATES))
    service = respx.post(f"{HA}/api/services/light/turn_off").mock(
        return_value=httpx.Response(200, json=[])
    )
    respx.get(f"{HA}/api/states/light.kitchen").mock(
        return_value=httpx.Response(200, json={**STATES[0], "state": "off"})
    )

    await call("turn_off", {"device": "lights", "area": "kitchen"}, ha_runtime())

    assert service.called


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("mock", "expected"),
    [
        ({"return_value": httpx.Response(401, text="401: Unauthorized")}, "HTTP 401"),
        ({"return_value": httpx.Response(500, json={"message": "boom"})}, "HTTP 500"),
        ({"side_effect": httpx.ConnectTimeout("slow")}, "no answer from ha.local"),
        ({"return_value": httpx.Response(200, text="not json")}, "not JSON"),
        ({"return_value": httpx.Response(200, json={"oops": 1})}, "did not return a list"),
    ],
)
async def test_home_assistant_failures_are_clear_and_never_show_the_token(
    mock: dict[str, Any], expected: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with respx.mock:
        no_layout()
        respx.get(f"{HA}/api/states").mock(**mock)
        with pytest.raises(ToolExecutionError) as info:
            await call("turn_on", {"device": "kitchen light"}, ha_runtime())
    assert info.value.message.startswith(("Home Assistant ", "I couldn't reach Home Assistant"))
    assert expected in f"{info.value.message} {info.value.details['detail']}"
    assert TOKEN not in info.value.message
    assert TOKEN not in str(info.value.details)
    assert TOKEN not in caplog.text


@pytest.mark.anyio
@respx.mock
async def test_home_assistant_401_says_which_setting_to_fix() -> None:
    no_layout()
    respx.get(f"{HA}/api/states").mock(return_value=httpx.Response(401))

    with pytest.raises(ToolExecutionError, match="AGENT_SYSTEM_HOME_ASSISTANT_TOKEN"):
        await call("list_devices", {}, ha_runtime())


@pytest.mark.anyio
async def test_home_assistant_without_url_or_token_explains_the_settings() -> None:
    runtime = make_runtime(make_settings(smart_home_backend="home_assistant"))
    with pytest.raises(ToolExecutionError, match="AGENT_SYSTEM_HOME_ASSISTANT_URL"):
        await call("list_devices", {}, runtime)


# --- interpret ------------------------------------------------------------------------------


@functools.cache
def shared_runtime() -> Runtime:
    return make_runtime()


def interpret(text: str, history: list[Turn] | None = None, **slots: Any) -> Any:
    return ROLE.interpret(text, slots, shared_runtime(), history or [])


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("turn on the kitchen light", "turn_on", {"device": "Kitchen light"}),
        (
            "turn off the lights in the bedroom",
            "turn_off",
            {"device": "lights", "area": "Bedroom"},
        ),
        ("kitchen light off", "turn_off", {"device": "Kitchen light"}),
        (
            "dim the living room light to 30%",
            "set_brightness",
            {"device": "living room light", "brightness": 30},
        ),
        ("make the bedroom light blue", "set_color", {"device": "Bedroom light", "color": "blue"}),
        (
            "set the thermostat to 21 degrees",
            "set_temperature",
            {"temperature": 21.0, "device": "Thermostat"},
        ),
        ("unlock the front door", "unlock", {"device": "Front door lock"}),
        ("open the garage door", "open_garage", {"device": "Garage door"}),
        ("open the living room blinds", "open_cover", {"device": "Living room blinds"}),
        ("close the garage", "close_cover", {"device": "garage"}),
        ("start the vacuum", "start_vacuum", {"device": "vacuum"}),
        ("send the robot vacuum home", "stop_vacuum", {"device": "robot vacuum"}),
        ("is the front door locked?", "get_state", {"device": "front door", "asked": "locked"}),
        ("which devices are in the kitchen", "list_devices", {"area": "kitchen"}),
    ],
)
def test_interpret_picks_the_tool_and_arguments(
    text: str, tool: str, arguments: dict[str, Any]
) -> None:
    assert interpret(text) == RoleCall(f"smart_home.{tool}", arguments)


def test_a_follow_up_reuses_the_previous_action_on_a_new_device() -> None:
    history = [Turn(text="turn off the kitchen light", role="smart_home")]
    assert interpret("and the bedroom one too", history) == RoleCall(
        "smart_home.turn_off", {"device": "bedroom one"}
    )


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ("turn on", ("device",)),
        ("change the kitchen light brightness", ("brightness",)),
        ("change the light brightness", ("device",)),  # several lights: which one first
        ("set the thermostat", ("temperature",)),
    ],
)
def test_missing_details_become_a_clarification(text: str, missing: tuple[str, ...]) -> None:
    result = interpret(text)
    assert isinstance(result, Clarification)
    assert result.missing == missing


def test_every_example_interprets_to_a_smart_home_tool() -> None:
    assert len(ROLE.examples) >= 20
    names = {f"smart_home.{n}" for n in tools.__all__}
    for example in ROLE.examples:
        result = interpret(example)
        assert isinstance(result, RoleCall) and result.tool in names, example


def test_the_package_exports_its_public_names() -> None:
    import roles.smart_home

    assert all(hasattr(roles.smart_home, name) for name in roles.smart_home.__all__)
    assert {"ROLE", "Device", "HomeBackend", "HomeAssistant", "SimulatedHome"} <= set(
        roles.smart_home.__all__
    )


@pytest.mark.anyio
async def test_two_areas_joined_by_and_act_on_the_devices_of_both() -> None:
    from agent_system.registry.spec import ToolContext
    from agent_system.testing import make_runtime
    from roles.smart_home import tools as sh

    ctx = ToolContext(runtime=make_runtime())
    out = await sh.turn_on.__tool_spec__.ainvoke(
        {"device": "lights", "area": "kitchen and living room"}, ctx
    )
    names = sorted(d["name"] for d in out.data["devices"])
    assert names == ["Kitchen light", "Living room light"]
    assert all(d["state"] == "on" for d in out.data["devices"])
