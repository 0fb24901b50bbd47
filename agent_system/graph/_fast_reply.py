"""The `fast_reply` node: the chosen role's calls as a plan, run and answered in one node."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING

from langchain_core.runnables import RunnableConfig
from langgraph.graph import END
from langgraph.types import Command

from agent_system.graph._finish import Finish
from agent_system.graph._followup import role_calls, role_plan
from agent_system.graph._gate import PlanGate
from agent_system.graph._state import AgentState
from agent_system.graph._steps import RunSteps
from agent_system.graph._view import StateView, thread_id
from agent_system.planning.models import ExecutionPlan
from agent_system.roles import SPEAKER_AREA, Clarification

if TYPE_CHECKING:
    from agent_system.registry._registry import ToolRegistry
    from agent_system.roles import Role
    from agent_system.runtime import Runtime

__all__ = ["FastReply"]


@dataclass
class FastReply:
    """A role turns the request into its calls (or a question back); with nothing to
    approve they run and are answered here, saving two graph hops and their checkpoints."""

    runtime: Runtime
    registry: ToolRegistry
    roles: dict[str, Role]
    gate: PlanGate
    steps: RunSteps
    finish: Finish

    async def __call__(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        return await self.answer(StateView(state), config)

    async def answer(self, view: StateView, config: RunnableConfig) -> Command[str]:
        """The fast reply of the view's route decision (the `route` node calls this directly
        when its decision would be the same if the node ran again: one graph step less)."""
        goto = await self.choose(view, config)
        if goto == "execute":
            await self.run(view, config)
            goto = END
        return Command(goto=goto, update=view.update())

    async def choose(self, view: StateView, config: RunnableConfig) -> str:
        """The role's plan (or question back) in the view, and the node that takes it on:
        ``execute`` (nothing to approve: `run` it), ``approve``, ``synthesize`` or the end.
        Nothing has run yet."""
        decision = view.decision
        assert decision is not None, "fast_reply runs after route"
        role = self.roles[str(decision.role)]
        if view.get("area"):
            SPEAKER_AREA.set(view.get("area"))
        choice = await role_calls(
            role,
            view.request,
            decision,
            self.runtime,
            view.history,
            self.registry,
            view.get("user"),
        )
        settings = self.runtime.settings
        if isinstance(choice, Clarification):
            if view.preview:  # the plan is a question back: nothing would run
                view.set_plan(
                    ExecutionPlan(
                        request=view.request,
                        reasoning=f"the {role.name} role asks a question back",
                        unsupported=[choice.question],
                        planner=f"role:{role.name}",
                        timeout_s=settings.plan_timeout_s,
                    )
                )
                return END
            view.set(reply=choice.question, status="success")
            return "synthesize"
        plan = role_plan(view.request, role.name, choice, self.registry)
        thread = thread_id(config)
        plan = plan.model_copy(
            update={
                "timeout_s": settings.plan_timeout_s,
                # The same id when this node runs again after a crash, so the step journal
                # (keyed by plan id) finds the step it had finished.
                "id": uuid.uuid5(uuid.NAMESPACE_URL, f"{thread}/{view.get('started_at')}"),
            }
        )
        return self.gate.accept(view, plan, thread)

    async def run(self, view: StateView, config: RunnableConfig) -> None:
        """Run the plan `choose` accepted and finish the turn (reply, status, history)."""
        # The models stay in the view: planned, run and finished without a JSON round trip.
        await self.steps(view, config)
        await self.finish(view, config)
