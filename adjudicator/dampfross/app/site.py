"""``adjudicate site`` of a Dampfross game: its static HTML archive (the pages come from ``report.site``), read from
the one session's folder (``postal/moves.py: MovesDir``).

Publishes only what is public: the game file's state, the map, each turn's archived states (``archive/step-NNN``,
``game-before.json`` and ``game-after.json``) and its public report ``reports/move-NNN.txt`` as it was sent (as its
step sealed it); the seed only once the game is over, when the final report has revealed it anyway.  Private
reports, the players' mails and passwords are never read.  To draw a racing turn's race routes (every valid entry's
route, which its public report lists) the turn's entries are judged again from the orders its step's game-before
holds (those accepted, the GM's section), once (its races are not run: no seed is read): the routes are kept in the
application's cache; the orders read for them are never written into the site.

The site is written turn by turn: one turn's states are read, its page and map written, and they are let go before
the next turn is read, so the memory a site needs does not grow with the game (docs/pictures.md has the figures).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.dampfross.app.pictures import MISSING_PNG, loaded, png_available, svg_to_png
from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.dampfross.racing.judged import judged_races
from adjudicator.dampfross.racing.turn import RacingInput
from adjudicator.dampfross.report.playwords import dated
from adjudicator.dampfross.report.site import SiteGame, TurnRecord, front_pages, turn_files
from adjudicator.dampfross.report.svg import RaceRoute, judged_routes
from adjudicator.kernel.errors import AdjudicatorError, GameFileError
from adjudicator.kernel.play import at_deadline
from adjudicator.kernel.table import Table
from adjudicator.postal.cache import remembered
from adjudicator.postal.files import sha256
from adjudicator.postal.mailconfig import order_page_to
from adjudicator.postal.moves import MovesDir
from adjudicator.postal.sealed import read_exact


@dataclass(frozen=True)
class SiteWritten:
    """What ``write_site`` did: the folder, the files written (relative paths), the pages among them."""

    out: Path
    files: tuple[str, ...]

    @property
    def pages(self) -> tuple[str, ...]:
        return tuple(f for f in self.files if f.endswith(".html"))


@dataclass(frozen=True)
class Archived:
    """One file of a step's game (``game-before.json``, ``game-after.json``) as read: its text, the game file's
    document and the state in it."""

    text: str
    doc: dict[str, Any]
    state: Any


def archived(play: DampfrossPlay, step: Path, which: str) -> Archived:
    """A step's game ``before`` or ``after`` it (``GameFileError`` naming the file when it cannot be read)."""
    path = step / f"game-{which}.json"
    text = read_exact(path)
    try:
        doc = json.loads(text)
        return Archived(text, doc, play.load(doc["state"]))
    except (ValueError, KeyError, TypeError, GameFileError) as exc:
        raise GameFileError(f"{path}: not a game file ({exc})") from None


def turn_records(folder: MovesDir, play: DampfrossPlay) -> Iterator[TurnRecord]:
    """Turn 0 (the opening) and every turn resolved, one at a time: its states and public report text.

    The state before a turn is the state after the one before it unless a step came between (a correction, a
    deadline: then its own archived game is read).  A racing turn's race routes come from the cache when a site
    was made of it before, else from judging its entries again (``_routes``).
    """
    previous: Archived | None = None
    for step, record in folder.moves():
        kind = record.get("kind")
        if kind == "opening":
            previous = archived(play, step, "after")
            yield TurnRecord(0, previous.state, None, _public_report(folder, record))
            continue
        if kind != "move" or previous is None:
            continue
        before_text = read_exact(step / "game-before.json")
        before = previous if before_text == previous.text else archived(play, step, "before")
        after = archived(play, step, "after")
        routes = _routes(play, step, before, after) if before.state.phase == "racing" else ()
        yield TurnRecord(int(record["move"]), after.state, before.state, _public_report(folder, record), routes)
        previous = after


