"""The parts of the game file: ledger entries, the race state and the history, to and from JSON.

``adjudicator.dampfross.game.gamefile`` assembles the whole document from these.  Game
files of format 1 keep the cause of a payment and the reason for a redrawn
race number as a short fixed phrase (``"1108-1109 parallel at 1109"``,
``"race 1: owed 8, owed back 4"``, ``"start 54 (Stuttgart): not connected
yet: drawn again"``).  Those phrases are a storage format, written and read
only here; the rest of the program sees typed values
(``LedgerEntry`` fields, ``Redraw``), and reports make their own sentences.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.game.dice import Die
from adjudicator.dampfross.game.racestate import (
    NumberReplaced,
    RaceDraw,
    RaceResult,
    RaceState,
    Redraw,
    RedrawReason,
    Winner,
)
from adjudicator.dampfross.game.state import Chain, Correction, HistoryEntry, LedgerEntry
from adjudicator.kernel.errors import GameFileError

Doc = dict[str, Any]

# ---------------------------------------------------------------------------
# ledger entries
# ---------------------------------------------------------------------------

_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}
_SEGMENT = re.compile(r"^(\d{4})-(\d{4})$")
_FEE = re.compile(r"^(\d{4})-(\d{4}) (contact|parallel|city-join) at (\d{4})$")
_FARE = re.compile(r"^race (\d+): owed (\d+), owed back (\d+)$")
_FIX = re.compile(r"^fix (\d+)$")
_PRIZE = re.compile(r"^race (\d+): (shared )?(\d+)(?:st|nd|rd|th) place$")
_FERRY_FARE = re.compile(r"^race (\d+): ferry (.+)$")


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``: as prizes are noted in the ledger."""
    return _ORDINAL.get(n, f"{n}th")


def ledger_note(e: LedgerEntry) -> str:
    """The format-1 note of a ledger entry: its cause as a short fixed phrase."""
    if e.reason == "town-bonus":
        return e.town or ""
    seg = f"{e.segment[0].label}-{e.segment[1].label}" if e.segment else ""
    if e.reason == "build-cost":
        return seg
    if e.reason in ("contact-fee", "parallel-fee") and e.fee_rule and e.at:
        return f"{seg} {e.fee_rule} at {e.at.label}"
    if e.reason == "fare" and e.race is not None:
        return f"race {e.race}: owed {e.owed}, owed back {e.owed_back}"
    if e.reason == "prize" and e.race is not None and e.place is not None:
        return f"race {e.race}: {'shared ' if e.shared else ''}{ordinal(e.place)} place"
    if e.reason == "correction" and e.fix is not None:
        return f"fix {e.fix}"
    if e.reason == "ferry-purchase":
        return e.town or ""
    if e.reason == "ferry-fare" and e.race is not None and e.town:
        return f"race {e.race}: ferry {e.town}"
    return ""


def ledger_to_json(e: LedgerEntry, version: int = 2) -> Doc:
    """A ledger entry: its cause as fields (format 2), or as the note phrase of format 1 (to compare with an
    archived format-1 state)."""
    doc: Doc = {"turn": e.turn, "payer": e.payer, "payee": e.payee, "amount": e.amount, "reason": e.reason}
    if version == 1:
        doc["note"] = ledger_note(e)
        return doc
    if e.town is not None:
        doc["town"] = e.town
    if e.segment is not None:
        doc["segment"] = [e.segment[0].label, e.segment[1].label]
    if e.fee_rule is not None:
        doc["fee_rule"] = e.fee_rule
    if e.at is not None:
        doc["at"] = e.at.label
    for key in ("race", "owed", "owed_back", "place", "fix"):
        value = getattr(e, key)
        if value is not None:
            doc[key] = value
    if e.shared:
        doc["shared"] = True
    return doc


CAUSES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "start-capital": ((), ()),
    "town-bonus": (("town",), ()),
    "build-cost": (("segment",), ()),
    "contact-fee": (("segment", "fee_rule", "at"), ()),
    "parallel-fee": (("segment", "fee_rule", "at"), ()),
    "fare": (("race", "owed", "owed_back"), ()),
    "prize": (("race", "place"), ("shared",)),
    "correction": (("fix",), ()),
    "ferry-purchase": ((), ("town",)),
    "ferry-fare": ((), ("race", "town")),
    "unused-points": ((), ()),
}
"""Format 2: the cause fields each reason must have, and those it may have."""


