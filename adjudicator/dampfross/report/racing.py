"""Reports of racing turns: the races with every die, fares, prizes, building from income, the end.

Builds template contexts (plain dicts) from a ``RacingResult`` and renders
``racing.txt.j2`` and ``private_racing.txt.j2``; shared pieces come from
``adjudicator.dampfross.report.common``, sentences from ``adjudicator.dampfross.report.racephrases``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import BANK, GameState, LedgerEntry
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.orders.sections import OrderSet
from adjudicator.dampfross.racing.end import GameEnd
from adjudicator.dampfross.racing.explain import repeated
from adjudicator.dampfross.racing.ferries import race_track
from adjudicator.dampfross.racing.race import RaceOutcome
from adjudicator.dampfross.racing.routes import Route
from adjudicator.dampfross.racing.turn import RacingResult
from adjudicator.dampfross.report.botwords import caretaker_rows, caretaker_since, orders_heading
from adjudicator.dampfross.report.common import (
    FEE_REASONS,
    absences,
    corrections,
    draw_row,
    draw_rows,
    fee_history,
    feedback,
    header,
    map_windows,
    new_segments,
    own_window,
)
from adjudicator.dampfross.report.env import MAIL_WIDTH, render
from adjudicator.dampfross.report.i18n import N_, _, language
from adjudicator.dampfross.report.lines import line_context, public_lines, track_chains
from adjudicator.dampfross.report.phrases import fee_entry_short, purchase_row
from adjudicator.dampfross.report.press import press_items
from adjudicator.dampfross.report.racephrases import (
    destination_text,
    entry_note,
    entry_problem,
    entry_text,
    note_concerns,
    race_explained,
    race_notes,
    race_warning,
)
from adjudicator.dampfross.report.thinkwords import verdict_text

FARE_REASONS = ("fare", "ferry-fare")
BUILD_REASONS = ("build-cost", "ferry-purchase")  # a ferry bought counts with the building


def route_text(route: Route | None) -> str:
    """``0402-0403-0404 RED, 0404-0505 BLUE``: the hexes of each owner's stretch; a ferry crossing on its own.

    A crossing reads ``1405~1504 ferry RED``.
    """
    if route is None:
        return ""
    parts: list[str] = []
    stretch = [route.hexes[0].label]
    for i, owner in enumerate(route.owners):
        a, b = route.hexes[i].label, route.hexes[i + 1].label
        if route.ferry(i):
            if len(stretch) > 1:
                parts.append(f"{'-'.join(stretch)} {route.owners[i - 1]}")
            parts.append(_("{a}~{b} ferry {owner}").format(a=a, b=b, owner=owner))
            stretch = [b]
            continue
        stretch.append(b)
        if i + 1 == len(route.owners) or route.owners[i + 1] != owner or route.ferry(i + 1):
            parts.append(f"{'-'.join(stretch)} {owner}")
            stretch = [b]
    return ", ".join(parts)


def fares_text(fares: Sequence[tuple[str, int]], ferry_fares: Sequence[tuple[str, int]] = ()) -> str:
    """``2 to BLUE, ferry 3 to RED``: what an entry owes (``none``)."""
    parts = [_("{amount} to {payee}").format(amount=a, payee=p) for p, a in fares]
    parts += [_("ferry {amount} to {owner}").format(amount=a, owner=p) for p, a in ferry_fares]
    return ", ".join(parts) or _("none")


RACES = N_("Races")
"""The heading of the races in a racing report (the site finds the section by it)."""

ROUNDS_LEFT = 8
"""The width of the rounds table's first column (``  Round ``, ``      1 ``)."""


def round_column(trains: int, widest: int) -> int:
    """The width of each train's column in the rounds table: 14, narrower where six trains would not fit a mail
    (never narrower than the widest cell and a blank)."""
    fits = (MAIL_WIDTH - ROUNDS_LEFT) // max(trains, 1)
    return min(14, max(fits, widest + 1))


