"""The end of the building phase (rules-reference.md §2): every town connected, DECLARE END, a fixed number of rounds.

Three ways to declare the phase over once only one numbered town is left
unconnected (``declare_end``; L is the turn at whose end one town was left):

``turn`` (Schmidt, seed 000: "sobald nur noch eine Stadt ohne Bahnanschluß
    ist und zwei weitere Runden gespielt wurden"): a declaration sent with
    the orders of turn L + ``declare_end_after_rounds`` or later counts;
    that turn is built in full and the building phase ends after it.
``player`` (Paluba, seed 004: "Pokud však utekla dvě kola od hráče, který
    připojil předposlední město"): counted from the player X who connected
    the last-but-one town: in a turn from L + 2 on, a declaration ends the
    building phase right after X's build; the players after X build nothing.
``express`` (Express, seed 004 (E): "Jakmile zbývá k napojení jen jedno
    město, může kdokoli z hráčů vyhlásit konec stavby. V tomto případě se
    odehrají ještě 3 kola, počínaje hráčem, který konec stavby vyhlásil"):
    valid as soon as one town is left; the declaring turn is built in full,
    then ``express_end_rounds`` more turns, the first started by the
    declarer, are played even if the last town is connected meanwhile.
"""

from __future__ import annotations

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.problems import Declare, PhaseEnd
from adjudicator.dampfross.game.state import GameState
from adjudicator.kernel.problems import Problem

__all__ = ["VALID_DECLARATIONS", "Declare", "PhaseEnd", "declare_verdict", "in_express_countdown", "phase_end"]

VALID_DECLARATIONS = frozenset({Declare.VALID, Declare.VALID_AFTER, Declare.VALID_EXPRESS})


def declare_verdict(state: GameState, gmap: GameMap, player: str) -> Problem[Declare]:
    """Whether ``player``'s DECLARE END counts this turn (judged on the state before the turn)."""
    rules = state.rules
    left = state.one_town_left_turn
    if rules.declare_end == "express" and state.end_declared_turn is not None:
        last = state.end_declared_turn + rules.express_end_rounds
        return Problem.of(Declare.ALREADY, by=state.end_declared_by, turn=state.end_declared_turn, last=last)
    if left is None:
        open_towns = [t.name for t in gmap.home_numbered_towns if t.name not in state.connections]
        return Problem.of(Declare.TOWNS_LEFT, count=len(open_towns))
    if rules.declare_end == "express":
        return Problem.of(Declare.VALID_EXPRESS, rounds=rules.express_end_rounds, by=player)
    first = left + rules.declare_end_after_rounds
    if state.turn < first:
        return Problem.of(Declare.TOO_EARLY, left=left, first=first)
    if rules.declare_end == "player" and state.one_town_left_by is not None:
        return Problem.of(Declare.VALID_AFTER, left=left, player=state.one_town_left_by)
    return Problem.of(Declare.VALID, left=left, wait=rules.declare_end_after_rounds)


def in_express_countdown(state: GameState) -> bool:
    """True in the turns played after an Express declaration (connecting the last town does not end them)."""
    return state.rules.declare_end == "express" and state.end_declared_turn is not None


def phase_end(state: GameState, unconnected: tuple[str, ...], declared: list[tuple[str, Problem[Declare]]],
              cut_after: str | None) -> Problem[PhaseEnd] | None:
    """Why the building phase ends after this turn, or ``None``.

    ``declared`` lists the valid declarations of this turn (in building
    order); ``cut_after`` is the player after whose build a Paluba
    declaration stopped the turn.
    """
    rules = state.rules
    countdown = in_express_countdown(state)
    if countdown:
        assert state.end_declared_turn is not None
        if state.turn >= state.end_declared_turn + rules.express_end_rounds:
            return Problem.of(PhaseEnd.EXPRESS_ROUNDS, by=state.end_declared_by, turn=state.end_declared_turn,
                              rounds=rules.express_end_rounds)
    elif not unconnected and rules.all_connected_ends_building:
        return Problem.of(PhaseEnd.ALL_CONNECTED)
    if cut_after is not None and declared:
        return Problem.of(PhaseEnd.DECLARED_AFTER, by=declared[0][0], after=cut_after)
    turn_declarations = [pid for pid, v in declared if v.code is Declare.VALID]
    if turn_declarations:
        return Problem.of(PhaseEnd.DECLARED, by=turn_declarations[0])
    if rules.building_rounds and state.turn >= rules.building_rounds:
        return Problem.of(PhaseEnd.ROUNDS_PLAYED, rounds=rules.building_rounds)
    return None
