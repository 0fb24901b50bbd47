"""The embedded router: offline, calibrated, well under a millisecond per decision.

A linear classifier (`_model`) scores the six roles and "other" (no role owns the request); its
probabilities are calibrated, so 0.95 means right about 95 times in 100. Around it:

1. follow-ups: after a routed turn, "and in Boston?" continues that role (``follow_up`` slot);
2. compound requests (two tool actions, or actions joined by "then" / "if it's") go to the
   meta-planner, with the pieces in the ``parts`` slot;
3. thresholds (`Settings.route_fast_threshold`, `route_plan_threshold`): at or above the fast
   threshold a role answers; below the plan threshold the meta-planner does (chit-chat goes to
   conversation); in between the best guess is taken and flagged ``guess=True``. "Other" always
   goes to the meta-planner: an out-of-role request never reaches a tool role.

Roles the model has no class for (a plugin role, a new built-in role before the model is
retrained) are routed by an `ExampleMatcher` built from their declared examples; see
docs/routing.md for how its confidence is measured.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent_system.routing._matcher import ExampleMatcher, cached_matcher
from agent_system.routing._model import (
    DEFAULT_MODEL_PATH,
    OTHER,
    Classifier,
    LinearModel,
    shipped_model,
)
from agent_system.routing._placed import Placed as _Placed
from agent_system.routing._placed import compound_decision as _compound_decision
from agent_system.routing._rules import (
    command_role,
    find_compound,
    follow_up_role,
    swallows_another,
)
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from agent_system.understanding._clauses import Clause as SplitClause
from agent_system.understanding._clauses import split_clauses
from agent_system.understanding._dismiss import dismissal
from agent_system.understanding.locale import home_statement

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

    from agent_system.config import Settings
    from agent_system.roles import Role

__all__ = ["EmbeddedRouter", "FirstStage", "UnsureStage", "load_default_router"]

FirstStage = Callable[[RouteRequest], "RouteDecision | None"]
"""A high-precision check run before the classifier (a role's own words, e.g. the home's device
names); it returns a decision to take as is, or None. A decision with ``guess=True`` is taken
unless the classifier says no role owns the request (p(other) >= the plan threshold)."""
UnsureStage = Callable[[RouteRequest, RouteDecision, "Mapping[str, float]"], "RouteDecision | None"]
"""A role's second look at a request the classifier is unsure of: given the router's decision
(to planning, or a guess) and the classifier's probabilities, it returns the decision to take
instead, or None. Asked only when the classifier does not say that no role owns the request
(p(other) below the plan threshold), after the first stages, follow-ups and compounds."""

DEFAULT_FAST_THRESHOLD = 0.95
DEFAULT_PLAN_THRESHOLD = 0.70
ASK_MIN_SHARE = 0.25
"""Below the plan threshold, a runner-up role at least this likely, that makes the threshold with
the best one, is named with it in ``slots["candidates"]``: "Did you mean a timer or an alarm?"."""


class EmbeddedRouter:
    """Routes with the shipped classifier and a few rules; no network, no LLM."""

    name = "embedded"

    def __init__(
        self,
        model: Classifier | None = None,
        *,
        fast_threshold: float = DEFAULT_FAST_THRESHOLD,
        plan_threshold: float = DEFAULT_PLAN_THRESHOLD,
        roles: Mapping[str, Role] | None = None,
        first_stages: tuple[FirstStage, ...] = (),
    ) -> None:
        if not 0.0 <= plan_threshold <= fast_threshold <= 1.0:
            raise ValueError(
                f"Route thresholds must satisfy 0 <= plan ({plan_threshold}) <= fast "
                f"({fast_threshold}) <= 1; fix AGENT_SYSTEM_ROUTE_PLAN_THRESHOLD / "
                "AGENT_SYSTEM_ROUTE_FAST_THRESHOLD."
            )
        self.model: Classifier = model or _load_model(DEFAULT_MODEL_PATH)
        self.fast_threshold = fast_threshold
        self.plan_threshold = plan_threshold
        self.matcher: ExampleMatcher | None = None
        shipped = self.model.meta.get("tool_roles")
        self.tool_roles: frozenset[str] | None = (
            frozenset(shipped) if isinstance(shipped, list) else None
        )
        """Roles that act through tools: from `roles`, else as the model file records them
        (None: the built-in ones, found by loading them)."""
        self.openers: frozenset[str] = frozenset()
        """First words of the examples of roles the model lacks: they open a clause."""
        self.first_stages = first_stages
        self.unsure_stages: tuple[UnsureStage, ...] = ()
        self._known: tuple[str, ...] | None = None
        if roles is not None:
            self._use_roles(roles)

    def with_first_stages(self, *stages: FirstStage) -> EmbeddedRouter:
        """A router on the same model and roles that asks `stages` first (their decision is
        final)."""
        router = EmbeddedRouter(
            self.model,
            fast_threshold=self.fast_threshold,
            plan_threshold=self.plan_threshold,
            first_stages=self.first_stages + stages,
        )
        router.matcher, router.tool_roles = self.matcher, self.tool_roles
        router.openers, router.unsure_stages = self.openers, self.unsure_stages
        return router

    def with_unsure_stages(self, *stages: UnsureStage) -> EmbeddedRouter:
        """A router like this one that asks `stages` about a decision it is unsure of."""
        router = self.with_first_stages()
        router.unsure_stages = self.unsure_stages + stages
        return router

    def _use_roles(self, roles: Mapping[str, Role]) -> None:
        from agent_system.roles import declaration

        declared = {name: declaration(role) for name, role in roles.items()}
        self.tool_roles = frozenset(name for name, d in declared.items() if d.tool_role)
        classes = set(self.model.probabilities("").keys())
        new = {name: d.examples for name, d in declared.items() if name not in classes}
        if new:
            known = {name: d.examples for name, d in declared.items() if name in classes}
            self.matcher = cached_matcher(tuple(new.items()), tuple(known.items()))
            self.openers = frozenset(
                words[0].lower()
                for examples in new.values()
                for e in examples
                if (words := e.split())
            )

    @classmethod
    def from_settings(
        cls,
        settings: Settings,
        model: Classifier | None = None,
        roles: Mapping[str, Role] | None = None,
    ) -> EmbeddedRouter:
        """A router with the thresholds of `settings` (and the matcher for `roles`)."""
        return cls(
            model,
            fast_threshold=settings.route_fast_threshold,
            plan_threshold=settings.route_plan_threshold,
            roles=roles,
        )

    def classify(self, text: str) -> tuple[str, float]:
        """The most probable class of `text` ("other" included) and its probability."""
        return self._best(text, self.model.probabilities(text))[:2]

    def _best(self, text: str, probabilities: dict[str, float]) -> tuple[str, float, bool]:
        """(class, confidence, from the matcher): the model's best class, unless the example
        matcher places `text` with a role the model lacks and the model is not sure of a role."""
        best = max(probabilities, key=probabilities.__getitem__)
        confidence = probabilities[best]
        if self.matcher is not None and (best == OTHER or confidence < self.fast_threshold):
            found = self.matcher.match(text)
            if found is not None:
                return found[0], found[2], True
        return best, confidence, False

    def _classes(self) -> tuple[str, ...]:
        """The model's classes (computed once)."""
        if self._known is None:
            self._known = tuple(self.model.probabilities(""))
        return self._known

    def _overruled(self, text: str) -> bool:
        """The classifier is sure enough that no role owns `text` to overrule a first stage's
        guess (`RouteDecision.guess`): p(other) at or above the plan threshold."""
        return self.model.probabilities(text).get(OTHER, 0.0) >= self.plan_threshold

    async def route(self, request: RouteRequest) -> RouteDecision:
        """Route `request` (the `Router` protocol); CPU-only and fast, so it runs inline."""
        return self.decide(request)

    def decide(self, request: RouteRequest) -> RouteDecision:
        """Route `request` synchronously."""
        started = time.perf_counter()
        decision = self._decide(request)
        decision.elapsed_ms = (time.perf_counter() - started) * 1000.0
        return decision

    def _decide(self, request: RouteRequest) -> RouteDecision:
        text = request.text.strip()
        if not text:
            return RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role="conversation",
                confidence=1.0,
                reason="The request is empty; the conversation role asks what is needed.",
            )
        if command_role(text, self._classes()) == "summarize":
            return RouteDecision(  # "summarize: <text>": the text may hold any role's words
                target=RouteTarget.FAST_REPLY,
                role="summarize",
                confidence=1.0,
                slots={"whole": True},
                reason="The request opens with a summarize command.",
                scores={"summarize": 1.0},
            )
        placed = _Placed(self)
        pieces = split_clauses(text, self.openers, placed.other_action)
        dropped = dismissal(text, request.history)
        if dropped is not None and not dropped.yields:  # "never mind" after "Which city?"
            return _dismissed(dropped.role, drops=dropped.drops)
        claimed = next(self._claims(request), None)
        if claimed is None and dropped is not None:  # "stop": unless a stage takes it (a ring)
            return _dismissed(dropped.role, drops=dropped.drops)
        if claimed is not None:
            if claimed.slots.get("whole"):  # the role read every clause itself
                classes = tuple(self.model.probabilities(""))
                if command_role(text, classes) or not swallows_another(
                    claimed.role, pieces, placed.classify, self.fast_threshold, self.openers
                ):
                    return claimed
            # A stage must not claim the whole of a request with two actions in it (of two
            # roles, or two of its own: "turn off the lights and the fan").
            return self._mixed_compound(text, pieces, placed) or claimed
        if (home := home_statement(text)) is not None:
            return RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role="conversation",
                confidence=1.0,
                slots={"sets_home": home},
                reason=f"The user says where they live ({home}); kept as their home location.",
            )
        probabilities = self.model.probabilities(text)
        scores = {name: round(value, 4) for name, value in probabilities.items()}
        best, confidence, matched = self._best(text, probabilities)
        if matched:
            scores[best] = round(confidence, 4)

        named = command_role(text, tuple(probabilities))
        if (
            named not in (None, "summarize")
            and probabilities.get(OTHER, 0.0) >= self.plan_threshold
        ):
            named = None  # "look up travel alerts for Canada": a search word, but no role owns it
        named_decision = (
            None
            if named is None
            else RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role=named,
                confidence=1.0,
                reason=f"The request opens with a {named} command.",
                scores=scores,
            )
        )
        if named_decision is not None and named == "summarize":
            return named_decision  # the text to summarize may hold "and", "then", anything

        compound = find_compound(
            text, placed.classify, self.plan_threshold, self.tool_roles, pieces=pieces
        )
        if compound is None and named_decision is not None:
            return named_decision
        if compound is not None:
            return _compound_decision(compound, scores)

        previous = follow_up_role(
            text, request.history, best, confidence, self.fast_threshold, self.plan_threshold
        )
        if previous is not None:
            return RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role=previous,
                confidence=max(probabilities.get(previous, 0.0), self.fast_threshold),
                slots={"follow_up": True},
                reason=f"Follow-up to the previous {previous} request.",
                scores=scores,
            )
        decided = self._threshold_decision(best, confidence, scores)
        return self._second_look(request, decided, probabilities)

    def _second_look(
        self, request: RouteRequest, decided: RouteDecision, probabilities: Mapping[str, float]
    ) -> RouteDecision:
        """`decided`, or what a role's unsure stage takes instead of a decision to plan or a
        guess (`UnsureStage`)."""
        if not self.unsure_stages or not (
            decided.guess or decided.target == RouteTarget.META_PLANNING
        ):
            return decided
        if probabilities.get(OTHER, 0.0) >= self.plan_threshold:
            return decided
        for stage in self.unsure_stages:
            if (instead := stage(request, decided, probabilities)) is not None:
                return instead
        return decided

    def _claims(self, request: RouteRequest) -> Iterator[RouteDecision]:
        """The first stages' claims on `request`, in order, less the guesses the classifier
        overrules (lazily: the first one usually decides)."""
        text = request.text.strip()
        for stage in self.first_stages:
            claimed = stage(request)
            if claimed is not None and not (claimed.guess and self._overruled(text)):
                yield claimed

    def _mixed_compound(
        self, text: str, pieces: list[SplitClause], placed: _Placed
    ) -> RouteDecision | None:
        """The compound decision when `text` holds two or more actions, each placed the way
        it would be on its own (first stages included), of one role or several, else None."""
        if len(pieces) < 2:
            return None
        compound = find_compound(
            text, placed.role, self.plan_threshold, self.tool_roles, pieces=pieces
        )
        if compound is None:
            return None
        return _compound_decision(compound, {})

    def clauses(self, text: str) -> list[SplitClause]:
        """The clauses of `text` as this router cuts them (the planner plans the same ones)."""
        return split_clauses(text, self.openers, _Placed(self).other_action)

    def _threshold_decision(
        self, best: str, confidence: float, scores: dict[str, float]
    ) -> RouteDecision:
        common: dict[str, Any] = {"confidence": confidence, "scores": scores}
        if best == OTHER:
            return RouteDecision(
                target=RouteTarget.META_PLANNING,
                reason=f"No fast-reply role owns this request (p(other)={confidence:.2f}).",
                **common,
            )
        if confidence >= self.fast_threshold:
            return RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role=best,
                reason=f"Clearly a {best} request (p={confidence:.2f}).",
                **common,
            )
        if confidence >= self.plan_threshold:
            return RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role=best,
                guess=True,
                reason=f"Probably a {best} request (p={confidence:.2f}); best guess taken.",
                **common,
            )
        if best == "conversation":
            return RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role="conversation",
                guess=True,
                reason=f"Unsure (p={confidence:.2f}), but it reads as chit-chat.",
                **common,
            )
        slots: dict[str, Any] = {}
        runner_up = max(
            (name for name in scores if name not in (best, OTHER)),
            key=scores.__getitem__,
            default=None,
        )
        if (
            runner_up is not None
            and scores[runner_up] >= ASK_MIN_SHARE
            and confidence + scores[runner_up] >= self.plan_threshold
        ):  # two roles share the doubt: the planner asks which one was meant
            slots["candidates"] = [best, runner_up]
        return RouteDecision(
            target=RouteTarget.META_PLANNING,
            slots=slots,
            reason=f"Unsure which role fits (best {best}, p={confidence:.2f}); planning instead.",
            **common,
        )


