"""The step journal: each finished step's result, written the moment it finishes.

Kept in the LangGraph store under ``("journal", <thread label>, plan id)``, the label being the
thread id with ``%``, ``.`` and NUL percent-encoded (store labels may not hold periods): in the
same SQLite file or PostgreSQL database as the checkpoints, so whichever worker resumes a thread
after a crash finds the finished steps and does not run them again (see docs/architecture.md for
why this and not `@task`). A run's entries are cleared once its last checkpoint is saved (by
`AgentSystem`); a thread's when it is deleted.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from langgraph.store.base import GetOp, Item, PutOp

from agent_system.planning.models import ExecutionPlan, StepResult, StepStatus

if TYPE_CHECKING:
    from langgraph.store.base import BaseStore

__all__ = ["FRESH_TURN", "JOURNAL_LABEL", "StepJournal", "decode_label", "store_label"]

JOURNAL_LABEL = "journal"
FRESH_TURN = "__agent_system_fresh_turn"
"""A run's ``configurable`` key (``__``: kept out of checkpoint metadata): True when the run
starts a new turn, not a resume. Its plans are new (a fast reply's id comes from the turn's start
time), so none of their steps can have been journaled before: the journal is not read."""
_DECODED = {"25": "%", "2E": ".", "00": "\x00"}


def store_label(text: str) -> str:
    """`text` as a store namespace label: no periods or NULs, never empty; reversible."""
    label = text.replace("%", "%25").replace(".", "%2E").replace("\x00", "%00")
    return label or "%"


def decode_label(label: str) -> str:
    """The text `store_label` encoded."""
    if label == "%":
        return ""
    return re.sub("%(25|2E|00)", lambda m: _DECODED[m.group(1)], label)


class StepJournal:
    """Finished steps per thread and plan; a no-op without a store or a thread id."""

    def __init__(self, store: BaseStore | None) -> None:
        self.store = store

    @staticmethod
    def _namespace(thread_id: str, plan: ExecutionPlan) -> tuple[str, ...]:
        return (JOURNAL_LABEL, store_label(thread_id), str(plan.id))

    async def finished(
        self, thread_id: str | None, plan: ExecutionPlan, *, more_steps: bool = False
    ) -> dict[str, StepResult]:
        """The steps of `plan` that finished before (a crash, then a resume). `more_steps`: the
        plan is still streaming in, so steps not in it yet are looked for too."""
        if self.store is None or thread_id is None:
            return {}
        namespace = self._namespace(thread_id, plan)
        found: list[Any]
        if more_steps:
            found = await self.store.asearch(namespace, limit=10_000)
        else:  # one read of the plan's keys: a cheaper query than a search of the namespace
            found = await self.store.abatch([GetOp(namespace, step.id) for step in plan.steps])
        results = (StepResult.model_validate(i.value) for i in found if isinstance(i, Item))
        return {r.step_id: r for r in results if r.status == StepStatus.SUCCEEDED}

    async def record(self, thread_id: str | None, plan: ExecutionPlan, result: StepResult) -> None:
        """Write a succeeded step's result (failed steps may run again on resume)."""
        if self.store is None or thread_id is None or result.status != StepStatus.SUCCEEDED:
            return
        await self.store.aput(
            self._namespace(thread_id, plan), result.step_id, result.model_dump(mode="json")
        )

    def entry(self, thread_id: str | None, plan: ExecutionPlan, result: StepResult) -> PutOp | None:
        """The write `record` makes, for a store without a TTL (None: nothing to record)."""
        if thread_id is None or result.status != StepStatus.SUCCEEDED:
            return None
        namespace = self._namespace(thread_id, plan)
        return PutOp(namespace, result.step_id, result.model_dump(mode="json"))

    async def clear(self, thread_id: str | None, plan: ExecutionPlan | dict[str, Any]) -> None:
        """The run is over: drop its entries in one batch (`plan` may be its JSON form)."""
        if self.store is None or thread_id is None:
            return
        await self.store.abatch(self.clearing(thread_id, plan))

    @staticmethod
    def clearing(thread_id: str, plan: ExecutionPlan | dict[str, Any]) -> list[PutOp]:
        """The store operations `clear` runs (to send in one batch with other writes)."""
        if isinstance(plan, ExecutionPlan):
            plan_id, steps = str(plan.id), [step.id for step in plan.steps]
        else:  # the checkpoint's JSON: no need to rebuild the model for its ids
            plan_id, steps = str(plan["id"]), [str(step["id"]) for step in plan.get("steps", ())]
        namespace = (JOURNAL_LABEL, store_label(thread_id), plan_id)
        return [PutOp(namespace, step, None) for step in steps]

    async def delete_thread(self, thread_id: str) -> None:
        """Drop every entry of a thread (it is being deleted)."""
        if self.store is None:
            return
        for namespace in await self.store.alist_namespaces(
            prefix=(JOURNAL_LABEL, store_label(thread_id))
        ):
            items = await self.store.asearch(namespace, limit=10_000)
            await self.store.abatch([PutOp(namespace, item.key, None) for item in items])
