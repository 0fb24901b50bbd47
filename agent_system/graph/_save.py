"""Saving a node's update as one checkpoint, from a checkpoint already read.

LangGraph's update API (`aupdate_state`) reads the thread's last checkpoint again, looks for the
tasks that checkpoint would run next, runs the node's writers as a runnable, stores the writes as
pending writes of the checkpoint before, and only then puts the new checkpoint. The fast lane
(graph/_lane.py) saves two updates per turn and knows the last checkpoint each time (it read it,
or just wrote it), has no pending writes (it refuses a checkpoint that has any) and needs none
(killed between two checkpoints, the turn resumes from the first, as it would if killed a moment
earlier). `CheckpointWriter.save` builds the same checkpoint with LangGraph's own functions (the
node's writes, `apply_writes`, `create_checkpoint`) and puts it: one write, no read.

It covers graphs whose channels are plain channels (no delta channels, no managed values) and
whose nodes write through `ChannelWrite` only, like ours; for any other graph `lean` is False and
the lane uses `aupdate_state` (tests/graph/test_save.py checks both give the same checkpoints).
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from langgraph._internal._constants import (
    CONFIG_KEY_CHECKPOINT_NS,
    ERROR,
    ERROR_SOURCE_NODE,
    INTERRUPT,
    NO_WRITES,
    PUSH,
    RESUME,
    RETURN,
)
from langgraph.channels.base import BaseChannel
from langgraph.channels.delta import DeltaChannel
from langgraph.channels.ephemeral_value import EphemeralValue
from langgraph.channels.last_value import LastValue
from langgraph.channels.topic import Topic
from langgraph.checkpoint.base import ChannelVersions, Checkpoint, CheckpointTuple
from langgraph.checkpoint.base.id import uuid6
from langgraph.pregel._algo import PregelTaskWrites, apply_writes
from langgraph.pregel._checkpoint import (
    LATEST_VERSION,
    channels_from_checkpoint,
    copy_checkpoint,
    create_checkpoint,
    create_checkpoint_plan_for_update_state_api,
    empty_checkpoint,
    get_updated_channels_from_tasks,
)
from langgraph.pregel._utils import get_new_channel_versions
from langgraph.pregel._write import (
    PASSTHROUGH,
    ChannelWrite,
    ChannelWriteEntry,
    ChannelWriteTupleEntry,
    _assemble_writes,
)

if TYPE_CHECKING:
    from langchain_core.runnables import RunnableConfig
    from langgraph.checkpoint.base import BaseCheckpointSaver
    from langgraph.graph.state import CompiledStateGraph

__all__ = ["RECENT_THREADS", "CheckpointWriter"]


_WRITERS: weakref.WeakKeyDictionary[Any, CheckpointWriter] = weakref.WeakKeyDictionary()
RECENT_THREADS = 256
"""How many threads' last checkpoints a writer keeps for `CheckpointWriter.last`."""


