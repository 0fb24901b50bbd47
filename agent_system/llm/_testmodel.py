"""`TestChatModel`: ``AGENT_SYSTEM_MODEL=test``, a model that needs no key and calls your tool.

Like pydantic-ai's ``TestModel``, it answers from the shape of each call rather than a script
(it is a `ScriptedChatModel` whose every turn is computed):

- routing: always meta-planning, so the planner runs;
- planning: one step calling the first tool offered for the request (the best match the tool
  search found), or the tool named in ``test:<tool>``, with arguments built from the tool's JSON
  schema (defaults, examples, the first enum value, else ``"a"``, ``0``, ``false``...);
- replanning: gives up (an empty plan), so a failing tool shows its error;
- anything else (the reply): what the steps said, one line each.

So a tool developer can watch the planner call their tool, with no API key::

    AGENT_SYSTEM_MODEL=test:units.convert agent-system ask --plugin ... "convert 3 feet"
"""

from __future__ import annotations

import json
from typing import Any

from langchain_core.messages import AIMessage

from agent_system._lazy import lazy_pattern
from agent_system.llm._fake import ScriptedCall, ScriptedChatModel, ScriptTurn

__all__ = ["TestChatModel", "example_arguments"]

_COMPUTED = "<computed>"


class TestChatModel(ScriptedChatModel):
    """A chat model that routes to the planner and plans one call of a tool (see the module)."""

    __test__ = False  # not a pytest test class

    model_name: str = "test"
    tool: str | None = None
    """Call this tool (``test:<tool>``); None: the first tool offered."""

    def __init__(self, tool: str | None = None, **kwargs: Any) -> None:
        super().__init__((), default=_COMPUTED, tool=tool or None, **kwargs)

    @property
    def _llm_type(self) -> str:
        return "test"

    def _reply(self, call: ScriptedCall, turn: ScriptTurn) -> AIMessage:
        if turn == _COMPUTED:
            turn = self._answer(call)
        return super()._reply(call, turn)

    def _answer(self, call: ScriptedCall) -> ScriptTurn:
        schema = (call.structured or {}).get("schema")
        name = getattr(schema, "__name__", None)
        if isinstance(schema, dict):  # {"name": ..., "schema": ...} or a JSON schema
            name = schema.get("name") or schema.get("title")
        text = "\n".join(str(m.content) for m in call.messages)
        if name == "RouteChoice":
            return {
                "target": "meta_planning",
                "role": None,
                "confidence": 1.0,
                "follow_up": False,
                "reason": "The test model sends every request to the planner.",
            }
        if name == "PlanDraft":
            if "Replan attempt:" in text:
                return {"reasoning": "The test model does not replan.", "steps": []}
            return self._plan(call)
        return _summary(text)

    def _plan(self, call: ScriptedCall) -> dict[str, Any]:
        offered = _offered_tools(call)
        if not offered:
            return {"reasoning": "No tool was offered.", "steps": [], "unsupported": ["all"]}
        if self.tool is not None:
            chosen = next((t for t in offered if t.get("name") == self.tool), None)
            if chosen is None:
                names = ", ".join(str(t.get("name")) for t in offered)
                return {
                    "reasoning": "The test model was asked for a tool not offered here.",
                    "steps": [],
                    "unsupported": [
                        f"{self.tool} was not among the tools offered for this request "
                        f"({names}); mention what it does in the request"
                    ],
                }
        else:
            chosen = offered[0]
        arguments = example_arguments(chosen.get("parameters") or {})
        return {
            "reasoning": f"The test model calls {chosen['name']} with example arguments.",
            "steps": [{"id": "s1", "tool": chosen["name"], "arguments": arguments}],
            "unsupported": [],
        }


def _offered_tools(call: ScriptedCall) -> list[dict[str, Any]]:
    """The tools the planner offered, in the prompt's order (its ``Tools:`` lines), each with
    its parameters read back from the plan schema's typed step variants (or, for a tool the
    schema cannot type, from the JSON schema on its line)."""
    names: list[str] = []
    parameters = _typed_parameters(call)
    for message in call.messages:
        text = str(message.content)
        if "Tools:\n" not in text:
            continue
        for line in text.split("Tools:\n", 1)[1].splitlines():
            found = _TOOL_LINE.match(line)
            if found is None:
                break
            names.append(found["name"])
            if " Parameters: {" in line and found["name"] not in parameters:
                try:  # a tool the schema cannot type: its JSON schema is on its line
                    parameters[found["name"]] = json.loads(line.split(" Parameters: ", 1)[1])
                except json.JSONDecodeError:
                    pass
    return [{"name": name, "parameters": parameters.get(name, {})} for name in names]


_TOOL_LINE = lazy_pattern(r"^- (?P<name>[^\s(:]+)[(:]")


