"""Running a turn from order files: the GM's main command and the players' preview.

This is the edge around the pure core: it finds the game, reads the order
files, checks passwords, turns resolved orders into the engine's input,
adjudicates, renders the reports and (unless it is a dry run or a check)
archives everything and replaces ``game.json`` last.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cached_property, partial
from pathlib import Path
from typing import Any

from adjudicator.dampfross.app.botseats import BotFile, bots_of, with_bots
from adjudicator.dampfross.app.orderfiles import read_files
from adjudicator.dampfross.app.store import GameDir, chained, record_of_turn, used_files
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.engine import caretaker
from adjudicator.dampfross.engine.turn import TurnInput, TurnResult, adjudicate_turn, building_turn
from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.game.dice import DiceRoller
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders import Note, OrderSet, Pos, ReceivedFiles, parse_orders, usable
from adjudicator.dampfross.orders.codes import NoteCode, args
from adjudicator.dampfross.orders.sections import MailPlace
from adjudicator.dampfross.orders.translate import GMNote
from adjudicator.dampfross.report.orderwords import unusable_text
from adjudicator.kernel.deadline import after_turn
from adjudicator.kernel.errors import AdjudicatorError, GameFileError, TurnRefused
from adjudicator.postal.files import sha256


class PrivateReports(Mapping[str, str]):
    """The companies' private reports, each rendered when first asked for (a replay may want one or none)."""

    def __init__(self, companies: Sequence[str], render: Callable[[str], str]):
        self._companies = tuple(companies)
        self._render = render
        self._done: dict[str, str] = {}

    def __getitem__(self, pid: str) -> str:
        if pid not in self._companies:
            raise KeyError(pid)
        if pid not in self._done:
            self._done[pid] = self._render(pid)
        return self._done[pid]

    def __iter__(self) -> Iterator[str]:
        return iter(self._companies)

    def __len__(self) -> int:
        return len(self._companies)


@dataclass
class TurnRun:
    """Everything one run produced: the result, the reports, what to tell the GM.

    The reports are rendered when first asked for: ``verify`` replays every
    turn for its state alone.
    """

    gdir: GameDir
    orders: OrderSet
    result: TurnResult
    render_public: Callable[[], str]
    private: Mapping[str, str]
    public_in: Callable[[str], str]
    """The public report in another language (for the mail of a company that reads it)."""
    notes: list[GMNote] = field(default_factory=list)
    bots: tuple[BotFile, ...] = ()
    """The orders bots wrote for the seats they played (a bot seat, the caretaker's company: ``app/botseats.py``)."""

    @cached_property
    def public(self) -> str:
        """The public report."""
        return self.render_public()

    def gm_warnings(self) -> list[str]:
        """Warnings for the GM: the GM's races that break a rule (manual dice); a building turn has none."""
        if building_turn(self.result, self.result.before.phase):
            return []
        from adjudicator.dampfross.report.racing import gm_warnings  # racing's reports: imported by racing turns

        return gm_warnings(self.result)


def find_game(received: ReceivedFiles, game_dir: str | None) -> GameDir:
    """The game the orders are for: ``--game DIR``, else the GAME line's name.

    A GAME line ``demo`` means ``./demo/game.json``, or ``./game.json`` when
    that game's id is ``demo``.
    """
    if game_dir:
        return GameDir(game_dir)
    orders = received.orders()
    name = orders.game
    if not name:
        if GameDir(".").exists():
            return GameDir(".")
        refuse_unreadable(orders)  # a mistyped file name: say that, not that its GAME line is missing
        raise GameFileError("the orders have no GAME line and there is no game.json here; "
                            "name the game with --game DIR")
    for candidate in (Path(name), Path(".")):
        gdir = GameDir(candidate)
        if gdir.exists() and _game_id(gdir) == name:
            return gdir
    raise GameFileError(f"GAME {name}: no game of that id in ./{name}/ or ./ ; name the game with --game DIR")


