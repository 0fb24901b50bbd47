"""Show a run as it happens: route, plan, each step's status and duration, replans, the reply.

`RunDisplay` folds the typed events of `agent_system.events` into a `RunView` and draws it: a rich
`Live` table with spinners on a terminal, plain lines otherwise (progress on stderr, the reply on
stdout, so ``agent-system ask ... > answer.txt`` keeps only the answer).
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.spinner import Spinner
from rich.table import Table
from rich.text import Text

from agent_system import events as ev
from agent_system.planning.models import ExecutionPlan, StepResult
from agent_system.routing.models import RouteDecision

__all__ = [
    "RunDisplay",
    "RunView",
    "describe_route",
    "plan_table",
    "print_plan",
    "usage_line",
]

_MARKS = {
    "pending": ("·", "dim"),
    "running": ("…", "yellow"),
    "succeeded": ("✓", "green"),
    "failed": ("✗", "red"),
    "skipped": ("-", "dim"),
    "cancelled": ("✗", "dim"),
}


def describe_route(decision: RouteDecision) -> str:
    """``fast reply → timer (confidence 0.99)``, ``meta-planning (confidence 0.41, a guess)``."""
    target = "fast reply" if decision.target == "fast_reply" else "meta-planning"
    where = f" → {decision.role}" if decision.role and decision.target == "fast_reply" else ""
    guess = ", a guess" if decision.guess else ""
    return f"{target}{where} (confidence {decision.confidence:.2f}{guess}, {decision.router})"


def _arguments(arguments: dict[str, Any], limit: int = 60) -> str:
    text = json.dumps(arguments, ensure_ascii=False, default=str, separators=(", ", ": "))
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class StepView:
    """What the display knows about one step."""

    step_id: str
    tool: str
    arguments: dict[str, Any]
    depends_on: list[str]
    description: str = ""
    status: str = "pending"
    started: float | None = None
    duration_ms: float | None = None
    detail: str = ""


@dataclass
class RunView:
    """The state of one run, folded from its events."""

    route: RouteDecision | None = None
    plan: ExecutionPlan | None = None
    steps: dict[str, StepView] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    reply: str = ""
    streamed: bool = False
    result: ev.RunResult | None = None
    verbose: bool = False
    """Add each failure's technical detail (host, exception class) to its message."""

    def set_plan(self, plan: ExecutionPlan) -> None:
        """Show a (new or revised) plan, keeping what finished steps already reported."""
        self.plan = plan
        old = self.steps
        self.steps = {}
        for step in plan.steps:
            view = StepView(step.id, step.tool, step.arguments, step.depends_on, step.description)
            if step.id in old and old[step.id].status != "pending":
                prev = old[step.id]
                view.status, view.duration_ms, view.detail = (
                    prev.status,
                    prev.duration_ms,
                    prev.detail,
                )
                view.started = prev.started
            self.steps[step.id] = view

    def apply(self, event: ev.Event) -> None:
        """Fold one event into the view."""
        if isinstance(event, ev.RouteDecided):
            self.route = event.decision
        elif isinstance(event, ev.PlanCreated):
            self.set_plan(event.plan)
        elif isinstance(event, ev.Replanned):
            self.set_plan(event.plan)
            self.notes.append(
                f"replanned (v{event.plan.version}): {event.reason or 'a step failed'}"
            )
        elif isinstance(event, ev.StepStarted):
            view = self._step(event.step_id, event.tool)
            view.status, view.started = "running", time.monotonic()
            if event.attempt > 1:
                view.detail = f"attempt {event.attempt}"
        elif isinstance(event, ev.StepFinished | ev.StepFailed | ev.StepSkipped):
            self._finish(event.result)
        elif isinstance(event, ev.ApprovalRequired):
            names = ", ".join(str(s.get("description") or s.get("tool")) for s in event.steps)
            self.notes.append(f"approval needed: {names}")
        elif isinstance(event, ev.Notification):
            self.notes.append(
                f"notification: {event.title}{': ' + event.body if event.body else ''}"
            )
        elif isinstance(event, ev.ReplyDelta):
            self.reply += event.text
            self.streamed = True
        elif isinstance(event, ev.RunFinished):
            self.result = event.result
            if event.result.plan is not None and self.plan is None:
                self.set_plan(event.result.plan)
            if event.result.result is not None:
                for step in event.result.result.steps:
                    self._finish(step)
            if event.result.reply and event.result.status != "interrupted":
                self.reply = event.result.reply  # (an interrupted run's reply is the approval ask)

    def _step(self, step_id: str, tool: str) -> StepView:
        if step_id not in self.steps:
            self.steps[step_id] = StepView(step_id, tool, {}, [])
        return self.steps[step_id]

    def _finish(self, result: StepResult) -> None:
        view = self._step(result.step_id, result.tool)
        view.status = str(result.status)
        view.duration_ms = result.duration_ms
        if result.error is not None:
            view.detail = _error_text(result.error, self.verbose)
        elif result.display:
            view.detail = result.display
        elif result.cached:
            view.detail = "cached"


