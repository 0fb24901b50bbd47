"""Search tools: web search (SearxNG), local document search (BM25) and definitions.

Every answer cites its sources: `ToolOutput.sources` and "[1] path" in the display text.
"""

from __future__ import annotations

import asyncio
import re
from typing import Annotated

from pydantic import Field

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.runtime import Dependency, Runtime
from roles.search.backend import Hit, SearchBackend, SearxNG
from roles.search.local import LocalSearch
from tools._told import told

__all__ = [
    "DOCUMENTS_KEY",
    "WEB_KEY",
    "define",
    "documents",
    "documents_backend",
    "web",
    "web_backend",
]


def _build_documents(runtime: Runtime) -> LocalSearch:
    settings = runtime.settings
    return LocalSearch(settings.documents_path, settings.home / "index" / "documents.json")


def _build_web(runtime: Runtime) -> SearchBackend | None:
    settings = runtime.settings
    if not settings.searxng_url:
        return None
    return SearxNG(runtime.http, settings.searxng_url, settings.http_timeout_s)


DOCUMENTS: Dependency[SearchBackend] = Dependency(
    "search.documents", _build_documents, description="Search over the user's documents."
)
WEB: Dependency[SearchBackend | None] = Dependency(
    "search.web", _build_web, description="Web search (SearxNG), None when not configured."
)
DOCUMENTS_KEY = DOCUMENTS.name
WEB_KEY = WEB.name


def documents_backend(runtime: Runtime) -> SearchBackend:
    """The local documents backend (BM25 over `settings.documents_path`)."""
    return runtime.get(DOCUMENTS)


def web_backend(runtime: Runtime) -> SearchBackend | None:
    """The web backend (SearxNG), or None when no SearxNG URL is configured."""
    return runtime.get(WEB)


def _notes_folder(runtime: Runtime) -> str:
    """Where the user's notes go, as they would type it."""
    return repr(str(runtime.settings.documents_path))


_SETUP_DETAIL = (
    "web search: agent-system config set searxng_url <SearxNG address> (AGENT_SYSTEM_SEARXNG_URL); "
    "notes: .txt/.md files in documents_dir (AGENT_SYSTEM_DOCUMENTS_DIR)"
)
"""How to set search up, for ``--verbose`` and the logs: replies name no setting."""
WEB_TITLE = "Web search"
"""How replies name the web tools' service ("Web search isn't answering right now; ...")."""


def _unavailable(message: str, runtime: Runtime, **details: str) -> ToolExecutionError:
    """Web search is not set up: one plain sentence, said once.

    No retry and no breaker count (nothing is failing); the setup and the notes folder go in
    the detail, for ``--verbose``.
    """
    detail = f"no web search configured; {_SETUP_DETAIL}; notes folder: {_notes_folder(runtime)}"
    return ToolExecutionError(
        message, code=ErrorCode.NEEDS_INPUT, details={**details, "detail": detail}
    )


def _cited(intro: str, hits: list[Hit]) -> ToolOutput:
    lines = [intro]
    for number, hit in enumerate(hits, start=1):
        where = hit.source or hit.title
        lines.append(f"[{number}] {where}: {hit.snippet or hit.title}")
    return ToolOutput(
        data={"hits": [h.model_dump() for h in hits], "count": len(hits)},
        display="\n".join(lines),
        sources=[h.source for h in hits if h.source],
    )


async def _documents(ctx: ToolContext, query: str, k: int, folder: str | None = None) -> list[Hit]:
    backend = documents_backend(ctx.runtime)
    if isinstance(backend, LocalSearch):
        return await asyncio.to_thread(backend.search_sync, query, k, folder)
    return await backend.search(query, k)


