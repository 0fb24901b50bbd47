"""The search role: local BM25 over documents, SearxNG over respx, definitions, interpret()."""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolContext
from agent_system.roles import Clarification, RoleCall
from agent_system.routing.models import Turn
from agent_system.runtime import Runtime
from agent_system.testing import make_runtime, make_settings
from roles.search import tools
from roles.search.local import LocalSearch
from roles.search.role import ROLE

SEARX = "http://searx.local:8888"


async def call(name: str, args: dict[str, Any], runtime: Runtime) -> Any:
    spec = getattr(tools, name).__tool_spec__
    return await spec.ainvoke(args, ToolContext(runtime=runtime))


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    (folder / "work").mkdir(parents=True)
    (folder / "langgraph.md").write_text(
        "# LangGraph notes\n\nLangGraph is a library for building stateful agent graphs.\n\n"
        "Checkpointers save the graph state after every super-step.\n"
    )
    (folder / "cooking.txt").write_text(
        "Bread needs flour, water, salt and yeast.\n\nBake the bread at 230 degrees.\n"
    )
    (folder / "work" / "bm25.md").write_text(
        "# Ranking\n\nBM25 is a ranking function used by search engines to score documents.\n"
        "It ranks documents by term frequency and inverse document frequency.\n"
    )
    (folder / "image.png").write_bytes(b"\x89PNG")
    return folder


def docs_runtime(tmp_path: Path, docs: Path, **overrides: Any) -> Runtime:
    return make_runtime(make_settings(home=tmp_path / "home", documents_dir=docs, **overrides))


# --- local documents ------------------------------------------------------------------------


@pytest.mark.anyio
async def test_documents_are_ranked_by_bm25_and_cited(tmp_path: Path, docs: Path) -> None:
    out = await call(
        "documents",
        {"query": "how do checkpointers save graph state"},
        docs_runtime(tmp_path, docs),
    )

    assert out.sources[0] == "langgraph.md"
    assert out.display.splitlines()[1].startswith("[1] langgraph.md: ")
    assert "Checkpointers save the graph state" in out.display
    assert out.data["hits"][0]["title"] == "LangGraph notes"


def test_documents_matching_more_query_terms_rank_higher(tmp_path: Path, docs: Path) -> None:
    index = LocalSearch(docs, tmp_path / "index.json")

    hits = index.search_sync("graph state checkpointers bread", 5)

    assert [h.source for h in hits] == ["langgraph.md", "cooking.txt"]
    assert hits[0].score > hits[1].score > 0
    assert index.search_sync("xylophone", 5) == []


def test_the_index_is_persisted_and_unchanged_files_are_not_read_again(
    tmp_path: Path, docs: Path
) -> None:
    first = LocalSearch(docs, tmp_path / "index.json")
    first.search_sync("bread", 3)
    assert first.reads == 3
    assert (tmp_path / "index.json").exists()

    second = LocalSearch(docs, tmp_path / "index.json")
    hits = second.search_sync("bread", 3)

    assert second.reads == 0
    assert hits[0].source == "cooking.txt"


