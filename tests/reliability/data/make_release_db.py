"""Write the database a release leaves behind, for the upgrade test (test_upgrade.py).

Run it with a RELEASE checkout first on the path, e.g. for the release at commit 76500b6:

    git archive 76500b6 | tar -x -C /tmp/release
    PYTHONPATH=/tmp/release python tests/reliability/data/make_release_db.py OUT.sqlite3

Three users (ann, bob and the local user) fill every store through ordinary requests; the file is
checkpointed and vacuumed so that it is one small self-contained SQLite file.
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

REQUESTS = [
    "set a timer for 10 minutes",
    "remind me to call Jo in 1 hour",
    "add oat milk and eggs to my shopping list",
    "remember that my bike is blue",
    "add dentist tomorrow at 3 pm to my calendar",
    "turn on the kitchen light",
    "what's on my shopping list",
]


async def fill(home: Path) -> None:
    from agent_system.api import AgentSystem
    from agent_system.testing import make_settings

    async with AgentSystem(make_settings(home)) as system:
        for user in ("ann", "bob", None):
            for i, text in enumerate(REQUESTS):
                thread = f"{user or 'local'}-{i}"
                result = await system.arun(text, thread_id=thread, user=user)
                print(user, text, "->", result.status, result.reply.splitlines()[0][:60])


def main(out: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        asyncio.run(fill(home))
        db = home / "agent-system.db"
        with sqlite3.connect(db) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.execute("PRAGMA journal_mode=DELETE")
        with sqlite3.connect(db) as conn:
            conn.execute("VACUUM")
        shutil.copyfile(db, out)


if __name__ == "__main__":
    main(sys.argv[1])
