"""A turn's process imports what the turn uses (issue 18: a turn process within 2x the stack's import).

The figures are in ``docs/speed.md`` (``bench/bench_turn.py``); this only
checks which modules a turn's process loads, so that a new import at the
top of a module does not bring racing back into a building turn, nor the
building engine into a racing turn, unseen.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

from adjudicator.cli import COMMAND_MODULES

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")

LOADED = """
import sys
from adjudicator.cli import main
sys.argv = ["adjudicate", *sys.argv[1:]]
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
print(" ".join(sorted(sys.modules)))
"""
"""Runs one command as ``adjudicate`` does and prints the modules it loaded."""


def loaded(*args: str, cwd: Path) -> set[str]:
    env = dict(os.environ, ADJUDICATE_CACHE=str(cwd / "cache"))  # as a GM runs it: the map's parsed form kept
    done = subprocess.run([sys.executable, "-c", LOADED, *args], cwd=cwd, env=env, text=True, capture_output=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split("\n")[-2].split())


def test_a_building_turn_loads_no_racing_nor_what_it_does_not_use(tmp_path: Path):
    loaded("new", "g", "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "c",
           "--unsafe-test-passwords", "c", cwd=tmp_path)
    pw = dict(line.split() for line in (tmp_path / "g" / "passwords.txt").read_text().splitlines())
    (tmp_path / "t1.orders").write_text(f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\n"
                                        "BUILD Nordstadt - 0403 - 0404\n")
    loaded("check", "t1.orders", "--game", "g", cwd=tmp_path)  # keeps the map's parsed form, as any run before
    turn = loaded("run", "t1.orders", "--game", "g", cwd=tmp_path)
    assert "adjudicator.dampfross.building.turn" in turn  # the turn was run in this process
    assert not {m for m in turn if m.startswith(("adjudicator.dampfross.racing", "adjudicator.dampfross.report.rac"))}
    # nor what only a game with deadlines or a wrong line needs, nor the game file's schema: the file the archive's
    # last step holds is not checked again (``postal/moves.py: MovesDir.load``, ``DampfrossPlay.load_vouched``)
    assert not turn & {"zoneinfo", "adjudicator.dampfross.orders.mistakes", "fastjsonschema"}
    assert not turn & {"adjudicator.cli.game", "adjudicator.cli.maps", "adjudicator.cli.postal"}  # other commands
    assert turn >= SESSION  # the turn is the one session's (issue 34) ...
    assert not turn & OTHER_GAMES  # ... and no other game's, nor the bots of a game without bot seats
    assert not turn & NOT_A_TURNS


NOT_A_TURNS = {"yaml", "adjudicator.dampfross.board.mapfile", "adjudicator.dampfross.app.convert",
               "adjudicator.dampfross.app.oldformat", "adjudicator.dampfross.app.check", "multiprocessing",
               "mailbox", "html.parser", "adjudicator.postal.mailparse", "adjudicator.postal.mailsource", "email",
               "smtplib", "ssl", "adjudicator.postal.robot", "adjudicator.postal.frontdoor", "adjudicator.postal.turns",
               "adjudicator.postal.movemails", "adjudicator.postal.moveverify", "adjudicator.postal.ahead",
               "adjudicator.app.movefix", "adjudicator.postal.loop", "adjudicator.postal.outbox",
               "adjudicator.postal.compose", "adjudicator.postal.mailconfig"}
"""What a turn run from files never needs (issue 34's speed, ``docs/speed.md``): the map's YAML (its parsed form is
kept), the old format's converter (a folder of the session is not one), ``check``'s previews (both phases' engines),
the tick's workers, the mail source and parser (a turn reads no mail), the email package, smtplib and ssl (a game
without mail configured queues none), and the tick's robot, front door and mails (the next tick mails what a run
archived), nor the postal loop, the outbox, the mail writer or ``mail.toml`` (``postal/tick.py`` holds what a turn
tells), verify, moves sent ahead (``check``'s) or the GM's corrections."""


SESSION = {"adjudicator.kernel.play", "adjudicator.kernel.table", "adjudicator.postal.moves",
           "adjudicator.postal.sealed", "adjudicator.postal.periods"}
"""The one session every game of moves runs on, Dampfross's since the switch (issue 34): its protocol, table,
folder and periods."""

OTHER_GAMES = {"adjudicator.interurban", "adjudicator.dampfross.bots"}
"""InterUrban, and Dampfross's bots (which import the racing engine): a turn asks whether the play has bots
(``isinstance(play, Bots)`` reads ``DampfrossPlay.bot_levels``) without loading them."""


BUILDING_ENGINE = {"adjudicator.dampfross.building.turn", "adjudicator.dampfross.building.joint",
                   "adjudicator.dampfross.building.ending", "adjudicator.dampfross.building.simultaneous",
                   "adjudicator.dampfross.report.building"}
"""What only a building turn uses: a racing turn builds lines from its income (``building.lines``, ``ferries``,
``costs`` and what they use) but plays no building turn and writes no building report."""


def test_a_racing_turn_loads_no_building_engine(tmp_path: Path):
    loaded("new", "g", "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "c",
           "--unsafe-test-passwords", "c", "--set", "building_rounds=1", "--set", "min_race_distance=2",
           "--set", "fixed_races=2", cwd=tmp_path)
    pw = dict(line.split() for line in (tmp_path / "g" / "passwords.txt").read_text().splitlines())
    (tmp_path / "t1.orders").write_text(
        f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\n"
        "BUILD Nordstadt - 0403 - 0404 - 0405 - 0306 - Südheim\n"
        f"PLAYER BLUE PASSWORD {pw['BLUE']}\nSTART Nordstadt\n"
        "BUILD Nordstadt - 0502 - 0503 - 0404 - 0405 - 0505 - 0605 - 0705 - Ostburg\n")
    last = loaded("run", "t1.orders", "--game", "g", cwd=tmp_path)  # the last building turn draws the first races
    assert last >= BUILDING_ENGINE and "adjudicator.dampfross.racing.schedule" in last
    (tmp_path / "t2.orders").write_text(f"GAME g\nTURN 2\nPLAYER RED PASSWORD {pw['RED']}\nENTER 1 BEST\n"
                                        "BUILD 0405 - 0505\n")
    turn = loaded("run", "t2.orders", "--game", "g", cwd=tmp_path)
    assert {"adjudicator.dampfross.racing.turn", "adjudicator.dampfross.building.lines"} <= turn  # raced, built
    assert not turn & BUILDING_ENGINE
    assert turn >= SESSION and not turn & OTHER_GAMES and not turn & NOT_A_TURNS


def test_the_plays_bot_levels_are_the_bots_own():
    """``DampfrossPlay.bot_levels`` is written out so that a turn need not import the bots (above)."""
    from adjudicator.dampfross.bots import LEVELS
    from adjudicator.dampfross.play import DampfrossPlay

    assert DampfrossPlay.bot_levels == tuple(LEVELS)


def test_the_command_table_names_every_command_where_it_is_made():
    made = {command.name: module for module in set(COMMAND_MODULES.values())
            for command in importlib.import_module(f"adjudicator.cli.{module}").COMMANDS}
    assert made == COMMAND_MODULES
