"""The LLM layer: model strings, structured output, usage, budgets, and a scripted fake.

```
resolve_model / build_models   "embedded" | "auto" | "openai:<model>" -> a chat model or None
invoke_structured              a pydantic object from one call, one corrective retry
complete / guarded_call        one call under a budget, usage recorded, errors translated
UsageTracker                   tokens and cost per call (Settings.prices)
Budget                         tokens, cost and tool calls per request
translate_error                provider exceptions -> LLMError / LLMAuthError / LLMOutputError
ScriptedChatModel              the fake chat model for tests and benchmarks
```
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system import _lazy

if TYPE_CHECKING:
    from agent_system.llm._budget import DEFAULT_OUTPUT_TOKENS, Budget, Reservation, estimate_tokens
    from agent_system.llm._chat import (
        RunScope,
        StreamCallback,
        complete,
        current_scope,
        guarded_call,
        message_text,
        run_scope,
    )
    from agent_system.llm._errors import translate_error
    from agent_system.llm._fake import (
        ScriptedCall,
        ScriptedChatModel,
        ScriptedTurn,
        ScriptExhaustedError,
    )
    from agent_system.llm._models import (
        OPENAI_DEFAULT_BASE_URL,
        TIERS,
        Tier,
        build_models,
        model_spec,
        resolve_model,
    )
    from agent_system.llm._structured import (
        StructuredMode,
        invoke_structured,
        response_format,
        strict_json_schema,
    )
    from agent_system.llm._usage import CallUsage, Prices, UsageTracker, cost_usd, price_for

__all__ = [
    "DEFAULT_OUTPUT_TOKENS",
    "OPENAI_DEFAULT_BASE_URL",
    "TIERS",
    "Budget",
    "CallUsage",
    "Prices",
    "Reservation",
    "RunScope",
    "ScriptExhaustedError",
    "ScriptedCall",
    "ScriptedChatModel",
    "ScriptedTurn",
    "StreamCallback",
    "StructuredMode",
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

_WHERE = {
    "Budget": "agent_system.llm._budget",
    "CallUsage": "agent_system.llm._usage",
    "DEFAULT_OUTPUT_TOKENS": "agent_system.llm._budget",
    "OPENAI_DEFAULT_BASE_URL": "agent_system.llm._models",
    "Prices": "agent_system.llm._usage",
    "Reservation": "agent_system.llm._budget",
    "RunScope": "agent_system.llm._chat",
    "ScriptExhaustedError": "agent_system.llm._fake",
    "ScriptedCall": "agent_system.llm._fake",
    "ScriptedChatModel": "agent_system.llm._fake",
    "ScriptedTurn": "agent_system.llm._fake",
    "StreamCallback": "agent_system.llm._chat",
    "StructuredMode": "agent_system.llm._structured",
    "TIERS": "agent_system.llm._models",
    "Tier": "agent_system.llm._models",
    "UsageTracker": "agent_system.llm._usage",
    "build_models": "agent_system.llm._models",
    "complete": "agent_system.llm._chat",
    "cost_usd": "agent_system.llm._usage",
    "current_scope": "agent_system.llm._chat",
    "estimate_tokens": "agent_system.llm._budget",
    "guarded_call": "agent_system.llm._chat",
    "invoke_structured": "agent_system.llm._structured",
    "message_text": "agent_system.llm._chat",
    "model_spec": "agent_system.llm._models",
    "price_for": "agent_system.llm._usage",
    "resolve_model": "agent_system.llm._models",
    "response_format": "agent_system.llm._structured",
    "run_scope": "agent_system.llm._chat",
    "strict_json_schema": "agent_system.llm._structured",
    "translate_error": "agent_system.llm._errors",
}


def __getattr__(name: str) -> Any:
    return _lazy.load(__name__, _WHERE, name)
