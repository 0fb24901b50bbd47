"""A colour change that names no colour asks for one; it never fails inside the role."""

from __future__ import annotations

import pytest

from agent_system.roles import Clarification, RoleCall
from roles.smart_home._calls import call


@pytest.mark.parametrize(
    "text",
    ["change the colour of the kitchen light", "set the kitchen light colour", "recolour it"],
)
def test_a_colour_change_without_a_colour_asks_which(text: str) -> None:
    asked = call("set_color", text, "kitchen light", None)
    assert asked == Clarification("Which colour would you like?", ("color",))


def test_a_colour_said_is_set_and_a_plain_turn_on_stays_one() -> None:
    blue = call("set_color", "make the kitchen light blue", "kitchen light", None)
    on_red = call("turn_on", "turn on the kitchen light in red", "kitchen light", None)
    plain = call("turn_on", "turn on the kitchen light", "kitchen light", None)
    assert blue == RoleCall("smart_home.set_color", {"device": "kitchen light", "color": "blue"})
    assert on_red == RoleCall("smart_home.set_color", {"device": "kitchen light", "color": "red"})
    assert plain == RoleCall("smart_home.turn_on", {"device": "kitchen light"})
