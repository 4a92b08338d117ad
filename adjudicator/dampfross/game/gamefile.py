"""The game file ``game.json``: the state as JSON, checked against its JSON Schema.

``dumps``/``loads`` are the only way the state is written and read
(the one session's folder, ``postal/moves.py: MovesDir``, keeps it as the game file's
``state``).  Reading is strict: the
shipped JSON Schema (``schema/game.schema.json``) is checked first, every
part must decode, and the ledger must explain every balance.  The parts of
the document (ledger entries, races, history) are encoded in
``adjudicator.dampfross.game.codec``.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import sys
import types
from collections.abc import Callable
from functools import cache
from typing import Any

from adjudicator import cachefolder
from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.game.codec import (
    chain_from_json,
    chain_to_json,
    correction_from_json,
    correction_to_json,
    hex_of,
    history_from_json,
    history_to_json,
    ledger_from_fields,
    ledger_from_json,
    ledger_to_json,
    races_from_json,
    races_to_json,
)
from adjudicator.dampfross.game.dice import Die
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.standing import Standing
from adjudicator.dampfross.game.state import (
    BANK,
    Allowance,
    Connection,
    FerryOwner,
    GameState,
    HistoryEntry,
    LedgerEntry,
    Player,
)
from adjudicator.dampfross.game.track import Segment
from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.errors import AdjudicatorError, GameFileError
from adjudicator.kernel.jsontext import ListTexts, indented
from adjudicator.kernel.kept import Grown, same_start

FORMAT_VERSION = 2
"""Written now.  Format 2 (issue 16) stores every cause as fields: a ledger entry's town, segment, fee rule,
race, fare, place, correction; a redrawn race number's reason as a code.  Format 1 wrote them as phrases
(``note``), which are still read, and written only to compare a replay with an archived format-1 state."""
READ_VERSIONS = (1, 2)


@cache
def schema() -> dict[str, Any]:
    """The complete JSON Schema of a game file, with the rules part made from the ``Rules`` fields.

    One source of truth: ``schema/game.schema.json`` plus ``Rules.json_schema``.
    Any JSON Schema tool can check a game file with it.
    """
    from importlib import resources  # read when a state is checked against the schema, not by most turns

    schema = resources.files("adjudicator.dampfross.game").joinpath("schema", "game.schema.json")
    text = schema.read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    doc["properties"]["rules"] = Rules.json_schema()
    return doc


@cache
def _validator() -> Callable[[Any], Any]:
    """The schema compiled into Python once per process (fastjsonschema: fast to run).

    Generating the code takes longer than a whole turn, so the compiled code
    object is kept in the application's cache (``adjudicator/cachefolder.py``, when a
    command set one), under a key naming the schema, the fastjsonschema and
    the Python version; anything else found there is ignored and replaced.
    """
    import fastjsonschema  # a state the archive vouches for is never checked: most turns do without it

    doc = _inlined(schema())
    ident = json.dumps([doc, fastjsonschema.VERSION, sys.version], sort_keys=True)
    key = "schema-" + hashlib.sha256(ident.encode("utf-8")).hexdigest()[:32]
    code = _code_object(cachefolder.kept(key))
    if code is None:
        code = compile(fastjsonschema.compile_to_code(doc), "<game file schema>", "exec")
        cachefolder.keep(key, marshal.dumps(code))
    namespace: dict[str, Any] = {}
    exec(code, namespace)  # code fastjsonschema generated from our own schema
    validator: Callable[[Any], Any] = namespace["validate"]
    return validator


def _inlined(doc: dict[str, Any]) -> dict[str, Any]:
    """The schema with every ``$ref`` to its ``$defs`` written out in place: the same checks, but the compiled
    code calls no sub-function per track segment and ledger entry (checking a long game takes half the time)."""
    defs = doc.get("$defs", {})

    def expand(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return {**expand(defs[ref.removeprefix("#/$defs/")]),
                        **{k: expand(v) for k, v in node.items() if k != "$ref"}}
            return {k: expand(v) for k, v in node.items()}
        if isinstance(node, list):
            return [expand(v) for v in node]
        return node

    return {k: expand(v) for k, v in doc.items() if k != "$defs"}


def _code_object(data: bytes | None) -> types.CodeType | None:
    """The code object kept as ``data``, or ``None`` when there is none or it is not one."""
    if not data:
        return None
    try:
        code = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    return code if isinstance(code, types.CodeType) else None


def validate(doc: Any, source: str) -> None:
    """Check a game document against the schema; ``GameFileError`` naming the first problem and where."""
    import fastjsonschema  # as in _validator

    try:
        _validator()(doc)
    except fastjsonschema.JsonSchemaValueException as exc:
        where = "/".join(str(p) for p in exc.path[1:]) or "top level"
        message = exc.message.removeprefix((exc.name or "data") + " ").removeprefix("data ")
        raise GameFileError(f"{source}: invalid game file at {where}: {message}") from None


_LEDGER_JSON: Grown[LedgerEntry, dict[str, Any]] = Grown()
_DICE_JSON: Grown[Die, dict[str, Any]] = Grown()
_TRACK_JSON: Grown[Segment, dict[str, Any]] = Grown()
_HISTORY_JSON: Grown[HistoryEntry, dict[str, Any]] = Grown()
"""The ledger's entries, the dice log, the track and the history as JSON, kept for the next state, which holds
them all again (a turn writes the state it read and a few entries more; a walk through the archive compares every
state it replays)."""


def _segment_json(s: Segment) -> dict[str, Any]:
    return {"owner": s.owner, "a": s.a.label, "b": s.b.label, "turn": s.turn}


def to_json(state: GameState, version: int | None = None) -> dict[str, Any]:
    """The JSON document of a state (what ``game.json`` holds; ``version`` 1: as an older program wrote it).
    Its ledger entries and dice are shared with the documents made before and after: never to be changed."""
    version = version or FORMAT_VERSION
    return {
        "format_version": version,
        "game_id": state.game_id,
        "map": {"name": state.map_name, "file": state.map_file, "sha256": state.map_sha256},
        "rules": state.rules.to_json(),
        "phase": state.phase,
        "turn": state.turn,
        "start_player": state.start_player,
        "players": [player_to_json(p) for p in sorted(state.players, key=lambda p: p.seat)],
        "track": _TRACK_JSON.values(state.track, None, _segment_json),
        "ledger": _LEDGER_JSON.values(state.ledger, version, lambda e: ledger_to_json(e, version)),
        "connections": {
            town: {"player": c.player, "turn": c.turn, "bonus": c.bonus}
            for town, c in sorted(state.connections.items())
        },
        "allowances": [
            {"player": a.player, "points": a.points, "dice": [d.label for d in a.dice]} for a in state.allowances
        ],
        "dice": {
            "mode": state.dice_mode,
            "commitment": state.dice_commitment,
            "log": _DICE_JSON.values(state.dice_log, None, Die.to_json),
        },
        "one_town_left_turn": state.one_town_left_turn,
        "building_ended_turn": state.building_ended_turn,
        "history": _HISTORY_JSON.values(state.history, None, history_to_json),
        "races": races_to_json(state.races, version),
        "gm_password_hash": state.gm_password_hash,
        "corrections": [correction_to_json(c) for c in state.corrections],
        "chain": chain_to_json(state.chain),
        **_optional(state),
    } | ferries_to_json(state)


def ferries_to_json(state: GameState) -> dict[str, Any]:
    """``ferries``: who bought which ferry (advanced rules); left out while nobody has one."""
    if not state.ferries:
        return {}
    return {"ferries": [{"ferry": f.ferry, "owner": f.owner, "turn": f.turn} for f in state.ferries]}


def _optional(state: GameState) -> dict[str, Any]:
    """Keys added after format 1 (issue 11), written only when set, so that older files stay as they were."""
    out: dict[str, Any] = {}
    for key in ("one_town_left_by", "end_declared_turn", "end_declared_by"):
        value = getattr(state, key)
        if value is not None:
            out[key] = value
    if state.schedule is not None:
        out["schedule"] = state.schedule.to_json()
    if state.lang != "en":
        out["lang"] = state.lang
    if state.caretaker_after is not None:  # the caretaker's setting (issue 26): games started before have none
        out["caretaker"] = {"after": state.caretaker_after, "level": state.caretaker_level}
    return out


def player_to_json(p: Player) -> dict[str, Any]:
    """A company; ``manager``, ``missed``, ``retired`` and ``lang`` only when set (older game files have none)."""
    doc: dict[str, Any] = {
        "id": p.id, "name": p.name, "colour": p.colour, "email": p.email, "seat": p.seat,
        "balance": p.balance, "start_town": p.start_town, "password_hash": p.password_hash,
    }
    if p.manager:
        doc["manager"] = p.manager
    if p.missed:
        doc["missed"] = p.missed
    if p.retired is not None:
        doc["retired"] = p.retired
    if p.lang:
        doc["lang"] = p.lang
    for key in ("bot", "caretaker", "caretaker_from"):  # bot seats and the caretaker (issue 26)
        if getattr(p, key) is not None:
            doc[key] = getattr(p, key)
    if p.standing is not None:  # standing orders (issue 27): only when set
        doc["standing"] = p.standing.to_json()
    return doc


def dumps(state: GameState) -> str:
    """The exact text of ``game.json`` (stable key order, trailing newline): ``json.dumps(..., indent=1)``'s,
    written by the C encoder (``kernel.jsontext``); the entries written for the state before are not written
    again (``_TEXTS``)."""
    return indented(to_json(state), _TEXTS) + "\n"


_TEXTS = ListTexts()
"""The texts of the ledger and the dice log last written: a process of many turns (``adjudicate resident``,
self-play) writes each turn's state, whose entries are those of the state before and a few more."""