class CheckpointWriter:
    """Puts a node's update of one thread as the next checkpoint (see the module docstring)."""

    @classmethod
    def of(cls, graph: CompiledStateGraph[Any, Any, Any, Any]) -> CheckpointWriter:
        """The writer of `graph` (made once per compiled graph)."""
        writer = _WRITERS.get(graph)
        if writer is None:
            writer = _WRITERS[graph] = cls(graph)
        return writer

    def __init__(self, graph: CompiledStateGraph[Any, Any, Any, Any]) -> None:
        self.graph = graph
        self._recent: OrderedDict[str, CheckpointTuple] = OrderedDict()
        """Per thread, the checkpoint `save` put last (`last` returns it while it is the
        thread's last one)."""
        saver = graph.checkpointer
        self.saver: BaseCheckpointSaver[Any] | None = (
            saver if saver is not None and not isinstance(saver, bool) else None
        )
        self.lean = self.saver is not None and _plain(graph)
        """Whether `save` may be used (else: `aupdate_state`)."""
        self.simple = self.lean and all(
            type(spec) in (*_SIMPLE, Topic) for spec in graph.channels.values()
        )
        """Whether every channel is a last value, an ephemeral value or a topic (LangGraph's
        task channel): `save` then applies the writes to the saved values itself
        (`_simple_checkpoint`), not through channel objects made for every channel, as long as
        no topic is written or holds values."""

    async def last(self, thread: str) -> CheckpointTuple | None:
        """The thread's last checkpoint, as `aget_tuple` reads it (None: a new thread). On
        SQLite, when it is the one `save` put last here (checked by its id, so a checkpoint
        another process or the graph put since is read, and one whose transaction rolled back
        is not taken), that one, not read and deserialized again."""
        assert self.saver is not None
        saver: Any = self.saver
        known = self._recent.pop(thread, None)
        latest = getattr(saver, "latest", None)
        if known is not None and latest is not None:
            if latest(thread) == (known.config["configurable"]["checkpoint_id"], False):
                self._recent[thread] = known
                return known
        found: CheckpointTuple | None = await saver.aget_tuple(
            {"configurable": {"thread_id": thread}}
        )
        return found

    async def save(
        self, saved: CheckpointTuple | None, thread: str, values: dict[str, Any], node: str
    ) -> CheckpointTuple:
        """Put `values` as `node`'s writes on top of `saved`, the thread's last checkpoint (None:
        a new thread); the checkpoint now last (to pass as `saved` next time)."""
        assert self.saver is not None
        made = self._make(saved, thread, values, node)
        put = await self.saver.aput(*made[:3], made[3])
        return self._remember(thread, _saved(put, saved, made))

    def save_now(
        self, saved: CheckpointTuple | None, thread: str, values: dict[str, Any], node: str
    ) -> CheckpointTuple:
        """`save` with the saver's sync `put` (a SQLite saver, inside a transaction)."""
        assert self.saver is not None
        made = self._make(saved, thread, values, node)
        return self._remember(thread, _saved(self.saver.put(*made[:3], made[3]), saved, made))

    def _remember(self, thread: str, saved: CheckpointTuple) -> CheckpointTuple:
        self._recent.pop(thread, None)
        self._recent[thread] = saved
        while len(self._recent) > RECENT_THREADS:
            self._recent.popitem(last=False)
        return saved

    def _make(
        self, saved: CheckpointTuple | None, thread: str, values: dict[str, Any], node: str
    ) -> tuple[RunnableConfig, Checkpoint, Any, ChannelVersions]:
        """The arguments of the saver's `put`: config, checkpoint, metadata, new versions."""
        saver = self.saver
        assert saver is not None and self.lean, "CheckpointWriter.save needs a lean graph"
        graph = self.graph
        config: RunnableConfig = {
            "configurable": {"thread_id": thread, CONFIG_KEY_CHECKPOINT_NS: ""}
        }
        if saved is not None:
            graph._migrate_checkpoint(saved.checkpoint)
            checkpoint = copy_checkpoint(saved.checkpoint)
            config = {"configurable": {**config["configurable"], **saved.config["configurable"]}}
        else:
            checkpoint = empty_checkpoint()
        previous = checkpoint["channel_versions"].copy()
        step = saved.metadata.get("step", -1) if saved else -1
        writes = _writes(graph, node, values)
        simple = self.simple and _simple_checkpoint(
            checkpoint, writes, node, graph.channels, saver.get_next_version, step + 1
        )
        if simple:
            metadata: dict[str, Any] = {
                "source": "update",
                "step": step + 1,
                "parents": saved.metadata.get("parents", {}) if saved else {},
            }
            return config, simple, metadata, _new_versions(previous, simple)
        channels, _ = channels_from_checkpoint(graph.channels, checkpoint)
        task = PregelTaskWrites((INTERRUPT, 0), node, writes, [INTERRUPT])
        apply_writes(checkpoint, channels, [task], saver.get_next_version, graph.trigger_to_nodes)
        updated = get_updated_channels_from_tasks([task])
        snapshot, metadata = create_checkpoint_plan_for_update_state_api(
            channels,
            updated,
            source="update",
            step=step + 1,
            parents=saved.metadata.get("parents", {}) if saved else {},
            saved_metadata=saved.metadata if saved else None,
            is_fresh_thread=saved is None,
            fork_channels=set(),
            channel_versions=checkpoint["channel_versions"],
        )
        checkpoint = create_checkpoint(
            checkpoint,
            channels,
            step + 1,
            channels_to_snapshot=snapshot,
            stored_versions=previous,
            trigger_to_nodes=graph.trigger_to_nodes,
        )
        return config, checkpoint, metadata, _new_versions(previous, checkpoint)


