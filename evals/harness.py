"""Drive requests through the public API (`AgentSystem`), offline, in a temporary home.

`Harness` opens an `AgentSystem` with a temporary ``AGENT_SYSTEM_HOME`` (no LLM: the OpenAI
settings are cleared), a simulated home from a TOML file, and answers one question per request:

- :meth:`Harness.observe` routes (``aroute``) and plans (``aplan``) a request, and, when asked and
  every planned tool is local (no network: weather and search are judged by their plan), runs it
  (``arun``, then ``aresume`` with approval when a step waits for it) and records what the run
  stored: rows added or changed in the roles' tables, and devices whose state changed. Stored
  state is reset after each run, so every request starts from the same home.
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any

from agent_system.api import AgentSystem
from agent_system.config import Settings
from agent_system.routing.slots import parse_duration

__all__ = ["HOME_LOCATION", "LOCAL_ROLES", "Harness", "Outcome"]

LOCAL_ROLES = frozenset(
    {"timer", "calendar", "lists", "smart_home", "conversation", "memory", "notify", "summarize"}
)
"""Roles whose tools work without the network (only their plans are ever run)."""
_ROLE_TABLES = re.compile(
    r"^(smart_home|timer|calendar|list|todo|shopping|memor|notif|records$)", re.I
)
HOME_LOCATION = "London"
"""The simulated user's `location` setting."""
_CLEARED_ENV = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL")


@dataclass
class Outcome:
    """What the system did with one request."""

    text: str
    target: str = ""
    role: str | None = None
    """The routed role, ``"planner"`` when the router sent it to planning."""
    confidence: float = 0.0
    route_ms: float = 0.0
    """The router's own decision time (wall clock, `RouteDecision.elapsed_ms`)."""
    route_cpu_ms: float = 0.0
    """CPU time of the ``aroute`` call (this thread): the decision's cost on a busy machine."""
    tools: list[str] = field(default_factory=list)
    descriptions: list[str] = field(default_factory=list)
    """Each planned step's description (the embedded planner's: the clause it serves)."""
    arguments: list[dict[str, Any]] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    ran: bool = False
    stored: dict[str, int] = field(default_factory=dict)
    """Table -> rows added or changed by the run (roles' tables only)."""
    devices: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    """Device id -> (state, attributes) after the run, for devices the run changed."""
    reply: str = ""
    status: str = ""
    error: str = ""
    question: str = ""
    """The question the routed role asked instead of planning (a clarification), if any."""
    answer: str = ""
    """What the simulated user answered to `question` (`Harness.answer`)."""
    answered: Outcome | None = None
    """The turn that answered `question`, in the same thread."""
    scheduled: list[Outcome] = field(default_factory=list)
    """For each ``timer.set`` step that carries a command ("make coffee at 8am"), the plan of
    that command (what runs when the timer rings), in step order."""
    rings_at: str = ""
    """Of a scheduled command: when its timer rings (ISO date-time, to the minute)."""
    planned_at: datetime | None = None
    """When the plan was made: a moment said from now ("in ten minutes") counts from it."""


