"""From the order language to the engines' input: whose orders count, and in what form.

``settle_orders`` checks passwords and turns and keeps the sections that
count (a section with a wrong password never cancels the real one);
``engine_input`` then returns what ``adjudicator.dampfross.engine.turn.adjudicate_turn``
needs: per company the orders of this phase (a company whose only sections
were refused has no orders, with the reason as a code), and the GM's
manual dice.  Everything a GM should know about is returned as ``GMNote``
codes; ``adjudicator.dampfross.report`` says them in words.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from adjudicator.dampfross.building.ferries import FerryOrder
from adjudicator.dampfross.building.lines import BuildLine
from adjudicator.dampfross.building.thinking import Test
from adjudicator.dampfross.engine.turn import TurnInput
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders.collect import settle
from adjudicator.dampfross.orders.model import (
    BuildOrder,
    BuyFerryOrder,
    CheapestOrder,
    Conditional,
    DeclareEndOrder,
    EnterOrder,
    PassOrder,
    Pos,
    PowersOrder,
    PressOrder,
    StandingOrder,
    StartOrder,
)
from adjudicator.dampfross.orders.sections import OrderSet, Refusal, Section
from adjudicator.dampfross.orders.thinklines import build_lines
from adjudicator.kernel.errors import TurnRefused
from adjudicator.kernel.passwords import check_password
from adjudicator.kernel.problems import NoOrders, Problem

if TYPE_CHECKING:  # each engine is imported by its phase's turns only (engine_input, building_orders, racing_orders)
    from adjudicator.dampfross.building.turn import BuildingOrders
    from adjudicator.dampfross.racing.entry import Entry
    from adjudicator.dampfross.racing.turn import RacingOrders


class GMNoteCode(StrEnum):
    """Something about the orders that the GM should see (printed by ``run`` and ``check``)."""

    UNKNOWN_COMPANY = "unknown-company"  # player, game: a section for a company not in the game
    SECTION_REFUSED = "section-refused"  # player, why (a NoOrders problem): this section does not count
    GM_SECTION_REFUSED = "gm-section-refused"  # a GM section not from the GM: ignored
    NO_ORDERS_CARRIED_OUT = "no-orders-carried-out"  # player, why (a NoOrders problem)
    GM_DICE_IGNORED = "gm-dice-ignored"  # the game uses committed dice
    WRONG_PHASE = "wrong-phase"  # player, order (the echo), phase
    PREVIEW_MAX_ROLL = "preview-max-roll"  # check, manual dice: priced against the largest roll
    HOLD_UNKNOWN = "hold-unknown"  # player: HOLD PRESS for a company not in the game
    STANDING_PLAYED = "standing-played"  # player, orders: no section counts, its standing orders are carried out


@dataclass(frozen=True)
class GMNote:
    """A note for the GM: a code, where in the orders (if anywhere) and its arguments."""

    code: GMNoteCode
    pos: Pos | None = None
    args: tuple[tuple[str, object], ...] = ()

    def get(self, key: str) -> object:
        return dict(self.args).get(key)


def settle_orders(state: GameState, orders: OrderSet, trust: bool, gm_files: Collection[str] = (),
                  accepted: Mapping[str, Collection[str]] | None = None) -> tuple[OrderSet, list[GMNote]]:
    """Which sections count: passwords and turns checked, the last good section per player, the GM's own lines.

    A player's section counts when its password is right (``trust``: the GM
    typed the orders) and it is for this turn; only such sections take part
    in "the last one counts", so a section with a wrong password changes
    nothing.  A GM section counts when it is in one of ``gm_files`` (files the
    GM names), or gives the game's GM password, or ``trust``.  Every refused
    section is noted for the GM.  ``accepted``: per file, the companies whose section in it was accepted when
    it came by mail (its password right then): a password reset since never voids them (issue 32).
    """
    notes: list[GMNote] = []
    known = set(state.player_ids)
    good: list[Section] = []
    refusals: list[Refusal] = []
    for section in orders.sections:
        pid = section.player
        if pid not in known:
            notes.append(GMNote(GMNoteCode.UNKNOWN_COMPANY, section.pos, (("player", pid), ("game", state.game_id))))
            refusals.append(Refusal(None, section.pos, section.end))
            continue
        why = refusal(state, section, trust or pid in (accepted or {}).get(section.pos.file, ()))
        if why:
            refusals.append(Refusal(pid, section.pos, section.end, why))
            notes.append(GMNote(GMNoteCode.SECTION_REFUSED, section.pos, (("player", pid), ("why", why))))
            continue
        good.append(section)
    gm_good = []
    for g in orders.gm_sections:
        if trust or g.pos.file in gm_files or _gm_password_ok(state, g.password):
            gm_good.append(g)
        else:
            refusals.append(Refusal(None, g.pos, g.end))
            notes.append(GMNote(GMNoteCode.GM_SECTION_REFUSED, g.pos))
    return settle(orders, good, gm_good, refusals), notes


def _gm_password_ok(state: GameState, password: str | None) -> bool:
    return bool(password and state.gm_password_hash and check_password(password, state.gm_password_hash))


def engine_input(state: GameState, orders: OrderSet) -> tuple[TurnInput, list[GMNote]]:
    """Settled orders (``settle_orders``) as the engine's input for the game's phase.

    A company with no section that counts but a refused one has no orders,
    for the reason of its last refused section.
    """
    notes: list[GMNote] = []
    valid = {s.player: s for s in orders.sections}
    missing: dict[str, Problem[NoOrders]] = {}
    for r in orders.refusals:
        if r.player is not None and r.player not in valid and r.why is not None:
            missing[r.player] = r.why
    for pid, why in missing.items():
        notes.append(GMNote(GMNoteCode.NO_ORDERS_CARRIED_OUT, None, (("player", pid), ("why", why))))
    known = set(state.player_ids)
    gm = orders.gm
    given = bool(gm and (gm.rolls or gm.races or gm.moves))
    if given and state.dice_mode == "hmac":
        notes.append(GMNote(GMNoteCode.GM_DICE_IGNORED))
        gm = None
    for pid in sorted((orders.gm.held_press if orders.gm else frozenset()) - known):
        notes.append(GMNote(GMNoteCode.HOLD_UNKNOWN, None, (("player", pid),)))
    named = set(gm.rolls if gm else {}) | {p for _, p in (gm.moves if gm else {})}
    unknown = sorted(named - known)
    if unknown:
        raise TurnRefused(f"dice given for unknown company {', '.join(unknown)}")
    if state.phase == "racing":
        from adjudicator.dampfross.racing.turn import RacingInput  # a building turn's process does without racing

        races = {n: (o.start_hex, o.dest_hex) for n, o in (gm.races if gm else {}).items()
                 if o.start_hex is not None and o.dest_hex is not None}
        specials = {n: (o.start_hex, o.special) for n, o in (gm.races if gm else {}).items()
                    if o.start_hex is not None and o.special is not None}
        turns = {pid: racing_orders(sec, notes) for pid, sec in valid.items()}
        return RacingInput(state.turn, turns, missing, races, dict(gm.moves) if gm else {}, specials), notes
    from adjudicator.dampfross.building.turn import BuildingInput  # a racing turn's process does without it

    turns_b = {pid: building_orders(sec, notes) for pid, sec in valid.items()}
    return BuildingInput(state.turn, turns_b, missing, dict(gm.rolls) if gm else {}), notes


def refusal(state: GameState, section: Section, trust: bool) -> Problem[NoOrders] | None:
    """Why a section's orders do not count this turn, or ``None``."""
    if section.turn is not None and section.turn != state.turn:
        return Problem.of(NoOrders.OTHER_TURN, turn=section.turn, game_turn=state.turn)
    retired = state.player(section.player).retired
    if retired is not None:
        return Problem.of(NoOrders.RETIRED, turn=retired)
    if trust:
        return None
    if not section.password:
        return Problem.of(NoOrders.NO_PASSWORD)
    if not check_password(section.password, state.player(section.player).password_hash):
        return Problem.of(NoOrders.WRONG_PASSWORD)
    return None


