"""``adjudicate site``: write a game's static HTML archive (the pages come from ``report.site``).

Publishes only what is public: ``game.json``, the map, each turn's archived
states and its public report ``reports/turn-NNN.txt`` as it was sent; the
seed only once the game is over, when the final report has revealed it
anyway.  Private reports and passwords are never read.  To draw a racing
turn's race routes (every valid entry's route, which its public report
lists) the turn is replayed from its archive, as ``map show --races`` does;
what the replay reads (the orders, the seed) is never written into the site.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from adjudicator.dampfross.app.pictures import svg_to_png
from adjudicator.dampfross.app.run import replay_turn
from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.racing.turn import RacingResult
from adjudicator.dampfross.report.site import TurnRecord, build_site
from adjudicator.kernel.errors import DampfrossError


@dataclass(frozen=True)
class SiteWritten:
    """What ``write_site`` did: the folder, the files written (relative paths), the pages among them."""

    out: Path
    files: tuple[str, ...]

    @property
    def pages(self) -> tuple[str, ...]:
        return tuple(f for f in self.files if f.endswith(".html"))


def turn_records(gdir: GameDir) -> list[TurnRecord]:
    """Turn 0 (the opening) and every adjudicated turn: states and public report text."""
    state = gdir.load_state()
    last = state.turn - 1
    opening = gdir.archived_state(gdir.archive_path(1), "before")[0] if last >= 1 else state
    records = [TurnRecord(0, opening, None, _public_report(gdir, 0))]
    for turn in range(1, last + 1):
        step = gdir.archive_path(turn)
        after, before = gdir.archived_state(step, "after")[0], gdir.archived_state(step, "before")[0]
        races = _races(gdir, turn) if before.phase == "racing" else None
        records.append(TurnRecord(turn, after, before, _public_report(gdir, turn), races))
    return records


def _races(gdir: GameDir, turn: int) -> RacingResult | None:
    """A racing turn as replayed from its archive, for its race routes; ``None`` (a map without routes) when it
    cannot be replayed (a damaged archive, a seed file missing: ``verify`` says why)."""
    try:
        found = replay_turn(gdir, turn).result
    except DampfrossError:
        return None
    return found if isinstance(found, RacingResult) else None


def _public_report(gdir: GameDir, turn: int) -> str | None:
    path = gdir.report_path(turn)  # the public report only: no player id in the name
    return path.read_text(encoding="utf-8") if path.is_file() else None


def write_site(directory: str | Path, out: str | Path, png: bool = False) -> SiteWritten:
    """Write the site of the game in ``directory`` into the folder ``out`` (created if need be).

    ``png`` also writes each turn's map as PNG (the ``pictures`` extra);
    without CairoSVG that is an error before anything is written.
    """
    gdir = GameDir(directory)
    state = gdir.load_state()
    target = Path(out)
    if target.resolve() == gdir.path.resolve() or gdir.path.resolve() in target.resolve().parents:
        raise DampfrossError(f"{out} is inside the game directory, which holds the passwords and the seed; "
                             "choose a folder elsewhere to publish")
    if target.exists() and not target.is_dir():
        raise DampfrossError(f"{out} exists and is not a folder")
    gmap = gdir.load_map(state)
    records = turn_records(gdir)
    seed = gdir.read_seed() if state.phase == "over" else None
    pages = build_site(state, gmap, records, seed, png=png)
    files = {name: text.encode("utf-8") for name, text in pages.items()}
    if png:  # every picture is made before the first file is written: a missing CairoSVG writes nothing
        for name, text in pages.items():
            if name.startswith("maps/") and name.endswith(".svg"):
                files[name.removesuffix(".svg") + ".png"] = svg_to_png(text)
    for name, data in sorted(files.items()):
        _write(target / name, data)
    return SiteWritten(target, tuple(sorted(files)))


def _write(path: Path, data: bytes) -> None:
    """Write one file of the site atomically (a reader of a served site sees the old page or the new)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise DampfrossError(f"cannot write {path}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise DampfrossError(f"cannot write {path}: {exc.strerror}") from None
