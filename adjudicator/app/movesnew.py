"""The GM commands of a play of sequential moves with what the platform builds from its declaration (issue 34):
``declared`` (``app/declare.py: of_play``) and ``new`` (``app/moves.py: start_moves_game``), on the commands every
game of moves shares (``app/movesgm.py: MovesCommands``).  The registry (``app/plays.py: game_named``) gives a
play these.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.app.declare import of_play
from adjudicator.app.gm import NewGame, Started
from adjudicator.app.movesgm import MovesCommands
from adjudicator.kernel.declare import Declaration
from adjudicator.kernel.errors import AdjudicatorError


class PlayCommands(MovesCommands):
    """The GM commands of a game of ``play``, ``new`` among them."""

    def declared(self) -> Declaration:
        return of_play(self.play)

    def new(self, game: NewGame, options: Mapping[str, Any]) -> Started:
        from adjudicator.app.moves import start_moves_game

        if options:  # kernel/play.py: a play's setup takes the seats and the draw, no options (yet)
            raise AdjudicatorError(f"new: {self.name} declares options of its own ({', '.join(options)}), but a "
                                   "play of sequential moves is set up without options")
        opening, folder = start_moves_game(self.play, game.directory, game.players, game.seed, game.test_passwords,
                                           game.schedule, game.lang, game.player_langs, game.game_id,
                                           game.caretaker_after, game.caretaker_level)
        return Started(opening, folder.path)
