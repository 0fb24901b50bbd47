"""A question the user's own remembered facts answer, answered from them before any search.

After "remember that the spare key is under the blue pot", "where's the spare key?" is a question
about the user's things, not the web's: every word of it that carries meaning ("spare", "key")
is in a fact the user asked to keep, so that fact is the answer. A question with a word no fact
holds ("who wrote dune" beside "my favourite book is dune": "wrote") is searched for as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_system.registry.spec import ToolOutput
from tools._facts import second_person
from tools._text import BM25, terms
from tools.memory import namespace_for

if TYPE_CHECKING:
    from agent_system.registry.spec import ToolContext

__all__ = ["remembered"]

_MOST = 500
"""Facts read at most: a user's memories are few; a search must not page through thousands."""


async def remembered(ctx: ToolContext, question: str) -> ToolOutput | None:
    """The remembered fact that holds every meaningful word of `question`, else None."""
    store = ctx.runtime.store
    asked = set(terms(question))
    if store is None or not asked:
        return None
    namespace = namespace_for(ctx.user)
    items = await store.asearch(namespace, limit=_MOST)
    facts = [str(i.value.get("fact", "")) for i in items if tuple(i.namespace) == namespace]
    holding = [fact for fact in facts if asked <= set(terms(fact))]
    if not holding:
        return None
    scores = BM25(holding).scores(question)
    best = max(zip(scores, holding, strict=True))[1]
    said = second_person(best).rstrip()
    return ToolOutput(
        data={"fact": best, "from": "memory"},
        display=said if said.endswith((".", "!", "?")) else f"{said}.",
    )
