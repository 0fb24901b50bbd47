"""The timer role's first stage: answers to its questions, "another one for 10", clear requests.

"How long should the timer run?" ... "10 minutes" goes back to the timer role (`roles._answers`);
after a timer was set, "and another one for 10" / "one more for 2 minutes" is a follow-up that
sets one more (the frame reads the unit from the timer before). A request for a reminder or a
wake-up that the role reads whole ("set a reminder for me to go to work in ten minutes", "set
reminder", "wake me up on friday at five in the morning"), not a question about them, is
claimed as a guess: the router drops the claim when its classifier is sure no role owns it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from agent_system.understanding import normalize, split_clauses
from agent_system.understanding._clauses import without_date_commas
from agent_system.understanding._dismiss import HUSH, asked
from agent_system.understanding._frame import last_call, resolve_follow_up
from agent_system.understanding._frame_timer import named_calls, turns_off
from roles._answers import answer_stage
from roles.timer._answered import clock_answer
from roles.timer._bare import BARE_CANCEL
from roles.timer._notice import notice_target
from roles.timer._other import other_call
from roles.timer._rang import rings_now
from roles.timer._skip_day import skip_said
from roles.timer._which import WAKE_QUESTION, reminder_list

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["ASK_MESSAGE", "past_chat", "timer_stage"]

_ANOTHER = lazy_pattern(
    r"^(?:(?:and|also|ok|okay|now|then)\s+)*(?:set\s+)?(?:another|(?:one|1)\s+more|a\s+second)"
    r"(?:\s+(?:one|1|timer|alarm))?(?:\s+(?:for|at)\s+\S+(?:\s+\w+)?)?"
    r"(?:\s+(?:called|named|labell?ed|for\s+the)\s+[a-z][\w' -]*)?$"
)


_STOP = lazy_pattern(
    r"^(?:(?:ok|okay|alright|please|hey|olly|alexa|oh)\s+)*(?:stop(?:\s+(?:it|that|ringing|the"
    r"\s+(?:noise|ringing|beeping|sound)))?|(?:turn|switch|shut)\s+(?:it|that)\s+off"
    rf"|{HUSH}|enough|dismiss|make\s+it\s+stop|(?:i'?m|i\s+am)\s+(?:up|awake))"
    r"(?:\s+(?:now|please|already))*[\s!.]*$"
)
"""Said while something rings: "stop", "quiet", "hush", "stop talking", "enough", "make it stop",
"i'm up"."""
_ASKS_AGAIN = lazy_pattern(r"^(?:(?:and|but|so|ok|okay)\s+)*(?:and|what\s+about|how\s+about)\b")
_NAMES_ONE = lazy_pattern(
    r"\b(?:reminders?|remind\s+(?:me|us)|wake\s+(?:me|us)|wake[\s-]?up(?:\s+call)?"
    r"|(?:(?:want|need|have|got)\s+to\s+(?:get|be)|get\s+(?:me|us))\s+up\s+(?:at|by)"
    r"|(?:(?:must|should|gotta|(?:want|need|have|got)\s+to)\s+be|have\s+(?:me|us))\s+(?:up|awake)"
    r"\s+(?:at|by)"
    r"|(?:ring|buzz|rouse)\s+(?:me|us)\s+at|get\s+(?:me|us)\s+out\s+of\s+bed|woken"
    r"|(?:alert|buzz|ring)\s+(?:me|us)\s+in\s+(?:an?|\d+|half)"
    r"|make\s+sure\s+(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:up|awake)\s+(?:at|by)"
    r"|tell\s+(?:me|us)\s+to|(?:alert|call)\s+(?:me|us)\s+at|(?:let\s+(?:me|us)\s+know|tell\s+(?:me|us))\s+when"
    r"\s+it(?:'s|\s+is)|(?:don'?t|do\s+not)\s+let\s+(?:me|us)\s+forget|nudge"
    r"|heads[\s-]?up|(?:need|want|like)\s+to\s+be\s+(?:reminded|notified|alerted|pinged|nudged)"
    r"|make\s+sure\s+(?:that\s+)?(?:i|we)\s+(?!'|am\b|are\b))\b"
)
_ASKS_INFO = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you)\s+)*remind\s+(?:me|us)\s+(?:again\s+)?"
    r"(?:of\s+)?(?:how|what|where|who|which|why|whether|if"
    r"|(?:the|my|his|her|their|our)\s+(?:date|day|time|name|number|address|amount|title|details?"
    r"|price|cost)\s+of)\b"
)
"""Asks to be told something again, not to be reminded later ("remind me how to spell ...",
"remind me of the date of my last paycheck")."""
_MAKE_SURE = lazy_pattern(r"\bmake\s+sure\s+(?:that\s+)?(?:i|we)\b")
"""Made sure of: claimed only with a time to ring at ("make sure i take my pills at 9pm")."""
"""Reminders and wake-ups: the requests the classifier confuses with calendar and chit-chat
(plain timer and alarm requests it routes surely, with its own confidence)."""
_WAKE_AT = lazy_pattern(
    r"^(?:please\s+)?(?:wake|get|rouse)\s+(?:me|us)(?:\s+up|\s+out\s+of\s+bed)?\s+(?:at|by)\s+"
    r"(?:\d|noon\b|midnight\b)"
)
"""A wake-up at a clock time, said as an order: claimed surely (no question of it)."""
_NEXT_REMINDER = lazy_pattern(
    r"^(?:what|when|which)(?:\s+is|'s)?\s+(?:my|the)\s+(?:next|first|last|upcoming)\s+reminder\??$"
)
"""The one reminder asked for ("what's my next reminder"): the calendar has none of its own."""
_OTHER_ROLE = lazy_pattern(
    r"\b(?:calendar|agenda|schedule|playlists?|songs?|music|weather|lights?|lists?|notes?)\b"
)


_A_LENGTH = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you)\s+)*(?:(?:start|begin)\s+)?(?:a\s+)?"
    r"(?:count(?:ing)?\s*down(?:\s+(?:from|for|of))?|countdown\s+(?:of|for)"
    r"|(?:set|start)(?=\s+(?:an?\s+|\d|half\b)))\s+"
    r"(?:\d+(?:\.\d+)?|(?:half\s+)?an?)\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b"
    r"(?:\s+(?:and\s+)?(?:a\s+half|\d+\s*(?:seconds?|minutes?)))?"
    r"(?:\s+(?:for|on)\s+(?:the\s+|my\s+)?[a-z]+(?:\s+[a-z]+)?)?(?:\s+please)?$"
)
"""A countdown of a length, or a length set ("count down 5 minutes", "set 60 minutes for oven"):
surely a timer."""
_ALARM_ORDER = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you|i\s+want\s+to|i\s+need\s+to)\s+)*"
    r"(?:(?:set|create|make|add|schedule|put\s+in)\s+(?:an?\s+|the\s+|my\s+|new\s+)*alarm\b"
    r"|ring\s+(?:me|my\s+phone)\s+at\b)"
    r"|^(?P<fronted>(?:at|for)\s+[^,]+),\s*(?:please\s+)?(?:set|sound|ring)(?:\s+off)?\s+"
    r"(?:an?\s+|the\s+|my\s+)?alarm(?:\s+please)?$"
)
"""An alarm ordered ("set an alarm for five o'clock labelled taxi", "ring my phone at 12 pm",
"at 9 tomorrow, set off the alarm"): claimed surely when the role reads an alarm at a time."""


def _ordered_alarm(text: str, runtime: Runtime) -> bool | None:
    """Whether `text` orders an alarm at a time: None when not, else whether it has a comma."""
    said = normalize(text)
    found = _ALARM_ORDER.match(said)
    if found is None or _OTHER_ROLE.search(said) is not None:
        return None
    if found["fronted"] is None and len(split_clauses(text)) > 1:
        return None  # "set an alarm for 7 and turn on the lights": the compound rules split it
    from roles.timer.role import ROLE

    call = ROLE.interpret(text, {}, runtime, [])
    if not (isinstance(call, RoleCall) and call.tool == "timer.alarm"):
        return None
    return found["fronted"] is not None


_PLACE = lazy_pattern(
    r"\b(?:next\s+time|when(?:ever)?|once)\s+(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+(?:go|get|am|at|in)\b"
)
"""A reminder for a place, not a time ("next time i go shopping"): no timer rings for it."""
_LENGTH_AND = lazy_pattern(r"\band\s+a\s+(?:half|quarter)\b|(?<=\d)\s+and\s+(?=\d|a\b)")
_JOINED = lazy_pattern(r"\b(?:and|then|also|plus)\b|[,;]")


def _read_whole(text: str) -> bool:
    """A request with a comma that is one timer request.

    "make a reminder, pay taxes on monday", "what's on my reminder list, read it back".
    """
    from roles.timer._move import replaced
    from roles.timer.role import REMINDER_SAID

    if replaced(text) is not None:  # "remove my 8 pm alarm and set it to 7 pm": one move
        return True
    return REMINDER_SAID.match(text) is not None or reminder_list(text) is not None


def _whole_request(text: str, runtime: Runtime) -> bool:
    """A reminder or wake-up request the role reads whole ("set reminder")."""
    if _read_whole(text):
        return True
    said = normalize(text)
    if _NAMES_ONE.search(said) is None or _OTHER_ROLE.search(said) is not None:
        return False
    # "an hour and a half", "5 and 10 minutes", "on march 3, 2027": no second request
    joined = _LENGTH_AND.sub(" ", without_date_commas(said))
    if len(split_clauses(text)) > 1 or _JOINED.search(joined) is not None:
        return False  # "set a timer and split the bill": the compound rules split it
    from roles.timer.role import ROLE

    found = ROLE.interpret(text, {}, runtime, [])
    if isinstance(found, RolePlan):  # "wake me up at 6 and again at 6:15"
        return True
    if isinstance(found, RoleCall):  # questions ("any reminders today?") stay the classifier's
        return found.tool != "timer.list" or _NEXT_REMINDER.match(said) is not None
    if _PLACE.search(said):  # "remind me to buy bread next time i go shopping": a list's
        return False
    # "i need a reminder to order cookies": what to remind of is read, only "when?" is missing
    if _ASKS_INFO.match(said):  # "can you remind me how to spell because": a question
        return False
    if _MAKE_SURE.search(said):  # "make sure i have enough gas": no reminder without a time
        return False
    return (
        len(said.split()) <= 3
        or found.missing == ("when",)
        or (_AT_A_TIME.match(said) is not None and found.missing == ("text",))
    )  # "remind me at 5 pm": only what to remind of is missing


_TO_DO = lazy_pattern(r"\b(?:to|that)\s+(?!be\b)[a-z]")
_SOMETHING_TO_DO = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you)\s+)*(?:remind\s+(?:me|us)|(?:give|send)"
    r"\s+(?:me|us)\s+an?\s+(?:quick\s+)?(?:nudge|ping|heads\s+up|reminder)|nudge\s+(?:me|us)"
    r"|(?:do\s+not|don'?t)\s+let\s+(?:me|us)\s+forget\s+to)\b"
)


_NUDGE = lazy_pattern(
    r"\b(?:(?:give|send)\s+(?:me|us)|need|want)\s+an?\s+nudge\b|\bnudge\s+(?:me|us)\b"
)


_AT_A_TIME = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|will\s+you)\s+)*(?:remind|ping|nudge)\s+(?:me|us)"
    r"\s+(?:again\s+)?(?:at|around|by|later\s+at|tomorrow\s+at|tonight\s+at)\s+"
    r"(?:\d{1,2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?|noon|midnight)"
    r"(?:\s+(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening)|please))*$"
)
"""A reminder ordered at a time, nothing to remind of: "remind me at 5 pm" (it asks what)."""


def _sure_reminder(text: str, runtime: Runtime) -> bool:
    """A reminder said as an order with a clock time and something to do: surely the timer's.

    "give me a nudge at 5 to leave for the train", "remind me at 6 to walk the dog"; a nudge
    asked for is one even before its time is said ("i need a nudge to book the vet").
    """
    said = normalize(text)
    from roles.timer.role import ROLE

    if _AT_A_TIME.match(said):  # "remind me at five pm": it asks what about, surely the timer's
        asked = ROLE.interpret(text, {}, runtime, [])
        return isinstance(asked, Clarification) and asked.missing == ("text",)
    nudge = _NUDGE.search(said) is not None
    if (_SOMETHING_TO_DO.match(said) is None and not nudge) or _TO_DO.search(said) is None:
        return False

    found = ROLE.interpret(text, {}, runtime, [])
    if isinstance(found, Clarification):
        return nudge and found.missing == ("when",)
    return (
        isinstance(found, RoleCall)
        and found.tool == "timer.remind"
        and re.search(r"\d|\b(?:noon|midnight)\b", said) is not None
    )


def _picks(request: RouteRequest, runtime: Runtime) -> bool:
    """Says which one after the timer role asked which, or "the other one" after a cancel."""
    from roles.timer._pick import picked_call
    from roles.timer.role import ROLE

    history = list(request.history)
    if not history or history[-1].role != "timer":
        return False
    now = runtime.clock.now()
    interpret = lambda t: ROLE.interpret(t, {}, runtime, [])  # noqa: E731
    return picked_call(request.text, history, now, interpret) is not None


def _one_at(request: RouteRequest, runtime: Runtime) -> bool:
    """Whether it says "cancel the 8am one" right after the timer role set or read some."""
    from roles.timer._pick import one_at

    history = list(request.history)
    if not history or history[-1].role != "timer" or not history[-1].calls:
        return False
    return one_at(request.text, runtime.clock.now()) is not None


def _both(request: RouteRequest) -> bool:
    """Says "cancel both" / "pause them all" after the thread set two or more."""
    from roles.timer._both import both_call

    return both_call(request.text, list(request.history)) is not None


def _several(text: str, runtime: Runtime) -> bool:
    """Several alarms the role reads whole ("set an alarm for 7am and another for 8am")."""
    from roles.timer._several import several
    from roles.timer.role import ROLE

    if not re.search(r"\balarms?\b|\bwake\b", text, re.IGNORECASE):
        return False
    return several(text, lambda t: ROLE.interpret(t, {}, runtime, [])) is not None


ASK_MESSAGE = "What should I remind you about?"
_NOT_A_MESSAGE = lazy_pattern(
    r"^(?:(?:no|nope|cancel|stop|never\s*mind|forget\s+it|nothing)\b|(?:what|which|how|why|when"
    r"|where|who|is|are|do|does|can|could|will|would)\b)"
)


def _message_answer(request: RouteRequest, runtime: Runtime) -> bool:
    """Whether `request` answers "What should I remind you about?" ("to call mom").

    The role reads the request and this answer together as a whole reminder.
    """
    history = list(request.history)
    if not history or history[-1].role != "timer" or history[-1].calls:
        return False
    if history[-1].reply.strip() != ASK_MESSAGE:
        return False
    said = normalize(request.text)
    if not said or len(said.split()) > 10 or _NOT_A_MESSAGE.match(said):
        return False
    from roles.timer.role import ROLE

    found = ROLE.interpret(request.text, {}, runtime, history)
    if isinstance(found, Clarification):  # "to call mom": now it asks when
        return found.missing == ("when",)
    return isinstance(found, RoleCall) and found.tool == "timer.remind"


_ON_IT = frozenset(
    {
        "timer.cancel",
        "timer.pause",
        "timer.resume",
        "timer.extend",
        "timer.shorten",
        "timer.list",
        "timer.move",
    }
)


def _acts_on_it(calls: tuple[Any, ...]) -> bool:
    """One call on one timer by its number ("cancel it" -> timer.cancel of #3)."""
    return (
        len(calls) == 1
        and calls[0].tool in _ON_IT
        and str(calls[0].arguments.get("target", "")).isdigit()
    )


def past_chat(history: Sequence[Turn]) -> list[Turn] | None:
    """`history` without its last turn when that turn was only a chat answer, else None.

    After "what's the time" or "thanks", what the thread did before is still what "it" means.
    """
    if len(history) < 2 or history[-1].role != "conversation":
        return None
    calls = history[-1].calls or []
    if not all(str(c.get("tool", "")).startswith(("conversation.", "calculator.")) for c in calls):
        return None
    return list(history[:-1])


def _claimed(
    reason: str,
    confidence: float = 0.95,
    *,
    slots: dict[str, Any] | None = None,
    guess: bool = False,
) -> RouteDecision:
    """The timer role's claim of a request, with the stage's reason."""
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role="timer",
        confidence=confidence,
        slots=slots or {},
        guess=guess,
        reason=reason,
        scores={"timer": confidence},
    )


