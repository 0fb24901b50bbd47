"""The smart_home role: "turn off the kitchen light", "set the heating to 21", "lock the door"."""

from __future__ import annotations

import inspect
import re
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import SPEAKER_AREA, Clarification, RoleCall, RolePlan
from agent_system.routing.slots import format_duration
from agent_system.understanding import normalize
from agent_system.understanding._plural_frame import together_follow_up
from agent_system.understanding._text import as_command
from agent_system.understanding.locale import home_fact
from roles.smart_home._answers import WHICH_ROOM, answered, here_said
from roles.smart_home._calls import call, state_or_ask
from roles.smart_home._device_follow import pointed_calls, robot_follow_up
from roles.smart_home._everyday import (
    clean,
    is_question,
    look,
    shade_of_light,
    understand,
    which_light,
    without_wake_word,
)
from roles.smart_home._except import EXCLUDING, Exclusion, leaving_out
from roles.smart_home._fan import fan_speed
from roles.smart_home._lacks import cannot_change
from roles.smart_home._later import (
    WHAT_TIME,
    again_at,
    as_done_later,
    at_clock_time,
    delayed,
    for_a_while,
    part_of_day,
    quiet_window,
    time_answer,
)
from roles.smart_home._light_said import light_said
from roles.smart_home._locked import lock_question
from roles.smart_home._matchers import known_devices
from roles.smart_home._matchers import matcher as _matcher
from roles.smart_home._media import PLAYER, music_off
from roles.smart_home._media_follow import in_use, media_follow_up, song_command
from roles.smart_home._other import one_of_kind, other_one
from roles.smart_home._places import place_said
from roles.smart_home._prepare import prepared
from roles.smart_home._questions import INDOORS_TEMPERATURE, state_question
from roles.smart_home._radio import no_radio
from roles.smart_home._rooms import room_for
from roles.smart_home._sun import SUN_WORDS, WHERE_HOME, SunTime, home_answer, sun_said
from roles.smart_home._targets import KIND_NOUNS, area_said, joined_rooms, named, tidy
from roles.smart_home._verbs import (
    BEDTIME,
    LIST,
    MAY_I,
    QUESTION,
    action_of,
    device_text,
    without_which_clause,
)
from roles.smart_home._warmth import felt_warmth, warmth_call
from roles.smart_home.home import Layout
from roles.smart_home.route_stage import HomeStage
from roles.smart_home.simulated import home_of

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["ROLE", "SmartHomeRole"]


