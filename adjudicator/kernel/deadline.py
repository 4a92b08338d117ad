"""Deadlines of a postal game: when the orders for a turn are due, and when the next ones will be.

A game with a deadline has a ``Schedule`` in its state (``game.json``: the
key ``schedule``, written only when the game has one).  ``due`` is the
deadline of the turn the game is at (after the last turn: the date until
which end-of-game statements are collected); ``every`` says how the next
deadline follows when a turn is run: a period (``7d``, ``3d12h``) counted
from the last deadline, or a weekday and a time (``fri 18:00``) in the
game's time zone.  ``strict``: mail that arrives after the deadline is kept
but not used; otherwise (postal practice) orders count until the turn is
run.  ``early``: the turn may run as soon as every company has sent valid
orders.  ``remind``: how long before the deadline companies without valid
orders are reminded.  ``held``: the GM holds the game (no turn runs).
``statements``: how long after the last turn statements are collected.

Pure: times come in as arguments (``datetime`` with a time zone), nothing
reads the clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from adjudicator.kernel.errors import AdjudicatorError

if TYPE_CHECKING:  # zoneinfo is imported when a deadline is worked out, not by every turn of a game without any
    from zoneinfo import ZoneInfo

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_DURATION = re.compile(r"^(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$")
_WEEKLY = re.compile(r"^([a-z]+)\s+(\d{1,2}):(\d{2})$")
MAX_DURATION = timedelta(days=366)


class DeadlineError(AdjudicatorError):
    """A deadline, period, duration or time zone that cannot be read."""


@dataclass(frozen=True)
class Schedule:
    """A game's deadlines (see the module docstring); every field is plain text or a flag, as stored."""

    due: str | None = None
    every: str = ""
    zone: str = "UTC"
    strict: bool = False
    early: bool = False
    remind: str = ""
    held: bool = False
    statements: str = ""
    wall: str = ""  # "HH:MM": the wall-clock time of the GM's deadline, kept by periods of whole days across DST

    def due_at(self) -> datetime | None:
        """The deadline as an aware ``datetime``, or ``None``."""
        return datetime.fromisoformat(self.due) if self.due else None

    def reminding(self, now: datetime) -> bool:
        """Whether reminders are due at ``now``: within ``remind`` before the deadline, the game not held."""
        due = self.due_at()
        return bool(self.remind) and not self.held and due is not None and \
            due - parse_duration(self.remind) <= now < due

    def tz(self) -> ZoneInfo:
        return zone_info(self.zone)

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Schedule:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in doc.items() if k in known})

    def with_setting(self, key: str, value: str) -> Schedule:
        """The schedule with one setting changed, as the GM writes it (``due`` an ISO time, flags yes/no)."""
        if key == "due":
            if not value:
                return replace(self, due=None)
            when = parse_time(value, self.zone)
            return replace(self, due=when.isoformat(), wall=when.astimezone(self.tz()).strftime("%H:%M"))
        if key == "every":
            parse_every(value)
            return replace(self, every=value.strip().lower())
        if key == "zone":
            zone_info(value)
            return replace(self, zone=value)
        if key in ("remind", "statements"):
            if value:
                parse_duration(value)
            text = value.strip().lower()
            return replace(self, remind=text) if key == "remind" else replace(self, statements=text)
        if key == "strict":
            return replace(self, strict=parse_flag(value))
        if key == "early":
            return replace(self, early=parse_flag(value))
        if key == "held":  # "undo": held because a turn was undone (``adjudicate undo``), worded so in reports
            return replace(self, held=value.strip().lower() == HELD_BY_UNDO or parse_flag(value))
        raise DeadlineError(f"no deadline setting {key!r} (due, every, zone, strict, early, remind, held, statements)")


HELD_BY_UNDO = "undo"
"""The value of a ``held`` setting made by ``adjudicate undo`` (held like ``yes``; the report says why)."""


def zone_info(name: str) -> ZoneInfo:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError  # see the import above

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise DeadlineError(f"unknown time zone {name!r} (write e.g. Europe/Berlin or UTC)") from None


def parse_flag(value: str) -> bool:
    v = value.strip().lower()
    if v in ("yes", "true", "on", "1"):
        return True
    if v in ("no", "false", "off", "0"):
        return False
    raise DeadlineError(f"{value!r} is neither yes nor no")


def parse_duration(text: str) -> timedelta:
    """``7d``, ``36h``, ``2d12h``, ``90m``, ``1w``: a positive period of at most a year."""
    m = _DURATION.match(text.strip().lower())
    if not m or not any(m.groups()):
        raise DeadlineError(f"{text!r} is not a period: write e.g. 7d, 36h, 2d12h or 90m")
    w, d, h, mi = (int(g) if g else 0 for g in m.groups())
    span = timedelta(weeks=w, days=d, hours=h, minutes=mi)
    if not timedelta(0) < span <= MAX_DURATION:
        raise DeadlineError(f"{text!r}: a period is more than 0 and at most a year")
    return span


