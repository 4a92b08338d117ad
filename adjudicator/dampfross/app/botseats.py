"""The orders a Dampfross bot writes for a seat (issue 26): a bot seat (``new --player BLUE:bot=LEVEL``) and a company
the caretaker plays (reading 97) get their lines from a bot of ``adjudicator.dampfross.bots`` when a turn starts
(reading 98; the session's ``postal/periods.py: bots_accepted`` and ``dampfross/play.py: DampfrossPlay``'s bots).

The bot is handed what a player of the seat sees (``seat_view``: the state between turns without secrets) and a
random source from the game's commitment in a domain of its own (``postal.botseats.bot_rng``, label
``GAME|bot|turn=N|SEAT``: never a die's label); ``verify`` writes its lines again from the seed.  Before a bot's
lines are written they pass ``check``'s own judgement (``check_judge``: ``app/check.py: check_received`` of the
seat's section alone, against the state the bot sees): a bot never mails a line ``check`` would refuse or not carry
out in full (issue 33; ``bots/judged.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders import ReceivedFiles, parse_orders
from adjudicator.kernel.errors import AdjudicatorError, GameFileError

if TYPE_CHECKING:  # the bots (and the engines they use) are imported by a game with bots only
    from adjudicator.dampfross.bots import Judge, Level, SeatView


def _level(level: str) -> Level:
    from adjudicator.dampfross.bots import LEVELS

    for known in LEVELS:
        if known == level:
            return known
    raise GameFileError(f"no bot level {level!r} (the game file names one that does not exist)")


def bot_lines(state: GameState, gmap: GameMap, seed: str, seat: str, level: str) -> list[str]:
    """The bot's lines for ``seat`` this turn, below its PLAYER line: a function of the seat's view and the seed,
    judged by ``check`` before they are written."""
    from adjudicator.dampfross.bots import seat_view
    from adjudicator.postal.botseats import bot_rng

    rng = bot_rng(seed, state.game_id, state.turn, seat, unit="turn")
    return judged_orders(seat_view(state, gmap, seat), _level(level), rng)


def judged_orders(view: SeatView, level: Level, rng: random.Random) -> list[str]:
    """The orders the bot of ``level`` mails for the seat of ``view``: its plan held to ``check`` (``check_judge``).
    Every caller of a bot (a bot seat, the caretaker, self-play, the benches) gets its lines here."""
    from adjudicator.dampfross.bots import bot_orders

    return bot_orders(view, level, rng, check_judge(view))


def check_judge(view: SeatView) -> Judge:
    """``check``'s judgement of the seat's own section (``app/check.py: check_received``, no password, no standing
    orders): given its order lines, whether every line would be carried out in full against the state of
    ``view`` (what the seat's player sees) and, in a building turn, whether a section that asks to build would
    build something (reading 94).  Its verdicts are kept for the lines asked again in the same turn."""
    from adjudicator.dampfross.app.check import check_received

    state, seen = view.state, dict[tuple[str, ...], bool]()
    head = f"GAME {state.game_id}\nTURN {state.turn}\nPLAYER {view.seat} PASSWORD -\n"

    def judge(lines: Sequence[str]) -> bool:
        key = tuple(lines)
        if key not in seen:
            text = head + "".join(f"{line}\n" for line in key)
            name = f"bot-{view.seat}"
            received = ReceivedFiles((parse_orders(text, name),), ((name, text),))
            try:
                checked = check_received(None, received, trust=True, loaded=(state, view.gmap))
            except AdjudicatorError:  # orders check cannot take at all are refused too
                seen[key] = False
            else:
                seen[key] = checked.ok and not any(checked.idle.values())
        return seen[key]

    return judge
