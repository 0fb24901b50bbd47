"""A tiny stdio MCP server for the loader tests: `python tests/registry/mcp_stdio_server.py`."""

from __future__ import annotations

from mcp.server.fastmcp import FastMCP

server = FastMCP("test-tools")


@server.tool()
def add(a: int, b: int) -> dict[str, int]:
    """Add two integers.

    Args:
        a: The first number.
        b: The second number.
    """
    return {"sum": a + b}


@server.tool()
def shout(text: str) -> str:
    """Upper-case a text."""
    if not text:
        raise ValueError("nothing to shout")
    return text.upper()


if __name__ == "__main__":
    server.run("stdio")
