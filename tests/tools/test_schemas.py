"""What the LLM sees of each core tool, pinned: a docstring edit shows up here in review."""

# ruff: noqa: E501 - the snapshots keep each description on one line, as the LLM sees it

from __future__ import annotations

from typing import Any

import pytest

import tools
from agent_system.registry._registry import ToolRegistry
from tests.tools.fakes import spec_of
from tools import memory, notification, planning, summarization

FUNCTIONS = [
    memory.remember,
    memory.recall,
    memory.forget,
    memory.list_memories,
    notification.send,
    summarization.summarize,
    planning.create_execution_plan,
    planning.replan,
]

SCHEMAS: dict[str, dict[str, Any]] = {
    "memory.remember": {
        "type": "function",
        "function": {
            "name": "memory.remember",
            "description": "Remember a fact about the user for later conversations.\n\nUse this when the user asks you to remember, note or keep something in mind. The fact is kept across conversations until the user asks to forget it.",
            "parameters": {
                "additionalProperties": False,
                "properties": {
                    "fact": {
                        "description": 'The fact to keep, as a self-contained sentence, e.g. "My sister\'s birthday is June 3".',
                        "maxLength": 2000,
                        "minLength": 1,
                        "type": "string",
                    }
                },
                "required": ["fact"],
                "type": "object",
            },
        },
    },
    "memory.recall": {
        "type": "function",
        "function": {
            "name": "memory.recall",
            "description": "Find remembered facts about the user that answer a question.",
            "parameters": {
                "additionalProperties": False,
                "properties": {
                    "query": {
                        "description": 'What to look for, e.g. "when is my sister\'s birthday".',
                        "maxLength": 2000,
                        "minLength": 1,
                        "type": "string",
                    },
                    "k": {
                        "default": 5,
                        "description": "How many facts to return at most, best match first.",
                        "maximum": 50,
                        "minimum": 1,
                        "type": "integer",
                    },
                },
                "required": ["query"],
                "type": "object",
            },
        },
    },
    "memory.forget": {
        "type": "function",
        "function": {
            "name": "memory.forget",
            "description": "Delete one remembered fact, by its id or by describing it.",
            "parameters": {
                "additionalProperties": False,
                "properties": {
                    "memory": {
                        "description": 'The id of the memory (from memory.recall or memory.list), or words that describe it, e.g. "my sister\'s birthday".',
                        "maxLength": 2000,
                        "minLength": 1,
                        "type": "string",
                    }
                },
                "required": ["memory"],
                "type": "object",
            },
        },
    },
    "memory.list": {
        "type": "function",
        "function": {
            "name": "memory.list",
            "description": "List the facts remembered about the user, newest first.",
            "parameters": {
                "additionalProperties": False,
                "properties": {
                    "limit": {
                        "default": 50,
                        "description": "How many facts to list at most.",
                        "maximum": 500,
                        "minimum": 1,
                        "type": "integer",
                    }
                },
                "type": "object",
            },
        },
    },
    "notification.send": {
        "type": "function",
        "function": {
            "name": "notification.send",
            "description": 'Send a notification to the user.\n\nUse this to alert the user or forward a result, e.g. "notify me when the report is done".',
            "parameters": {
                "additionalProperties": False,
                "properties": {
                    "title": {
                        "description": 'A short headline, e.g. "Report ready".',
                        "maxLength": 200,
                        "minLength": 1,
                        "type": "string",
                    },
                    "body": {
                        "default": "",
                        "description": "The details, one or a few sentences.",
                        "maxLength": 4000,
                        "type": "string",
                    },
                    "channel": {
                        "anyOf": [
                            {"enum": ["console", "event", "webhook", "desktop"], "type": "string"},
                            {"type": "null"},
                        ],
                        "default": None,
                        "description": 'Where to send it: "console" (the terminal), "event" (the app\'s event stream), "webhook" (an HTTP POST), "desktop" (a desktop pop-up). Omit it for the app\'s default channel.',
                    },
                    "url": {
                        "anyOf": [
                            {"pattern": "^https?://\\S+$", "type": "string"},
                            {"type": "null"},
                        ],
                        "default": None,
                        "description": 'Webhook address for the "webhook" channel; omit it to use the configured one.',
                    },
                },
                "required": ["title"],
                "type": "object",
            },
        },
    },
    "summarization.summarize": {
        "type": "function",
        "function": {
            "name": "summarization.summarize",
            "description": "Summarize a text, such as an earlier step's output, in a chosen format and length.",
            "parameters": {
                "additionalProperties": False,
                "properties": {
                    "text": {
                        "description": "The text to summarize (up to 200,000 characters; the rest is cut).",
                        "type": "string",
                    },
                    "format": {
                        "default": "summary",
                        "description": '"summary" (prose), "report" (overview, key points, details), "itinerary" (time-ordered lines), "analysis" (points, themes, figures), "structured" ("key: value" lines) or "bullet_points" ("- " lines).',
                        "enum": [
                            "summary",
                            "report",
                            "itinerary",
                            "analysis",
                            "structured",
                            "bullet_points",
                        ],
                        "type": "string",
                    },
                    "length": {
                        "default": "brief",
                        "description": '"brief" (a few sentences), "detailed" or "comprehensive" (every point).',
                        "enum": ["brief", "detailed", "comprehensive"],
                        "type": "string",
                    },
                },
                "required": ["text"],
                "type": "object",
            },
        },
    },
    "planning.create_execution_plan": {
        "type": "function",
        "function": {
            "name": "planning.create_execution_plan",
            "description": "Break a request into an execution plan of tool steps, without running it.",
            "parameters": {
                "additionalProperties": False,
                "properties": {
                    "request": {
                        "description": 'What the user wants done, in their words, e.g. "check the weather in Paris and set a timer for 10 minutes".',
                        "maxLength": 20000,
                        "minLength": 1,
                        "type": "string",
                    }
                },
                "required": ["request"],
                "type": "object",
            },
        },
    },
    "planning.replan": {
        "type": "function",
        "function": {
            "name": "planning.replan",
            "description": "Revise a plan after one of its steps failed; finished steps are kept.",
            "parameters": {
                "additionalProperties": False,
                "properties": {
                    "plan": {
                        "additionalProperties": True,
                        "description": "The plan as returned by planning.create_execution_plan.",
                        "type": "object",
                    },
                    "failed_step": {
                        "description": "The id of the step that failed.",
                        "minLength": 1,
                        "type": "string",
                    },
                    "reason": {
                        "description": "Why it failed, e.g. the error message.",
                        "maxLength": 4000,
                        "minLength": 1,
                        "type": "string",
                    },
                },
                "required": ["plan", "failed_step", "reason"],
                "type": "object",
            },
        },
    },
}