def _race(o: RaceOutcome, gmap: GameMap, rules: Rules, explained: Sequence[str] = ()) -> dict[str, Any]:
    trains = [e.entry.train for e in o.entries if e.valid]
    rounds: list[dict[str, Any]] = []
    widest = max((len(t) for t in trains), default=0)
    for r in o.rounds:
        cells = {m.train: f"{m.die.value}>{m.position.label}{'~' if m.at_sea else ''}{'*' if m.arrived else ''}"
                 for m in r.moves}
        rounds.append({"number": r.number, "cells": [cells.get(t, "") for t in trains]})
        widest = max([widest, *(len(c) for c in cells.values())])
    return {
        "draw": draw_row(o.draw, gmap, rules),
        "status": o.status,
        "entries": [{"train": e.entry.train, "text": entry_text(e.entry), "route": route_text(e.check.route),
                     "valid": e.valid, "problems": [entry_problem(p) for p in e.problems],
                     "fares": fares_text(e.check.fares, e.check.ferry_fares),
                     "dest": destination_text(gmap, o.draw, e.check.destination) if e.valid else ""}
                    for e in o.entries],
        "fares": [{"payer": f.payer, "payee": f.payee, "amount": f.amount, "owed": f.owed, "back": f.owed_back}
                  for f in o.fares],
        "ferry_fares": [{"payer": f.payer, "payee": f.payee, "amount": f.amount, "ferry": f.ferry}
                        for f in o.ferry_fares],
        "at_sea": any(m.at_sea for r in o.rounds for m in r.moves),
        "trains": trains,
        "rounds": rounds,
        "column": round_column(len(trains), widest),
        "summary": "; ".join(_("{place}. {train}, prize {prize}").format(place=p.place, train=p.train, prize=p.prize)
                             for p in o.placings),
        "placings": [{"place": p.place, "train": p.train, "round": p.round, "left": p.left, "prize": p.prize,
                      "shared": p.shared, "tie": " ".join(str(d.value) for d in p.tie_dice)} for p in o.placings],
        "payouts": [{"player": pid, "amount": a} for pid, a in o.payouts],
        "notes": [*race_notes(o), *explained],
    }


def _payment(e: LedgerEntry) -> dict[str, Any]:
    return {"payer": e.payer, "payee": e.payee, "amount": e.amount, "note": fee_entry_short(e)}


def _total(entries: Sequence[LedgerEntry], pid: str, reasons: Sequence[str], received: bool) -> int:
    """What ``pid`` received (or paid) for these reasons."""
    return sum(e.amount for e in entries if e.reason in reasons and (e.payee if received else e.payer) == pid)


def _scores(result: RacingResult) -> list[dict[str, Any]]:
    rows = []
    entries = result.entries
    for p in sorted(result.after.players, key=lambda p: p.seat):
        rows.append({
            "player": p.id, "brought": result.before.player(p.id).balance,
            "prizes": _total(entries, p.id, ("prize",), True), "fares_in": _total(entries, p.id, FARE_REASONS, True),
            "fares_out": _total(entries, p.id, FARE_REASONS, False),
            "fees": _total(entries, p.id, FEE_REASONS, True) - _total(entries, p.id, FEE_REASONS, False),
            "building": _total(entries, p.id, BUILD_REASONS, False), "carried": p.balance,
        })
    return rows


_TRACK: list[tuple[GameState, GameMap, TrackIndex]] = []
"""The track the last result's races were run over, with its state and map (``_track_before``)."""


def _track_before(result: RacingResult, gmap: GameMap) -> TrackIndex:
    """The board as trains saw it in the turn (``race_track`` of the state before it), made once for all the
    turn's reports: a racing turn renders its result nine times (the public report, the mail's, each company's
    private one), and each made the index of every segment again (issue 34: about 5 ms of a racing turn).  Kept
    for the last state asked, by identity: the state is frozen, the map is not changed after it is loaded, and
    the reports only read the index."""
    if _TRACK and _TRACK[0][0] is result.before and _TRACK[0][1] is gmap:
        return _TRACK[0][2]
    track = race_track(result.before, gmap)
    _TRACK[:] = [(result.before, gmap, track)]
    return track


