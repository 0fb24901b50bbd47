"""Budgets: reserve before a call, reconcile after, refuse once spent."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from agent_system.errors import BudgetExceededError, ErrorCode
from agent_system.llm._budget import Budget, estimate_tokens
from agent_system.planning.models import Usage
from agent_system.testing import make_settings


def test_an_unlimited_budget_never_refuses() -> None:
    budget = Budget()
    for _ in range(100):
        budget.reconcile_llm(Usage(llm_calls=1, input_tokens=10**6, cost_usd=100.0),
                             budget.reserve_llm(10**6))  # fmt: skip
        budget.reserve_tool()
    assert budget.remaining_tokens is None
    assert not budget.exhausted


def test_a_reservation_holds_tokens_until_it_is_reconciled() -> None:
    budget = Budget(tokens=1000)
    first = budget.reserve_llm(600)
    assert budget.remaining_tokens == 400
    with pytest.raises(BudgetExceededError) as info:
        budget.reserve_llm(500)  # would overshoot while the first call runs
    assert info.value.code == ErrorCode.BUDGET_EXCEEDED
    assert info.value.details["reserved_tokens"] == 600
    budget.reconcile_llm(Usage(llm_calls=1, input_tokens=150, output_tokens=50), first)
    assert budget.reserved_tokens == 0
    assert budget.remaining_tokens == 800
    budget.reserve_llm(500)


def test_reconciling_past_the_limit_does_not_raise_but_refuses_the_next_call() -> None:
    budget = Budget(tokens=100)
    reservation = budget.reserve_llm(50)
    budget.reconcile_llm(Usage(llm_calls=1, input_tokens=90, output_tokens=30), reservation)
    assert budget.exhausted
    with pytest.raises(BudgetExceededError, match="120 used"):
        budget.reserve_llm(0)


def test_a_cost_limit_refuses_calls_once_reached() -> None:
    budget = Budget(cost_usd=0.01)
    budget.reconcile_llm(Usage(llm_calls=1, cost_usd=0.004), budget.reserve_llm(10))
    budget.reserve_llm(10)
    budget.reconcile_llm(Usage(llm_calls=1, cost_usd=0.007))
    with pytest.raises(BudgetExceededError, match="AGENT_SYSTEM_BUDGET_COST_USD"):
        budget.reserve_llm(10)
    assert budget.spent.cost_usd == pytest.approx(0.011)
    assert budget.reserved_tokens == 0  # the unnamed reconcile settled the open reservation


def test_tool_calls_stop_at_the_limit() -> None:
    budget = Budget(tool_calls=2)
    budget.reserve_tool()
    budget.reserve_tool()
    with pytest.raises(BudgetExceededError, match="AGENT_SYSTEM_BUDGET_TOOL_CALLS"):
        budget.reserve_tool()
    assert budget.spent.tool_calls == 2


def test_a_released_reservation_frees_its_tokens_without_spending() -> None:
    budget = Budget(tokens=100)
    budget.release(budget.reserve_llm(100))
    assert budget.remaining_tokens == 100
    assert budget.spent.llm_calls == 0


def test_the_budget_comes_from_settings() -> None:
    settings = make_settings(budget_tokens=5000, budget_cost_usd=0.5, budget_tool_calls=7)
    budget = Budget.from_settings(settings)
    assert (budget.tokens, budget.cost_usd, budget.tool_calls) == (5000, 0.5, 7)


def test_the_estimate_is_about_four_characters_per_token_plus_the_output() -> None:
    assert estimate_tokens("x" * 400, output_tokens=0) == 100
    assert estimate_tokens([HumanMessage(content="x" * 396)], output_tokens=50) == 150


def test_a_negative_estimate_is_a_bug() -> None:
    with pytest.raises(ValueError, match="estimated_tokens"):
        Budget().reserve_llm(-1)
