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

from agent_system.llm.budget import DEFAULT_OUTPUT_TOKENS, Budget, Reservation, estimate_tokens
from agent_system.llm.chat import (
    RunScope,
    StreamCallback,
    complete,
    current_scope,
    guarded_call,
    message_text,
    run_scope,
)
from agent_system.llm.errors import translate_error
from agent_system.llm.fake import (
    ScriptedCall,
    ScriptedChatModel,
    ScriptedTurn,
    ScriptExhaustedError,
)
from agent_system.llm.models import (
    OPENAI_DEFAULT_BASE_URL,
    TIERS,
    Tier,
    build_models,
    model_spec,
    resolve_model,
)
from agent_system.llm.structured import (
    StructuredMode,
    invoke_structured,
    response_format,
    strict_json_schema,
)
from agent_system.llm.usage import CallUsage, Prices, UsageTracker, cost_usd, price_for

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
