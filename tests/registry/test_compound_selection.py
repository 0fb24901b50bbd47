"""Tool selection keeps a tool for every part of a compound request (issue 15, item 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.registry._loaders import build_registry
from agent_system.registry._registry import ToolRegistry
from agent_system.registry._selection import ToolIndex
from agent_system.testing import make_settings


@pytest.fixture(scope="module")
def registry(tmp_path_factory: pytest.TempPathFactory) -> ToolRegistry:
    home: Path = tmp_path_factory.mktemp("home")
    return build_registry(make_settings(home), [])


@pytest.mark.parametrize(
    ("text", "needed"),
    [
        (
            "turn on the kitchen lights, set a timer for 10 minutes "
            "and tell me the weather in Rome",
            [{"smart_home.turn_on"}, {"timer.set"}, {"weather.current", "weather.forecast"}],
        ),
        (
            "should I bring a coat and dim the bedroom lights",
            [{"weather.forecast", "weather.current"}, {"smart_home.set_brightness"}],
        ),
        (
            "what's on my calendar friday, then wake me up at 6",
            [{"calendar.list"}, {"timer.alarm"}],
        ),
        (
            "set a timer for 10 minutes and lock the door",
            [{"timer.set"}, {"smart_home.lock"}],
        ),
    ],
)
def test_every_part_of_a_compound_request_keeps_a_tool_in_the_top_k(
    registry: ToolRegistry, text: str, needed: list[set[str]]
) -> None:
    chosen = [spec.name for spec, _ in registry.search(text, 8)]
    assert len(chosen) <= 8
    for options in needed:
        assert options & set(chosen), (options, chosen)


def test_lexical_ranking_alone_misses_a_part_that_shares_no_word_with_its_tools(
    registry: ToolRegistry,
) -> None:
    text = "should I bring a coat and dim the bedroom lights"
    lexical = {spec.name for spec, _ in ToolIndex(list(registry)).search(text, 8)}
    assert not {"weather.forecast", "weather.current"} & lexical
    assert {"weather.forecast", "weather.current"} & {s.name for s, _ in registry.search(text, 8)}


def test_a_registry_without_role_tools_ranks_lexically(registry: ToolRegistry) -> None:
    other = ToolRegistry([s for s in registry if s.domain in ("summarization", "planning")])
    text = "summarize the plan and then replan it"
    assert other.search(text, 3) == ToolIndex(list(other)).search(text, 3)
