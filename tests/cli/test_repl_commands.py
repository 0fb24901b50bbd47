"""The REPL's /commands, driven line by line from a pipe (no terminal) through CliRunner."""

from __future__ import annotations

from typer.testing import CliRunner

from agent_system.cli._app import app

runner = CliRunner()


def _chat(*lines: str) -> str:
    result = runner.invoke(app, ["chat"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_help_lists_every_command_with_its_arguments() -> None:
    out = _chat("/help")
    for command in ("/new", "/threads", "/plan TEXT", "/tools", "/approve [no | STEP…]", "/quit"):
        assert command in out
    assert out.rstrip().endswith("Bye.")


def test_a_step_approved_by_id_runs_and_an_unknown_id_is_refused() -> None:
    out = _chat("unlock the front door", "/approve s9", "/approve s1", "/approve")
    assert "Approve: unlock the front door (device: Front door lock)?" in out
    assert "smart_home" not in out
    assert "Unknown step s9; waiting: s1." in out
    assert "Front door lock is unlocked." in out
    assert out.count("Front door lock is unlocked.") == 1
    assert "Nothing is waiting for approval." in out


def test_a_declined_step_is_not_run() -> None:
    out = _chat("unlock the front door", "/approve no")
    assert "You did not approve" in out
    assert "Front door lock is unlocked." not in out


def test_a_new_request_waits_until_the_approval_is_answered() -> None:
    out = _chat("unlock the front door", "set a timer for 1 minute", "/new", "what time is it")
    assert "A step is waiting for your approval" in out
    assert "Timer set" not in out
    assert "New conversation." in out


def test_a_trailing_backslash_continues_the_request_on_the_next_line() -> None:
    out = _chat("/plan check the weather in Paris \\", "and set a timer for 10 minutes")
    assert "Plan (not run): 2 steps" in out
    assert "timer.set" in out


def test_threads_and_thread_switch_between_conversations() -> None:
    out = _chat("set a timer for 3 minutes", "/threads", "/new", "/thread nope", "/resume")
    assert "set a timer for 3 minutes" in out
    assert "No thread 'nope'" in out
    assert "Nothing to resume." in out


def test_an_unknown_command_is_named() -> None:
    assert "Unknown command /frobnicate; /help lists the commands." in _chat("/frobnicate")


def test_resume_on_a_thread_with_nothing_to_resume_says_so_and_the_repl_goes_on() -> None:
    out = _chat("set a timer for 2 minutes", "/resume", "/threads")
    assert "has nothing to resume" in out
    assert "set a timer for 2 minutes" in out
    assert out.rstrip().endswith("Bye.")


def test_chat_thread_picks_up_an_approval_left_pending() -> None:
    import asyncio

    from agent_system.api import AgentSystem
    from agent_system.config import Settings

    async def leave_pending() -> str:
        async with AgentSystem(Settings()) as system:
            result = await system.arun("unlock the front door", thread_id="t-pending")
        assert result.status == "interrupted"
        return result.thread_id

    thread_id = asyncio.run(leave_pending())
    out = _chat_on(thread_id, "/approve")
    assert "Approve: unlock the front door" in out
    assert "Front door lock is unlocked." in out


def _chat_on(thread_id: str, *lines: str) -> str:
    result = runner.invoke(app, ["chat", "--thread", thread_id], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.stdout
