"""Public names are exported explicitly and pinned (like httpx's tests/test_exported_members.py).

Changing a public surface is a decision: update `PUBLIC` in the same commit, and say so.
"""

from __future__ import annotations

import ast
import importlib
import types
from collections import defaultdict
from pathlib import Path

import pytest

PUBLIC: dict[str, list[str]] = {
    "agent_system": [
        "AgentSystem",
        "AgentSystemError",
        "ErrorCode",
        "ErrorInfo",
        "ExecutionPlan",
        "ExecutionStep",
        "PlanResult",
        "Ref",
        "RouteDecision",
        "RunResult",
        "Settings",
        "SideEffect",
        "StepResult",
        "ToolContext",
        "ToolOutput",
        "ToolRegistry",
        "ToolSpec",
        "__version__",
        "tool",
    ],
    "agent_system.api": ["AgentSystem", "ThreadInfo", "ThreadNotFoundError"],
    "agent_system.cli": ["main"],
    "agent_system.config": ["Settings", "config_path", "default_home", "unknown_config_keys"],
    "agent_system.deps": [
        "PLANNER",
        "REGISTRY",
        "REPLANNER",
        "ROLES",
    ],
    "agent_system.errors": [
        "AgentSystemError",
        "BudgetExceededError",
        "CircuitOpenError",
        "ConfigurationError",
        "DuplicateToolError",
        "ErrorCode",
        "ErrorInfo",
        "InvalidArgumentsError",
        "LLMAuthError",
        "LLMError",
        "LLMOutputError",
        "PlanError",
        "PlanValidationError",
        "PluginError",
        "Severity",
        "ToolError",
        "ToolExecutionError",
        "ToolTimeoutError",
    ],
    "agent_system.events": [
        "ApprovalRequired",
        "Event",
        "EventAdapter",
        "Notification",
        "PlanCreated",
        "Replanned",
        "ReplyDelta",
        "RouteDecided",
        "RunFinished",
        "RunResult",
        "StepFailed",
        "StepFinished",
        "StepSkipped",
        "StepStarted",
    ],
    "agent_system.execution": [
        "BreakerBoard",
        "CircuitBreaker",
        "CircuitState",
        "EventCallback",
        "IntentSink",
        "MIN_RETRY_ATTEMPTS",
        "ResultCache",
        "ScheduleOutcome",
        "StepExecutor",
        "StepRunner",
        "cache_key",
        "normalise_output",
        "run_plan",
    ],
    "agent_system.graph": [],
    "agent_system.idempotency": [
        "IDEMPOTENCY_HEADER",
        "current_key",
        "earlier_result",
        "idempotency_key",
        "key_scope",
        "once",
        "once_change",
        "prune",
        "prune_daily",
        "write_marker",
    ],
    "agent_system.llm": [
        "Budget",
        "CallUsage",
        "DEFAULT_OUTPUT_TOKENS",
        "OPENAI_DEFAULT_BASE_URL",
        "Prices",
        "Reservation",
        "RunScope",
        "ScriptExhaustedError",
        "ScriptedCall",
        "ScriptedChatModel",
        "ScriptedTurn",
        "StreamCallback",
        "StructuredMode",
        "TIERS",
        "Tier",
        "UsageTracker",
        "build_models",
        "complete",
        "cost_usd",
        "current_scope",
        "estimate_tokens",
        "guarded_call",
        "invoke_structured",
        "message_text",
        "model_spec",
        "price_for",
        "resolve_model",
        "response_format",
        "run_scope",
        "strict_json_schema",
        "translate_error",
    ],
    "agent_system.planning": [
        "ConditionError",
        "ExecutionPlan",
        "ExecutionStep",
        "FailurePolicy",
        "PlanResult",
        "Planner",
        "Ref",
        "ReferenceResolutionError",
        "ReplanRequest",
        "Replanner",
        "StepResult",
        "check_plan",
        "evaluate",
        "find_refs",
        "resolve",
        "validate_plan",
    ],
    "agent_system.planning.models": [
        "AllOf",
        "AnyOf",
        "Comparison",
        "Condition",
        "ExecutionPlan",
        "ExecutionStep",
        "Exists",
        "FailurePolicy",
        "MAX_STEPS",
        "Not",
        "PlanResult",
        "PlanStatus",
        "Ref",
        "ReplanRequest",
        "RetrySpec",
        "RunStatus",
        "StepResult",
        "StepStatus",
        "Usage",
        "run_status",
    ],
    "agent_system.registry": [
        "BUILTIN_TOOL_MODULES",
        "ENTRY_POINT_GROUP",
        "Intent",
        "SideEffect",
        "ToolContext",
        "ToolIndex",
        "ToolOutput",
        "ToolRegistry",
        "ToolSpec",
        "aload_plugins",
        "build_registry",
        "load_function_spec_file",
        "load_plugins",
        "normalize_schema",
        "parse_function_specs",
        "spec_from_function",
        "spec_from_function_schema",
        "spec_from_langchain_tool",
        "tool",
        "validate_registry",
        "validate_spec",
    ],
    "agent_system.registry.spec": [
        "Approval",
        "Intent",
        "SideEffect",
        "ToolContext",
        "ToolOutput",
        "ToolSpec",
        "tool",
    ],
    "agent_system.repository": [
        "Record",
        "Repository",
        "SQLiteRepository",
        "due_of",
        "open_repository",
    ],
    "agent_system.roles": [
        "BUILTIN_ROLES",
        "CANNOT_OFFLINE",
        "Clarification",
        "ConditionVocabulary",
        "NOT_UNDERSTOOD",
        "ROLE_ENTRY_POINT_GROUP",
        "Role",
        "RoleCall",
        "RoleDeclaration",
        "RolePlan",
        "SPEAKER_AREA",
        "builtin_role_names",
        "calls_of",
        "declaration",
        "did_you_mean",
        "load_roles",
        "role_slots",
        "with_previous_turn",
    ],
    "agent_system.routing": [
        "EmbeddedRouter",
        "HybridRouter",
        "LLMRouter",
        "RouteChoice",
        "RouteDecision",
        "RouteRequest",
        "RouteTarget",
        "Router",
        "Turn",
        "load_default_router",
    ],
    "agent_system.routing.ha_sentences": ["CLASS_OF_INTENT", "OUT_PATH", "generate", "main"],
    "agent_system.routing.models": [
        "RouteDecision",
        "RouteRequest",
        "RouteTarget",
        "Router",
        "Turn",
    ],
    "agent_system.routing.slots": [
        "When",
        "extract",
        "extract_label",
        "format_day",
        "format_duration",
        "format_moment",
        "invalid_time",
        "parse_date_range",
        "parse_datetime",
        "parse_duration",
        "parse_when",
        "strip_when",
    ],
    "agent_system.routing.train": [
        "ATTRIBUTION",
        "CHAT_INTENTS",
        "DEFAULT_DATA_DIR",
        "EXTRA_CONVERSATION_INTENTS",
        "PENDING_CLASSES",
        "TrainConfig",
        "build_training_set",
        "intent_classes",
        "label_for",
        "load_role_map",
        "main",
        "train",
        "training_classes",
    ],
    "agent_system.runtime": [
        "Clock",
        "Dependency",
        "FakeClock",
        "Runtime",
        "SystemClock",
        "declared_dependencies",
        "resolve_timezone",
    ],
    "agent_system.server": ["app_from_env", "check_bind", "create_app", "serve"],
    "agent_system.testing": ["make_runtime", "make_settings"],
    "agent_system.understanding": [
        "Clause",
        "normalize",
        "numbers_to_digits",
        "opens_request",
        "split_clauses",
    ],
    "agent_system.understanding.locale": [
        "COORDINATES",
        "format_clock",
        "format_date",
        "format_long_date",
        "format_speed",
        "format_temperature",
        "home_fact",
        "home_location",
        "home_statement",
        "locale_scope",
    ],
    "agent_system.values": ["RetrySpec", "Usage"],
}
"""Every public module's ``__all__``, sorted. Old import paths (re-exports) stay listed.

Its keys are exactly the public modules: every other module of `agent_system` is an
implementation detail with a leading underscore (``agent_system/graph/_nodes.py``), free to change.
Plugin and role authors import from these; the `roles/` and `tools/` packages may import private
modules (they ship in the same distribution)."""


