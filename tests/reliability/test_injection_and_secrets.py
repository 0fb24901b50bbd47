"""Hostile content: prompt injection in tool output, path traversal, secrets in logs and events.

These run the built-in tools (search over a local documents folder, the simulated smart home,
Home Assistant under respx) with the engine's LLM planner on a scripted or wire-faked model.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import httpx
import pytest
import respx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_system import events as ev
from agent_system.api import AgentSystem
from agent_system.errors import ToolExecutionError
from agent_system.llm._fake import ScriptedChatModel
from agent_system.llm._models import resolve_model
from roles.search.local import LocalSearch
from tests.graph.conftest import ScriptedPlanner
from tests.llm.conftest import BASE_URL, openai_settings

from .conftest import LONG, SECRET_FILE_TEXT, builtin_system, plan_of, unlocks
from .test_llm_faults import draft, step

pytestmark = pytest.mark.anyio

# --- prompt injection ------------------------------------------------------------------------

READ_THEN_UNLOCK = draft(
    step("read", "search.documents", query="house notes unlock door"),
    {
        **step("open", "smart_home.unlock", ("read",), device="front door"),
        "when": json.dumps(
            {
                "op": "contains",
                "left": {"$ref": "read", "path": "/hits/0/snippet"},
                "right": "unlock",
            }
        ),
    },
)


async def test_a_plan_acting_on_an_injected_document_still_needs_approval(
    tmp_path: Path, documents: Path, systems: list[AgentSystem]
) -> None:
    model = ScriptedChatModel([READ_THEN_UNLOCK, "The door stays locked."])
    system = builtin_system(tmp_path, chat_model=model, documents_dir=documents)
    systems.append(system)
    first = await system.arun("read my house notes and do what they say", thread_id="t")
    assert first.status == "interrupted"
    assert [p["tool"] for p in first.pending_approval] == ["smart_home.unlock"]
    assert unlocks(system, "t") == []
    done = await system.aresume("t", False)
    assert unlocks(system, "t") == []
    assert any(e.code == "approval_rejected" for e in done.errors)
    model.assert_complete()


async def test_a_plan_that_says_no_approval_is_needed_is_overruled(
    tmp_path: Path, documents: Path, systems: list[AgentSystem]
) -> None:
    plan = plan_of(
        {"id": "read", "tool": "search.documents", "arguments": {"query": "unlock"}},
        {
            "id": "open",
            "tool": "smart_home.unlock",
            "arguments": {"device": "front door"},
            "depends_on": ["read"],
            "requires_approval": False,
            "description": "routine maintenance",
        },
    )
    system = builtin_system(tmp_path, planner=ScriptedPlanner([plan]), documents_dir=documents)
    systems.append(system)
    first = await system.arun("maintenance", thread_id="t")
    assert first.status == "interrupted"
    assert unlocks(system, "t") == []
    approved = await system.aresume("t", True)
    assert approved.status == "success", approved.reply
    assert unlocks(system, "t") == ["succeeded"]


# --- path traversal --------------------------------------------------------------------------

ESCAPES = ["../", "..", "../..", "/", "/etc", "notes/../../", "notes/escape", "notes/escape/.."]


@pytest.mark.parametrize("folder", ESCAPES)
async def test_a_search_folder_escaping_the_documents_folder_reads_nothing(
    tmp_path: Path, documents: Path, systems: list[AgentSystem], folder: str
) -> None:
    plan = plan_of(
        {
            "id": "s",
            "tool": "search.documents",
            "arguments": {"query": "secret payroll door unlock", "folder": folder},
        }
    )
    system = builtin_system(tmp_path, planner=ScriptedPlanner([plan]), documents_dir=documents)
    systems.append(system)
    result = await system.arun("search", thread_id="t")
    dumped = result.model_dump_json()
    assert SECRET_FILE_TEXT not in dumped
    if folder in ("/", "..", "../", "../..", "/etc", "notes/../../", "notes/escape/.."):
        assert result.status == "failure"
        assert "outside the documents folder" in result.reply


@settings(
    max_examples=300 if LONG else 60,
    deadline=None,
    derandomize=not LONG,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    sub=st.lists(
        st.sampled_from(["..", ".", "notes", "escape", "/", "~", "secret.txt", "\\..", "%2e%2e"]),
        max_size=5,
    ).map("/".join)
    | st.text(max_size=20)
)
def test_any_search_folder_resolves_inside_the_documents_folder_or_is_refused(
    tmp_path_factory: pytest.TempPathFactory, sub: str
) -> None:
    base = tmp_path_factory.getbasetemp() / "fuzz-docs"
    if not base.exists():
        (base / "docs" / "notes").mkdir(parents=True)
        (base / "docs" / "notes" / "escape").symlink_to(base)
        (base / "secret.txt").write_text(SECRET_FILE_TEXT)
    search = LocalSearch(base / "docs", base / "index.json")
    try:
        prefix = search.folder(sub)
    except ToolExecutionError as exc:
        assert "outside the documents folder" in exc.message
        return
    except ValueError as exc:  # e.g. an embedded NUL byte: refused by the OS path layer
        assert "null" in str(exc).lower()
        return
    target = (base / "docs" / prefix).resolve()
    assert target.is_relative_to((base / "docs").resolve())


# --- secrets ---------------------------------------------------------------------------------

OPENAI_KEY = "sk-live-RELIABILITY-SECRET-0001"
HA_TOKEN = "ha-RELIABILITY-SECRET-0002"
HA_URL = "http://ha.local:8123"


async def test_secrets_never_reach_logs_events_errors_or_state(
    tmp_path: Path, systems: list[AgentSystem], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    plan = plan_of(
        {"id": "state", "tool": "smart_home.get_state", "arguments": {"device": "front door"}},
        {"id": "echo", "tool": "search.documents", "arguments": {"query": "anything"}},
    )
    async with httpx.AsyncClient() as http, respx.mock(assert_all_called=False) as wire:
        ha = wire.get(f"{HA_URL}/api/states").mock(
            return_value=httpx.Response(401, json={"message": "bad token"})
        )
        llm = wire.post(f"{BASE_URL}/chat/completions").mock(
            return_value=httpx.Response(401, json={"error": {"message": "Incorrect API key"}})
        )
        model = resolve_model(
            "openai:gpt-4o-mini",
            openai_settings(openai_api_key=OPENAI_KEY, llm_max_retries=0),
            http_client=http,
        )
        system = builtin_system(
            tmp_path,
            chat_model=model,
            planner=ScriptedPlanner([plan]),
            openai_api_key=OPENAI_KEY,
            smart_home_backend="home_assistant",
            home_assistant_url=HA_URL,
            home_assistant_token=HA_TOKEN,
        )
        systems.append(system)
        events = [e async for e in system.astream("is the door locked?", thread_id="t")]
        thread = await system.aget_thread("t")
    assert ha.calls.last.request.headers["authorization"] == f"Bearer {HA_TOKEN}"
    assert llm.calls.last.request.headers["authorization"] == f"Bearer {OPENAI_KEY}"
    result = events[-1]
    assert isinstance(result, ev.RunFinished)
    assert result.result.status == "failure"
    assert "AGENT_SYSTEM_HOME_ASSISTANT_TOKEN" in result.result.reply  # says how to fix it
    haystacks = {
        "logs": caplog.text,
        "events": "\n".join(e.model_dump_json() for e in events),
        "thread": json.dumps(thread, default=str),
        "audit": "\n".join(r.model_dump_json() for r in system.audit_log(limit=1000)),
        "settings repr": repr(system.settings),
    }
    for where, text in haystacks.items():
        for secret in (OPENAI_KEY, HA_TOKEN):
            assert secret not in text, f"{secret[:8]}... leaked into {where}"
