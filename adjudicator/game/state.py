"""The game state: what ``game.json`` holds, as frozen values.

The state holds no secret (passwords are hashed, the dice seed is only
committed to).  ``to_json``/``from_json`` convert to and from the JSON file;
``from_json`` is strict: the shipped JSON Schema is checked first and the
ledger must explain every balance.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Literal

import jsonschema

from adjudicator.game.dice import Die
from adjudicator.errors import GameFileError
from adjudicator.board.hexgrid import Hex, Side
from adjudicator.game.rules import Rules
from adjudicator.game.track import Segment

FORMAT_VERSION = 1
BANK = "BANK"
Phase = Literal["building", "racing", "over"]
Reason = Literal[
    "start-capital", "town-bonus", "contact-fee", "parallel-fee", "fare", "prize",
    "build-cost", "ferry-purchase", "ferry-fare",
]
COLOURS = ("R", "B", "G", "Y", "K", "O", "V", "W")


@dataclass(frozen=True)
class Player:
    """A company in the game."""

    id: str
    name: str
    colour: str
    seat: int
    balance: int
    password_hash: str
    email: str = ""
    start_town: str | None = None


@dataclass(frozen=True)
class LedgerEntry:
    """One movement of money; payer and payee are player ids or ``BANK``."""

    turn: int
    payer: str
    payee: str
    amount: int
    reason: Reason
    note: str = ""


@dataclass(frozen=True)
class Connection:
    """Who first brought track to a town, in which turn, and the bonus paid."""

    player: str
    turn: int
    bonus: int


@dataclass(frozen=True)
class Allowance:
    """A player's die points for a building turn and the dice behind them."""

    player: str
    dice: tuple[Die, ...]

    @property
    def points(self) -> int:
        return sum(d.value for d in self.dice)


@dataclass(frozen=True)
class GameState:
    """Everything about a game between two turns."""

    game_id: str
    map_name: str
    map_file: str
    map_sha256: str
    rules: Rules
    players: tuple[Player, ...]
    phase: Phase = "building"
    turn: int = 1
    start_player: str = ""
    track: tuple[Segment, ...] = ()
    ledger: tuple[LedgerEntry, ...] = ()
    connections: Mapping[str, Connection] = field(default_factory=dict)
    allowances: tuple[Allowance, ...] = ()
    dice_mode: Literal["hmac", "manual"] = "hmac"
    dice_commitment: str = ""
    dice_log: tuple[Die, ...] = ()
    one_town_left_turn: int | None = None
    building_ended_turn: int | None = None
    history: tuple[Mapping[str, Any], ...] = ()
    races: Mapping[str, Any] = field(default_factory=dict)  # see adjudicator.game.racestate

    # --- queries ----------------------------------------------------------
    def player(self, pid: str) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    @property
    def player_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in sorted(self.players, key=lambda p: p.seat))

    def seat_order_from(self, first: str) -> list[str]:
        """Player ids in seat order starting with ``first``."""
        ids = list(self.player_ids)
        i = ids.index(first)
        return ids[i:] + ids[:i]

    def next_player(self, pid: str) -> str:
        """The player one seat on (clockwise)."""
        ids = list(self.player_ids)
        return ids[(ids.index(pid) + 1) % len(ids)]

    def balances_from_ledger(self) -> dict[str, int]:
        out = {p.id: 0 for p in self.players}
        for e in self.ledger:
            if e.payer in out:
                out[e.payer] -= e.amount
            if e.payee in out:
                out[e.payee] += e.amount
        return out



# ---------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------


def _schema() -> dict:
    text = resources.files("adjudicator.game").joinpath("schema", "game.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def to_json(state: GameState) -> dict[str, Any]:
    """The JSON document of a state (what ``game.json`` holds)."""
    return {
        "format_version": FORMAT_VERSION,
        "game_id": state.game_id,
        "map": {"name": state.map_name, "file": state.map_file, "sha256": state.map_sha256},
        "rules": state.rules.to_dict(),
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
        "ledger": [
            {"turn": e.turn, "payer": e.payer, "payee": e.payee, "amount": e.amount, "reason": e.reason, "note": e.note}
            for e in state.ledger
        ],
        "connections": {
            town: {"player": c.player, "turn": c.turn, "bonus": c.bonus} for town, c in sorted(state.connections.items())
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
        "history": list(state.history),
        "races": dict(state.races),
    }


def dumps(state: GameState) -> str:
    """The exact text of ``game.json`` (stable key order, trailing newline)."""
    return json.dumps(to_json(state), ensure_ascii=False, indent=1) + "\n"


def from_json(doc: Any, source: str = "game.json") -> GameState:
    """Read a game document; raise ``GameFileError`` naming the problem."""
    try:
        jsonschema.validate(doc, _schema())
    except jsonschema.ValidationError as exc:
        where = "/".join(str(p) for p in exc.absolute_path) or "top level"
        raise GameFileError(f"{source}: invalid game file at {where}: {exc.message}") from None
    if doc["format_version"] != FORMAT_VERSION:
        raise GameFileError(f"{source}: format_version {doc['format_version']} is not supported (this program reads {FORMAT_VERSION})")
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
            Player(p["id"], p["name"], p["colour"], p["seat"], p["balance"], p["password_hash"], p.get("email", ""), p.get("start_town"))
            for p in doc["players"]
        ),
        phase=doc["phase"],
        turn=doc["turn"],
        start_player=doc["start_player"],
        track=tuple(Segment(t["owner"], Side(Hex.parse(t["a"]), Hex.parse(t["b"])), t["turn"]) for t in doc["track"]),
        ledger=tuple(LedgerEntry(e["turn"], e["payer"], e["payee"], e["amount"], e["reason"], e.get("note", "")) for e in doc["ledger"]),
        connections={t: Connection(c["player"], c["turn"], c["bonus"]) for t, c in doc["connections"].items()},
        allowances=allowances,
        dice_mode=doc["dice"]["mode"],
        dice_commitment=doc["dice"]["commitment"],
        dice_log=log,
        one_town_left_turn=doc.get("one_town_left_turn"),
        building_ended_turn=doc.get("building_ended_turn"),
        history=tuple(doc.get("history", [])),
        races=doc.get("races", {}),
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
            raise GameFileError(f"{source}: balance of {p.id} is {p.balance} but its ledger entries sum to {sums[p.id]}")
