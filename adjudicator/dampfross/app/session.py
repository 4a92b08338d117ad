"""Dampfross's GM commands on a game of the one session (issue 34): ``SessionCommands``, the one session's commands of
its play (``app/gm.py: session_commands``, those of every game of moves, ``self.moves``) with what only Dampfross
has, read from the session's folder (``postal/moves.py: MovesDir``).

``dampfross/app/gm.py`` hands every command of a Dampfross game to it (a folder of the old format is upgraded
first: ``convert.py``).  What each tells the GM is the old format's text where the session can make
it (``tests/test_dampfross_session_gm.py`` compares them on one game in both formats):

* ``check``: ``check.py``'s over the session's state; ``route``: the same advice (``commands.py: routes_text``);
* ``report --player``: the company's private report as the old format printed it: a turn converted from the old
  format its file kept under ``old-format/reports/``, a turn of the session resolved again from its step (the
  orders accepted, the GM's section, the seed); ``--archived``, or without the seed, the company's report mail as
  archived with the step; the public report is the session's, sealed when it was sent;
* ``status --json``: the old keys (``postal.py: GameStatus.to_json``, ``bots_json``) beside the session's;
* ``run``: Dampfross's own reading of the files for the GM (problems with file, line and column, notes, the GM's
  races that break a rule) while the session resolves the turn (``app/moverun.py``); ``run`` and ``check`` without
  ``--game`` find the folder by the GAME line (``find_folder``);
* the corrections (``fix balance``, ``fix track``, ``fix rule``, ``player retire``, ``player address``/``lang``/
  ``replace``, ``caretaker``): each a Dampfross ``Correction`` in a step of kind ``fix``, ``fix`` ``play``, of the
  session's chain (``GmCommands.correct``; ``kernel/play.py: Corrections``, ``DampfrossPlay.correct``), so ``verify``
  applies it again and the next report prints it as it always did (the state's ``corrections``); what it changes of
  a seat (address, language, password, caretaker) the same step sets in the table (``postal/movefix.py:
  apply_fix``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.app.gm import GmCommands, Ran, session_commands
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.engine.turn import TurnResult, building_turn
from adjudicator.dampfross.game.codec import correction_to_json
from adjudicator.dampfross.game.state import Correction, CorrectionKind, GameState
from adjudicator.dampfross.orders.translate import GMNote, GMNoteCode
from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.kernel import passwords
from adjudicator.kernel.contacts import check_address, check_name
from adjudicator.kernel.errors import AdjudicatorError, GameFileError
from adjudicator.postal.moves import Loaded, MovesDir
from adjudicator.postal.playof import play_of

if TYPE_CHECKING:
    from adjudicator.postal.tick import Tick


def is_session(directory: str | Path) -> bool:
    """Whether the folder holds a Dampfross game of the one session (its game file names the play)."""
    return play_of(Path(directory)) == "dampfross"


def find_folder(paths: Sequence[str]) -> str:
    """The folder of the Dampfross game the orders name by their GAME line: ``./NAME/``, or ``./`` when that game's
    id is ``NAME``; without a GAME line, ``./`` when it holds a game.  A folder of the old format counts too (the
    command upgrades it).  ``GameFileError`` in one line when there is none (a file that cannot be read is said
    first: a mistyped file name, not a missing GAME line)."""
    from adjudicator.dampfross.app.orderfiles import read_files, refuse_unreadable

    orders = read_files(paths).orders()
    name = orders.game
    if not name:
        if (Path(".") / "game.json").is_file():
            return "."
        refuse_unreadable(orders)
        raise GameFileError("the orders have no GAME line and there is no game.json here; name the game with "
                            "--game DIR")
    for candidate in (Path(name), Path(".")):
        if _game_id(candidate) == name:
            return str(candidate)
    named = Path(name) / "game.json"
    if named.is_file():  # ./NAME/ holds a game file that cannot be read: said, naming it
        try:
            json.loads(named.read_bytes())
        except (OSError, ValueError) as exc:
            raise GameFileError(f"{named}: cannot be read as a game file ({exc})") from None
    raise GameFileError(f"GAME {name}: no game of that id in ./{name}/ or ./ ; name the game with --game DIR")


def _game_id(folder: Path) -> str | None:
    """The id of the game in ``folder``, of either format (the session's table names it, an old game file holds
    it); ``None``: no game there."""
    try:
        doc = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    found = doc.get("table", {}).get("game") if is_session(folder) else doc.get("game_id")
    return found if isinstance(found, str) else None


def folder_maps(directory: str | Path) -> Callable[[GameState], GameMap]:
    """The map loader of the game in ``directory``: its own copy of the map (``map.yaml``, the state's
    ``map_file``), checked by the SHA-256 the state keeps, parsed once a process (``postal/cache.py``)."""
    folder = Path(directory)
    known: dict[tuple[str, str, int, int, int], GameMap] = {}  # the file as read last: its name, SHA-256, stat

    def load(state: GameState) -> GameMap:
        from adjudicator.dampfross.board.errors import MapError
        from adjudicator.postal.files import sha256

        path = folder / state.map_file
        try:
            st = path.stat()
            key = (state.map_file, state.map_sha256, st.st_ino, st.st_size, st.st_mtime_ns)
            if key in known:  # a turn asks for the map a dozen times: the file unchanged since it was read
                return known[key]
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise GameFileError(f"{path}: missing") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise GameFileError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
        if sha256(text) != state.map_sha256:
            raise GameFileError(f"{path} has changed since the game started (its SHA-256 no longer matches game.json)")
        try:
            gmap = _parsed_map(text, state.map_file)
        except MapError as exc:
            raise GameFileError(f"{path}: the game's map no longer loads: {exc.problems[0]}") from None
        known.clear()
        known[key] = gmap
        return gmap

    return load


@lru_cache(maxsize=4)
def _parsed_map(text: str, source: str) -> GameMap:
    """A game's map, parsed once a process and kept in the cache on disk, what its geometry derives worked out
    (the key: the text, its name in the game, the code that reads maps; every game of a map shares one copy)."""
    import hashlib
    from functools import cached_property

    from adjudicator.postal.cache import remembered

    def parsed() -> GameMap:
        from adjudicator.dampfross.board.mapfile import parse_map

        gmap = parse_map(text, source)
        for name, attr in vars(GameMap).items():
            if isinstance(attr, cached_property):
                getattr(gmap, name)
        return gmap

    key = "map-" + hashlib.sha256(_map_code() + f"\n{source}\n{text}".encode()).hexdigest()[:40] + ".pickle"
    return remembered(key, parsed, GameMap)


@lru_cache(maxsize=1)
def _map_code() -> bytes:
    """The source of the modules that read maps and derive from them (found, not imported)."""
    import importlib.util

    specs = (importlib.util.find_spec(f"adjudicator.dampfross.board.{name}") for name in ("model", "mapfile",
                                                                                          "advancedfile"))
    return b"".join(Path(spec.origin).read_bytes() for spec in specs if spec is not None and spec.origin)


def stamp() -> str:
    """The time now, UTC, to the second (for the GM's corrections)."""
    import time

    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _recorded(c: Correction) -> str:
    return f"correction {c.number} recorded; the next report prints it"


class SessionCommands(GmCommands):
    """The GM commands of a Dampfross game of the one session (see the module): the session's own
    (``self.moves``) and Dampfross's."""

    name = "dampfross"
    own_fixes = "correct it with 'adjudicate fix balance', 'fix track' or 'fix rule'"

    def __init__(self, directory: str):
        self.dplay = DampfrossPlay(folder_maps(directory))
        self.play = self.dplay
        self.moves = session_commands(self.dplay)

    # --- the session's own -----------------------------------------------------------------------------------

    def tick(self, directory: str, now: datetime, t: Tick) -> None:
        self.moves.tick(directory, now, t)

    def status(self, directory: str) -> str:
        """The GM's status as the old format gave it (``postal.py: status``): per company the arrival of the mail
        whose orders count and whether every order would be carried out (its problems counted), who is missing, the
        mails waiting or not answered yet, then the bots."""
        from adjudicator.dampfross.report.botwords import status_lines
        from adjudicator.dampfross.report.mail import status_text, verdict_text
        from adjudicator.dampfross.report.playwords import dated

        doc = self.status_json(directory)
        game = self._game(directory)
        state = dated(game.state, game.table)
        rows: list[tuple[str, str, str]] = []
        partial: list[str] = []
        for row in doc["companies"]:  # type: ignore[attr-defined]
            pid, accepted = str(row["company"]), game.table.accepted(str(row["company"]))
            if accepted is None:
                rows.append((pid, "", ""))
                continue
            made, _ = self.play.read(state, pid, accepted.numbered())
            complete = made is not None and self.dplay.preview(state, pid, made).complete
            code = "problems" if row["problems"] else "valid" if complete else "partial"
            rows.append((pid, str(row["arrived"] or ""), verdict_text(code, count=int(row["problems"]))))
            partial += [pid] if code != "valid" and pid in state.in_play else []
        missing = [str(m) for m in doc["missing"]]  # type: ignore[attr-defined]
        text = status_text(state, rows, missing, int(doc["outbox_waiting"]),  # type: ignore[call-overload]
                           int(doc["unanswered"]), partial)  # type: ignore[call-overload]
        return text + "".join(f"{b}\n" for b in status_lines(state))

    def fetch(self, directory: str, now: datetime | None) -> Tick:
        return self.moves.fetch(directory, now)

    def set_deadline(self, directory: str, settings: Sequence[tuple[str, str]], why: str) -> str:
        return self.moves.set_deadline(directory, settings, why)

    def extend_deadline(self, directory: str, period: str, why: str) -> str:
        return self.moves.extend_deadline(directory, period, why)

    def hold(self, directory: str, held: bool, why: str) -> str:
        return self.moves.hold(directory, held, why)

    def verify(self, directory: str, seed: str | None) -> tuple[bool, list[str]]:
        return self.moves.verify(directory, seed)

    def reveal(self, directory: str) -> str:
        return self.moves.reveal(directory)

    def undo(self, directory: str) -> str:
        return self.moves.undo(directory)

    def site(self, directory: str, out: str, png: bool) -> str:
        """The Dampfross site (``site.py``) of the session's folder: its pages and each turn's map, a racing
        turn's with its races' routes, as PNG too with ``png``."""
        from adjudicator.dampfross.app.site import site_text, write_site

        return site_text(write_site(directory, out, self.dplay, png))

    def _game(self, directory: str) -> Loaded:
        return MovesDir(directory).load(self.play)

    def state(self, directory: str) -> GameState:
        """The game's state now (``rules show DIR``)."""
        state: GameState = self._game(directory).state
        return state

    # --- turns -------------------------------------------------------------------------------------------------

    def run(self, paths: Sequence[str], directory: str | None, trust: bool, gm_files: Sequence[str],
            dry_run: bool, now: datetime | None = None) -> Ran:
        """The turn from order files; the game's lock held from Dampfross's reading of them (which refuses orders
        for a turn adjudicated already) to the session's run, so a second run waiting for the first refuses them."""
        assert directory is not None  # gm.py finds the folder by the GAME line first
        if dry_run:
            return self._run(paths, directory, trust, gm_files, dry_run, now)
        with MovesDir(directory).lock():
            return self._run(paths, directory, trust, gm_files, dry_run, now)

    def _run(self, paths: Sequence[str], directory: str, trust: bool, gm_files: Sequence[str],
             dry_run: bool, now: datetime | None = None) -> Ran:
        from adjudicator.dampfross.app.orderfiles import read_files, settle  # not check.py (its previews)
        from adjudicator.dampfross.report.orderwords import format_problem
        from adjudicator.dampfross.report.phrases import gm_note_text

        assert directory is not None  # gm.py finds the folder by the GAME line first
        game = self._game(directory)
        read = [*paths, *(f for f in gm_files if f not in paths)]
        orders, _input, notes = settle(with_passwords(game), self.dplay.gmap(game.state), read_files(read), trust,
                                       gm_files)
        told = [format_problem(problem) for problem in orders.problems]
        ran = self.moves.run(paths, directory, trust, gm_files, dry_run, now)  # its lines say of the same sections less
        notes = _standing_told(game.state, notes, ran.stand_in)  # whose standing orders stood in for a mail (112)
        told += [f"warning: {gm_note_text(note)}" for note in notes]
        racing_by_hand = game.state.dice_mode == "manual" and not building_turn_of(game.state)
        if racing_by_hand and not dry_run:  # the GM's races that break a rule, from the turn as archived
            from adjudicator.dampfross.report.racing import gm_warnings
            from adjudicator.postal.moveverify import resolved_again

            again = resolved_again(MovesDir(directory), self.dplay, game.table.moves + 1)
            told += [f"warning: {w}" for w in gm_warnings(again[1].result)] if again is not None else []
        done = ran.done if dry_run else f"turn {game.state.turn} adjudicated; reports in {Path(directory) / 'reports'}"
        return Ran(tuple(told), ran.public, done)

    def check(self, paths: Sequence[str], directory: str | None, trust: bool) -> tuple[str, bool]:
        from adjudicator.dampfross.app.check import check_received
        from adjudicator.dampfross.app.orderfiles import read_files

        assert directory is not None
        state = with_passwords(self._game(directory))
        checked = check_received(None, read_files(paths), trust, loaded=(state, self.dplay.gmap(state)))
        return checked.text, checked.ok

    def route(self, directory: str, origin: str, destination: str, player: str, count: int) -> str:
        from adjudicator.dampfross.app.commands import routes_text

        state = self._game(directory).state
        return routes_text(state, self.dplay.gmap(state), origin, destination, player, count)

    def report(self, directory: str, turn: int | None, player: str | None, archived: bool, every: bool) -> str:
        """The public report as the session sealed it (a session's report is never made again: ``--archived``
        changes nothing), or a company's private report of that turn as the old format printed it: a turn converted
        from the old format its file kept under ``old-format/reports/``, a turn of the session resolved again from
        its step (the orders accepted, the GM's section, the seed: ``private_report``); with ``--archived``, or
        when the seed is not at hand, the company's report mail as archived with the turn's step."""
        if not player:
            return self.moves.report(directory, turn, None, archived, every)
        folder = MovesDir(directory)
        table = self._game(directory).table
        pid = player.strip().upper()
        if table.find(pid) is None:
            raise AdjudicatorError(f"no company {pid} in game {table.game}")
        numbers = range(table.moves + 1) if every else [table.moves if turn is None else turn]
        steps = {n: step for n, step in folder.move_steps().items() if n}
        texts = []
        for n in numbers:
            text = folder.sent_report(0) if n == 0 else None
            if n in steps:
                text = _private(self.dplay, folder, steps[n], pid, archived)
            if text is None:
                raise AdjudicatorError(f"no report of turn {n} for {pid} in {folder.path / 'archive'} "
                                       f"(turns so far: {table.moves})")
            texts.append(text)
        return "\f\n".join(texts)

    def status_json(self, directory: str) -> dict[str, object]:
        """The session's keys, and the old format's that scripts read (``postal.py: GameStatus.to_json``,
        ``bots_json``), from the table, the state and the mail folders: a company's row says when the mail whose
        orders the session accepted arrived (in the game's time zone) and how many of its lines are problems
        (``verdict`` ``valid`` or ``problems``: the session accepts no orders ``check`` would call ``partial`` apart
        from them); ``missing`` the companies in play without orders, a bot, the caretaker or standing orders."""
        doc = self.moves.status_json(directory)
        game = self._game(directory)
        t, state = game.table, game.state
        arrived = {str(seat["id"]): seat.get("orders_arrived") for seat in doc["seats"]}  # type: ignore[attr-defined]
        rows = []
        for p in state.players:
            accepted = t.accepted(p.id)
            if accepted is None:
                rows.append({"company": p.id, "arrived": None, "verdict": None, "problems": 0})
                continue
            made, _ = self.play.read(state, p.id, accepted.numbered())
            n = len(made.problems) if made is not None else 0
            rows.append({"company": p.id, "arrived": arrived.get(p.id), "verdict": "problems" if n else "valid",
                         "problems": n})
        missing = [sid for sid in self.play.to_act(state) if t.accepted(sid) is None and not t.seat(sid).played_by
                   and state.player(sid).standing is None]
        return {**doc, "turn": state.turn, "phase": state.phase, "in_play": list(state.in_play), "companies": rows,
                "missing": missing,
                "standing": {p.id: p.standing.to_json() for p in state.players if p.standing is not None},
                "caretaker": {"after": t.caretaker_after, "level": t.caretaker_level} if t.caretaker_after else None,
                "bots": {s.id: s.bot for s in t.seats if s.bot},
                "caretaken": {s.id: {"level": s.caretaker, "from": s.caretaker_from} for s in t.seats if s.caretaker}}

    def send(self, directory: str, now: datetime | None, retry: bool, turn: int | None = None,
             player: str | None = None) -> Tick:
        return self.moves.send(directory, now, retry, turn, player)

    # --- corrections ---------------------------------------------------------------------------------------------

    def _correct(self, directory: str, kind: CorrectionKind, why: str, by: str, *, seat: str | None = None,
                 values: Mapping[str, str] | None = None, level: str | None = None, secret: str | None = None,
                 **data: Any) -> tuple[Correction, bool]:
        """One Dampfross correction made as a step of the session (``GmCommands.correct``, ``app/movefix.py:
        fix_own``); the correction, and whether the seat's new password (``secret``) was mailed to it."""
        made: list[Correction] = []

        def record_of(game: Loaded) -> dict[str, Any]:
            state = game.state
            pid = data.get("player")
            if pid is not None and pid not in state.player_ids:
                raise AdjudicatorError(f"no company {pid} in game {state.game_id}")
            c = Correction(len(state.corrections) + 1, state.turn, kind, by, stamp(), why, **data)
            made.append(c)
            record: dict[str, Any] = {"what": kind, "correction": correction_to_json(c), "why": why, "by": by}
            if seat is not None:
                record["seat"] = seat
            if values:
                record["set"] = dict(values)
            if level is not None:
                record["level"] = level
            if kind == "replace":  # the stand-by's count of turns without orders starts at 0 (reading 141)
                record["reset_missed"] = True
            return record

        mailed = self.moves.correct(directory, record_of, secret)
        return made[-1], mailed

    def fix_balance(self, directory: str, player: str, amount: int, why: str, by: str) -> str:
        return _recorded(self._correct(directory, "balance", why, by, player=player.upper(), amount=amount)[0])

    def fix_track(self, directory: str, add: bool, player: str, a: str, b: str, why: str, by: str) -> str:
        return _recorded(self._correct(directory, "track-add" if add else "track-remove", why, by,
                                       player=player.upper(), a=Hex.parse(a), b=Hex.parse(b))[0])

    def fix_rule(self, directory: str, key: str, value: str, why: str, by: str) -> str:
        from adjudicator.dampfross.report.racephrases import race_rule_warnings

        said = _recorded(self._correct(directory, "rule", why, by, key=key, value=value)[0])
        rules = self._game(directory).state.rules
        return "\n".join([said, *(f"warning: {w}" for w in race_rule_warnings(rules))])

    def retire(self, directory: str, player: str, why: str, by: str) -> str:
        c, _ = self._correct(directory, "retire", why, by, player=player.upper())
        return f"{c.player} is out of play from turn {c.turn}; correction {c.number}, printed in the next report."

    def set_address(self, directory: str, player: str, address: str, why: str, by: str) -> str:
        pid, email = player.upper(), check_address(address)
        self._bot_refused(directory, pid, "it has no address or password to correct")
        c, _ = self._correct(directory, "address", why, by, seat=pid, values={"address": email}, player=pid,
                             value=email or None)
        return (f"{c.player}'s mail goes to {c.value or 'nobody (no address)'} from now on; correction {c.number}, "
                "printed in the next report.")

    def set_language(self, directory: str, player: str, lang: str, why: str, by: str) -> str:
        from adjudicator.dampfross.report.i18n import check_language

        pid = player.upper()
        code = "" if lang == "game" else check_language(lang)
        table = self._game(directory).table
        c, _ = self._correct(directory, "lang", why, by, seat=pid, values={"lang": code or table.lang}, player=pid,
                             value=code)
        return (f"{c.player} reads {c.value or 'the game language'} from now on; correction {c.number}, "
                "printed in the next report.")

    def replace_player(self, directory: str, player: str, name: str, address: str, why: str, by: str) -> str:
        pid = player.upper()
        manager, email = check_name(name, "stand-by's name"), check_address(address)
        self._bot_refused(directory, pid, "no stand-by is needed")
        secret = passwords.generate()
        digest = passwords.hash_password(secret)
        c, mailed = self._correct(directory, "replace", why, by, seat=pid, secret=secret,
                                  values={"address": email, "password_hash": digest}, player=pid, manager=manager,
                                  email=email, password_hash=digest)
        said = f"{c.player} is now run by {c.manager}; correction {c.number}, printed in the next report."
        if mailed:
            return (f"{said}\nThe stand-by's mail (the password, the game so far) is queued; the next tick sends "
                    "it.")
        return f"{said}\nNew password for {c.player} (send it to the stand-by only): {secret}"

    def caretaker(self, directory: str, seat: str, level: str | None, why: str, by: str) -> str:
        from adjudicator.dampfross.app.commands import bot_level

        pid = seat.upper()
        game = self._game(directory)
        found = game.table.find(pid)
        if found is None:
            raise AdjudicatorError(f"no company {pid} in game {game.table.game}")
        value = bot_level(level or game.table.caretaker_level or "", "--level") if level is not None else ""
        if not self.play.to_act(game.state):
            raise AdjudicatorError(f"game {game.table.game} is over")
        if found.caretaker == value:
            raise AdjudicatorError(f"the caretaker plays {pid} already ({value})" if value else
                                   f"{pid} is not played by the caretaker")
        c, _ = self._correct(directory, "caretaker", why, by, seat=pid, level=value, player=pid, value=value)
        if c.value:
            return (f"{c.player} is played by the caretaker ({c.value}) from turn {c.turn}; correction {c.number}, "
                    "printed in the next report.")
        return (f"{c.player} is played by its owner again from turn {c.turn}; correction {c.number}, printed in the "
                "next report.")

    def _bot_refused(self, directory: str, pid: str, why: str) -> None:
        found = self._game(directory).table.find(pid)
        if found is not None and found.bot:
            raise AdjudicatorError(f"{pid} is a bot seat ({found.bot}): {why}")


def with_passwords(game: Loaded) -> GameState:
    """The game's state with the passwords its table keeps, for the GM's reading of order files (``check``,
    ``run``'s lines): the table holds each seat's password now (a new one asked by mail, ``PASSWORD RESET``, and
    first used, changes the table alone); the state's copy is the one ``new`` made, changed since only by the GM's
    corrections (``player replace``)."""
    state: GameState = game.state
    hashes = {s.id: s.password_hash for s in game.table.seats}
    players = tuple(replace(p, password_hash=hashes.get(p.id, p.password_hash)) for p in state.players)
    return replace(state, players=players, gm_password_hash=game.table.gm_password_hash or state.gm_password_hash)


def _standing_told(state: GameState, notes: Sequence[GMNote], stand_in: Sequence[str]) -> list[GMNote]:
    """The GM's notes of a turn run (or a dry run), with each company whose standing orders stood in for a mail
    (``stand_in``, as the turn's step says it: reading 112) said so, with its standing orders, instead of "no
    orders carried out"; a company the caretaker played is not among them (reading 117)."""
    kept = [n for n in notes if not (n.code is GMNoteCode.NO_ORDERS_CARRIED_OUT and n.get("player") in stand_in)]
    for pid in stand_in:
        standing = state.player(pid).standing if pid in state.player_ids else None
        if standing is not None:
            kept.append(GMNote(GMNoteCode.STANDING_PLAYED, None,
                               (("player", pid), ("orders", "; ".join(standing.echo())))))
    return kept


def building_turn_of(state: GameState) -> bool:
    """Whether the turn on hand is one of building (its problems and reports are the building phase's)."""
    return state.phase != "racing"


def _mailed_private(mail: str | None) -> str | None:
    """A company's private report as its report mail of the turn holds it (``playwords.py: seat_report``): from
    its title to the paragraph that says what is attached, as ``report`` prints it made again."""
    from adjudicator.dampfross.report.playwords import PUBLIC_BELOW, TITLE

    if mail is None or PUBLIC_BELOW + TITLE not in mail:
        return mail
    head = mail.split(PUBLIC_BELOW + TITLE, 1)[0]
    head = head[head.index(TITLE):] if TITLE in head else head
    return head.rsplit("\n\n", 1)[0] + "\n\n"


def _private(play: DampfrossPlay, folder: MovesDir, step: Path, pid: str, archived: bool) -> str | None:
    """``pid``'s private report of the turn of ``step`` (``report --player``; see ``SessionCommands.report``)."""
    from adjudicator.dampfross.report.i18n import language
    from adjudicator.dampfross.report.playwords import dated
    from adjudicator.kernel.play import with_refused
    from adjudicator.postal.moveverify import resolved_again

    record = folder.record(step)
    old_file = folder.path / "old-format" / "reports" / f"turn-{int(record['move']):03d}-{pid}.txt"
    if record.get("by") == "converted" and old_file.is_file() and not archived:
        return old_file.read_text(encoding="utf-8")
    again = None if archived else resolved_again(folder, play, int(record["move"]))
    if again is None:  # what was mailed: its private report (the deadline above it, what is attached below)
        return _mailed_private(folder.mails_of(step).get(pid))
    old, events, table = again
    events = with_refused(play, events, record.get("refused") or {})  # the sections that did not count, as mailed
    result: TurnResult = replace(events.result, after=dated(events.result.after, table))
    gmap = play.gmap(old)
    with language(old.language_of(pid)):
        if building_turn(result, old.phase):
            from adjudicator.dampfross.report.building import private_report

            return private_report(result, gmap, pid, events.orders)
        from adjudicator.dampfross.report.racing import private_racing_report

        over = result.after.phase == "over"
        return private_racing_report(result, gmap, pid, events.orders, folder.read_seed() if over else None)