def holds(text: str, state: GameState) -> bool:
    """Whether a game file's ``text`` holds exactly ``state`` (its layout aside): a replay's check, ten times
    quicker than writing the state out again (the archive's bytes are guarded by the chain's SHA-256)."""
    try:
        doc = json.loads(text)
    except ValueError:
        return False
    version = doc.get("format_version") if isinstance(doc, dict) else None
    return version in READ_VERSIONS and \
        json.dumps(doc, ensure_ascii=False) == json.dumps(to_json(state, version), ensure_ascii=False)


def holds_doc(doc: Any, state: GameState) -> bool:
    """Whether a game file's document (as ``json.loads`` reads it) holds exactly ``state``: ``holds`` without
    the text (a walk through the archive has the documents).  A walk compares state after state with document
    after document whose ledger, dice log, track and history only grew: the entries found equal before, the
    very same objects on both sides, are not compared again (``_same_entries``)."""
    version = doc.get("format_version") if isinstance(doc, dict) else None
    if version not in READ_VERSIONS:
        return False
    mine = to_json(state, version)
    dice, their_dice = mine["dice"], doc.get("dice")
    if any(type(doc.get(name)) is not list for name in _GROWING) or type(their_dice) is not dict or \
            type(their_dice.get("log")) is not list:
        return bool(mine == doc)
    return all(_same_entries(name, mine[name], doc[name]) for name in _GROWING) and \
        _same_entries("dice", dice["log"], their_dice["log"]) and \
        {k: v for k, v in mine.items() if k not in _GROWING and k != "dice"} == \
        {k: v for k, v in doc.items() if k not in _GROWING and k != "dice"} and \
        {k: v for k, v in dice.items() if k != "log"} == {k: v for k, v in their_dice.items() if k != "log"}


