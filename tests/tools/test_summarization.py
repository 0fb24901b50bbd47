"""summarization.summarize (LLM and offline) and extractive_summary."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from agent_system.errors import ErrorCode, InvalidArgumentsError, ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput
from agent_system.runtime import Runtime
from tests.tools.fakes import ScriptedChatModel, run_tool
from tools.summarization import MAX_TEXT_CHARS, extractive_summary, summarize, summarize_offline

pytestmark = pytest.mark.anyio
Ctx = Callable[..., ToolContext]

MEETING = """The city council met on June 3, 2026 to discuss the new budget.
The proposed budget totals $4.2 million, an increase of 8% over last year.
Most of the budget increase goes to road repairs and public transport.
Council member Dr. Lee argued that the parks department was underfunded.
The weather that evening was unusually warm.
The council voted 5 to 2 to approve the budget.
Residents can comment on the budget until June 20.
Location: City Hall, Room 2
Chair: Maria Gomez"""

TRIP = """Day 1 - June 3
Dinner at 7pm at Luigi's.
Breakfast at 8:30 am in the hotel.
Museum visit at 10am.
Day 2 - June 4
Check out at noon.
Train to Rome at 9:15."""


async def run(ctx: ToolContext, **arguments: Any) -> ToolOutput:
    return await run_tool(summarize, ctx, **arguments)


async def test_with_a_model_one_call_writes_the_summary(context: Ctx, runtime: Runtime) -> None:
    model = ScriptedChatModel(replies=["- Budget of $4.2M approved 5-2"])
    runtime.chat_model = model

    out = await run(context(), text=MEETING, format="bullet_points", length="brief")

    model.assert_complete()
    assert out.data["summary"] == "- Budget of $4.2M approved 5-2"
    assert out.data["method"] == "llm"
    system, user = model.prompts[0]
    assert "bullet points" in str(system.content) and "brief" in str(system.content).lower()
    assert user.content == MEETING


async def test_a_failing_model_falls_back_to_an_extractive_summary(
    context: Ctx, runtime: Runtime
) -> None:
    runtime.chat_model = ScriptedChatModel(replies=[TimeoutError("model slow")])
    out = await run(context(), text=MEETING)
    assert out.data["method"] == "extractive"
    assert "budget" in out.data["summary"]
    assert "The language model failed (TimeoutError)" in (out.display or "")


async def test_offline_a_brief_summary_keeps_the_central_sentences_in_order(context: Ctx) -> None:
    out = await run(context(), text=MEETING, length="brief")
    summary = out.data["summary"]
    assert out.data["method"] == "extractive"
    assert summary.startswith("The city council met on June 3, 2026")
    assert "weather" not in summary
    assert summary.count(". ") + 1 <= 3


async def test_longer_lengths_keep_more_of_the_text(context: Ctx) -> None:
    brief = (await run(context(), text=MEETING, length="brief")).data["summary"]
    detailed = (await run(context(), text=MEETING, length="detailed")).data["summary"]
    full = (await run(context(), text=MEETING, length="comprehensive")).data["summary"]
    assert len(brief) < len(detailed) <= len(full)


async def test_bullet_points_are_dash_lines(context: Ctx) -> None:
    out = await run(context(), text=MEETING, format="bullet_points", length="detailed")
    lines = out.data["summary"].splitlines()
    assert len(lines) >= 4 and all(line.startswith("- ") for line in lines)


async def test_an_itinerary_lists_each_day_in_time_order(context: Ctx) -> None:
    out = await run(context(), text=TRIP, format="itinerary", length="detailed")
    assert out.data["summary"].splitlines() == [
        "Day 1 - June 3:",
        "- 08:30 Breakfast at 8:30 am in the hotel.",
        "- 10:00 Museum visit at 10am.",
        "- 19:00 Dinner at 7pm at Luigi's.",
        "Day 2 - June 4:",
        "- 09:15 Train to Rome at 9:15.",
        "- 12:00 Check out at noon.",
    ]


async def test_an_itinerary_of_text_without_times_says_so(context: Ctx) -> None:
    out = await run(context(), text="We like long walks. The hills are green.", format="itinerary")
    assert out.data["summary"].startswith("No dated or timed entries found")


async def test_structured_keeps_key_value_lines_dates_and_amounts(context: Ctx) -> None:
    out = await run(context(), text=MEETING, format="structured")
    lines = out.data["summary"].splitlines()
    assert lines[0].startswith("Summary: The city council met")
    assert "Location: City Hall, Room 2" in lines and "Chair: Maria Gomez" in lines
    assert "Dates: June 3, 2026, June 20" in lines
    assert "Amounts: $4.2 million, 8%" in lines


async def test_a_report_has_overview_key_points_and_details(context: Ctx) -> None:
    text = (await run(context(), text=MEETING, format="report")).data["summary"]
    overview, points, details = text.split("\n\n")
    assert overview.startswith("Overview\n") and points.startswith("Key points\n- ")
    assert details.startswith("Details\n") and "- Chair: Maria Gomez" in details


async def test_an_analysis_names_themes_and_figures(context: Ctx) -> None:
    text = (await run(context(), text=MEETING, format="analysis", length="detailed")).data[
        "summary"
    ]
    assert text.startswith("Main points\n- ")
    assert "Key themes: budget, council" in text
    assert "Scope: 9 sentences" in text


@pytest.mark.parametrize("text", ["", "   \n\t "])
async def test_empty_text_is_a_clear_error(context: Ctx, text: str) -> None:
    with pytest.raises(ToolExecutionError, match="Nothing to summarize") as info:
        await run(context(), text=text)
    assert info.value.code == ErrorCode.INVALID_ARGUMENTS


async def test_huge_text_is_cut_at_a_sentence_and_the_cut_is_reported(context: Ctx) -> None:
    text = "The reactor output rose again today. " * 10_000
    out = await run(context(), text=text)
    assert len(text) > MAX_TEXT_CHARS
    assert out.data["truncated"] is True and out.data["characters"] == len(text)
    assert out.data["notes"][0].startswith("Only the first 199,")
    assert f"of {len(text):,} characters were summarized" in (out.display or "")


async def test_an_unknown_format_is_rejected_with_the_valid_ones(context: Ctx) -> None:
    with pytest.raises(InvalidArgumentsError, match="format"):
        await run(context(), text=MEETING, format="haiku")
    with pytest.raises(ToolExecutionError, match="Unknown format 'haiku'; use one of summary"):
        await summarize(context(), text=MEETING, format="haiku")  # type: ignore[arg-type]
    with pytest.raises(ToolExecutionError, match="Unknown length 'short'"):
        await summarize(context(), text=MEETING, length="short")  # type: ignore[arg-type]


def test_summarize_offline_refuses_an_unknown_format() -> None:
    with pytest.raises(ValueError, match="unknown format 'poem'"):
        summarize_offline(MEETING, "poem")


def test_extractive_summary_mentions_every_text_while_there_is_room() -> None:
    texts = [
        "It is 18 degrees and sunny in Paris. Light wind from the west.",
        "A timer is set for 10 minutes. It will ring at 09:10.",
        "",
    ]
    summary = extractive_summary(texts, max_sentences=2)
    assert "Paris" in summary and "timer" in summary
    assert summary.index("Paris") < summary.index("timer")


def test_extractive_summary_respects_max_sentences_and_drops_repeats() -> None:
    texts = ["The door is locked. The door is locked.", "Lights are off. The heating is at 19."]
    summary = extractive_summary(texts, max_sentences=3)
    assert summary.count("The door is locked.") == 1
    assert summary.count(".") == 3
    assert extractive_summary([], 3) == ""
    with pytest.raises(ValueError, match="at least 1"):
        extractive_summary(texts, 0)