def timer_stage(runtime: Runtime) -> Callable[[RouteRequest], RouteDecision | None]:
    """Answers to the timer's questions, then "another one for N" after a timer or alarm."""
    answers = answer_stage("timer", runtime)

    def stage(request: RouteRequest) -> RouteDecision | None:
        if (answered := answers(request)) is not None:
            return answered
        if clock_answer(request.text, list(request.history)) is not None:
            return _claimed("A time said bare, answering the timer's question.")  # "six thirty"
        if _message_answer(request, runtime):
            return _claimed("What to remind of, asked by the timer role the turn before.")
        previous = last_call(request.history[-1:])
        said = normalize(request.text)
        if (
            previous is not None
            and previous.tool in ("timer.set", "timer.alarm")
            and _ANOTHER.match(said) is not None
        ):
            return _claimed("One more like the timer before.", slots={"follow_up": True})
        if previous is not None and previous.tool.startswith("timer."):
            # "cancel it", "pause it", "add 5 minutes to it" right after setting one: that one
            again = resolve_follow_up(request.text, list(request.history), runtime.clock.now())
            if again is not None and (
                _acts_on_it(again.calls)
                or (turns_off(said) and [c.tool for c in again.calls] == ["timer.cancel"])
            ):  # "turn it off" after "is my alarm set for 8?": that alarm
                return _claimed("Acts on what the timer role just set.", slots={"follow_up": True})
        if (before_chat := past_chat(request.history)) is not None:
            # "set a timer" ... "what's the time" ... "cancel it": the timer still
            before = last_call(before_chat[-1:])
            again = None
            if before is not None and before.tool.startswith("timer."):
                again = resolve_follow_up(request.text, before_chat, runtime.clock.now())
            if again is not None and _acts_on_it(again.calls):
                return _claimed(
                    "Acts on what the timer role set before a chat answer.",
                    slots={"follow_up": True, "past_chat": True},
                )
        if (
            BARE_CANCEL.match(said)
            and (previous is not None and previous.tool.startswith("timer."))
            and not (request.history and asked(request.history[-1]))  # the question's
        ):
            # "cancel" with nothing named, after a timer turn: nothing to cancel, or which one
            # (`roles.timer._bare`). Opening a thread, a bare "cancel" is left to the router:
            # CLINC150 files it as cancelling what the assistant does (out of scope), and the
            # untouched slice counted one more out-of-scope request given a tool role with it.
            return _claimed("A bare cancel: the timer role asks what to cancel.")
        if (
            (turns_off(said) or _STOP.match(said))
            and not (request.history and request.history[-1].role == "smart_home")
            and rings_now(runtime, runtime.clock.now())
        ):  # "turn it off" / "stop" while an alarm rings, in a thread about no device
            return _claimed("Stops what is ringing now.", slots={"ringing": True})
        if skip_said(request.text, list(request.history)) is not None:
            return _claimed("Skips a day's ring of what the timer role just set.")
        if other_call(request.text, list(request.history)) is not None:
            return _claimed("The other one of those the thread set.")
        if _one_at(request, runtime):  # "cancel the 8am one" after setting alarms: never an event
            return _claimed("Names one the thread set by its time.")
        if _picks(request, runtime):  # "the 8am one" after "...; say which one."
            return _claimed("Says which one the timer role asked about.")
        if request.history and request.history[-1].role == "timer" and _both(request):
            return _claimed("All of the ones the thread just set (or one of them).")
        if request.history and request.history[-1].role == "timer" and named_calls(said):
            # "cancel the pizza one", "how long on bread": a timer of this thread by its label
            return _claimed("Names a timer by its label.", 0.9, slots={"follow_up": True})
        if [tool for tool, _ in named_calls(said)] == ["timer.extend"]:
            # "give the pasta 5 more minutes" in a new thread: time for the timer of that name
            return _claimed("Adds time to a timer named by its label.", 0.9, guess=True)
        if (ending := notice_target(said)) is not None and (
            ending.endswith(("timer", "alarm", "reminder"))
            or (request.history and request.history[-1].role == "timer")
        ):  # "notify me when the timer ends"; "let me know when it's done" after a timer
            return _claimed("Asks to be told when a timer ends.", 0.9)
        if previous is not None and previous.tool == "timer.list" and _ASKS_AGAIN.match(said):
            # "do I have an alarm at 8?" ... "and for 9?": the same question at another time
            again = resolve_follow_up(request.text, list(request.history), runtime.clock.now())
            if again is not None and again.calls and again.calls[0].tool == "timer.list":
                return _claimed("The question before, at another time.", slots={"follow_up": True})
        if _several(request.text, runtime):  # "one alarm for 8am and one for 9am"
            return _claimed("Several alarms, read whole.", 0.9, slots={"whole": True})
        if WAKE_QUESTION.match(said) and len(split_clauses(request.text)) == 1:
            # "what time will i wake up": the user's alarms
            return _claimed("Asks when the user's alarm wakes them.", 0.9)
        if (fronted := _ordered_alarm(request.text, runtime)) is not None:
            return _claimed(
                "An alarm ordered at a time.", 0.9, slots={"whole": True} if fronted else {}
            )
        if _A_LENGTH.match(said) is not None:  # "start counting down from two minutes"
            return _claimed("A countdown of a length: a timer.", 0.9)
        if not _whole_request(request.text, runtime):
            return None
        return _claimed(
            "Names a timer, alarm or reminder and what to do with it.",
            0.9,
            slots={"whole": True} if _read_whole(request.text) else {},
            # "get me up at 5" is surely an alarm, "give me a nudge at 5 to leave" a reminder
            guess=_WAKE_AT.match(said) is None and not _sure_reminder(request.text, runtime),
        )

    return stage
