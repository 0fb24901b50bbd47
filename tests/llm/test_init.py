"""The package's public names are pinned."""

from __future__ import annotations

import agent_system.llm as llm


def test_the_llm_package_exports_exactly_its_public_names() -> None:
    assert sorted(llm.__all__) == [
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
    ]
    for name in llm.__all__:
        assert getattr(llm, name) is not None