def building_orders(section: Section, notes: list[GMNote]) -> BuildingOrders:
    """A section's orders for a building turn (orders with problems were already left out)."""
    from adjudicator.dampfross.building.turn import BuildingOrders  # the building engine: building turns only

    start, lines, passes, declare = None, [], False, False
    ferries = []
    tests: list[Test] = []
    for o in section.orders:
        if isinstance(o, BuyFerryOrder):
            ferries.append(FerryOrder(o.hexes, o.echo(), o.pos.line))
        elif isinstance(o, StartOrder):
            start = o.hex
        elif isinstance(o, BuildOrder):
            lines.append(BuildLine(o.hexes, o.echo(), o.pos.line, o.partner, o.stop, o.rest))
        elif isinstance(o, (CheapestOrder, Conditional)):
            more, other = build_lines(o, tests)
            lines += more
            notes += [_wrong_phase(section, x.pos, x.echo(), "building") for x, _ in other]
        elif isinstance(o, PassOrder):
            passes = True
        elif isinstance(o, DeclareEndOrder):
            declare = True
        elif not isinstance(o, (PressOrder, StandingOrder)):  # press: the report's; standing: orders/standing.py
            notes.append(_wrong_phase(section, o.pos, o.echo(), "building"))
    return BuildingOrders(section.player, start, tuple(lines), passes, declare, tuple(ferries), tests=tuple(tests))


