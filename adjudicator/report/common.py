"""Pieces every report shares: the header, the map windows, the next turn, the score table.

Each function turns part of the state into a template context (plain dicts
of strings and numbers).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.board.hexgrid import Hex
from adjudicator.board.model import GameMap
from adjudicator.building.turn import allowance_budget
from adjudicator.game.state import BANK, GameState, LedgerEntry
from adjudicator.report.ascii import TrackMark, render_map, window_around

WINDOW_COLUMNS = 18
WINDOW_ROWS = 16


def header(state: GameState, gmap: GameMap, title: str) -> dict[str, Any]:
    return {
        "game": state.game_id,
        "title": title,
        "map": f"{gmap.name} ({gmap.code})",
        "rules": state.rules.name,
        "commitment": state.dice_commitment or "none: manual dice (the GM gives every die)",
        "players": {p.id: {"name": p.name, "colour": p.colour} for p in state.players},
    }


def track_marks(state: GameState, new_turn: int | None) -> list[TrackMark]:
    letter = {p.id: p.colour for p in state.players}
    return [TrackMark(s.a, s.b, letter[s.owner], s.turn == new_turn) for s in state.track]


def player_legend(state: GameState) -> dict[str, str]:
    return {p.colour: f"{p.id} {p.name}" for p in sorted(state.players, key=lambda p: p.seat)}


def map_windows(gmap: GameMap, state: GameState, hexes: Iterable[Hex], turn: int) -> list[str]:
    """ASCII windows (≤ 18 columns each) covering the given hexes, with this turn's track in upper case."""
    marks = track_marks(state, turn)
    out = []
    for group in clusters(hexes, WINDOW_COLUMNS - 4, WINDOW_ROWS - 4):
        corners = window_around(gmap, group, margin=2, max_cols=WINDOW_COLUMNS)
        out.append(render_map(gmap, marks, window=corners, legend=True, players=player_legend(state)))
    return out


def clusters(hexes: Iterable[Hex], cols: int, rows: int) -> list[list[Hex]]:
    """Group hexes into clusters whose bounding box is at most ``cols`` x ``rows`` hexes.

    Greedy and deterministic: hexes in reading order join the first cluster
    they fit, so nearby new track shares one window.
    """
    groups: list[list[Hex]] = []
    for h in sorted(set(hexes), key=lambda h: (h.row, h.col)):
        for g in groups:
            cs = [x.col for x in g] + [h.col]
            rs = [x.row for x in g] + [h.row]
            if max(cs) - min(cs) < cols and max(rs) - min(rs) < rows:
                g.append(h)
                break
        else:
            groups.append([h])
    return groups


def next_turn(state: GameState) -> dict[str, Any]:
    """What players need for their next orders."""
    allowances = [
        {"player": a.player, "points": a.points, "dice": "+".join(str(d.value) for d in a.dice)}
        for a in sorted(state.allowances, key=lambda a: state.player(a.player).seat)
    ]
    races = [
        {"number": d.number, "start": f"{d.start_town} ({d.start_number})", "dest": f"{d.dest_town} ({d.dest_number})",
         "distance": d.distance, "carried": d.carried}
        for d in state.race_state.upcoming
    ]
    rolls = ""
    if state.rules.allowance == "postal" and state.allowances:
        pots = allowance_budget(state.rules, state.allowances[0]).pots or []
        rolls = ", ".join(f"{chr(ord('a') + i)} {p}" for i, p in enumerate(pots))
    return {
        "races": races,
        "rolls": rolls,
        "turn": state.turn,
        "phase": state.phase,
        "start_player": state.start_player,
        "order": state.seat_order_from(state.start_player) if state.start_player else [],
        "allowances": allowances,
        "manual": state.dice_mode == "manual",
    }


def scores(state: GameState, before: GameState, entries: Sequence[LedgerEntry]) -> list[dict[str, Any]]:
    """The score table: brought forward, bonuses, fees in and out, building and other, carried forward."""
    rows = []
    for p in sorted(state.players, key=lambda p: p.seat):
        bonus = sum(e.amount for e in entries if e.payee == p.id and e.reason == "town-bonus")
        fees_in = sum(e.amount for e in entries if e.payee == p.id and e.payer != BANK)
        fees_out = sum(e.amount for e in entries if e.payer == p.id and e.payee != BANK)
        from_bank = sum(e.amount for e in entries if e.payee == p.id and e.payer == BANK) - bonus
        to_bank = sum(e.amount for e in entries if e.payer == p.id and e.payee == BANK)
        rows.append({
            "player": p.id,
            "brought": before.player(p.id).balance,
            "bonus": bonus,
            "fees_in": fees_in,
            "fees_out": fees_out,
            "other": from_bank - to_bank,
            "carried": p.balance,
        })
    return rows