@tool(
    idempotent=True,
    cache_ttl_s=300,
    timeout_s=20,
    tags=("search", "internet", "lookup"),
    title=WEB_TITLE,
)
async def web(
    ctx: ToolContext, query: str, k: Annotated[int, Field(ge=1, le=20)] = 5
) -> ToolOutput:
    """Search the web (through SearxNG) and cite the results.

    A question the user's remembered facts answer (every word of it in one fact) is answered
    from that fact. Without SearxNG configured, searches the local documents instead and says so.

    Args:
        query: What to search for.
        k: How many results to return.
    """
    if said := await told(ctx.runtime.store, ctx.user, query):
        # "where's the spare key?": a fact the user asked to keep answers it, web or not
        return ToolOutput(data={"hits": [], "count": 0, "remembered": said}, display=said)
    backend = web_backend(ctx.runtime)
    if backend is not None:
        hits = await backend.search(query, k)
        if not hits:
            return ToolOutput(data={"hits": [], "count": 0}, display=f"No results for {query!r}.")
        return _cited(f"Results for {query!r}:", hits)
    hits = await _documents(ctx, query, k)
    if hits:
        return _cited(
            f"I can't search the web yet; from your notes, for {query!r}:",
            hits,
        )
    raise _unavailable(
        "I can't search the web yet, and your notes don't answer that.", ctx.runtime, query=query
    )


@tool(timeout_s=30, tags=("search", "notes", "files"), title="The search of your notes")
async def documents(
    ctx: ToolContext,
    query: str,
    k: Annotated[int, Field(ge=1, le=20)] = 5,
    folder: str | None = None,
) -> ToolOutput:
    """Search the user's local documents (.txt and .md notes) and cite the files.

    Args:
        query: What to look for.
        k: How many documents to return.
        folder: Sub-folder of the documents folder to search in, e.g. "work".
    """
    hits = await _documents(ctx, query, k, folder)
    if hits:
        return _cited(f"From your documents, for {query!r}:", hits)
    backend = documents_backend(ctx.runtime)
    if isinstance(backend, LocalSearch) and backend.document_count == 0:
        raise ToolExecutionError(
            "There are no notes to search yet; add .txt or .md files to "
            f"{_notes_folder(ctx.runtime)}.",
            code=ErrorCode.NEEDS_INPUT,
            details={"detail": _SETUP_DETAIL},
        )
    return ToolOutput(
        data={"hits": [], "count": 0},
        display=f"None of your documents mention {query!r}.",
    )


@tool(
    idempotent=True,
    cache_ttl_s=300,
    timeout_s=20,
    tags=("search", "dictionary", "meaning"),
    title=WEB_TITLE,
)
async def define(ctx: ToolContext, term: str) -> ToolOutput:
    """Define a term: from the local documents first, then the web (SearxNG).

    Args:
        term: The word or phrase to define, e.g. "BM25".
    """
    term = term.strip().strip("?\"'")
    for hit in await _documents(ctx, term, 5):
        if sentence := _definition(term, hit.passage or hit.snippet):
            found = hit.model_copy(update={"snippet": sentence})
            return _definition_output(term, found)
    backend = web_backend(ctx.runtime)
    if backend is not None:
        hits = await backend.search(f"define {term}", 3)
        if hits:
            return _definition_output(term, hits[0])
        raise ToolExecutionError(  # a plain "no": the search worked
            f"I couldn't find a definition of {term!r}.", code=ErrorCode.NEEDS_INPUT
        )
    raise _unavailable(
        f"I can't search the web yet, and your notes don't define {term!r}.", ctx.runtime, term=term
    )


def _definition_output(term: str, hit: Hit) -> ToolOutput:
    where = hit.source or hit.title
    return ToolOutput(
        data={"term": term, "definition": hit.snippet, "hit": hit.model_dump()},
        display=f"{hit.snippet} [1]\n[1] {where}",
        sources=[hit.source] if hit.source else [],
    )


def _definition(term: str, text: str) -> str | None:
    """A sentence of `text` that defines `term` ("X is ...", "X: ...", "X means ...")."""
    name = re.escape(term)
    defines = re.compile(
        rf"(?:an?\s+|the\s+)?\**{name}\**\s*(?:\([^)]*\)\s*)?"
        rf"(?:is|are|was|means|refers to|stands for|:|—|-)\s+\S",
        re.IGNORECASE,
    )
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
        sentence = re.sub(r"^[#>*\-\s]+", "", sentence).strip()
        if defines.match(sentence):
            return sentence
    return None