_GROWING = ("ledger", "track", "history")
"""The lists of a game file that a turn adds to (with the dice log)."""


_EQUAL: dict[str, tuple[tuple[Any, ...], tuple[Any, ...]]] = {}
"""The entries last found equal (``holds_doc``), by list: the document's and the state's."""


def _same_entries(name: str, mine: list[Any], theirs: list[Any]) -> bool:
    """``mine == theirs``, not comparing again the first entries that are on both sides the very entries found
    equal last time, in the same places (the state's entries as JSON are kept from state to state: ``to_json``;
    a document's from step to step: ``kernel.changes`` replaces an entry it changes)."""
    last = _EQUAL.get(name)
    n = min(same_start(theirs, last[0]), same_start(mine, last[1])) if last is not None else 0
    if len(mine) != len(theirs) or mine[n:] != theirs[n:]:
        return False
    _EQUAL[name] = (tuple(theirs), tuple(mine))
    return True


def from_json(doc: Any, source: str = "game.json", *, trusted: bool = False) -> GameState:
    """Read a game document; raise ``GameFileError`` naming the problem.

    ``trusted``: the document is an archived state whose text the archive's
    SHA-256 chain guards (``adjudicate verify`` checks the chain before it
    trusts a state): the schema is not checked again, the invariants still are.
    """
    if isinstance(doc, dict) and isinstance(doc.get("play"), str) and "format_version" not in doc:
        raise GameFileError(f"{source} holds a game of {doc['play']}, not of Dampfross: this command is for "
                            "Dampfross games (docs/interurban-rules.md lists the commands of a game of moves)")
    if not trusted:
        validate(doc, source)
        return _decode(doc, source)
    try:
        return _decode(doc, source)
    except AdjudicatorError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):  # not what it was trusted to be
        validate(doc, source)  # names the problem
        raise GameFileError(f"{source}: not a game file this program can read") from None


