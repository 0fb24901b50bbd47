"""An example agent-system plugin: unit conversion, offline and exact.

Install it (``pip install -e examples/unit_convert_plugin``) and the planner sees the tool
``units.convert`` through the ``agent_system.plugins`` entry point.
"""

from __future__ import annotations

from typing import Literal

from agent_system import ToolOutput, tool
from agent_system.errors import ToolExecutionError

__all__ = ["UNITS", "convert"]

# Factor to the base unit of each dimension (metre, kilogram, litre).
UNITS: dict[str, tuple[str, float]] = {
    "mm": ("length", 0.001),
    "cm": ("length", 0.01),
    "m": ("length", 1.0),
    "km": ("length", 1000.0),
    "in": ("length", 0.0254),
    "ft": ("length", 0.3048),
    "yd": ("length", 0.9144),
    "mi": ("length", 1609.344),
    "g": ("mass", 0.001),
    "kg": ("mass", 1.0),
    "lb": ("mass", 0.45359237),
    "oz": ("mass", 0.028349523125),
    "ml": ("volume", 0.001),
    "l": ("volume", 1.0),
    "gal": ("volume", 3.785411784),
    "cup": ("volume", 0.2365882365),
}
_TEMPERATURES = ("C", "F", "K")

Unit = Literal[
    "mm",
    "cm",
    "m",
    "km",
    "in",
    "ft",
    "yd",
    "mi",
    "g",
    "kg",
    "lb",
    "oz",
    "ml",
    "l",
    "gal",
    "cup",
    "C",
    "F",
    "K",
]


def _to_kelvin(value: float, unit: str) -> float:
    if unit == "C":
        return value + 273.15
    if unit == "F":
        return (value - 32) * 5 / 9 + 273.15
    return value


def _from_kelvin(value: float, unit: str) -> float:
    if unit == "C":
        return value - 273.15
    if unit == "F":
        return (value - 273.15) * 9 / 5 + 32
    return value


@tool(name="units.convert", idempotent=True, tags=("units", "conversion", "measure"))
def convert(value: float, from_unit: Unit, to_unit: Unit) -> ToolOutput:
    """Convert a quantity between units of length, mass, volume or temperature.

    Args:
        value: The quantity to convert, e.g. 5.
        from_unit: The unit of `value`: mm, cm, m, km, in, ft, yd, mi, g, kg, lb, oz, ml, l,
            gal, cup, or C, F, K for temperatures.
        to_unit: The unit wanted, of the same kind as `from_unit`.
    """
    if from_unit in _TEMPERATURES or to_unit in _TEMPERATURES:
        if not (from_unit in _TEMPERATURES and to_unit in _TEMPERATURES):
            raise ToolExecutionError(
                f"Cannot convert {from_unit} to {to_unit}: only temperatures convert to each other."
            )
        result = _from_kelvin(_to_kelvin(value, from_unit), to_unit)
    else:
        (kind_from, factor_from), (kind_to, factor_to) = UNITS[from_unit], UNITS[to_unit]
        if kind_from != kind_to:
            raise ToolExecutionError(
                f"Cannot convert {kind_from} ({from_unit}) to {kind_to} ({to_unit})."
            )
        result = value * factor_from / factor_to
    rounded = round(result, 6)
    return ToolOutput(
        data={"value": rounded, "unit": to_unit},
        display=f"{value:g} {from_unit} is {rounded:g} {to_unit}.",
    )
