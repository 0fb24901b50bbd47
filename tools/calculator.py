"""The calculator: sums and unit conversions worked out offline (`calculator.calculate`).

"what's 15% of 80", "12 times 7", "the square root of 144", "add 5 and 7", "a 20% tip on 85",
"convert 5 miles to km", "how many ounces in a pound", "what's 100 fahrenheit in celsius". The
arithmetic is parsed by hand (no `eval`); a request it cannot read fails with one plain line.
"""

from __future__ import annotations

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from tools._sums import work_out
from tools._units import convert

__all__ = ["calculate"]


@tool(idempotent=True, tags=("maths", "math", "arithmetic", "percent", "units", "convert"))
async def calculate(ctx: ToolContext, expression: str) -> ToolOutput:
    """Work out a sum or convert units: "15% of 80", "(3 + 4) * 2", "5 miles to km".

    Args:
        expression: The sum or conversion, in digits or words ("twelve times seven", "the
            square root of 144", "how many cups in a gallon", "100 fahrenheit in celsius").
    """
    answer = convert(expression) or work_out(expression)
    if answer is None:
        raise ToolExecutionError(
            f"I couldn't read '{expression.strip()}' as a sum or a conversion; try '12 * 7' "
            "or '5 miles to km'."
        )
    data: dict[str, object] = {"expression": answer.shown, "value": answer.value}
    if answer.problem is not None:
        data["problem"] = answer.problem
    return ToolOutput(data=data, display=answer.reply)
