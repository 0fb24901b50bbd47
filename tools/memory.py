"""Long-term memory: facts a user asked the assistant to keep, shared across that user's threads.

Facts live in the LangGraph store (`ctx.runtime.store`) under the namespace
``("memories", <user>)`` so a fact remembered in one thread is recalled in any other thread of the
same user, and never in another user's. Recall ranks facts lexically (BM25 with light stemming);
when the store has a semantic index configured, its ranking is fused in as well.
"""

from __future__ import annotations

import re
import uuid
from typing import TYPE_CHECKING, Annotated, Any

from langgraph.store.base import PutOp
from pydantic import Field

from agent_system._lazy import lazy_pattern
from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import Approval, ToolContext, ToolOutput, tool
from tools._facts import second_person, subject_of
from tools._text import BM25, terms

if TYPE_CHECKING:
    from langgraph.store.base import BaseStore, Item

__all__ = [
    "MAX_FACT_CHARS",
    "clear",
    "forget",
    "list_memories",
    "namespace_for",
    "recall",
    "remember",
    "said_back",
]

MAX_FACT_CHARS = 2_000
"""Longest fact kept; longer text belongs in a document, not a memory."""
_PAGE = 200
_MAX_MEMORIES = 10_000
_RRF_K = 60.0
_PREFIX = lazy_pattern(
    r"^\s*(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:remember|note|keep in mind)"
    r"(?:\s+that)?[\s:,]+",
    re.IGNORECASE,
)


def namespace_for(user: str | None) -> tuple[str, str]:
    """The store namespace of a user's memories (store labels may not contain dots)."""
    label = (user or "default").replace("%", "%25").replace(".", "%2E") or "default"
    return ("memories", label)


def _store(ctx: ToolContext) -> BaseStore:
    store = ctx.runtime.store
    if store is None:
        raise ToolExecutionError(
            "Memory needs a store, but the runtime has none; build the Runtime with a LangGraph "
            "store (AgentSystem does this from the database settings).",
            recoverable=False,
        )
    return store


def _clean_fact(fact: str) -> str:
    text = _PREFIX.sub("", " ".join(fact.split())).strip()
    return text[:1].upper() + text[1:] if text else text


async def _all_items(store: BaseStore, namespace: tuple[str, ...]) -> list[Item]:
    """Every memory of a namespace, oldest first (paged through the store)."""
    items: list[Item] = []
    offset = 0
    while offset < _MAX_MEMORIES:
        page = await store.asearch(namespace, limit=_PAGE, offset=offset)
        items.extend(i for i in page if tuple(i.namespace) == namespace)
        offset += len(page)
        if len(page) < _PAGE:
            break
    items.sort(key=lambda i: (i.created_at, i.key))
    return items


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


_LOWER_FIRST = frozenset(
    {"you", "your", "yours", "yourself", "you're", "you've", "you'll", "you'd"}
    | {"the", "a", "an", "this", "that", "these", "those", "our", "we", "there", "it", "it's"}
)
"""First words said in lower case inside a sentence (a fact is kept with a capital first)."""


def said_back(fact: str) -> str:
    """A fact as said back inside a sentence: "My code is 4512" -> "your code is 4512"."""
    said = second_person(fact).rstrip(".!")
    first = said.split(maxsplit=1)[0] if said else ""
    return _lower_first(said) if first.lower() in _LOWER_FIRST else said


def _kept(fact: str, before: str | None = None) -> str:
    """The reply to a fact kept: "Got it, I'll remember that your code is 4512."."""
    instead = f" (instead of: {said_back(before)})" if before else ""
    return f"Got it, I'll remember that {said_back(fact)}{instead}."


_ASKED_THING = lazy_pattern(
    r"(?i)^(?:(?:do\s+you\s+(?:know|remember)|(?:can\s+you\s+)?tell\s+me)\s+)?"
    r"(?:(?P<how>where|when|who)|what|which)(?:'s|\s+(?P<verb>is|are|was|were))\s+"
    r"(?=(?:my|our)\s+\w)"
)
"""The question words before the thing asked: "what's my wifi password" -> "my wifi password"."""


