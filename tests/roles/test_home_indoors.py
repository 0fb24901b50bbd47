"""The home's temperature asked with no room ("what's the temperature inside") reads the
thermostat; a thermostat value only sensible in the other unit (68 on a °C home) is read in that
unit and said so; plural device names take "are". The simulated home's thermostat reads 19.5°C,
set to 20°C."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "what's the temperature inside",
        "how warm is it indoors",
        "what is the temp in the house right now",
        "how cold is it at home",
    ],
)
async def test_the_temperature_inside_reads_the_thermostat(system: AgentSystem, text: str) -> None:
    decision = await system.aroute(text)
    result = await system.arun(text, thread_id="t")
    assert decision.role == "smart_home", decision.reason
    assert result.reply == "It is 19.5°C."


@pytest.mark.anyio
async def test_the_temperature_with_no_place_is_still_the_weather(system: AgentSystem) -> None:
    assert (await system.aroute("what's the temperature")).role == "weather"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "set the thermostat to 68",
            "Thermostat is in heat mode, set to 20°C, currently 19.5°C (I read 68 as 68°F).",
        ),
        (
            "set the heat to 72 degrees",
            "Thermostat is in heat mode, set to 22°C, currently 19.5°C (I read 72 as 72°F).",
        ),
        ("set the thermostat to 21", "Thermostat is in heat mode, set to 21°C, currently 19.5°C."),
        (
            "set the thermostat to 200",
            "200°C is outside the safe range 5°C to 35°C; nothing was changed.",
        ),
    ],
)
async def test_a_value_only_safe_in_the_other_unit_is_read_in_it(
    system: AgentSystem, text: str, reply: str
) -> None:
    result = await system.arun(text, thread_id="t")
    assert result.reply == reply


@pytest.mark.anyio
async def test_a_plural_device_name_takes_are(system: AgentSystem) -> None:
    closed = await system.arun("close all the blinds", thread_id="t")
    lit = await system.arun("turn on the kitchen light", thread_id="t")
    assert closed.reply == "Living room blinds are closed."
    assert lit.reply.startswith("Kitchen light is on")
