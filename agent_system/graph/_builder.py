"""Assemble the one compiled LangGraph graph every request runs through."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from langgraph.graph import END, START, StateGraph

from agent_system.graph._state import AgentState

if TYPE_CHECKING:
    from langgraph.checkpoint.base import BaseCheckpointSaver
    from langgraph.graph.state import CompiledStateGraph
    from langgraph.store.base import BaseStore

    from agent_system.graph._nodes import Engine

__all__ = ["build_graph"]


def build_graph(
    engine: Engine,
    *,
    checkpointer: BaseCheckpointSaver[Any] | None = None,
    store: BaseStore | None = None,
) -> CompiledStateGraph[AgentState, None, AgentState, AgentState]:
    """route [-> fast_reply] | select_tools -> plan -> approve -> execute <-> replan -> synthesize
    (a fast reply the embedded router decided runs inside `route`: graph/_route.py)."""
    nodes = engine.nodes
    graph = StateGraph(AgentState)
    graph.add_node(
        "route",
        nodes.route,
        destinations=("fast_reply", "select_tools", "approve", "synthesize", END),
    )
    graph.add_node("fast_reply", nodes.fast_reply, destinations=("approve", "synthesize", END))
    graph.add_node("select_tools", nodes.select_tools)
    graph.add_node("plan", nodes.plan, destinations=("approve", "execute", "synthesize", END))
    graph.add_node("approve", nodes.approve, destinations=("execute",))
    graph.add_node("execute", nodes.execute, destinations=("replan", "synthesize"))
    graph.add_node("replan", nodes.replan, destinations=("approve", "execute", "synthesize"))
    graph.add_node("synthesize", nodes.synthesize)
    graph.add_edge(START, "route")
    graph.add_edge("select_tools", "plan")
    graph.add_edge("synthesize", END)
    return graph.compile(checkpointer=checkpointer, store=store, name="agent-system")
