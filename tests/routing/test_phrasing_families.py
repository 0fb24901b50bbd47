"""Phrasing families the data sets lack reach their role; look-alikes no role serves do not.

Each family was written into ``data/extra_examples.json`` as a few variants (verbs x objects x
times); the requests here are other paraphrases of the same families, in none of the data.
"""

from __future__ import annotations

import pytest

from agent_system.routing import EmbeddedRouter, RouteRequest, RouteTarget
from agent_system.routing._model import TOOL_ROLES

FAMILIES = [
    # "we need / are out of <item>": an item for the shopping list
    ("i need more paper plates", "lists"),
    # "<take off> <item> <from my list>"
    ("scratch the yogurt off my shopping list", "lists"),
    ("take detergent off the grocery list", "lists"),
    ("i don't need the lemons on my list anymore", "lists"),
    # "do i need / should i wear <clothing> <when / where>"
    ("should i wear a heavy coat tomorrow", "weather"),
    ("will i need an umbrella in seattle on friday", "weather"),
    ("do i need a scarf today", "weather"),
    # "<alert verb> me at <time>"
    ("nudge me at noon tomorrow", "timer"),
    ("ping me at 9:15", "timer"),
    ("wake me at 5:30", "timer"),
    # thanks and goodbyes
    ("i'm off, see you around", "conversation"),
    ("thank you very much for your help", "conversation"),
]

NO_ROLE = [
    # "remind me what / how much <information>": a question about the user's data, no reminder
    "remind me what my locker combination is",
    "remind me how much my phone bill was last month",
    "can you remind me what my gate code is",
    # "buy / order everything on my list": a purchase, not a list edit
    "buy everything on my grocery list",
    "order all the stuff on my shopping list for delivery",
    # playlists are music, not lists
    "add this track to my running mix playlist",
    "put this song on my dinner party playlist",
]


@pytest.mark.parametrize(("text", "role"), FAMILIES)
def test_a_family_the_data_sets_lack_reaches_its_role(
    router: EmbeddedRouter, text: str, role: str
) -> None:
    decision = router.decide(RouteRequest(text=text))
    assert (decision.target, decision.role) == (RouteTarget.FAST_REPLY, role), decision.reason


@pytest.mark.parametrize("text", NO_ROLE)
def test_a_look_alike_no_role_serves_reaches_no_tool_role(
    router: EmbeddedRouter, text: str
) -> None:
    assert router.decide(RouteRequest(text=text)).role not in TOOL_ROLES