def _decode(doc: Any, source: str) -> GameState:
    """The state of a game document that has passed the schema (or is trusted to)."""
    version = doc["format_version"]
    if version not in READ_VERSIONS:
        raise GameFileError(f"{source}: format_version {version} is not supported "
                            f"(this program reads {', '.join(map(str, READ_VERSIONS))})")
    log = tuple(_die(d) for d in doc["dice"]["log"])
    by_label = {d.label: d for d in log}
    try:
        allowances = tuple(
            Allowance(a["player"], tuple(by_label[lab] for lab in a["dice"])) for a in doc["allowances"]
        )
    except KeyError as exc:
        raise GameFileError(f"{source}: allowance refers to die {exc} that is not in the dice log") from None
    state = GameState(
        game_id=doc["game_id"],
        map_name=doc["map"]["name"],
        map_file=doc["map"]["file"],
        map_sha256=doc["map"]["sha256"],
        rules=_rules(doc["rules"], f"{source} rules"),
        players=tuple(
            Player(p["id"], p["name"], p["colour"], p["seat"], p["balance"], p["password_hash"], p.get("email", ""),
                   p.get("start_town"), p.get("manager", ""), p.get("missed", 0), p.get("retired"), p.get("lang"),
                   bot=p.get("bot"), caretaker=p.get("caretaker"), caretaker_from=p.get("caretaker_from"),
                   standing=Standing.from_json(p.get("standing")))
            for p in doc["players"]
        ),
        phase=doc["phase"],
        turn=doc["turn"],
        start_player=doc["start_player"],
        track=tuple(Segment(t["owner"], _side(t["a"], t["b"]), t["turn"]) for t in doc["track"]),
        ledger=tuple(_ledger_entry(e, source, version) for e in doc["ledger"]),
        connections={t: Connection(c["player"], c["turn"], c["bonus"]) for t, c in doc["connections"].items()},
        allowances=allowances,
        dice_mode=doc["dice"]["mode"],
        dice_commitment=doc["dice"]["commitment"],
        dice_log=log,
        one_town_left_turn=doc.get("one_town_left_turn"),
        one_town_left_by=doc.get("one_town_left_by"),
        end_declared_turn=doc.get("end_declared_turn"),
        end_declared_by=doc.get("end_declared_by"),
        building_ended_turn=doc.get("building_ended_turn"),
        history=tuple(history_from_json(h) for h in doc.get("history", [])),
        races=races_from_json(doc.get("races", {}), by_label, source),
        gm_password_hash=doc.get("gm_password_hash", ""),
        corrections=tuple(correction_from_json(c) for c in doc.get("corrections", ())),
        chain=chain_from_json(doc.get("chain")),
        ferries=tuple(FerryOwner(f["ferry"], f["owner"], f["turn"]) for f in doc.get("ferries", ())),
        schedule=Schedule.from_json(doc["schedule"]) if "schedule" in doc else None,
        lang=doc.get("lang", "en"),
        caretaker_after=doc["caretaker"]["after"] if "caretaker" in doc else None,
        caretaker_level=doc["caretaker"]["level"] if "caretaker" in doc else "careful",
    )
    check_invariants(state, source)
    return state


