"""The example game of ``examples/demo.sh``, played in-process (no subprocess, no bash).

The script is the README's main command, so it stays the one description
of the example: this module reads the ``adjudicate new`` command and the
turn loop from it and plays the same commands through the CLI in-process.
CI runs the script itself from the installed wheel and compares its output
with the golden files too.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

from tests.helpers import invoke

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "examples" / "demo.sh"


def script_steps() -> tuple[list[str], list[str], str]:
    """The ``new`` arguments (with ``$game`` unexpanded), the turns, and the order-file glob of each turn."""
    text = SCRIPT.read_text(encoding="utf-8").replace("\\\n", " ")
    new = next(line for line in text.splitlines() if line.strip().startswith("adjudicate new "))
    args = shlex.split(new.split(">", 1)[0])[1:]
    loop = re.search(r"^for turn in ([\d ]+); do$", text, re.M)
    glob = re.search(r'adjudicate (\S+)"\$turn"(\S+) --game "\$game"', text)
    if loop is None or glob is None:
        raise AssertionError(f"{SCRIPT} no longer has the turn loop tests/example_game.py reads")
    return args, loop.group(1).split(), glob.group(1) + "{turn}" + glob.group(2)


def play(where: Path, *more: str) -> Path:
    """Play the example into ``where/demo``; return the game directory.

    ``more``: further arguments of ``adjudicate new`` (``--lang de``: the German example).

    Like the script, it runs in ``examples/`` so that the order files are
    named as the reports quote them (``germany/turn2-nob.orders:6:1``).
    """
    args, turns, pattern = script_steps()
    game = where.resolve() / "demo"
    old = Path.cwd()
    os.chdir(SCRIPT.parent)
    try:
        invoke(*[str(game) if a == "$game" else a for a in args], *more)
        for turn in turns:
            files = sorted(str(p) for p in Path().glob(pattern.format(turn=turn)))
            assert files, f"no order files {pattern.format(turn=turn)} for turn {turn}"
            invoke(*files, "--game", str(game))
    finally:
        os.chdir(old)
    return game
