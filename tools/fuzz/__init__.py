"""Fuzzing: generated and mutated order files pushed through ``check`` and the turn, every outcome judged.

``order_files()`` is a Hypothesis strategy for the bytes of an order mail:
half are written from the order language's own words (headers with right,
wrong and garbled passwords, every order form in English and German, GM
lines, labels and town names right and wrong, numbers too long, lines too
long, stray Unicode and control characters), half are real order files
(``examples/``, ``tests/data/orders/`` and files written for the target
game) mutated byte by byte and line by line, in UTF-8, Latin-1 or UTF-16.

``Target`` is a game in a directory (one in building, one in racing).
``Target.push(data)`` writes the bytes to a file, runs ``check`` on it and
then the turn (as the GM would, sometimes trusting the file, sometimes as
the GM's own), and returns what went wrong, as ``Finding`` codes:

* ``traceback``: anything but an ``AdjudicatorError`` escaped (the CLI would
  have printed a traceback);
* ``hang``: ``check`` or the turn took longer than ``limit`` seconds;
* ``changed-on-refusal``: the turn was refused but the game directory is
  not byte for byte what it was;
* ``undo-differs``: a turn that ran was undone, and ``game.json`` is not
  what it was before (so the next input meets the same game).

Used by ``tests/test_fuzz.py`` (a bounded part, in CI) and
``bench/bench_fuzz.py`` (100,000 inputs and more).
"""

from __future__ import annotations

import contextlib
import hashlib
import random
import shutil
import signal
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from types import FrameType
from typing import TypeVar

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from adjudicator.dampfross.app.gm import commands_of
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.postal.moves import MovesDir
from tools.selfplay import RUN_AT

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = sorted([*ROOT.glob("examples/germany/*.orders"), *ROOT.glob("tests/data/orders/*.orders")])


class FindingCode(Enum):
    TRACEBACK = "traceback"
    HANG = "hang"
    CHANGED_ON_REFUSAL = "changed-on-refusal"
    UNDO_DIFFERS = "undo-differs"


@dataclass(frozen=True)
class Finding:
    code: FindingCode
    stage: str  # "check" or "turn"
    detail: str


@dataclass
class Tally:
    """What the inputs did: how many were checked, run, refused; the findings."""

    inputs: int = 0
    turns_run: int = 0
    turns_refused: int = 0
    checks_refused: int = 0
    slowest: float = 0.0
    found: list[Finding] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.inputs += other.inputs
        self.turns_run += other.turns_run
        self.turns_refused += other.turns_refused
        self.checks_refused += other.checks_refused
        self.slowest = max(self.slowest, other.slowest)
        self.found.extend(other.found)


