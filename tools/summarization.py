"""Summarization: the `summarization.summarize` tool and `extractive_summary` for the engine.

With a chat model (``ctx.runtime.model()``), one call writes the summary in the asked format and
length. Offline, or when that call fails, an extractive summary is laid out in the same format:
ranked sentences, ``key: value`` lines and dates, times and amounts kept, itineraries in time
order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, get_args

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from tools import _extractive as ex

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

__all__ = [
    "FORMATS",
    "LENGTHS",
    "MAX_TEXT_CHARS",
    "Format",
    "Length",
    "extractive_summary",
    "summarize",
    "summarize_offline",
]

Format = Literal["summary", "report", "itinerary", "analysis", "structured", "bullet_points"]
Length = Literal["brief", "detailed", "comprehensive"]
FORMATS: tuple[str, ...] = get_args(Format)
LENGTHS: tuple[str, ...] = get_args(Length)
MAX_TEXT_CHARS = 200_000
"""Text beyond this is cut (at a sentence end when one is near) and the cut is reported."""

_ITINERARY_ENTRIES = {"brief": 8, "detailed": 20, "comprehensive": 200}
_FIELDS = {"brief": 5, "detailed": 12, "comprehensive": 40}
_INSTRUCTIONS: dict[str, str] = {
    "summary": "Write a summary in plain prose paragraphs.",
    "report": "Write a short report with the headings Overview, Key points and Details.",
    "itinerary": "Write an itinerary: one line per event in time order, each starting with its "
    "date or time (24-hour HH:MM).",
    "analysis": "Write an analysis: the main points, the key themes, and the figures and dates "
    "that matter, with what they imply.",
    "structured": "Write the content as 'key: value' lines, one fact per line, no prose.",
    "bullet_points": "Write the summary as bullet points, each line starting with '- '.",
}
_LENGTH_HINTS = {
    "brief": "Be brief: at most 3 sentences or 5 lines.",
    "detailed": "Be detailed: cover every main point in about 8 sentences or lines.",
    "comprehensive": "Be comprehensive: keep every point, figure, date and name.",
}


def extractive_summary(texts: list[str], max_sentences: int = 5) -> str:
    """The most central sentences of `texts`, in their original order, as one paragraph.

    Every text gets its best sentence first while there is room (the engine passes one text per
    step, and no step should go unmentioned), then the best remaining ones; near-repeats are
    left out. Empty input gives an empty string.
    """
    if max_sentences < 1:
        raise ValueError(f"max_sentences must be at least 1, got {max_sentences}")
    items = ex.rank(ex.units([t for t in texts if t and t.strip()]))
    chosen = ex.select(items, max_sentences, cover_sources=True)
    return " ".join(_as_sentence(u.text) for u in chosen)


def _as_sentence(text: str) -> str:
    return text if text[-1:] in ".!?" else text + "."


def _bullets(units: list[ex.Unit]) -> list[str]:
    return [f"- {u.text}" for u in units]


def _fields(text: str, length: str) -> list[tuple[str, str]]:
    pairs = ex.key_values(text)
    known = " ".join(f"{k} {v}" for k, v in pairs).lower()
    for name, values in ex.entities(text).items():
        fresh = [v for v in values if v.lower() not in known]
        if fresh:
            pairs.append((name.capitalize(), ", ".join(fresh[:10])))
    return pairs[: _FIELDS[length]]


def _itinerary(items: list[ex.Unit], length: str) -> list[str]:
    """Timed entries grouped under the date (or day) they fall on, each group in time order."""
    groups: list[tuple[str | None, str, list[tuple[int, int, str]]]] = [(None, "", [])]
    for index, unit in enumerate(items):
        minutes, date = ex.time_of_day(unit.text), ex.date_mention(unit.text)
        is_header = date is not None and minutes is None and len(unit.text.split()) <= 6
        if date and (groups[-1][0] or "").lower() != date.lower():
            existing = next((g for g in groups if (g[0] or "").lower() == date.lower()), None)
            if existing is None:
                groups.append((date, unit.text if is_header else date, []))
            else:
                groups.append(groups.pop(groups.index(existing)))
        if not is_header and (minutes is not None or date is not None):
            groups[-1][2].append((-1 if minutes is None else minutes, index, unit.text))
    lines: list[str] = []
    budget = _ITINERARY_ENTRIES[length]
    for label, header, entries in groups:
        if label is None and not entries:
            continue
        if label is not None:
            lines.append(header.rstrip(":.") + ":")
        for minutes, _, text in sorted(entries)[:budget]:
            when = f"{minutes // 60:02d}:{minutes % 60:02d} " if minutes >= 0 else ""
            lines.append(f"- {when}{text}")
        budget -= min(budget, len(entries))
    return lines


def summarize_offline(text: str, format: str = "summary", length: str = "brief") -> str:
    """An extractive summary of `text` laid out as `format` (see `summarize`)."""
    items = ex.rank(ex.units([text]))
    chosen = ex.select(items, ex.sentence_budget(length, len(items)))
    if format == "summary":
        return " ".join(_as_sentence(u.text) for u in chosen)
    if format == "bullet_points":
        return "\n".join(_bullets(chosen))
    if format == "structured":
        lead = ex.select(items, 1)
        pairs = [("Summary", _as_sentence(lead[0].text))] if lead else []
        pairs += _fields(text, length)
        return "\n".join(f"{k}: {v}" for k, v in pairs)
    if format == "itinerary":
        lines = _itinerary(items, length)
        if not any(line.startswith("- ") for line in lines):
            return "No dated or timed entries found; the main points:\n" + "\n".join(
                _bullets(chosen)
            )
        return "\n".join(lines)
    if format == "report":
        overview = " ".join(_as_sentence(u.text) for u in ex.select(items, 2))
        parts = [f"Overview\n{overview}", "Key points\n" + "\n".join(_bullets(chosen))]
        details = _fields(text, length)
        if details:
            parts.append("Details\n" + "\n".join(f"- {k}: {v}" for k, v in details))
        return "\n\n".join(parts)
    if format == "analysis":
        themes = ", ".join(ex.top_terms(items, 6))
        parts = ["Main points\n" + "\n".join(_bullets(chosen)), f"Key themes: {themes}"]
        facts = [u for u in items if u not in chosen and any(ex.entities(u.text).values())]
        if facts:
            figures = ex.select(facts, ex.sentence_budget(length, len(facts)))
            parts.append("Figures and dates\n" + "\n".join(_bullets(figures)))
        words = sum(len(u.text.split()) for u in items)
        parts.append(f"Scope: {len(items)} sentences, {words} words.")
        return "\n\n".join(parts)
    raise ValueError(f"unknown format {format!r}")


def _cut(text: str) -> tuple[str, bool]:
    if len(text) <= MAX_TEXT_CHARS:
        return text, False
    head = text[:MAX_TEXT_CHARS]
    end = max(head.rfind(". ", MAX_TEXT_CHARS - 2000), head.rfind("\n", MAX_TEXT_CHARS - 2000))
    return (head[: end + 1] if end > 0 else head), True


async def _llm_summary(model: BaseChatModel, text: str, format: str, length: str) -> str:
    from langchain_core.messages import HumanMessage, SystemMessage

    system = (
        "You summarize text for a personal assistant. Use only facts from the text; keep dates, "
        f"times, amounts and names exact. {_INSTRUCTIONS[format]} {_LENGTH_HINTS[length]} "
        "Reply with the summary only."
    )
    reply = await model.ainvoke([SystemMessage(system), HumanMessage(text)])
    content = reply.text if hasattr(reply, "text") else str(reply.content)
    return str(content).strip()


@tool(idempotent=True, tags=("summary", "report", "digest", "condense"))
async def summarize(
    ctx: ToolContext,
    text: str,
    format: Format = "summary",
    length: Length = "brief",
) -> ToolOutput:
    """Summarize a text, such as an earlier step's output, in a chosen format and length.

    Args:
        text: The text to summarize (up to 200,000 characters; the rest is cut).
        format: "summary" (prose), "report" (overview, key points, details), "itinerary"
            (time-ordered lines), "analysis" (points, themes, figures), "structured"
            ("key: value" lines) or "bullet_points" ("- " lines).
        length: "brief" (a few sentences), "detailed" or "comprehensive" (every point).
    """
    if format not in FORMATS or length not in LENGTHS:
        bad, valid = (format, FORMATS) if format not in FORMATS else (length, LENGTHS)
        raise ToolExecutionError(
            f"Unknown {'format' if bad == format else 'length'} {bad!r}; use one of "
            f"{', '.join(valid)}.",
            code=ErrorCode.INVALID_ARGUMENTS,
        )
    if not text or not text.strip():
        raise ToolExecutionError(
            "Nothing to summarize: the text is empty. Pass the text itself, or a reference to "
            "the step whose output should be summarized.",
            code=ErrorCode.INVALID_ARGUMENTS,
        )
    body, truncated = _cut(text)
    notes: list[str] = []
    if truncated:
        notes.append(f"Only the first {len(body):,} of {len(text):,} characters were summarized.")
    model = ctx.runtime.model()
    method = "extractive"
    summary = ""
    if model is not None:
        try:
            summary = await _llm_summary(model, body, format, length)
            method = "llm"
        except Exception as exc:  # the model failing should not lose the summary
            notes.append(f"The language model failed ({type(exc).__name__}); extractive instead.")
    if not summary:
        summary = summarize_offline(body, format, length)
    data: dict[str, Any] = {
        "summary": summary,
        "format": format,
        "length": length,
        "method": method,
        "truncated": truncated,
        "characters": len(text),
    }
    if notes:
        data["notes"] = notes
    display = summary if not notes else summary + "\n\n(" + " ".join(notes) + ")"
    return ToolOutput(data=data, display=display)
