"""Games of chance and boredom, offline (issue 15 item 3): "flip a coin", "roll two dice",
"pick a number between 1 and 10", "i'm bored". Claimed by the conversation role's first stage
(CLINC150's flip_coin and roll_dice are no tool role's).

Through the public API on a fake clock; the draws through a seeded `CHANCE` where a test needs
one exact answer.
"""

from __future__ import annotations

import random
import re

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import Runtime
from roles.conversation._chance import BORED_REPLY, CHANCE
from roles.conversation.tools import offline_reply

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    "said",
    ["flip a coin", "heads or tails?", "can you toss a coin for me please", "let's do a coin toss"],
)
async def test_a_coin_comes_down_heads_or_tails(system: AgentSystem, said: str) -> None:
    seen = {(await system.arun(said)).reply for _ in range(12)}
    assert seen <= {"Heads.", "Tails."} and seen


@pytest.mark.parametrize("said", ["roll a die", "roll the dice", "throw a six-sided die"])
async def test_one_die_rolls_one_to_six(system: AgentSystem, said: str) -> None:
    for _ in range(12):
        rolled = re.fullmatch(r"You rolled an? (\d+)\.", (await system.arun(said)).reply)
        assert rolled is not None and 1 <= int(rolled[1]) <= 6


@pytest.mark.parametrize("said", ["roll two dice", "roll a pair of dice", "throw 2 dice please"])
async def test_two_dice_say_each_and_the_sum(system: AgentSystem, said: str) -> None:
    for _ in range(8):
        rolled = re.fullmatch(
            r"You rolled (\d) and (\d): (\d+) in all\.", (await system.arun(said)).reply
        )
        assert rolled is not None
        first, second, total = (int(g) for g in rolled.groups())
        assert 1 <= first <= 6 and 1 <= second <= 6 and total == first + second


async def test_a_d20_says_its_sides(system: AgentSystem) -> None:
    rolled = re.fullmatch(
        r"You rolled an? (\d+) \(d20\)\.", (await system.arun("roll a d20")).reply
    )
    assert rolled is not None and 1 <= int(rolled[1]) <= 20


@pytest.mark.parametrize(
    ("said", "low", "high"),
    [
        ("pick a number between 1 and 10", 1, 10),
        ("pick a number between one and ten", 1, 10),
        ("give me a random number from 50 to 60", 50, 60),
        ("choose a number between 20 and 5", 5, 20),
        ("think of a number", 1, 10),
    ],
)
async def test_a_picked_number_is_in_the_range_said(
    system: AgentSystem, said: str, low: int, high: int
) -> None:
    for _ in range(10):
        picked = re.fullmatch(r"I pick (\d+)\.", (await system.arun(said)).reply)
        assert picked is not None and low <= int(picked[1]) <= high


@pytest.mark.parametrize(
    "said", ["i'm bored", "I am so bored right now", "entertain me", "i have nothing to do"]
)
async def test_bored_suggests_what_it_can_do(system: AgentSystem, said: str) -> None:
    result = await system.arun(said)
    assert result.reply == BORED_REPLY
    assert result.route is not None and result.route.role == "conversation"


def test_the_draw_comes_from_the_runtime(runtime: Runtime) -> None:
    runtime.provide(CHANCE, random.Random(3))
    first = [offline_reply("roll a die", runtime)[1] for _ in range(5)]
    runtime.provide(CHANCE, random.Random(3))
    again = [offline_reply("roll a die", runtime)[1] for _ in range(5)]
    assert first == again and offline_reply("flip a coin", runtime)[0] == "coin"


@pytest.mark.parametrize(
    "said", ["roll the dice on the new job", "how much is my coin collection worth", "pick a song"]
)
async def test_other_requests_with_those_words_are_no_games(system: AgentSystem, said: str) -> None:
    reply = (await system.arun(said)).reply
    assert not reply.startswith(("Heads", "Tails", "You rolled", "I pick"))