def racing_orders(section: Section, notes: list[GMNote]) -> RacingOrders:
    """A section's orders for a racing turn: entries, running powers, ferries bought, and building from race income.

    Joint lines (BUILD WITH) are built in the building phase only: here they are ignored with a note.
    """
    from adjudicator.dampfross.racing.turn import RacingOrders

    entries, lines, powers, ferries = [], [], [], []
    tests: list[Test] = []
    for o in section.orders:
        if isinstance(o, BuyFerryOrder):
            ferries.append(FerryOrder(o.hexes, o.echo(), o.pos.line))
        elif isinstance(o, EnterOrder):
            entries.append(_entry(section, o))
        elif isinstance(o, BuildOrder) and o.partner is None:
            lines.append(BuildLine(o.hexes, o.echo(), o.pos.line, stop=o.stop, rest=o.rest))
        elif isinstance(o, (CheapestOrder, Conditional)):
            more, other = build_lines(o, tests)
            lines += more
            for x, guard in other:
                if isinstance(x, EnterOrder):
                    entries.append(_entry(section, x, guard))
                else:
                    notes.append(_wrong_phase(section, x.pos, x.echo(), "racing"))
        elif isinstance(o, PowersOrder):
            powers.append((o.race, o.partner))
        elif not isinstance(o, (PassOrder, PressOrder, StandingOrder)):
            notes.append(_wrong_phase(section, o.pos, o.echo(), "racing"))
    return RacingOrders(section.player, tuple(entries), tuple(lines), powers=tuple(powers), ferries=tuple(ferries),
                        tests=tuple(tests))


def _entry(section: Section, o: EnterOrder, guard: tuple[tuple[int, bool], ...] = ()) -> Entry:
    """An ENTER order as the racing engine takes it (``guard``: the IFs it stands in)."""
    from adjudicator.dampfross.racing.entry import Entry  # racing is imported by racing turns only

    hexes = () if o.best else o.hexes
    riders = (section.player, o.partner) if o.partner else (section.player,)
    return Entry(riders, hexes, o.hex_owners if hexes else (), o.echo(), o.race, guard=guard)


def _wrong_phase(section: Section, pos: Pos, echo: str, phase: str) -> GMNote:
    return GMNote(GMNoteCode.WRONG_PHASE, pos, (("player", section.player), ("order", echo), ("phase", phase)))
