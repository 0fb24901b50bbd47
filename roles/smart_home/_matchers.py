"""The home's sentence matcher and the devices the role knows of when it plans."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system.errors import ToolExecutionError
from roles.smart_home._common import home_backend
from roles.smart_home.backend import Device
from roles.smart_home.home import Layout
from roles.smart_home.simulated import home_of

if TYPE_CHECKING:
    from agent_system.runtime import Runtime
    from roles.smart_home.understand import HomeMatcher

__all__ = ["known_devices", "matcher"]


def _build_matcher(runtime: Runtime) -> HomeMatcher:
    from roles.smart_home.understand import HomeMatcher  # hassil: loaded on the first request

    home = home_of(runtime)
    return HomeMatcher(home.devices, home.layout, home.sentences)


class _LearnedMatcher:
    """Home Assistant's names, learned from the backend's last read of its states.

    Until the first read the matcher knows no names (the verb-and-device fallback and the
    tools' fuzzy matching still work); it is rebuilt only when names, areas or floors change.
    """

    def __init__(self) -> None:
        from roles.smart_home.understand import HomeMatcher

        self.key: tuple[Any, ...] = ()
        self.matcher = HomeMatcher([], Layout())

    def current(self, runtime: Runtime) -> HomeMatcher:
        try:
            backend = home_backend(runtime)
        except ToolExecutionError:  # not configured: the tools say how to fix it
            return self.matcher
        seen = getattr(backend, "seen", None)
        if seen is None:
            return self.matcher
        devices, layout = seen
        key = (
            tuple((d.name, tuple(d.aliases), d.area, d.kind, d.device_class) for d in devices),
            tuple((a.name, a.floor, tuple(a.aliases)) for a in layout.areas),
            tuple((f.name, tuple(f.aliases)) for f in layout.floors),
        )
        if key != self.key:
            from roles.smart_home.understand import HomeMatcher

            self.key, self.matcher = key, HomeMatcher(devices, layout)
        return self.matcher


def matcher(runtime: Runtime) -> HomeMatcher:
    """The home's sentence matcher, built once per runtime (custom sentences load on start)."""
    if runtime.settings.smart_home_backend == "home_assistant":
        return runtime.resource("smart_home.matcher.learned", lambda _: _LearnedMatcher()).current(
            runtime
        )
    return runtime.resource("smart_home.matcher", _build_matcher)


def known_devices(runtime: Runtime) -> list[Device]:
    """The home's devices as the role knows them when it plans (names, kinds, areas).

    The simulated home's file, or what Home Assistant answered last (nothing before the first
    read: then every kind of device may be there).
    """
    if runtime.settings.smart_home_backend == "home_assistant":
        try:
            seen = getattr(home_backend(runtime), "seen", None)
        except ToolExecutionError:
            return []
        return list(seen[0]) if seen else []
    return runtime.resource("smart_home.known_devices", lambda _: list(home_of(runtime).devices))
