"""The embedded (offline) planner and replanner for compound requests over the built-in roles.

"check the weather in Paris and set a timer for 10 minutes" becomes two parallel steps; "then"
makes the second depend on the first; "... add a picnic to my calendar if it's sunny" puts a `when`
condition on the calendar step that reads the weather step's ``/condition``. The clauses come from
the shared splitter (`agent_system.understanding.split_clauses`), so "set timers for 5 and 10
minutes" is two steps. Clauses it cannot place are named in `ExecutionPlan.unsupported`, and so
in the reply as not done: no clause is dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from agent_system._lazy import lazy_pattern
from agent_system.planning._fragments import fold_topics, glue_leads, not_a_request, one_each
from agent_system.planning._pointing import bare_pointer, points_back, read_after
from agent_system.planning._when import clause_condition, examples, keyword
from agent_system.planning.models import (
    ExecutionPlan,
    ExecutionStep,
    Exists,
    FailurePolicy,
    Ref,
    ReplanRequest,
    StepStatus,
)
from agent_system.roles import (
    NOT_UNDERSTOOD,
    Clarification,
    Role,
    RoleDeclaration,
    calls_of,
    declaration,
    did_you_mean,
    role_slots,
)
from agent_system.routing._second import SecondOpinion
from agent_system.routing.models import RouteDecision, RouteRequest, Turn
from agent_system.understanding import Clause, split_clauses

if TYPE_CHECKING:
    from agent_system.registry._registry import ToolRegistry
    from agent_system.registry.spec import ToolSpec
    from agent_system.runtime import Runtime

__all__ = ["ClauseRouter", "EmbeddedPlanner", "EmbeddedReplanner", "split_clauses"]

_DAY = lazy_pattern(
    r"\b(today|tonight|tomorrow|this (?:morning|afternoon|evening|weekend)|"
    r"(?:on |this |next )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b",
    re.IGNORECASE,
)


class ClauseRouter(Protocol):
    """What the planner needs from a router: a synchronous decision for one clause."""

    def decide(self, request: RouteRequest) -> RouteDecision: ...


_PRONOUN = lazy_pattern(r"\b(?:it|them)\b(?!\s*(?:'s|is|was|will|would|rains?|snows?)\b)", re.I)
_AUXILIARY = lazy_pattern(
    r"\b(?:is|was|are|were|will|would|does|did|do|can|could|should|has|had|be|if|that)\s*$", re.I
)  # "what time is it", "is it snowing", "if it rains": the weather's or the clock's "it"


def _resolve_pronoun(text: str, referent: str) -> str:
    """ "remind me to buy it" -> "remind me to buy milk" when the clause before acted on milk;
    `text` unchanged without such a pronoun (or with two of them: no guessing)."""
    found = list(_PRONOUN.finditer(text))
    if len(found) != 1 or _AUXILIARY.search(text[: found[0].start()]):
        return text
    return text[: found[0].start()] + referent + text[found[0].end() :]


def _place(arguments: dict[str, Any]) -> str | None:
    """The place an earlier step of the request was about (a weather step's ``place``)."""
    place = arguments.get("place")
    return place if isinstance(place, str) and place.strip() else None


def _referent(arguments: dict[str, Any]) -> str | None:
    """What a call acts on, as words a later clause's "it" can stand for."""
    items = arguments.get("items")
    if isinstance(items, list) and items and all(isinstance(i, str) for i in items):
        return " and ".join(items)
    for key in ("item", "title", "event"):
        if isinstance(value := arguments.get(key), str) and value:
            return value
    device, area = arguments.get("device"), arguments.get("area")
    if isinstance(device, str) and device:
        if isinstance(area, str) and area and area.lower() not in device.lower():
            return f"the {area.lower()} {device}"
        return device if device.lower().startswith("the ") else f"the {device}"
    return None


def _day_phrase(text: str) -> str | None:
    match = _DAY.search(text)
    return match.group(0) if match else None


class EmbeddedPlanner:
    """Plans compound requests over the built-in roles with no LLM."""

    name = "embedded"

    def __init__(
        self,
        router: ClauseRouter,
        roles: dict[str, Role],
        runtime: Runtime,
        *,
        min_confidence: float = 0.5,
        second_opinion: bool = False,
    ) -> None:
        self.router = router
        self.roles = roles
        self.runtime = runtime
        self.min_confidence = min_confidence
        self.second_opinion = SecondOpinion(roles, runtime) if second_opinion else None
        """Offline (no LLM to plan): a request of one clause the router is unsure of is given
        to the roles' strict reading (`agent_system.routing._second`)."""

    async def plan(
        self, request: str, tools: list[ToolSpec], history: list[Turn] | None = None
    ) -> ExecutionPlan:
        """Split, route and fill each clause; see the module docstring."""
        history = history or []
        cut = getattr(self.router, "clauses", None)
        clauses = one_each(
            fold_topics(
                glue_leads(
                    cut(request)
                    if callable(cut)
                    else split_clauses(request, getattr(self.router, "openers", frozenset()))
                )
            )
        )
        specs = {spec.name: spec for spec in tools}
        steps: list[ExecutionStep] = []
        step_roles: dict[str, RoleDeclaration] = {}
        unsupported: list[str] = []
        notes: list[str] = []
        day_context = next((d for c in clauses if (d := _day_phrase(c.text))), None)
        referent: str | None = None  # what the previous clause acted on ("milk", "the lamp")
        prior: ExecutionStep | None = None  # the previous clause's (last) step
        for clause in clauses:
            if prior is not None and points_back(clause.text, prior.tool):
                # "find my next event and delete it": the event that step finds
                found = self._acting_on(clause, prior, steps, step_roles)
                if found is not None:
                    prior, referent = found, None
                    continue
            if referent and (named := _resolve_pronoun(clause.text, referent)) != clause.text:
                clause = replace(clause, text=named)  # "add milk and then remind me to buy it"
            pointed = prior.tool.split(".")[0] if prior and points_back(clause.text) else None
            referent, prior = None, None
            if (kind := not_a_request(clause.text)) is not None:  # "tell him winter is coming"
                unsupported.append(f"{clause.text!r}: {NOT_UNDERSTOOD}")
                notes.append(f"{clause.text!r} is {kind}, not a request")
                continue
            decision = self.router.decide(RouteRequest(text=clause.text, history=history))
            role = self.roles.get(decision.role or "") if decision.role else None
            text = clause.text
            if pointed and (
                role is None or decision.confidence < self.min_confidence or bare_pointer(text)
            ):
                # "what's on tomorrow and cancel it": the role of the clause before asks which
                role, decision = self.roles.get(pointed), decision.model_copy(update={"slots": {}})
            seconded = False
            if role is None and len(clauses) == 1 and self.second_opinion is not None:
                claimed = self.second_opinion.claims(clause.text, decision, specs, history)
                if len(claimed) == 1:  # "i don't want eggs": the lists role reads it surely
                    role, seconded = self.roles[claimed[0]], True
                    decision = decision.model_copy(update={"role": claimed[0], "slots": {}})
                elif claimed:  # both candidates read it surely: ask which one
                    decision = decision.model_copy(update={"slots": {"candidates": claimed}})
            if role is None or (
                decision.confidence < self.min_confidence and not pointed and not seconded
            ):
                candidates = [r for r in decision.slots.get("candidates", ()) if r in self.roles]
                if len(candidates) >= 2:  # two roles share the doubt: ask which one
                    unsupported.append(f"{clause.text!r}: {did_you_mean(candidates)}")
                else:
                    unsupported.append(f"{clause.text!r}: {NOT_UNDERSTOOD}")
                notes.append(f"no built-in role handles {clause.text!r} ({decision.reason})")
                continue
            if (
                day_context
                and not pointed
                and not _day_phrase(text)
                and declaration(role).day_context
            ):
                text = f"{text} {day_context}"
            slots = {**role_slots(role, text), **decision.slots}
            choice = role.interpret(text, slots, self.runtime, history)
            if (
                isinstance(choice, Clarification)
                and text != clause.text
                and "start" in choice.missing
            ):  # the day came from a sibling clause and no time was said: a whole-day event
                choice = role.interpret(f"{text} all day", slots, self.runtime, history)
            place = next((p for s in reversed(steps) if (p := _place(s.arguments))), None)
            if isinstance(choice, Clarification) and "place" in choice.missing and place:
                # "what's the weather in Paris and the forecast for tomorrow": the same place
                text = f"{text} in {place}"
                choice = role.interpret(
                    text, {**role_slots(role, text), **decision.slots}, self.runtime, history
                )
            if isinstance(choice, Clarification):
                unsupported.append(f"{clause.text!r}: {choice.question}")
                continue
            *extra, last = calls_of(choice)
            referent = _referent(last.arguments)
            before = [steps[-1].id] if clause.joined_by == "then" and steps else []
            for call in extra:  # several targets of one clause: independent parallel steps
                step_roles[f"s{len(steps) + 1}"] = declaration(role)
                steps.append(
                    ExecutionStep(
                        id=f"s{len(steps) + 1}",
                        number=len(steps) + 1,
                        tool=call.tool,
                        arguments=call.arguments,
                        depends_on=before,
                        on_failure=FailurePolicy.SKIP,
                        description=clause.text,
                    )
                )
            step_id = f"s{len(steps) + 1}"
            depends_on: list[str] = list(before)
            when = None
            if clause.condition is not None:
                when, source = clause_condition(clause, steps, step_roles)
                if when is None:
                    testable = [
                        vocabulary
                        for s in steps
                        if (vocabulary := step_roles[s.id].conditions) is not None
                    ]
                    unsupported.append(
                        f"{clause.text!r} {keyword(clause)} {clause.condition}: "
                        + (
                            f"I understand these conditions offline: {examples(testable[-1])}"
                            if testable
                            else "nothing earlier in the request gives a result to test; ask for "
                            "the weather first, e.g. 'check the weather in Rome and ... if it's "
                            "sunny'"
                        )
                    )
                    continue
                if source not in depends_on:
                    depends_on.append(source)
                notes.append(f"{step_id} runs only {keyword(clause)} {clause.condition}")
            step_roles[step_id] = declaration(role)
            steps.append(
                ExecutionStep(
                    id=step_id,
                    number=len(steps) + 1,
                    tool=last.tool,
                    arguments=last.arguments,
                    depends_on=depends_on,
                    when=when,
                    on_failure=FailurePolicy.SKIP,
                    description=clause.text,
                )
            )
            prior = steps[-1]
        parallel = sum(1 for s in steps if not s.depends_on)
        reasoning = (
            f"{len(steps)} step(s) from {len(clauses)} clause(s); {parallel} can start at once."
        )
        if notes:
            reasoning += " " + "; ".join(notes) + "."
        return ExecutionPlan(
            request=request,
            reasoning=reasoning,
            steps=steps,
            planner=self.name,
            unsupported=unsupported,
            timeout_s=self.runtime.settings.plan_timeout_s,
        )

    def _acting_on(
        self,
        clause: Clause,
        last: ExecutionStep,
        steps: list[ExecutionStep],
        step_roles: dict[str, RoleDeclaration],
    ) -> ExecutionStep | None:
        """Steps for `clause` acting on what step `last` made or found ("... and delete it"),
        each after the one before; the last of them, or None (then the clause is routed)."""
        now = self.runtime.clock.now()
        found = read_after(clause.text, last.tool, dict(last.arguments), last.id, now)
        if found is None or clause.condition is not None:
            return None
        calls, path = found
        # nothing found ("Nothing coming up on your calendar"): nothing to act on, no error
        when = Exists(op="exists", ref=Ref(step=last.id, path=path)) if path else None
        roles = [self.roles.get(call.tool.split(".")[0]) for call in calls]
        if any(role is None for role in roles):
            return None
        before = last
        for call, role in zip(calls, roles, strict=True):
            assert role is not None
            step_id = f"s{len(steps) + 1}"
            step_roles[step_id] = declaration(role)
            before = ExecutionStep(
                id=step_id,
                number=len(steps) + 1,
                tool=call.tool,
                arguments=call.arguments,
                depends_on=[before.id],
                when=when if before is last else None,
                on_failure=FailurePolicy.SKIP,
                description=clause.text,
            )
            steps.append(before)
        return before


class EmbeddedReplanner:
    """Offline replanning: drop the failed branch, keep what finished, continue the rest."""

    name = "embedded"

    def __init__(self, registry: ToolRegistry | None = None) -> None:
        self.registry = registry

    async def replan(self, request: ReplanRequest, tools: list[ToolSpec]) -> ExecutionPlan | None:
        """A new plan version without the failed steps and everything downstream of them."""
        plan = request.plan
        failed = {r.step_id for r in request.failed}
        dropped = set(failed)
        changed = True
        while changed:
            changed = False
            for step in plan.steps:
                if step.id not in dropped and dropped.intersection(step.depends_on):
                    dropped.add(step.id)
                    changed = True
        remaining = [
            s.model_copy(update={"status": StepStatus.PENDING})
            for s in plan.steps
            if s.id not in dropped and s.id not in request.completed
        ]
        if not remaining:
            return None
        kept = [s for s in plan.steps if s.id in request.completed and s.id not in dropped]
        return plan.model_copy(
            update={
                "version": plan.version + 1,
                "steps": [*kept, *remaining],
                "reasoning": f"Dropped {', '.join(sorted(dropped))} after failure "
                f"({request.reason}); continuing with {len(remaining)} step(s).",
                "planner": self.name,
            }
        )