class Harness:
    """An offline `AgentSystem` in a temporary home, with helpers to observe requests."""

    def __init__(self, home_toml: str, *, settings: dict[str, Any] | None = None) -> None:
        self._home_toml = home_toml
        self._overrides = settings or {}
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self._saved_env: dict[str, str | None] = {}
        self.system: AgentSystem | None = None
        self.supports_area = False
        self._baseline: dict[str, tuple[str, dict[str, Any]]] = {}

    async def __aenter__(self) -> Harness:
        self._tmp = tempfile.TemporaryDirectory(prefix="agent-system-eval-")
        home = Path(self._tmp.name)
        toml = home / "home.toml"
        toml.write_text(self._home_toml, encoding="utf-8")
        (home / "config.toml").write_text("", encoding="utf-8")
        env = {"AGENT_SYSTEM_HOME": str(home), "AGENT_SYSTEM_CONFIG": str(home / "config.toml")}
        for key in (*env, *_CLEARED_ENV):
            self._saved_env[key] = os.environ.get(key)
        os.environ.update(env)
        for key in _CLEARED_ENV:
            os.environ.pop(key, None)
        values: dict[str, Any] = {
            "home": home,
            "home_config": toml,
            "model": "embedded",
            "openai_api_key": None,
            "openai_base_url": None,
            "load_entry_points": False,
            "timezone": "UTC",
            "smart_home_backend": "simulated",
            # every request is judged alone: one failing tool must not open the circuit
            # breaker for the requests after it
            "breaker_failures": 1_000_000,
            # the user has set a home location (`agent-system config set location ...`), as
            # the product asks: "what's the weather like" is about home, not a question back
            "location": HOME_LOCATION,
        }
        values.update(self._overrides)
        self.system = AgentSystem(Settings(**values))
        await self.system.aopen()
        self.supports_area = "area" in inspect.signature(self.system.arun).parameters
        self._baseline = await self._device_states()
        await self.system.aroute("warm up")  # load the model: latencies are steady-state ones
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.system is not None:
            await self.system.aclose()
        for key, value in self._saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        if self._tmp is not None:
            self._tmp.cleanup()

    @property
    def _sys(self) -> AgentSystem:
        assert self.system is not None, "use `async with Harness(...)`"
        return self.system

    def today(self) -> date:
        return self._sys.engine.runtime.clock.now().date()

    @property
    def registry(self) -> Any:
        return self._sys.engine.registry

    def tool_names(self) -> list[str]:
        return sorted(self._sys.engine.registry.names())

    def roles(self) -> frozenset[str]:
        return frozenset(self._sys.engine.roles)

    def _area(self, area: str | None) -> dict[str, Any]:
        return {"area": area} if area and self.supports_area else {}

    async def route(self, text: str, *, area: str | None = None) -> Outcome:
        """Only the route decision (``aroute``)."""
        out = Outcome(text=text)
        try:
            cpu = time.thread_time()
            decision = await self._sys.aroute(text, **self._area(area))
            out.route_cpu_ms = (time.thread_time() - cpu) * 1000
        except Exception as exc:  # a crash is a miss, reported with its message
            out.error = f"{type(exc).__name__}: {exc}"
            return out
        out.target = str(decision.target)
        out.role = decision.role if decision.target == "fast_reply" else "planner"
        out.confidence, out.route_ms = decision.confidence, decision.elapsed_ms
        return out

    async def planned_tools(self, text: str) -> list[str]:
        """The tools ``aplan`` plans for `text` (a crash plans nothing)."""
        try:
            plan = await self._sys.aplan(text)
        except Exception:  # a crash is a miss, as in `route`
            return []
        return [step.tool for step in plan.steps]

    async def observe(self, text: str, *, run: bool = False, area: str | None = None) -> Outcome:
        """Route and plan `text`; run it too when `run` and every planned tool is local."""
        system = self._sys
        out = Outcome(text=text)
        extra = self._area(area)
        try:
            cpu = time.thread_time()
            decision = await system.aroute(text, **extra)
            out.route_cpu_ms = (time.thread_time() - cpu) * 1000
            out.target = str(decision.target)
            out.role = decision.role if decision.target == "fast_reply" else "planner"
            out.confidence = decision.confidence
            out.route_ms = decision.elapsed_ms
            plan = await system.aplan(text, **extra)
            out.tools = [step.tool for step in plan.steps]
            out.descriptions = [step.description or "" for step in plan.steps]
            out.arguments = [dict(step.arguments) for step in plan.steps]
            out.unsupported = list(plan.unsupported)
            out.planned_at = plan.created_at
            out.scheduled = await self._scheduled(plan, extra)
            if (
                not plan.steps
                and plan.planner == f"role:{out.role}"
                and len(plan.unsupported) == 1
                and plan.unsupported[0].rstrip().endswith("?")
            ):
                out.question = plan.unsupported[0].strip()
        except Exception as exc:  # a crash is a miss, reported with its message
            out.error = f"{type(exc).__name__}: {exc}"
            return out
        if run and out.tools and all(t.split(".")[0] in LOCAL_ROLES for t in out.tools):
            await self._run(text, out, extra)
        return out

    async def answer(
        self, text: str, out: Outcome, reply: str, *, run: bool = False, area: str | None = None
    ) -> Outcome:
        """Ask `text` in a new thread (the role asks `out.question`), then say `reply` there:
        the answering turn's plan, and its stored result when `run` and its tools are local."""
        system = self._sys
        extra = self._area(area)
        thread = str(uuid.uuid4())
        answered = Outcome(text=reply)
        try:
            asked = await system.arun(text, thread_id=thread, **extra)
            if asked.plan is not None and asked.plan.steps:
                answered.error = "the question turn planned steps"
                return answered
            decision = await system.aroute(reply, thread_id=thread, **extra)
            answered.role = decision.role if decision.target == "fast_reply" else "planner"
            plan = await system.aplan(reply, thread_id=thread, **extra)
            answered.tools = [step.tool for step in plan.steps]
            answered.arguments = [dict(step.arguments) for step in plan.steps]
            answered.unsupported = list(plan.unsupported)
            answered.planned_at = plan.created_at
            answered.scheduled = await self._scheduled(plan, extra)
            if (
                run
                and answered.tools
                and all(t.split(".")[0] in LOCAL_ROLES for t in answered.tools)
            ):
                result = await system.arun(reply, thread_id=thread, **extra)
                answered.ran = True
                answered.reply, answered.status = result.reply, result.status
                answered.stored = self._stored_rows()
        except Exception as exc:  # a crash is a miss, reported with its message
            answered.error = f"{type(exc).__name__}: {exc}"
        finally:
            self._reset()
        out.answer, out.answered = reply, answered
        return answered

    async def _scheduled(self, plan: Any, extra: dict[str, Any]) -> list[Outcome]:
        """The plans of the commands that `plan`'s timers run when they ring (see `Outcome`);
        the ring time counts from when the plan was made (the role's own "now")."""
        found: list[Outcome] = []
        for step in plan.steps:
            command = str(step.arguments.get("command") or "").strip()
            if step.tool != "timer.set" or not command:
                continue
            later = Outcome(text=command)
            wait = parse_duration(str(step.arguments.get("duration") or ""))
            now = plan.created_at
            try:
                plan = await self._sys.aplan(command, thread_id=str(uuid.uuid4()), **extra)
            except Exception as exc:  # a crash is a miss, reported with its message
                later.error = f"{type(exc).__name__}: {exc}"
                found.append(later)
                continue
            later.tools = [step.tool for step in plan.steps]
            later.arguments = [dict(step.arguments) for step in plan.steps]
            if wait is not None:
                rings = (now + wait + timedelta(seconds=30)).replace(second=0, microsecond=0)
                later.rings_at = rings.isoformat()
            found.append(later)
        return found

    async def _run(self, text: str, out: Outcome, extra: dict[str, Any]) -> None:
        system = self._sys
        thread = str(uuid.uuid4())
        try:
            result = await system.arun(text, thread_id=thread, **extra)
            for _ in range(3):
                if not result.pending_approval:
                    break
                result = await system.aresume(thread, True)
            out.ran = True
            out.reply, out.status = result.reply, result.status
            out.stored = self._stored_rows()
            after = await self._device_states()
            out.devices = {k: v for k, v in after.items() if self._baseline.get(k) != v}
        except Exception as exc:
            out.error = f"{type(exc).__name__}: {exc}"
        finally:
            self._reset()

    def _role_tables(self) -> list[str]:
        db = self._sys.engine.runtime.db
        rows = db.query("SELECT name FROM sqlite_master WHERE type = 'table'")
        return [r["name"] for r in rows if _ROLE_TABLES.match(r["name"])]

    def _stored_rows(self) -> dict[str, int]:
        """Rows per role table; the shared ``records`` table counted per collection."""
        db = self._sys.engine.runtime.db
        counts: dict[str, int] = {}
        for table in self._role_tables():
            if table.lower() == "records":  # agent_system.repository: one row per record
                try:
                    rows = db.query(
                        'SELECT collection, COUNT(*) AS n FROM "records" GROUP BY collection'
                    )
                    counts.update({f"records:{r['collection']}": int(r["n"]) for r in rows})
                    continue
                except Exception:  # another shape: count the table as a whole
                    pass
            counts[table] = int(db.query(f'SELECT COUNT(*) AS n FROM "{table}"')[0]["n"])
        return {t: n for t, n in counts.items() if n}

    def _reset(self) -> None:
        db = self._sys.engine.runtime.db
        for table in self._role_tables():
            db.execute(f'DELETE FROM "{table}"')

    async def _device_states(self) -> dict[str, tuple[str, dict[str, Any]]]:
        home_backend: Any = None
        for module in ("roles.smart_home._common", "roles.smart_home.tools"):
            try:
                home_backend = importlib.import_module(module).home_backend
                break
            except (ImportError, AttributeError):
                continue
        if home_backend is None:
            raise RuntimeError("roles.smart_home has no home_backend(runtime): update evals")
        backend = home_backend(self._sys.engine.runtime)
        return {d.id: (d.state, dict(d.attributes)) for d in await backend.devices()}
