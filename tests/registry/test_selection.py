from __future__ import annotations

import time

import pytest

from agent_system.registry._loaders.functions import spec_from_function_schema
from agent_system.registry._registry import ToolRegistry
from agent_system.registry._selection import ToolIndex, stem, tokenize
from agent_system.registry.spec import ToolSpec


def _tool(name: str, description: str, **props: str) -> ToolSpec:
    return spec_from_function_schema(
        {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": {k: {"type": "string", "description": v} for k, v in props.items()},
            },
        }
    )


TOOLS = [
    _tool("weather.current", "Current weather conditions for a place.", place="City name."),
    _tool("timer.set", "Start a countdown timer.", duration="How long, e.g. 10 minutes."),
    _tool("calendar.create_event", "Add an event to the calendar.", title="Event title."),
    _tool(
        "currency_conversion",
        "Convert an amount from one currency to another.",
        amount="The amount.",
        to="Target currency.",
    ),
    _tool("lawyer.search", "Find lawyers by speciality and city.", city="The city."),
    _tool("doctor.search", "Find doctors by speciality and city.", city="The city."),
]


def test_the_stemmer_folds_inflections_together() -> None:
    assert {stem(w) for w in ("calculate", "calculation", "calculating", "calculator")} == {
        "calcul"
    }
    assert stem("movies") == stem("movie")
    assert stem("countries") == stem("country")


def test_tokenize_splits_names_and_drops_stop_words() -> None:
    assert tokenize("getWeather for the city_name") == [stem("weather"), "citi", "nam"]


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("what's the weather like in Paris", "weather.current"),
        ("set a timer for 10 minutes", "timer.set"),
        ("put a meeting event in my calendar", "calendar.create_event"),
        ("I have 100 euro, how much is it in dollars?", "currency_conversion"),
        ("search for divorce law specialists in Los Angeles", "lawyer.search"),
    ],
)
def test_the_fitting_tool_ranks_first(request_text: str, expected: str) -> None:
    found = ToolRegistry(TOOLS).search(request_text, k=3)
    assert found and found[0][0].name == expected, found


def test_scores_are_descending_and_k_is_respected() -> None:
    found = ToolIndex(TOOLS).search("find a doctor or a lawyer in the city", k=2)
    assert len(found) == 2
    assert found[0][1] >= found[1][1]
    assert {s.name for s, _ in found} == {"doctor.search", "lawyer.search"}


def test_a_request_no_tool_fits_yields_nothing() -> None:
    assert ToolIndex(TOOLS).search("what is the capital of Peru", k=5) == []


def test_the_relevance_floor_can_be_turned_off() -> None:
    text = "give me the current values"  # only generic words in common
    assert ToolIndex(TOOLS).search(text, k=5) == []
    assert ToolIndex(TOOLS, min_relevance=0).search(text, k=5) != []


def test_a_thousand_tool_search_stays_well_under_ten_milliseconds() -> None:
    words = ["alpha", "bravo", "delta", "echo", "golf", "hotel", "india", "kilo", "lima", "mike"]
    tools = [
        _tool(
            f"t{i}.{words[i % 10]}",
            f"{words[i % 7]} {words[i % 3]} tool number {i}",
            x=f"{words[(i * 7) % 10]} value",
        )
        for i in range(1000)
    ]
    index = ToolIndex(tools)
    # The best of 20 calls: what a search costs, not how long another process held the CPU.
    took = []
    for _ in range(20):
        started = time.perf_counter()
        index.search("find the alpha bravo hotel for kilo", k=8)
        took.append(time.perf_counter() - started)
    assert min(took) < 0.010, sorted(took)