def loads(text: str, source: str = "game.json", *, trusted: bool = False) -> GameState:
    """The state a game file's text holds (``trusted``: an archived state, see ``from_json``)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GameFileError(f"{source}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    return from_json(doc, source, trusted=trusted)


_RULES: dict[str, Rules] = {}


def _rules(doc: dict[str, Any], where: str) -> Rules:
    """The rules of a game file, read once per process for each distinct rules part (a replay reads the same
    rules for every turn)."""
    key = json.dumps(doc, sort_keys=True)
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = Rules.from_dict(doc, where)
    return rules


_LEDGER: dict[tuple[int, bytes], LedgerEntry] = {}


def _ledger_entry(doc: dict[str, Any], source: str, version: int) -> LedgerEntry:
    """A ledger entry, read once per process (a replay reads every earlier state's ledger again): its cause from
    its fields (format 2) or from its note (format 1).  Kept by its ``marshal`` bytes (each value's type and
    the keys' order in them): made in C, a fifth of the cost of reading the entry, so a first read pays little
    for it."""
    try:
        key = (version, marshal.dumps(doc, 2))
    except ValueError:  # not json.loads' types
        key = None
    entry = _LEDGER.get(key) if key else None
    if entry is None:
        entry = ledger_from_fields(doc, source) if version >= 2 else ledger_from_json(doc, source)
        if key:
            _kept(_LEDGER)[key] = entry
    return entry


_DICE: dict[tuple[str, int, int], Die] = {}


def _die(doc: dict[str, Any]) -> Die:
    """A die of the log, read once per process (a process of many turns reads the state its last turn wrote): the
    same object for the same die, so the dice written for the state before are not written again (``_TEXTS``).
    Only a die of strings and integers is kept (``1.0`` and ``true`` are not ``1`` to the game file)."""
    label, value, sides = doc["label"], doc["value"], doc.get("sides", 6)
    if type(label) is not str or type(value) is not int or type(sides) is not int:
        return Die(label, value, sides)
    die = _DICE.get((label, value, sides))
    if die is None:
        die = _kept(_DICE)[(label, value, sides)] = Die(label, value, sides)
    return die


KEPT_ENTRIES = 100_000
"""The most ledger entries (and dice) kept for the next read: a few long games' worth (a 100-turn game has about
1,000 entries and 2,000 dice); a process that reads more (a resident process that plays game after game) starts
again."""


def _kept(entries: dict[Any, Any]) -> dict[Any, Any]:
    """``entries``, emptied when it holds ``KEPT_ENTRIES`` already."""
    if len(entries) >= KEPT_ENTRIES:
        entries.clear()
    return entries


@cache
def _side(a: str, b: str) -> Side:
    """A track segment's side from its two labels, made once per process (a long game has thousands)."""
    return Side(hex_of(a), hex_of(b))


def check_invariants(state: GameState, source: str = "game") -> None:
    """Balances equal ledger sums; ids and seats unique; every owner, payer and the start player known."""
    ids = [p.id for p in state.players]
    if len(set(ids)) != len(ids):
        raise GameFileError(f"{source}: player ids are not unique")
    seats = sorted(p.seat for p in state.players)
    if seats != list(range(1, len(seats) + 1)):
        raise GameFileError(f"{source}: the seats are not 1 to {len(seats)}")
    if state.start_player not in ids:
        raise GameFileError(f"{source}: the start player {state.start_player!r} is not a company of the game")
    known = set(ids) | {BANK}
    for e in state.ledger:
        if e.payer not in known or e.payee not in known:
            raise GameFileError(f"{source}: ledger entry {e} names an unknown player")
        if e.amount < 0:
            raise GameFileError(f"{source}: ledger entry {e} has a negative amount")
    for s in state.track:
        if s.owner not in known:
            raise GameFileError(f"{source}: track {s} has an unknown owner")
    for f in state.ferries:
        if f.owner not in known:
            raise GameFileError(f"{source}: ferry {f.ferry} has an unknown owner")
    if len({f.ferry for f in state.ferries}) != len(state.ferries):
        raise GameFileError(f"{source}: a ferry is owned twice")
    sums = state.balances_from_ledger()
    for p in state.players:
        if sums[p.id] != p.balance:
            raise GameFileError(f"{source}: balance of {p.id} is {p.balance} "
                                f"but its ledger entries sum to {sums[p.id]}")
