"""Sums and unit conversions said in words or digits, answered offline by the
conversation role through the public API; what is not (only) a sum stays with its role."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from tools._numbers import digits
from tools._sums import work_out
from tools._units import convert


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what's 15% of 80", "15% of 80 = 12"),
        ("what is twelve times seven", "12 × 7 = 84"),
        ("how much is 250 divided by 5?", "250 ÷ 5 = 50"),
        ("calculate (3 + 4) * 2", "(3 + 4) × 2 = 14"),
        ("what's the square root of 144", "√144 = 12"),
        ("two to the power of ten", "2 ^ 10 = 1024"),
        ("what is 10 to the 3rd power", "10 ^ 3 = 1000"),
        ("add 5 and 7", "5 + 7 = 12"),
        ("subtract 3 from 10", "10 − 3 = 7"),
        ("divide 3 into 12", "12 ÷ 3 = 4"),
        ("what's 7 minus 10", "7 − 10 = -3"),
        ("what is 3/4 of 18", "(3 ÷ 4) × 18 = 13.5"),
        ("how many times does 12 go into 600", "600 ÷ 12 = 50"),
        ("the average of 4, 8 and 9", "The average of 4, 8, 9 is 7."),
        ("what is the sum of 3, 7, 9, and 24", "The sum of 3, 7, 9, 24 is 43."),
        ("what percent of 80 is 20", "20 of 80 is 25%."),
        ("could you tell me what 30% off 235 is, please", "30% off 235 is 164.5."),
        ("is 126 divisible by 8", "No: 126 ÷ 8 = 15.75."),
        ("what is one million twelve hundred divided by 400 thousand", "1001200 ÷ 400000 = 2.503"),
        ("what's 10 divided by 0", "You can't divide by zero."),
        ("what's the square root of -4", "A negative number has no real square root."),
        ("what's 2 to the power of 5000", "That number is too big for me to work out."),
    ],
)
async def test_a_sum_is_worked_out_offline(system: AgentSystem, text: str, reply: str) -> None:
    decision = await system.aroute(text)
    result = await system.arun(text, thread_id="t")
    assert decision.role == "conversation", decision.reason
    assert result.reply == reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("convert 5 miles to km", "5 miles is 8.05 km."),
        ("how many ounces in a pound", "1 pound is 16 ounces."),
        ("how many ounces in a cup", "1 cup is 8 fluid ounces."),
        ("how many cups are in two gallons", "2 gallons is 32 cups."),
        ("how many teaspoons are in half a cup", "0.5 cups is 24 teaspoons."),
        ("what's 100 fahrenheit in celsius", "100°F is 37.78°C."),
        ("what is 30 degrees celsius in fahrenheit", "30°C is 86°F."),
        ("6 feet in cm", "6 feet is 182.88 cm."),
        ("how many seconds in a day", "1 day is 86,400 seconds."),
        ("what is 10 ounces in grams, please", "10 ounces is 283.5 g."),
        ("how do you convert pounds to grams", "1 pound is 453.59 g."),
        ("how do i convert celsius to fahrenheit", "Multiply by 9/5 and add 32: 20°C is 68°F."),
        ("what's 60 mph in km/h", "60 mph is 96.56 km/h."),
        (
            "convert 5 miles to kg",
            "I can't convert miles to kg: one is a length and the other a mass.",
        ),
    ],
)
async def test_a_unit_conversion_is_answered_offline(
    system: AgentSystem, text: str, reply: str
) -> None:
    decision = await system.aroute(text)
    result = await system.arun(text, thread_id="t")
    assert decision.role == "conversation", decision.reason
    assert result.reply == reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("add 5 minutes to the timer", "timer"),
        ("set a timer for 25 minutes", "timer"),
        ("set the thermostat to 21", "smart_home"),
        ("add 2 eggs and 3 apples to my shopping list", "lists"),
    ],
)
async def test_requests_that_are_not_only_a_sum_stay_with_their_role(
    system: AgentSystem, text: str, role: str
) -> None:
    assert work_out(text) is None and convert(text) is None
    decision = await system.aroute(text)
    assert decision.role == role, decision.reason


@pytest.mark.anyio
async def test_a_sum_and_another_request_are_both_served(system: AgentSystem) -> None:
    result = await system.arun("what's 12 times 7 and set a timer for 5 minutes", thread_id="t")
    assert result.reply.splitlines()[0] == "12 × 7 = 84"
    assert result.reply.splitlines()[1].startswith("Timer set for 5 minutes")


def test_number_words_become_digits_without_joining_separate_numbers() -> None:
    assert digits("two hundred and five") == "205"
    assert digits("twenty-five plus one point five") == "25 plus 1.5"
    assert digits("add five and seven") == "add 5 and 7"
    assert digits("a thousand and one nights") == "1001 nights"
    assert digits("2 and a half cups") == "2.5 cups"
    assert digits("the 5th of may") == "the 5th of may"


def test_a_tip_is_worked_out_but_left_to_a_tips_plugin_by_the_first_stage() -> None:
    tip = work_out("what's a 20% tip on $85")
    assert tip is not None and tip.reply == "A 20% tip on 85 is 17 (a total of 102)."
    assert work_out("what's a 20% tip on $85", tips=False) is None
    split = work_out("split 120 between 4 people")
    assert split is not None and split.reply == "120 ÷ 4 = 30"
    assert work_out("split 120 between 4 people", tips=False) is None


def test_a_lone_number_or_words_are_no_sum() -> None:
    assert work_out("what is 5") is None
    assert work_out("what is love") is None
    assert work_out("what is 5 plus") is None
    assert convert("what is the temperature in celsius") is None
    assert convert("how many days until christmas") is None


PLUGIN = Path(__file__).parents[2] / "examples" / "unit_convert_plugin" / "unit_convert_plugin"


@pytest.mark.anyio
async def test_a_plugin_tool_for_units_takes_conversions_over(tmp_path: Path) -> None:
    clock = FakeClock(datetime(2026, 3, 2, 9, 0))
    plain = make_settings(tmp_path / "plain")
    with_plugin = make_settings(tmp_path / "plugin", plugins=[str(PLUGIN / "__init__.py")])
    async with AgentSystem(plain, clock=clock) as engine:
        before = await engine.aroute("convert 5 miles to km")
    async with AgentSystem(with_plugin, clock=clock) as engine:
        after = await engine.aroute("convert 5 miles to km")
        sum_after = await engine.aroute("what is 12 times 7")
    assert before.role == "conversation"
    assert after.role != "conversation", after.reason  # planned with units.convert
    assert sum_after.role == "conversation"  # the plugin converts units; sums stay built in
