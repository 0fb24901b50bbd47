"""Sentence templates we add to Home Assistant's English ones (hassil syntax, same slot lists).

The packaged `home-assistant-intents` release lags the intents project: some ways people say
things ("turn the lights in the first floor off", "lock the doors in the kitchen", "turn the lights
on in all the rooms", "set the temperature to 20") have no template in it yet. Each entry here is
one more ``data`` block for an intent, written in Home Assistant's own expansion rules so it
reads like theirs; `HomeMatcher` appends them to the packaged templates.
"""

from __future__ import annotations

from typing import Any

__all__ = ["EXTRA_LISTS", "EXTRA_SENTENCES"]

_LIGHTS_ON = [
    "<turn> [<all>] [<the>] <light> <in> [<the>] {floor} [floor] on",
    "<turn> <all> [<the>] [<home>] <light> on [<everywhere>]",
    "<turn> [<the>] [<home>] <light> on <everywhere>",
    "<turn> on [<all>] [<the>] [<home>] <light> <everywhere>",
    "<turn> on <all> [<the>] <home> <light>",
    "(activate|enable) <all> [<the>] <light> [<everywhere>]",
    "(activate|enable) [<all>] [<the>] <light> <everywhere>",
    "light up <all> (room|area)[s] [<in> <the> <home>]",
    "make sure <all> <light> (is|are) on [<everywhere>]",
    "make sure [<the>] <light> (is|are) on <everywhere>",
]
_LIGHTS_OFF = [
    "<turn> [<all>] [<the>] <light> <in> [<the>] {floor} [floor] (off|out)",
    "<turn> <all> [<the>] [<home>] <light> (off|out) [<everywhere>]",
    "<turn> [<the>] [<home>] <light> (off|out) <everywhere>",
    "<turn> (off|out) [<all>] [<the>] [<home>] <light> <everywhere>",
    "(deactivate|disable) <all> [<the>] <light> [<everywhere>]",
    "(deactivate|disable) [<all>] [<the>] <light> <everywhere>",
    "make sure <all> <light> (is|are) off [<everywhere>]",
]
_LOCKS = "[<all>] [<the>] (lock|door|window|gate)[s]"

EXTRA_SENTENCES: dict[str, list[dict[str, Any]]] = {
    "HassTurnOn": [
        {"sentences": _LIGHTS_ON, "slots": {"domain": "light"}},
        {
            "sentences": [
                "<all> <light> on <here>",
                "<turn> <all> <light> on <here>",
                "<turn> on <all> <light> <here>",
            ],
            "slots": {"domain": "light"},
            "requires_context": {"area": {"slot": True}},
        },
        {"sentences": [f"lock {_LOCKS} <in> [<the>] {{area}}"], "slots": {"domain": "lock"}},
        {
            "sentences": [
                "(change|switch|transition) [<the>] {area} to [<the>] {name} [scene]",
                "(change|switch|transition) to [<the>] {area} {name} [scene]",
                "(change|switch|transition) to [<the>] {name} [scene] <in> [<the>] {area}",
            ],
            "requires_context": {"domain": ["scene"]},
        },
        {
            "sentences": [
                "(change|switch|transition) to [<the>] {name} [script]",
                "[<the>] {name} on",
            ],
            "requires_context": {"domain": ["script"]},
        },
    ],
    "HassTurnOff": [
        {"sentences": _LIGHTS_OFF, "slots": {"domain": "light"}},
        {
            "sentences": [
                "<all> <light> (off|out) <here>",
                "<turn> <all> <light> (off|out) <here>",
                "<turn> (off|out) <all> <light> <here>",
            ],
            "slots": {"domain": "light"},
            "requires_context": {"area": {"slot": True}},
        },
        {"sentences": [f"unlock {_LOCKS} <in> [<the>] {{area}}"], "slots": {"domain": "lock"}},
    ],
    "HassClimateSetTemperature": [
        {
            "sentences": [
                "(<numeric_value_set>|adjust) [the] <temp> to {temperature}[([ ]°)|( degree[s])]",
                "(<numeric_value_set>|adjust) [the] (thermostat|heating) to "
                "{temperature}[([ ]°)|( degree[s])]",
            ]
        }
    ],
    "HassMediaPrevious": [
        {
            "sentences": [
                "previous <track>",
                "go back to the (previous|last) <track>",
                "replay the (previous|last) <track> [again]",
                "play [the] (previous|last) <track> [again]",
            ]
        },
        {
            "sentences": [
                "[<the>] {name} go back [to the (previous|last) <track>]",
                "[<the>] {name} replay [the (previous|last) <track>] [again]",
            ],
            "requires_context": {"domain": ["media_player"]},
        },
    ],
    "HassMediaNext": [
        {"sentences": ["play [the] next <track>", "skip to the next <track>", "next <track>"]}
    ],
    "HassMediaSearchAndPlay": [{"sentences": ["play {search_query}"]}],
    "HassGetState": [
        {
            "sentences": [
                "<are_any> {bs_on_class:device_class} {bs_on_state:state} [<in> [<the>] {area}]",
                "(are all|is every) {bs_on_class:device_class} {bs_on_state:state}",
                "<how_many> {bs_on_class:device_class} (are|is) {bs_on_state:state}",
                "<which> {bs_on_class:device_class} (are|is) {bs_on_state:state}",
                "is (anything|something) {bs_on_verb:device_class}",
            ],
            "slots": {"domain": "binary_sensor", "state": "on"},
        },
        {
            "sentences": ["<which> devices are powered [on]", "is (anything|something) powered"],
            "slots": {"domain": "binary_sensor", "device_class": "power", "state": "on"},
        },
        {
            "sentences": [
                "is [<the>] {name} up to date",
                "(does|do) [<the>] {name} need an update",
            ],
            "slots": {"domain": "binary_sensor", "device_class": "update"},
        },
        {
            "sentences": [
                "(what is|what's|how (fast|high|much|big) is) [<the>] {name}'s [current] "
                "({sensor_reading:device_class})",
            ],
            "slots": {"domain": "sensor"},
        },
        {
            "sentences": [
                "when (is|will) [<the>] {name} [be]",
                "what is the date of [<the>] {name}",
            ],
            "slots": {"domain": "sensor", "device_class": "date"},
        },
    ],
}
"""Intent -> extra ``data`` blocks (``sentences``, optional ``slots`` / ``requires_context``)."""

EXTRA_LISTS: dict[str, dict[str, Any]] = {
    "bs_on_class": {
        "values": [
            {"in": "(opening|openings)", "out": "opening"},
            {"in": "[available] (update|updates)", "out": "update"},
            {"in": "(power|powered) devices", "out": "power"},
        ]
    },
    "bs_on_state": {
        "values": ["open", {"in": "(available|on|detected)", "out": "on"}],
    },
    "bs_on_verb": {"values": [{"in": "vibrating", "out": "vibration"}]},
    "sensor_reading": {
        "values": [
            {"in": "[(download|upload)] (speed|rate)", "out": "data_rate"},
            {"in": "(size|file size)", "out": "data_size"},
            {"in": "(distance|mileage)", "out": "distance"},
            {"in": "(level|battery [level])", "out": "battery"},
            {"in": "(temperature|temp)", "out": "temperature"},
            {"in": "humidity", "out": "humidity"},
            {"in": "(power|power use|consumption)", "out": "power"},
            {"in": "(energy|energy use)", "out": "energy"},
        ]
    },
}
"""Slot lists the extra templates use (merged into Home Assistant's lists)."""
