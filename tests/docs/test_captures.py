"""The documented commands still print what the docs show (`make docs` refreshes the captures)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.capture import PAGES, ROOT, Session, blocks, commands, normalized


@pytest.mark.heavy  # about 30 commands, a few seconds each: `make docs-check`, its own CI step
@pytest.mark.parametrize("page", PAGES)
def test_every_capture_block_matches_a_fresh_run(page: str, tmp_path: Path) -> None:
    found = blocks(ROOT / page)
    assert found, f"{page} has no <!-- capture --> block"
    session = Session(tmp_path)
    drift = []
    for _, block in found:
        for command in block:
            got = session.run(command.line)
            if normalized(got) != normalized(command.shown):
                drift.append(f"$ {command.line}\n--- doc:\n{command.shown}\n--- now:\n{got}")
    assert not drift, f"{page} drifted (run `make docs`):\n\n" + "\n\n".join(drift)


def test_masks_hide_what_changes_between_runs_and_nothing_else() -> None:
    shown = "Timer set for 10 minutes (ends at 02:27).\nthread 48039a29-f60c-43fa-82ee-813712cb4751"
    now = "Timer set for 10 minutes (ends at 09:41).\nthread 0b7c3c50-8d6e-4a51-9a0e-3f1f2b0c9d11"
    assert normalized(shown) == normalized(now)
    late = "Timer set for 10 minutes (ends tomorrow at 00:09)."
    assert normalized(late) == normalized("Timer set for 10 minutes (ends at 23:13).")
    assert normalized("Timer set for 5 minutes") != normalized("Timer set for 10 minutes")
    assert normalized("✓  s1    timer.set   7 ms") == normalized("✓  s1  timer.set  12 ms")
    assert normalized("1   timer  running  7m 45s") == normalized("1   timer  running  8m 00s")


def test_a_block_is_split_into_commands_with_their_output() -> None:
    body = "$ agent-system route hi\nfast reply\n[exit 0]\n\n$ agent-system plan x\n[exit 2]\n"
    assert [(c.line, c.shown) for c in commands(body)] == [
        ("agent-system route hi", "fast reply\n[exit 0]"),
        ("agent-system plan x", "[exit 2]"),
    ]
