"""The caretaker of a game of sequential moves ends where its player writes again (reading IU-19).

The caretaker's moves are played as a bot seat's (``turns.play_bots``); the
seat goes to it after ``caretaker_after`` missed moves in a row
(``kernel/table.py: Table.after_move``, IU-18) or by the GM's command
(``app/movefix.py: set_caretaker``).  Here the other way: a section of the
seat's player with the right password gives him the seat back before the
section is answered, as a step of the archive (a ``fix`` record of kind
``caretaker`` with ``by_mail``, which ``verify`` applies again), and the next
move's report says so.
"""

from __future__ import annotations

from typing import Any

from adjudicator.kernel.play import Play
from adjudicator.postal.movefix import apply_fix
from adjudicator.postal.moves import Loaded, MovesDir
from adjudicator.postal.tick import Tick


def back_by_mail(folder: MovesDir, play: Play, game: Loaded, sid: str, mail: str, seq: int,
                 t: Tick) -> tuple[Loaded, bool]:
    """The game after ``sid``'s player took his seat back from the caretaker with the mail ``mail`` (its key), and
    whether he did (not when the caretaker does not play the seat, nor once the game is over)."""
    seat = game.table.find(sid)
    if seat is None or not seat.caretaker or not play.to_act(game.state):
        return game, False
    record: dict[str, Any] = {"kind": "fix", "fix": "caretaker", "seat": seat.id, "level": "", "by_mail": True,
                              "mail": mail, "why": "", "by": seat.id}
    table, state = apply_fix(play, game.table, game.state, record)
    folder.commit(play, game, table, state, record)
    t.note("caretaker-off", seq=seq, seat=seat.id)
    return folder.load(play), True