def ledger_from_fields(doc: Mapping[str, Any], source: str) -> LedgerEntry:
    """A format-2 ledger entry: its cause read from its fields, each checked against its reason."""
    reason = doc["reason"]
    needed, optional = CAUSES[reason]
    given = set(doc) - {"turn", "payer", "payee", "amount", "reason"}
    if not set(needed) <= given <= set(needed) | set(optional) or \
            (reason == "ferry-fare" and given not in (set(), {"race", "town"})):
        raise GameFileError(f"{source}: ledger entry of turn {doc['turn']} ({reason}) has the cause fields "
                            f"{sorted(given)}; it needs {sorted(needed)}" + (f" (and may have {sorted(optional)})"
                                                                             if optional else ""))
    seg = doc.get("segment")
    at = doc.get("at")
    return LedgerEntry(doc["turn"], doc["payer"], doc["payee"], doc["amount"], reason, town=doc.get("town"),
                       segment=(hex_of(seg[0]), hex_of(seg[1])) if seg else None,
                       fee_rule=doc.get("fee_rule"), at=hex_of(at) if at else None, race=doc.get("race"),
                       owed=doc.get("owed"), owed_back=doc.get("owed_back"), place=doc.get("place"),
                       shared=bool(doc.get("shared", False)), fix=doc.get("fix"))


@cache
def hex_of(label: str) -> Hex:
    """The hex of a label in a game file, read once per process (a long game's ledger and track name a few
    hundred hexes thousands of times)."""
    return Hex.parse(label)


def _unfit(source: str, e: LedgerEntry, note: str) -> GameFileError:
    return GameFileError(f"{source}: ledger entry of turn {e.turn} ({e.reason}) has a note that does not fit: {note!r}")


def ledger_from_json(doc: Mapping[str, Any], source: str) -> LedgerEntry:
    """A format-1 ledger entry, its cause read back from the note; ``GameFileError`` if the note does not fit the
    reason.  (Format 2 stores the cause as fields: ``ledger_from_fields``; this reads older game files.)"""
    reason, note = doc["reason"], doc.get("note", "")
    base = LedgerEntry(doc["turn"], doc["payer"], doc["payee"], doc["amount"], reason)
    fields: dict[str, Any] = {}
    if reason == "town-bonus":
        fields = {"town": note}
    elif reason == "build-cost" and (m := _SEGMENT.match(note)):
        fields = {"segment": (Hex.parse(m[1]), Hex.parse(m[2]))}
    elif reason in ("contact-fee", "parallel-fee") and (m := _FEE.match(note)):
        fields = {"segment": (Hex.parse(m[1]), Hex.parse(m[2])), "fee_rule": m[3], "at": Hex.parse(m[4])}
    elif reason == "fare" and (m := _FARE.match(note)):
        fields = {"race": int(m[1]), "owed": int(m[2]), "owed_back": int(m[3])}
    elif reason == "prize" and (m := _PRIZE.match(note)):
        fields = {"race": int(m[1]), "shared": bool(m[2]), "place": int(m[3])}
    elif reason == "correction" and (m := _FIX.match(note)):
        fields = {"fix": int(m[1])}
    elif reason == "ferry-purchase" and note:
        fields = {"town": note}
    elif reason == "ferry-fare" and (m := _FERRY_FARE.match(note)):
        fields = {"race": int(m[1]), "town": m[2]}
    elif reason in ("start-capital", "ferry-purchase", "ferry-fare", "unused-points") and not note:
        fields = {}
    else:
        raise _unfit(source, base, note)
    entry = LedgerEntry(base.turn, base.payer, base.payee, base.amount, base.reason, **fields)
    if ledger_note(entry) != note:
        raise _unfit(source, base, note)
    return entry


# ---------------------------------------------------------------------------
# races
# ---------------------------------------------------------------------------

_WHAT = {"start": "start", "dest": "destination"}
_WHAT_BACK = {v: k for k, v in _WHAT.items()}
_REDRAW = re.compile(r"^(start|destination) (\d+)(?: \(([^:]*)\))?: (.*): drawn again$")
_SIMPLE_WHY = {
    RedrawReason.NO_TOWN: "no town has this number",
    RedrawReason.UNCONNECTED: "not connected yet",
    RedrawReason.NONE_FREE: "used, and no number is free",
    RedrawReason.START_ITSELF: "the start town itself",
    RedrawReason.NO_DESTINATION: "no destination is far enough from it",
    RedrawReason.USED: "used already",
    RedrawReason.DEST_USED: "a destination often enough already",
    RedrawReason.GRID_FULL: "every number is used up: each may be drawn once more",
    RedrawReason.REGION_UNCONNECTED: "no track in the region yet",
}
_SIMPLE_BACK = {v: k for k, v in _SIMPLE_WHY.items()}
_NO_ROUTE = re.compile(r"^no land route from (.*)$")
_TOO_CLOSE = re.compile(r"^only (\d+) hex(?:es)? from ([^,]*), at least (\d+) needed$")
_REGION_CLOSE = re.compile(r"^no hex of it at least (\d+) hexes from (.*)$")
_REPLACED = re.compile(r"^(\d+) is used: took the next free number (\d+) \((.*)\)$")


