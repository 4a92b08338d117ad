"""Running a turn from order files: the GM's main command and the players' preview.

This is the edge around the pure core: it finds the game, reads the order
files, checks passwords, turns resolved orders into the engine's input,
adjudicates, renders the reports and (unless it is a dry run or a check)
archives everything and replaces ``game.json`` last.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.report import racing as racereport
from adjudicator.report import building as report
from adjudicator.building.lines import BuildLine
from adjudicator.building.turn import BuildTurnResult, PlayerTurn, TurnInput, adjudicate_building_turn
from adjudicator.game.dice import DiceRoller
from adjudicator.errors import GameFileError, TurnRefused
from adjudicator.board.mapfile import GameMap
from adjudicator.orders import (
    BuildOrder,
    DeclareEndOrder,
    EnterOrder,
    OrderSet,
    PassOrder,
    Section,
    StartOrder,
    ReceivedFiles,
    read_files,
    resolve,
)
from adjudicator.orders import collect, parse_orders
from adjudicator.orders.codes import ProblemCode
from adjudicator.orders.collect import read_text
from adjudicator.report.orderwords import format_note, format_problem
from adjudicator.game.passwords import check_password
from adjudicator.racing.turn import EntryOrder, RacingInput, RacingTurn, RacingTurnResult, adjudicate_racing_turn
from adjudicator.game import state as st
from adjudicator.game.state import GameState
from adjudicator.app.store import GameDir


@dataclass
class TurnRun:
    """Everything one run produced: the result, the reports, what to tell the GM."""

    gdir: GameDir
    orders: OrderSet
    result: BuildTurnResult | RacingTurnResult
    public: str
    private: dict[str, str]
    warnings: list[str] = field(default_factory=list)


def find_game(received: ReceivedFiles, game_dir: str | None) -> GameDir:
    """The game the orders are for: ``--game DIR``, else the GAME line's name.

    A GAME line ``demo`` means ``./demo/game.json``, or ``./game.json`` when
    that game's id is ``demo``.
    """
    if game_dir:
        return GameDir(game_dir)
    name = received.orders().game
    if not name:
        if GameDir(".").exists():
            return GameDir(".")
        raise GameFileError("the orders have no GAME line and there is no game.json here; name the game with --game DIR")
    for candidate in (Path(name), Path(".")):
        gdir = GameDir(candidate)
        if gdir.exists() and _game_id(gdir) == name:
            return gdir
    raise GameFileError(f"GAME {name}: no game of that id in ./{name}/ or ./ ; name the game with --game DIR")


def _game_id(gdir: GameDir) -> str | None:
    try:
        return json.loads(gdir.game_file.read_text(encoding="utf-8")).get("game_id")
    except (OSError, ValueError):
        return None


def prepare(gdir: GameDir, received: ReceivedFiles, trust: bool
            ) -> tuple[GameState, GameMap, OrderSet, TurnInput | RacingInput, list[str]]:
    """Read the game and merge the orders; refuse a turn that cannot be run."""
    state = gdir.load_state()
    gmap = gdir.load_map(state)
    orders = resolve(received.orders(game=state.game_id, turn=state.turn), gmap, companies=state.player_ids)
    turn_input, warnings = accept(state, orders, trust)
    return state, gmap, orders, turn_input, warnings


def accept(state: GameState, orders: OrderSet, trust: bool) -> tuple[TurnInput | RacingInput, list[str]]:
    """Refuse orders that cannot make a turn; otherwise the engine's input and warnings for the GM."""
    if state.phase == "over":
        raise TurnRefused(f"game {state.game_id} is over")
    unreadable = [
        p for p in orders.problems
        if p.code in {ProblemCode.UNREADABLE_FILE, ProblemCode.MISSING_FILE, ProblemCode.NO_ORDER_FILES}
    ]
    if unreadable:
        raise TurnRefused("cannot read the orders:\n" + "\n".join(format_problem(p) for p in unreadable))
    wrong_game = [p for p in orders.problems if p.code is ProblemCode.GAME_MISMATCH]
    if wrong_game:
        raise TurnRefused("orders for another game:\n" + "\n".join(format_problem(p) for p in wrong_game))
    turns = {s.turn for s in orders.sections if s.turn is not None}
    if turns and state.turn not in turns:
        listed = ", ".join(map(str, sorted(turns)))
        done = " (already adjudicated)" if max(turns) < state.turn else ""
        raise TurnRefused(f"these are orders for turn {listed}{done}; game {state.game_id} is at turn {state.turn}")
    return engine_input(state, orders, trust)


