"""First-stage gates (agent_system/understanding/_gate.py): a stage its gate turns away claims
nothing. Every test runs each gated stage anyway and fails on such a claim (tests/conftest.py);
here the fit rows of CLINC150, HWU64 and SLURP (never the untouched rows) are checked too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.routing.models import RouteRequest, Turn
from agent_system.understanding._gate import StageGate, gated_parts, ungated
from agent_system.understanding._memo import one_request


def gated_stages(tmp_path: Path) -> dict[str, Any]:
    """Each built-in role's gated first stage, or gated part of one, by its gate's label (the
    voice evaluations' home)."""
    from agent_system.roles import builtin_role_names, load_roles
    from agent_system.testing import make_runtime, make_settings
    from evals import home

    toml = tmp_path / "home.toml"
    toml.write_text(home.voice_home_toml(), encoding="utf-8")
    runtime = make_runtime(make_settings(tmp_path / "data", home_config=toml))
    stages = {}
    for name, role in load_roles(builtin_role_names()).items():
        make = getattr(role, "route_stage", None)
        stage = make(runtime) if callable(make) else None
        for gated in gated_parts(stage):
            assert gated.gate.role == name
            stages[gated.gate.label] = gated
    return stages


def test_the_timer_request_skips_the_stages_whose_words_it_lacks(tmp_path: Path) -> None:
    stages = gated_stages(tmp_path)
    assert {"lists", "search", "calendar"} <= set(stages)
    assert {"conversation: the clock", "conversation: sums"} <= set(stages)
    for text in ("set a timer for 10 minutes", "set a timer for 2 hours", "start a 5 minute timer"):
        request = RouteRequest(text=text)
        assert [name for name, stage in stages.items() if stage.gate.admits(request)] == []
    # "add milk to my list", "who wrote dune", "what's on tomorrow" reach their own stage
    for name, text in (
        ("lists", "add milk to my list"),
        ("search", "who wrote dune"),
        ("calendar", "what's on tomorrow"),
        ("conversation: the clock", "how many minutes to 6:30"),
        ("conversation: the clock", "what time will it be in 2 hours"),
        ("conversation: the clock", "what's the time in Tokyo"),
        ("conversation: spelling", "how do you spell rhythm"),
        ("conversation: conversions", "how many ounces in a pound"),
        ("conversation: conversions", "convert 6' to cm"),
        ("conversation: sums", "what's 15% of 80"),
        ("conversation: sums", "twelve times seven"),
    ):
        assert stages[name].gate.admits(RouteRequest(text=text))
        assert stages[name](RouteRequest(text=text)) is not None


def test_a_thread_with_a_turn_of_the_role_always_asks_its_stage() -> None:
    gate = StageGate.of("lists", r"lists?\b")
    assert not gate.admits(RouteRequest(text="milk"))
    history = [Turn(text="add something to my shopping list", role="lists")]
    assert gate.admits(RouteRequest(text="milk", history=history))  # the answer to its question


def _datasets() -> Path:
    from evals.splits import datasets_dir

    return datasets_dir()


@pytest.mark.slow
@pytest.mark.skipif(
    not all((_datasets() / name).is_dir() for name in ("clinc150", "voice-assistant")),
    reason=f"development data sets not at {_datasets()}",
)
def test_no_gate_turns_away_a_fit_row_its_stage_claims(tmp_path: Path) -> None:
    from evals import splits

    texts = sorted({r.text for s in (splits.clinc150, splits.hwu64, splits.slurp) for r in s().fit})
    missed: list[tuple[str, str]] = []
    turned_away = 0
    for name, stage in gated_stages(tmp_path).items():
        for text in texts:
            request = RouteRequest(text=text)
            with one_request():
                if stage.gate.admits(request):
                    continue
                turned_away += 1
                if ungated(stage)(request) is not None:
                    missed.append((name, text))
    assert missed == []
    assert turned_away > len(texts)  # the gates do turn requests away