def _not_known(query: str) -> str | None:
    """What the assistant does not know yet, said back, for a question about the user's own thing.

    "I don't know your wifi password yet." / "I don't know where your passport is yet."; else
    None.
    """
    asked = query.strip().rstrip("?!. ")
    if re.match(r"(?i)(?:my|our)\s+\w", asked):  # "my favourite colour"
        return f"I don't know {_lower_first(second_person(asked))} yet."
    found = _ASKED_THING.match(asked)
    if found is None:
        return None
    thing = _lower_first(second_person(asked[found.end() :]))
    if found["how"]:
        return f"I don't know {found['how'].lower()} {thing} {found['verb'] or 'is'} yet."
    return f"I don't know {thing} yet."


_THING = lazy_pattern(r"(?i)^(?:my|our|the)\s+[\w' -]+$")
_VERB = lazy_pattern(r"(?i)\b(?:is|are|was|were|am|has|have|had|lives?|parked|left|put|kept)\b")


def _forgotten(memory: str, fact: str) -> str:
    """The reply to a fact forgotten: "OK, I've forgotten your wifi password.".

    For "forget my wifi password"; the fact itself, said back, for any other description
    ("OK, I've forgotten that you parked on level 3.").
    """
    asked = memory.strip().rstrip("?!. ")
    if _THING.match(asked) and not _VERB.search(asked):
        return f"OK, I've forgotten {_lower_first(second_person(asked))}."
    return f"OK, I've forgotten that {said_back(fact)}."


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _as_record(item: Item, score: float | None = None) -> dict[str, Any]:
    record: dict[str, Any] = {
        "id": item.key,
        "fact": item.value.get("fact", ""),
        "created_at": item.value.get("created_at") or item.created_at.isoformat(),
    }
    if score is not None:
        record["score"] = round(score, 4)
    return record


async def _rank(
    store: BaseStore, namespace: tuple[str, ...], items: list[Item], query: str
) -> list[tuple[Item, float]]:
    """Items that match `query`, best first: BM25, fused with semantic search when indexed."""
    lexical = BM25([str(i.value.get("fact", "")) for i in items]).scores(query)
    ranked = sorted(
        ((item, score) for item, score in zip(items, lexical, strict=True) if score > 0),
        key=lambda pair: -pair[1],
    )
    if getattr(store, "index_config", None) is None:
        return ranked
    # Reciprocal rank fusion: robust to the two scores living on different scales.
    semantic = await store.asearch(namespace, query=query, limit=20)
    fused: dict[str, float] = {}
    by_key = {item.key: item for item in items}
    for rank, (item, _) in enumerate(ranked):
        fused[item.key] = fused.get(item.key, 0.0) + 1.0 / (_RRF_K + rank + 1)
    for rank, hit in enumerate(h for h in semantic if h.key in by_key and (h.score or 0) > 0):
        fused[hit.key] = fused.get(hit.key, 0.0) + 1.0 / (_RRF_K + rank + 1)
    return sorted(((by_key[k], s) for k, s in fused.items()), key=lambda pair: -pair[1])