class SmartHomeRole:
    """Lights, switches, thermostat, locks, covers and the vacuum."""

    name = "smart_home"
    tool_modules = (
        "roles.smart_home.tools",
        "roles.smart_home.more_tools",
        "roles.smart_home.openings",
        "roles.smart_home.sun_tools",
    )
    needs_home = SUN_WORDS
    """A command for sunrise or sunset needs the user's home (the ``home`` slot)."""
    routing_hint = "home devices: lights, thermostat, locks, garage, blinds/covers, vacuum, plugs"
    description = (
        "Control and check smart-home devices: lights (on/off, brightness, color), switches, "
        "thermostat, door locks, garage door and blinds, robot vacuum."
    )
    examples = (
        "turn on the kitchen light",
        "turn off the lights in the bedroom",
        "switch off all the lights",
        "dim the living room light to 30%",
        "set the bedroom light to 50 percent",
        "make the bedroom light blue",
        "change the living room light to warm white",
        "set the thermostat to 21 degrees",
        "set the heating to 19",
        "lock the front door",
        "unlock the front door",
        "is the front door locked?",
        "open the garage door",
        "close the garage",
        "open the living room blinds",
        "start the vacuum",
        "send the robot vacuum home",
        "turn on the coffee machine",
        "what's the thermostat set to",
        "which devices are in the kitchen",
        "kitchen light off",
    )

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | RolePlan | Clarification:
        """Home Assistant's templates first (with this home's names), then verb and device words.

        Several targets ("the fan and the lamp") become several calls; "the media player" is
        the one the thread is using ("play jazz on the tv" ... "mute yourself": the TV).
        """
        return in_use(self._interpret(text, slots, runtime, history), history)

    def _interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | RolePlan | Clarification:
        if (home_said := home_answer(text, history)) is not None:  # "Where do you live ...?"
            text, slots = home_said[0], {**slots, "home": home_said[1], "home_told": True}
        text = joined_rooms(without_wake_word(text).strip().rstrip("?!. "))
        text = shade_of_light(text)  # "a red shade of light": the lights, not a window shade
        text = light_said(text)  # "make the lights stronger": brighter
        text = prepared(text, known_devices(runtime))  # "desk lamp one", "the white fan"
        text = one_of_kind(text, history, known_devices(runtime))  # "the kitchen one": its light
        text = without_which_clause(text)  # "turn off any lights that are still on"
        text = BEDTIME.sub("", text) or text  # "good night, turn off the lights"
        text = MAY_I.sub("", text) or text  # "is it ok to lower the lights": a command
        text = as_command(text)  # "would you mind turning on the lights"
        text = _LIGHT_THE.sub("illuminate ", text)  # "light the kitchen": its lights on
        speaker = SPEAKER_AREA.get()
        if (
            lacks := cannot_change(text, known_devices(runtime))
            or fan_speed(text, known_devices(runtime))
        ) is not None:
            return lacks  # "make the fan blue": it has no colour; "make the fan faster"
        if (radio := no_radio(text, known_devices(runtime))) is not None:
            return radio  # "radio on" in a home with a TV and no radio: there is none
        if (together := together_follow_up(text, history, runtime.clock.now())) is not None:
            return RolePlan(tuple(RoleCall(c.tool, dict(c.arguments)) for c in together))
        if (pointed := pointed_calls(text, history, runtime.clock.now())) is not None:
            return pointed[0] if len(pointed) == 1 else RolePlan(tuple(pointed))  # "turn it off"
        if (other := other_one(text, history, known_devices(runtime))) is not None:
            return other  # "what about the other one?" after a light: the other light
        if (robot := robot_follow_up(text, history)) is not None:
            return robot  # "send it home" after "start the vacuum": back to its dock
        if (played := media_follow_up(text, history) or song_command(text, speaker)) is not None:
            return played  # "pause" after "play some jazz", "skip this song": the player in use
        if (window := quiet_window(text, runtime.clock.now())) is not None:
            between = self._muted_between(*window, slots, runtime, history)
            if between is not None:  # "no sound from 8 to 10 pm": mute then, unmute after
                return between
        if (quiet := for_a_while(text, runtime.clock.now())) is not None:
            muted = self._muted_for(*quiet, slots, runtime, history)
            if muted is not None:  # "mute for two hours": mute now, unmute when a timer rings
                return muted
        if (sun := sun_said(text)) is not None:  # "turn on the lights at sunset"
            return self._at_sun(sun, slots, runtime, history)
        if (again := again_at(text, history)) is not None:
            text = again  # "turn on the kitchen light" ... "and at 8pm?": the same, at 8 pm
        if (timed := time_answer(text, history, runtime.clock.now())) is not None:
            text = timed  # "switch off the heater tonight" / "What time ...?" / "at 11 pm"
        later = delayed(text) or at_clock_time(text, runtime.clock.now())
        if later is not None:  # "turn off the lights in 10 minutes", "... at 9am"
            command, wait = later
            if not wait:
                return Clarification(
                    "That time has already passed. When should I do it?", ("time",)
                )
            now = self.interpret(command, slots, runtime, history)
            if isinstance(now, Clarification):
                return now
            command = as_done_later(command, now)  # "i'd love a coffee": "make coffee"
            timer = {"duration": format_duration(wait), "label": command, "command": command}
            return RoleCall("timer.set", {**timer, **({"area": speaker} if speaker else {})})
        if part_of_day(text):  # "turn on the lights this evening": a time it cannot know
            return Clarification(WHAT_TIME, ("time",))
        if (earlier := answered(text, history)) is not None:
            text = earlier  # "dim the light" / "Which light do you mean: ...?" / "the kitchen one"
        if INDOORS_TEMPERATURE.match(text):  # "what's the temperature inside": the home's
            return RoleCall("smart_home.get_temperature", {"area": speaker} if speaker else {})
        imperial = runtime is not None and runtime.settings.units == "imperial"
        if (warmth := warmth_call(text, imperial, speaker)) is not None:
            return warmth  # "turn the heating up", "lower the temperature by 2 degrees"
        felt = felt_warmth(text, imperial, speaker, known_devices(runtime), history)
        if felt is not None:  # "make it warmer" with no light in the thread: the heating
            return felt
        if (stop := music_off(clean(text), known_devices(runtime), speaker)) is not None:
            return stop  # "turn the music off": the player stops, it stays on
        if (excluded := leaving_out(text)) is not None:  # "all the lights except the kitchen"
            without = self._leaving_out(excluded, slots, runtime, history)
            if without is not None:
                return without
        if (locked := lock_question(text)) is not None:
            return locked  # "is the back door locked", "did i lock the front door": only reads
        matched = _matcher(runtime).match(text, speaker)
        if matched is not None:
            calls = matched.calls
            return calls[0] if len(calls) == 1 else RolePlan(calls)
        if speaker is None and here_said(text):
            return Clarification(WHICH_ROOM, ("area",))
        question = state_question(text)
        if question is not None:
            return question
        everyday = understand(text, known_devices(runtime), speaker)
        if everyday is not None:  # "lights down a bit", "make me a coffee", "be quiet"
            return everyday
        if (how := look(text, known_devices(runtime), speaker)) is not None:
            return how  # "light settings", "change lights": which colour or brightness?
        action = action_of(text)
        asking = bool(QUESTION.match(text) or _ASKS.match(text))  # "which ...": never a command
        device, area = device_text(text)
        slot_device = slots.get("device")
        if isinstance(slot_device, str) and slot_device.strip() and not device:
            device = slot_device.strip()
        if isinstance(slots.get("area"), str) and not area:
            area = slots["area"]
        known = known_devices(runtime)
        if not area and known:  # "my son's room lights off", "turn the lights on downstairs"
            rooms = frozenset(normalize(d.area) for d in known if d.area)
            place, rest = place_said(device, rooms, named(normalize(device), known) or "")
            if place:
                area, device = next(iter(place.values())), rest
            elif (room := _room_first(device, rooms, known)) is not None:
                area, device = room  # "turn on living room radio": the radio there
        if area and known and not any(area.lower() == (d.area or "").lower() for d in known):
            if named(normalize(area), known):  # "the volume of the tv": a device, not a room
                device, area = f"{device} {area}".strip(), None
        if LIST.search(text) and action not in ("turn_on", "turn_off"):
            return RoleCall("smart_home.list_devices", {"area": area} if area else {})
        if action == "vacuum" and not area:  # "get the roomba to clean the kitchen"
            into = _INTO.search(text)  # "send the robot vacuum into the lounge"
            area = area_said(text, known) or (into["room"] if into else None)
        if action is None and not asking and history and history[-1].role == "smart_home":
            action = action_of(history[-1].text)  # "and the bedroom one too"
        if asking or action is None:
            return state_or_ask(text, device, area, asking or is_question(text), known)
        if re.match(r"^(?:illuminate|light\b)", text, re.I) and device.lower() in (
            "",
            "all",
            "light",
        ):
            device = "all lights"  # "illuminate the whole house", "light it up"
        parts = [
            tidy(p, known, text) for p in re.split(r"\s*(?:,|\band\b|&)\s*", device) if p.strip()
        ]
        if len(parts) > 1 and action not in ("set_temperature", "vacuum", "stop", "mower"):
            results = [call(action, text, part, area, speaker) for part in parts]
            calls = tuple(r for r in results if isinstance(r, RoleCall))
            if len(calls) == len(results):
                return RolePlan(calls)
        if len(parts) == 1 and not area and not speaker:
            device = parts[0]
            if (which := which_light(device, known)) is not None:
                return which  # "switch off the light": which one?
        return call(action, text, parts[0] if len(parts) == 1 else device, area, speaker)

    def _leaving_out(
        self, excluded: Exclusion, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | RolePlan | Clarification | None:
        """The request without its exclusion, each call told what to leave out.

        None when the request is no change of lights or switches ("play all songs but the sad
        ones"): the request is read as it was said.
        """
        here = SPEAKER_AREA.set(None) if not here_said(excluded.rest) else None
        try:  # "the lights except the kitchen" said in the lounge: every light, not the lounge's
            rest = self.interpret(excluded.rest, slots, runtime, history)
        finally:
            if here is not None:
                SPEAKER_AREA.reset(here)
        if isinstance(rest, Clarification):
            return rest
        calls = rest.calls if isinstance(rest, RolePlan) else (rest,)
        if all(c.tool in EXCLUDING for c in calls):
            left = ", ".join(excluded.left)
            kept = tuple(RoleCall(c.tool, {**c.arguments, "exclude": left}) for c in calls)
            return kept[0] if len(kept) == 1 else RolePlan(kept)
        if any(c.tool in _NO_EXCLUSION for c in calls):
            return Clarification(
                "I can leave something out only when switching things on or off or changing "
                "the lights' brightness or colour; which one should I change?"
            )
        return None

    def _at_sun(
        self, sun: SunTime, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | RolePlan | Clarification:
        """A timer for the next sunrise or sunset at home that runs the command then."""
        if sun.every_day:
            return Clarification(f"I can only do it at the next {sun.said}, not every day.")
        home = slots.get("home")
        if isinstance(home, str) and not home.strip():  # looked up, and none is known
            return Clarification(WHERE_HOME, ("place",))
        now = self.interpret(sun.command, slots, runtime, history)
        if isinstance(now, Clarification):
            return now
        speaker = SPEAKER_AREA.get()
        arguments: dict[str, Any] = {"command": sun.command, "event": sun.said}
        if sun.offset:
            arguments["offset_minutes"] = round(sun.offset.total_seconds() / 60)
        if sun.tomorrow:
            arguments["tomorrow"] = True
        if isinstance(home, str) and home.strip():
            arguments["place"] = home.strip()
        if speaker:
            arguments["area"] = speaker
        call = RoleCall("smart_home.at_sun", arguments)
        if slots.get("home_told") and isinstance(home, str):  # the answer to WHERE_HOME
            return RolePlan((RoleCall("memory.remember", {"fact": home_fact(home)}), call))
        return call

    def _muted_for(
        self,
        command: str,
        wait: timedelta,
        slots: dict[str, Any],
        runtime: Runtime,
        history: list[Turn],
    ) -> RolePlan | Clarification | None:
        """Mute now and a timer that unmutes after `wait`, or None when `command` is no mute."""
        if not wait:
            return Clarification("That time has already passed. When should I do it?", ("time",))
        now = self.interpret(command, slots, runtime, history)
        if not (isinstance(now, RoleCall) and now.arguments.get("command") == "mute"):
            return None
        device = str(now.arguments.get("device") or PLAYER)
        undo = "unmute" if device == PLAYER else f"unmute the {device}"
        timer = {"duration": format_duration(wait), "label": undo, "command": undo}
        return RolePlan((now, RoleCall("timer.set", timer)))

    def _muted_between(
        self,
        command: str,
        start: timedelta,
        end: timedelta,
        slots: dict[str, Any],
        runtime: Runtime,
        history: list[Turn],
    ) -> RolePlan | Clarification | None:
        """A timer that mutes at `start` and one that unmutes at `end`, when `command` mutes."""
        if end <= timedelta(0):
            return Clarification("That time has already passed. When should I do it?", ("time",))
        now = self.interpret(command, slots, runtime, history)
        if not (isinstance(now, RoleCall) and now.arguments.get("command") == "mute"):
            return None
        device = str(now.arguments.get("device") or PLAYER)
        mute, undo = (
            ("mute", "unmute")
            if device == PLAYER
            else (
                f"mute the {device}",
                f"unmute the {device}",
            )
        )

        def timer(wait: timedelta, said: str) -> RoleCall:
            return RoleCall(
                "timer.set", {"duration": format_duration(wait), "label": said, "command": said}
            )

        if start <= timedelta(0):  # already begun: mute now, unmute at the end
            return RolePlan((now, timer(end, undo)))
        return RolePlan((timer(start, mute), timer(end, undo)))

    def route_stage(self, runtime: Runtime) -> HomeStage:
        """The router's first stage for this home: requests naming its devices come here."""
        settings = runtime.settings
        extra: dict[str, Any] = {}
        if "claims" in inspect.signature(HomeStage).parameters:

            def claims(text: str, area: str | None) -> bool:  # hassil loads on first use
                return _matcher(runtime).claims(text, area)

            extra["claims"] = claims
        if settings.smart_home_backend == "home_assistant":
            return HomeStage([], Layout(), **extra)
        home = home_of(runtime)
        return HomeStage(home.devices, home.layout, home.sentences, **extra)


def _room_first(device: str, rooms: frozenset[str], known: list[Any]) -> tuple[str, str] | None:
    """(room, the rest) for a room of the home said before a kind of device.

    "living room radio": the radio there; not when a device's own name holds the room
    ("Kitchen speaker" stays that speaker).
    """
    said = normalize(device)
    for room in sorted(rooms, key=len, reverse=True):
        rest = said.removeprefix(f"{room} ").strip()
        if rest == said or not any(re.fullmatch(n, rest) for n in KIND_NOUNS.values()):
            continue  # "kitchen door": a name, not a kind of device
        if room not in (named(said, known) or "").lower():
            return room, rest
    words = said.split()
    for cut in range(min(3, len(words) - 1), 0, -1):  # "kitchen area lights", "lounge lamp"
        place, rest = " ".join(words[:cut]), " ".join(words[cut:])
        if room_for(place, rooms) and any(re.fullmatch(n, rest) for n in KIND_NOUNS.values()):
            return place, rest  # as said: the tools read "lounge" as the living room
    return None


_NO_EXCLUSION = frozenset(
    f"smart_home.{name}"
    for name in "lock unlock open_cover close_cover set_position open_valve close_valve "
    "open_garage set_temperature start_vacuum".split()
)
"""Changes that cannot leave anything out ("lock all the doors except the back door")."""
_ASKS = lazy_pattern(r"^(?:which|were|was|who|why|where)\b", re.I)
_LIGHT_THE = lazy_pattern(r"^(?:please )?light (?=(?:the|my|our) [a-z' ]+$)", re.I)
_INTO = lazy_pattern(r"\b(?:into|to|in)\s+(?:the|my|our)\s+(?P<room>[a-z' ]{2,30})$", re.I)


ROLE = SmartHomeRole()