def test_the_index_follows_edits_new_files_and_deletions(tmp_path: Path, docs: Path) -> None:
    index = LocalSearch(docs, tmp_path / "index.json")
    assert index.search_sync("sourdough", 3) == []

    cooking = docs / "cooking.txt"
    cooking.write_text("Sourdough uses a starter instead of yeast.\n")
    stat = cooking.stat()
    os.utime(cooking, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    (docs / "new.md").write_text("Kombucha is fermented tea.\n")
    (docs / "langgraph.md").unlink()

    assert index.search_sync("sourdough", 3)[0].source == "cooking.txt"
    assert index.search_sync("kombucha", 3)[0].source == "new.md"
    assert index.search_sync("checkpointers", 3) == []
    assert index.reads == 3 + 2


@pytest.mark.anyio
async def test_a_folder_narrows_the_search(tmp_path: Path, docs: Path) -> None:
    out = await call(
        "documents", {"query": "documents ranking", "folder": "work"}, docs_runtime(tmp_path, docs)
    )

    assert out.sources == ["work/bm25.md"]


@pytest.mark.anyio
@pytest.mark.parametrize("folder", ["../", "work/../../", "/etc", "../home"])
async def test_a_folder_outside_the_documents_is_refused(
    tmp_path: Path, docs: Path, folder: str
) -> None:
    with pytest.raises(ToolExecutionError, match="outside the documents folder"):
        await call("documents", {"query": "x", "folder": folder}, docs_runtime(tmp_path, docs))


def test_a_symlink_pointing_outside_the_folder_is_never_read(tmp_path: Path, docs: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("password hunter2\n")
    (docs / "leak.txt").symlink_to(secret)

    index = LocalSearch(docs, tmp_path / "index.json")

    assert index.search_sync("password hunter2", 5) == []


_SETUP_WORDS = ("config", "searxng", "agent_system", "setting", "env", "tool", "-v")
"""What a reply to a user never names: settings, variables, programs, flags."""


def _plain(message: str) -> bool:
    """One plain sentence naming no setting, variable or program."""
    lowered = message.lower()
    return (
        not any(word in lowered for word in _SETUP_WORDS)
        and message.count(". ") == 0
        and message.endswith(".")
    )


@pytest.mark.anyio
async def test_no_documents_and_no_web_search_say_plainly_what_the_user_can_do(
    tmp_path: Path,
) -> None:
    runtime = docs_runtime(tmp_path, tmp_path / "empty")
    folder = repr(str(tmp_path / "empty"))
    with pytest.raises(ToolExecutionError) as info:
        await call("documents", {"query": "anything"}, runtime)
    assert (
        info.value.message
        == f"There are no notes to search yet; add .txt or .md files to {folder}."
    )
    assert _plain(info.value.message)
    # --verbose and the logs keep how to set it up
    assert "AGENT_SYSTEM_DOCUMENTS_DIR" in info.value.details["detail"]
    assert "config set searxng_url" in info.value.details["detail"]

    with pytest.raises(ToolExecutionError) as web_info:
        await call("web", {"query": "who wrote dune"}, runtime)
    assert web_info.value.message == (
        "I can't search the web yet, and your notes don't answer that."
    )
    assert _plain(web_info.value.message)
    assert "AGENT_SYSTEM_SEARXNG_URL" in web_info.value.details["detail"]
    assert folder in web_info.value.details["detail"]  # the notes folder, for --verbose
    with pytest.raises(ToolExecutionError) as define_info:
        await call("define", {"term": "anything"}, runtime)
    assert define_info.value.message == (
        "I can't search the web yet, and your notes don't define 'anything'."
    )
    assert _plain(define_info.value.message)
    assert "searxng_url" in define_info.value.details["detail"]
    # not set up is no failure: said once, no retry, no breaker count
    assert {web_info.value.code, define_info.value.code, info.value.code} == {ErrorCode.NEEDS_INPUT}


@pytest.mark.anyio
async def test_documents_without_a_match_say_so(tmp_path: Path, docs: Path) -> None:
    out = await call("documents", {"query": "xylophone"}, docs_runtime(tmp_path, docs))

    assert out.display == "None of your documents mention 'xylophone'."


@pytest.mark.anyio
async def test_web_search_without_searxng_falls_back_to_documents_and_says_so(
    tmp_path: Path, docs: Path
) -> None:
    out = await call("web", {"query": "bread yeast"}, docs_runtime(tmp_path, docs))

    assert out.display.startswith("I can't search the web yet; from your notes")
    assert out.sources == ["cooking.txt"]


@pytest.mark.anyio
async def test_define_finds_a_defining_sentence_in_the_documents(
    tmp_path: Path, docs: Path
) -> None:
    out = await call("define", {"term": "BM25"}, docs_runtime(tmp_path, docs))

    assert out.data["definition"] == (
        "BM25 is a ranking function used by search engines to score documents."
    )
    assert out.display.endswith("[1]\n[1] work/bm25.md")
    assert out.sources == ["work/bm25.md"]


# --- SearxNG --------------------------------------------------------------------------------

SEARX_BODY = {
    "query": "langgraph",
    "results": [
        {
            "url": "https://langchain-ai.github.io/langgraph/",
            "title": "LangGraph",
            "content": "Build resilient agents.",
            "score": 2.0,
        },
        {
            "url": "https://pypi.org/project/langgraph/",
            "title": "langgraph · PyPI",
            "content": "Library for stateful graphs.",
            "score": 1.0,
        },
        {"title": "no url, skipped"},
    ],
    "answers": [],
    "infoboxes": [],
}


def searx_runtime(tmp_path: Path) -> Runtime:
    return make_runtime(make_settings(home=tmp_path / "home", searxng_url=SEARX))


@pytest.mark.anyio
@respx.mock
async def test_web_search_asks_searxng_for_json_and_cites_the_urls(tmp_path: Path) -> None:
    route = respx.get(f"{SEARX}/search").mock(return_value=httpx.Response(200, json=SEARX_BODY))

    out = await call("web", {"query": "langgraph", "k": 5}, searx_runtime(tmp_path))

    assert route.calls.last.request.url.params["format"] == "json"
    assert route.calls.last.request.url.params["q"] == "langgraph"
    assert out.sources == [
        "https://langchain-ai.github.io/langgraph/",
        "https://pypi.org/project/langgraph/",
    ]
    assert out.display.splitlines() == [
        "Results for 'langgraph':",
        "[1] https://langchain-ai.github.io/langgraph/: Build resilient agents.",
        "[2] https://pypi.org/project/langgraph/: Library for stateful graphs.",
    ]


@pytest.mark.anyio
@respx.mock
async def test_web_search_keeps_only_k_results(tmp_path: Path) -> None:
    respx.get(f"{SEARX}/search").mock(return_value=httpx.Response(200, json=SEARX_BODY))

    out = await call("web", {"query": "langgraph", "k": 1}, searx_runtime(tmp_path))

    assert out.data["count"] == 1


@pytest.mark.anyio
@respx.mock
async def test_define_uses_the_searxng_infobox_when_documents_have_none(tmp_path: Path) -> None:
    body = {
        "results": SEARX_BODY["results"],
        "infoboxes": [
            {
                "infobox": "Serendipity",
                "id": "https://en.wikipedia.org/wiki/Serendipity",
                "content": "Serendipity is an unplanned fortunate discovery.",
            }
        ],
    }
    route = respx.get(f"{SEARX}/search").mock(return_value=httpx.Response(200, json=body))

    out = await call("define", {"term": "serendipity"}, searx_runtime(tmp_path))

    assert route.calls.last.request.url.params["q"] == "define serendipity"
    assert out.data["definition"] == "Serendipity is an unplanned fortunate discovery."
    assert out.sources == ["https://en.wikipedia.org/wiki/Serendipity"]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("mock", "said", "expected"),
    [
        (
            {"return_value": httpx.Response(403, text="Forbidden")},
            "The web search service refused my search; whoever set it up needs to let it "
            "answer in JSON.",
            "add 'json' to search.formats",
        ),
        (
            {"return_value": httpx.Response(429)},
            "The web search service is busy right now; try again in a minute.",
            "rate limiting",
        ),
        (
            {"return_value": httpx.Response(502)},
            "The web search service answered with an error (HTTP 502).",
            "HTTP 502 from searx.local",
        ),
        (
            {"side_effect": httpx.ReadTimeout("slow")},
            "The web search service did not answer in time; try again in a moment.",
            "no answer from searx.local",
        ),
        (
            {"side_effect": httpx.ConnectError("refused")},
            "I couldn't reach the web search service (are you offline?).",
            "could not connect to searx.local",
        ),
        (
            {"return_value": httpx.Response(200, text="<html>")},
            "The web search service sent a reply I couldn't read.",
            "not JSON",
        ),
        (
            {"return_value": httpx.Response(200, json={"results": "nope"})},
            "The web search service sent a reply I couldn't read.",
            "malformed reply",
        ),
    ],
)
async def test_searxng_failures_become_plain_sentences_with_the_detail_for_verbose(
    tmp_path: Path, mock: dict[str, Any], said: str, expected: str
) -> None:
    with respx.mock:
        respx.get(f"{SEARX}/search").mock(**mock)
        with pytest.raises(ToolExecutionError) as info:
            await call("web", {"query": "x"}, searx_runtime(tmp_path))
    assert info.value.message == said
    assert _plain(said)
    assert expected in info.value.details["detail"]


# --- interpret ------------------------------------------------------------------------------


@functools.cache
def shared_runtime() -> Runtime:
    return make_runtime()


def interpret(text: str, history: list[Turn] | None = None, runtime: Runtime | None = None) -> Any:
    return ROLE.interpret(text, {}, runtime or shared_runtime(), history or [])


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("search the web for langgraph checkpointers", "web", {"query": "langgraph checkpointers"}),
        ("google the population of Iceland", "web", {"query": "population of Iceland"}),
        ("search my notes for the project deadline", "documents", {"query": "project deadline"}),
        ("what do my notes say about onboarding", "documents", {"query": "onboarding"}),
        ("define serendipity", "define", {"term": "serendipity"}),
        ("what does idempotent mean?", "define", {"term": "idempotent"}),
        ("what is BM25", "define", {"term": "BM25"}),
    ],
)
def test_interpret_picks_the_search_tool(text: str, tool: str, arguments: dict[str, Any]) -> None:
    assert interpret(text) == RoleCall(f"search.{tool}", arguments)