def plan_table(view: RunView, *, progress: bool = True, width: int | None = None) -> Table:
    """The plan as a table: mark, id, tool, arguments, dependencies (and time, result).

    Step ids and tool names stay whole and arguments take one line (cut with ``…``). On a
    narrow terminal (``width`` columns) a step's result goes under its arguments, in one column.
    """
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    steps = list(view.steps.values())
    with_after = any(step.depends_on for step in steps)
    arguments = {step.step_id: _arguments(step.arguments, limit=200) for step in steps}

    def widest(values: list[str], header: str) -> int:
        return max([len(header), *(len(v) for v in values)])

    fixed = [1, widest([s.step_id for s in steps], "step"), widest([s.tool for s in steps], "tool")]
    if with_after:
        fixed.append(widest([", ".join(s.depends_on) for s in steps], "after"))
    if progress:
        fixed.append(6)  # "999 ms", "12.3 s"
    room = (width or 10_000) - sum(fixed) - 2 * len(fixed)
    longest = widest(list(arguments.values()), "arguments")
    stacked = progress and room < 60  # too narrow for arguments and result side by side
    if progress and not stacked:
        args_width = min(longest, max(16, room * 2 // 5))
    else:
        args_width = max(12, room)
    table.add_column("", width=1, no_wrap=True)
    table.add_column("step", no_wrap=True)
    table.add_column("tool", no_wrap=True)
    if not stacked:
        table.add_column("arguments", no_wrap=True, overflow="ellipsis", max_width=args_width)
    if with_after:
        table.add_column("after", no_wrap=True)
    if progress:
        table.add_column("time", justify="right", no_wrap=True)
    if stacked:
        table.add_column("arguments / result", overflow="fold", max_width=args_width)
    elif progress:
        table.add_column("result", overflow="fold")
    for step in steps:
        mark: RenderableType
        if step.status == "running":
            mark = Spinner("dots", style="yellow")
            elapsed = time.monotonic() - (step.started or time.monotonic())
            took = f"{elapsed:.1f}s"
        else:
            symbol, style = _MARKS.get(step.status, ("?", ""))
            mark = Text(symbol, style=style)
            took = _ms(step.duration_ms) if step.duration_ms is not None else ""
        cells: list[Text] = [Text(step.step_id), Text(step.tool)]
        if not stacked:
            cells.append(Text(arguments[step.step_id]))
        if with_after:
            cells.append(Text(", ".join(step.depends_on)))
        if progress:
            cells.append(Text(took))
        if stacked:
            args = arguments[step.step_id]
            if len(args) > args_width:
                args = args[: args_width - 1] + "…"
            detail = _first_line(step.detail, 200)
            cells.append(Text(args + ("\n" + detail if detail else "")))
        elif progress:
            cells.append(Text(_first_line(step.detail, 200)))
        table.add_row(mark, *cells)
    return table


def print_plan(console: Console, plan: ExecutionPlan, heading: str) -> None:
    """A plan that is not running: heading, reasoning, steps, what it could not cover."""
    view = RunView()
    view.set_plan(plan)
    count = len(plan.steps)
    console.print(
        f"{heading}: {count} step{'s' if count != 1 else ''} (planner: {plan.planner or '?'})",
        markup=False,
        soft_wrap=True,
    )
    if plan.reasoning:
        console.print(plan.reasoning, style="dim", markup=False, soft_wrap=True)
    if plan.steps:
        console.print(plan_table(view, progress=False, width=console.width))
    for part in plan.unsupported:
        console.print(f"Not covered: {part}", markup=False, style="yellow", soft_wrap=True)


def _error_text(error: Any, verbose: bool) -> str:
    """A step's error for the user; with ``--verbose``, its technical detail in parentheses."""
    detail = error.details.get("detail") if verbose and error.details else None
    return f"{error.message} ({detail})" if detail else str(error.message)


def _first_line(text: str, limit: int = 100) -> str:
    """A step's result as one progress line: the answer itself is printed once, on stdout."""
    lines = text.strip().splitlines()
    first = lines[0] if lines else ""
    if len(first) > limit:
        return first[: limit - 1] + "…"
    return first + (" …" if len(lines) > 1 else "")


def _ms(value: float) -> str:
    return f"{value:.0f} ms" if value < 10_000 else f"{value / 1000:.1f} s"


def usage_line(result: ev.RunResult) -> str:
    """Tokens, cost and timings of a run, for ``--verbose``."""
    usage = result.usage
    parts = [f"status {result.status}", f"total {_ms(result.duration_ms)}"]
    if result.route is not None:
        parts.append(f"route {result.route.elapsed_ms:.1f} ms")
    if result.result is not None:
        parts.append(f"plan {_ms(result.result.duration_ms)}, {result.result.replans} replans")
    parts.append(
        f"{usage.llm_calls} LLM calls, {usage.input_tokens} in + {usage.output_tokens} out tokens, "
        f"${usage.cost_usd:.4f}, {usage.tool_calls} tool calls"
    )
    return " · ".join(parts)


class RunDisplay:
    """Draw a run's events live on a terminal, or as plain lines otherwise.

    Use as a context manager; call `handle` for each event.
    """

    def __init__(
        self, console: Console, *, verbose: bool = False, live: bool | None = None
    ) -> None:
        self.console = console
        self.verbose = verbose
        self.live_mode = console.is_terminal if live is None else live
        self.view = RunView(verbose=verbose)
        self._live: Live | None = None
        self._progress = Console(stderr=True, highlight=False, no_color=console.no_color)
        self._reply_open = False
        self._closing = False

    def __enter__(self) -> RunDisplay:
        if self.live_mode:
            self._live = Live(
                get_renderable=self.render,
                console=self.console,
                refresh_per_second=10,
                transient=False,
                redirect_stdout=False,
                redirect_stderr=False,
            )
            self._live.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop drawing (the last frame stays on screen)."""
        if self._live is not None:
            self._closing = True  # the last frame leaves the reply out; it is printed below
            self._live.refresh()
            self._live.stop()
            self._live = None
            self._closing = False
            if self.view.reply:
                self.console.line()
                self.console.print(self.view.reply, markup=False, highlight=False)
        elif self._reply_open:
            sys.stdout.write("\n")
            sys.stdout.flush()
            self._reply_open = False

    def reset(self) -> None:
        """Start a fresh view (a resumed run draws its own frame)."""
        self.close()
        self.view = RunView(verbose=self.verbose)
        self.__enter__()

    # --- events --------------------------------------------------------------------------
    def handle(self, event: ev.Event) -> None:
        """Show one event."""
        self.view.apply(event)
        if self._live is not None:
            self._live.refresh()
            return
        self._plain(event)

    def render(self) -> RenderableType:
        """The current frame."""
        view = self.view
        parts: list[RenderableType] = []
        if view.route is not None:
            parts.append(Text.assemble(("route  ", "bold"), describe_route(view.route)))
        if view.plan is not None and view.plan.reasoning:
            parts.append(Text.assemble(("plan   ", "bold"), view.plan.reasoning, style="dim"))
        if view.steps:
            parts.append(plan_table(view, width=self.console.width))
        parts.extend(Text(note, style="magenta") for note in view.notes)
        if view.reply and not self._closing:
            parts.append(Text(""))
            parts.append(Text(view.reply))
        elif view.result is None and not view.steps:
            parts.append(Spinner("dots", text="thinking…"))
        if self.verbose and view.result is not None:
            parts.append(Text(usage_line(view.result), style="dim"))
        return Group(*parts)

    def _say(self, text: str) -> None:
        self._progress.print(text, markup=False, soft_wrap=True)

    def _plain(self, event: ev.Event) -> None:
        if isinstance(event, ev.RouteDecided):
            self._say(f"route: {describe_route(event.decision)}")
        elif isinstance(event, ev.PlanCreated | ev.Replanned):
            plan = event.plan
            if isinstance(event, ev.Replanned):
                self._say(f"replanned (v{plan.version}): {event.reason or 'a step failed'}")
            count = len(plan.steps)
            self._say(
                f"plan: {count} step{'s' if count != 1 else ''} ({plan.planner or 'planner'})"
            )
            for step in plan.steps:
                after = f" after {', '.join(step.depends_on)}" if step.depends_on else ""
                self._say(f"  {step.id} {step.tool} {_arguments(step.arguments)}{after}")
            for part in plan.unsupported:
                self._say(f"  unsupported: {part}")
        elif isinstance(event, ev.StepStarted):
            self._say(f"[{event.step_id}] running {event.tool}")
        elif isinstance(event, ev.StepFinished | ev.StepFailed | ev.StepSkipped):
            result = event.result
            error = _error_text(result.error, self.verbose) if result.error else ""
            detail = _first_line(error or result.display or "", 400 if self.verbose else 100)
            self._say(
                f"[{result.step_id}] {result.status} in {_ms(result.duration_ms)}"
                + (f": {detail}" if detail else "")
            )
        elif isinstance(event, ev.ApprovalRequired):
            for pending in event.steps:
                self._say(
                    f"approval needed: {pending.get('step_id')} {pending.get('tool')} "
                    f"{_arguments(dict(pending.get('arguments') or {}))}"
                )
        elif isinstance(event, ev.Notification):
            self._say(f"notification: {event.title}{': ' + event.body if event.body else ''}")
        elif isinstance(event, ev.ReplyDelta):
            sys.stdout.write(event.text)
            sys.stdout.flush()
            self._reply_open = True
        elif isinstance(event, ev.RunFinished):
            if self._reply_open:
                sys.stdout.write("\n")
                self._reply_open = False
            elif event.result.reply and event.result.status != "interrupted":
                sys.stdout.write(event.result.reply + "\n")
            sys.stdout.flush()
            if self.verbose:
                self._say(usage_line(event.result))
