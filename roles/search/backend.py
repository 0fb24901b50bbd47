"""Search backends: the `SearchBackend` protocol, `Hit`, and SearxNG's JSON API.

The local documents backend lives in `roles.search.local`.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol, runtime_checkable

import httpx
from pydantic import BaseModel

from agent_system.errors import ToolExecutionError
from roles._http import malformed, request_json

__all__ = ["Hit", "SearchBackend", "SearxNG"]

SERVICE = "web search service"
"""How replies name SearxNG: users are told what happened, never which program runs it."""
_HINTS = {
    403: (
        "The web search service refused my search; whoever set it up needs to let it answer "
        "in JSON.",
        "SearxNG refuses JSON: add 'json' to search.formats in its settings.yml",
    ),
    429: (
        "The web search service is busy right now; try again in a minute.",
        "SearxNG is rate limiting this client",
    ),
}
"""Plain replies for statuses a user can act on, and the technical fix (``--verbose``)."""


class Hit(BaseModel):
    """One search result. `source` is a path relative to the documents folder, or a URL."""

    title: str
    source: str
    snippet: str
    score: float = 0.0
    kind: Literal["document", "web", "answer"] = "document"
    """"answer": a direct answer or infobox (definitions), listed before ordinary results."""
    line: int | None = None
    """First line of the matching passage, for documents."""
    passage: str = ""
    """The whole matching passage (documents), for definitions; not shown to the user."""


@runtime_checkable
class SearchBackend(Protocol):
    """Anything that searches. Install a fake with ``runtime.provide("search.web", x)``."""

    async def search(self, query: str, k: int) -> list[Hit]:
        """The best `k` hits for `query`, best first (direct answers first)."""
        ...


class SearxNG:
    """A SearxNG instance (``GET /search?q=...&format=json``)."""

    def __init__(self, http: httpx.AsyncClient, url: str, timeout_s: float) -> None:
        self.http = http
        self.url = url.rstrip("/")
        self.timeout_s = timeout_s

    async def search(self, query: str, k: int) -> list[Hit]:
        """Direct answers and infoboxes first, then up to `k` web results."""
        try:
            body = await request_json(
                self.http,
                "GET",
                f"{self.url}/search",
                service=SERVICE,
                timeout_s=self.timeout_s,
                params={"q": query, "format": "json"},
            )
        except ToolExecutionError as exc:
            if (hint := _HINTS.get(exc.details.get("status", 0))) is None:
                raise
            message, fix = hint
            detail = f"{exc.details.get('detail', '')}: {fix}".lstrip(": ")
            raise ToolExecutionError(message, details={**exc.details, "detail": detail}) from None
        if not isinstance(body, dict) or not isinstance(body.get("results", []), list):
            raise malformed(SERVICE, "no 'results' list")
        hits = [*_answers(body), *_results(body["results"] if "results" in body else [])]
        answers = [h for h in hits if h.kind == "answer"]
        return answers + [h for h in hits if h.kind == "web"][:k]


def _answers(body: dict[str, Any]) -> list[Hit]:
    hits: list[Hit] = []
    for box in body.get("infoboxes") or []:
        if isinstance(box, dict) and box.get("content"):
            urls = box.get("urls") or []
            url = box.get("id") or (
                urls[0].get("url") if urls and isinstance(urls[0], dict) else ""
            )
            hits.append(
                Hit(
                    title=str(box.get("infobox") or "Answer"),
                    source=str(url or ""),
                    snippet=_short(str(box["content"])),
                    kind="answer",
                )
            )
    for answer in body.get("answers") or []:
        text = answer.get("answer") if isinstance(answer, dict) else answer
        if isinstance(text, str) and text.strip():
            url = answer.get("url", "") if isinstance(answer, dict) else ""
            hits.append(
                Hit(title="Answer", source=str(url or ""), snippet=_short(text), kind="answer")
            )
    return hits


def _results(items: list[Any]) -> list[Hit]:
    hits: list[Hit] = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("url"), str):
            continue
        hits.append(
            Hit(
                title=str(item.get("title") or item["url"]),
                source=item["url"],
                snippet=_short(str(item.get("content") or "")),
                score=float(item.get("score") or 0.0),
                kind="web",
            )
        )
    return hits


def _short(text: str, limit: int = 280) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"