class Hang(Exception):
    """Raised by the alarm when one input takes longer than the limit."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def ring(signum: int, frame: FrameType | None) -> None:
        raise Hang

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def snapshot(directory: Path) -> str:
    """A digest of what a refused turn must leave alone: every path under ``directory`` with its size, mode and
    time of last change (any write changes that), and the bytes of ``game.json``."""
    h = hashlib.sha256((directory / "game.json").read_bytes())
    for path in sorted(directory.rglob("*")):
        st_ = path.stat()
        h.update(f"{path.relative_to(directory)} {st_.st_size} {st_.st_mode} {st_.st_mtime_ns}\n".encode())
    return h.hexdigest()


class Target:
    """A game to fuzz against; every input starts from the same state."""

    def __init__(self, game: Path, work: Path, limit: float = 20.0):
        self.game = game
        self.work = work
        self.limit = limit
        self.folder = MovesDir(game)
        self.state_text = (game / "game.json").read_bytes()
        play = commands_of(str(game)).dplay
        state = self.folder.load(play).state
        self.game_id, self.turn, self.phase = state.game_id, state.turn, state.phase
        self.companies = state.player_ids
        self.passwords = self.folder.read_passwords()
        gmap = play.gmap(state)
        self.towns = [t.name for t in gmap.towns]
        index = TrackIndex(state.track)
        self.walks: dict[str, list[str]] = {}
        """For each company, land paths (as labels) leaving its network: the raw matter of orders that build."""
        for pid in self.companies:
            network = sorted(index.network(pid))
            rng = random.Random(pid)
            paths = []
            for _ in range(20 if network else 0):
                path = [rng.choice(network)]
                for _ in range(rng.randint(1, 8)):
                    path.append(rng.choice([n for n in gmap.neighbours(path[-1]) if gmap.is_land(n)] or [path[-1]]))
                paths.append([h.label for h in path])
            self.walks[pid] = [" - ".join(p) for p in paths]

    def push(self, data: bytes, mode: int = 0) -> Tally:
        """Check, then run, one order file; ``mode`` 1 runs it trusted, 2 as the GM's own file."""
        tally = Tally(inputs=1)
        path = self.work / "fuzz.orders"
        path.write_bytes(data)
        self._stage(tally, "check", lambda: check(self.game, path, mode))
        before, steps = snapshot(self.game), len(self.folder.steps())
        outcome = self._stage(tally, "turn", lambda: run(self.game, path, mode, dry_run=False))
        if outcome == "refused":
            tally.turns_refused += 1
            if snapshot(self.game) != before:
                tally.found.append(Finding(FindingCode.CHANGED_ON_REFUSAL, "turn", _sample(data)))
                self._restore()
        elif outcome == "ran":
            tally.turns_run += 1
            with self.folder.lock():  # the turn's steps taken back (each company's orders, the turn)
                while len(self.folder.steps()) > steps:
                    self.folder.undo()
            if (self.game / "game.json").read_bytes() != self.state_text:
                tally.found.append(Finding(FindingCode.UNDO_DIFFERS, "turn", _sample(data)))
                self._restore()
            self._drop_undone()
        else:
            self._restore()
        return tally

    def push_light(self, data: bytes, mode: int = 0) -> Tally:
        """The turn alone, as a dry run (reading, engines, reports; nothing written): ``bench_fuzz --light``, for
        the order language at ten times the pace (no check, no commit, no undo)."""
        tally = Tally(inputs=1)
        path = self.work / "fuzz.orders"
        path.write_bytes(data)
        outcome = self._stage(tally, "turn", lambda: run(self.game, path, mode, dry_run=True))
        tally.turns_refused += outcome == "refused"
        tally.turns_run += outcome == "ran"
        return tally

    def _stage(self, tally: Tally, stage: str, work: Callable[[], object]) -> str:
        """Run ``check`` or the turn: ``ran``, ``refused`` (a clean error) or ``failed`` (a finding)."""
        start = time.perf_counter()
        try:
            with time_limit(self.limit):
                work()
            outcome = "ran"
        except AdjudicatorError:
            outcome = "refused"
            if stage == "check":
                tally.checks_refused += 1
        except Hang:
            tally.found.append(Finding(FindingCode.HANG, stage, f"over {self.limit} s"))
            outcome = "failed"
        except Exception:  # a traceback the GM or a player would have seen: the finding itself
            tally.found.append(Finding(FindingCode.TRACEBACK, stage, traceback.format_exc(limit=-3)))
            outcome = "failed"
        tally.slowest = max(tally.slowest, time.perf_counter() - start)
        return outcome

    def _drop_undone(self) -> None:
        """Undone steps are set aside with their reports (``archive/undone-K``); the fuzzer drops them to stay
        small."""
        for aside in self.game.glob("archive/undone-*"):
            shutil.rmtree(aside)

    def _restore(self) -> None:
        """After a finding, put the game back from the pristine copy so that the next input is judged alone."""
        pristine = self.game.with_name(self.game.name + ".pristine")
        shutil.rmtree(self.game)
        shutil.copytree(pristine, self.game)

    def keep_pristine(self) -> None:
        pristine = self.game.with_name(self.game.name + ".pristine")
        if not pristine.exists():
            shutil.copytree(self.game, pristine)


def check(game: Path, path: Path, mode: int) -> None:
    """``adjudicate check FILE --game DIR`` (``mode`` 1: ``--trust``)."""
    commands_of(str(game)).check([str(path)], str(game), mode == 1)


def run(game: Path, path: Path, mode: int, dry_run: bool) -> None:
    """``adjudicate run FILE --game DIR`` on the one session (``mode`` 1: ``--trust``, 2: ``--gm FILE``, the GM's own
    file), at the date self-play runs its turns."""
    commands_of(str(game)).run([str(path)], str(game), mode == 1, (str(path),) if mode == 2 else (), dry_run,
                               RUN_AT)


def state_of(game: Path) -> GameState:
    """The game's state now."""
    state: GameState = commands_of(str(game)).state(str(game))
    return state


def fuzz(target: Target, count: int, seed_value: int, light: bool = False) -> Tally:
    """Push ``count`` order files Hypothesis generates (seeded) into ``target``; never stops at a finding
    (``light``: the dry-run turn alone, ``Target.push_light``)."""
    tally = Tally()

    @seed(seed_value)
    @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(order_files(target))
    def push(case: tuple[bytes, int]) -> None:
        tally.add(target.push_light(*case) if light else target.push(*case))

    push()
    return tally


