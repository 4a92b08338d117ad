"""``adjudicate deadline``: the GM sets, extends or holds a game's deadlines (each change a correction).

Every change is recorded like the GM's other corrections (archived,
chained, printed in the next report), so the deadlines a game had can be
proved later and ``verify`` replays them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from adjudicator.dampfross.app.fix import correct
from adjudicator.dampfross.app.gmmails import queue_deadline_news
from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.game.state import Correction
from adjudicator.kernel.deadline import HELD_BY_UNDO, Schedule, parse_duration, parse_time
from adjudicator.kernel.errors import AdjudicatorError


def set_deadline(directory: str, settings: Sequence[tuple[str, str]], why: str = "",
                 by: str = "GM") -> list[Correction]:
    """Change deadline settings (``due``, ``every``, ``zone``, ``strict``, ``early``, ``remind``, ``held``,
    ``statements``), one correction each; a due time without a zone is in the game's zone."""
    if not settings:
        raise AdjudicatorError("say what to set: --due, --every, --zone, --strict/--lenient, --early/--no-early, "
                             "--remind or --statements")
    state = GameDir(directory).load_state()
    schedule = state.schedule or Schedule()
    zone = dict(settings).get("zone", schedule.zone)
    checked = []
    for key, value in settings:  # every value is checked before anything is written
        if key == "due" and value:
            value = parse_time(value, zone).isoformat()
        schedule = schedule.with_setting(key, value)
        checked.append((key, value))
    made = [correct(directory, "deadline", why, by, key=key, value=value) for key, value in checked]
    _tell(directory, made)
    return made


def _tell(directory: str, changes: list[Correction]) -> None:
    """A postal game's companies hear of a changed deadline at once (``gmmails``), holding the lock."""
    gdir = GameDir(directory)
    with gdir.lock():
        queue_deadline_news(gdir, changes)


def extend_deadline(directory: str, period: str, why: str = "", by: str = "GM",
                    now: datetime | None = None) -> Correction:
    """Move the deadline of the current turn on by ``period`` (from now, when the game has none)."""
    span = parse_duration(period)
    state = GameDir(directory).load_state()
    due = state.schedule.due_at() if state.schedule else None
    base = due if due is not None else (now or datetime.now(UTC)).replace(second=0, microsecond=0)
    made = correct(directory, "deadline", why, by, key="due", value=(base + span).isoformat())
    _tell(directory, [made])
    return made


def hold(directory: str, held: bool, why: str = "", by: str = "GM") -> Correction:
    """Hold the game over (no turn runs, by deadline or early) or release it."""
    made = correct(directory, "deadline", why, by, key="held", value="yes" if held else "no")
    _tell(directory, [made])
    return made


def undo(directory: str) -> tuple[str, int, bool]:
    """``adjudicate undo``: take back the last step; a turn of a game with deadlines is then held, so that the next
    tick does not run it again at once from the inbox (its deadline has passed) before the GM says so.  Returns
    what was undone (``turn`` or ``fix``, its number) and whether the game is now held."""
    gdir = GameDir(directory)
    kind, number = gdir.undo()
    state = gdir.load_state()
    if kind != "turn" or state.schedule is None or state.schedule.held or state.phase == "over":
        return kind, number, False
    made = correct(directory, "deadline", "", "GM", key="held", value=HELD_BY_UNDO)
    _tell(directory, [made])
    return kind, number, True