def _public_modules() -> set[str]:
    root = Path(__file__).parents[1] / "agent_system"
    found = set()
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if not any(part.startswith("_") for part in parts):
            found.add(".".join(parts))
    return found


def test_the_public_modules_are_exactly_these() -> None:
    """A new module is private (``_name.py``) unless it is meant as API: then list it here."""
    assert _public_modules() == set(PUBLIC)


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_every_public_module_exports_exactly_its_pinned_names(name: str) -> None:
    module = importlib.import_module(name)
    assert sorted(module.__all__) == PUBLIC[name]
    for member in module.__all__:
        assert hasattr(module, member), f"{name}.{member} is in __all__ but missing"


def test_the_top_level_package_holds_nothing_public_beyond_its_exports() -> None:
    import agent_system

    stray = {
        n
        for n, v in vars(agent_system).items()
        if not n.startswith("_")
        and not isinstance(v, types.ModuleType)
        and n not in agent_system.__all__
    }
    assert stray <= {"Any", "TYPE_CHECKING", "annotations"}


def _package_imports() -> dict[str, set[str]]:
    """Engine package -> engine packages it imports at module level (TYPE_CHECKING and
    function-level imports left out)."""
    root = Path(__file__).parents[1] / "agent_system"
    edges: dict[str, set[str]] = defaultdict(set)
    for path in root.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[0] in ("__init__", "__main__"):
            continue
        source = parts[0]
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("agent_system."):
                target = (node.module or "").split(".")[1]
                if target != source:
                    edges[source].add(target)
    return edges


KNOWN_CYCLES: set[tuple[str, str]] = set()
"""Cycles to remove, not to add to (none left: slot parsing moved to understanding.slots)."""


def test_engine_packages_import_one_another_without_cycles() -> None:
    edges = _package_imports()
    for source, target in KNOWN_CYCLES:
        edges[source].discard(target)
    assert "planning" not in edges["registry"] and "planning" not in edges["llm"]
    assert edges["values"] == set()  # the leaf of shared value types
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, f"import cycle: {' -> '.join((*path, node))}"
        if node in done:
            return
        for target in sorted(edges.get(node, ())):
            visit(target, (*path, node))
        done.add(node)

    for package in sorted(edges):
        visit(package, ())


def test_old_import_paths_of_moved_value_types_still_work() -> None:
    from agent_system import values
    from agent_system.planning.models import RetrySpec, Usage

    assert (RetrySpec, Usage) == (values.RetrySpec, values.Usage)
