"""The LangGraph graph of a turn: its node units, state and builder are private modules.

Use `agent_system.api.AgentSystem` (or the server) to run it; nothing here is API.
"""

__all__: list[str] = []
