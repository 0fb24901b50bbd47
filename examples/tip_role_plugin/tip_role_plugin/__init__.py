"""An example role plugin: "what's a 20% tip on 85 dollars?", "split 120 between 4 people".

The role declares its name, description, example requests, the module holding its tools and
slot patterns; agent-system routes to it from those examples (the shipped router model has no
class for it) and runs its tool as a fast reply. See docs/roles.md, "Adding a role".
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from agent_system import ToolOutput, tool
from agent_system.roles import Clarification, RoleCall

__all__ = ["ROLE", "TipRole", "split", "tip"]


@tool(name="tips.tip", idempotent=True, tags=("tip", "gratuity", "restaurant", "bill"))
def tip(
    amount: Annotated[float, Field(gt=0)],
    percent: Annotated[float, Field(ge=0, le=100)] = 15.0,
) -> ToolOutput:
    """Work out the tip on a bill and the total to pay.

    Args:
        amount: The bill before the tip, e.g. 85.
        percent: The tip in percent of the bill, e.g. 20.
    """
    value = round(amount * percent / 100, 2)
    total = round(amount + value, 2)
    return ToolOutput(
        data={"tip": value, "total": total},
        display=f"A {percent:g}% tip on {amount:.2f} is {value:.2f}; {total:.2f} in all.",
    )


@tool(name="tips.split", idempotent=True, tags=("split", "share", "bill", "people"))
def split(
    amount: Annotated[float, Field(gt=0)],
    people: Annotated[int, Field(ge=1, le=1000)],
    percent: Annotated[float, Field(ge=0, le=100)] = 0.0,
) -> ToolOutput:
    """Split a bill evenly, with an optional tip on top.

    Args:
        amount: The bill before any tip, e.g. 120.
        people: How many people share it.
        percent: A tip in percent added before splitting (0 for none).
    """
    total = amount * (1 + percent / 100)
    each = round(total / people, 2)
    return ToolOutput(
        data={"each": each, "total": round(total, 2)},
        display=f"{total:.2f} split {people} ways is {each:.2f} each.",
    )


_NUMBER = r"\d+(?:[.,]\d+)?"


class TipRole:
    """Tips and splitting the bill."""

    name = "tips"
    description = "Tips on a bill and splitting a bill between people."
    tool_modules = ("tip_role_plugin",)
    slot_patterns = (
        rf"(?P<percent>{_NUMBER})\s*(?:%|percent)",
        rf"(?:on|of|for|split|divide|share)\s+(?:a\s+|the\s+)?[$€£]?(?P<amount>{_NUMBER})",
        rf"[$€£](?P<amount>{_NUMBER})",
        r"(?:between|among|by|for|in)\s+(?P<people>\d+)\s*(?:people|persons|friends|ways|of us)",
        r"(?P<people>\d+)\s+ways",
    )
    examples = (
        "what's a 20% tip on 85 dollars",
        "how much should I tip on a 60 dollar bill",
        "calculate a 15 percent tip on 42.50",
        "tip for a $120 dinner",
        "what is 18 percent tip on 75",
        "how much is the tip on 200 euros",
        "work out the gratuity on 64 dollars",
        "split 120 between 4 people",
        "split the bill of 90 three ways",
        "divide 250 dollars among 5 friends",
        "how much does each of us pay if the bill is 80 and we are 4",
        "split $64 between 2 people with a 10% tip",
        "share a 150 bill between 6 people",
        "what does everyone owe for a 45 dollar check split 3 ways",
        "add a 20 percent tip to 55 dollars",
        "how big a tip on a 30 dollar meal",
        "20 percent tip on 48",
        "split the check 5 ways it was 210",
        "what's 15% gratuity on $95",
        "each person's share of 300 for 6 people",
    )

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Any, history: list[Any]
    ) -> RoleCall | Clarification:
        """tips.split when people are named, else tips.tip; ask when no amount is given."""
        amount = _number(slots.get("amount"))
        if amount is None:
            return Clarification("How much is the bill?", missing=("amount",))
        percent = _number(slots.get("percent"))
        people = _number(slots.get("people"))
        if people is not None:
            arguments: dict[str, Any] = {"amount": amount, "people": int(people)}
            if percent is not None:
                arguments["percent"] = percent
            return RoleCall("tips.split", arguments)
        return RoleCall("tips.tip", {"amount": amount, "percent": percent or 15.0})


def _number(value: object) -> float | None:
    if not isinstance(value, str):
        return None
    try:
        return float(value.replace(",", "."))
    except ValueError:
        return None


ROLE = TipRole()