def engine_input(state: GameState, orders: OrderSet, trust: bool) -> tuple[TurnInput | RacingInput, list[str]]:
    """Turn password-checked, resolved sections into the engine's input for the game's phase."""
    warnings: list[str] = []
    valid: dict[str, Section] = {}
    missing: dict[str, str] = {}
    known = set(state.player_ids)
    for section in orders.sections:
        pid = section.player
        if pid not in known:
            warnings.append(f"{section.pos.short}: no company {pid} in game {state.game_id}; section ignored")
            continue
        why = _refusal(state, section, trust)
        if why:
            missing[pid] = why
            warnings.append(f"{section.pos.short}: {pid}: {why}; no orders carried out")
            continue
        valid[pid] = section
    gm = orders.gm
    given = bool(gm and (gm.rolls or gm.races or gm.moves))
    if given and state.dice_mode == "hmac":
        warnings.append("the GM's ROLL, RACE and MOVES lines are ignored: this game uses the committed dice")
        gm = None
    named = {p for p in (gm.rolls if gm else {})} | {p for _, p in (gm.moves if gm else {})}
    unknown = sorted(named - known)
    if unknown:
        raise TurnRefused(f"dice given for unknown company {', '.join(unknown)}")
    if state.phase == "racing":
        races = {n: (o.start_hex, o.dest_hex) for n, o in (gm.races if gm else {}).items()
                 if o.start_hex is not None and o.dest_hex is not None}
        turns = {pid: racing_turn(sec, warnings) for pid, sec in valid.items()}
        return RacingInput(state.turn, turns, missing, races, dict(gm.moves) if gm else {}), warnings
    turns_b = {pid: player_turn(sec, warnings) for pid, sec in valid.items()}
    return TurnInput(state.turn, turns_b, missing, dict(gm.rolls) if gm else {}), warnings


def _refusal(state: GameState, section: Section, trust: bool) -> str | None:
    if section.turn is not None and section.turn != state.turn:
        return f"orders are for turn {section.turn}, the game is at turn {state.turn}"
    if trust:
        return None
    if not section.password:
        return "no password given"
    if not check_password(section.password, state.player(section.player).password_hash):
        return "wrong password"
    return None


def player_turn(section: Section, warnings: list[str]) -> PlayerTurn:
    """A section's orders for a building turn (orders with problems were already left out)."""
    start, lines, passes, declare = None, [], False, False
    for o in section.orders:
        if isinstance(o, StartOrder):
            start = o.hex
        elif isinstance(o, BuildOrder):
            lines.append(BuildLine(o.hexes, o.echo(), f"line {o.pos.line}"))
        elif isinstance(o, PassOrder):
            passes = True
        elif isinstance(o, DeclareEndOrder):
            declare = True
        else:
            warnings.append(f"{o.pos.short}: {section.player}: '{o.echo()}' is ignored in the building phase")
    return PlayerTurn(section.player, start, tuple(lines), passes, declare)


def racing_turn(section: Section, warnings: list[str]) -> RacingTurn:
    """A section's orders for a racing turn: entries, and building from race income."""
    entries, lines = [], []
    for o in section.orders:
        if isinstance(o, EnterOrder):
            hexes = () if o.best else o.hexes
            entries.append(EntryOrder(o.race, hexes, o.hex_owners if hexes else (), o.partner, o.echo()))
        elif isinstance(o, BuildOrder):
            lines.append(BuildLine(o.hexes, o.echo(), f"line {o.pos.line}"))
        elif not isinstance(o, PassOrder):
            warnings.append(f"{o.pos.short}: {section.player}: '{o.echo()}' is ignored in the racing phase")
    return RacingTurn(section.player, tuple(entries), tuple(lines))


