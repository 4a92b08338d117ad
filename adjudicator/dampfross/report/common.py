"""Pieces every report shares: the header, the map windows, the next turn, the score table.

Each function turns part of the state into a template context (plain dicts
of strings and numbers).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.turn import allowance_budget
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import BANK, GameState, LedgerEntry
from adjudicator.dampfross.orders.sections import OrderSet
from adjudicator.dampfross.racing.specials import special_every
from adjudicator.dampfross.report.ascii import FerryMark, TrackMark, render_map, render_split, window_around
from adjudicator.dampfross.report.deadlines import due_line, goal_line
from adjudicator.dampfross.report.i18n import _
from adjudicator.dampfross.report.orderwords import format_note, format_problem, order_text
from adjudicator.dampfross.report.phrases import correction_text, redraw_text, refusal_text, replaced_text, say_absence
from adjudicator.dampfross.report.press import press_feedback
from adjudicator.dampfross.report.racephrases import special_text

WINDOW_COLUMNS = 18
WINDOW_ROWS = 16


def corrections(before: GameState, turn: int) -> list[str]:
    """The GM's corrections made while the game was at ``turn`` (before it was adjudicated), in words."""
    return [correction_text(c, before.schedule) for c in before.corrections if c.turn == turn]


def absences(state: GameState) -> list[dict[str, str]]:
    """Companies without orders this turn (with their count of turns in a row) and those out of play."""
    warn = state.rules.nmr_warn_after
    rows = []
    for p in sorted(state.players, key=lambda p: p.seat):
        if p.retired is not None:
            text = say_absence("retired", turn=p.retired)
        elif p.missed:
            text = say_absence("missed" if p.missed == 1 else "missed-in-a-row", turns=p.missed)
            if warn and p.missed >= warn:
                text += " " + say_absence("flagged")
        else:
            continue
        rows.append({"player": p.id, "text": text})
    return rows


def header(state: GameState, gmap: GameMap, title: str) -> dict[str, Any]:
    return {
        "game": state.game_id,
        "title": title,
        "map": f"{gmap.name} ({gmap.code})",
        "rules": state.rules.name,
        "commitment": state.dice_commitment or _("none: manual dice (the GM gives every die)"),
        "players": {p.id: {"name": p.name, "colour": p.colour} for p in state.players},
        "goal": goal_line(state),
        "due": due_line(state),
    }


def track_marks(state: GameState, new_turn: int | None) -> list[TrackMark]:
    letter = {p.id: p.colour for p in state.players}
    return [TrackMark(s.a, s.b, letter[s.owner], s.turn == new_turn) for s in state.track]


def ferry_marks(state: GameState, gmap: GameMap, new_turn: int | None = None) -> list[FerryMark]:
    """The map's ferries with their owners' letters, when the game uses ferries (advanced rules)."""
    if not state.rules.ferries:
        return []
    letter = {p.id: p.colour for p in state.players}
    owners = {f.ferry: f for f in state.ferries}
    out = []
    for f in gmap.ferries:
        o = owners.get(f.name)
        out.append(FerryMark(f.name, f.path, letter[o.owner] if o else None, bool(o and o.turn == new_turn)))
    return out


def player_legend(state: GameState) -> dict[str, str]:
    return {p.colour: f"{p.id} {p.name}" for p in sorted(state.players, key=lambda p: p.seat)}


def whole_map(gmap: GameMap, state: GameState, turn: int | None = None, *, split: bool = True) -> str:
    """The whole map with every company's track (``turn``'s in upper case): in windows that fit 80 columns,
    west to east, or (``split=False``, for an attachment) in one piece."""
    marks, players, ferries = track_marks(state, turn), player_legend(state), ferry_marks(state, gmap, turn)
    if split:
        return render_split(gmap, marks, columns=WINDOW_COLUMNS, players=players, ferries=ferries)
    return render_map(gmap, marks, players=players, ferries=ferries)


