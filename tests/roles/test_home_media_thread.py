"""Media in a conversation (issue 15): after "play some jazz in the living room", "pause",
"resume", "skip this song", "play the next one", "what's playing", "mute it" work on the player
just used; "skip this song" / "next track" / "previous song" with no player in the thread work
on the one player playing (and say so when none is). Through the public API on a simulated home
with a TV and a kitchen speaker, and the Home Assistant services they call."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.registry.spec import ToolContext
from agent_system.testing import make_settings
from roles.smart_home import more_tools
from roles.smart_home.tools import home_backend
from tests.roles.test_home_families import HOME_TOML
from tests.roles.test_smart_home import HA, ha_runtime, no_layout

pytestmark = pytest.mark.anyio


@pytest.fixture
def settings(tmp_path: Path) -> Any:  # a TV (idle) in the lounge, a speaker playing in the kitchen
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _thread(
    settings: Any, *turns: str, area: str | None = None
) -> tuple[list[Any], dict[str, Any]]:
    results: list[Any] = []
    thread: str | None = None
    async with AgentSystem(settings) as system:
        for text in turns:
            result = await system.arun(text, thread_id=thread, area=area)
            thread = result.thread_id
            results.append(result)
        devices = await home_backend(system.engine.runtime).devices()
    return results, {d.id: {"state": d.state, **d.attributes} for d in devices}


def _media(result: Any) -> tuple[str, dict[str, Any]]:
    [step] = result.plan.steps
    return step.tool, dict(step.arguments)


PLAY = "play some jazz on the tv"


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("pause", "pause"),
        ("pause it please", "pause"),
        ("stop the music", "pause"),
        ("pause the music for a second", "pause"),
        ("stop", "pause"),
        ("skip", "next"),
        ("skip this song", "next"),
        ("play the next one", "next"),
        ("next track please", "next"),
        ("i don't like this song", "next"),
        ("previous", "previous"),
        ("go back a track", "previous"),
        ("play the last song again", "previous"),
        ("mute it", "mute"),
    ],
)
async def test_a_short_media_command_is_for_the_player_just_used(
    settings: Any, said: str, command: str
) -> None:
    results, after = await _thread(settings, PLAY, said)
    tool, arguments = _media(results[-1])
    assert tool == "smart_home.media" and arguments["command"] == command, results[-1].reply
    assert results[-1].status == "success", results[-1].reply
    assert after["speaker"]["state"] == "playing"  # the kitchen speaker is left alone
    assert after["speaker"]["muted"] is False
    expected = {"pause": "paused", "mute": "playing"}.get(command, "playing")
    assert after["tv"]["state"] == expected, results[-1].reply


@pytest.mark.parametrize("said", ["resume", "carry on", "unpause it", "keep playing", "play"])
async def test_resume_after_a_pause_plays_the_same_player(settings: Any, said: str) -> None:
    results, after = await _thread(settings, PLAY, "pause", said)
    assert _media(results[-1])[1]["command"] in ("resume", "play"), results[-1].reply
    assert after["tv"]["state"] == "playing" and after["speaker"]["state"] == "playing"


@pytest.mark.parametrize(
    "said", ["what's playing", "what song is this", "what am i listening to", "who is singing"]
)
async def test_what_is_playing_reads_the_player_just_used(settings: Any, said: str) -> None:
    results, _ = await _thread(settings, PLAY, said)
    assert _media(results[-1])[0] == "smart_home.get_state"
    assert results[-1].reply.startswith("TV is playing, with some jazz"), results[-1].reply


async def test_the_reply_says_what_a_skip_did(settings: Any) -> None:
    results, _ = await _thread(settings, PLAY, "skip this song", "previous song")
    assert [r.reply for r in results[1:]] == [
        "Skipped to the next track on TV.",
        "Went back to the previous track on TV.",
    ]


async def test_after_the_player_several_turns_still_follow_it(settings: Any) -> None:
    results, after = await _thread(settings, PLAY, "turn it down", "pause", "what's playing")
    assert after["tv"]["state"] == "paused" and after["tv"]["volume"] == 20
    assert results[-1].reply.startswith("TV is paused"), results[-1].reply


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("skip this song", "next"),
        ("next track", "next"),
        ("play the next song please", "next"),
        ("previous song", "previous"),
        ("go back to the previous track", "previous"),
    ],
)
async def test_a_song_command_on_its_own_is_for_the_one_playing(
    settings: Any, said: str, command: str
) -> None:
    # said in the lounge (its TV idle) while the kitchen speaker plays: the one playing
    results, after = await _thread(settings, said, area="Living room")
    assert results[0].route.role == "smart_home", results[0].route
    assert _media(results[0])[1]["command"] == command
    assert results[0].reply.endswith("on Kitchen speaker."), results[0].reply
    assert after["tv"]["state"] == "idle"


async def test_a_song_command_with_nothing_playing_says_so(settings: Any) -> None:
    results, after = await _thread(
        settings, "turn off the kitchen speaker", "skip this song", area="Living room"
    )
    assert after["speaker"]["state"] == "off" and after["tv"]["state"] == "idle"
    assert results[-1].reply == "Nothing is playing right now; nothing was changed.", results[-1]


@pytest.mark.parametrize("between", ["set a timer for 5 minutes", "what's the weather like"])
async def test_another_role_in_between_takes_the_thread_off_the_player(
    settings: Any, between: str
) -> None:
    results, after = await _thread(settings, PLAY, between, "stop")
    assert after["tv"]["state"] == "playing", results[-1].reply
    assert all(
        s.tool != "smart_home.media" for s in (results[-1].plan.steps if results[-1].plan else [])
    )


async def test_pause_with_no_player_in_the_thread_is_not_taken_for_media(settings: Any) -> None:
    results, _ = await _thread(settings, "turn on the kitchen light", "pause")
    assert not (results[-1].plan and results[-1].plan.steps), results[-1].reply


@pytest.mark.parametrize(
    ("command", "service"),
    [
        ("next", "media_next_track"),
        ("previous", "media_previous_track"),
        ("pause", "media_pause"),
        ("resume", "media_play"),
    ],
)
@respx.mock
async def test_home_assistant_gets_the_media_service(command: str, service: str) -> None:
    no_layout()
    tv = {"entity_id": "media_player.tv", "state": "playing", "attributes": {"friendly_name": "TV"}}
    respx.get(f"{HA}/api/states").mock(return_value=httpx.Response(200, json=[tv]))
    called = respx.post(f"{HA}/api/services/media_player/{service}").mock(
        return_value=httpx.Response(200, json=[tv])
    )
    spec = more_tools.media.__tool_spec__
    await spec.ainvoke({"command": command}, ToolContext(runtime=ha_runtime()))
    assert json.loads(called.calls.last.request.content) == {"entity_id": "media_player.tv"}
