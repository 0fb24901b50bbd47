"""The fast lane: a fast reply the router decided without an LLM, answered outside LangGraph's
loop and saved as the checkpoints LangGraph's update API would make (graph/_save.py).

Such a turn is one graph step (`route` answers it: graph/_route.py), but LangGraph's loop costs
more CPU than the reply itself: two super-steps (``__start__`` then ``route``), three
checkpoints, two sets of pending writes, a task and a callback manager per node. The lane runs
the same units (`Route.record`, `FastReply.choose` / `run`) directly and saves, as
`update_state` would (but reading nothing: `CheckpointWriter`), exactly the two states the
graph's checkpoints show:

1. before anything runs, the turn's input as the ``__start__`` node's writes (the state the
   graph has after its first step: status ``running``, next ``route``);
2. at the end, the turn's outcome as the ``route`` node's writes (nothing next).

A process killed in between leaves what the graph leaves when killed inside ``route``: resume
and rescue run ``route`` again through the graph, which decides the same, makes the same plan
id and finds the finished step in the step journal (no step runs twice).

Only new turns take the lane, only when the router's decision needs no LLM, and only when the
role's plan needs no approval; anything else runs the graph, handed the decision (`ROUTED` in
graph/_route.py) so the request is not routed twice.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from langgraph.graph import START

from agent_system._sqlite import UPDATE_WITHOUT_WRITES
from agent_system.graph._journal import FRESH_TURN
from agent_system.graph._save import CheckpointWriter
from agent_system.graph._state import AgentState
from agent_system.graph._view import LANE_WRITER, StateView
from agent_system.routing.models import RouteDecision, RouteRequest
from agent_system.understanding._memo import one_request

if TYPE_CHECKING:
    from collections.abc import Callable

    from langchain_core.runnables import RunnableConfig
    from langgraph.checkpoint.base import CheckpointTuple
    from langgraph.graph.state import CompiledStateGraph

    from agent_system._sqlite import SharedConnection
    from agent_system._threadlock import Held
    from agent_system.graph._nodes import Engine

__all__ = ["FastLane", "Lane", "TurnEnd"]


@dataclass
class Lane:
    """A turn the lane takes: its state view, input and first events (not yet sent)."""

    view: StateView
    payload: dict[str, Any]
    config: RunnableConfig
    goto: str
    """``execute`` (run the plan, then finish) or ``synthesize`` (only finish: a question
    back, or a plan that failed validation)."""
    events: list[Any] = field(default_factory=list)
    saved: CheckpointTuple | None = None
    """The thread's last checkpoint (read by `prepare`, then the one `begin` put)."""
    end: TurnEnd | None = None
    """SQLite: the writes that close the turn, saved in one transaction with its end."""


@dataclass
class TurnEnd:
    """The turn's end checkpoint, the store writes closing the turn (the step journal's
    clearing, the thread listing) and the thread's lease release as ONE transaction on the
    connection the checkpointer, store and leases share (`agent_system._sqlite`)."""

    shared: SharedConnection
    store: Any
    """The store on that connection (its sync `batch` joins the transaction)."""
    ops: Callable[[dict[str, Any]], list[Any]]
    """The store writes closing the turn, from its final state."""
    lease: tuple[Callable[[], None], Callable[[], None]] | None = None
    """``(drop, done)`` of the thread's lease (`LeaseThreadLocks.dropping`)."""
    touch: Callable[[], None] | None = None
    """Marks the thread's listing as updated now (nothing if unlisted), written without a
    read."""
    done: bool = False
    """Set once committed: the caller has nothing left to write."""


