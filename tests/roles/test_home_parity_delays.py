"""Home Assistant parity, part three, through the public API: timers said Home Assistant's way,
commands that run later ("open the garage door in 5 minutes"), "in here", and the safety rules
for "all" of the risky kinds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_parity import HOME_TOML, states

pytestmark = pytest.mark.anyio


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


@pytest.mark.parametrize(
    ("text", "duration"),
    [
        ("1 hour timer", "1 hour"),
        ("10 minute timer", "10 minutes"),
        ("timer for 1 hour", "1 hour"),
        ("5 minute timer for pizza", "5 minutes"),
        ("timer for 5 minutes called pizza", "5 minutes"),
        ("1 hour 15 minute 30 second timer", "1 hour 15 minutes 30 seconds"),
    ],
)
async def test_a_length_and_the_word_timer_start_a_timer(
    settings: Any, text: str, duration: str
) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == ["timer.set"]
    assert plan.steps[0].arguments["duration"] == duration


async def test_asking_about_a_timer_by_its_length_still_lists(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan("status of 1 hour timer")
    assert [s.tool for s in plan.steps] == ["timer.list"]


@pytest.mark.parametrize(
    ("text", "duration"),
    [
        ("set a timer for 5 and a half minutes", "5 minutes 30 seconds"),
        ("set a timer for 1 and a 1/2 hours", "1 hour 30 minutes"),
        ("set a timer for 1 and a half hours", "1 hour 30 minutes"),
        ("set a timer for an hour and a half", "1 hour 30 minutes"),
        ("set a timer for 1/2 an hour", "30 minutes"),
    ],
)
async def test_halves_said_every_way(settings: Any, text: str, duration: str) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan(text)
    assert [(s.tool, s.arguments["duration"]) for s in plan.steps] == [("timer.set", duration)]


async def test_a_timer_for_something_is_named_after_it(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan("5 minute timer for pizza")
    assert plan.steps[0].arguments == {"duration": "5 minutes", "label": "pizza"}


async def test_in_here_from_no_particular_room_asks_which_then_acts(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn on all the lights")
        asked = await system.arun("turn off the lights in here", thread_id="t")
        before = await states(system)
        done = await system.arun("the kitchen", thread_id="t")
        after = await states(system)
    assert asked.reply == "Which room do you mean?"
    assert all(d["state"] == "on" for d in before.values() if d["kind"] == "light")
    assert done.status == "success"
    assert after["kitchen_light"]["state"] == "off"
    assert after["hall_lamp"]["state"] == after["lounge_lamp"]["state"] == "on"


async def test_in_here_means_the_speakers_room(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn on all the lights")
        await system.arun("all lights off in here", area="Hallway")
        devices = await states(system)
    assert devices["hall_lamp"]["state"] == "off"
    assert devices["kitchen_light"]["state"] == devices["bed_lamp"]["state"] == "on"


async def test_how_warm_is_it_said_in_a_room_is_that_rooms_thermostat(tmp_path: Path) -> None:
    from tests.roles.test_home_parity_more import MORE_DEVICES

    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML + MORE_DEVICES, encoding="utf-8")
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        indoors = await system.aplan("how warm is it?", area="Bedroom")
        outdoors = await system.aroute("how warm is it?")
    assert [(s.tool, s.arguments) for s in indoors.steps] == [
        ("smart_home.get_temperature", {"area": "Bedroom"})
    ]
    assert outdoors.role == "weather"


async def test_a_command_for_later_runs_when_its_timer_rings(tmp_path: Path) -> None:
    from agent_system.runtime import FakeClock
    from roles.timer.service import FiredTimer, TimerService, command_runner

    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    clock = FakeClock()
    settings = make_settings(tmp_path / "data", home_config=home)
    rang: list[FiredTimer] = []

    async def notify(fired: FiredTimer) -> None:
        rang.append(fired)

    async with AgentSystem(settings, clock=clock) as system:
        plan = await system.aplan("turn off the lights in 10 minutes", area="Hallway")
        await system.arun("turn on all the lights")
        set_now = await system.arun("turn off the lights in 10 minutes", area="Hallway")
        service = TimerService(system.engine.runtime, notify, run=command_runner(system))
        early = await service.tick()
        before = await states(system)
        clock.advance(601)
        await service.tick()
        after = await states(system)
    assert [s.tool for s in plan.steps] == ["timer.set"]
    assert plan.steps[0].arguments["command"] == "turn off the lights"
    assert "In 10 minutes" in set_now.reply and "turn off the lights" in set_now.reply
    assert early == [] and before["hall_lamp"]["state"] == "on"
    assert after["hall_lamp"]["state"] == "off"  # said in the hallway: the hallway's lights
    assert after["kitchen_light"]["state"] == "on"
    assert len(rang) == 1 and "turn off the lights" in rang[0].text


async def test_a_command_for_later_that_needs_approval_asks_when_it_rings(tmp_path: Path) -> None:
    from agent_system.runtime import FakeClock
    from roles.timer.service import FiredTimer, TimerService, command_runner

    home = tmp_path / "home.toml"
    home.write_text(
        HOME_TOML
        + '\n[[devices]]\nid = "garage"\nname = "Garage door"\nkind = "cover"\n'
        + 'device_class = "garage"\nstate = "closed"\n',
        encoding="utf-8",
    )
    clock = FakeClock()
    settings = make_settings(tmp_path / "data", home_config=home)
    rang: list[FiredTimer] = []

    async def notify(fired: FiredTimer) -> None:
        rang.append(fired)

    async with AgentSystem(settings, clock=clock) as system:
        set_now = await system.arun("in 5 minutes, open the garage door")
        service = TimerService(system.engine.runtime, notify, run=command_runner(system))
        clock.advance(301)
        await service.tick()
        waiting = await states(system)
        thread = f"timer-{rang[0].timer.id}"
        approved = await system.aresume(thread, True)
        after = await states(system)
    assert set_now.status == "success" and not set_now.pending_approval
    assert "approval" in rang[0].text and thread in rang[0].text
    assert waiting["garage"]["state"] == "closed"  # nothing opens before someone says yes
    assert approved.status == "success"
    assert after["garage"]["state"] == "open"


async def test_without_a_runner_the_command_is_announced_not_run(tmp_path: Path) -> None:
    from agent_system.runtime import FakeClock
    from roles.timer.service import FiredTimer, TimerService

    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    clock = FakeClock()
    rang: list[FiredTimer] = []

    async def notify(fired: FiredTimer) -> None:
        rang.append(fired)

    settings = make_settings(tmp_path / "data", home_config=home)
    async with AgentSystem(settings, clock=clock) as system:
        await system.arun("turn on the kitchen light in 1 minute")
        clock.advance(61)
        await TimerService(system.engine.runtime, notify).tick()
        devices = await states(system)
    assert devices["kitchen_light"]["state"] == "off"
    assert "Not done" in rang[0].text and "turn on the kitchen light" in rang[0].text


SENSORS = """
[[devices]]
id = "phone_update"
name = "Phone"
kind = "binary_sensor"
device_class = "update"
state = "on"

