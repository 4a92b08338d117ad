"""The GM's corrections between turns: a balance adjusted, a segment added or removed, a rules key changed,
a company handed to a stand-by or retired, the language a company reads changed.

Pure: ``apply_correction(state, gmap, correction)`` returns the new state.
The GM's deadline settings (``adjudicate deadline``) are corrections too
(kind ``deadline``; they need no reason and may be made after the last turn,
for the end-of-game statements), and so is a company's choice of language
(kind ``lang``: no reason needed).
A correction is recorded in the state (``GameState.corrections``: who, when,
why, what), moves money only through the ledger (reason ``correction``, so
balances still equal the ledger), is archived like a turn and can be
replayed.  The next public report prints it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from adjudicator.dampfross.board.hexgrid import Side
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.costs import terrain_problem
from adjudicator.dampfross.engine.caretaker import hand_over
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.state import BANK, Correction, GameState, Player
from adjudicator.dampfross.game.track import Segment
from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.errors import AdjudicatorError


def apply_correction(state: GameState, gmap: GameMap, c: Correction) -> GameState:
    """The state after the GM's correction ``c``; ``AdjudicatorError`` when it cannot be made."""
    if state.phase == "over" and c.kind not in ("deadline", "lang", "address", "password"):
        raise AdjudicatorError(f"game {state.game_id} is over; nothing can be corrected")
    if c.number != len(state.corrections) + 1 or c.turn != state.turn:
        raise AdjudicatorError(f"correction {c.number} for turn {c.turn} does not follow the game's corrections")
    if not c.why.strip() and c.kind not in ("deadline", "lang", "address", "password", "caretaker"):
        raise AdjudicatorError("say why: every correction is printed in the next report with its reason")
    if c.player is not None and c.player not in state.player_ids:
        raise AdjudicatorError(f"no company {c.player} in game {state.game_id}")
    state = replace(state, corrections=state.corrections + (c,))
    if c.kind == "balance":
        return _balance(state, c)
    if c.kind in ("track-add", "track-remove"):
        return _track(state, gmap, c)
    if c.kind == "deadline":
        return _deadline(state, c)
    if c.kind in ("replace", "retire"):
        return _company(state, c)
    if c.kind in ("address", "password"):
        return _contact(state, c)
    if c.kind == "lang":
        return _language(state, c)
    if c.kind == "caretaker":
        return _caretaker(state, c)
    return _rule(state, c)


LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}$")


def _language(state: GameState, c: Correction) -> GameState:
    """The language a company's private reports and mails are written in (``""``: the game's again).

    Which languages exist is the report layer's knowledge; the application
    checks the code against them before it makes the correction.
    """
    if c.player is None or c.value is None or (c.value and not LANGUAGE_CODE.match(c.value)):
        raise AdjudicatorError("a language correction needs a company and a language code such as de")
    changed = replace(state.player(c.player), lang=c.value or None)
    return replace(state, players=tuple(changed if p.id == c.player else p for p in state.players))


def _caretaker(state: GameState, c: Correction) -> GameState:
    """The GM hands a company to the caretaker at level ``value`` from this turn on, or (``value`` ``""``) gives it
    back to its owner (reading 97); a bot seat or a retired company has no owner to stand in for."""
    if c.player is None or c.value is None:
        raise AdjudicatorError("a caretaker correction needs a company and a level")
    player = _caretaken(state, c.player)
    if not c.value and not player.caretaker:
        raise AdjudicatorError(f"{c.player} is not played by the caretaker")
    changed = hand_over(player, c.value or None, state.turn)
    return replace(state, players=tuple(changed if p.id == c.player else p for p in state.players))


def _contact(state: GameState, c: Correction) -> GameState:
    """The company's mail address (``address``: ``value``) or password (``password``: ``password_hash``)."""
    if c.player is None or c.player not in state.player_ids:
        raise AdjudicatorError(f"an {c.kind} correction needs a company of the game")
    if state.player(c.player).bot:
        raise AdjudicatorError(f"{c.player} is a bot seat: it has no address or password to correct")
    if c.kind == "password" and not c.password_hash:
        raise AdjudicatorError("a password correction needs the new password's hash")
    player = state.player(c.player)
    changed = (replace(player, email=c.value or "") if c.kind == "address"
               else replace(player, password_hash=c.password_hash or player.password_hash))
    return replace(state, players=tuple(changed if p.id == c.player else p for p in state.players))