def make_targets(work: Path) -> list[Target]:
    """The games fuzzed: the German map in building (turn 2, after every START; the game in German, so every
    problem and report is written in German too), in racing (the example game before its first races, in
    English) and in racing with every company's standing orders on file (the racing turn after it), each with a
    pristine copy to fall back on."""
    from adjudicator.dampfross.app.commands import start_game

    targets = []
    building = work / "building" / "game"
    building.parent.mkdir(parents=True)
    start_game(str(building), "germany", "schmidt", ["RED:Rot", "BLUE:Blau", "GREEN:Grün", "GOLD:Gold"], "fuzz",
               "hmac", [], None, "fuzz", lang="de")
    pw = MovesDir(building).read_passwords()
    starts = {"RED": "Berlin", "BLUE": "Hamburg", "GREEN": "München", "GOLD": "Köln"}
    first = building.parent / "turn1.orders"
    first.write_text("".join(f"GAME {building.name}\nTURN 1\nPLAYER {p} PASSWORD {pw[p]}\nSTART {t}\n"
                             for p, t in starts.items()), encoding="utf-8")
    run(building, first, 0, dry_run=False)
    targets.append(Target(building, building.parent))
    racing = work / "racing" / "demo"
    racing.parent.mkdir(parents=True)
    shutil.copytree(ROOT / "tests" / "fixtures" / "old-format" / "example", racing)  # upgraded by its first command
    folder = MovesDir(racing)
    while (state := state_of(racing)).phase != "racing" or state.turn > 6:
        with folder.lock():
            folder.undo()
    for aside in racing.glob("archive/undone-*"):
        shutil.rmtree(aside)
    targets.append(Target(racing, racing.parent))
    standing = work / "standing" / "demo"
    standing.parent.mkdir(parents=True)
    shutil.copytree(racing, standing)
    _leave_standing_orders(standing)
    targets.append(Target(standing, standing.parent))
    for target in targets:
        target.keep_pristine()
    return targets


def _leave_standing_orders(game: Path) -> None:
    """Run the game's racing turn with standing orders from every company (issue 27): in the turn after it, the
    one fuzzed, every company without a section that counts plays them (a race entry, a PASS, or both)."""
    state, pw = state_of(game), MovesDir(game).read_passwords()
    orders = game.parent / "standing.orders"
    orders.write_text("".join(
        f"GAME {state.game_id}\nTURN {state.turn}\nPLAYER {pid} PASSWORD {pw[pid]}\nSTANDING ENTER ALL BEST MIN {i}\n"
        + ("STANDING PASS\n" if i % 2 else "") for i, pid in enumerate(state.in_play)), encoding="utf-8")
    run(game, orders, 0, dry_run=False)
    after = state_of(game)
    assert after.phase == "racing" and all(after.player(pid).standing for pid in after.in_play), "no standing orders"


def _sample(data: bytes) -> str:
    return data[:200].decode("utf-8", "replace")


# --- the inputs ---------------------------------------------------------------

KEYWORDS = ("START", "BUILD", "BAUE", "PASS", "PASSE", "DECLARE END", "ENDE", "ENTER", "FAHRE", "BEST", "ROUTE",
            "STRECKE", "BUY FERRY", "KAUFE FÄHRE", "WITH", "MIT", "POWERS", "ROLL", "RACE", "MOVES", "GAME", "TURN",
            "PLAYER", "PASSWORD", "GM", "SPIEL", "ZUG", "SPIELER", "PASSWORT", "STANDING", "DAUERAUFTRAG", "ALL",
            "ALLE", "MIN", "CANCEL", "AUFHEBEN", "CHEAPEST", "BILLIGSTE", "FROM", "VON", "TO", "NACH", "MAX",
            "HÖCHSTENS", "IF", "WENN", "NOT", "THEN", "DANN", "ELSE", "SONST", "END", "TAKEN", "BESETZT", "CONNECTED",
            "BALANCE AT LEAST", "KONTO MINDESTENS", "STANDBY", "ERSATZ")
ODD = ("\x00", "\t", "\r", "\u00a0", "\u200b", "\ufeff", "\u202e", "О", "Ё", "ß", "€", "🚂", "\\", "#", "--", "-",
       ":", ",", ";", "'", '"', "(", ")", "[", "]", "{", "}", "*", "%s", "{0}", "{{x}}", "${x}", "\u0301")


@st.composite
def _label(draw: st.DrawFn, towns: list[str]) -> str:
    kind = draw(st.integers(0, 9))
    if kind < 4:
        return f"{draw(st.integers(1, 40)):02d}{draw(st.integers(1, 45)):02d}"
    if kind < 7 and towns:
        name = draw(st.sampled_from(towns))
        if draw(st.booleans()):
            name = name.lower() if draw(st.booleans()) else name[:-1]
        return name
    if kind == 7:
        return str(draw(st.integers(0, 10**12)))
    if kind == 8:
        return draw(st.sampled_from(ODD)) * draw(st.integers(1, 3))
    return draw(st.text(max_size=12))