[[devices]]
id = "phone_battery"
name = "Phone"
kind = "binary_sensor"
device_class = "battery"
state = "off"

[[devices]]
id = "torrent"
name = "Macrotorrent"
kind = "sensor"
device_class = "data_rate"
state = "22.9"
attributes = { unit_of_measurement = "MB/s" }

[[devices]]
id = "birthday"
name = "Next birthday"
kind = "sensor"
device_class = "date"
state = "2024-04-01"

[[devices]]
id = "hall_plug"
name = "Hallway plug"
kind = "switch"
area = "hall"
state = "on"
"""


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("is the phone up to date?", "Phone has an update available."),
        ("what is Macrotorrent's download speed?", "Macrotorrent is 22.9 MB/s."),
        ("when will the next birthday be?", "Next birthday is 2024-04-01."),
        ("tell me if there are any switches on on the ground floor", "Hallway plug"),
        ("tell me if the front door is locked", "Front door is locked."),
    ],
)
async def test_state_questions_by_name_class_and_tell_me_if(
    tmp_path: Path, text: str, answer: str
) -> None:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML + SENSORS, encoding="utf-8")
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        result = await system.arun(text)
    assert result.status == "success", result.reply
    assert answer in result.reply


RISKY = """
[[areas]]
id = "garden"
name = "Garden"