def redraw_phrase(r: Redraw) -> str:
    """The format-1 phrase of a redrawn number."""
    head = f"{r.number}" if r.town is None else f"{r.number} ({r.town})"
    if r.reason is RedrawReason.NO_LAND_ROUTE:
        why = f"no land route from {r.start}"
    elif r.reason is RedrawReason.TOO_CLOSE:
        why = f"only {r.distance} hex{'es' if r.distance != 1 else ''} from {r.start}, at least {r.minimum} needed"
    elif r.reason is RedrawReason.REGION_TOO_CLOSE:
        why = f"no hex of it at least {r.minimum} hexes from {r.start}"
    else:
        why = _SIMPLE_WHY[r.reason]
    return f"{_WHAT[r.what]} {head}: {why}: drawn again"


def redraw_from_phrase(text: str, source: str) -> Redraw:
    m = _REDRAW.match(text)
    if m:
        what, number, town, why = _WHAT_BACK[m[1]], int(m[2]), m[3], m[4]
        if why in _SIMPLE_BACK:
            return Redraw(what, number, town, _SIMPLE_BACK[why])  # type: ignore[arg-type]
        if r := _NO_ROUTE.match(why):
            return Redraw(what, number, town, RedrawReason.NO_LAND_ROUTE, r[1])  # type: ignore[arg-type]
        if r := _TOO_CLOSE.match(why):
            return Redraw(what, number, town, RedrawReason.TOO_CLOSE, r[2], int(r[1]), int(r[3]))  # type: ignore[arg-type]
        if r := _REGION_CLOSE.match(why):
            return Redraw(what, number, town, RedrawReason.REGION_TOO_CLOSE, r[2],  # type: ignore[arg-type]
                          minimum=int(r[1]))
    raise GameFileError(f"{source}: a race draw has an unreadable redraw: {text!r}")


def replaced_phrase(n: NumberReplaced) -> str:
    return f"{n.drawn} is used: took the next free number {n.taken} ({n.town})"


def replaced_from_phrase(text: str, source: str) -> NumberReplaced:
    m = _REPLACED.match(text)
    if not m:
        raise GameFileError(f"{source}: a race draw has an unreadable note: {text!r}")
    return NumberReplaced(int(m[1]), int(m[2]), m[3])


def redraw_to_json(r: Redraw) -> Doc:
    """A redrawn number with its reason as a code and its data (format 2)."""
    doc: Doc = {"what": r.what, "number": r.number, "town": r.town, "reason": r.reason.value}
    for key in ("start", "distance", "minimum"):
        value = getattr(r, key)
        if value is not None:
            doc[key] = value
    return doc


def redraw_from_json(doc: Any, source: str) -> Redraw:
    """A redrawn number: format 2's fields, or format 1's phrase."""
    if isinstance(doc, str):
        return redraw_from_phrase(doc, source)
    try:
        return Redraw(doc["what"], int(doc["number"]), doc.get("town"), RedrawReason(doc["reason"]), doc.get("start"),
                      doc.get("distance"), doc.get("minimum"))
    except (KeyError, ValueError, TypeError):
        raise GameFileError(f"{source}: a race draw has an unreadable redraw: {doc!r}") from None


def draw_to_json(d: RaceDraw, version: int = 2) -> Doc:
    """A drawn race; ``special`` (the table key of a special run) only when it is one.  Format 2 writes redraws
    and replaced numbers as fields, format 1 as phrases."""
    redraws = [redraw_phrase(r) if version == 1 else redraw_to_json(r) for r in d.redraws]
    notes = [replaced_phrase(n) if version == 1 else {"drawn": n.drawn, "taken": n.taken, "town": n.town}
             for n in d.notes]
    doc: Doc = {
        "number": d.number, "start": d.start_town, "start_number": d.start_number, "start_hex": d.start_hex.label,
        "dest": d.dest_town, "dest_number": d.dest_number, "dest_hex": d.dest_hex.label, "distance": d.distance,
        "dice": [x.label for x in d.dice], "redraws": redraws, "chained": d.chained,
        "notes": notes, "marks": list(d.marks),
        **({"carried": True} if d.carried else {}),
    }
    if d.special is not None:
        doc["special"] = d.special
    return doc