@st.composite
def _line(draw: st.DrawFn, target: Target) -> str:
    labels = st.lists(_label(target.towns), min_size=0, max_size=draw(st.sampled_from((3, 12, 40))))
    sep = draw(st.sampled_from((" - ", "-", " ", " -- ", ", ", " – ")))
    path = sep.join(draw(labels))
    pid = draw(st.sampled_from([*target.companies, "GM", "RED", "X", ""]))
    race = draw(st.sampled_from(("1", "2", "3", "0", "99", "-1", "1000000", "x")))
    forms = [
        f"START {path}", f"BUILD {path}", f"BAUE {path}", "PASS", "DECLARE END", f"ENTER {race} BEST",
        f"ENTER {race} ROUTE {path}", f"FAHRE {race} STRECKE {path}", f"BUY FERRY {path}", f"KAUFE FÄHRE {path}",
        f"BUILD WITH {pid} {path}", f"POWERS {race} WITH {pid}", f"ROLL {pid} {race}", f"RACE {race} {path}",
        f"MOVES {pid} {race} {race}", f"GAME {draw(st.sampled_from((target.game_id, 'other', '')))}",
        f"TURN {draw(st.sampled_from((str(target.turn), str(target.turn + 1), '0', '9' * 30)))}",
        f"PLAYER {pid} PASSWORD {draw(_password(target, pid))}", f"GM PASSWORD {draw(_password(target, 'GM'))}",
        f"STANDING ENTER ALL BEST MIN {race}", "STANDING ENTER ALL BEST", "STANDING PASS", "STANDING CANCEL",
        f"DAUERAUFTRAG FAHRE ALLE BESTE MIN {race}", "DAUERAUFTRAG AUFHEBEN",  # standing orders (issue 27)
        f"BUILD CHEAPEST FROM {path} TO {path}", f"BAUE BILLIGSTE VON {path} NACH {path} HÖCHSTENS {race}",
        f"IF {path} TAKEN THEN", f"WENN NICHT {path} ANGESCHLOSSEN", f"IF BALANCE AT LEAST {race}",
        f"IF RACE {race} FROM {path}", f"WENN RENNEN {race} NACH {path} DANN", f"IF STANDBY {pid}", "ELSE", "SONST",
        "END", "ENDE",  # orders that think (issue 27)
        " ".join(draw(st.lists(st.sampled_from(KEYWORDS), max_size=6))), draw(st.text(max_size=80)), "",
        "# " + draw(st.text(max_size=40)), "X" * draw(st.sampled_from((301, 5000))),
    ]
    line = draw(st.sampled_from(forms))
    if draw(st.integers(0, 9)) == 0:
        at = draw(st.integers(0, len(line)))
        line = line[:at] + draw(st.sampled_from(ODD)) + line[at:]
    return line


@st.composite
def _password(draw: st.DrawFn, target: Target, pid: str) -> str:
    right = target.passwords.get(pid, "")
    kind = draw(st.integers(0, 4))
    if kind <= 1 and right:
        return right
    if kind == 2 and right:
        return right.upper() if draw(st.booleans()) else right[:-1]
    if kind == 3:
        return draw(st.sampled_from(list(target.passwords.values()) or [""]))
    return draw(st.text(max_size=20))


@st.composite
def _written(draw: st.DrawFn, target: Target) -> str:
    """A mail written from the order language's words: a few sections, each with a header and lines."""
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        pid = draw(st.sampled_from([*target.companies, "GM"]))
        if draw(st.integers(0, 5)):
            parts += [f"GAME {target.game_id}", f"TURN {target.turn}"]
        parts.append(f"GM PASSWORD {draw(_password(target, 'GM'))}" if pid == "GM"
                     else f"PLAYER {pid} PASSWORD {draw(_password(target, pid))}")
        if target.walks.get(pid) and draw(st.booleans()):  # orders that mostly make sense
            parts += [f"BUILD {draw(st.sampled_from(target.walks[pid]))}"
                      for _ in range(draw(st.integers(1, 3)))]
            if target.phase == "racing":
                parts += [f"ENTER {n} BEST" for n in range(1, draw(st.integers(1, 3)))]
            if draw(st.integers(0, 3)) == 0:  # standing orders, set for the turns to come
                parts.append(draw(st.sampled_from(("STANDING ENTER ALL BEST MIN 2", "STANDING PASS",
                                                   "STANDING CANCEL"))))
        if draw(st.integers(0, 2)) == 0:  # orders that think: BUILD CHEAPEST, IFs, nested, sometimes too deep
            walks = target.walks.get(pid) or [f"{t} - {t}" for t in target.towns[:4]] or ["0101 - 0102"]
            parts += draw(_thinking(target, walks, draw(st.integers(0, 4))))
        parts += draw(st.lists(_line(target), max_size=12))
    parts += draw(st.lists(_line(target), max_size=3))
    return draw(st.sampled_from(("\n", "\r\n", "\r"))).join(parts) + draw(st.sampled_from(("", "\n")))


