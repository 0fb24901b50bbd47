"""The model string, resolved in one place.

```
"embedded"          -> None: the embedded engine (no LLM, no key read)
"openai:<model>"    -> ChatOpenAI(<model>) against OPENAI_BASE_URL (default: api.openai.com)
"auto"              -> "openai:<AGENT_SYSTEM_OPENAI_MODEL>" when OPENAI_API_KEY or
                       OPENAI_BASE_URL is set, else "embedded"
"test", "test:<tool>" -> `TestChatModel`: no key; plans one call of the best-matching (or the
                       named) tool with arguments made from its schema
```

Tiers: ``weak`` (cheap calls such as routing) uses ``AGENT_SYSTEM_MODEL_WEAK`` when set,
``strong`` (planning, replanning) uses ``AGENT_SYSTEM_MODEL_STRONG``; both fall back to
``AGENT_SYSTEM_MODEL``. Anything OpenAI-compatible works through ``OPENAI_BASE_URL``: Ollama,
vLLM, a llama.cpp server (a base URL without a key gets a placeholder key).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Literal

import httpx
from pydantic import SecretStr

from agent_system.errors import ConfigurationError

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from agent_system.config import Settings

__all__ = [
    "OPENAI_DEFAULT_BASE_URL",
    "TIERS",
    "Tier",
    "build_models",
    "model_spec",
    "resolve_model",
]

log = logging.getLogger(__name__)

Tier = Literal["weak", "default", "strong"]
TIERS: tuple[Tier, ...] = ("weak", "default", "strong")
OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1"
_LOCAL_PLACEHOLDER_KEY = "not-needed"  # local servers ignore the key, the client wants one
_OFFLINE_MESSAGE = (
    "LLM not configured: using the embedded engine (set OPENAI_API_KEY, or OPENAI_BASE_URL for "
    "a local OpenAI-compatible server such as Ollama, to let an LLM plan and answer)"
)
_offline_logged = False


def model_spec(settings: Settings, tier: Tier | str = "default") -> str:
    """The model string for a tier: the tier's own setting, else `settings.model`."""
    if tier == "weak" and settings.model_weak:
        return settings.model_weak
    if tier == "strong" and settings.model_strong:
        return settings.model_strong
    if tier not in TIERS:
        raise ConfigurationError(f"Unknown model tier {tier!r}; use one of {', '.join(TIERS)}.")
    return settings.model


def resolve_model(
    spec: str,
    settings: Settings,
    *,
    tier: Tier | str = "default",
    http_client: httpx.AsyncClient | None = None,
) -> BaseChatModel | None:
    """The chat model a model string names, or None for the embedded engine.

    Args:
        spec: ``"embedded"``, ``"auto"`` or ``"openai:<model>"``.
        settings: Credentials, base URL, timeout, retries, and the tier overrides.
        tier: ``"weak"`` or ``"strong"`` use `settings.model_weak` / `settings.model_strong`
            instead of `spec` when those are set.
        http_client: The async HTTP client the OpenAI client sends through (tests inject one
            under respx; the engine shares its pooled client).

    Raises:
        ConfigurationError: An unknown provider, or ``openai:`` without a key or base URL.
    """
    if tier == "weak" and settings.model_weak:
        spec = settings.model_weak
    elif tier == "strong" and settings.model_strong:
        spec = settings.model_strong
    spec = spec.strip()
    if spec in ("", "embedded", "none", "offline"):
        return None
    if spec == "test" or spec.startswith("test:"):
        from agent_system.llm._testmodel import TestChatModel

        return TestChatModel(tool=spec.partition(":")[2].strip() or None)
    if spec == "auto":
        if settings.openai_api_key is None and not settings.openai_base_url:
            return None
        return _chat_openai(settings.openai_model, settings, http_client)
    provider, sep, name = spec.partition(":")
    if not sep or not name:
        raise ConfigurationError(
            f"Model {spec!r} has no provider; write it as 'openai:<model>' (for example "
            "'openai:gpt-4o-mini'), or use 'auto' or 'embedded' in AGENT_SYSTEM_MODEL."
        )
    if provider != "openai":
        raise ConfigurationError(
            f"Unknown model provider {provider!r} in {spec!r}. Use 'openai:<model>'; Ollama, vLLM "
            "and llama.cpp servers are OpenAI-compatible: set OPENAI_BASE_URL to their /v1 URL."
        )
    if settings.openai_api_key is None and not settings.openai_base_url:
        raise ConfigurationError(
            f"Model {spec!r} needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local "
            "OpenAI-compatible server); set one, or AGENT_SYSTEM_MODEL=embedded to stay offline."
        )
    return _chat_openai(name, settings, http_client)


def build_models(
    settings: Settings, http_client: httpx.AsyncClient | None = None
) -> dict[str, BaseChatModel]:
    """Chat models by tier ('weak', 'default', 'strong'); empty when offline.

    Tiers naming the same model share one instance. A tier resolving to the embedded engine is
    left out (callers fall back to 'default'). Logs once per process when no LLM is configured.
    """
    default = resolve_model(settings.model, settings, http_client=http_client)
    if default is None:
        _log_offline_once(settings)
        return {}
    models: dict[str, BaseChatModel] = {"default": default}
    by_spec: dict[str, BaseChatModel] = {model_spec(settings): default}
    for tier in ("weak", "strong"):
        spec = model_spec(settings, tier)
        if spec not in by_spec:
            resolved = resolve_model(spec, settings, http_client=http_client)
            if resolved is None:
                continue
            by_spec[spec] = resolved
        models[tier] = by_spec[spec]
    return models


def _chat_openai(
    name: str, settings: Settings, http_client: httpx.AsyncClient | None
) -> BaseChatModel:
    from langchain_openai import ChatOpenAI

    key: SecretStr = settings.openai_api_key or SecretStr(_LOCAL_PLACEHOLDER_KEY)
    return ChatOpenAI(
        model=name,
        api_key=key,  # the SecretStr itself: only the client reads it, when a call is made
        base_url=settings.openai_base_url or OPENAI_DEFAULT_BASE_URL,
        timeout=settings.llm_timeout_s,
        max_retries=settings.llm_max_retries,
        http_async_client=http_client,
        stream_usage=True,
        use_responses_api=False,
    )


def _log_offline_once(settings: Settings) -> None:
    global _offline_logged
    if _offline_logged or settings.model != "auto":
        return
    _offline_logged = True
    log.info(_OFFLINE_MESSAGE)
