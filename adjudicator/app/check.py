"""``adjudicate check``: read a player's order files and price them against the game; change nothing."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.app.orderfiles import read_files
from adjudicator.app.run import RunOptions, find_game, prepare
from adjudicator.engine.preview import building_ok, preview_building, preview_racing
from adjudicator.orders.translate import GMNote, GMNoteCode
from adjudicator.racing.turn import RacingInput
from adjudicator.report.check import check_racing_report, check_report
from adjudicator.report.orderwords import format_note, format_problem
from adjudicator.report.phrases import gm_note_text


def check_orders(paths: Sequence[str], game_dir: str | None, trust: bool) -> tuple[str, bool]:
    """The text of the check and whether every order would be carried out in full."""
    received = read_files(paths)
    gdir = find_game(received, game_dir)
    state, gmap, orders, turn_input, notes = prepare(gdir, received, RunOptions(trust))
    head = [format_problem(p, folded=True) for p in orders.problems]
    head += [format_note(n, folded=True) for n in orders.notes]
    if isinstance(turn_input, RacingInput):
        previews = preview_racing(state, gmap, turn_input)
        parts = head + [gm_note_text(n) for n in notes]
        parts += [check_racing_report(p, gmap) for p in previews] or ["no orders to price"]
        ok = bool(previews) and all(p.ok for p in previews) and not orders.problems
        return "\n".join(parts).rstrip() + "\n", ok
    result, guessed = preview_building(state, gmap, turn_input)
    if guessed:
        notes.append(GMNote(GMNoteCode.PREVIEW_MAX_ROLL))
    parts = head + [gm_note_text(n) for n in notes]
    for pid in turn_input.orders:
        section = orders.section(pid)
        parts.append(check_report(result, gmap, pid, section.echo() if section else []))
    if not turn_input.orders:
        parts.append("no orders to price")
    ok = bool(turn_input.orders) and not orders.problems and building_ok(result, turn_input)
    return "\n".join(parts).rstrip() + "\n", ok