def run_turn(paths: Sequence[str], game_dir: str | None, trust: bool, dry_run: bool) -> TurnRun:
    """Adjudicate one turn; write nothing when ``dry_run``."""
    received = read_files(paths)
    gdir = find_game(received, game_dir)
    state, gmap, orders, turn_input, warnings = prepare(gdir, received, trust)
    run = _adjudicate(gdir, state, gmap, orders, turn_input, warnings)
    if not dry_run:
        reports: dict[str | None, str] = {None: run.public}
        reports.update(run.private)
        gdir.commit_turn(state, run.result.after, received.texts, reports)
    return run


def _adjudicate(gdir: GameDir, state: GameState, gmap: GameMap, orders: OrderSet, turn_input: TurnInput | RacingInput,
                warnings: list[str]) -> TurnRun:
    seed = gdir.read_seed()
    if state.dice_mode == "hmac" and not seed:
        raise TurnRefused(f"{gdir.path}: the dice seed file is missing; only the GM's copy can adjudicate")
    roller = DiceRoller(seed, state.game_id) if seed and state.dice_mode == "hmac" else None
    result: BuildTurnResult | RacingTurnResult
    if isinstance(turn_input, RacingInput):
        result = adjudicate_racing_turn(state, gmap, turn_input, roller)
        revealed = seed if result.after.phase == "over" else None
        public = racereport.racing_report(result, gmap, revealed)
        private = {pid: racereport.private_racing_report(result, gmap, pid, *_player_feedback(orders, pid), revealed)
                   for pid in state.player_ids}
    else:
        result = adjudicate_building_turn(state, gmap, turn_input, roller)
        public = report.building_report(result, gmap)
        private = {pid: report.private_report(result, gmap, pid, *_player_feedback(orders, pid))
                   for pid in state.player_ids}
    return TurnRun(gdir, orders, result, public, private, warnings)


def replay_turn(gdir: GameDir, turn: int) -> TurnRun:
    """Adjudicate an archived turn again from its state-before and orders, with today's templates.

    Refuses when the replay does not reproduce the archived state-after.
    """
    before = gdir.archived_state(turn, "before")
    gmap = gdir.load_map(before)
    folder = gdir.archive_path(turn) / "orders"
    parsed = [parse_orders(read_text(p)[0], p.name) for p in sorted(folder.iterdir()) if p.is_file()]
    orders = resolve(collect(parsed, game=before.game_id, turn=before.turn), gmap, companies=before.player_ids)
    turn_input, warnings = accept(before, orders, trust=False)
    run = _adjudicate(gdir, before, gmap, orders, turn_input, warnings)
    archived = (gdir.archive_path(turn) / "state-after.json").read_text(encoding="utf-8")
    if st.dumps(run.result.after) != archived:
        raise GameFileError(f"replaying turn {turn} does not reproduce its archived state; the archive may be damaged")
    return run


def _player_feedback(orders: OrderSet, pid: str) -> tuple[list[str], list[str], list[str]]:
    """A player's echo, problems and the notes that fall inside the player's section."""
    section = orders.section(pid)
    if section is None:
        return [], [format_problem(p) for p in orders.problems_for(pid)], []
    starts = sorted(s.pos.line for s in orders.sections if s.pos.file == section.pos.file)
    if orders.gm and orders.gm.pos.file == section.pos.file:
        starts = sorted(starts + [orders.gm.pos.line])
    end = next((line for line in starts if line > section.pos.line), None)
    notes = [
        format_note(n) for n in orders.notes
        if n.pos.file == section.pos.file and section.pos.line <= n.pos.line and (end is None or n.pos.line < end)
    ]
    return section.echo(), [format_problem(p) for p in orders.problems_for(pid)], notes


