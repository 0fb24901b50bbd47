"""Home location, units, clock and date order, through the public API and the CLI."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import respx
from typer.testing import CliRunner

from agent_system.api import AgentSystem
from agent_system.cli._app import app
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from tests.dialogue.conftest import WX, geocoded

pytestmark = pytest.mark.anyio


async def test_with_no_home_weather_asks_which_city_and_looks_nothing_up(
    system: AgentSystem, weather: respx.MockRouter
) -> None:
    result = await system.arun("what's the weather like", thread_id="t")
    assert result.reply.startswith("Which city?")
    assert "I live in" in result.reply
    assert not weather.calls


async def test_the_location_setting_answers_weather_with_no_place(
    tmp_path: Path, clock: FakeClock, weather: respx.MockRouter
) -> None:
    settings = make_settings(tmp_path / "home", location="Paris")
    async with AgentSystem(settings, clock=clock) as system:
        result = await system.arun("what's the weather like", thread_id="t")
        forecast = await system.aplan("will it rain tomorrow")
    assert result.status == "success"
    assert geocoded(weather) == ["Paris"]
    assert forecast.steps[0].arguments["place"] == "Paris"


async def test_i_live_in_lyon_is_remembered_and_wins_over_the_setting_for_that_user(
    tmp_path: Path, clock: FakeClock, weather: respx.MockRouter
) -> None:
    settings = make_settings(tmp_path / "home", location="Paris")
    async with AgentSystem(settings, clock=clock) as system:
        said = await system.arun("I live in Lyon", thread_id="a", user="ann")
        ann = await system.arun("what's the weather like", thread_id="a2", user="ann")
        bob = await system.arun("what's the weather like", thread_id="b", user="bob")
    assert said.result is not None and [s.tool for s in said.result.steps] == ["memory.remember"]
    assert "Lyon" in said.reply
    assert geocoded(weather) == ["Lyon", "Paris"]
    assert ann.status == "success" and bob.status == "success"


async def test_a_latitude_and_longitude_home_needs_no_geocoding(
    tmp_path: Path, clock: FakeClock, weather: respx.MockRouter
) -> None:
    settings = make_settings(tmp_path / "home", location="48.85, 2.35")
    async with AgentSystem(settings, clock=clock) as system:
        result = await system.arun("how's the weather", thread_id="t")
    assert result.status == "success"
    assert geocoded(weather) == []
    (call,) = [c for c in weather.calls if str(c.request.url).startswith(WX)]
    assert call.request.url.params["latitude"] == "48.85"


async def test_imperial_units_give_fahrenheit_and_mph(
    tmp_path: Path, clock: FakeClock, weather: respx.MockRouter
) -> None:
    settings = make_settings(tmp_path / "home", units="imperial")
    async with AgentSystem(settings, clock=clock) as system:
        result = await system.arun("what's the weather in Oslo", thread_id="t")
    assert "68°F" in result.reply and "mph" in result.reply and "°C" not in result.reply


async def test_a_12_hour_clock_and_month_first_dates_shape_every_reply(
    tmp_path: Path, clock: FakeClock, weather: respx.MockRouter
) -> None:
    settings = make_settings(tmp_path / "home", clock="12h", date_order="mdy")
    async with AgentSystem(settings, clock=clock) as system:
        timer = await system.arun("set a timer for 10 minutes", thread_id="t")
        event = await system.arun("add yoga on friday at 6pm", thread_id="t")
        agenda = await system.arun("what do I have on friday", thread_id="t")
        today = await system.arun("what day is it", thread_id="t")
        now = await system.arun("what time is it", thread_id="t")
    assert today.reply == "Today is Monday, January 5, 2026."
    assert "9:00 AM" in now.reply
    assert "9:10 AM" in timer.reply
    assert "6:00 PM" in event.reply and "18:00" not in event.reply
    assert "Jan 9" in agenda.reply


def test_config_set_location_writes_the_file_and_rejects_bad_values(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["config", "set", "location", "Paris"])
    assert ok.exit_code == 0, ok.output
    again = runner.invoke(app, ["config", "set", "location", "48.85, 2.35"])
    assert again.exit_code == 0, again.output
    bad = runner.invoke(app, ["config", "set", "location", "100,3"])
    unknown = runner.invoke(app, ["config", "set", "colour", "red"])
    secret = runner.invoke(app, ["config", "set", "openai_api_key", "sk-x"])
    values = tomllib.loads((tmp_path / "home" / "config.toml").read_text())
    assert values == {"location": "48.85,2.35"}
    assert bad.exit_code != 0 and "latitude" in bad.output
    assert unknown.exit_code != 0 and "Unknown setting 'colour'" in unknown.output
    assert secret.exit_code != 0 and "environment" in secret.output


def test_config_unset_and_an_empty_value_remove_a_setting(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "home" / "config.toml"
    assert runner.invoke(app, ["config", "set", "location", "Lyon"]).exit_code == 0
    assert runner.invoke(app, ["config", "set", "units", "imperial"]).exit_code == 0
    emptied = runner.invoke(app, ["config", "set", "location", ""])
    assert emptied.exit_code == 0, emptied.output
    assert "Removed location" in emptied.output and "not set now" in emptied.output
    assert tomllib.loads(path.read_text()) == {"units": "imperial"}  # never location = "None"
    unset = runner.invoke(app, ["config", "unset", "units"])
    assert unset.exit_code == 0 and '"metric" (default)' in unset.output
    assert tomllib.loads(path.read_text()) == {}
    again = runner.invoke(app, ["config", "unset", "units"])
    assert again.exit_code == 0 and "was not in" in again.output
    unknown = runner.invoke(app, ["config", "unset", "colour"])
    assert unknown.exit_code != 0 and "Unknown setting 'colour'" in unknown.output