def _typed_parameters(call: ScriptedCall) -> dict[str, dict[str, Any]]:
    """Each typed tool's parameters as an object schema (references and nulls taken out)."""
    fmt = (call.structured or {}).get("schema")
    schema = fmt.get("schema", fmt) if isinstance(fmt, dict) else None
    if not isinstance(schema, dict):
        return {}
    defs = schema.get("$defs") or {}

    def resolve(node: Any) -> Any:
        if isinstance(node, dict) and isinstance(node.get("$ref"), str):
            return defs.get(node["$ref"].rsplit("/", 1)[-1], {})
        return node

    def plain(node: Any) -> tuple[Any, bool]:
        """(the schema without its reference and null options, whether null was allowed)."""
        node = resolve(node)
        options = node.get("anyOf") if isinstance(node, dict) else None
        if not isinstance(options, list):
            return node, False
        kept, nullable = [], False
        for option in (resolve(o) for o in options):
            if option == {"type": "null"}:
                nullable = True
            elif not (isinstance(option, dict) and "$ref" in (option.get("properties") or {})):
                kept.append(option)
        if len(kept) == 1 and isinstance(kept[0], dict):
            kind = kept[0].get("type")
            if isinstance(kind, list) and "null" in kind:
                others = [k for k in kind if k != "null"]
                return {**kept[0], "type": others[0] if len(others) == 1 else others}, True
            return kept[0], nullable
        return {"anyOf": kept}, nullable

    try:
        variants = schema["properties"]["steps"]["items"]["anyOf"]
    except (KeyError, TypeError):
        return {}
    found: dict[str, dict[str, Any]] = {}
    for variant in variants:
        properties = dict(variant.get("properties") or {})
        properties.pop("id", None)
        tool = properties.pop("tool", {})
        if not isinstance(tool, dict) or len(tool.get("enum") or []) != 1:
            continue
        if properties.keys() == {"arguments"} and "properties" in properties["arguments"]:
            properties = dict(properties["arguments"]["properties"])
        typed: dict[str, Any] = {}
        required = []
        for name, sub in properties.items():
            typed[name], nullable = plain(sub)
            if not nullable:
                required.append(name)
        found[tool["enum"][0]] = {"type": "object", "properties": typed, "required": required}
    return found


def example_arguments(schema: dict[str, Any]) -> dict[str, Any]:
    """Values for the required properties of an object schema (see `_example`)."""
    value = _example(schema, depth=0)
    return value if isinstance(value, dict) else {}


def _example(schema: Any, depth: int) -> Any:
    if not isinstance(schema, dict) or depth > 6:
        return None
    for key in ("default", "const"):
        if key in schema:
            return schema[key]
    if schema.get("examples"):
        return schema["examples"][0]
    if schema.get("enum"):
        return schema["enum"][0]
    for key in ("anyOf", "oneOf", "allOf"):
        options = [o for o in schema.get(key) or [] if o.get("type") != "null"]
        if options:
            return _example(options[0], depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind == "object" or "properties" in schema:
        properties = schema.get("properties") or {}
        return {
            name: _example(properties.get(name, {}), depth + 1)
            for name in schema.get("required") or []
        }
    if kind == "array":
        count = int(schema.get("minItems") or 0)
        return [_example(schema.get("items") or {}, depth + 1) for _ in range(count)]
    if kind in ("integer", "number"):
        low = float(schema.get("minimum", schema.get("exclusiveMinimum", 0)) or 0)
        value = low + 1 if "exclusiveMinimum" in schema and "minimum" not in schema else low
        return int(value) if kind == "integer" else value
    if kind == "boolean":
        return False
    if kind == "string":
        formats = {"date": "2026-01-01", "date-time": "2026-01-01T12:00:00", "time": "12:00"}
        text = formats.get(str(schema.get("format")), "a")
        return text * max(1, int(schema.get("minLength") or 1)) if text == "a" else text
    return None


_RESULT = lazy_pattern(r"^- (?P<step>\S+): (?P<tool>\S+).*? -> (?P<status>\w+)(?P<rest>.*)$")


def _summary(prompt: str) -> str:
    """The reply: what each step said (from the synthesizer's prompt), one line each."""
    lines = []
    for line in prompt.splitlines():
        found = _RESULT.match(line)
        if found is None:
            continue
        rest = found["rest"]
        for marker in ("; said: ", "; output: ", "; error: "):
            if marker in rest:
                detail = rest.split(marker, 1)[1]
                label = "" if marker == "; said: " else f"{found['tool']} {found['status']}: "
                lines.append(label + detail)
                break
        else:
            lines.append(f"{found['tool']} {found['status']}.")
    return "\n".join(lines) or "This is the test model: it has nothing to say."
