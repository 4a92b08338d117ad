"""``adjudicate fix``: the GM's corrections between turns, recorded, archived and printed in the next report."""

from __future__ import annotations

from adjudicator.app.store import GameDir, chained, record_of_fix, stamp
from adjudicator.board.hexgrid import Hex
from adjudicator.engine.corrections import apply_correction
from adjudicator.game import gamefile
from adjudicator.game.state import Correction, CorrectionKind


def correct(directory: str, kind: CorrectionKind, why: str, by: str, *, player: str | None = None,
            amount: int | None = None, a: str | None = None, b: str | None = None, key: str | None = None,
            value: str | None = None) -> Correction:
    """Apply one correction to the game in ``directory`` (holding its lock); return it as recorded."""
    gdir = GameDir(directory)
    with gdir.lock():
        state = gdir.load_state()
        gmap = gdir.load_map(state)
        c = Correction(len(state.corrections) + 1, state.turn, kind, by, stamp(), why,
                       player=player.upper() if player else None, amount=amount,
                       a=Hex.parse(a) if a else None, b=Hex.parse(b) if b else None, key=key, value=value)
        after = apply_correction(state, gmap, c)
        record = record_of_fix(c)
        gdir.commit_fix(state, chained(after, gamefile.dumps(state), record), record)
        return c
