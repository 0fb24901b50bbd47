"""The templates we add to Home Assistant's (roles/smart_home/sentences.py), one per shape."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.roles import RoleCall
from roles.lists.role import ROLE as LISTS
from roles.smart_home.backend import Device, describe, match_devices
from roles.smart_home.simulated import load_home
from roles.smart_home.understand import HomeMatcher
from tests.roles.test_home_parity import HOME_TOML


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> HomeMatcher:
    path: Path = tmp_path_factory.mktemp("home") / "home.toml"
    path.write_text(
        HOME_TOML
        + '\n[[devices]]\nid = "party"\nname = "Party mode"\nkind = "scene"\n'
        + '\n[[devices]]\nid = "upd"\nname = "Phone update"\nkind = "binary_sensor"\n'
        + 'device_class = "update"\nstate = "on"\n'
        + '\n[[devices]]\nid = "ada"\nname = "Ada"\nkind = "person"\nstate = "Work"\n',
        encoding="utf-8",
    )
    home = load_home(path)
    return HomeMatcher(home.devices, home.layout, home.sentences)


def calls(matcher: HomeMatcher, text: str, area: str | None = None) -> list[RoleCall]:
    found = matcher.match(text, area)
    assert found is not None, text
    return list(found.calls)


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("turn the lights in the ground floor off", "turn_off", {"floor": "Ground floor"}),
        ("turn the lights on in all the rooms", "turn_on", {"device": "lights"}),
        ("activate each light", "turn_on", {"device": "lights"}),
        ("make sure every light is on", "turn_on", {"device": "lights"}),
        ("lock the doors in the kitchen", "lock", {"area": "Kitchen"}),
        ("unlock all locks in the hallway", "unlock", {"area": "Hallway"}),
        ("transition to party mode", "activate", {"scene": "Party mode"}),
        ("set the temperature to 20.5°", "set_temperature", {"temperature": 20.5}),
        ("TV go back to the last song", "media", {"device": "TV", "command": "previous"}),
        ("play the previous track", "media", {"command": "previous"}),
        ("play the next song", "media", {"command": "next"}),
        ("play something by Nina Simone", "play_media", {"query": "something by Nina Simone"}),
        ("are there any updates available", "list_devices", {"state": "on"}),
        ("where is Ada", "get_state", {"device": "Ada"}),
        ("who is at home", "list_devices", {"device": "people", "state": "home"}),
    ],
)
def test_sentence_shapes(
    matcher: HomeMatcher, text: str, tool: str, arguments: dict[str, object]
) -> None:
    (call,) = calls(matcher, text)
    assert call.tool == f"smart_home.{tool}"
    assert {k: call.arguments.get(k) for k in arguments} == arguments


def test_all_lights_in_here_means_the_speakers_room(matcher: HomeMatcher) -> None:
    (call,) = calls(matcher, "all lights off in here", area="Bedroom")
    assert (call.tool, call.arguments.get("area")) == ("smart_home.turn_off", "Bedroom")


def test_removing_from_a_list_in_or_on_it() -> None:
    for text in ("delete apples in my shopping list", "remove apples on my shopping list"):
        assert LISTS.interpret(text, {}, None, []) == RoleCall(  # type: ignore[arg-type]
            "lists.remove", {"item": "apples", "list_name": "shopping"}
        )


def test_a_person_is_described_by_where_they_are() -> None:
    ada = Device(id="ada", name="Ada", kind="person", state="Work")
    assert describe(ada) == "Ada is at Work."
    assert describe(ada.model_copy(update={"state": "not_home"})) == "Ada is away."
    assert match_devices([ada], "people") == [ada]


def test_the_route_stage_gets_the_matchers_claims_when_it_takes_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from agent_system.testing import make_runtime, make_settings
    from roles.smart_home import role as role_module

    seen: dict[str, object] = {}

    class Stage:
        def __init__(self, *args: object, claims: object = None) -> None:
            seen["claims"] = claims

    path = tmp_path / "home.toml"
    path.write_text(HOME_TOML, encoding="utf-8")
    monkeypatch.setattr(role_module, "HomeStage", Stage)
    runtime = make_runtime(make_settings(tmp_path / "data", home_config=path))
    role_module.ROLE.route_stage(runtime)
    claims = seen["claims"]
    assert callable(claims)
    assert claims("turn the lights in the ground floor off", None) is True
    assert claims("what is the plug type of my car", None) is False
