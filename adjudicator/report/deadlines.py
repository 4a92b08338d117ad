"""Deadlines, the goal of the game and times of mails, in words (the same in every report, receipt and mail).

Times are shown in the game's time zone, with English day and month names
whatever the machine's locale: ``Fri 21 Nov 2025 18:00 CET``.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from adjudicator.game.deadline import Schedule, zone_info
from adjudicator.game.state import Correction, GameState
from adjudicator.report.env import N_

DAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))


def zone_of(state: GameState) -> ZoneInfo:
    return zone_info(state.schedule.zone if state.schedule else "UTC")


def when_text(when: datetime | str, tz: ZoneInfo, *, year: bool = True, zone: bool = True) -> str:
    """``Fri 21 Nov 2025 18:00 CET`` (``year``/``zone`` False: ``Fri 21 Nov 18:00``)."""
    t = (datetime.fromisoformat(when) if isinstance(when, str) else when).astimezone(tz)
    out = f"{DAYS[t.weekday()]} {t.day} {MONTHS[t.month - 1]}"
    if year:
        out += f" {t.year}"
    out += f" {t.hour:02d}:{t.minute:02d}"
    if zone:
        out += f" {t.tzname()}"
    return out


def mail_date(when: str, tz: ZoneInfo) -> str:
    """A mail's arrival as a player reads it: ``21 Nov 18:02``."""
    t = datetime.fromisoformat(when).astimezone(tz)
    return f"{t.day} {MONTHS[t.month - 1]} {t.hour:02d}:{t.minute:02d}"


def due_line(state: GameState) -> str:
    """``Orders for turn 4 are due Fri 28 Nov 2025 18:00 CET.`` (empty without a deadline)."""
    s = state.schedule
    if s is None or not s.due:
        if s is not None and s.held and state.phase != "over":
            return N_("The game is held over by the GM; orders for turn {turn} are welcome.").format(turn=state.turn)
        return ""
    when = when_text(s.due, s.tz())
    if state.phase == "over":
        return N_("End-of-game statements are welcome until {when}.").format(when=when)
    line = N_("Orders for turn {turn} are due {when}.").format(turn=state.turn, when=when)
    if s.held:
        line += " " + N_("The GM holds the game over.")
    if s.strict:
        line += " " + N_("Late orders are not used.")
    return line


def goal_line(state: GameState) -> str:
    """How this game is won: the threshold for its number of companies, or the fixed end."""
    r = state.rules
    if r.fixed_races:
        return N_("The game ends after race {n}; the highest balance wins.").format(n=r.fixed_races)
    if r.racing_turns:
        return N_("The game ends after {n} racing turns.").format(n=r.racing_turns)
    return N_("To win: be the first to reach {threshold}.").format(threshold=r.win_threshold(len(state.players)))


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
    ("strict", True): N_("not used"), ("strict", False): N_("used until the turn is run"),
    ("early", True): N_("allowed"), ("early", False): N_("not allowed"),
    ("held", True): N_("held over"), ("held", False): N_("no longer held over"),
}


def setting_text(c: Correction, schedule: Schedule | None) -> str:
    """A deadline correction in words: ``the deadline is now Fri 28 Nov 2025 18:00 CET``."""
    key, value = c.key or "", c.value or ""
    shown: str = value or N_("none")
    if key == "due" and value:
        shown = when_text(value, schedule.tz() if schedule else zone_info("UTC"))
    elif key in ("strict", "early", "held"):
        shown = _VALUES[(key, value.strip().lower() in ("yes", "true", "on", "1"))]
    return SETTINGS.get(key, "{value}").format(value=shown)
