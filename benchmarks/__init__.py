"""The performance suite (not part of the tests): ``python -m benchmarks`` (``make bench``).

Public names are imported lazily so that ``python -m benchmarks.router`` and
``python -m benchmarks.tool_selection`` start without loading the comparison's dependencies.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "Check",
    "Latency",
    "Scenario",
    "SimStep",
    "compare",
    "comparison_scenarios",
    "evaluate",
    "render",
    "summarize",
]

_WHERE = {
    "Check": "benchmarks.goals",
    "Latency": "benchmarks.workload",
    "Scenario": "benchmarks.workload",
    "SimStep": "benchmarks.workload",
    "compare": "benchmarks.compare",
    "comparison_scenarios": "benchmarks.workload",
    "evaluate": "benchmarks.goals",
    "render": "benchmarks.report",
    "summarize": "benchmarks.compare",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'benchmarks' has no attribute {name!r}")