def test_a_plain_search_or_factual_question_goes_to_the_web_tool_configured_or_not(
    tmp_path: Path,
) -> None:
    # search.web answers from the local documents when SearxNG is not configured
    assert interpret("search for rust async runtimes").tool == "search.web"
    assert interpret("who wrote Dune") == RoleCall("search.web", {"query": "who wrote Dune"})
    with_searx = make_runtime(make_settings(searxng_url=SEARX))
    assert interpret("search for rust async runtimes", runtime=with_searx).tool == "search.web"
    assert interpret("search my notes for rust").tool == "search.documents"


def test_a_follow_up_reuses_the_previous_search_tool() -> None:
    history = [Turn(text="define serendipity", role="search")]
    assert interpret("and ubiquitous?", history) == RoleCall(
        "search.define", {"term": "ubiquitous"}
    )


def test_an_empty_search_asks_what_to_search_for() -> None:
    result = interpret("search")
    assert isinstance(result, Clarification)
    assert result.missing == ("query",)


def test_every_example_interprets_to_a_search_tool() -> None:
    assert len(ROLE.examples) >= 20
    for example in ROLE.examples:
        result = interpret(example)
        assert isinstance(result, RoleCall) and result.tool.startswith("search."), example


def test_the_package_exports_its_public_names() -> None:
    import roles.search

    assert sorted(roles.search.__all__) == [
        "Hit",
        "LocalSearch",
        "ROLE",
        "SearchBackend",
        "SearchRole",
        "SearxNG",
    ]
    assert all(hasattr(roles.search, name) for name in roles.search.__all__)