def _dismissed(role: str, *, drops: bool) -> RouteDecision:
    """The decision for a turn that drops the question the turn before asked ("never mind"
    after "Which city?"): back to the role that asked, which changes nothing. "cancel" after a
    question about what to cancel drops nothing and answers nothing (`drops` False): the role's
    question stands, asked again."""
    if not drops:
        reason = f"Says the action the {role} role asked about, not which one."
    else:
        reason = f"Drops the {role} role's question of the turn before."
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role=role,
        confidence=1.0,
        slots={"dismissed": True} if drops else {"asked_again": True},
        reason=reason,
        scores={role: 1.0},
    )


def _load_model(path: Path) -> LinearModel:
    return shipped_model(path)


def load_default_router(
    settings: Settings | None = None, roles: Mapping[str, Role] | None = None
) -> EmbeddedRouter:
    """The embedded router with the shipped model (loaded once per process).

    With `roles`, the router knows which of them act through tools and routes those the model
    has no class for with an `ExampleMatcher` (built here, from their examples).
    """
    fast = settings.route_fast_threshold if settings else DEFAULT_FAST_THRESHOLD
    plan = settings.route_plan_threshold if settings else DEFAULT_PLAN_THRESHOLD
    if roles is not None:
        return EmbeddedRouter(
            _load_model(DEFAULT_MODEL_PATH), fast_threshold=fast, plan_threshold=plan, roles=roles
        )
    return _cached_router(fast, plan)


@functools.cache
def _cached_router(fast_threshold: float, plan_threshold: float) -> EmbeddedRouter:
    return EmbeddedRouter(fast_threshold=fast_threshold, plan_threshold=plan_threshold)
