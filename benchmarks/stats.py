"""Small statistics helpers (no numpy needed)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

__all__ = ["geomean", "median", "percentile", "summary_ms"]


def median(values: Sequence[float]) -> float:
    """The median, or NaN for no values."""
    return statistics.median(values) if values else math.nan


def percentile(values: Sequence[float], q: float) -> float:
    """The `q`-th percentile (0-100), linear between closest ranks; NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def geomean(values: Sequence[float]) -> float:
    """The geometric mean of positive values; NaN for none."""
    positive = [v for v in values if v > 0]
    if not positive:
        return math.nan
    return math.exp(sum(math.log(v) for v in positive) / len(positive))


def summary_ms(seconds: Sequence[float]) -> dict[str, float]:
    """p50/p95/p99/max of durations given in seconds, in milliseconds."""
    ms = [s * 1000 for s in seconds]
    return {
        "n": float(len(ms)),
        "p50_ms": percentile(ms, 50),
        "p95_ms": percentile(ms, 95),
        "p99_ms": percentile(ms, 99),
        "max_ms": max(ms) if ms else math.nan,
    }
