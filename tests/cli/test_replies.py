"""Replies written for users, as `agent-system ask` prints them on a pipe."""

from __future__ import annotations

import socket

import pytest
from typer.testing import CliRunner

from agent_system.cli._app import app

runner = CliRunner()


def _ask(*args: str) -> tuple[str, str]:
    result = runner.invoke(app, ["ask", *args])
    assert result.exit_code in (0, 1), result.output
    return result.stdout, result.stderr


def test_what_can_you_do_answers_in_user_prose_once() -> None:
    out, err = _ask("what can you do?")
    assert out.startswith("Here's what I can do:\n- Timers, alarms and reminders (try ")
    assert out.count("Here's what I can do:") == 1
    assert "Timers, alarms and reminders" not in err  # progress names the step, not the answer
    assert "succeeded in" in err and "Here's what I can do: …" in err


def test_a_question_about_one_timer_answers_about_that_timer() -> None:
    _ask("set a tea timer for 3 minutes")
    _ask("set a timer for 10 minutes")
    out, _ = _ask("how long is left on my tea timer")
    assert out.startswith("Timer 'tea': ")
    assert "You have" not in out
    out, _ = _ask("what timers do I have")
    assert out.startswith("You have 2: timer 'tea': ")
    assert "the 10-minute timer: " in out  # an unlabelled timer is named by its length


def test_smart_home_replies_read_as_sentences() -> None:
    out, _ = _ask("turn off the lights")
    assert out.strip() == "Turned off Living room light, Kitchen light and Bedroom light."
    out, _ = _ask("is the heating on")
    assert out.startswith("Thermostat is in heat mode, set to ")


@pytest.fixture
def refused_url() -> str:
    """A loopback URL nothing listens on: the connection is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1/search"


def test_an_unreachable_service_is_one_plain_sentence_with_the_detail_under_verbose(
    refused_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AGENT_SYSTEM_GEOCODING_URL", refused_url)
    out, err = _ask("what's the weather in Paris")
    assert "I couldn't reach the weather service (are you offline?)." in out
    for jargon in ("127.0.0.1", "ConnectError", "unreachable"):
        assert jargon not in out + err
    _, loud = _ask("--verbose", "what's the weather in Paris")
    assert "(are you offline?). (could not connect to 127.0.0.1 (ConnectError))" in loud