METADATA: dict[str, tuple[str, bool, bool, float | None]] = {
    # name: (side_effects, requires_approval, idempotent, cache_ttl_s); a cache TTL of 0 means
    # "safe to repeat, but results change as the user's data does: never cache".
    "memory.remember": ("reversible", False, False, None),
    "memory.recall": ("none", False, True, 0.0),
    "memory.forget": ("irreversible", False, False, None),
    "memory.list": ("none", False, True, 0.0),
    "notification.send": ("irreversible", False, False, None),
    "summarization.summarize": ("none", False, True, 60.0),
    "planning.create_execution_plan": ("none", False, False, None),
    "planning.replan": ("none", False, False, None),
}


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: spec_of(f).name)
def test_each_core_tool_shows_the_llm_the_pinned_schema(func: Any) -> None:
    spec = spec_of(func)
    assert spec.llm_schema() == SCHEMAS[spec.name]


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: spec_of(f).name)
def test_each_core_tool_declares_its_side_effects_honestly(func: Any) -> None:
    spec = spec_of(func)
    assert (
        spec.side_effects.value,
        spec.requires_approval,
        spec.idempotent,
        spec.cache_ttl_s,
    ) == METADATA[spec.name]


def test_the_builtin_registry_holds_every_core_tool_and_never_sees_the_context() -> None:
    registry = ToolRegistry.builtin()
    for name in SCHEMAS:
        spec = registry[name]
        assert spec.injected == ("ctx",)
        assert "ctx" not in spec.parameters["properties"]


def test_the_tools_package_exports_its_public_names() -> None:
    assert sorted(tools.__all__) == [
        "DeliveryReport",
        "NotificationHub",
        "NotificationMessage",
        "create_execution_plan",
        "extractive_summary",
        "forget",
        "handle_intent",
        "hub_for",
        "list_memories",
        "recall",
        "remember",
        "replan",
        "send",
        "summarize",
    ]
    for name in tools.__all__:
        assert getattr(tools, name) is not None
