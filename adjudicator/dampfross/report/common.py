"""Pieces every report shares: the header, the map windows, the next turn, the score table.

Each function turns part of the state into a template context (plain dicts
of strings and numbers).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import BANK, GameState, LedgerEntry
from adjudicator.dampfross.orders.sections import OrderSet
from adjudicator.dampfross.report.ascii import FERRY, SPLIT_COLUMNS, FerryMark, TrackMark, render_map, render_split
from adjudicator.dampfross.report.deadlines import due_line, goal_line
from adjudicator.dampfross.report.fates import ignored_in_phase, with_reasons
from adjudicator.dampfross.report.i18n import _
from adjudicator.dampfross.report.mapkey import short_key, town_names
from adjudicator.dampfross.report.orderwords import format_note, format_problem
from adjudicator.dampfross.report.phrases import correction_text, redraw_text, refusal_text, replaced_text, say_absence
from adjudicator.dampfross.report.press import press_feedback
from adjudicator.dampfross.report.standingwords import standing_feedback
from adjudicator.kernel.kept import Kept

WINDOW_COLUMNS = SPLIT_COLUMNS
"""The most hex columns of a window in a report (75 text columns: within ``MAIL_WIDTH``)."""
NEW_ROWS = 5
"""The most hex rows of one of a report's windows of this turn's track."""
OWN_ROWS = 6
"""The most hex rows of the window of a company's own track in its private report."""


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
        "summary": False,  # a turn report in short (the report mail's public part): no map, rules, commitment
    }


def track_marks(state: GameState, new_turn: int | None) -> tuple[TrackMark, ...]:
    """Every company's track as its letters draw it (``new_turn``'s in upper case); the same list again for the
    same track (a turn's reports draw it in many windows, and the map drawing works its sides out once for it)."""
    letter = {p.id: p.colour for p in state.players}
    return _MARKS.get((state.track,), (tuple(letter.items()), new_turn), lambda: tuple(
        TrackMark(s.a, s.b, letter[s.owner], s.turn == new_turn) for s in state.track))


_MARKS: Kept[tuple[TrackMark, ...]] = Kept()


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
    """The whole map with every company's track (``turn``'s in upper case): in windows that fit 78 columns,
    west to east, or (``split=False``, for an attachment) in one piece."""
    marks, players, ferries = track_marks(state, turn), player_legend(state), ferry_marks(state, gmap, turn)
    if split:
        return render_split(gmap, marks, columns=WINDOW_COLUMNS, players=players, ferries=ferries)
    return render_map(gmap, marks, players=players, ferries=ferries)


def map_windows(gmap: GameMap, state: GameState, units: Iterable[Sequence[Hex]], turn: int) -> list[str]:
    """Small ASCII windows covering the given units of hexes, each unit whole in one window (a segment's two
    hexes, a place and its neighbourhood); one column more each side, at most ``WINDOW_COLUMNS`` columns and
    ``NEW_ROWS`` rows each, column labels above only; this turn's track in upper case, then one key for all of
    them."""
    marks, ferries = track_marks(state, turn), ferry_marks(state, gmap, turn)
    corners = [snug_window(gmap, group, group) for group in clusters(units, WINDOW_COLUMNS - 2, NEW_ROWS)]
    if not corners:
        return []
    out = [render_map(gmap, marks, window=c, legend=False, ferries=ferries, labels_below=False) for c in corners]
    towns = [t for t in gmap.towns if any(within(t.hex, c) for c in corners)]
    shown = [(f.name, f.owner.upper() if f.owner else FERRY) for f in ferries
             if any(within(h, c) for h in f.path for c in corners)]
    return [*out, "\n".join(short_key(player_legend(state), shown, towns)) + "\n"]


AROUND_COLUMNS, AROUND_ROWS = 4, 2
"""How far a window around a place reaches (``MAP 1408``, ``MAP <town>``): columns and rows each side."""


def around(gmap: GameMap, place: Hex) -> list[Hex]:
    """The hexes of the map in a window around ``place`` (``AROUND_COLUMNS`` columns and ``AROUND_ROWS`` rows
    each side, fewer at the map's edge): one unit for ``map_windows``."""
    return [Hex(c, r) for r in range(max(1, place.row - AROUND_ROWS), min(gmap.height, place.row + AROUND_ROWS) + 1)
            for c in range(max(1, place.col - AROUND_COLUMNS), min(gmap.width, place.col + AROUND_COLUMNS) + 1)]


