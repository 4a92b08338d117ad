"""The GM's corrections of a game of sequential moves (``adjudicate fix``), as records applied to a game.

A correction is a step of the archive like a move: its record (``kind``
``fix``) says what it sets, and applying the record to the game before it
gives the game after it, so ``verify`` applies it again (``apply_fix``) and
compares.  Two kinds:

- ``seat``: a seat's ``name``, ``address``, ``lang`` or ``password_hash``
  (a new password, a stand-by), the values in the record's ``set``;
- ``position``: the state replaced by a position the GM gives (a teaching
  position, a position set right), archived beside the record as
  ``position.json`` and read through the play's own ``load``;
- ``caretaker``: a player's seat handed to the caretaker at the record's
  ``level``, or (``level`` ``""``) back to its player, by the GM
  (``adjudicate caretaker``) or by the player's own mail (``by_mail``;
  reading IU-19);
- ``play``: a correction of the play's own (``kernel/play.py: Corrections``; Dampfross's balance, track, rules
  key, retirement, and its record of a seat's change), the play's data in the record, which the play applies to
  the state; the record's ``seat`` with ``set`` (the fields of ``seat``) and ``level`` (as ``caretaker``) change
  that seat in the table too, ``what`` names it in the table's note.

Each is noted in the table (``Table.corrections``) with the GM's reason,
and the report of the next move prints it.  Nothing here touches a file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from adjudicator.kernel.errors import GameFileError
from adjudicator.kernel.play import Play, corrections_of
from adjudicator.kernel.table import Correction, Table

POSITION_FILE = "position.json"
SEAT_FIELDS = {"name": "name", "address": "address", "lang": "lang", "password_hash": "password"}
"""The fields of a seat a correction may set, and the word the report uses for each (never the value)."""


def position_state(play: Play, text: str, where: str) -> Any:
    """The state a position file gives: a state's JSON, or a whole game file (its ``state``), read through the
    play's ``load``; ``GameFileError`` naming ``where`` when it is neither."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise GameFileError(f"{where}: not JSON ({exc})") from None
    if isinstance(doc, dict) and isinstance(doc.get("state"), dict) and "play" in doc:
        if doc["play"] != play.name:
            raise GameFileError(f"{where}: a game file of {doc['play']!r}, not of {play.name}")
        doc = doc["state"]
    if not isinstance(doc, dict):
        raise GameFileError(f"{where}: not a state of {play.name}")
    try:
        return play.load(doc)
    except GameFileError as exc:
        raise GameFileError(f"{where}: {exc}") from None


def apply_fix(play: Play, table: Table, state: Any, record: Mapping[str, Any],
              position: str | None = None) -> tuple[Table, Any]:
    """The table and the state after a correction (its ``record``; ``position``: the text of its position file).
    ``ValueError`` saying what does not fit (a seat the table lacks, a position of other seats)."""
    fix, why, by = record.get("fix"), str(record.get("why", "")), str(record.get("by", "GM"))
    if fix == "seat":
        sid, values = str(record.get("seat")), record.get("set")
        if sid not in table.seat_ids:
            raise ValueError(f"no seat {sid} in game {table.game}")
        if not isinstance(values, dict) or not values or not set(values) <= set(SEAT_FIELDS):
            raise ValueError(f"a seat's correction sets one or more of {', '.join(SEAT_FIELDS)}")
        fields: dict[str, Any] = {k: str(v) for k, v in values.items()}
        seats = tuple(replace(s, **fields) if s.id == sid else s for s in table.seats)
        note = Correction(table.moves, tuple(SEAT_FIELDS[k] for k in SEAT_FIELDS if k in values), sid, why, by)
        return replace(table, seats=seats, corrections=(*table.corrections, note)), state
    if fix == "position":
        if position is None:
            raise ValueError(f"the position ({POSITION_FILE}) is missing")
        new = position_state(play, position, POSITION_FILE)
        for on_move in play.to_act(new):
            if table.find(on_move) is None:
                raise ValueError(f"the position has {on_move} on move, who has no seat in game {table.game}")
        players = play.dump(new).get("players")  # a state that names its players (InterUrban's) names the seats
        if isinstance(players, list):  # by name, or (Dampfross's) as records with an id
            players = [str(p.get("id")) if isinstance(p, dict) else str(p) for p in players]
        if isinstance(players, list) and sorted(players) != sorted(table.seat_ids):
            raise ValueError(f"the position's players ({', '.join(players)}) are not the seats of game "
                             f"{table.game} ({', '.join(table.seat_ids)})")
        note = Correction(table.moves, ("position",), "", why, by)
        return replace(table, corrections=(*table.corrections, note)), new
    if fix == "caretaker":
        sid, level = str(record.get("seat")), str(record.get("level", ""))
        if sid not in table.seat_ids:
            raise ValueError(f"no seat {sid} in game {table.game}")
        if table.seat(sid).bot:
            raise ValueError(f"{sid} is a bot seat: it has no player to hand it to the caretaker or back")
        what = "caretaker" if level else "back" if record.get("by_mail") else "player"
        note = Correction(table.moves, (what,), sid, why, by)
        return replace(table.with_caretaker(sid, level), corrections=(*table.corrections, note)), state
    if fix == "play":
        return _own(play, table, state, record, why, by)
    raise ValueError(f"no correction {fix!r} (seat, position, caretaker, play)")


def _own(play: Play, table: Table, state: Any, record: Mapping[str, Any], why: str, by: str) -> tuple[Table, Any]:
    """A correction of the play's own (``play``): the play's state after it, and the seat it names changed as the
    record's ``set`` and ``level`` say."""
    own = corrections_of(play)
    if own is None:
        raise ValueError(f"{play.name} has no corrections of its own")
    sid, values, level = str(record.get("seat") or ""), record.get("set") or {}, record.get("level")
    if (values or level is not None) and sid not in table.seat_ids:
        raise ValueError(f"no seat {sid} in game {table.game}")
    if not isinstance(values, dict) or not set(values) <= set(SEAT_FIELDS):
        raise ValueError(f"a seat's correction sets one or more of {', '.join(SEAT_FIELDS)}")
    new = own.correct(state, record)
    if values:
        fields: dict[str, Any] = {k: str(v) for k, v in values.items()}
        table = replace(table, seats=tuple(replace(s, **fields) if s.id == sid else s for s in table.seats))
    if level is not None:
        table = table.with_caretaker(sid, str(level))
    if record.get("reset_missed"):  # a new player (Dampfross's stand-by) has missed nothing yet (reading 141)
        table = replace(table, missed=tuple((s, n) for s, n in table.missed if s != sid))
    note = Correction(table.moves, (str(record.get("what") or "play"),), sid, why, by)
    return replace(table, corrections=(*table.corrections, note)), new
