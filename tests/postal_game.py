"""The postal example of ``examples/postal/play.sh``, set up for tests: the game, its Maildir, its mail.toml.

The script stays the one description of the example: the ``adjudicate new``
command and the tick times are read from it.
"""

from __future__ import annotations

import re
import shlex
import shutil
from datetime import UTC, datetime
from pathlib import Path

from tests.helpers import invoke

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "postal"
SCRIPT = EXAMPLE / "play.sh"


def script_steps() -> tuple[list[str], list[str]]:
    """The ``new`` arguments (``$game`` unexpanded) and the tick times of play.sh."""
    text = SCRIPT.read_text(encoding="utf-8").replace("\\\n", " ")
    new = next(line for line in text.splitlines() if line.strip().startswith("adjudicate new "))
    args = shlex.split(new.split(">", 1)[0])[1:]
    loop = re.search(r"^for now in ([\d:T+\- ]+); do$", text, re.M)
    assert loop, "play.sh no longer has its tick loop"
    return args, loop.group(1).split()


def setup_game(where: Path, extra_toml: str = "", source: str | None = None) -> Path:
    """The example game in ``where/postal`` with the Maildir beside it; ``extra_toml`` (e.g. [smtp]) appended,
    ``source`` replacing the [source] table."""
    shutil.copytree(EXAMPLE / "maildir", where / "maildir")
    (where / "maildir" / "cur").mkdir(exist_ok=True)
    args, _ = script_steps()
    game = where / "postal"
    invoke(*[str(game) if a == "$game" else a for a in args])
    toml = (EXAMPLE / "mail.toml").read_text(encoding="utf-8")
    if source is not None:
        toml = re.sub(r"\[source\]\n(?:[^\[\n].*\n)*", source, toml)
    (game / "mail.toml").write_text(toml + extra_toml, encoding="utf-8")
    (game / "mail.toml").chmod(0o600)
    return game


def tick_times() -> list[str]:
    return script_steps()[1]


def arrival(path: Path) -> datetime:
    """A Maildir file's delivery time (the number its name begins with)."""
    return datetime.fromtimestamp(int(path.name.split(".", 1)[0]), UTC)


def tree(game: Path) -> dict[str, bytes]:
    """Every file of a game directory (but the lock file) with its bytes."""
    return {str(p.relative_to(game)): p.read_bytes() for p in sorted(game.rglob("*"))
            if p.is_file() and p.name != ".lock"}