[[devices]]
id = "garage_left"
name = "Left garage door"
kind = "cover"
device_class = "garage"
state = "closed"

[[devices]]
id = "garage_right"
name = "Right garage door"
kind = "cover"
device_class = "garage"
state = "open"

[[devices]]
id = "gate_front"
name = "Front gate"
kind = "cover"
device_class = "gate"
state = "open"

[[devices]]
id = "gate_back"
name = "Back gate"
kind = "cover"
device_class = "gate"
area = "garden"
state = "open"

[[devices]]
id = "drip"
name = "Drip line"
kind = "valve"
area = "garden"
state = "closed"

[[devices]]
id = "hose"
name = "Hose tap"
kind = "valve"
area = "garden"
state = "closed"
"""


@pytest.mark.parametrize(
    ("text", "unchanged"),
    [
        ("open all the garage doors", ("garage_left",)),
        ("close all the garage doors", ("garage_right",)),
        ("close all the gates", ("gate_front", "gate_back")),
        ("open all the valves", ("drip", "hose", "sprinkler")),
        ("unlock all the doors", ("front_lock", "back_lock")),
        ("unlock everything", ("front_lock", "back_lock")),
    ],
)
async def test_no_all_for_locks_garage_doors_gates_or_valves_without_a_room(
    tmp_path: Path, text: str, unchanged: tuple[str, ...]
) -> None:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML + RISKY, encoding="utf-8")
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        before = await states(system)
        result = await system.arun(text, thread_id="t")
        for _ in range(3):  # approve whatever is asked: the safety rule must still refuse
            if result.status != "interrupted":
                break
            result = await system.aresume("t", True)
        after = await states(system)
    assert after == before
    assert "For safety" in result.reply or "Which one" in result.reply, result.reply
    assert all(after[d]["state"] == before[d]["state"] for d in unchanged)


async def test_the_valves_of_a_named_room_change_together(tmp_path: Path) -> None:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML + RISKY, encoding="utf-8")
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        result = await system.arun("open the valves in the garden")
        after = await states(system)
    assert result.status == "success", result.reply
    assert after["drip"]["state"] == after["hose"]["state"] == "open"
    assert after["sprinkler"]["state"] == "closed"


async def test_three_rooms_in_one_request_are_three_parallel_steps(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn on all the lights")
        plan = await system.aplan("turn off the kitchen, hallway and bedroom lights")
        result = await system.arun("turn off the kitchen, hallway and bedroom lights")
        devices = await states(system)
    assert [s.tool for s in plan.steps] == ["smart_home.turn_off"] * 3
    assert all(not s.depends_on for s in plan.steps)
    assert result.status == "success"
    assert devices["kitchen_light"]["state"] == devices["hall_lamp"]["state"] == "off"
    assert devices["bed_lamp"]["state"] == "off" and devices["lounge_lamp"]["state"] == "on"


async def test_a_temperature_with_no_thermostat_named_asks_even_if_one_is_called_thermostat(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home.toml"
    home.write_text(
        HOME_TOML
        + '\n[[devices]]\nid = "t1"\nname = "Thermostat"\nkind = "climate"\narea = "lounge"\n'
        + 'state = "heat"\nattributes = { target_temperature = 19 }\n'
        + '\n[[devices]]\nid = "t2"\nname = "Office thermostat"\nkind = "climate"\n'
        + 'state = "heat"\nattributes = { target_temperature = 19 }\n',
        encoding="utf-8",
    )
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        asked = await system.arun("set temperature to 20.5 degrees")
        named = await system.arun("set the office thermostat to 22 degrees")
        devices = await states(system)
    assert "Which one" in asked.reply and "Office thermostat" in asked.reply
    assert devices["t1"]["attributes"]["target_temperature"] == 19
    assert named.status == "success"
    assert devices["t2"]["attributes"]["target_temperature"] == 22


async def test_this_room_said_first_is_the_speakers_room_or_a_question(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn on all the lights")
        asked = await system.arun("this room lights off")
        await system.arun("this room lights off", area="Kitchen")
        devices = await states(system)
    assert asked.reply == "Which room do you mean?"
    assert devices["kitchen_light"]["state"] == "off"
    assert devices["hall_lamp"]["state"] == devices["bed_lamp"]["state"] == "on"