def _routes(play: DampfrossPlay, step: Path, before: Archived, after: Archived) -> tuple[RaceRoute, ...]:
    """A racing turn's race routes, from its step: the game before it (its state, the orders the table accepted
    for it, the GM's section) and the state after it.

    The routes are those of the entries the turn's races judged valid (``racing/judged.py``): the trains are made
    again from the orders (``BEST`` searched), but no race is run, no die rolled and no report written.  They are
    kept in the application's cache (``postal/cache.py``) under the SHA-256 of the step's games and record, which
    fix them: a site made again judges only the turns it has not seen.  A step that does not hold together (its
    game after not chained to its game before and record: ``verify`` says why) gets a map without routes.
    """
    record_text = read_exact(step / "record.json")
    key = "site-routes-" + hashlib.sha256("\0".join((before.text, after.text, record_text)).encode("utf-8")).hexdigest()

    def judge() -> tuple[RaceRoute, ...]:
        chain = after.doc.get("chain", {})
        if chain != {"previous": sha256(before.text), "record": sha256(record_text)}:
            raise GameFileError(f"{step}: the game after is not chained to the game before and the record")
        state, after_state = before.state, after.state
        orders = judged_input(play, state, Table.from_json(before.doc["table"], step.name), json.loads(record_text))
        if not isinstance(orders, RacingInput):
            raise GameFileError(f"{step}: not the orders of a racing turn")
        return judged_routes(judged_races(state, play.gmap(state), orders, after_state), after_state)

    try:
        return remembered(key, judge, tuple)
    except (AdjudicatorError, KeyError, ValueError, TypeError):
        return ()


def judged_input(play: DampfrossPlay, state: Any, table: Table, record: dict[str, Any]) -> Any:
    """The engine's input of the turn a step of kind ``move`` resolved (the state before it, the table before it,
    its record), as the session resolved it: the orders the table accepted, at the deadline the stand-ins of the
    companies without (standing orders), the GM's section (``postal/moveverify.py: resolved_again`` resolves the
    same)."""
    from adjudicator.postal.gmsection import gm_orders
    from adjudicator.postal.periods import accepted_orders

    orders = accepted_orders(play, state, table)
    if record.get("due") or record.get("by") in ("gm", "converted"):
        orders = at_deadline(play, state, orders)
    _settled, turn_input, _notes = play._input(state, play.gmap(state), orders, standing=True,
                                                gm=gm_orders(play, state, table))
    return turn_input


def _public_report(folder: MovesDir, record: dict[str, Any]) -> str | None:
    """The public report of a move as sent (``None``: not in the folder, or changed since its step sealed it)."""
    try:
        return folder.report_of(record)
    except GameFileError:
        return None


def write_site(directory: str | Path, out: str | Path, play: DampfrossPlay, png: bool = False) -> SiteWritten:
    """Write the site of the game in ``directory`` into the folder ``out`` (created if need be).

    ``play``: the game's play (its map loader reads the folder's map).  ``png`` also writes each turn's map as
    PNG; without resvg-py and Pillow that is an error before anything is written.
    """
    folder = MovesDir(directory)
    target = Path(out)
    if target.resolve() == folder.path.resolve() or folder.path.resolve() in target.resolve().parents:
        raise AdjudicatorError(f"{out} is inside the game directory, which holds the passwords and the seed; "
                               "choose a folder elsewhere to publish")
    game = loaded(folder, play)
    if target.exists() and not target.is_dir():
        raise AdjudicatorError(f"{out} exists and is not a folder")
    if png and not png_available():
        raise AdjudicatorError(MISSING_PNG)
    state = dated(game.state, game.table)
    site = SiteGame(state, play.gmap(state), folder.read_seed() if state.phase == "over" else None, png,
                    order_page_to(folder))
    written = _write_all(target, front_pages(site), png)
    for record in turn_records(folder, play):
        written += _write_all(target, turn_files(site, record), png)
    return SiteWritten(target, tuple(sorted(written)))


def site_text(done: SiteWritten) -> str:
    """What ``adjudicate site`` tells the GM."""
    return (f"wrote {len(done.pages)} pages and {len(done.files) - len(done.pages)} pictures to {done.out}; "
            f"open {done.out / 'index.html'}")


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