def own_window(gmap: GameMap, state: GameState, player: str, turn: int | None) -> tuple[str, tuple[Hex, Hex] | None]:
    """A window of a company's own track (at most ``WINDOW_COLUMNS`` x ``OWN_ROWS``; when its track spreads
    further, centred on the track it built in ``turn``), with the towns in it, and its corners; no track:
    nothing.  When all of ``turn``'s new track lies inside it (no window of new track follows), the key of the
    marks comes with it."""
    own = [s for s in state.track if s.owner == player]
    hexes = [h for s in own for h in s.side.hexes]
    if not hexes:
        return "", None
    focus = [h for s in own if s.turn == turn for h in s.side.hexes] or hexes
    corners = snug_window(gmap, hexes, focus, rows=OWN_ROWS)
    text = render_map(gmap, track_marks(state, turn), window=corners, legend=False,
                      ferries=ferry_marks(state, gmap, turn), labels_below=False)
    towns = town_names([t for t in gmap.towns if within(t.hex, corners)])
    if turn is not None and not new_segments(state, turn, corners):  # no window of new track follows: the key here
        towns = short_key(player_legend(state), [], []) + towns
    return text + "".join(line + "\n" for line in towns), corners


def new_segments(state: GameState, turn: int, seen: tuple[Hex, Hex] | None = None) -> list[tuple[Hex, Hex]]:
    """The segments of track built in ``turn`` as pairs of hexes, but for those the window ``seen`` shows whole
    (shown already); a segment half in it is shown again whole."""
    return [(s.a, s.b) for s in state.track
            if s.turn == turn and (seen is None or not (within(s.a, seen) and within(s.b, seen)))]


def snug_window(gmap: GameMap, hexes: Sequence[Hex], focus: Sequence[Hex], rows: int = NEW_ROWS) -> tuple[Hex, Hex]:
    """Corners of a window around ``hexes``, one column more each side (rows: none), at most
    ``WINDOW_COLUMNS`` x ``rows``, cut around the middle of ``focus`` when the hexes spread further."""
    c0, c1 = _fit(max(1, min(h.col for h in hexes) - 1), min(gmap.width, max(h.col for h in hexes) + 1),
                  WINDOW_COLUMNS, [h.col for h in focus])
    r0, r1 = _fit(min(h.row for h in hexes), max(h.row for h in hexes), rows, [h.row for h in focus])
    return Hex(c0, r0), Hex(c1, r1)