def _company(state: GameState, c: Correction) -> GameState:
    """A stand-by takes the company over (new manager, address and password), or the company leaves play.

    [reading] A retired company's track stays on the map and may be used and
    built beside as before; what would be paid to it goes to the bank
    (``Books``), its money is frozen and it cannot win.  It builds nothing and
    enters no race: its mail is refused.
    """
    if c.player is None:
        raise AdjudicatorError(f"a {c.kind} correction needs a company")
    player = state.player(c.player)
    if player.retired is not None:
        raise AdjudicatorError(f"{c.player} was taken out of play in turn {player.retired}")
    if c.kind == "replace" and player.bot:
        raise AdjudicatorError(f"{c.player} is a bot seat: no stand-by is needed")
    if c.kind == "retire":
        if sum(p.retired is None for p in state.players) <= 1:
            raise AdjudicatorError("the last company in play cannot retire")
        changed = replace(player, retired=state.turn)
        if state.start_player == c.player:  # the start passes to the next company in play
            state = replace(state, start_player=state.next_player(c.player))
    else:
        if not c.manager or not c.password_hash:
            raise AdjudicatorError("a stand-by needs a name and a new password")
        # the stand-by starts without the standing orders the company's old player left (reading 110)
        changed = replace(player, manager=c.manager, email=c.email or "", password_hash=c.password_hash, missed=0,
                          standing=None)
    return replace(state, players=tuple(changed if p.id == c.player else p for p in state.players))


def _balance(state: GameState, c: Correction) -> GameState:
    if c.player is None or not c.amount:
        raise AdjudicatorError("a balance correction needs a company and an amount other than 0")
    books = Books(state.players, state.turn)
    payer, payee = (BANK, c.player) if c.amount > 0 else (c.player, BANK)
    books.pay(payer, payee, abs(c.amount), "correction", fix=c.number)
    return replace(state, players=books.updated(state.players), ledger=state.ledger + tuple(books.entries))


def _track(state: GameState, gmap: GameMap, c: Correction) -> GameState:
    if c.player is None or c.a is None or c.b is None:
        raise AdjudicatorError("a track correction needs a company and two adjacent hexes")
    if not c.a.is_adjacent(c.b):
        raise AdjudicatorError(f"{c.a.label} and {c.b.label} are not neighbours")
    side = Side(c.a, c.b)
    owned = [s for s in state.track if s.owner == c.player and s.side == side]
    if c.kind == "track-remove":
        if not owned:
            raise AdjudicatorError(f"{c.player} has no track on {side}")
        return replace(state, track=tuple(s for s in state.track if s is not owned[0]))
    if owned:
        raise AdjudicatorError(f"{c.player} already has track on {side}")
    # either direction will do: a segment across an open border is built from the side of the network
    problem = terrain_problem(gmap, c.a, c.b, state.rules)
    if problem is not None and terrain_problem(gmap, c.b, c.a, state.rules) is not None:
        raise AdjudicatorError(f"no track can lie on {side}: {problem.code.value}")
    return replace(state, track=state.track + (Segment(c.player, side, state.turn),))


def _deadline(state: GameState, c: Correction) -> GameState:
    """A setting of the game's deadlines (``adjudicator.kernel.deadline``); a game without one gets one."""
    if not c.key or c.value is None:
        raise AdjudicatorError("a deadline correction needs a setting and its value")
    return replace(state, schedule=(state.schedule or Schedule()).with_setting(c.key, c.value))


def _rule(state: GameState, c: Correction) -> GameState:
    if not c.key or c.value is None:
        raise AdjudicatorError("a rules correction needs KEY=VALUE")
    return replace(state, rules=state.rules.with_overrides([f"{c.key}={c.value}"]))


def noted_caretaker(state: GameState, c: Correction) -> GameState:
    """A caretaker's correction noted in the state (the table hands the seat over): refused as the old format
    refuses it."""
    if c.player is None or c.player not in state.player_ids:
        raise AdjudicatorError(f"no company {c.player} in game {state.game_id}")
    _caretaken(state, c.player)
    if c.number != len(state.corrections) + 1 or c.turn != state.turn:
        raise AdjudicatorError(f"correction {c.number} for turn {c.turn} does not follow the game's corrections")
    return replace(state, corrections=(*state.corrections, c))


def _caretaken(state: GameState, pid: str) -> Player:
    """The company a caretaker may play, or the refusal: a bot seat or a retired company has no owner to stand in
    for, and a bot draws from the dice seed, which a game of manual dice has not."""
    player = state.player(pid)
    if player.bot:
        raise AdjudicatorError(f"{pid} is a bot seat ({player.bot}): it has no player for a caretaker to stand in for")
    if state.dice_mode == "manual":
        raise AdjudicatorError("a bot draws from the dice seed: a game of manual dice has no caretaker")
    if player.retired is not None:
        raise AdjudicatorError(f"{pid} was taken out of play in turn {player.retired}")
    return player
