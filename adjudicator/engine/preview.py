"""Previews: ``adjudicate check`` prices orders against the current state and changes nothing."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.report import building as report
from adjudicator.building.lines import BuildContext, Budget, build_line
from adjudicator.building.turn import BuildTurnResult, TurnInput, adjudicate_building_turn
from adjudicator.game.dice import DiceRoller
from adjudicator.racing.movement import expected_rounds
from adjudicator.game.ledger import Books
from adjudicator.board.mapfile import GameMap
from adjudicator.orders import read_files
from adjudicator.report.orderwords import format_note, format_problem
from adjudicator.racing.draw import RaceDraw
from adjudicator.game.racestate import upcoming
from adjudicator.racing.turn import RacingInput
from adjudicator.racing.routes import check_route
from adjudicator.racing.search import best_routes, best_valid
from adjudicator.game.state import GameState
from adjudicator.game.track import TrackIndex
from adjudicator.app.run import find_game, prepare


def check_orders(paths: Sequence[str], game_dir: str | None, trust: bool) -> tuple[str, bool]:
    """Preview: parse, validate and price every order against the current state; change nothing."""
    received = read_files(paths)
    gdir = find_game(received, game_dir)
    state, gmap, orders, turn_input, warnings = prepare(gdir, received, trust)
    if isinstance(turn_input, RacingInput):
        text, fine = check_racing(state, gmap, turn_input)
        parts = [format_problem(p) for p in orders.problems] + [format_note(n) for n in orders.notes] + warnings + [text]
        return "\n".join(parts).rstrip() + "\n", fine and not orders.problems
    if state.dice_mode == "manual":
        rolls = dict(turn_input.rolls)
        for pid in turn_input.orders:
            rolls.setdefault(pid, 6 * state.rules.allowance_dice)
        turn_input = TurnInput(turn_input.turn, turn_input.orders, turn_input.missing, rolls)
        warnings.append("manual dice: priced against the largest possible roll where no ROLL was given")
    result = adjudicate_building_turn(state, gmap, turn_input, _PreviewRoller(state.game_id))
    ok = not orders.problems and not warnings_fatal(result, turn_input)
    parts = [format_problem(p) for p in orders.problems] + [format_note(n) for n in orders.notes] + warnings
    for pid in turn_input.orders:
        section = orders.section(pid)
        parts.append(report.check_report(result, gmap, pid, section.echo() if section else []))
    if not turn_input.orders:
        parts.append("no orders to price")
    return "\n".join(parts).rstrip() + "\n", ok


def warnings_fatal(result: BuildTurnResult, turn_input: TurnInput) -> bool:
    """True when some priced order would not be carried out in full."""
    for o in result.outcomes:
        if o.player not in turn_input.orders:
            continue
        if o.start_problem or (o.declare or "").startswith("refused") or any(not line.complete for line in o.lines):
            return True
    return False


class _PreviewRoller(DiceRoller):
    """A roller for previews: next turn's allowances are not drawn from the real seed."""

    def __init__(self, game: str):
        super().__init__("00" * 32, game)



def check_racing(state: GameState, gmap: GameMap, turn_input: RacingInput) -> tuple[str, bool]:
    """Price a racing turn's orders: each entry's route, expected rounds and fares; each BUILD segment's cost and fees.

    The fare cap is checked for each entry alone (other entries are not known
    yet); building is priced without the income limit, which depends on the races.
    """
    draws = {d.number: d for d in upcoming(state)}
    draws.update({n: RaceDraw(n, "", 0, "", 0, 0, (), (), a, b) for n, (a, b) in turn_input.races.items()})
    track = TrackIndex(state.track)
    seats = {p.id: p.seat for p in state.players}
    out, ok = [], True
    for pid, turn in turn_input.orders.items():
        out.append(f"Check of {pid}'s orders for turn {state.turn} (nothing is changed)")
        for e in turn.entries:
            draw = draws.get(e.race)
            if draw is None:
                out.append(f"  ENTER {e.race}: there is no race {e.race} this turn")
                ok = False
                continue
            riders = sorted([pid] + ([e.partner] if e.partner else []), key=lambda p: seats.get(p, 99))
            if e.best:
                option = best_valid(best_routes(gmap, track, state.rules, draw.start_hex, draw.dest_hex, riders, seats))
                if option is None:
                    out.append(f"  ENTER {e.race} BEST: no valid route over today's track")
                    ok = False
                    continue
                route, fares = option.route, option.fares
            else:
                check = check_route(gmap, track, state.rules, draw.start_hex, draw.dest_hex, riders, e.hexes, e.owners, seats)
                if not check.valid or check.route is None:
                    out.append(f"  {e.text}: not valid: {'; '.join(check.problems)}")
                    ok = False
                    continue
                route, fares = check.route, check.fares
            rounds = expected_rounds(route.costs)
            shown = f"{float(rounds):.2f}" if rounds is not None else "never"
            fare_text = ", ".join(f"{a} to {p}" for p, a in fares) or "none"
            out.append(f"  race {e.race}: {route.text()}")
            out.append(f"    {route.points} points, expected rounds {shown}, fares {fare_text}")
        ctx = BuildContext(gmap, state.rules, state.turn, TrackIndex(state.track), Books(state.players, state.turn),
                           dict(state.connections), bonuses_open=False)
        for line in turn.lines:
            outcome = build_line(ctx, pid, line, Budget("money", 10**6))
            cost = sum(b.cost.points + b.fee_total for b in outcome.built)
            out.append(f"  {line.text}: costs {cost} with fees (paid from race income)")
            if outcome.reason:
                out.append(f"    NOT BUILT {'-'.join(h.label for h in outcome.unbuilt)}: {outcome.reason}")
                ok = False
    return "\n".join(out) if out else "no orders to price", ok