def map_windows(gmap: GameMap, state: GameState, hexes: Iterable[Hex], turn: int) -> list[str]:
    """ASCII windows (≤ 18 columns each) covering the given hexes, with this turn's track in upper case."""
    marks = track_marks(state, turn)
    ferries = ferry_marks(state, gmap, turn)
    out = []
    for group in clusters(hexes, WINDOW_COLUMNS - 4, WINDOW_ROWS - 4):
        corners = window_around(gmap, group, margin=2, max_cols=WINDOW_COLUMNS)
        out.append(render_map(gmap, marks, window=corners, legend=True, players=player_legend(state), ferries=ferries))
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


def draw_row(d: RaceDraw, gmap: GameMap | None = None, rules: Rules | None = None) -> dict[str, Any]:
    """A drawn race for the templates; a special run (advanced rules) says what its entrants may choose.

    ``carried``: run again, nobody entered it last turn (``carry_over``).
    """
    special = special_text(gmap, rules, d) if gmap is not None and rules is not None else ""
    return {"number": d.number, "start": f"{d.start_town} ({d.start_number})",
            "dest": d.dest_town if d.special else f"{d.dest_town} ({d.dest_number})", "distance": d.distance,
            "redraws": [redraw_text(r) for r in d.redraws] + [replaced_text(n) for n in d.notes],
            "dice": " ".join(str(x.value) for x in d.dice), "special": special, "carried": d.carried}


def next_turn(state: GameState, gmap: GameMap | None = None) -> dict[str, Any]:
    """What players need for their next orders (with ``gmap``: what a special run's entrants may choose)."""
    allowances = [
        {"player": a.player, "points": a.points, "dice": "+".join(str(d.value) for d in a.dice)}
        for a in sorted(state.allowances, key=lambda a: state.player(a.player).seat)
        if a.player in state.in_play  # games archived before in_play rolled a retired company's allowance too
    ]
    races = [draw_row(d, gmap, state.rules) for d in state.race_state.upcoming]
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
        "order": [p for p in state.seat_order_from(state.start_player) if p in state.in_play]
        if state.start_player else [],
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


def feedback(orders: OrderSet, player: str, state: GameState) -> dict[str, Any]:
    """What a player's private report says about the orders: as understood, problems, notes (and what
    became of the player's press), refusals."""
    section = orders.section(player)
    refused = orders.refusals_for(player)
    return {
        "echo": [order_text(line) for line in section.echo()] if section else [],
        # what an empty echo means: nothing came, a section none of whose lines was read, or refused sections only
        "received": "section" if section else ("refused" if refused else "none"),
        "problems": [format_problem(p, folded=True, places=orders.places, player=True)
                     for p in orders.problems_for(player)],
        "notes": [format_note(n, orders.places, player=True) for n in orders.notes_for(player)]
        + press_feedback(orders, state, player),
        "refused": [refusal_text(r, orders.places) for r in refused],
    }


def advanced_rules(rules: Rules, gmap: GameMap) -> list[str]:
    """The advanced rules in force, one sentence each, for the opening report (none: an empty list)."""
    out = []
    if rules.border_crossing:
        out.append(_("Borders: track may cross into a neighbouring country at no extra cost and ends in the "
                     "first hex beyond; no bonus for towns abroad."))
    every = special_every(gmap, rules)
    if every:
        out.append(_("Special runs: every race whose number is a multiple of {every} goes to a region of the "
                     "map's table; each entrant ends where it chooses.").format(every=every))
    if rules.ferries and gmap.ferries:
        limit = gmap.ferries_per_player
        out.append(_("Ferries: BUY FERRY <port> for {price} once your track reaches the port{limit}; a "
                     "crossing costs its length + {load} points, {fare} to the owner.").format(
            price=rules.ferry_price, fare=rules.ferry_fare, load=2 * rules.ferry_load_points,
            limit=_(", at most {n} each").format(n=limit) if limit else ""))
    return out
