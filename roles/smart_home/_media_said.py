"""What a volume or mute change says: what changed, not the player's whole state.

"louder" said "Kitchen speaker is playing, with music, volume 50%." (a state report); now it
says "Turned Kitchen speaker up to 50%.", and a player still muted says how to hear it.
"""

from __future__ import annotations

from agent_system.registry.spec import ToolOutput

__all__ = ["mute_said", "volume_said"]


def _attributes(done: ToolOutput) -> dict[str, object]:
    data = done.data if isinstance(done.data, dict) else {}
    attributes = data.get("attributes")
    return attributes if isinstance(attributes, dict) else {}


def _name(done: ToolOutput) -> str | None:
    data = done.data if isinstance(done.data, dict) else {}
    name = data.get("name")
    return name if isinstance(name, str) else None


def volume_said(done: ToolOutput, change: int | None, before: object) -> ToolOutput:
    """`done` (one player's volume set) saying the new level; several players: as it was."""
    name, attributes = _name(done), _attributes(done)
    level = attributes.get("volume")
    if name is None or not isinstance(level, int):
        return done
    if change and level == before:
        said = f"{name} is already at {level}%."
    elif change:
        said = f"Turned {name} {'up' if change > 0 else 'down'} to {level}%."
    else:
        said = f"Set the volume of {name} to {level}%."
    if attributes.get("muted"):
        said += " It's muted; say 'unmute' to hear it."
    return done.model_copy(update={"display": said})


def mute_said(done: ToolOutput, command: str) -> ToolOutput:
    """`done` (one player muted or unmuted) saying so."""
    name, attributes = _name(done), _attributes(done)
    if name is None:
        return done
    if command == "mute":
        return done.model_copy(update={"display": f"Muted {name}."})
    level = attributes.get("volume")
    volume = f"; the volume is {level}%" if isinstance(level, int) else ""
    return done.model_copy(update={"display": f"Unmuted {name}{volume}."})
