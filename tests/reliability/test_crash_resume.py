"""Workers killed (SIGKILL, or a hard exit at a storage call) and resumed: no journaled step runs
twice, no step is lost, every turn of every thread lands.

The harness is `benchmarks/crash.py` (the benchmark quotes the same figures). The default suite
runs the exact kill points that used to duplicate work; the random campaigns (a small one with
the fixed seed, then 200+ kills with the fixed and a random seed: ``heavy``, run by .ci/run as
its own step) are excluded from a plain ``pytest``:

    python -m pytest -m heavy -s tests/reliability/test_crash_resume.py
    AGENT_SYSTEM_RELIABILITY_SEED=7 AGENT_SYSTEM_CRASH_KILLS=400 python -m pytest -m heavy -s ...
"""

from __future__ import annotations

import os
import random
from dataclasses import asdict
from pathlib import Path

import pytest

from benchmarks.crash import SHAPE, Figures, Zygote, campaign, kill_once

SEED = int(os.environ.get("AGENT_SYSTEM_RELIABILITY_SEED", "20261122"))


def _assert_clean(figures: Figures) -> None:
    print(asdict(figures))  # shown with -s; docs/reliability.md quotes these figures
    assert figures.errors == []
    assert figures.duplicated == 0, figures.duplicates
    assert figures.lost == 0
    assert figures.not_success == []
    assert figures.lost_turns == []


def test_a_kill_after_the_execute_node_saved_its_writes_does_not_run_the_plan_again(
    zygote: Zygote, tmp_path: Path
) -> None:
    # The execute node finished and its writes were saved, but the next checkpoint was not:
    # resume must apply those writes, not start the turn over with a new plan.
    out = kill_once(zygote, tmp_path, threads=1, turns=1, die_at=1, after=True, node="execute")
    assert out.killed
    assert out.journaled_at_kill == {f"w0/0/{s}" for s in SHAPE}
    assert out.done == {f"w0/0/{s}": 1 for s in SHAPE}
    assert out.report[0].split()[:3] == ["w0", "success", "resumed-writes"], out.report


def test_a_kill_inside_a_fast_reply_after_its_step_finished_does_not_repeat_the_step(
    zygote: Zygote, tmp_path: Path
) -> None:
    # w2 asks a fast reply (run inside the route node: the router decided it without an LLM);
    # the worker dies just before that node's writes (its results) are saved, after its one
    # step ran and was journaled. The node runs again on resume: it must route the same way
    # and find the journal entry (same plan id) instead of acting a second time.
    out = kill_once(
        zygote,
        tmp_path,
        threads=3,
        turns=1,
        die_at=1,
        after=False,
        node="route",
        carrying="results",
    )
    assert out.killed
    assert "w2/0/s1" in out.journaled_at_kill
    assert out.done["w2/0/s1"] == 1
    assert "w2 success resumed-next w2/0" in out.report


def test_a_kill_after_the_last_node_keeps_that_turn_in_the_thread(
    zygote: Zygote, tmp_path: Path
) -> None:
    # synthesize's writes (reply, history) were saved but not its checkpoint; the next turn must
    # not drop them.
    out = kill_once(zygote, tmp_path, threads=1, turns=2, die_at=1, after=True, node="synthesize")
    assert out.killed
    assert out.report[0] == "w0 success started w0/0,w0/1"
    assert max(out.done.values()) == 1


@pytest.mark.parametrize("idempotent", [False, True], ids=["plain tool", "idempotent tool"])
def test_a_kill_between_a_tools_effect_and_its_journal_entry(
    zygote: Zygote, tmp_path: Path, idempotent: bool
) -> None:
    # The in-flight window (issue 14.9): the first step's effect happened, its journal entry was
    # not written. A plain tool acts again on resume (at-least-once); a tool under
    # `agent_system.idempotency.once` finds its earlier result by the step's key: exactly once.
    out = kill_once(
        zygote, tmp_path, threads=1, turns=1, die_at=1, after=False, node="journal",
        idempotent=idempotent,
    )  # fmt: skip
    assert out.killed
    assert out.journaled_at_kill == set()
    assert set(out.done) == {f"w0/0/{s}" for s in SHAPE}
    assert max(out.done.values()) == (1 if idempotent else 2)
    assert out.report[0].split()[:2] == ["w0", "success"], out.report


@pytest.mark.heavy
def test_a_small_random_campaign_with_idempotent_tools_repeats_no_effect(
    zygote: Zygote, tmp_path: Path
) -> None:
    figures = campaign(
        tmp_path, kills=8, seed=SEED, threads=4, concurrency=2, zygote=zygote, idempotent=True
    )
    _assert_clean(figures)
    assert figures.re_run_in_flight == 0


@pytest.mark.heavy
def test_a_small_random_campaign_duplicates_and_loses_nothing(
    zygote: Zygote, tmp_path: Path
) -> None:
    figures = campaign(tmp_path, kills=8, seed=SEED, threads=4, concurrency=2, zygote=zygote)
    _assert_clean(figures)


@pytest.mark.heavy
@pytest.mark.parametrize("seed", [SEED, random.randrange(1 << 30)], ids=["fixed", "random"])
def test_hundreds_of_random_kills_duplicate_and_lose_nothing(
    zygote: Zygote, tmp_path: Path, seed: int
) -> None:
    kills = int(os.environ.get("AGENT_SYSTEM_CRASH_KILLS", "200"))
    figures = campaign(tmp_path, kills=kills, seed=seed, concurrency=3, zygote=zygote)
    assert figures.kills >= kills
    _assert_clean(figures)


@pytest.mark.heavy
def test_hundreds_of_random_kills_repeat_no_effect_of_an_idempotent_tool(
    zygote: Zygote, tmp_path: Path
) -> None:
    kills = int(os.environ.get("AGENT_SYSTEM_CRASH_KILLS", "200"))
    figures = campaign(
        tmp_path, kills=kills, seed=SEED, concurrency=3, zygote=zygote, idempotent=True
    )
    assert figures.kills >= kills
    _assert_clean(figures)
    assert figures.re_run_in_flight == 0