def racing_context(result: RacingResult, gmap: GameMap, seed: str | None, maps: bool = True,
                   seen: tuple[Hex, Hex] | None = None, public: bool = True) -> dict[str, Any]:
    """What the racing templates need; ``maps``: windows of the new track (but for what lies in ``seen``);
    ``public``: each company's building as the public report shows it (reading 122), else as its private report
    does."""
    after = result.after
    ctx = header(after, gmap, _("Turn {turn} report, racing phase").format(turn=result.turn))
    ctx["races_heading"] = RACES
    fresh = new_segments(after, result.turn, seen)
    track, repeats = _track_before(result, gmap), repeated(result.draws, result.before.dice_mode == "manual")
    builds = []
    for b in result.builds:
        if not b.lines and not b.purchases:
            continue
        lines = public_lines(b.lines, gmap) if public else [line_context(line) for line in b.lines]
        if public and not lines and not b.purchases:
            continue  # only BUILD CHEAPEST lines that built nothing: how the company decided is its own
        builds.append({"player": b.player, "income": b.income, "spent": b.spent,
                       "lines": lines, "track": track_chains(lines),
                       "purchases": [purchase_row(p) for p in b.purchases]})
    ctx.update({
        "turn": result.turn,
        "entry_notes": [entry_note(n) for n in result.entry_notes],
        "warnings": gm_warnings(result),
        "races": [_race(o, gmap, after.rules, race_explained(o, track, gmap, after.rules, repeats))
                  for o in result.races],
        "builds": builds,
        "income": [{"player": pid, "amount": a} for pid, a in result.income.items() if a],
        "scores": _scores(result),
        "corrections": corrections(result.before, result.turn),
        "absent": absences(after),
        "caretaker": caretaker_rows(after, result.turn),
        "payments": [_payment(e) for e in result.entries if e.payer != BANK and e.payee != BANK
                     and e.reason in FEE_REASONS],
        "windows": map_windows(gmap, after, fresh, result.turn) if maps else [],
        "next_races": draw_rows(result.next_draws, gmap, after.rules),
        "next_turn": after.turn,
        "manual": after.dice_mode == "manual",
        "grid": (render_paired_grid(after.race_state.used) if after.rules.number_grid == "paired_tens"
                 else render_used_grid(after.race_state.used, gmap)) if after.rules.numbers_once else "",
        "end": _end(result, after, seed),
        "sheet": postal_sheet(result) if after.rules.postal_sheet else None,
    })
    return ctx


def postal_money(o: RaceOutcome, pid: str) -> str:
    """A company's money in one race as a postal GM writes it: prize, minus fares paid, plus fares received.

    ``20-9+3``; ``-4`` when it only paid; ``.`` when nothing moved.
    """
    prize = dict(o.payouts).get(pid, 0)
    paid = sum(f.owed for f in o.fares if f.payer == pid) + sum(f.owed_back for f in o.fares if f.payee == pid)
    got = sum(f.owed for f in o.fares if f.payee == pid) + sum(f.owed_back for f in o.fares if f.payer == pid)
    paid += sum(f.amount for f in o.ferry_fares if f.payer == pid)  # ferry fares (advanced rules) are fares too
    got += sum(f.amount for f in o.ferry_fares if f.payee == pid)
    text = (str(prize) if prize else "") + (f"-{paid}" if paid else "") + (f"+{got}" if got else "")
    return text or "."


def postal_sheet(result: RacingResult) -> dict[str, Any]:
    """The turn's races as a postal GM's sheet: one row per race, each company's money in postal notation."""
    players = [p.id for p in sorted(result.after.players, key=lambda p: p.seat)]
    rows = [{"race": o.draw.number, "cells": [postal_money(o, pid) for pid in players]} for o in result.races]
    return {"players": players, "rows": rows}


def gm_warnings(result: object) -> list[str]:
    """Warnings for the GM from a turn's result: the GM's races that break a rule (manual dice)."""
    if not isinstance(result, RacingResult):
        return []
    return [race_warning(w) for w in result.race_warnings]


def end_reason(e: GameEnd, last_turns: int) -> str:
    """Why the game ended, as the final report says it."""
    if e.reason == "threshold":
        why = _("reached {target} after race {race}")
    elif e.reason == "racing_turns":
        why = _("all {target} racing turns are played")
    else:
        why = _("all {target} races are run")
    text = why.format(target=e.target, race=e.race)
    if e.gained is not None:
        text += _(", gaining most in the last {turns} turns ({gained})").format(turns=last_turns, gained=e.gained)
    return text