def draw_from_json(doc: Mapping[str, Any], log: Mapping[str, Die], source: str) -> RaceDraw:
    try:
        dice = tuple(log[label] for label in doc["dice"])
    except KeyError as exc:
        raise GameFileError(f"{source}: race {doc['number']} refers to die {exc} that is not in the dice log") from None
    return RaceDraw(
        number=doc["number"], start_town=doc["start"], start_number=doc["start_number"],
        dest_town=doc["dest"], dest_number=doc["dest_number"], distance=doc["distance"], dice=dice,
        redraws=tuple(redraw_from_json(r, source) for r in doc["redraws"]),
        start_hex=Hex.parse(doc["start_hex"]), dest_hex=Hex.parse(doc["dest_hex"]), chained=doc.get("chained", False),
        notes=tuple(replaced_from_phrase(n, source) if isinstance(n, str) else NumberReplaced(n["drawn"], n["taken"],
                                                                                             n["town"])
                    for n in doc.get("notes", ())), marks=tuple(doc.get("marks", ())),
        carried=doc.get("carried", False),
        special=doc.get("special"),
    )


def races_to_json(races: RaceState | None, version: int = 2) -> Doc:
    """``{}`` before the racing phase, else every field (in the order format 1 has them)."""
    if races is None:
        return {}
    return {
        "used": list(races.used),
        "count": races.count,
        "last_destination": races.last_destination,
        "results": [
            {"race": r.race, "turn": r.turn, "status": r.status, "from": r.start, "to": r.dest,
             "first": list(r.first), "second": list(r.second)}
            for r in races.results
        ],
        "winner": None if races.winner is None else {
            "player": races.winner.player, "reason": races.winner.reason, "race": races.winner.race,
            "balance": races.winner.balance,
        },
        "upcoming": [draw_to_json(d, version) for d in races.upcoming],
    }


def races_from_json(doc: Mapping[str, Any], log: Mapping[str, Die], source: str) -> RaceState | None:
    if not doc:
        return None
    w = doc.get("winner")
    return RaceState(
        upcoming=tuple(draw_from_json(d, log, source) for d in doc.get("upcoming", ())),
        used=tuple(doc.get("used", ())),
        count=doc.get("count", 0),
        last_destination=doc.get("last_destination"),
        results=tuple(
            RaceResult(r["race"], r["turn"], r["status"], r["from"], r["to"], tuple(r["first"]), tuple(r["second"]))
            for r in doc.get("results", ())
        ),
        winner=Winner(w["player"], w["reason"], w["race"], w["balance"]) if w else None,
    )


# ---------------------------------------------------------------------------
# history
# ---------------------------------------------------------------------------


def history_to_json(h: HistoryEntry) -> Doc:
    balances = dict(h.balances)
    if h.phase == "building":
        return {"turn": h.turn, "phase": h.phase, "start_player": h.start_player, "balances": balances,
                "segments": h.segments}
    return {"turn": h.turn, "phase": h.phase, "races": list(h.races or ()), "balances": balances}


def history_from_json(doc: Mapping[str, Any]) -> HistoryEntry:
    balances = tuple(doc["balances"].items())
    if doc["phase"] == "building":
        return HistoryEntry(doc["turn"], "building", balances, start_player=doc["start_player"],
                            segments=doc["segments"])
    return HistoryEntry(doc["turn"], "racing", balances, races=tuple(doc["races"]))


# ---------------------------------------------------------------------------
# corrections and the chain
# ---------------------------------------------------------------------------


def correction_to_json(c: Correction) -> Doc:
    doc: Doc = {"number": c.number, "turn": c.turn, "kind": c.kind, "by": c.by, "when": c.when, "why": c.why}
    if c.kind == "balance":
        doc.update(player=c.player, amount=c.amount)
    elif c.kind in ("track-add", "track-remove"):
        doc.update(player=c.player, a=c.a.label if c.a else None, b=c.b.label if c.b else None)
    elif c.kind == "replace":
        doc.update(player=c.player, manager=c.manager, email=c.email, password_hash=c.password_hash)
    elif c.kind == "retire":
        doc.update(player=c.player)
    elif c.kind in ("lang", "address", "caretaker"):
        doc.update(player=c.player, value=c.value)
    elif c.kind == "password":
        doc.update(player=c.player, password_hash=c.password_hash)
    else:
        doc.update(key=c.key, value=c.value)
    return doc


def correction_from_json(doc: Mapping[str, Any]) -> Correction:
    a, b = doc.get("a"), doc.get("b")
    return Correction(doc["number"], doc["turn"], doc["kind"], doc["by"], doc["when"], doc["why"],
                      player=doc.get("player"), amount=doc.get("amount"), a=Hex.parse(a) if a else None,
                      b=Hex.parse(b) if b else None, key=doc.get("key"), value=doc.get("value"),
                      manager=doc.get("manager"), email=doc.get("email"), password_hash=doc.get("password_hash"))


def chain_to_json(c: Chain | None) -> Doc | None:
    return None if c is None else {"previous": c.previous, "inputs": c.inputs}


def chain_from_json(doc: Mapping[str, Any] | None) -> Chain | None:
    return None if not doc else Chain(doc["previous"], doc["inputs"])