@dataclass
class FastLane:
    """Runs router-decided fast replies of one `AgentSystem` outside the graph."""

    graph: CompiledStateGraph[AgentState, None, AgentState, AgentState]
    engine: Engine

    async def prepare(
        self,
        payload: dict[str, Any],
        thread: str,
        known: tuple[CheckpointTuple | None, ...] = (),
    ) -> tuple[Lane | None, RouteDecision | asyncio.Task[RouteDecision] | None]:
        """Route the new turn `payload` of `thread` and let the role choose its calls (nothing
        runs, nothing is saved). The lane when it takes the turn, and the router's decision
        when made (the graph is handed it when the lane does not take the turn), or the
        routing started when the router asks an LLM (`Route.route_early`). `known`: the
        thread's last checkpoint (None: a new thread) when the caller read it under the
        thread's lock (then it is not read again); empty: read it here."""
        saver = self.graph.checkpointer
        if saver is None or isinstance(saver, bool):
            return None, None
        nodes = self.engine.nodes
        route = nodes.route
        found = known[0] if known else await CheckpointWriter.of(self.graph).last(thread)
        if found is not None and found.pending_writes:
            return None, None  # writes of a cut-off turn wait to be applied: the graph does that
        values = dict(found.checkpoint.get("channel_values") or {}) if found else {}
        view = StateView(cast("AgentState", {**values, **payload}))
        with one_request():  # the router's stages and the role derive the same forms of it
            request = RouteRequest(text=view.request, history=view.history)
            decision, final = route.decide_first(request)
            if decision is not None and not final:  # the LLM is asked: from here, not the graph
                early = route.route_early(view, decision, thread)
                await asyncio.sleep(0)  # its call goes out before the graph's start is saved
                return None, early
            if decision is None:
                return None, None
            if not route.answers_at_once(decision):
                if route.plan_early(view, decision, thread):
                    await asyncio.sleep(0)  # the planning call goes out first
                return None, decision
            config: RunnableConfig = {"configurable": {"thread_id": thread, FRESH_TURN: True}}
            lane = Lane(view, payload, config, "", saved=found)
            token = LANE_WRITER.set(lane.events.append)
            try:
                route.record(view, decision, config)
                lane.goto = await nodes.fast_reply.choose(view, config)
            finally:
                LANE_WRITER.reset(token)
        if lane.goto not in ("execute", "synthesize"):
            return None, decision  # approval: the graph's `approve` node asks for it
        return lane, decision

    async def begin(self, lane: Lane, held: Held | None = None) -> bool:
        """Save the turn's input (the graph's state after ``__start__``): from here on, a
        crash leaves a running turn that resume and rescue finish.

        With `held`, the thread's lease not taken yet (`Held.lazy`: the turn was routed and
        its role chose under the in-process lock only), and `lane.end` on the lease's
        connection: the lease is taken in the same transaction, and the thread's last
        checkpoint checked again there. False, nothing saved, when another process holds the
        lease or saved a checkpoint of the thread since it was read (the caller takes the lease
        the usual way and starts the turn again)."""
        end = lane.end
        if held is None or held.taken:
            await self._update(lane, lane.payload, START)
            return True
        writer = CheckpointWriter.of(self.graph)
        latest = getattr(writer.saver, "latest", None)
        assert end is not None and latest is not None
        thread = lane.config["configurable"]["thread_id"]
        read = (lane.saved.config["configurable"]["checkpoint_id"], False) if lane.saved else None
        try:
            with end.shared.transaction():
                if not held.grab() or latest(thread) != read:
                    raise _Moved
                lane.saved = writer.save_now(lane.saved, thread, lane.payload, START)
        except _Moved:
            return False
        held.granted()
        return True

    def starts_with_lease(self, lane: Lane, held: Held) -> bool:
        """Whether `begin` can take `held`'s lease in the transaction of the turn's start
        (SQLite: the turn's end, the checkpoints and the leases on one connection)."""
        if held.taken or not held.lazy or lane.end is None or lane.end.shared is not held.shared:
            return False
        writer = CheckpointWriter.of(self.graph)
        return writer.lean and callable(getattr(writer.saver, "latest", None))

    async def run(self, lane: Lane, put: Callable[[tuple[str, Any]], None]) -> None:
        """Run and finish the turn, putting ``("custom", event)`` items as they happen and
        ``("values", state)`` once its end is saved, like ``graph.astream`` does."""

        def send(event: Any) -> None:
            put(("custom", event))

        for event in lane.events:
            send(event)
        token = LANE_WRITER.set(send)
        try:
            fast_reply = self.engine.nodes.fast_reply
            if lane.goto == "execute":
                await fast_reply.run(lane.view, lane.config)
            else:
                await fast_reply.finish(lane.view, lane.config)
        finally:
            LANE_WRITER.reset(token)
        update = lane.view.update()
        await self._end(lane, update)
        put(("values", {**lane.view.state, **update}))

    async def _end(self, lane: Lane, update: dict[str, Any]) -> None:
        """Save the turn's end as ``route``'s writes; with `lane.end`, in one transaction with
        the writes that close the turn (nothing in it awaits)."""
        end = lane.end
        writer = CheckpointWriter.of(self.graph)
        if end is None or not writer.lean:
            await self._update(lane, update, "route")
            return
        thread = lane.config["configurable"]["thread_id"]
        ops = end.ops({**lane.view.state, **update})
        with end.shared.transaction():
            lane.saved = writer.save_now(lane.saved, thread, update, "route")
            if ops:
                end.store.batch(ops)
            if end.touch is not None:
                end.touch()
            if end.lease is not None:
                end.lease[0]()
        if end.lease is not None:
            end.lease[1]()
        end.done = True

    async def _update(self, lane: Lane, values: dict[str, Any], node: str) -> None:
        """Save `values` as `node`'s writes: one checkpoint, no pending writes, put on top of
        the one the lane read or wrote last (graph/_save.py); `update_state` for a graph the
        writer does not cover."""
        writer = CheckpointWriter.of(self.graph)
        if writer.lean:
            thread = lane.config["configurable"]["thread_id"]
            lane.saved = await writer.save(lane.saved, thread, values, node)
            return
        token = UPDATE_WITHOUT_WRITES.set(True)
        try:
            await self.graph.aupdate_state(_config(lane), values, as_node=node)
        finally:
            UPDATE_WITHOUT_WRITES.reset(token)


class _Moved(Exception):
    """The thread's lease is another's, or its last checkpoint is not the one read."""


def _config(lane: Lane | str) -> RunnableConfig:
    thread = lane if isinstance(lane, str) else lane.config["configurable"]["thread_id"]
    return {"configurable": {"thread_id": thread}}
