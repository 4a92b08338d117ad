"""Deadlines, the goal of the game and times of mails, in words (the same in every report, receipt and mail).

Times are shown in the game's time zone, with the day and month names of the
reader's language (Babel's, whatever the machine's locale): ``Fri 21 Nov 2025
18:00 CET``, ``Fr. 21. Nov. 2025 18:00 MEZ``.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from adjudicator.dampfross.game.state import Correction, GameState
from adjudicator.dampfross.report.i18n import N_, _, date_text
from adjudicator.kernel.deadline import HELD_BY_UNDO, Schedule, zone_info

if TYPE_CHECKING:  # zoneinfo is imported when a game has deadlines (kernel/deadline.py: zone_info)
    from zoneinfo import ZoneInfo

ZONES = (N_("CET"), N_("CEST"), N_("WET"), N_("WEST"), N_("EET"), N_("EEST"))
"""Time zone abbreviations a language may name its own way (``MEZ``); any other stands as the zone data gives it."""


def zone_of(state: GameState) -> ZoneInfo:
    return zone_info(state.schedule.zone if state.schedule else "UTC")


def when_text(when: datetime | str, tz: ZoneInfo, *, year: bool = True, zone: bool = True) -> str:
    """``Fri 21 Nov 2025 18:00 CET`` (``year``/``zone`` False: ``Fri 21 Nov 18:00``)."""
    t = (datetime.fromisoformat(when) if isinstance(when, str) else when).astimezone(tz)
    # TRANSLATORS: CLDR date patterns (EEE weekday, d day, MMM month, y year, HH:mm the time): deadlines
    out = date_text(t, _("EEE d MMM y HH:mm") if year else _("EEE d MMM HH:mm"))
    name = t.tzname()
    if zone and name:
        out += " " + _(name)  # one of ZONES, or as the zone data names it
    return out


def due_line(state: GameState) -> str:
    """``Orders for turn 4 are due Fri 28 Nov 2025 18:00 CET.`` (empty without a deadline)."""
    s = state.schedule
    if s is None or not s.due:
        if s is not None and s.held and state.phase != "over":
            return _("The game is held over by the GM; orders for turn {turn} are welcome.").format(turn=state.turn)
        return ""
    when = when_text(s.due, s.tz())
    if state.phase == "over":
        return _("End-of-game statements are welcome until {when}.").format(when=when)
    line = _("Orders for turn {turn} are due {when}.").format(turn=state.turn, when=when)
    if s.held:
        line += " " + _("The GM holds the game over.")
    if s.strict:
        # a strict game runs the turn at its deadline; a later mail counts for the next turn (reading 132)
        line += " " + _("Orders that arrive later count for turn {turn}.").format(turn=state.turn + 1)
    return line


def goal_line(state: GameState) -> str:
    """How this game is won: the threshold for its number of companies, or the fixed end."""
    r = state.rules
    if r.fixed_races:
        return _("The game ends after race {n}; the highest balance wins.").format(n=r.fixed_races)
    if r.racing_turns:
        return _("The game ends after {n} racing turns.").format(n=r.racing_turns)
    return _("To win: be the first to reach {threshold}.").format(threshold=r.win_threshold(len(state.players)))


SETTINGS = {
    "due": N_("the deadline is now {value}"),
    "every": N_("deadlines follow every {value}"),
    "zone": N_("deadlines are in the time zone {value}"),
    "strict": N_("late orders are {value}"),
    "early": N_("an early run when every company has sent orders is {value}"),
    "remind": N_("reminders go out {value} before the deadline"),
    "held": N_("the game is {value}"),
    "statements": N_("end-of-game statements are collected for {value}"),
}

_VALUES = {
    ("strict", True): N_("for the next turn"), ("strict", False): N_("used until the turn is run"),
    ("early", True): N_("allowed"), ("early", False): N_("not allowed"),
    ("held", True): N_("held over"), ("held", False): N_("no longer held over"),
}


def setting_text(c: Correction, schedule: Schedule | None) -> str:
    """A deadline correction in words: ``the deadline is now Fri 28 Nov 2025 18:00 CET``."""
    key, value = c.key or "", c.value or ""
    shown: str = value or _("none")
    if key == "held" and value == HELD_BY_UNDO:
        return _("turn {turn} was undone; the game is held over until the GM releases it").format(turn=c.turn)
    if key == "due" and value:
        shown = when_text(value, schedule.tz() if schedule else zone_info("UTC"))
    elif key in ("strict", "early", "held"):
        shown = _(_VALUES[(key, value.strip().lower() in ("yes", "true", "on", "1"))])
    return _(SETTINGS.get(key, "{value}")).format(value=shown)