def _fit(lo: int, hi: int, most: int, focus: list[int]) -> tuple[int, int]:
    """``lo..hi`` cut to at most ``most``, around the middle of ``focus`` (which lies inside ``lo..hi``)."""
    if hi - lo + 1 <= most:
        return lo, hi
    start = max(lo, (min(focus) + max(focus)) // 2 - (most - 1) // 2)
    end = min(hi, start + most - 1)
    return end - most + 1, end


def _reading(h: Hex) -> tuple[int, int]:
    """Reading order: row by row, west to east."""
    return h.row, h.col


def within(h: Hex, corners: tuple[Hex, Hex]) -> bool:
    """Whether ``h`` lies in the window between two corners."""
    a, b = corners
    return a.col <= h.col <= b.col and a.row <= h.row <= b.row


def clusters(units: Iterable[Sequence[Hex]], cols: int, rows: int) -> list[list[Hex]]:
    """Group units of hexes (a segment's two hexes, ...) into clusters whose bounding box is at most ``cols`` x
    ``rows`` hexes, each unit whole in one cluster (a unit larger than that alone is a cluster of its own).

    Greedy and deterministic: units in reading order join the first cluster
    they fit, so nearby new track shares one window; then clusters whose
    union still fits are merged (no window lies inside another).
    """
    def fits(g: list[Hex]) -> bool:
        cs, rs = [x.col for x in g], [x.row for x in g]
        return max(cs) - min(cs) < cols and max(rs) - min(rs) < rows

    groups: list[list[Hex]] = []
    whole = {tuple(sorted(set(u), key=_reading)) for u in units if u}
    for unit in sorted(whole, key=lambda u: [_reading(h) for h in u]):
        for g in groups:
            if fits([*g, *unit]):
                g.extend(h for h in unit if h not in g)
                break
        else:
            groups.append(list(unit))
    merged = True
    while merged:
        merged = False
        for i, j in itertools.combinations(range(len(groups)), 2):
            if fits(groups[i] + groups[j]):
                groups[i] += groups.pop(j)
                merged = True
                break
    return groups


def draw_row(d: RaceDraw, gmap: GameMap | None = None, rules: Rules | None = None) -> dict[str, Any]:
    """A drawn race for the templates; a special run (advanced rules) says what its entrants may choose.

    ``carried``: run again, nobody entered it last turn (``carry_over``).
    """
    from adjudicator.dampfross.report.racephrases import special_text  # racing: not imported by building turns

    special = special_text(gmap, rules, d) if gmap is not None and rules is not None else ""
    return {"number": d.number, "start": f"{d.start_town} ({d.start_number})",
            "dest": d.dest_town if d.special else f"{d.dest_town} ({d.dest_number})", "distance": d.distance,
            "redraws": [redraw_text(r) for r in d.redraws] + [replaced_text(n) for n in d.notes],
            "dice": " ".join(str(x.value) for x in d.dice), "special": special, "carried": d.carried}


def draw_rows(draws: Sequence[RaceDraw], gmap: GameMap | None, rules: Rules) -> list[dict[str, Any]]:
    """The races announced for a turn, each saying when it repeats the trip of an earlier one of the turn."""
    if not draws:
        return []
    from adjudicator.dampfross.racing.explain import repeated  # racing: not imported by building turns
    from adjudicator.dampfross.report.racephrases import repeat_note

    again = repeated(draws)
    return [{**draw_row(d, gmap, rules), "repeat": repeat_note(d, again)} for d in draws]


def next_turn(state: GameState, gmap: GameMap | None = None) -> dict[str, Any]:
    """What players need for their next orders (with ``gmap``: what a special run's entrants may choose)."""
    allowances = [
        {"player": a.player, "points": a.points, "dice": "+".join(str(d.value) for d in a.dice)}
        for a in sorted(state.allowances, key=lambda a: state.player(a.player).seat)
        if a.player in state.in_play  # games archived before in_play rolled a retired company's allowance too
    ]
    races = draw_rows(state.race_state.upcoming, gmap, state.rules)
    rolls = ""
    if state.rules.allowance == "postal" and state.allowances:
        from adjudicator.dampfross.building.turn import allowance_budget  # only the building phase has allowances

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


FEE_REASONS = ("contact-fee", "parallel-fee")
"""The ledger's reasons for a fee one company pays another for building next to its track."""


def fee_history(state: GameState, player: str) -> list[str]:
    """The fees a company has paid and received in the whole game so far, one line for each other company and
    way (``paid to RAVEL: 4 (turns 3, 5)``), payments first; none: an empty list."""
    paid: dict[str, list[LedgerEntry]] = {}
    got: dict[str, list[LedgerEntry]] = {}
    for e in state.ledger:
        if e.reason in FEE_REASONS and e.payer == player:
            paid.setdefault(e.payee, []).append(e)
        elif e.reason in FEE_REASONS and e.payee == player:
            got.setdefault(e.payer, []).append(e)
    seats = {p.id: p.seat for p in state.players}
    out = []
    for found, one, many in ((paid, _("paid to {company}: {amount} (turn {turns})"),
                              _("paid to {company}: {amount} (turns {turns})")),
                             (got, _("received from {company}: {amount} (turn {turns})"),
                              _("received from {company}: {amount} (turns {turns})"))):
        for company in sorted(found, key=lambda c: seats.get(c, 0)):
            turns = sorted({e.turn for e in found[company]})
            out.append((one if len(turns) == 1 else many).format(
                company=company, amount=sum(e.amount for e in found[company]),
                turns=", ".join(str(t) for t in turns)))
    return out


def feedback(orders: OrderSet, player: str, state: GameState) -> dict[str, Any]:
    """What a player's private report says about the orders: as understood, problems, notes (and what
    became of the player's press), refusals."""
    section = orders.section(player)
    refused = orders.refusals_for(player)
    return {
        "echo": with_reasons(section, ignored_in_phase(section, state.phase)) if section else [],
        # what an empty echo means: nothing came, a section none of whose lines was read, or refused sections only
        "received": "section" if section else ("refused" if refused else "none"),
        "problems": [format_problem(p, folded=True, places=orders.places, player=True)
                     for p in orders.problems_for(player)],
        "notes": [format_note(n, orders.places, player=True) for n in orders.notes_for(player)]
        + press_feedback(orders, state, player),
        "refused": [refusal_text(r, orders.places) for r in refused],
    } | standing_feedback(orders, player, state)  # standing orders (issue 27): on file, and a turn they stood in


def advanced_rules(rules: Rules, gmap: GameMap) -> list[str]:
    """The advanced rules in force, one sentence each, for the opening report (none: an empty list)."""
    from adjudicator.dampfross.racing.specials import special_every  # racing: not imported by building turns

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