@tool(side_effects="reversible", tags=("memory", "personal"), examples=("remember that ...",))
async def remember(
    ctx: ToolContext,
    fact: Annotated[str, Field(min_length=1, max_length=MAX_FACT_CHARS)],
) -> ToolOutput:
    """Remember a fact about the user for later conversations.

    Use this when the user asks you to remember, note or keep something in mind. The fact is
    kept across conversations until the user asks to forget it.

    Args:
        fact: The fact to keep, as a self-contained sentence, e.g.
            "My sister's birthday is June 3".
    """
    cleaned = _clean_fact(fact)
    if not terms(cleaned):
        raise ToolExecutionError(
            f"Nothing to remember in {fact!r}; say the fact itself, e.g. "
            "'remember that my sister's birthday is June 3'.",
            code=ErrorCode.INVALID_ARGUMENTS,
        )
    store = _store(ctx)
    namespace = namespace_for(ctx.user)
    step_key = ctx.idempotency_key
    key = step_key[-12:] if step_key else uuid.uuid4().hex[:12]
    if step_key and (earlier := await store.aget(namespace, key)) is not None:  # a resumed step
        return ToolOutput(
            data={
                "id": key,
                "fact": earlier.value.get("fact"),
                "created_at": earlier.value.get("created_at"),
            },
            display=_kept(str(earlier.value.get("fact", ""))),
        )
    subject, replaced = subject_of(cleaned), None
    for item in await _all_items(store, namespace):
        known = str(item.value.get("fact", ""))
        if known.casefold() == cleaned.casefold():
            return ToolOutput(
                data={**_as_record(item), "already_known": True},
                display=f"I already know that {said_back(cleaned)}.",
            )
        if subject is not None and subject_of(known) == subject:
            replaced = item  # "my wifi password is X" after "... is Y": the new value wins
    value = {
        "fact": cleaned,
        "created_at": ctx.runtime.clock.now().isoformat(),
        "thread_id": ctx.thread_id,
    }
    if replaced is None:
        await store.aput(namespace, key, value)
        return ToolOutput(
            data={"id": key, "fact": cleaned, "created_at": value["created_at"]},
            display=_kept(cleaned),
        )
    await store.abatch([PutOp(namespace, replaced.key, None), PutOp(namespace, key, value)])
    before = str(replaced.value.get("fact", ""))
    return ToolOutput(
        data={"id": key, "fact": cleaned, "created_at": value["created_at"], "replaced": before},
        display=_kept(cleaned, before),
    )


@tool(
    idempotent=True,
    cache_ttl_s=0.0,
    tags=("memory", "personal"),
    examples=("what do you remember about ...", "when is my sister's birthday"),
)
async def recall(
    ctx: ToolContext,
    query: Annotated[str, Field(min_length=1, max_length=MAX_FACT_CHARS)],
    k: Annotated[int, Field(ge=1, le=50)] = 5,
) -> ToolOutput:
    """Find remembered facts about the user that answer a question.

    Args:
        query: What to look for, e.g. "when is my sister's birthday".
        k: How many facts to return at most, best match first.
    """
    store = _store(ctx)
    namespace = namespace_for(ctx.user)
    ranked = (await _rank(store, namespace, await _all_items(store, namespace), query))[:k]
    records = [_as_record(item, score) for item, score in ranked]
    if not records:
        if (unknown := _not_known(query)) is not None:  # "I don't know your wifi password yet."
            return ToolOutput(data=[], display=unknown)
        return ToolOutput(data=[], display=f"I don't remember anything about {query!r}.")
    if len(records) == 1 or records[0]["score"] >= 2 * records[1]["score"]:
        return ToolOutput(data=records, display=_sentence(second_person(records[0]["fact"])))
    lines = "\n".join(f"- {second_person(r['fact'])}" for r in records)
    return ToolOutput(data=records, display=f"Here is what I remember:\n{lines}")


