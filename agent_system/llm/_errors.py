"""Provider exceptions as this package's `LLMError` family, with a message saying what to fix.

The OpenAI client retries transient failures itself (429 honouring ``Retry-After``, 408/409,
5xx, connection errors and timeouts; at most ``AGENT_SYSTEM_LLM_MAX_RETRIES`` times with
exponential backoff). What reaches `translate_error` has already been retried:

```
401 / 403                     -> LLMAuthError   fix OPENAI_API_KEY (or OPENAI_BASE_URL)
404 model_not_found           -> LLMAuthError   fix AGENT_SYSTEM_MODEL
404 on the path               -> LLMAuthError   fix OPENAI_BASE_URL (does it end in /v1?)
429 / 5xx / timeout / network -> LLMError       transient; retries are spent
400                           -> LLMError       the server rejected the request
invalid JSON / schema         -> LLMOutputError
```
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from langchain_core import exceptions as lc_exceptions
from pydantic import ValidationError

from agent_system.errors import LLMAuthError, LLMError, LLMOutputError

if TYPE_CHECKING:
    import openai

__all__ = ["translate_error"]


def translate_error(exc: BaseException, *, model: str | None = None) -> LLMError:
    """The `LLMError` that explains `exc` to the person who must act.

    Args:
        exc: Whatever the chat model raised (openai, langchain-core or a parsing error).
        model: The model name, when the caller knows it better than the failed request does.

    Returns:
        `exc` itself when it already is an `LLMError`, else a new one (chain it with ``from``).
    """
    if isinstance(exc, LLMError):
        return exc
    import openai  # here, not at import: an offline run never loads the OpenAI SDK (~0.5 s)

    where = _where(exc, model)
    details: dict[str, Any] = {"exception": type(exc).__name__, **where}
    if isinstance(exc, openai.APIStatusError):
        return _from_status(exc, where, details)
    if isinstance(exc, openai.APITimeoutError | lc_exceptions.ModelTimeoutError):
        return LLMError(
            f"The LLM at {where['url']} did not answer in time, even after retries. "
            "Raise AGENT_SYSTEM_LLM_TIMEOUT_S, or check that the server is not overloaded.",
            details=details,
        )
    if isinstance(exc, openai.APIConnectionError | lc_exceptions.ModelConnectionError):
        return LLMError(
            f"Cannot reach the LLM server at {where['url']} ({_cause(exc)}). Check OPENAI_BASE_URL "
            "and that the server is running.",
            details=details,
        )
    if isinstance(
        exc, lc_exceptions.ModelAuthenticationError | lc_exceptions.ModelPermissionDeniedError
    ):
        return LLMAuthError(
            f"The LLM provider refused the credentials: {exc}. Set OPENAI_API_KEY to a valid key.",
            details=details,
        )
    if isinstance(exc, lc_exceptions.ModelNotFoundError):
        return LLMAuthError(
            f"The LLM provider does not know model {where['model']!r}: {exc}. "
            "Set AGENT_SYSTEM_MODEL to a model the provider serves.",
            details=details,
        )
    if isinstance(
        exc, lc_exceptions.OutputParserException | ValidationError | json.JSONDecodeError
    ):
        return LLMOutputError(f"The LLM reply could not be parsed: {exc}", details=details)
    return LLMError(f"The LLM call failed: {type(exc).__name__}: {exc}", details=details)


def _from_status(
    exc: openai.APIStatusError, where: dict[str, Any], details: dict[str, Any]
) -> LLMError:
    status = exc.status_code
    code = _provider_code(exc)
    details.update(status=status, provider_code=code, provider_message=exc.message)
    url, model = where["url"], where["model"]
    if status == 401:
        return LLMAuthError(
            f"The LLM provider at {url} rejected the API key (401 {code or 'unauthorized'}). "
            "Set OPENAI_API_KEY to a valid key, or OPENAI_BASE_URL to the server you meant.",
            details=details,
        )
    if status == 403:
        return LLMAuthError(
            f"The API key may not use model {model!r} at {url} (403 {code or 'forbidden'}). "
            "Check the key's permissions in OPENAI_API_KEY, or choose another model with "
            "AGENT_SYSTEM_MODEL.",
            details=details,
        )
    if status == 404:
        if code == "model_not_found" or "model" in exc.message.lower():
            return LLMAuthError(
                f"Model {model!r} is unknown at {url} (404 model_not_found). Set "
                "AGENT_SYSTEM_MODEL to a model the server serves, e.g. 'openai:gpt-4o-mini', "
                "or 'openai:llama3.1' for Ollama.",
                details=details,
            )
        return LLMAuthError(
            f"{url} has no chat-completions endpoint (404). Set OPENAI_BASE_URL to the server's "
            "OpenAI-compatible root, usually ending in '/v1'.",
            details=details,
        )
    if status == 429:
        if code == "insufficient_quota":
            return LLMAuthError(
                f"The account behind OPENAI_API_KEY has no quota left at {url} (429 "
                "insufficient_quota). Add credit, or use another key.",
                details=details,
            )
        return LLMError(
            f"The LLM at {url} is rate limiting requests (429) and retries are spent. Wait, or "
            "raise AGENT_SYSTEM_LLM_MAX_RETRIES.",
            details=details,
        )
    if status >= 500:
        return LLMError(
            f"The LLM server at {url} failed ({status}) and retries are spent: {exc.message}",
            details=details,
        )
    return LLMError(
        f"The LLM server at {url} rejected the request ({status}): {exc.message}",
        details=details,
    )


def _provider_code(exc: openai.APIStatusError) -> str | None:
    code = getattr(exc, "code", None)
    if isinstance(code, str):
        return code
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("code"), str):
            return str(inner["code"])
    return None


def _where(exc: BaseException, model: str | None) -> dict[str, Any]:
    """The endpoint and model of the failed request, read from the request itself."""
    url = "the configured endpoint"
    request = getattr(exc, "request", None)
    if request is None:
        response = getattr(exc, "response", None)
        request = getattr(response, "request", None) if response is not None else None
    if request is not None:
        try:
            url = str(request.url)
            if model is None:
                body = json.loads(request.content or b"{}")
                model = body.get("model") if isinstance(body, dict) else None
        except Exception:  # a streamed or unread body: keep what we have
            pass
    return {"url": url, "model": model or "?"}


def _cause(exc: BaseException) -> str:
    cause = exc.__cause__ or exc.__context__
    return f"{type(cause).__name__}: {cause}" if cause is not None else str(exc)
