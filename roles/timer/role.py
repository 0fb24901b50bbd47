"""The timer role: "set a timer for 10 minutes", "wake me up at 7", "remind me to call mom at 5"."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan, with_previous_turn
from agent_system.routing.slots import (
    extract_label,
    format_day,
    format_duration,
    invalid_time,
    parse_duration,
    parse_when,
)
from agent_system.understanding import normalize
from agent_system.understanding._frame import resolve_follow_up
from agent_system.understanding._frame_timer import named_calls
from roles.timer._anchor import anchored_call, moment_before
from roles.timer._answered import answer_said, clock_answer, message_asked, time_asked
from roles.timer._bare import BARE_CANCEL
from roles.timer._both import both_call
from roles.timer._change import changed_by
from roles.timer._fillers import without_fillers
from roles.timer._intents import PASSIVE_CANCEL, intent_of
from roles.timer._move import move_call
from roles.timer._notice import notice_target
from roles.timer._off import turned_off
from roles.timer._other import other_call
from roles.timer._pick import picked_call
from roles.timer._rang import ASK_WHICH, RINGING_NOW
from roles.timer._repeat import repeat_in, soonest
from roles.timer._reword import reword_call
from roles.timer._said import alarm_label, as_reminder, reminder_text
from roles.timer._several import several
from roles.timer._skip_day import skip_said
from roles.timer._snooze import snooze_call
from roles.timer._stage import ASK_MESSAGE
from roles.timer._two_reminders import two_reminders
from roles.timer._which import (
    PLURAL,
    clock_said,
    dotted_clock,
    list_arguments,
    reminder_list,
    stopwatch_length,
    target_of,
    when_filter,
)

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["REMINDER_HOUR", "REMINDER_SAID", "ROLE", "TimerRole"]

REMINDER_HOUR = 9
"""A reminder for a day with no time rings at 9:00 that day (the reply says when)."""
_NONE_THEN = lazy_pattern(
    r"\b(?:no|(?:don'?t|do\s+not)\s+(?:need|want)\s+(?:an?|any))\s+(?:alarms?|wake[\s-]?up)"
    r"|\b(?:no\s+need\s+to|don'?t|do\s+not)\s+wake\s+(?:me|us)\b"
    r"|\b(?:don'?t|do\s+not)\s+want\s+to\s+be\s+wo(?:ken|ke)\b",
    re.I,
)
"""No alarm at all then: "no alarm tomorrow", "i don't need an alarm on friday"."""


def _moment_argument(
    text: str, now: datetime, what: str, wake: bool, *, repeating: bool = False
) -> str | Clarification:
    """When an alarm or reminder rings, as ISO 8601, or the question for it.

    An alarm's hour said without am/pm ("half six tomorrow") is a wake-up hour on another day
    or on a repeating alarm: 5-9 is the morning (`_WAKE_HOURS`); today it is the next time
    that clock time comes round (as `parse_when` reads it). Reminders keep `parse_when`'s rule.
    """
    found = parse_when(clock_said(text), now)
    if found is None:
        return Clarification(f"What time should the {what} go off?", missing=("at",))
    if not found.has_time:
        day = format_day(found.value.date())
        return Clarification(f"What time on {day} should the {what} go off?", missing=("at",))
    value = found.value
    if wake and found.ambiguous and value.hour >= 12:  # "wake me up at 7" means 7 am
        value -= timedelta(hours=12)
        if value <= now:
            value += timedelta(days=1)
    elif (
        what == "alarm"
        and found.ambiguous
        and (repeating or (found.has_date and value.date() != now.date()))
        and value.hour - 12 in _WAKE_HOURS
    ):  # "an alarm for half six tomorrow", "an alarm every weekday at 7": the morning
        value -= timedelta(hours=12)
    return value.isoformat()


_WAKE = lazy_pattern(
    r"\b(?:wake|awake|woken|rouse)|\b(?:get|be)\s+(?:me\s+|us\s+)?up\b|\bout\s+of\s+bed\b"
    r"|\b(?:i'?m|i\s+am|we'?re|we\s+are)\s+up\s+(?:at|by)\b",
    re.IGNORECASE,
)
"""A wake-up: an hour said without am/pm is the morning ("wake me up at 7")."""
_WAKE_HOURS = range(5, 10)
"""The hours an alarm said without am/pm means in the morning on another day."""

REMINDER_SAID = lazy_pattern(
    r"^\s*(?:please\s+)?(?:make|set|create|add|new)\s+(?:a\s+|me\s+a\s+)?reminder\s*[,:;-]\s*"
    r"(?:to\s+)?(?P<message>\w.*)$",
    re.IGNORECASE,
)
"""A reminder and then its message after a comma: "make a reminder, pay taxes on monday"."""
_ONTO_REMINDERS = lazy_pattern(
    r"^\s*(?:please\s+)?(?:add|put)\s+(?P<message>.+?)\s+(?:to|on|onto)\s+(?:my|the)\s+"
    r"(?:reminders?\s+list|list\s+of\s+reminders|reminders)\b(?P<rest>.*)$",
    re.IGNORECASE,
)
"""A message put on "my reminder list": a reminder (that asks when, if no time is said)."""


class TimerRole:
    """Countdown timers, alarms and reminders."""

    name = "timer"
    tool_modules = (
        "roles.timer.tools",
        "roles.timer._move",
        "roles.timer._reword",
        "roles.timer._snooze",
    )
    routing_hint = "timers, alarms and reminders"
    description = (
        "Countdown timers, alarms and reminders: set, list, cancel, pause, resume and extend "
        "them; reminders carry a message and ring at a time or after a delay."
    )
    examples = (
        "set a timer for 10 minutes",
        "timer for two and a half minutes",
        "start a pasta timer for 12 minutes",
        "set a timer for an hour and a half called roast",
        "set a 5 minute timer to take the bread out",
        "set an alarm for 7am",
        "wake me up at 6:30 tomorrow",
        "set an alarm for tomorrow at noon",
        "remind me to call mom at 5pm",
        "remind me in 20 minutes to check the oven",
        "remind me about the meeting tomorrow at 9",
        "how much time is left on my timer",
        "what timers do I have",
        "show my alarms",
        "cancel the pasta timer",
        "cancel all my timers",
        "stop the alarm",
        "pause the timer",
        "resume the timer",
        "add 5 minutes to the timer",
        "snooze for 10 minutes",
        "how many timers do I have running",
        "list my alarms",
        "how long is left on the pasta timer",
        "what reminders do I have today",
        "turn off the alarm for tomorrow morning",
        "give me ten more minutes on the egg timer",
        "move my reminder to 5pm",
        "change my 7am alarm to 8am",
    )

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | RolePlan | Clarification:
        """Pick timer.set/alarm/remind/list/cancel/pause/resume/extend from the words used."""
        if slots.get("ringing"):  # "stop" while an alarm rings: only what rings
            return RoleCall("timer.cancel", {"target": RINGING_NOW})
        if slots.get("past_chat"):  # "cancel it" after a chat answer: what was set before it
            history = history[:-1]
            again = resolve_follow_up(text, history, runtime.clock.now())
            if again is not None and len(again.calls) == 1:
                return RoleCall(again.calls[0].tool, dict(again.calls[0].arguments))
        now = runtime.clock.now()
        before = moment_before(history)  # "thirty minutes before that"
        text = clock_answer(text, history) or text  # "six thirty" after "What time ...?"
        text = answer_said(text, history)  # "make it tomorrow at 10" after "When should I ...?"
        if (asked := message_asked(history, ASK_MESSAGE, text)) is not None:
            joined = self._interpret(f"{asked.text} {text}", now, before)  # "in an hour"
            if isinstance(joined, Clarification) or (
                isinstance(joined, RoleCall) and joined.tool == "timer.remind"
            ):
                return joined  # the time of the reminder asked about, never a timer of its own
        if (asked := time_asked(history, text)) is not None:
            joined = self._interpret(f"{asked.text} {text}", now, before)  # "in 20 minutes"
            if isinstance(joined, RoleCall) and joined.tool in ("timer.alarm", "timer.remind"):
                return joined  # the alarm (or reminder) asked about rings then
        text = skip_said(text, history) or text  # "skip tomorrow's" after an alarm: that alarm
        if (other := other_call(text, history)) is not None:
            return other  # "how long is left on the other one" after setting two
        picked = picked_call(text, history, now, lambda t: self._interpret(t, now, before))
        if picked is not None:
            return picked  # "the 8am one" after "say which one"; "the other one" after a cancel
        if (both := both_call(text, history)) is not None:
            return both  # "cancel both" after setting two timers
        return with_previous_turn(
            lambda t: self._interpret(t, now, before), text, history, self.name
        )

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim answers to its questions ("10 minutes") and "another one for 10"."""
        from roles.timer._stage import timer_stage

        return timer_stage(runtime)

    def _interpret(
        self, text: str, now: datetime, before: datetime | None = None, *, recurring: bool = False
    ) -> RoleCall | RolePlan | Clarification:
        text = dotted_clock(text)  # "at 5.45" is 5:45
        if (ending := notice_target(text)) is not None:  # "notify me when the timer ends"
            return RoleCall("timer.list", {"target": ending, "notify": True})
        if (reminder := REMINDER_SAID.match(text)) is not None:
            text = f"remind me to {reminder['message']}"  # "make a reminder, pay taxes on monday"
        elif (reminder := _ONTO_REMINDERS.match(text)) is not None:  # "... to my reminder list"
            text = f"remind me to {reminder['message']}{reminder['rest']}"
        elif reminder_list(text) is None and (plain := as_reminder(text)) is not None:
            text = plain  # "don't let me forget the meeting at 3": "remind me about the meeting"
        if BARE_CANCEL.match(text):  # "cancel" naming nothing: ask which, never guess
            return RoleCall("timer.cancel", {"target": ASK_WHICH})
        if (snoozed := snooze_call(text)) is not None:
            return snoozed  # "snooze", "snooze the alarm for 5 minutes"
        if (adjusted := changed_by(text, now, when_filter)) is not None:
            return adjusted  # "add 5 minutes to the pasta timer", "make my alarm 5 minutes later"
        if (by_name := named_calls(normalize(text))) and by_name[0][0] == "timer.extend":
            return RoleCall(*by_name[0])  # "add 1 minute to pasta": the pasta timer, no new one
        if (two := two_reminders(text, lambda t: self._interpret(t, now))) is not None:
            return two  # "remind me to call mom at 5 and dad at 6": two reminders
        if (alarms := several(text, lambda t: self._interpret(t, now))) is not None:
            return alarms  # "set an alarm for 7am and another for 8am", "cancel the 6 and 7 am"
        if (reworded := reword_call(text, now, when_filter)) is not None:
            return reworded  # "change my dentist reminder to say call the dentist"
        if (moved := move_call(text, now, when_filter)) is not None:
            return moved  # "move my reminder to 5pm", "change my 7am alarm to 8am"
        if (reminders := reminder_list(text)) is not None:
            if ringing := when_filter(text, now):  # "remind me what i have to do tomorrow"
                reminders["when"] = ringing
            return RoleCall("timer.list", reminders)  # "what's on my reminder list"
        text = turned_off(text)  # "alarm off": "turn off the alarm"
        intent = intent_of(text)
        if intent != "cancel" and re.match(r"^\s*(?:please\s+)?skip\b", text, re.I):
            return Clarification("Which day's alarm should I skip?", missing=("when",))
        duration = parse_duration(text)
        if intent in ("cancel", "pause", "resume"):
            named = PASSIVE_CANCEL.sub("", text) if intent == "cancel" else text
            arguments: dict[str, Any] = {"target": target_of(named)}
            if intent == "cancel" and (ringing := when_filter(text, now)):
                arguments["when"] = ringing  # "cancel my 8 am alarm", "remove tomorrow's alarms"
                if (PLURAL.search(text) or _NONE_THEN.search(text)) and not arguments[
                    "target"
                ].startswith("all"):
                    arguments["target"] = f"all {arguments['target']}".strip()
            return RoleCall(f"timer.{intent}", arguments)
        if intent == "list":  # "how long is left on the tea timer" asks about that one
            return RoleCall("timer.list", list_arguments(text, when_filter(text, now)))
        if (
            intent == "create" and (stopwatch := stopwatch_length(text)) != text
        ):  # "timer for 25:00"
            text, duration = stopwatch, parse_duration(stopwatch)
        if problem := invalid_time(text):
            kind = "reminder" if intent == "remind" else "alarm" if intent == "alarm" else "timer"
            article = "an" if kind == "alarm" else "a"
            return Clarification(
                f"I didn't set {article} {kind}: {problem}.",
                missing=("at",) if kind != "timer" else ("duration",),
            )
        if intent == "extend":
            if duration is None:
                return Clarification("How much time should I add?", missing=("by",))
            target = target_of(re.sub(r"\bsnooze\b", "", text, flags=re.IGNORECASE))
            return RoleCall("timer.extend", {"by": format_duration(duration), "target": target})
        if intent in ("remind", "alarm") and (repeating := self._repeating(text, now, intent)):
            return repeating  # "every monday at 9": on monday at 9, then weekly
        if intent in ("remind", "alarm") and (counted := anchored_call(text, now, before, intent)):
            return counted  # "an alarm 30 minutes before that", "an hour before my flight"
        if intent == "remind":
            message = reminder_text(text)  # "remind me at 3 i have ...", "for me to go to work"
            if not message:
                return Clarification(ASK_MESSAGE, missing=("text",))
            said = parse_when(clock_said(text), now)
            if said is not None and said.has_date and not said.has_time:
                # "remind me to pick up the laundry next monday": that morning
                morning = said.value.replace(hour=REMINDER_HOUR, minute=0, second=0)
                if morning > now:
                    return RoleCall("timer.remind", {"text": message, "when": morning.isoformat()})
            when = _moment_argument(text, now, "reminder", wake=False)
            if isinstance(when, Clarification):
                return Clarification("When should I remind you?", missing=("when",))
            return RoleCall("timer.remind", {"text": message, "when": when})
        if intent == "alarm":
            at = _moment_argument(
                text, now, "alarm", wake=_WAKE.search(text) is not None, repeating=recurring
            )
            if isinstance(at, Clarification):
                return at
            return RoleCall("timer.alarm", {"at": at, "label": alarm_label(text)})
        if duration is None or duration <= timedelta(0):
            return Clarification("How long should the timer run?", missing=("duration",))
        label = re.sub(r"^(?:for|called|named)\s+", "", extract_label(text) or "", flags=re.I)
        if not re.search(r"\b(?:called|named|label+ed|titled)\b", text, re.IGNORECASE):
            label = without_fillers(label)  # "timer for twenty minutes please": no name
        return RoleCall("timer.set", {"duration": format_duration(duration), "label": label})

    def _repeating(
        self, text: str, now: datetime, intent: str
    ) -> RoleCall | RolePlan | Clarification | None:
        """The call for a repeating alarm or reminder ("every monday at 9"), or None."""
        rule, spoken = repeat_in(text)
        if not rule:
            return None
        found = self._interpret(spoken, now, recurring=True)
        if isinstance(found, RoleCall) and found.tool in ("timer.remind", "timer.alarm"):
            key = "when" if found.tool == "timer.remind" else "at"
            first = soonest(datetime.fromisoformat(found.arguments[key]), rule, now)
            return RoleCall(found.tool, {**found.arguments, key: first.isoformat(), "repeat": rule})
        if rule == "hourly" and intent == "remind" and (message := extract_label(spoken)):
            # "remind me to drink water every hour": the first in an hour
            return RoleCall("timer.remind", {"text": message, "when": "in 1 hour", "repeat": rule})
        return found


ROLE = TimerRole()