def _game_id(gdir: GameDir) -> str | None:
    try:
        found = json.loads(gdir.game_file.read_text(encoding="utf-8")).get("game_id")
        return found if isinstance(found, str) else None
    except (OSError, ValueError):
        return None


@dataclass(frozen=True)
class RunOptions:
    """How the GM runs a turn: ``trust`` (the GM typed the orders: no passwords), the GM's own files;
    ``standing``: companies without a mail play their standing orders (a turn; ``check`` of a mail prices the
    mail's orders alone, and never shows another company's standing orders, reading 110)."""

    trust: bool = False
    gm_files: tuple[str, ...] = ()
    standing: bool = True
    accepted: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Per order file that came by mail, the companies whose section the robot accepted when it came (their
    password right then): a password reset since never voids them (issue 32; ``settle_orders``)."""


def prepare(gdir: GameDir, received: ReceivedFiles, options: RunOptions
            ) -> tuple[GameState, GameMap, OrderSet, TurnInput, list[GMNote]]:
    """Read the game and the orders; refuse a turn that cannot be run; settle whose orders count."""
    state = gdir.load_state()
    gmap = gdir.load_map(state)
    return (state, gmap, *settle(state, gmap, received, options))


def settle(state: GameState, gmap: GameMap, received: ReceivedFiles, options: RunOptions
           ) -> tuple[OrderSet, TurnInput, list[GMNote]]:
    """The orders on the map, settled (whose count), as the engine's input; ``TurnRefused`` when they cannot make
    a turn (``orders/usable.py``)."""
    gm_files = tuple(str(Path(f)) for f in options.gm_files)
    done = usable.settle(state, gmap, received.orders(game=state.game_id, turn=state.turn), options.trust, gm_files,
                         standing=options.standing, accepted=dict(options.accepted))
    if isinstance(done, usable.Unusable):
        raise TurnRefused(unusable_text(done))
    return done.orders, done.turn_input, list(done.notes)


def refuse_unreadable(orders: OrderSet) -> None:
    """Refuse orders of which a file cannot be read (missing, a directory without order files, too big)."""
    refused = usable.unreadable(orders)
    if refused is not None:
        raise TurnRefused(unusable_text(refused))


def run_turn(paths: Sequence[str], game_dir: str | None, options: RunOptions, dry_run: bool,
             now: datetime | None = None) -> TurnRun:
    """Adjudicate one turn, holding the game's lock; write nothing when ``dry_run``.

    ``now`` is the time of the run (the clock's by default): a game with
    deadlines takes the next one from it.
    """
    received = read_files(paths)
    gdir = find_game(received, game_dir)
    if dry_run:
        state, gmap, orders, turn_input, notes = prepare(gdir, received, options)
        return _adjudicate(gdir, state, gmap, orders, turn_input, notes)
    with gdir.lock():
        return commit_run(gdir, received, options, now or datetime.now(UTC))


def commit_run(gdir: GameDir, received: ReceivedFiles, options: RunOptions, ran_at: datetime) -> TurnRun:
    """Adjudicate the turn from files already read and archive it; the caller holds the game's lock.

    The record names the files in the order used; a file that came by mail
    also records the mail's arrival (``received.places``), a file a bot wrote
    the bot (reading 98: the bots write the orders of the seats they play
    after the files given, ``app/botseats.py``), a game with deadlines the
    time of the run, so a replay reproduces the state exactly.
    """
    state, state_text = gdir.read_state()
    gmap = gdir.load_map(state)
    orders, turn_input, notes = settle(state, gmap, received, options)
    bots = bots_of(gdir, state, gmap, {s.player for s in orders.sections})
    if bots:
        received = with_bots(received, bots)
        orders, turn_input, notes = settle(state, gmap, received, options)
    encodings = {n.pos.file: str(dict(n.args)["encoding"]) for n in received.notes if n.code is NoteCode.NOT_UTF8}
    files = used_files(received.texts, encodings)
    gm_used = [f.archived_as for f in files if str(Path(f.given_as)) in {str(Path(g)) for g in options.gm_files}]
    record = record_of_turn(state.turn, files, options.trust, gm_used)
    archived_as = {f.given_as: f.archived_as for f in files}
    if options.accepted:
        record["accepted"] = {archived_as[name]: list(companies) for name, companies in options.accepted
                              if name in archived_as}
    if received.places:
        mails = {name: {"arrived": arrived, "part": part} for name, arrived, part in received.places}
        for f in record["files"]:
            if f["given_as"] in mails:
                f["mail"] = mails[f["given_as"]]
    quoted = dict(received.quoted)  # read up to the robot's own mail quoted in it (issue 32): so is the replay
    for f in record["files"]:
        if f["given_as"] in quoted:
            f["quoted"] = quoted[f["given_as"]]
    written = {b.name: b.record() for b in bots}
    for f in record["files"]:
        if f["given_as"] in written:
            f["bot"] = written[f["given_as"]]
    if state.schedule is not None:
        record["ran_at"] = ran_at.astimezone(UTC).replace(microsecond=0).isoformat()
    run = replace(_adjudicate(gdir, state, gmap, orders, turn_input, notes, record, sha256(state_text)),
                  bots=tuple(bots))
    reports: dict[str | None, str] = {None: run.public}
    reports.update(run.private)
    gdir.commit_turn(state, run.result.after, files, record, reports, state_text)
    return run


def _adjudicate(gdir: GameDir, state: GameState, gmap: GameMap, orders: OrderSet, turn_input: TurnInput,
                notes: list[GMNote], record: Mapping[str, Any] | None = None, state_sha256: str | None = None
                ) -> TurnRun:
    """The turn and its reports; with ``record`` (a real run) the state after is chained to the one before
    (the SHA-256 of whose text, ``state_sha256``, a run or a replay has at hand)."""
    seed = gdir.read_seed()
    if state.dice_mode == "hmac" and not seed:
        raise TurnRefused(f"{gdir.path}: the dice seed file is missing; only the GM's copy can adjudicate")
    roller = DiceRoller(seed, state.game_id) if seed and state.dice_mode == "hmac" else None
    result = adjudicate_turn(state, gmap, turn_input, roller)
    if record is not None and state.schedule is not None and record.get("ran_at"):
        ran_at = datetime.fromisoformat(str(record["ran_at"]))
        schedule = after_turn(state.schedule, ran_at, result.after.phase == "over")
        result = replace(result, after=replace(result.after, schedule=schedule))
    if record is not None:  # the caretaker's seats (reading 97): a run's or a replay's, never a preview's
        bot_names = {f["given_as"] for f in record.get("files", []) if f.get("bot")}
        owners = {s.player for s in orders.sections if s.pos.file not in bot_names}
        result = replace(result, after=caretaker.after_turn(result.after, owners))
        result = replace(result, after=chained(result.after, None if state_sha256 else gamefile.dumps(state), record,
                                               state_sha256))
    if building_turn(result, state.phase):
        from adjudicator.dampfross.report.building import building_report, private_report  # building turns only

        building = result
        public = partial(building_report, building, gmap, orders)
        private = PrivateReports(state.player_ids, lambda pid: private_report(building, gmap, pid, orders))
        public_in = partial(building_report, building, gmap, orders)
    else:
        from adjudicator.dampfross.report.racing import private_racing_report, racing_report  # racing turns only

        racing, revealed = result, seed if result.after.phase == "over" else None
        public = partial(racing_report, racing, gmap, revealed, orders)
        private = PrivateReports(state.player_ids, lambda pid: private_racing_report(racing, gmap, pid, orders,
                                                                                     revealed))
        public_in = partial(racing_report, racing, gmap, revealed, orders)
    return TurnRun(gdir, orders, result, public, private, public_in, notes)


def replay_turn(gdir: GameDir, turn: int, before: GameState | None = None) -> TurnRun:
    """Adjudicate an archived turn again from its state-before and orders, with today's templates.

    ``before``: the state-before when the caller has it already (the state a
    replay of the step before ended with, whose SHA-256 is the one this turn
    recorded for its state-before): a walk through the whole game reads no
    state twice, and writes none out (the replay is compared with the
    archived state as a document).
    Refuses when the replay does not reproduce the archived state-after.
    """
    step = gdir.archive_path(turn)
    if before is None:
        before, before_text = gdir.archived_state(step, "before")
        before_sha256 = sha256(before_text)
    else:
        before_sha256 = gdir.states.sha256_of(step, "before")
    gmap = gdir.load_map(before)
    record = gdir.record(step)
    settled, turn_input, notes = archived_input(step, record, before, gmap)
    run = _adjudicate(gdir, before, gmap, settled, turn_input, notes, record, before_sha256)
    if not gamefile.holds_doc(gdir.states.doc_after(step), run.result.after):
        raise GameFileError(f"replaying turn {turn} does not reproduce its archived state; the archive may be damaged")
    return run


def archived_input(step: Path, record: Mapping[str, Any], before: GameState, gmap: GameMap
                   ) -> tuple[OrderSet, TurnInput, list[GMNote]]:
    """An archived turn's orders settled as its run settled them (``settle``): the files from the archive, the
    GM's trust and files from the step's ``record``."""
    gm_files = tuple(f["given_as"] for f in record["files"] if f["archived_as"] in record.get("gm_files", []))
    accepted = tuple((f["given_as"], tuple(record["accepted"][f["archived_as"]])) for f in record["files"]
                     if f["archived_as"] in record.get("accepted", {}))
    return settle(before, gmap, archived_files(step, record), RunOptions(bool(record.get("trust")), gm_files,
                                                                         accepted=accepted))


def archived_files(step: Path, record: Mapping[str, Any]) -> ReceivedFiles:
    """A turn's order files as the run read them: from the archive, in the order used, each checked by its SHA-256."""
    texts: list[tuple[str, str]] = []
    notes: list[Note] = []
    places: list[MailPlace] = []
    cuts: list[int | None] = []
    for f in record.get("files", []):
        if isinstance(f.get("mail"), dict):
            places.append((f["given_as"], str(f["mail"].get("arrived", "")), str(f["mail"].get("part", ""))))
        path = step / "orders" / f["archived_as"]
        try:
            text = path.read_bytes().decode("utf-8")  # as stored: CR LF and lone CR line ends kept
        except (OSError, UnicodeDecodeError) as exc:
            raise GameFileError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
        if sha256(text) != f["sha256"]:
            raise GameFileError(f"{path} is not the file the turn was run with (its SHA-256 differs)")
        texts.append((f["given_as"], text))
        cuts.append(f["quoted"] if isinstance(f.get("quoted"), int) else None)
        if f.get("encoding"):
            notes.append(Note(NoteCode.NOT_UTF8, Pos(f["given_as"], 1), args(encoding=f["encoding"])))
    parsed = tuple(parse_orders(text, given, cut) for (given, text), cut in zip(texts, cuts, strict=True))
    return ReceivedFiles(parsed, tuple(texts), (), tuple(notes), tuple(places),
                         tuple((given, cut) for (given, _), cut in zip(texts, cuts, strict=True) if cut is not None))


def public_report(gdir: GameDir, state: GameState, turn: int, lang: str) -> str | None:
    """The public report of turn ``turn`` (0: the opening) in ``lang``: as archived when ``lang`` is the game's,
    else made again, the opening from its archived state, a turn replayed (``None``: there is no such report; an
    archive that does not replay gives the report as archived)."""
    path = gdir.report_path(turn)
    if turn < 0 or not path.is_file():
        return None
    archived = path.read_text(encoding="utf-8")
    if lang == state.lang:
        return archived
    try:
        if turn == 0:
            from adjudicator.dampfross.report.building import opening_report

            opened, _ = gdir.archived_state(gdir.archive_path(0), "after")
            return opening_report(opened, gdir.load_map(opened), lang)
        return replay_turn(gdir, turn).public_in(lang)
    except AdjudicatorError:
        return archived