def parse_every(text: str) -> tuple[timedelta, int | None, tuple[int, int] | None]:
    """A schedule: its period, and for ``fri 18:00`` the weekday (0 = Monday) and the time."""
    t = text.strip().lower()
    if not t:
        return timedelta(0), None, None
    m = _WEEKLY.match(t)
    if m:
        day = next((i for i, d in enumerate(WEEKDAYS) if m.group(1).startswith(d)), None)
        hour, minute = int(m.group(2)), int(m.group(3))
        if day is None or hour > 23 or minute > 59:
            raise DeadlineError(f"{text!r}: write a weekday and a time, e.g. 'fri 18:00'")
        return timedelta(days=7), day, (hour, minute)
    return parse_duration(t), None, None


def parse_time(text: str, zone: str) -> datetime:
    """``2025-11-21 18:00`` (in the game's zone) or an ISO time with an offset; to the minute."""
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise DeadlineError(f"{text!r} is not a date and time: write e.g. '2025-11-21 18:00'") from None
    if when.tzinfo is None:
        tz = zone_info(zone)
        naive = when.replace(second=0, microsecond=0)
        if not _exists(naive, tz):
            raise DeadlineError(f"{text!r} does not exist in {zone}: the clocks skip that hour (summer time "
                                "begins); give a time before or after it")
        if naive.replace(tzinfo=tz, fold=0).utcoffset() != naive.replace(tzinfo=tz, fold=1).utcoffset():
            first, second = (naive.replace(tzinfo=tz, fold=f).isoformat() for f in (0, 1))
            raise DeadlineError(f"{text!r} happens twice in {zone} (summer time ends): give the offset, "
                                f"'{first}' or '{second}'")
        when = naive.replace(tzinfo=tz)
    return when.replace(second=0, microsecond=0)


def _exists(naive: datetime, tz: ZoneInfo) -> bool:
    """Whether a wall-clock time happens in ``tz`` (not in the hour skipped when summer time begins)."""
    return naive.replace(tzinfo=tz).astimezone(UTC).astimezone(tz).replace(tzinfo=None) == naive


def local_time(naive: datetime, tz: ZoneInfo) -> datetime:
    """A wall-clock time of a schedule as an instant: one the clocks skip moves to the first minute after the
    skip (02:30 on the night summer time begins: 03:00), one that happens twice is the first (the earlier)."""
    while not _exists(naive, tz):
        naive += timedelta(minutes=1)
    return naive.replace(tzinfo=tz, fold=0)


def next_slot(schedule: Schedule, after: datetime) -> datetime | None:
    """The first deadline of the schedule later than ``after`` (``None`` without ``every``).

    A period counts from the current deadline (``after`` when there is none);
    a weekday and time is the next such moment in the game's zone.  Wall-clock
    times stay the same across changes of summer time.
    """
    period, day, at = parse_every(schedule.every)
    if not period:
        return None
    tz = schedule.tz()
    local = after.astimezone(tz)
    if day is not None and at is not None:
        base = local.replace(hour=at[0], minute=at[1], second=0, microsecond=0)
        base += timedelta(days=(day - base.weekday()) % 7)
        while base <= local:
            base += timedelta(days=7)
        return _normal(base, tz)
    due = schedule.due_at()
    if due is None:
        return _normal(local.replace(second=0, microsecond=0) + period, tz)
    slot = due.astimezone(tz)
    if schedule.wall and not period % timedelta(days=1):  # whole days: the GM's wall-clock time, whatever DST did
        hour, minute = (int(x) for x in schedule.wall.split(":"))
        slot = slot.replace(hour=hour, minute=minute)
    steps = max(1, int((local - slot) / period) + 1) if local >= slot else 1
    slot += steps * period
    while _normal(slot, tz) <= local:
        slot += period
    return _normal(slot, tz)


def _normal(when: datetime, tz: ZoneInfo) -> datetime:
    """A wall-clock time made into a real instant in ``tz`` (``local_time``: so the offset is right after a DST
    change, and a time the clocks skip or repeat is resolved as documented)."""
    return local_time(when.replace(tzinfo=None), tz)


def after_turn(schedule: Schedule, ran_at: datetime, over: bool) -> Schedule:
    """The schedule once a turn has run at ``ran_at``: the next turn's deadline (or the statements' date).

    The next deadline is the first of the schedule after the old one and at
    least half a period after the run, so a turn held over or run late still
    leaves the players time; the GM's hold ends with the turn.  When the game
    is over, ``due`` becomes the end of the statements period (none without
    ``statements``).
    """
    if over:
        due = ran_at + parse_duration(schedule.statements) if schedule.statements else None
        return replace(schedule, due=due.astimezone(schedule.tz()).replace(microsecond=0).isoformat() if due else None,
                       held=False)
    period, _, _ = parse_every(schedule.every)
    if not period:
        return replace(schedule, due=None, held=False)
    old = schedule.due_at()
    floor = ran_at + period / 2
    start = max(old, floor) if old is not None else floor
    base = replace(schedule, due=old.isoformat() if old is not None else None)
    nxt = next_slot(base, start)
    return replace(schedule, due=nxt.isoformat() if nxt else None, held=False)


def first_due(schedule: Schedule, now: datetime) -> str | None:
    """The first deadline of a new game without ``--deadline``: the schedule's first slot after a period's half."""
    period, _, _ = parse_every(schedule.every)
    if not period:
        return None
    nxt = next_slot(schedule, now + period / 2)
    return nxt.isoformat() if nxt else None
