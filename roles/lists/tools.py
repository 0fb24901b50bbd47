"""List tools: add to, check off, remove from and read back shopping and to-do lists.

List names are matched fuzzily ("groceries" finds "Grocery", "todo" finds "To-do"); adding to a
list that does not exist yet creates it (in the application database; Home Assistant lists are
created in Home Assistant). Each user has their own lists.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated

from pydantic import Field
from rapidfuzz import fuzz, process

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.repository import open_repository
from agent_system.understanding._format import said_together
from roles.lists._days import day_words, due_by, due_within, span_words
from roles.lists._has import has_text
from roles.lists._lookup import called as _called
from roles.lists._lookup import count as _count
from roles.lists._lookup import find_list as _find_list
from roles.lists._lookup import names as _names
from roles.lists._lookup import parse_day as _day
from roles.lists._lookup import said as _said
from roles.lists._placed import item_at
from roles.lists.home_assistant import HomeAssistantLists
from roles.lists.store import Item, ListStore, RepositoryLists, TodoList

__all__ = ["add", "clear", "complete", "create", "delete", "remove", "show", "store_for"]


def store_for(ctx: ToolContext) -> ListStore:
    """The user's lists: Home Assistant's todo entities when it is the home backend."""
    settings = ctx.runtime.settings
    if settings.smart_home_backend == "home_assistant":
        if not settings.home_assistant_url or settings.home_assistant_token is None:
            raise ToolExecutionError(
                "Home Assistant is selected but not configured: set "
                "AGENT_SYSTEM_HOME_ASSISTANT_URL and AGENT_SYSTEM_HOME_ASSISTANT_TOKEN.",
                recoverable=False,
            )
        return HomeAssistantLists(
            ctx.runtime.http,
            settings.home_assistant_url,
            settings.home_assistant_token.get_secret_value(),
            timeout_s=settings.http_timeout_s,
        )
    return RepositoryLists(open_repository(ctx.runtime), ctx.user)


def _find_item(todo: TodoList, text: str) -> Item | None:
    pending = [i for i in todo.items if not i.done] or todo.items
    exact = [i for i in pending if i.text.lower() == text.lower().strip()]
    if exact:
        return exact[0]
    choices = {i.id: i.text.lower() for i in pending}
    found = process.extractOne(text.lower(), choices, scorer=fuzz.WRatio, score_cutoff=80)
    return next(i for i in pending if i.id == found[2]) if found else None


def _show(todo: TodoList) -> str:
    pending = [i.text for i in todo.items if not i.done]
    if not pending:
        return f"Your {_called(todo.name)} list is empty."
    return f"Your {_called(todo.name)} list: " + ", ".join(pending) + "."


@tool(side_effects="reversible", tags=("lists", "shopping", "todo"))
async def add(
    ctx: ToolContext,
    items: Annotated[list[str], Field(min_length=1)],
    list_name: str = "shopping",
    unless_listed: bool = False,
    due: str | None = None,
    moved_from: str | None = None,
) -> ToolOutput:
    """Add items to a shopping or to-do list (a new list name creates that list).

    Args:
        items: What to add, one entry each, e.g. ["oat milk", "eggs"].
        list_name: The list, e.g. "shopping", "to-do", "hardware store".
        unless_listed: Leave out the items already on the list, not yet done ("are eggs on my
            list? if not add them").
        due: The day the items are for, "YYYY-MM-DD" ("add pick up the kids to my to do list
            for today").
        moved_from: Move the items here: take them off this list ("any": whichever other list
            has them), as in "move milk to the to do list".
    """
    if moved_from:
        return await _move(ctx, items, list_name, moved_from)
    store = store_for(ctx)
    texts = [" ".join(t.split()) for t in items if t.strip()]
    if not texts:
        raise ToolExecutionError("Say what to add, e.g. 'add milk to the shopping list'.")
    day = _day(due)
    if (earlier := await _applied(ctx)) is not None:
        return earlier
    existing = _find_list(await store.lists(), list_name)
    name = existing.name if existing else list_name.strip().capitalize()
    listed: list[str] = []
    if existing is not None:  # "add milk" with milk on the list: said, not stored twice
        there = {i.text.lower() for i in existing.items if not i.done}
        listed = [t for t in texts if t.lower() in there]
        texts = [t for t in texts if t.lower() not in there]
        if not texts:
            return ToolOutput(  # "already has": no "eggs is" / "milk are" to agree
                data=existing.model_dump() | {"added": []},
                display=f"Your {_called(name)} list already has {said_together(listed)}.",
            )
    note = f" (it already has {said_together(listed)})" if listed else ""
    added = said_together(texts)
    today = ctx.runtime.clock.now().date()
    when = f" for {day_words(day, today)}" if day else ""
    display = f"Added {added} to your {_called(name)} list{when}{note}."
    todo = await store.add(name, texts, note=display, due=day.isoformat() if day else None)
    return ToolOutput(data=todo.model_dump() | {"added": texts}, display=display)


async def _move(ctx: ToolContext, items: list[str], list_name: str, source: str) -> ToolOutput:
    """Take `items` off `source` (or whichever other list has them) and add them to `list_name`.

    Said back as one move; an item found on no other list is only added, and said so.
    """
    if (earlier := await _applied(ctx)) is not None:
        return earlier
    store = store_for(ctx)
    lists = await store.lists()
    target = _find_list(lists, list_name)
    name = target.name if target else list_name.strip().capitalize()
    others = [t for t in lists if t.name != name]
    if source != "any":
        others = [t for t in [_find_list(lists, source)] if t is not None and t.name != name]
    texts = [" ".join(t.split()) for t in items if t.strip()]
    found = {t: [(o, i) for o in others if (i := _find_item(o, t)) is not None] for t in texts}
    for text, hits in found.items():
        if len(hits) > 1:
            where = " or ".join(f"the {_called(o.name)} list" for o, _ in hits)
            raise ToolExecutionError(
                f"{text!r} is on {where}; which one? Nothing was changed.",
                code=ErrorCode.NEEDS_INPUT,
            )
    moved: list[str] = []
    origins: list[str] = []
    nowhere = [t for t in texts if not found[t]]
    for (todo, item), *_ in [hits for hits in found.values() if hits]:
        await store.remove(todo.name, item)
        moved.append(item.text)
        origins.append(_called(todo.name))
    called = _called(name)
    parts = []
    if moved:
        origin = said_together(sorted(set(origins)))
        parts.append(f"Moved {said_together(moved)} from your {origin} list to your {called} list.")
    if nowhere:
        parts.append(f"Added {said_together(nowhere)} to your {called} list (not on another list).")
    display = " ".join(parts)
    updated = await store.add(name, moved + nowhere, note=display)
    return ToolOutput(data=updated.model_dump() | {"added": moved + nowhere}, display=display)


async def _applied(ctx: ToolContext) -> ToolOutput | None:
    """What this step did before a crash or retry, if it already changed a list."""
    store = store_for(ctx)
    key = ctx.idempotency_key
    if key is None or not isinstance(store, RepositoryLists):
        return None
    found = await store.applied(key)
    if found is None:
        return None
    todo, display = found
    return ToolOutput(data=todo.model_dump(), display=display)


@tool(side_effects="reversible", tags=("lists", "shopping", "todo"))
async def create(ctx: ToolContext, list_name: str, items: list[str] | None = None) -> ToolOutput:
    """Start a new list ("start a packing list"), optionally with its first items.

    Args:
        list_name: The new list's name, e.g. "packing", "baby names".
        items: First entries, e.g. ["passport", "charger"]. Optional.
    """
    name = " ".join(list_name.split())
    if not name:
        raise ToolExecutionError("Say what the list is called, e.g. 'start a packing list'.")
    store = store_for(ctx)
    existing = _find_list(await store.lists(), name)
    texts = [" ".join(t.split()) for t in items or () if t.strip()]
    if existing is not None and not texts:
        return ToolOutput(
            data=existing.model_dump(),
            display=f"You already have a {_called(existing.name)} list. {_show(existing)}",
        )
    called = existing.name if existing else name[:1].upper() + name[1:]
    todo = await store.add(called, texts) if texts else await store.create(called)
    what = f" with {', '.join(texts)}" if texts else ""
    return ToolOutput(
        data=todo.model_dump(), display=f"Started your {_called(todo.name)} list{what}."
    )


@tool(side_effects="irreversible", tags=("lists", "shopping", "todo"))
async def delete(ctx: ToolContext, list_name: str) -> ToolOutput:
    """Delete a whole list and everything on it ("delete my packing list", "clear the list").

    Args:
        list_name: The list, e.g. "packing".
    """
    store = store_for(ctx)
    lists = await store.lists()
    todo = _find_list(lists, list_name)
    if todo is None:
        raise ToolExecutionError(
            f"You have no list called {list_name!r}; your lists: {_names(lists)}. "
            "Nothing was deleted."
        )
    await store.delete(todo.name)
    return ToolOutput(
        data={"deleted": todo.name, "items": len(todo.items)},
        display=f"Deleted your {_called(todo.name)} list ({_count(len(todo.items))}).",
    )


@tool(side_effects="irreversible", tags=("lists", "shopping", "todo"))
async def clear(
    ctx: ToolContext,
    list_name: str | None = None,
    day: str | None = None,
    until: str | None = None,
) -> ToolOutput:
    """Take every item off a list and keep the list ("clear my shopping list").

    With `day`, only the items for that day go ("i'm done with today's to do list").

    Args:
        list_name: The list, e.g. "shopping"; omit for the only list that has such items.
        day: Only the items for that day, "YYYY-MM-DD": items with no day or another day stay.
        until: With `day`, the end of a span, excluded ("this week's items": Monday next week).
    """
    store = store_for(ctx)
    lists = await store.lists()
    first, end = _day(day), _day(until)
    span = span_words(first, end, ctx.runtime.clock.now().date()) if first else ""

    def named(todo: TodoList) -> list[Item]:
        return [i for i in todo.items if due_within(i, first, end)] if first else todo.items

    if list_name:
        todo = _find_list(lists, list_name)
        if todo is None:
            raise ToolExecutionError(
                f"You have no list called {list_name!r}; your lists: {_names(lists)}. "
                "Nothing was changed."
            )
    else:
        full = [t for t in lists if named(t)]
        if not full:
            display = f"Nothing on your lists is for {span}." if first else "Your lists are empty."
            return ToolOutput(data={"cleared": None, "items": 0}, display=display)
        if len(full) > 1:
            which = " or ".join(_called(t.name) for t in full)
            if first:
                raise ToolExecutionError(
                    f"Which list should I take the items for {span} off: {which}? "
                    "Nothing was changed.",
                    code=ErrorCode.NEEDS_INPUT,
                )
            raise ToolExecutionError(
                f"Which list should I clear: {which}? Say 'clear my {_called(full[0].name)} "
                "list'; nothing was changed.",
                code=ErrorCode.NEEDS_INPUT,
            )
        todo = full[0]
    gone = list(named(todo))
    for item in gone:
        await store.remove(todo.name, item)
    if not first:
        return ToolOutput(
            data={"cleared": todo.name, "items": len(gone)},
            display=f"Cleared your {_called(todo.name)} list ({_count(len(gone))} removed).",
        )
    where = f"your {_called(todo.name)} list"
    if not gone:
        display = f"Nothing on {where} is for {span}; nothing was removed."
    else:
        left = sum(1 for i in todo.items if not i.done and i not in gone)
        stay = f" The other {_count(left)} {'stays' if left == 1 else 'stay'}." if left else ""
        display = f"Removed the items for {span} from {where}: {', '.join(i.text for i in gone)}."
        display += stay
    return ToolOutput(
        data={"cleared": todo.name, "items": len(gone), "removed": [i.text for i in gone]},
        display=display,
    )


async def _locate(ctx: ToolContext, item: str, list_name: str | None) -> tuple[TodoList, Item]:
    lists = await store_for(ctx).lists()
    if list_name:
        todo = _find_list(lists, list_name)
        if todo is None:
            raise ToolExecutionError(
                f"You have no list called {list_name!r}; your lists: {_names(lists)}."
            )
        candidates = [todo]
    else:
        candidates = lists
    hits = [(t, i) for t in candidates if (i := _find_item(t, item)) is not None]
    if not hits:
        where = f"your {_called(candidates[0].name)} list" if list_name else "any of your lists"
        raise ToolExecutionError(
            f"I couldn't find {item!r} on {where}; nothing was changed.", code=ErrorCode.NEEDS_INPUT
        )
    if len(hits) > 1:
        names = " or ".join(f"the {_called(t.name)} list" for t, _ in hits)
        raise ToolExecutionError(
            f"{item!r} is on {names}; which one? Nothing was changed.", code=ErrorCode.NEEDS_INPUT
        )
    return hits[0]


@tool(side_effects="reversible", tags=("lists", "shopping", "todo"))
async def complete(
    ctx: ToolContext, item: str = "", list_name: str | None = None, position: int = 0
) -> ToolOutput:
    """Check off an item as done ("I bought the eggs", "mark call the plumber as done").

    Args:
        item: The item, e.g. "eggs".
        list_name: The list; omit to look on every list.
        position: Instead of `item`, its place among the items not done (1 the first, -1 the
            last): "tick off the first one".
    """
    if (earlier := await _applied(ctx)) is not None:
        return earlier
    if position and not item:
        todo, found = item_at(await store_for(ctx).lists(), list_name, position, done=True)
    elif item:
        todo, found = await _locate(ctx, item, list_name)
    else:
        raise ToolExecutionError("Say what to check off, e.g. 'check off eggs'.")
    display = f"Checked off {found.text} on your {_called(todo.name)} list."
    updated = await store_for(ctx).set_done(todo.name, found, True, note=display)
    return ToolOutput(data=updated.model_dump() | {"completed": found.text}, display=display)


@tool(side_effects="reversible", tags=("lists", "shopping", "todo"))
async def remove(
    ctx: ToolContext,
    item: str | None = None,
    list_name: str | None = None,
    last: bool = False,
    position: int = 0,
) -> ToolOutput:
    """Remove an item from a list, or the newest one ("drop the last item").

    Args:
        item: The item, e.g. "eggs".
        list_name: The list; omit to look on every list.
        last: Remove the item added last (no `item`): of `list_name`, or of the only list
            with items.
        position: Instead of `item`, its place among the items not done (1 the first, 2 the
            second, -1 the last), as the list is read out: "remove the second one".
    """
    if (earlier := await _applied(ctx)) is not None:
        return earlier
    if (last or position) and not item:
        todo, found = item_at(await store_for(ctx).lists(), list_name, position or -1)
    elif item:
        todo, found = await _locate(ctx, item, list_name)
    else:
        raise ToolExecutionError("Say what to take off, e.g. 'remove eggs from the list'.")
    display = f"Removed {found.text} from your {_called(todo.name)} list."
    updated = await store_for(ctx).remove(todo.name, found, note=display)
    return ToolOutput(data=updated.model_dump() | {"removed": found.text}, display=display)


@tool(tags=("lists", "shopping", "todo"))
async def show(
    ctx: ToolContext,
    list_name: str | None = None,
    count: bool = False,
    day: str | None = None,
    until: str | None = None,
    item: str | None = None,
    lists: bool = False,
) -> ToolOutput:
    """Read back a list ("what's on my shopping list"), or name every list.

    Args:
        list_name: The list; omit to hear every list.
        count: Say how many items there are first ("how many things are on my list").
        day: Only what is to do by that day, "YYYY-MM-DD": items with no day and items due
            by then ("what's on my to do list for today").
        until: With `day`, the end of a span, excluded ("for this week": Monday next week).
        item: Only say whether this item is on the list (on any list when none is named):
            "do i have eggs on my shopping list" -> "Yes, your shopping list has eggs."
        lists: Only say how many lists there are, by name ("how many lists do i have").
    """
    if lists:
        return _how_many(await store_for(ctx).lists())
    every = await store_for(ctx).lists()
    if item:
        todo = _find_list(every, list_name) if list_name else None
        if list_name and todo is None:
            raise ToolExecutionError(
                f"You have no list called {list_name!r}; your lists: {_names(every)}."
            )
        found, said = has_text(every, item, todo, _called)
        return ToolOutput(data={"item": item, "on_list": found}, display=said)
    first, end = _day(day), _day(until)
    today = ctx.runtime.clock.now().date()
    last = (end - timedelta(days=1) if end and end > first else first) if first else None
    span = f" for {span_words(first, end, today)}" if first else ""

    def say(todo: TodoList) -> str:
        pending = [_said(i, today) for i in todo.items if not i.done and due_by(i, last)]
        called = f"{_called(todo.name)} list{span}"
        if not pending:
            return f"Your {called} is empty." if not span else f"Nothing on your {called}."
        if count:
            return f"You have {_count(len(pending))} on your {called}: {', '.join(pending)}."
        return f"Your {called}: " + ", ".join(pending) + "."

    if list_name is None:
        text = " ".join(say(t) for t in every)
        return ToolOutput(data={"lists": [t.model_dump() for t in every]}, display=text)
    todo = _find_list(every, list_name)
    if todo is None:
        raise ToolExecutionError(
            f"You have no list called {list_name!r}; your lists: {_names(every)}."
        )
    return ToolOutput(data=todo.model_dump(), display=say(todo))


def _how_many(lists: list[TodoList]) -> ToolOutput:
    """How many lists there are, each with how many items are left on it."""

    def one(todo: TodoList) -> str:
        left = sum(1 for i in todo.items if not i.done)
        return f"{_called(todo.name)} ({_count(left) if left else 'empty'})"

    number = len(lists)
    named = said_together([one(t) for t in lists])
    display = f"You have {number} list{'' if number == 1 else 's'}: {named}."
    return ToolOutput(data={"count": number, "lists": [t.name for t in lists]}, display=display)
