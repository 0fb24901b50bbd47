"""The smart-home router stage claims clear commands to the home, and nothing else."""

from __future__ import annotations

import pytest

from agent_system.roles import SPEAKER_AREA
from agent_system.routing.models import RouteRequest
from roles.smart_home.route_stage import HomeStage
from roles.smart_home.simulated import load_home


@pytest.fixture(scope="module")
def stage() -> HomeStage:
    home = load_home(None)
    return HomeStage(home.devices, home.layout, home.sentences)


@pytest.mark.parametrize(
    "text",
    [
        "turn off the kitchen light",
        "Could you please dim the living room lights to 30%?",
        "i want you to switch on the coffee machine",
        "close the blinds",
        "kitchen lights off",
        "is the front door locked?",
        "what is the temperature in the living room",
        "are there any leaks in the kitchen?",
        "pause the TV",
        "who is at home",
    ],
)
def test_claims_commands_and_questions_about_the_home(stage: HomeStage, text: str) -> None:
    decision = stage(RouteRequest(text=text))
    assert decision is not None and decision.role == "smart_home"


@pytest.mark.parametrize(
    "text",
    [
        "i need to switch to a new insurance plan",  # "switch" alone is no device
        "what type of plug do they use in spain",  # a travel adapter
        "how much gas is left in my tank",
        "what place do you call home",
        "what are the things you can help me with",
        "what is the temperature in tampa",  # weather
        "play my workout playlist",  # no player named, no room given
        "pause",  # no player named, no room given, no player in the thread
        "skip this song",  # CLINC150 files it as out of scope: the classifier decides
        "set a timer for the kitchen light in 5 minutes",  # another role's word: classifier
        "how much did i spend on gas last month",
    ],
)
def test_leaves_everything_else_to_the_classifier(stage: HomeStage, text: str) -> None:
    assert stage(RouteRequest(text=text)) is None


def test_media_commands_from_a_room_with_a_player(stage: HomeStage) -> None:
    home = load_home(None)
    room = next(d.area for d in home.devices if d.kind == "media_player" and d.area)
    other = next(a.name for a in home.layout.areas if a.name != room)
    token = SPEAKER_AREA.set(room)
    try:
        assert stage(RouteRequest(text="skip this song")) is not None
        assert stage(RouteRequest(text="turn the volume up")) is not None
    finally:
        SPEAKER_AREA.reset(token)
    token = SPEAKER_AREA.set(other)
    try:
        assert stage(RouteRequest(text="pause")) is None
        assert stage(RouteRequest(text="skip this song")) is None
    finally:
        SPEAKER_AREA.reset(token)


@pytest.mark.parametrize(
    "text",
    [
        "can you turn up the volume",
        "hey olly, turn the volume down",
        "set the volume to 30 percent",
        "volume up",
        "mute the sound",
        "make me a coffee",
        "i need some coffee",
        "can i get a cup of coffee",
    ],
)
def test_claims_volume_and_coffee_when_the_home_has_the_device(stage: HomeStage, text: str) -> None:
    decision = stage(RouteRequest(text=text))
    assert decision is not None and decision.role == "smart_home"


@pytest.mark.parametrize(
    "text",
    [
        "be quiet",  # also a request to whisper: the classifier decides
        "can you repeat that louder",
        "how do i make coffee",
        "where is the closest coffee shop",
        "what is the volume of a sphere",
    ],
)
def test_leaves_whispering_and_coffee_questions_to_the_classifier(
    stage: HomeStage, text: str
) -> None:
    assert stage(RouteRequest(text=text)) is None


def test_volume_and_coffee_need_a_player_and_a_coffee_machine() -> None:
    home = load_home(None)
    lights = [d for d in home.devices if d.kind == "light"]
    bare = HomeStage(lights, home.layout)
    assert bare(RouteRequest(text="turn up the volume")) is None
    assert bare(RouteRequest(text="make me a coffee")) is None


def test_asks_the_template_matcher_only_for_shapes_words_cannot_judge() -> None:
    home = load_home(None)
    asked: list[str] = []

    def claims(text: str, area: str | None) -> bool:
        asked.append(text)
        return text == "are any openings open"

    stage = HomeStage(home.devices, home.layout, home.sentences, claims=claims)
    decision = stage(RouteRequest(text="are any openings open"))
    assert decision is not None and decision.role == "smart_home"
    assert stage(RouteRequest(text="replay the last track")) is None  # the matcher said no
    assert stage(RouteRequest(text="what type of plug do they use in spain")) is None
    assert stage(RouteRequest(text="how much gas is left in my tank")) is None
    assert asked == ["are any openings open", "replay the last track"]  # never for the others


def test_the_role_hands_its_stage_the_home_matcher() -> None:
    import asyncio

    from agent_system import AgentSystem

    async def route(text: str) -> str | None:
        decision = await AgentSystem().aroute(text)
        return decision.role

    assert asyncio.run(route("replay the last track on the TV")) == "smart_home"
