from __future__ import annotations

import agent_system.registry._loaders as loaders


def test_the_loaders_package_exports_resolve() -> None:
    for name in loaders.__all__:
        assert hasattr(loaders, name), name
