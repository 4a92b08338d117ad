"""``adjudicate site``: write a game's static HTML archive (the pages come from ``report.site``).

Publishes only what is public: ``game.json``, the map, each turn's archived
states and its public report ``reports/turn-NNN.txt`` as it was sent; the
seed only once the game is over, when the final report has revealed it
anyway.  Private reports and passwords are never read.  To draw a racing
turn's race routes (every valid entry's route, which its public report
lists) the turn's entries are judged again from its archived orders and
states, once (its races are not run: no seed is read): the routes are kept
in the application's cache; the orders read for them are never written into
the site.

The site is written turn by turn: one turn's states are read, its page and
map written, and they are let go before the next turn is read, so the
memory a site needs does not grow with the game (docs/pictures.md has the
figures).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from adjudicator.dampfross.app.pictures import MISSING_PNG, png_available, svg_to_png
from adjudicator.dampfross.app.run import archived_input
from adjudicator.dampfross.app.store import GameDir, chained
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.racing.judged import judged_races
from adjudicator.dampfross.racing.turn import RacingInput
from adjudicator.dampfross.report.site import SiteGame, TurnRecord, front_pages, turn_files
from adjudicator.dampfross.report.svg import RaceRoute, judged_routes
from adjudicator.kernel.errors import AdjudicatorError, GameFileError
from adjudicator.postal.cache import remembered
from adjudicator.postal.mailconfig import order_page_to


@dataclass(frozen=True)
class SiteWritten:
    """What ``write_site`` did: the folder, the files written (relative paths), the pages among them."""

    out: Path
    files: tuple[str, ...]

    @property
    def pages(self) -> tuple[str, ...]:
        return tuple(f for f in self.files if f.endswith(".html"))


def turn_records(gdir: GameDir, state: GameState) -> Iterator[TurnRecord]:
    """Turn 0 (the opening) and every adjudicated turn, one at a time: its states and public report text.

    The state before a turn is the state after the one before it unless a
    correction came between (then its own archived text is read).  A racing
    turn's race routes come from the cache when a site was made of it before,
    else from judging its entries again (``_routes``).
    """
    last = state.turn - 1
    if last < 1:
        yield TurnRecord(0, state, None, _public_report(gdir, 0))
        return
    opening, previous = gdir.archived_state(gdir.archive_path(1), "before")
    yield TurnRecord(0, opening, None, _public_report(gdir, 0))
    before = opening
    for turn in range(1, last + 1):
        step = gdir.archive_path(turn)
        if gdir.archived_text(step, "before") != previous:
            before, previous = gdir.archived_state(step, "before")
        after, after_text = gdir.archived_state(step, "after")
        routes = _routes(gdir, turn, (before, previous), (after, after_text)) if before.phase == "racing" else ()
        yield TurnRecord(turn, after, before, _public_report(gdir, turn), routes)
        before, previous = after, after_text


def _routes(gdir: GameDir, turn: int, before: tuple[GameState, str], after: tuple[GameState, str]
            ) -> tuple[RaceRoute, ...]:
    """A racing turn's race routes, from its archived states (each with its text) and orders.

    The routes are those of the entries the turn's races judged valid
    (``racing/judged.py``): the trains are made again from the archived
    orders (``BEST`` searched), but no race is run, no die rolled and no
    report written.  They are kept in the application's cache
    (``postal/cache.py``) under the SHA-256 of the turn's archived states and
    record, which fix them: a site made again judges only the turns it has
    not seen.  A turn whose archive does not hold together (orders or record
    not those its state-after is chained to: ``verify`` says why) gets a map
    without routes.
    """
    (state, before_text), (after_state, after_text) = before, after
    step = gdir.archive_path(turn)
    record = gdir.record(step)
    key = "site-routes-" + hashlib.sha256("\0".join((before_text, after_text, json.dumps(record, sort_keys=True)))
                                          .encode("utf-8")).hexdigest()

    def judge() -> tuple[RaceRoute, ...]:
        if chained(after_state, before_text, record).chain != after_state.chain:
            raise GameFileError(f"{step}: the state after is not chained to this state before and record")
        gmap = gdir.load_map(state)
        _, orders, _ = archived_input(step, record, state, gmap)
        if not isinstance(orders, RacingInput):
            raise GameFileError(f"{step}: not the orders of a racing turn")
        return judged_routes(judged_races(state, gmap, orders, after_state), after_state)

    try:
        return remembered(key, judge, tuple)
    except AdjudicatorError:
        return ()


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
        raise AdjudicatorError(f"{out} is inside the game directory, which holds the passwords and the seed; "
                             "choose a folder elsewhere to publish")
    if target.exists() and not target.is_dir():
        raise AdjudicatorError(f"{out} exists and is not a folder")
    if png and not png_available():
        raise AdjudicatorError(MISSING_PNG)
    game = SiteGame(state, gdir.load_map(state), gdir.read_seed() if state.phase == "over" else None, png,
                    order_page_to(gdir))
    written = _write_all(target, front_pages(game), png)
    for record in turn_records(gdir, state):
        written += _write_all(target, turn_files(game, record), png)
    return SiteWritten(target, tuple(sorted(written)))


def _write_all(target: Path, files: dict[str, str], png: bool) -> list[str]:
    """Write pages and pictures (a map's PNG beside its SVG with ``png``); their names."""
    names = []
    for name, text in sorted(files.items()):
        _write(target / name, text.encode("utf-8"))
        names.append(name)
        if png and name.startswith("maps/") and name.endswith(".svg"):
            picture = name.removesuffix(".svg") + ".png"
            _write(target / picture, svg_to_png(text))
            names.append(picture)
    return names


def _write(path: Path, data: bytes) -> None:
    """Write one file of the site atomically (a reader of a served site sees the old page or the new)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise AdjudicatorError(f"cannot write {path}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise AdjudicatorError(f"cannot write {path}: {exc.strerror}") from None
