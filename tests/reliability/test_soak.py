"""The soak benchmark's short variant: mixed requests over HTTP, RSS and open files stay flat.

``benchmarks/soak.py`` holds the workload and the measurements; this runs it for 10 s and at least
100 requests (120 s with ``AGENT_SYSTEM_RELIABILITY_LONG=1``). Longer runs: see
docs/reliability.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.soak import soak

from .conftest import LONG

pytestmark = pytest.mark.anyio

SECONDS = 120.0 if LONG else 10.0


@pytest.mark.heavy  # 10 s of load whatever the machine: its own step in .ci/run
async def test_mixed_requests_over_http_keep_memory_and_open_files_flat(tmp_path: Path) -> None:
    result = await soak(
        SECONDS, mode="server", concurrency=4, home=tmp_path / "home", min_requests=100
    )
    print(json.dumps(result.to_json()))  # shown with `pytest -s`
    assert not result.errors, result.errors[:5]
    assert result.requests >= 100
    assert set(result.kinds) >= {"echo", "plan", "partial", "approve", "list", "temporary"}
    assert result.samples >= 8
    assert result.fd_growth <= result.max_fd_growth, result.to_json()
    assert result.rss_growth_mb <= result.max_rss_growth_mb, result.to_json()
