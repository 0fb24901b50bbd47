"""Incremental parsing of a streamed plan: each step's JSON object the moment it closes.

The planner's reply is one JSON object ``{"steps": [{...}, ...],
"unsupported": [...]}``. `StepScanner` reads it chunk by chunk with a small state machine
(strings, escapes, nesting) and hands back the text of every object that closes directly
inside the top-level ``steps`` array, so a step can be validated and started while the model
is still writing the next one. Anything before the first ``{`` (a code fence, say) is ignored.
"""

from __future__ import annotations

__all__ = ["StepScanner"]


class StepScanner:
    """Feed text chunks; get the complete step objects' texts as they close."""

    def __init__(self) -> None:
        self.depth = 0
        """Open containers (objects and arrays)."""
        self.in_string = False
        self.escaped = False
        self.key = ""
        """The last string read at depth 1 (the top-level object's keys)."""
        self._string: list[str] = []
        self.steps_depth: int | None = None
        """Depth inside the top-level ``steps`` array, while in it."""
        self._start: int | None = None
        self._buffer: list[str] = []
        self._last_string = ""
        self.text: list[str] = []

    def feed(self, chunk: str) -> list[str]:
        """The step objects (JSON text) that closed within `chunk`."""
        self.text.append(chunk)
        closed: list[str] = []
        for char in chunk:
            if self._start is not None:
                self._buffer.append(char)
            if self.in_string:
                if self.escaped:
                    self.escaped = False
                elif char == "\\":
                    self.escaped = True
                elif char == '"':
                    self.in_string = False
                    if self.depth == 1:
                        self._last_string = "".join(self._string)
                else:
                    if self.depth == 1:
                        self._string.append(char)
                continue
            if char == '"':
                self.in_string = True
                self._string = []
            elif char == ":" and self.depth == 1:
                self.key = self._last_string
            elif char in "{[":
                self.depth += 1
                if char == "[" and self.depth == 2 and self.key == "steps":
                    self.steps_depth = 2
                elif char == "{" and self.steps_depth is not None and self.depth == 3:
                    self._start = 0
                    self._buffer = ["{"]
            elif char in "}]":
                if self.depth == 3 and char == "}" and self._start is not None:
                    closed.append("".join(self._buffer))
                    self._start = None
                    self._buffer = []
                if self.depth == 2 and self.steps_depth is not None:
                    self.steps_depth = None
                self.depth = max(0, self.depth - 1)
        return closed

    @property
    def full_text(self) -> str:
        return "".join(self.text)