def _new_versions(previous: ChannelVersions, checkpoint: Checkpoint) -> ChannelVersions:
    return get_new_channel_versions(previous, checkpoint["channel_versions"])


def _saved(
    put: RunnableConfig,
    saved: CheckpointTuple | None,
    made: tuple[RunnableConfig, Checkpoint, Any, ChannelVersions],
) -> CheckpointTuple:
    """The tuple a read of the checkpoint just put gives (no pending writes)."""
    parent = made[0] if saved is not None else None
    return CheckpointTuple(put, made[1], made[2], parent, [])


_SIMPLE = (LastValue, EphemeralValue)
_SKIPPED = frozenset((NO_WRITES, PUSH, RESUME, INTERRUPT, RETURN, ERROR, ERROR_SOURCE_NODE))


def _simple_checkpoint(
    checkpoint: Checkpoint,
    writes: list[tuple[str, Any]],
    node: str,
    specs: dict[str, Any],
    next_version: Callable[[Any, None], Any],
    step: int,
) -> Checkpoint | None:
    """What `apply_writes` then `create_checkpoint` make of `checkpoint` (a copy: changed in
    place) and one update task's `writes` when every channel written or holding a value is a
    last value or an ephemeral value (else None, nothing changed): the written channels take
    their value and the new version; an ephemeral value not written is cleared (consumed at the
    step's end) and takes the new version too."""
    values = checkpoint["channel_values"]
    versions = checkpoint["channel_versions"]
    written: dict[str, Any] = {}
    for channel, value in writes:
        if channel in _SKIPPED or channel not in specs:
            continue  # LangGraph logs an unknown channel and skips it
        if channel in written or type(specs[channel]) not in _SIMPLE:
            return None  # a second value (an error, or a reducer's work): LangGraph's way
        written[channel] = value
    if any(type(specs[k]) not in _SIMPLE for k in values if k in specs and k in versions):
        return None
    checkpoint["versions_seen"].setdefault(node, {})
    version = next_version(max(versions.values()) if versions else None, None)
    for channel, value in written.items():
        values[channel] = value
        versions[channel] = version
    for channel in list(values):
        if channel not in written and type(specs.get(channel)) is EphemeralValue:
            del values[channel]
            versions[channel] = version
    return Checkpoint(
        v=LATEST_VERSION,
        ts=datetime.now(UTC).isoformat(),
        id=str(uuid6(clock_seq=step)),
        channel_values={k: v for k, v in values.items() if k in specs and k in versions},
        channel_versions=versions,
        versions_seen=checkpoint["versions_seen"],
        updated_channels=None,
    )


def _writes(graph: Any, node: str, values: dict[str, Any]) -> list[tuple[str, Any]]:
    """The writes `node`'s writers make of `values` (what its `ChannelWrite`s send)."""
    entries: list[Any] = []
    for writer in graph.nodes[node].flat_writers:
        for entry in writer.writes:
            if isinstance(entry, ChannelWriteEntry) and entry.value is PASSTHROUGH:
                entry = ChannelWriteEntry(entry.channel, values, entry.skip_none, entry.mapper)
            elif isinstance(entry, ChannelWriteTupleEntry) and entry.value is PASSTHROUGH:
                entry = ChannelWriteTupleEntry(entry.mapper, values)
            entries.append(entry)
    return _assemble_writes(entries)


def _plain(graph: Any) -> bool:
    """Whether every channel is a plain one and every node writes through `ChannelWrite`."""
    specs = graph.channels.values()
    if not all(isinstance(s, BaseChannel) and not isinstance(s, DeltaChannel) for s in specs):
        return False
    return all(
        node.flat_writers and all(isinstance(w, ChannelWrite) for w in node.flat_writers)
        for node in graph.nodes.values()
    )
