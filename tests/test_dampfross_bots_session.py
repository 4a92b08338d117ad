"""Dampfross's bots on the one session (issue 34): a play's default bot level (``kernel/play.py: BotDefault``,
Dampfross ``careful``) and its bots' random source (``PeriodWord``, Dampfross ``GAME|bot|turn=N|SEAT``), so the session's
bot of a Dampfross seat writes the very lines the Dampfross stack's bot wrote for it (``dampfross/app/botseats.py:
bot_lines``): a game started before goes on and verifies its bots."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.dampfross.app import botseats as old
from adjudicator.dampfross.app.oldformat import OldGame
from adjudicator.dampfross.play import PLAY
from adjudicator.kernel.play import bot_default, bots_of, period_word
from adjudicator.kernel.table import Seat, Table
from adjudicator.postal.botseats import bot_lines, bot_rng
from tests.test_dampfross_play import GOLDEN, state_before


def test_a_play_declares_its_default_bot_level_and_its_bots_unit() -> None:
    """Dampfross's bot seat is ``careful`` unless the GM names a level (``dampfross/app/commands.py: bot_level``);
    a play that declares none has its strongest; the bots' label counts turns for Dampfross, moves for the rest."""
    from adjudicator.interurban.play import PLAY as IU
    from tests.games.takeaway import TakeAway

    bots = bots_of(PLAY)
    assert bots is not None and bot_default(bots) == "careful" and PLAY.bot_levels[-1] == "strong"
    iu = bots_of(IU)
    assert iu is not None and bot_default(iu) == iu.bot_levels[-1]
    assert (period_word(PLAY), period_word(IU), period_word(TakeAway())) == ("turn", "move", "move")


def test_new_gives_a_bot_seat_the_plays_default_level() -> None:
    from adjudicator.app.moves import _bot_levels
    from adjudicator.kernel.contacts import PlayerSpec

    specs = [PlayerSpec("RED", "Anna"), PlayerSpec("BLUE", "Bot", bot="")]
    assert _bot_levels(PLAY, specs) == {"BLUE": "careful"}
    assert _bot_levels(PLAY, [specs[0], replace(specs[1], bot="strong")]) == {"BLUE": "strong"}


@pytest.mark.parametrize("turn", [1, 3, 6])
def test_the_sessions_bot_writes_the_lines_dampfross_wrote(turn: int, tmp_path: Path) -> None:
    """The example game's companies played by a bot in building and racing turns: the session's ``bot_lines``
    (period ``moves + 1`` of the table is the game's turn) gives the lines of the Dampfross stack's bot, from the
    same random source."""
    shutil.copytree(GOLDEN, tmp_path / "demo")
    gdir = OldGame(tmp_path / "demo")
    state = state_before(gdir, turn)
    seed = gdir.read_seed()
    assert seed
    gmap = PLAY.gmap(state)
    for level in ("careful", "random"):
        seats = tuple(Seat(p.id, p.name, "", "", bot=level) for p in state.players)
        table = Table(PLAY.name, state.game_id, seats, moves=state.turn - 1)
        for company in state.in_play:
            want = old.bot_lines(state, gmap, seed, company, level)
            assert list(bot_lines(PLAY, table, state, company, seed)) == want, (turn, level, company)
    assert bot_rng(seed, state.game_id, state.turn, "RED", "turn").random() != \
        bot_rng(seed, state.game_id, state.turn, "RED").random()  # the unit is part of the label
