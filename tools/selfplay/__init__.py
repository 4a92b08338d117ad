"""Self-play: automatic players play whole games through the GM's own commands, checked after every turn.

``play_game`` starts a game in a directory (``adjudicate new`` with a seed),
then every turn writes one order mail with every company's section (the
bots of ``bots.py``) and runs it (``adjudicate run``), until the game is over
or ``max_turns`` is reached.  The game is one of the one session (``postal/moves.py: MovesDir``; its turn
run as ``adjudicate run FILE --game DIR`` runs it: ``dampfross/app/session.py: SessionCommands.run``).  After
every turn ``check_turn`` tests the
invariants: the game file loads (balances equal the ledger), money is
conserved, every network is connected, no track is on water or across a
border the rules forbid (advanced rules: no segment leaves a hex beyond the
border), every ferry's owner reaches its port and owns no more than the map
allows, ``verify`` confirms every die recorded so far and the archive chain
link by link (each new step as it is made: ``postal/moveverify.py: verify_step``), no line of a report (the public
one, each company's mail of the turn) is wider than a mail allows (in a German
game: no English word is left in a report, names and the bots' own lines
aside), and the turn
replays from its archive to the same state and the same public report.
Used by ``tests/test_selfplay.py`` (a few games) and
``bench/bench_selfplay.py`` (many).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from adjudicator.dampfross.app.commands import start_game
from adjudicator.dampfross.app.gm import commands_of
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import GameMap, Terrain
from adjudicator.dampfross.bots import Level
from adjudicator.dampfross.building.borders import segment_allowed
from adjudicator.dampfross.game.state import BANK, GameState
from adjudicator.dampfross.orders.mistakes_base import KEYWORDS
from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.dampfross.report.env import MAIL_WIDTH, too_wide
from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.postal.moves import MovesDir
from tools.i18n import english_left
from tools.selfplay.bots import Bot, order_mail

RUN_AT = datetime(2030, 1, 1, tzinfo=UTC)
"""When self-play runs its turns (a date it sets: the reports and the archive do not depend on today's)."""

COMPANIES = ("RED", "BLUE", "GREEN", "GOLD", "BLACK", "PINK")


@dataclass
class GameRecord:
    """How a self-played game went."""

    directory: Path
    turns: int = 0
    refused: int = 0
    over: bool = False
    winner: str | None = None
    breaks: list[str] = field(default_factory=list)
    races: int = 0  # races run or lapsed
    special_runs: int = 0  # of them international or special runs (advanced rules)
    ferries: int = 0  # ferries bought
    ferry_fares: int = 0  # ferry fares paid
    abroad: int = 0  # segments into a hex beyond the border


def play_game(directory: Path, map_name: str, *, profile: str = "schmidt", players: int = 4, seed: str = "selfplay",
              sets: Sequence[str] = (), illegal: float = 0.0, max_turns: int = 80, check: bool = True,
              lang: str = "en", run: Callable[[Path, str], None] | None = None,
              levels: Mapping[str, Level] | None = None, timing: list[tuple[str, float]] | None = None,
              joint: bool = True) -> GameRecord:
    """Play one game to its end (or ``max_turns``); every invariant break is recorded, not raised.

    ``lang``: the game's language (``de``: every report in German, so the widths are checked in German too).
    ``run(directory, orders)`` runs a turn (``run_here``: in this process; ``bench/bench_resident.py`` passes
    one process per turn, or a resident one); an ``AdjudicatorError`` is a refused turn.
    ``levels``: the bot level of some companies (by id; the others play ``random``); ``timing``: each bot
    section's company and seconds are appended to it; ``joint``: now and then two random companies build a joint
    line (the harness's line, not a bot's: off where only the bots' own orders are measured).
    """
    ids = COMPANIES[:players]
    start_game(str(directory), map_name, profile, [f"{pid}:{pid.title()} Bahn" for pid in ids], seed, "hmac",
               list(sets), None, lang=lang)
    folder, play = MovesDir(directory), session_play(directory)
    passwords = folder.read_passwords()
    rng = random.Random(seed)
    bots = {pid: Bot(pid, passwords[pid], random.Random(rng.random()), illegal, (levels or {}).get(pid, "random"))
            for pid in ids}
    record = GameRecord(directory)
    for _ in range(max_turns):
        state = folder.load(play).state
        if state.phase == "over":
            break
        gmap = play.gmap(state)
        path = directory / "inbox" / f"turn{state.turn:03d}.orders"
        path.parent.mkdir(exist_ok=True)
        path.write_text(order_mail(state, gmap, bots, timing, joint), encoding="utf-8")
        first = len(folder.steps())
        try:
            (run or run_here)(directory, str(path.relative_to(directory)))
        except AdjudicatorError as exc:
            record.refused += 1
            record.breaks.append(f"turn {state.turn}: refused: {exc}")
            break
        record.turns += 1
        if check:
            record.breaks += check_turn(folder, play, state.turn, first)
    final = folder.load(play).state
    record.over = final.phase == "over"
    record.winner = final.race_state.winner.player if final.race_state.winner else None
    gmap = play.gmap(final)
    regions = {d.name for d in gmap.special_runs.destinations.values()} if gmap.special_runs else set()
    record.races = len(final.race_state.results)
    record.special_runs = sum(1 for r in final.race_state.results if r.dest in regions)
    record.ferries = len(final.ferries)
    record.ferry_fares = sum(1 for e in final.ledger if e.reason == "ferry-fare")
    record.abroad = sum(1 for s in final.track if gmap.abroad(s.a) or gmap.abroad(s.b))
    return record


def session_play(directory: Path | str) -> DampfrossPlay:
    """The game's play, reading the map of the game's folder (``dampfross/app/session.py: SessionCommands``)."""
    return commands_of(str(directory)).dplay


def run_here(directory: Path, orders: str, now: datetime = RUN_AT) -> None:
    """Run a turn in this process, as ``adjudicate run ORDERS --game .`` in ``directory`` runs it (the mail is
    named as a GM names it, not by a long path), at ``now``."""
    with contextlib.chdir(directory):
        commands_of(".").run([orders], ".", False, (), False, now)


def turn_steps(folder: MovesDir, first: int) -> list[Path]:
    """The steps archived from step ``first`` on (a turn's: each company's orders, then the turn)."""
    return folder.steps()[first:]


def check_turn(folder: MovesDir, play: DampfrossPlay, turn: int, first: int) -> list[str]:
    """Every invariant broken by the turn just adjudicated, whose steps begin at step ``first`` (empty: all hold)."""
    from adjudicator.postal.moveverify import resolved_again, verify_step
    from adjudicator.postal.resolved import reports

    out: list[str] = []
    try:
        game = folder.load(play)  # also checks the schema and that balances equal the ledger
        state = game.state
        gmap = play.gmap(state)
    except AdjudicatorError as exc:
        return [f"turn {turn}: the game file does not load: {exc}"]
    out += [f"turn {turn}: {p}" for p in money_problems(state)]
    out += [f"turn {turn}: {p}" for p in track_problems(state, gmap)]
    out += [f"turn {turn}: {p}" for p in ferry_problems(state, gmap)]
    # the new links of the chain and the new dice (the earlier links were checked as they were made)
    seed = folder.read_seed()
    steps = folder.steps()
    for number in range(max(1, first), len(steps)):  # each company's orders, the turn (no correction in self-play)
        out += [f"turn {turn}: verify: {p}" for p in verify_step(folder, play, seed, number)]
    moved = steps[-1]
    names = _names(folder, state, gmap, turn) if state.lang != "en" else []
    texts = [(folder.report_path(turn).name, folder.report_path(turn).read_text(encoding="utf-8"))]
    texts += [(f"{moved.name}/mail-{sid}.txt", text) for sid, text in folder.mails_of(moved).items()]
    for name, text in texts:
        wide = [n for n, line in enumerate(text.splitlines(), 1) if too_wide(line)]
        if wide:
            out.append(f"turn {turn}: {name} line {wide[0]} is wider than {MAIL_WIDTH} columns")
        left = english_left(text, names, state.lang) if state.lang != "en" else []
        if left:
            n, found, line = left[0]
            out.append(f"turn {turn}: {name} line {n} has English words {found}: {line.strip()!r}")
    try:
        again = resolved_again(folder, play, int(folder.record(moved)["move"]))
        if again is None:
            out.append(f"turn {turn}: the turn replayed from its archive does not give the archived state")
        else:
            old, events, table = again
            missed = folder.record(moved).get("kind") == "missed"
            public, _ = reports(play, table, old, state, "", events, missed, seed if state.phase == "over" else None)
            if public != folder.report_path(turn).read_text(encoding="utf-8"):
                out.append(f"turn {turn}: the replayed public report differs from the archived one")
    except AdjudicatorError as exc:
        out.append(f"turn {turn}: replay failed: {exc}")
    return out


def _names(folder: MovesDir, state: GameState, gmap: GameMap, turn: int) -> list[str]:
    """What a report may quote that is no word of its language: the map's names (towns, countries, ferries, the
    regions of special runs), companies, the bots' own lines, and the order keywords in either language (a
    "did you mean BUILD?" offers the spelling nearest to what was written, English or German; echoes of orders
    in the reader's keywords are checked by ``tests/test_i18n.py``)."""
    mail = folder.path / "inbox" / f"turn{turn:03d}.orders"
    written = mail.read_text(encoding="utf-8").splitlines() if mail.is_file() else []
    regions = [d.name for d in gmap.special_runs.destinations.values()] if gmap.special_runs else []
    return ([gmap.name, gmap.code, *gmap.country_names.values(), *(t.name for t in gmap.towns),
             *(f.name for f in gmap.ferries), *regions, *(f"{p.id} {p.name}" for p in state.players), *written,
             *(s for spellings in KEYWORDS.values() for s in spellings)])


def money_problems(state: GameState) -> list[str]:
    """Money is conserved: what players hold is what the bank paid out less what it took in."""
    paid_out = sum(e.amount for e in state.ledger if e.payer == BANK)
    taken_in = sum(e.amount for e in state.ledger if e.payee == BANK)
    held = sum(p.balance for p in state.players)
    return [] if held == paid_out - taken_in else [f"players hold {held}, the bank's ledger says {paid_out - taken_in}"]


def track_problems(state: GameState, gmap: GameMap) -> list[str]:
    """No track on water, across a forbidden border or off the map; every company's network connected."""
    out = []
    for s in state.track:
        for h in s.side.hexes:
            if gmap.terrain_at(h) in (None, Terrain.WATER):
                out.append(f"{s.owner} has track on {h.label}, which is water or off the map")
        if not segment_allowed(gmap, s.a, s.b, state.rules):
            out.append(f"{s.owner} has track {s.side} across a border or beyond the first hex abroad")
    for p in state.players:
        hexes = [h for s in state.track if s.owner == p.id for h in s.side.hexes]
        start = gmap.town_named(p.start_town) if p.start_town else None
        if hexes and not _connected(state, p.id, start.hex if start else None):
            out.append(f"the network of {p.id} is not connected")
    return out


def ferry_problems(state: GameState, gmap: GameMap) -> list[str]:
    """Every ferry bought is a ferry of the map, its owner's track reaches its port, limits hold."""
    out = []
    ferries = {f.name: f for f in gmap.ferries}
    for owned in state.ferries:
        f = ferries.get(owned.ferry)
        if f is None:
            out.append(f"{owned.owner} owns {owned.ferry}, which is no ferry of the map")
            continue
        if not any(f.a in s.side.hexes for s in state.track if s.owner == owned.owner):
            out.append(f"{owned.owner} owns {owned.ferry} but its track does not reach {f.start}")
    limit = gmap.ferries_per_player
    for p in state.players:
        mine = [f for f in state.ferries if f.owner == p.id]
        if limit is not None and len(mine) > limit:
            out.append(f"{p.id} owns {len(mine)} ferries, the map allows {limit}")
    if state.ferries and not state.rules.ferries:
        out.append("ferries were bought in a game without the ferry rule")
    return out


def _connected(state: GameState, pid: str, start: Hex | None) -> bool:
    parent: dict[Hex, Hex] = {}

    def find(h: Hex) -> Hex:
        while parent.setdefault(h, h) != h:
            parent[h] = parent[parent[h]]
            h = parent[h]
        return h

    for s in state.track:
        if s.owner == pid:
            parent[find(s.a)] = find(s.b)
    roots = {find(h) for h in list(parent)}
    if start is not None and start in parent:
        roots.add(find(start))
    return len(roots) <= 1


def back_to(directory: Path, turn: int) -> None:
    """The game in ``directory`` as it stood before ``turn``: every step of that turn and later (each company's
    orders accepted, the turn) undone (``MovesDir.undo``), the steps set aside removed."""
    import shutil

    folder = MovesDir(directory)
    with folder.lock():
        while len(folder.steps()) > 1 and int(folder.record(folder.steps()[-1]).get("move", 0)) >= turn:
            folder.undo()
    for aside in Path(directory).glob("archive/undone-*"):
        shutil.rmtree(aside)


def state_now(directory: Path | str) -> GameState:
    """The game's state now."""
    state: GameState = MovesDir(directory).load(session_play(directory)).state
    return state
