"""``adjudicate check``: read a player's order files and price them against the game; change nothing.

Written in the player's language (orders of several companies: the problems and notes in the game's,
each company's preview in its own).

The same preview goes into the receipt of every order mail:
``check_received`` returns it per company as well as whole.  It checks orders against a game's state and map
as the caller read them (``session.py: SessionCommands.check`` from the session's folder); ``settle`` (how
``check`` and ``run`` settle a file's orders on the map into the engine's input) is ``orderfiles.py``'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.dampfross.app.orderfiles import settle
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.turn import PlayerOutcome
from adjudicator.dampfross.engine.preview import RacingPreview, building_ok, preview_each, preview_racing
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders import OrderSet, ReceivedFiles
from adjudicator.dampfross.orders.translate import GMNote, GMNoteCode
from adjudicator.dampfross.racing.turn import RacingInput
from adjudicator.dampfross.report.check import check_racing_report, check_reports, nothing_to_price
from adjudicator.dampfross.report.i18n import language
from adjudicator.dampfross.report.orderwords import format_note, format_problem
from adjudicator.dampfross.report.phrases import gm_note_text


@dataclass
class Checked:
    """A check: its whole text, whether every order would be carried out, the orders as settled
    (passwords checked) and each company's priced preview."""

    text: str
    ok: bool
    orders: OrderSet
    previews: dict[str, str] = field(default_factory=dict)
    complete: dict[str, bool] = field(default_factory=dict)  # per company: would its orders be carried out in full
    idle: dict[str, bool] = field(default_factory=dict)  # per company: it asks to build, nothing would be built
    outcomes: dict[str, PlayerOutcome | RacingPreview] = field(default_factory=dict)  # per company: as priced
    notes: tuple[GMNote, ...] = ()  # the notes on the orders (an order ignored in this phase)


def check_received(_folder: Any, received: ReceivedFiles, trust: bool = False,
                   loaded: tuple[GameState, GameMap] | None = None) -> Checked:
    """``check`` of order files already read (a mail's texts): nothing is written.  ``loaded``: the game's state
    and map as the caller read them under the game's lock (a tick checks every mail against the same game; a bot
    judges its own orders against the state it sees, ``app/botseats.py: check_judge``); ``_folder``, unused but
    for a caller that gives a folder with its own ``load_state`` and ``load_map`` instead of ``loaded``."""
    if loaded is None:
        assert _folder is not None, "check_received needs the game's state and map"
        state = _folder.load_state()
        loaded = (state, _folder.load_map(state))
    state, gmap = loaded
    orders, turn_input, notes = settle(state, gmap, received, trust)
    companies = {s.player for s in orders.sections}
    reader = state.language_of(companies.pop() if len(companies) == 1 else None)
    with language(reader):
        head = [format_problem(p, folded=True, places=orders.places, player=True) for p in orders.problems]
        head += [format_note(n, orders.places, folded=True, player=True) for n in orders.notes]
        nothing = nothing_to_price()
    refused = bool([r for r in orders.refusals if r.player is not None])
    if isinstance(turn_input, RacingInput):
        previews = preview_racing(state, gmap, turn_input)
        texts = {p.player: check_racing_report(p, gmap, state.language_of(p.player)) for p in previews}
        parts = head + _noted(notes, reader)
        parts += list(texts.values()) or [nothing]
        ok = bool(previews) and all(p.ok for p in previews) and not orders.problems and not refused
        complete = {p.player: p.ok and not _problems_of(orders, p.player) for p in previews}
        return Checked("\n".join(parts).rstrip() + "\n", ok, orders, texts, complete,
                       outcomes={p.player: p for p in previews}, notes=tuple(notes))
    results, guessed = preview_each(state, gmap, turn_input)  # each company alone, as the footer says (104)
    if guessed:
        notes.append(GMNote(GMNoteCode.PREVIEW_MAX_ROLL))
    parts = head + _noted(notes, reader)
    echoes = {pid: (s.echo() if (s := orders.section(pid)) else []) for pid in turn_input.orders}
    reports = {pid: check_reports(results[pid], gmap, {pid: echo})[pid] for pid, echo in echoes.items()}
    parts += [whole for whole, _ in reports.values()]
    texts = {pid: bare for pid, (_, bare) in reports.items()}  # a receipt shows the orders as understood itself
    if not turn_input.orders:
        parts.append(nothing)
    complete = {pid: building_ok(results[pid], turn_input, pid) and not _problems_of(orders, pid)
                for pid in turn_input.orders}
    ok = bool(turn_input.orders) and not orders.problems and not refused and \
        all(building_ok(results[pid], turn_input, pid) for pid in turn_input.orders)
    own = {o.player: o for pid in turn_input.orders for o in results[pid].outcomes if o.player == pid}
    idle = {pid: _builds_nothing(o, orders) for pid, o in own.items()}
    return Checked("\n".join(parts).rstrip() + "\n", ok, orders, texts, complete, idle, dict(own), tuple(notes))


def _builds_nothing(o: PlayerOutcome, orders: OrderSet) -> bool:
    """Whether a company's orders would build nothing though they ask to (reading 94): a BUILD line, a START or a
    line not understood, and not one segment built, no start made, no PASS."""
    lines = [*o.lines, *(o.joint.lines if o.joint is not None else ())]
    asks = bool(lines) or o.start_problem is not None or _problems_of(orders, o.player)
    return asks and not o.passed and o.start is None and not any(line.built for line in lines)


def _problems_of(orders: OrderSet, company: str) -> bool:
    """Whether the company's section has problems (a line not understood or not allowed)."""
    return any(p.section == company for p in orders.problems)


def _noted(notes: list[GMNote], reader: str) -> list[str]:
    """The notes on the orders (the GM's, shown here to whoever checks) in the reader's language."""
    with language(reader):
        return [gm_note_text(n) for n in notes]
