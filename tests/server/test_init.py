"""The server package's public names."""

from __future__ import annotations

import agent_system.server as server


def test_the_server_package_exports_its_entry_points() -> None:
    assert server.__all__ == ["app_from_env", "check_bind", "create_app", "serve"]
    for name in server.__all__:
        assert callable(getattr(server, name))
