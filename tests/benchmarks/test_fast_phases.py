"""The fast reply's CPU phase by phase: every phase measured inside real turns, then unwrapped."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.graph._route import Route
from agent_system.graph._steps import RunSteps
from benchmarks.fast_phases import PHASES, STAGE, measure

pytestmark = pytest.mark.anyio


async def test_each_phase_is_a_part_of_the_turn_it_ran_in() -> None:
    originals = (AgentSystem.arun, Route.decide_first, RunSteps.__call__)
    found = await measure(requests=6, threads=2, warm=2)
    labels = {label for label, _, _ in PHASES}
    stages = {label for label in found if label.startswith(STAGE)}
    assert set(found) == {"process"} | labels | stages  # every phase ran in a fast reply
    # Each role's first stage, by the role's name (a gated one, or one of gated parts, marked):
    # all of them run here.
    assert {STAGE + n for n in ("conversation (gated parts)", "search (gated)", "timer")} <= stages
    assert sum(found[s] for s in stages) <= found["  routing"]
    assert all(value > 0 for value in found.values())
    assert found["turn"] <= found["process"]
    assert (
        found["  routing"] + found["  the role's choice"] <= found["routing and the role's choice"]
    )
    assert found["  tool call"] <= found["steps"]
    parts = ("routing and the role's choice", "turn start checkpoint", "steps")
    assert sum(found[p] for p in parts) <= found["turn"]
    assert found["  lease"] <= found["turn start checkpoint"]  # taken with the turn's start
    # Nothing stays wrapped once measured.
    assert (AgentSystem.arun, Route.decide_first, RunSteps.__call__) == originals
