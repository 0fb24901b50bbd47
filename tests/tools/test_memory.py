"""memory.remember / recall / forget / list, driven through the tool specs as the engine does."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from langgraph.store.base import IndexConfig
from langgraph.store.memory import InMemoryStore

from agent_system.errors import ErrorCode, InvalidArgumentsError, ToolExecutionError
from agent_system.registry.spec import ToolContext
from agent_system.runtime import Runtime
from tests.tools.fakes import run_tool as call
from tools import memory
from tools.memory import namespace_for

pytestmark = pytest.mark.anyio
Ctx = Callable[..., ToolContext]


async def test_a_fact_remembered_in_one_thread_is_recalled_in_a_new_thread(context: Ctx) -> None:
    await call(memory.remember, context(thread="t1"), fact="I parked on level 3 of the garage")
    await call(
        memory.remember, context(thread="t1"), fact="remember that my sister's birthday is june 3"
    )
    await call(memory.remember, context(thread="t2"), fact="My favourite tea is sencha")

    out = await call(
        memory.recall, context(thread="brand-new"), query="when is my sister's birthday"
    )

    assert out.data[0]["fact"] == "My sister's birthday is june 3"
    assert "june 3" in (out.display or "")
    assert all(r["fact"] != "My favourite tea is sencha" for r in out.data)


async def test_recall_matches_other_word_forms_and_ranks_by_relevance(context: Ctx) -> None:
    ctx = context()
    await call(memory.remember, ctx, fact="The team meetings are on Mondays at 10")
    await call(memory.remember, ctx, fact="Monday is recycling day")
    await call(memory.remember, ctx, fact="My dentist is Dr. Ruiz")

    out = await call(memory.recall, ctx, query="which meeting is monday", k=2)

    assert [r["fact"] for r in out.data] == [
        "The team meetings are on Mondays at 10",
        "Monday is recycling day",
    ]
    assert out.data[0]["score"] > out.data[1]["score"] > 0


async def test_recall_with_nothing_relevant_returns_an_empty_list(context: Ctx) -> None:
    await call(memory.remember, context(), fact="My dentist is Dr. Ruiz")
    out = await call(memory.recall, context(), query="favourite colour")
    assert out.data == []
    assert "don't remember" in (out.display or "")


async def test_forgetting_by_description_really_deletes_the_fact(
    context: Ctx, runtime: Runtime
) -> None:
    kept = await call(memory.remember, context(), fact="My dentist is Dr. Ruiz")
    gone = await call(memory.remember, context(), fact="My sister's birthday is June 3")

    out = await call(memory.forget, context(thread="other"), memory="my sister's birthday")

    assert out.data["id"] == gone.data["id"]
    assert runtime.store is not None
    assert await runtime.store.aget(namespace_for("alice"), gone.data["id"]) is None
    assert await runtime.store.aget(namespace_for("alice"), kept.data["id"]) is not None
    assert (await call(memory.recall, context(), query="sister birthday")).data == []


async def test_forgetting_by_id_deletes_that_fact(context: Ctx) -> None:
    first = await call(memory.remember, context(), fact="Gate code is 4321")
    await call(memory.forget, context(), memory=first.data["id"])
    assert (await call(memory.list_memories, context())).data == []


async def test_forgetting_an_ambiguous_description_asks_which_one(context: Ctx) -> None:
    await call(memory.remember, context(), fact="Anna's phone number is 555-0101")
    await call(memory.remember, context(), fact="Ben's phone number is 555-0199")

    with pytest.raises(ToolExecutionError) as info:
        await call(memory.forget, context(), memory="phone number")

    assert info.value.code == ErrorCode.NEEDS_INPUT
    assert "Say which one to forget" in info.value.message
    assert len(info.value.details["candidates"]) == 2
    assert len((await call(memory.list_memories, context())).data) == 2


async def test_forgetting_something_never_remembered_is_a_clear_error(context: Ctx) -> None:
    said = "I don't remember anything about 'my car'; ask 'what do you remember'"
    with pytest.raises(ToolExecutionError, match=said):
        await call(memory.forget, context(), memory="my car")


async def test_users_never_see_each_others_memories(context: Ctx) -> None:
    await call(memory.remember, context(user="alice"), fact="My bank PIN hint is the cat's name")

    bob = context(user="bob", thread="thread-1")
    assert (await call(memory.recall, bob, query="bank pin hint")).data == []
    assert (await call(memory.list_memories, bob)).data == []
    with pytest.raises(ToolExecutionError):
        await call(memory.forget, bob, memory="bank pin hint")
    assert (await call(memory.recall, context(user="alice"), query="bank pin")).data


async def test_user_names_with_dots_get_their_own_namespace(context: Ctx) -> None:
    ctx = context(user="ann.lee@example.com")
    await call(memory.remember, ctx, fact="I take the 8:15 train")
    out = await call(memory.recall, ctx, query="train")
    assert out.data[0]["fact"] == "I take the 8:15 train"
    assert namespace_for("ann.lee@example.com") == ("memories", "ann%2Elee@example%2Ecom")
    assert namespace_for(None) == ("memories", "default")


async def test_remembering_the_same_fact_twice_keeps_one_copy(context: Ctx) -> None:
    first = await call(memory.remember, context(), fact="My locker is 42")
    again = await call(memory.remember, context(), fact="remember that my locker is 42")
    assert again.data["id"] == first.data["id"]
    assert again.data["already_known"] is True
    assert len((await call(memory.list_memories, context())).data) == 1


async def test_list_shows_newest_first_with_ids(context: Ctx, runtime: Runtime) -> None:
    for fact in ("First fact here", "Second fact here", "Third fact here"):
        await call(memory.remember, context(), fact=fact)
    out = await call(memory.list_memories, context(), limit=2)
    assert [r["fact"] for r in out.data] == ["Third fact here", "Second fact here"]
    assert all(len(r["id"]) == 12 for r in out.data)


async def test_a_fact_without_content_is_refused(context: Ctx) -> None:
    with pytest.raises(ToolExecutionError, match="Nothing to remember"):
        await call(memory.remember, context(), fact="remember that")
    with pytest.raises(InvalidArgumentsError, match="fact"):
        await call(memory.remember, context(), fact="")


async def test_memory_without_a_store_is_a_clear_error(context: Ctx, runtime: Runtime) -> None:
    runtime.store = None
    with pytest.raises(ToolExecutionError, match="Memory needs a store"):
        await call(memory.recall, context(), query="anything")


def _concept_embed(texts: Sequence[str]) -> list[list[float]]:
    """A toy embedding: words of one concept share a dimension."""
    concepts = [{"sister", "sibling", "brother"}, {"birthday", "born", "anniversary"}, {"tea"}]
    vectors = []
    for text in texts:
        words = set(text.lower().replace("'s", "").split())
        vectors.append([1.0 if words & c else 0.0 for c in concepts] + [0.01])
    return vectors


async def test_a_semantic_index_finds_facts_without_shared_words(
    context: Ctx, runtime: Runtime
) -> None:
    runtime.store = InMemoryStore(index=IndexConfig(dims=4, embed=_concept_embed, fields=["fact"]))
    await call(memory.remember, context(), fact="My sister's birthday is June 3")
    await call(memory.remember, context(), fact="I like green tea")

    out = await call(memory.recall, context(), query="when was my sibling born", k=1)

    assert out.data[0]["fact"] == "My sister's birthday is June 3"


async def test_recall_reads_past_the_first_page_of_the_store(
    context: Ctx, runtime: Runtime
) -> None:
    assert runtime.store is not None
    for n in range(250):
        await runtime.store.aput(namespace_for("alice"), f"k{n:03d}", {"fact": f"Filler fact {n}"})
    await runtime.store.aput(
        namespace_for("alice"), "late", {"fact": "The spare key is in the shed"}
    )

    out = await call(memory.recall, context(), query="where is the spare key", k=1)

    assert out.data[0]["id"] == "late"
    assert len((await call(memory.list_memories, context(), limit=500)).data) == 251


async def test_memories_work_on_the_sqlite_store_used_in_production(
    context: Ctx, runtime: Runtime
) -> None:
    from langgraph.store.sqlite.aio import AsyncSqliteStore

    async with AsyncSqliteStore.from_conn_string(":memory:") as store:
        await store.setup()
        runtime.store = store
        await call(
            memory.remember, context(user="a.b", thread="t1"), fact="My sister's birthday is June 3"
        )
        out = await call(memory.recall, context(user="a.b", thread="t2"), query="sister birthday")
        assert out.data[0]["fact"] == "My sister's birthday is June 3"
        await call(memory.forget, context(user="a.b"), memory=out.data[0]["id"])
        assert (await call(memory.recall, context(user="a.b"), query="sister birthday")).data == []