def _end(result: RacingResult, after: GameState, seed: str | None) -> dict[str, Any] | None:
    if result.end is None:
        return None
    e = result.end
    why = end_reason(e, after.rules.winner_last_turns)
    standings = sorted(after.players, key=lambda p: (-p.balance, p.seat))
    turns = after.history
    return {
        "winner": e.winner, "name": after.player(e.winner).name, "why": why, "level": list(e.level),
        "standings": [{"place": i + 1, "player": p.id, "name": p.name, "balance": p.balance,
                       "caretaker": caretaker_since(p)} for i, p in enumerate(standings)],
        "players": [p.id for p in sorted(after.players, key=lambda p: p.seat)],
        "history": [{"turn": h.turn, "phase": h.phase, "balances": [h.balance(pid) for pid in after.player_ids]}
                    for h in turns],
        "seed": seed or "",
    }


def racing_report(result: RacingResult, gmap: GameMap, seed: str | None, orders: OrderSet | None = None,
                  lang: str | None = None, summary: bool = False, seen: tuple[Hex, Hex] | None = None) -> str:
    """The public report of a racing turn, the final report when the game ends (with ``orders``: the press), in
    the game's language or in ``lang``; ``summary``: each race and each company's building in a line, as a
    report mail has them after its private part (``seen``: the window of the company's track it showed, left
    out of the windows of new track)."""
    with language(lang or result.after.lang):
        ctx = racing_context(result, gmap, seed, seen=seen)
        ctx["press"] = press_items(orders, result.before) if orders else []
        ctx["summary"] = summary
        return render("racing.txt.j2", ctx)


def private_racing_report(result: RacingResult, gmap: GameMap, player: str, orders: OrderSet,
                          seed: str | None) -> str:
    """A player's private report of a racing turn (in its language): orders as understood, own entries, own
    building."""
    with language(result.after.language_of(player)):
        return _private_racing_report(result, gmap, player, orders, seed)


def _private_racing_report(result: RacingResult, gmap: GameMap, player: str, orders: OrderSet,
                           seed: str | None) -> str:
    ctx = racing_context(result, gmap, seed, maps=False, public=False)
    ctx.update(feedback(orders, player, result.before))
    ctx["orders_heading"] = orders_heading(result.after, player, result.turn)  # the caretaker's: never "yours"
    own_races = []
    for race in ctx["races"]:
        mine = [e for e in race["entries"] if player in e["train"].split("+")]
        if mine:
            own_races.append({"number": race["draw"]["number"], "entries": mine})
    ctx.update({
        "player": player,
        "own_races": own_races, "own_builds": [b for b in ctx["builds"] if b["player"] == player],
        "own_score": next(s for s in ctx["scores"] if s["player"] == player),
        "own_notes": [entry_note(n) for n in result.entry_notes if note_concerns(n, player)],
        "fees": fee_history(result.after, player),
        "verdicts": [verdict_text(v) for v in result.verdicts.get(player, ())],  # the IFs judged (reading 103)
    })
    ctx["own_map"], seen = own_window(gmap, result.after, player, result.turn)
    public = racing_report(result, gmap, seed, orders, result.after.language_of(player), summary=True, seen=seen)
    return render("private_racing.txt.j2", ctx).rstrip("\n") + "\n\n" + public


def render_paired_grid(used: Iterable[int]) -> str:
    """The 3-row used-number grid of seed 004: rows 1-2, 3-4, 5-6 of tens, columns the units; ``X`` used."""
    counts = Counter(used)
    lines = ["      " + " ".join(f"{u:>2}" for u in range(1, 7))]
    for low in (1, 3, 5):
        cells = ["X" if counts[10 * low + u] or counts[10 * (low + 1) + u] else "." for u in range(1, 7)]
        lines.append(f"  {low}-{low + 1} " + " ".join(f"{c:>2}" for c in cells))
    return "\n".join(lines) + "\n"


def render_used_grid(used: Iterable[int], gmap: GameMap | None = None) -> str:
    """The used-number grid as text, laid out as in seed 000 (tens across, units down).

    ``X`` marks a number used once, a digit one used more often, ``.`` a free
    number, ``-`` a number no town has (when ``gmap`` is given).
    """
    counts = Counter(used)
    lines = ["    " + " ".join(f"{10 * t:>2}" for t in range(1, 7))]
    for u in range(1, 7):
        cells = []
        for t in range(1, 7):
            n = 10 * t + u
            if counts[n]:
                cells.append("X" if counts[n] == 1 else str(min(counts[n], 9)))
            elif gmap is not None and gmap.town_by_number(n) is None:
                cells.append("-")
            else:
                cells.append(".")
        lines.append(f"{u:>3} " + " ".join(f"{c:>2}" for c in cells))
    return "\n".join(lines) + "\n"
