"""The command starts fast: `--version` and a one-step offline `ask` load only what they use.

Each check runs the real command in a fresh interpreter and reads its `sys.modules` afterwards,
so an import added at module level anywhere on the path shows up here, not as a slow start-up
found later in the benchmarks (docs/benchmarks.md, start-up).
"""

from __future__ import annotations

import ast
import copy
import json
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agent_system._lazy import LazyPattern, lazy_pattern
from agent_system.roles import declaration

ROOT = Path(__file__).parents[2]

_CHILD = """
import json, sys
out, sys.argv = sys.argv[1], ["agent-system", *sys.argv[2:]]
from agent_system.cli import main
try:
    main()
    code = 0
except SystemExit as done:
    code = done.code
modules = sorted(sys.modules)
from agent_system._lazy import LazyPattern
rules = [
    value
    for name, module in list(sys.modules.items())
    if name.split(".")[0] in ("agent_system", "roles", "tools")
    for value in list(vars(module).values())
    if isinstance(value, LazyPattern)
]
with open(out, "w") as file:
    json.dump({"code": code, "modules": modules, "rules": len(rules),
               "compiled": sum(rule.compiled for rule in rules)}, file)
"""

_LLM_AND_SERVER = (
    "openai",
    "langchain_openai",
    "tiktoken",
    "fastapi",
    "starlette",
    "uvicorn",
    "mcp",
    "psycopg",
    "dateparser",
    "jsonschema",
    "agent_system.server",
    "agent_system.planning._llm_planner",
    "agent_system.routing._llm",
)
"""Loaded only with a model configured, a server, MCP, Postgres or a date parser's fallback."""


def _run(tmp_path: Path, *args: str) -> dict[str, Any]:
    out = tmp_path / "child.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "AGENT_SYSTEM_"))}
    env.update(AGENT_SYSTEM_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT), NO_COLOR="1")
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(out), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.exists(), done.stderr
    result: dict[str, Any] = json.loads(out.read_text())
    result["stdout"] = done.stdout
    return result


def _loaded(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == n or m.startswith(n + ".") for n in names)]


def test_version_loads_neither_the_command_tree_nor_the_engine(tmp_path: Path) -> None:
    child = _run(tmp_path, "--version")
    assert child["code"] == 0
    assert child["stdout"].startswith("agent-system ")
    heavy = ("typer", "rich", "pydantic", "langgraph", "langchain_core", "httpx", "numpy")
    assert _loaded(child["modules"], heavy + _LLM_AND_SERVER) == []


def test_a_one_step_offline_ask_loads_no_llm_client_server_or_parser_fallback(
    tmp_path: Path,
) -> None:
    child = _run(tmp_path, "ask", "set a timer for 5 minutes")
    assert child["code"] == 0
    assert "Timer set for 5 minutes" in child["stdout"]
    assert _loaded(child["modules"], _LLM_AND_SERVER) == []


def test_a_one_step_ask_compiles_only_the_rules_it_reaches(tmp_path: Path) -> None:
    child = _run(tmp_path, "ask", "set a timer for 5 minutes")
    assert child["code"] == 0
    assert child["rules"] > 500  # the understanding rules are module-level lazy patterns
    assert child["compiled"] < child["rules"] / 4


def _module_level_compiles(path: Path) -> list[int]:
    lines: list[int] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue  # compiled when called, and cached by `re`
            func = child.func if isinstance(child, ast.Call) else None
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "compile"
                and isinstance(func.value, ast.Name)
                and func.value.id == "re"
            ):
                lines.append(child.lineno)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return lines


def test_module_level_rules_are_compiled_on_first_use() -> None:
    eager = [
        f"{path.relative_to(ROOT)}:{line}"
        for package in ("agent_system", "roles", "tools")
        for path in sorted((ROOT / package).rglob("*.py"))
        for line in _module_level_compiles(path)
    ]
    assert eager == [], (
        "Module-level re.compile slows every start-up; use "
        "agent_system._lazy.lazy_pattern (same arguments) instead"
    )


def _identity_with_a_match_rule(path: Path) -> list[int]:
    return [
        node.lineno
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Compare)
        and any(isinstance(op, ast.Is | ast.IsNot) for op in node.ops)
        and any(
            isinstance(side, ast.Attribute) and side.attr == "re"
            for side in (node.left, *node.comparators)
        )
    ]


def test_no_rule_is_told_apart_by_the_identity_of_a_match_pattern() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for package in ("agent_system", "roles", "tools")
        for path in sorted((ROOT / package).rglob("*.py"))
        for line in _identity_with_a_match_rule(path)
    ]
    assert found == [], (
        "A match's .re is the compiled pattern, never the lazy rule: compare sources "
        "(found.re.pattern == RULE.pattern)"
    )


def test_a_lazy_pattern_compiles_on_first_use_and_answers_like_a_pattern() -> None:
    source = r"(?P<minutes>\d+)\s+min(?:ute)?s?"
    rule = lazy_pattern(source, re.IGNORECASE)
    assert isinstance(rule, LazyPattern)
    assert rule.pattern == source  # reading the source compiles nothing
    assert not rule.compiled
    found = rule.search("set a timer for 5 Minutes")
    assert rule.compiled
    assert found is not None and found["minutes"] == "5"
    real = re.compile(source, re.IGNORECASE)
    assert rule.sub("-", "2 mins, 3 minutes") == real.sub("-", "2 mins, 3 minutes")
    assert rule.groupindex == real.groupindex
    assert rule.flags == real.flags
    assert [m.group() for m in rule.finditer("1 min 2 min")] == ["1 min", "2 min"]


def test_a_lazy_pattern_survives_copies_and_pickling() -> None:
    rule = lazy_pattern(r"\btea\b")
    assert copy.deepcopy(rule) is rule
    again = pickle.loads(pickle.dumps(rule))
    assert again.pattern == rule.pattern
    assert again.search("a cup of tea") is not None
    assert lazy_pattern(rule) is rule


@pytest.mark.parametrize("given", ["sunset|sunrise", "lazy", "compiled"])
def test_a_role_that_needs_the_home_for_some_words_keeps_them_as_a_pattern(given: str) -> None:
    words = "sunset|sunrise"
    needs_home: Any = {
        "sunset|sunrise": words,
        "lazy": lazy_pattern(words, re.IGNORECASE),
        "compiled": re.compile(words, re.IGNORECASE),
    }[given]

    class Role:
        name = f"sun_{given}"
        description = "Lights at sunset."
        examples = ("lights on at sunset",)

    Role.needs_home = needs_home  # type: ignore[attr-defined]
    declared = declaration(Role())  # type: ignore[arg-type]
    assert not isinstance(declared.needs_home, bool)
    assert declared.needs_home.search("turn the lights on at SUNSET") is not None
    assert declared.needs_home.search("turn the lights on") is None
