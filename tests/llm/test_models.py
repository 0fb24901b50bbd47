"""The model string is resolved in one place: embedded, auto, openai:<model>, tiers."""

from __future__ import annotations

import logging

import httpx
import pytest
import respx
from langchain_core.messages import HumanMessage
from langchain_openai import ChatOpenAI
from pydantic import SecretStr

from agent_system.errors import ConfigurationError
from agent_system.llm import _models as llm_models
from agent_system.llm._chat import complete
from agent_system.llm._models import build_models, model_spec, resolve_model
from agent_system.testing import make_settings
from tests.llm.conftest import completion, openai_settings


class ExplodingSecret(SecretStr):
    """A key that fails the test if anything reads it."""

    def get_secret_value(self) -> str:
        raise AssertionError("the API key was read")


def test_embedded_resolves_to_no_model() -> None:
    assert resolve_model("embedded", openai_settings()) is None


def test_no_code_path_reads_the_key_when_the_provider_is_embedded() -> None:
    settings = make_settings(model="embedded").model_copy(
        update={"openai_api_key": ExplodingSecret("sk-secret"), "model_weak": "embedded"}
    )
    assert build_models(settings) == {}
    for tier in ("weak", "default", "strong"):
        assert resolve_model(model_spec(settings, tier), settings, tier=tier) is None
    assert "sk-secret" not in repr(settings)


def test_auto_without_key_or_base_url_is_embedded() -> None:
    assert resolve_model("auto", make_settings()) is None


def test_auto_with_a_key_is_openai_gpt_4o_mini_with_the_settings_applied() -> None:
    settings = openai_settings(llm_timeout_s=7.5, llm_max_retries=4)
    model = resolve_model("auto", settings)
    assert isinstance(model, ChatOpenAI)
    assert model.model_name == "gpt-4o-mini"
    assert model.request_timeout == 7.5
    assert model.max_retries == 4
    assert model.stream_usage is True
    assert model.openai_api_base == "https://api.openai.com/v1"


def test_auto_with_only_a_base_url_uses_the_local_model_name_and_a_placeholder_key() -> None:
    settings = make_settings(openai_base_url="http://localhost:11434/v1", openai_model="llama3.1")
    model = resolve_model("auto", settings)
    assert isinstance(model, ChatOpenAI)
    assert model.model_name == "llama3.1"
    assert model.openai_api_base == "http://localhost:11434/v1"
    assert model.openai_api_key is not None


def test_openai_prefix_keeps_colons_in_the_model_name() -> None:
    settings = make_settings(openai_base_url="http://localhost:11434/v1")
    model = resolve_model("openai:qwen2.5:7b", settings)
    assert isinstance(model, ChatOpenAI)
    assert model.model_name == "qwen2.5:7b"


def test_openai_without_a_key_or_base_url_says_which_setting_to_set() -> None:
    with pytest.raises(ConfigurationError, match="OPENAI_API_KEY"):
        resolve_model("openai:gpt-4o", make_settings())


@pytest.mark.parametrize("spec", ["anthropic:claude", "gpt-4o"])
def test_an_unknown_or_missing_provider_is_a_configuration_error(spec: str) -> None:
    with pytest.raises(ConfigurationError, match="openai:<model>"):
        resolve_model(spec, openai_settings())


def test_tier_settings_override_the_spec_for_their_tier() -> None:
    settings = openai_settings(model_weak="openai:gpt-4.1-mini", model_strong="openai:gpt-4o")
    weak = resolve_model("openai:gpt-4o-mini", settings, tier="weak")
    strong = resolve_model("openai:gpt-4o-mini", settings, tier="strong")
    default = resolve_model("openai:gpt-4o-mini", settings)
    assert isinstance(weak, ChatOpenAI) and weak.model_name == "gpt-4.1-mini"
    assert isinstance(strong, ChatOpenAI) and strong.model_name == "gpt-4o"
    assert isinstance(default, ChatOpenAI) and default.model_name == "gpt-4o-mini"


def test_build_models_shares_one_instance_between_tiers_naming_the_same_model() -> None:
    models = build_models(openai_settings(model_strong="openai:gpt-4o"))
    assert set(models) == {"weak", "default", "strong"}
    assert models["weak"] is models["default"]
    assert isinstance(models["strong"], ChatOpenAI) and models["strong"].model_name == "gpt-4o"


def test_build_models_leaves_out_a_tier_resolving_to_embedded() -> None:
    models = build_models(openai_settings(model_weak="embedded"))
    assert set(models) == {"default", "strong"}


def test_offline_is_logged_once_with_how_to_configure_an_llm(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(llm_models, "_offline_logged", False)
    with caplog.at_level(logging.INFO, logger="agent_system.llm._models"):
        assert build_models(make_settings()) == {}
        assert build_models(make_settings()) == {}
    lines = [r.getMessage() for r in caplog.records if "LLM not configured" in r.getMessage()]
    assert len(lines) == 1
    assert "embedded engine" in lines[0] and "OPENAI_API_KEY" in lines[0]


@pytest.mark.anyio
async def test_the_injected_http_client_carries_the_call_to_the_base_url() -> None:
    settings = make_settings(openai_base_url="http://llm.local:8080/v1", openai_model="local")
    async with httpx.AsyncClient() as http:
        model = resolve_model("auto", settings, http_client=http)
        assert model is not None
        with respx.mock(base_url="http://llm.local:8080/v1") as router:
            route = router.post("/chat/completions").mock(
                return_value=httpx.Response(200, json=completion("local hello", model="local"))
            )
            reply = await complete(model, [HumanMessage(content="hi")])
    assert reply.content == "local hello"
    request = route.calls.last.request
    assert request.headers["authorization"] == "Bearer not-needed"
    assert b'"model":"local"' in request.content.replace(b" ", b"")