@tool(side_effects="irreversible", tags=("memory", "personal"), examples=("forget that ...",))
async def forget(
    ctx: ToolContext,
    memory: Annotated[str, Field(min_length=1, max_length=MAX_FACT_CHARS)],
) -> ToolOutput:
    """Delete one remembered fact, by its id or by describing it.

    Args:
        memory: The id of the memory (from memory.recall or memory.list), or words that
            describe it, e.g. "my sister's birthday".
    """
    store = _store(ctx)
    namespace = namespace_for(ctx.user)
    step_key = ctx.idempotency_key
    forgotten = (*namespace, "forgotten")  # what each step forgot: a resumed step finds it here
    if step_key and (earlier := await store.aget(forgotten, step_key)) is not None:
        return ToolOutput(data=earlier.value, display="Forgotten.")  # the fact itself is gone
    items = await _all_items(store, namespace)
    target = next((i for i in items if i.key == memory.strip()), None)
    if target is None:
        ranked = await _rank(store, namespace, items, memory)
        if not ranked:
            raise ToolExecutionError(
                f"I don't remember anything about {memory!r}; ask 'what do you remember' to hear "
                "everything I keep.",
                code=ErrorCode.INVALID_ARGUMENTS,
            )
        if len(ranked) > 1 and ranked[1][1] >= 0.9 * ranked[0][1]:
            options = "; ".join(
                f"{n}) {second_person(str(i.value.get('fact', '')))}"
                for n, (i, _) in enumerate(ranked[:5], 1)
            )
            raise ToolExecutionError(
                f"Several things I remember match {memory!r}: {options}. Say which one to forget, "
                "e.g. 'forget " + str(ranked[0][0].value.get("fact", "")).lower() + "'.",
                code=ErrorCode.NEEDS_INPUT,
                details={"candidates": [_as_record(i) for i, _ in ranked[:5]]},
            )
        target = ranked[0][0]
    fact = str(target.value.get("fact", ""))
    output = ToolOutput(data={"id": target.key, "fact": fact}, display=_forgotten(memory, fact))
    ops: list[PutOp] = [PutOp(namespace, target.key, None)]
    if step_key:  # one batch: the deletion and its record commit together
        ops.append(PutOp(forgotten, step_key, {"id": target.key}))
    await store.abatch(ops)
    return output


@tool(
    name="memory.list",
    idempotent=True,
    cache_ttl_s=0.0,
    tags=("memory", "personal"),
    examples=("what do you remember about me",),
)
async def list_memories(
    ctx: ToolContext,
    limit: Annotated[int, Field(ge=1, le=500)] = 50,
) -> ToolOutput:
    """List the facts remembered about the user, newest first.

    Args:
        limit: How many facts to list at most.
    """
    store = _store(ctx)
    items = (await _all_items(store, namespace_for(ctx.user)))[::-1][:limit]
    records = [_as_record(item) for item in items]
    if not records:
        return ToolOutput(data=[], display="I haven't been asked to remember anything yet.")
    lines = "\n".join(f"- {second_person(r['fact'])}" for r in records)
    count = "one thing" if len(records) == 1 else f"{len(records)} things"
    return ToolOutput(data=records, display=f"I remember {count}:\n{lines}")


async def _anything_to_clear(ctx: ToolContext) -> Approval:
    """The question asked before wiping the memory; nobody approves wiping an empty one."""
    items = await _all_items(_store(ctx), namespace_for(ctx.user))
    if not items:
        raise ToolExecutionError(
            "I haven't been asked to remember anything, so there is nothing to forget.",
            code=ErrorCode.NEEDS_INPUT,
        )
    count = "the one thing" if len(items) == 1 else f"all {len(items)} things"
    return Approval(
        f"This forgets {count} I remember about you. Go ahead?",
        declined="OK, I still remember everything.",
    )


@tool(
    name="memory.clear",
    side_effects="irreversible",
    requires_approval=True,
    precheck=_anything_to_clear,
    tags=("memory", "personal"),
    examples=("forget everything you know about me",),
)
async def clear(ctx: ToolContext) -> ToolOutput:
    """Forget every fact remembered about the user (asks the user to approve first)."""
    store = _store(ctx)
    namespace = namespace_for(ctx.user)
    items = await _all_items(store, namespace)
    if items:
        await store.abatch([PutOp(namespace, item.key, None) for item in items])
    gone = "one thing" if len(items) == 1 else f"all {len(items)} things"
    return ToolOutput(
        data={"forgotten": len(items)},
        display=f"Forgotten {gone} I remembered." if items else "There was nothing to forget.",
    )
