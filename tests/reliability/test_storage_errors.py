"""Storage errors explain themselves: which file, what happened, what to do; a damaged file is
never overwritten; `agent-system db check` says whether the file is whole.

They used to surface as ``OperationalError: disk I/O error`` or ``database disk image is
malformed`` with no path and no way out.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent_system._storage import StorageError
from agent_system.api import AgentSystem
from agent_system.cli._app import app
from agent_system.testing import make_settings

GARBAGE = b"this is not an sqlite database, it was damaged" * 100


def _damage(home: Path) -> Path:
    home.mkdir(parents=True, exist_ok=True)
    db = home / "agent-system.db"
    db.write_bytes(GARBAGE)
    return db


@pytest.mark.anyio
async def test_a_damaged_database_is_named_explained_and_left_untouched(tmp_path: Path) -> None:
    db = _damage(tmp_path / "home")
    with pytest.raises(StorageError) as caught:
        async with AgentSystem(make_settings(tmp_path / "home"), models={}):
            pass
    message = caught.value.message
    assert str(db) in message and "damaged" in message
    assert "backup" in message and "agent-system db check" in message
    assert db.read_bytes() == GARBAGE


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write to a read-only folder")
@pytest.mark.anyio
async def test_a_read_only_data_directory_says_to_fix_permissions(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o500)
    try:
        with pytest.raises(StorageError) as caught:
            async with AgentSystem(make_settings(home), models={}):
                pass
    finally:
        home.chmod(0o700)
    assert str(home) in caught.value.message and "writ" in caught.value.message


def test_the_cli_prints_one_line_and_exits_2_on_a_damaged_database(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _damage(home)
    env = {"AGENT_SYSTEM_HOME": str(home)}
    asked = CliRunner().invoke(app, ["ask", "set a timer for 1 minute"], env=env)
    assert asked.exit_code == 2, asked.output
    assert "damaged" in asked.stderr and "Traceback" not in asked.output
    checked = CliRunner().invoke(app, ["db", "check"], env=env)
    assert checked.exit_code == 2
    assert "damaged" in checked.stderr and "backup" in checked.stderr
    assert (home / "agent-system.db").read_bytes() == GARBAGE


def test_db_check_passes_a_healthy_database(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {"AGENT_SYSTEM_HOME": str(home)}
    assert CliRunner().invoke(app, ["ask", "set a timer for 1 minute"], env=env).exit_code == 0
    checked = CliRunner().invoke(app, ["db", "check"], env=env)
    assert checked.exit_code == 0, checked.output
    assert "OK:" in checked.stdout and "intact" in checked.stdout
    # The three schema owners of the one file, each at its latest version.
    from agent_system._migrations import SCHEMA_VERSION

    assert f"Schema versions: application {SCHEMA_VERSION}, records " in checked.stdout
    assert "langgraph store 0." not in checked.stdout and "records 0," not in checked.stdout


def test_the_server_on_a_damaged_database_says_so_in_one_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _damage(home)
    served = CliRunner().invoke(
        app, ["serve", "--open", "--port", "0"], env={"AGENT_SYSTEM_HOME": str(home)}
    )
    assert served.exit_code == 2, served.output
    assert "damaged" in served.stderr and "Traceback" not in served.output