@st.composite
def _thinking(draw: st.DrawFn, target: Target, walks: list[str], depth: int) -> list[str]:
    """BUILD CHEAPEST and an IF ... [ELSE ...] END with orders that mostly make sense, IFs inside up to ``depth``
    (past 3 the adjudicator refuses it); now and then an END or an ELSE too many or too few."""
    ends = [w.split(" - ")[0] for w in walks] + [w.split(" - ")[-1] for w in walks] + target.towns[:8]
    point = st.sampled_from(ends or ["0101"])
    cheapest = f"BUILD CHEAPEST FROM {draw(point)} TO {draw(point)}" + draw(st.sampled_from(("", " MAX 3", " MAX 0")))
    if depth <= 0:
        return [draw(st.sampled_from((cheapest, f"BUILD {draw(st.sampled_from(walks))}", "ENTER 1 BEST")))]
    condition = draw(st.sampled_from((f"{draw(point)} TAKEN", f"NOT {draw(point)} CONNECTED", "BALANCE AT LEAST 20",
                                      f"RACE 1 FROM {draw(point)}", f"STANDBY {draw(st.sampled_from(target.companies))}",
                                      f"{draw(point)} - {draw(point)} TAKEN")))
    out = [f"IF {condition} THEN", *draw(_thinking(target, walks, depth - 1))]
    if draw(st.booleans()):
        out += ["ELSE", *draw(_thinking(target, walks, depth - 1))]
    out += draw(st.sampled_from((["END"], ["END"], ["END"], [], ["END", "END"], ["ELSE", "END"])))
    return out


@st.composite
def _mutated(draw: st.DrawFn, target: Target) -> bytes:
    """A real order file (or one written for the target) changed by a few random edits."""
    if CORPUS and draw(st.booleans()):
        data = bytearray(draw(st.sampled_from(CORPUS)).read_bytes())
    else:
        data = bytearray(draw(_written(target)).encode("utf-8"))
    for _ in range(draw(st.integers(1, 8))):
        op = draw(st.integers(0, 6))
        at = draw(st.integers(0, len(data)))
        if op == 0 and data:  # flip a byte
            i = min(at, len(data) - 1)
            data[i] = draw(st.integers(0, 255))
        elif op == 1:  # insert bytes
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
        elif op == 2:  # delete a run
            del data[at:at + draw(st.integers(1, 64))]
        elif op == 3:  # duplicate a run
            data[at:at] = data[at:at + draw(st.integers(1, 200))] * draw(st.integers(1, 20))
        elif op == 4:  # insert odd text
            data[at:at] = draw(st.sampled_from(ODD)).encode("utf-8")
        elif op == 5:  # truncate
            del data[at:]
        else:  # splice in another file's lines
            other = draw(st.sampled_from(CORPUS)).read_bytes() if CORPUS else b""
            data[at:at] = other[: draw(st.integers(0, len(other)))]
    return bytes(data)


@st.composite
def order_files(draw: st.DrawFn, target: Target) -> tuple[bytes, int]:
    """The bytes of one order file and how the GM runs it (0 normally, 1 trusted, 2 as the GM's own)."""
    if draw(st.booleans()):
        text = draw(_written(target))
        encoding = draw(st.sampled_from(("utf-8", "utf-8", "utf-8", "latin-1", "utf-16", "utf-8-sig")))
        data = text.encode(encoding, errors="replace")
    else:
        data = draw(_mutated(target))
    return data, draw(st.sampled_from((0, 0, 0, 0, 1, 2)))


def in_workers(work: Callable[[tuple[int, int]], T], count: int, workers: int) -> list[T]:
    """``count`` inputs shared out between ``workers`` processes: ``work((index, share))`` in each, the results in
    worker order (the fuzz benches: order files and mails)."""
    import multiprocessing

    shares = [(i, count // workers + (i < count % workers)) for i in range(workers)]
    with multiprocessing.Pool(workers) as pool:
        return pool.map(work, shares)
