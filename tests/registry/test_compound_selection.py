"""Tool selection keeps a tool for every part of a compound request (issue 15, item 9)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from agent_system.registry._loaders import build_registry
from agent_system.registry._registry import ToolRegistry
from agent_system.registry._selection import ToolIndex, choose_tools
from agent_system.registry.spec import ToolSpec
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


@pytest.mark.parametrize(
    ("text", "needed"),
    [
        # the role's tool named for the clause's noun ("alarm") used to outrank the one for its
        # action (a cancel, a list), and the role's third-best tool fell off the top k
        (
            "remove my morning alarm, add eggs to my list and what's the weather in Rome",
            [{"timer.cancel"}, {"lists.add"}, {"weather.current", "weather.forecast"}],
        ),
        (
            "are there any alarms set for tomorrow and turn off the kitchen light",
            [{"timer.list"}, {"smart_home.turn_off"}],
        ),
        (
            "make my lights green then what's on my calendar friday",
            [{"smart_home.set_color"}, {"calendar.list"}],
        ),
        (
            "start the roomba and set a timer for 10 minutes",
            [{"smart_home.start_vacuum"}, {"timer.set"}],
        ),
    ],
)
def test_a_clause_keeps_the_tool_of_its_action_not_only_of_its_noun(
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


def _tool(name: str, description: str) -> ToolSpec:
    return ToolSpec(name=name, description=description, parameters={}, func=lambda: None)


_TOOLS = [
    *(_tool(f"home.{verb}", f"{verb} a device") for verb in ("on", "off", "dim", "tint", "lock")),
    _tool("agenda.show", "what is on the agenda"),
    _tool("agenda.add", "add to the agenda"),
    _tool("clock.ring", "ring at a time"),
    _tool("stocks.quote", "the price of a stock share"),
]


def _reader(roles: dict[str, list[tuple[str, float]]]) -> Callable[[str], list[tuple[str, float]]]:
    return lambda clause: roles.get(clause, [("other", 1.0)])


def test_each_clause_brings_three_tools_of_its_role() -> None:
    index = ToolIndex(_TOOLS)
    classes = _reader({"make the room cosy": [("home", 0.97)], "what's on": [("agenda", 0.97)]})
    chosen = choose_tools(_TOOLS, index.search, "make the room cosy and what's on", 6, classes)
    assert {"home.on", "home.off", "home.dim"} <= set(chosen)  # registry order past 2
    assert {"agenda.show", "agenda.add"} <= set(chosen)


def test_an_unsure_clause_brings_the_runner_up_role_too() -> None:
    index = ToolIndex(_TOOLS)
    unsure = _reader({"the thing at nine": [("agenda", 0.6), ("clock", 0.35)]})
    assert "clock.ring" in choose_tools(_TOOLS, index.search, "the thing at nine", 4, unsure)
    sure = _reader({"the thing at nine": [("agenda", 0.95), ("clock", 0.04)]})
    assert "clock.ring" not in choose_tools(_TOOLS, index.search, "the thing at nine", 4, sure)


def test_the_best_lexical_match_of_another_domain_comes_after_the_first_turn() -> None:
    index = ToolIndex(_TOOLS)
    classes = _reader({"stock price and dim the lights": [("home", 0.8), ("agenda", 0.1)]})
    chosen = choose_tools(
        _TOOLS, index.search, "stock price and dim the lights", 3, classes, clauses=lambda t: [t]
    )
    # first turn: each role's best tool; then the best lexical match, though no role owns it
    assert chosen == ["home.dim", "agenda.show", "stocks.quote"]
