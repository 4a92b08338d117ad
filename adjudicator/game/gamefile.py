"""The game file ``game.json``: the state as JSON, checked against its JSON Schema.

``dumps``/``loads`` are the only way the state is written and read
(``adjudicator.app.store`` puts the text on disk).  Reading is strict: the
shipped JSON Schema (``schema/game.schema.json``) is checked first, every
part must decode, and the ledger must explain every balance.  The parts of
the document (ledger entries, races, history) are encoded in
``adjudicator.game.codec``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import jsonschema

from adjudicator.board.hexgrid import Hex, Side
from adjudicator.errors import GameFileError
from adjudicator.game.codec import (
    history_from_json,
    history_to_json,
    ledger_from_json,
    ledger_to_json,
    races_from_json,
    races_to_json,
)
from adjudicator.game.dice import Die
from adjudicator.game.rules import Rules
from adjudicator.game.state import BANK, Allowance, Connection, GameState, Player
from adjudicator.game.track import Segment

FORMAT_VERSION = 1


@cache
def _validator() -> jsonschema.protocols.Validator:
    """The game file's JSON Schema, with the rules part made from the ``Rules`` fields (one source of truth)."""
    text = resources.files("adjudicator.game").joinpath("schema", "game.schema.json").read_text(encoding="utf-8")
    schema = json.loads(text)
    schema["properties"]["rules"] = Rules.json_schema()
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def schema() -> dict[str, Any]:
    """The complete JSON Schema of a game file (``adjudicate`` users may validate with any tool)."""
    return json.loads(json.dumps(_validator().schema))  # type: ignore[no-any-return]


def to_json(state: GameState) -> dict[str, Any]:
    """The JSON document of a state (what ``game.json`` holds)."""
    return {
        "format_version": FORMAT_VERSION,
        "game_id": state.game_id,
        "map": {"name": state.map_name, "file": state.map_file, "sha256": state.map_sha256},
        "rules": state.rules.stored_dict(),
        "phase": state.phase,
        "turn": state.turn,
        "start_player": state.start_player,
        "players": [
            {
                "id": p.id, "name": p.name, "colour": p.colour, "email": p.email, "seat": p.seat,
                "balance": p.balance, "start_town": p.start_town, "password_hash": p.password_hash,
            }
            for p in sorted(state.players, key=lambda p: p.seat)
        ],
        "track": [{"owner": s.owner, "a": s.a.label, "b": s.b.label, "turn": s.turn} for s in state.track],
        "ledger": [ledger_to_json(e) for e in state.ledger],
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
            "log": [d.to_json() for d in state.dice_log],
        },
        "one_town_left_turn": state.one_town_left_turn,
        "building_ended_turn": state.building_ended_turn,
        "history": [history_to_json(h) for h in state.history],
        "races": races_to_json(state.races),
        **_optional(state),
    }


def _optional(state: GameState) -> dict[str, Any]:
    """Keys added after format 1 (issue 11), written only when set, so that older files stay as they were."""
    out: dict[str, Any] = {}
    for key in ("one_town_left_by", "end_declared_turn", "end_declared_by"):
        value = getattr(state, key)
        if value is not None:
            out[key] = value
    return out


def dumps(state: GameState) -> str:
    """The exact text of ``game.json`` (stable key order, trailing newline)."""
    return json.dumps(to_json(state), ensure_ascii=False, indent=1) + "\n"


def from_json(doc: Any, source: str = "game.json") -> GameState:
    """Read a game document; raise ``GameFileError`` naming the problem."""
    error = jsonschema.exceptions.best_match(_validator().iter_errors(doc))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "top level"
        raise GameFileError(f"{source}: invalid game file at {where}: {error.message}")
    if doc["format_version"] != FORMAT_VERSION:
        raise GameFileError(f"{source}: format_version {doc['format_version']} is not supported "
                            f"(this program reads {FORMAT_VERSION})")
    log = tuple(Die(d["label"], d["value"], d.get("sides", 6)) for d in doc["dice"]["log"])
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
        rules=Rules.from_dict(doc["rules"], f"{source} rules"),
        players=tuple(
            Player(p["id"], p["name"], p["colour"], p["seat"], p["balance"], p["password_hash"], p.get("email", ""),
                   p.get("start_town"))
            for p in doc["players"]
        ),
        phase=doc["phase"],
        turn=doc["turn"],
        start_player=doc["start_player"],
        track=tuple(Segment(t["owner"], Side(Hex.parse(t["a"]), Hex.parse(t["b"])), t["turn"]) for t in doc["track"]),
        ledger=tuple(ledger_from_json(e, source) for e in doc["ledger"]),
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
    )
    check_invariants(state, source)
    return state


def loads(text: str, source: str = "game.json") -> GameState:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GameFileError(f"{source}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    return from_json(doc, source)


def check_invariants(state: GameState, source: str = "game") -> None:
    """Balances equal ledger sums; ids unique; every owner and payer known."""
    ids = [p.id for p in state.players]
    if len(set(ids)) != len(ids):
        raise GameFileError(f"{source}: player ids are not unique")
    known = set(ids) | {BANK}
    for e in state.ledger:
        if e.payer not in known or e.payee not in known:
            raise GameFileError(f"{source}: ledger entry {e} names an unknown player")
        if e.amount < 0:
            raise GameFileError(f"{source}: ledger entry {e} has a negative amount")
    for s in state.track:
        if s.owner not in known:
            raise GameFileError(f"{source}: track {s} has an unknown owner")
    sums = state.balances_from_ledger()
    for p in state.players:
        if sums[p.id] != p.balance:
            raise GameFileError(f"{source}: balance of {p.id} is {p.balance} "
                                f"but its ledger entries sum to {sums[p.id]}")
