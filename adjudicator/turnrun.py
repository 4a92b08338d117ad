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

from adjudicator import report
from adjudicator.building import BuildLine
from adjudicator.buildturn import BuildTurnResult, PlayerTurn, TurnInput, adjudicate_building_turn
from adjudicator.dice import DiceRoller
from adjudicator.errors import GameFileError, TurnRefused
from adjudicator.mapdata import GameMap
from adjudicator.orders import (
    BuildOrder,
    DeclareEndOrder,
    OrderSet,
    PassOrder,
    Section,
    StartOrder,
    order_file_paths,
    read_order_files,
    resolve,
)
from adjudicator.orders import collect, parse_orders
from adjudicator.orders.collect import read_text
from adjudicator.passwords import check_password
from adjudicator import state as st
from adjudicator.state import GameState
from adjudicator.store import GameDir


@dataclass
class TurnRun:
    """Everything one run produced: the result, the reports, what to tell the GM."""

    gdir: GameDir
    orders: OrderSet
    result: BuildTurnResult
    public: str
    private: dict[str, str]
    warnings: list[str] = field(default_factory=list)


def find_game(paths: Sequence[str], game_dir: str | None) -> GameDir:
    """The game the orders are for: ``--game DIR``, else the GAME line's name.

    A GAME line ``demo`` means ``./demo/game.json``, or ``./game.json`` when
    that game's id is ``demo``.
    """
    if game_dir:
        return GameDir(game_dir)
    name = read_order_files(paths).game
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


def prepare(gdir: GameDir, paths: Sequence[str], trust: bool) -> tuple[GameState, GameMap, OrderSet, TurnInput, list[str]]:
    """Read the game and the orders; refuse a turn that cannot be run."""
    state = gdir.load_state()
    gmap = gdir.load_map(state)
    orders = resolve(read_order_files(paths, game=state.game_id, turn=state.turn), gmap)
    turn_input, warnings = accept(state, orders, trust)
    return state, gmap, orders, turn_input, warnings


def accept(state: GameState, orders: OrderSet, trust: bool) -> tuple[TurnInput, list[str]]:
    """Refuse orders that cannot make a turn; otherwise the engine's input and warnings for the GM."""
    if state.phase == "over":
        raise TurnRefused(f"game {state.game_id} is over")
    if state.phase != "building":
        raise TurnRefused(f"game {state.game_id} is in the {state.phase} phase, which this version cannot adjudicate yet")
    unreadable = [p for p in orders.problems if p.pos.line == 0]
    if unreadable:
        raise TurnRefused("cannot read the orders:\n" + "\n".join(p.format() for p in unreadable))
    wrong_game = [p for p in orders.problems if p.message.startswith("GAME ")]
    if wrong_game:
        raise TurnRefused("orders for another game:\n" + "\n".join(p.format() for p in wrong_game))
    turns = {s.turn for s in orders.sections if s.turn is not None}
    if turns and state.turn not in turns:
        listed = ", ".join(map(str, sorted(turns)))
        done = " (already adjudicated)" if max(turns) < state.turn else ""
        raise TurnRefused(f"these are orders for turn {listed}{done}; game {state.game_id} is at turn {state.turn}")
    return engine_input(state, orders, trust)


def engine_input(state: GameState, orders: OrderSet, trust: bool) -> tuple[TurnInput, list[str]]:
    """Turn password-checked, resolved sections into the engine's ``TurnInput``."""
    warnings: list[str] = []
    valid: dict[str, PlayerTurn] = {}
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
        valid[pid] = player_turn(section)
    rolls = dict(orders.gm.rolls) if orders.gm else {}
    if rolls and state.dice_mode == "hmac":
        warnings.append("ROLL lines ignored: this game uses the committed dice")
        rolls = {}
    unknown_rolls = sorted(set(rolls) - known)
    if unknown_rolls:
        raise TurnRefused(f"ROLL for unknown company {', '.join(unknown_rolls)}")
    return TurnInput(state.turn, valid, missing, rolls), warnings


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


def player_turn(section: Section) -> PlayerTurn:
    """A section's orders as the engine's input (problem orders were already left out)."""
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
    return PlayerTurn(section.player, start, tuple(lines), passes, declare)


def run_turn(paths: Sequence[str], game_dir: str | None, trust: bool, dry_run: bool) -> TurnRun:
    """Adjudicate one turn; write nothing when ``dry_run``."""
    gdir = find_game(paths, game_dir)
    state, gmap, orders, turn_input, warnings = prepare(gdir, paths, trust)
    run = _adjudicate(gdir, state, gmap, orders, turn_input, warnings)
    if not dry_run:
        reports: dict[str | None, str] = {None: run.public}
        reports.update(run.private)
        gdir.commit_turn(state, run.result.after, _order_texts(paths), reports)
    return run


def _adjudicate(gdir: GameDir, state: GameState, gmap: GameMap, orders: OrderSet, turn_input: TurnInput,
                warnings: list[str]) -> TurnRun:
    seed = gdir.read_seed()
    if state.dice_mode == "hmac" and not seed:
        raise TurnRefused(f"{gdir.path}: the dice seed file is missing; only the GM's copy can adjudicate")
    roller = DiceRoller(seed, state.game_id) if seed and state.dice_mode == "hmac" else None
    result = adjudicate_building_turn(state, gmap, turn_input, roller)
    public = report.building_report(result, gmap)
    private = {
        pid: report.private_report(result, gmap, pid, *_player_feedback(orders, pid)) for pid in state.player_ids
    }
    return TurnRun(gdir, orders, result, public, private, warnings)


def replay_turn(gdir: GameDir, turn: int) -> TurnRun:
    """Adjudicate an archived turn again from its state-before and orders, with today's templates.

    Refuses when the replay does not reproduce the archived state-after.
    """
    before = gdir.archived_state(turn, "before")
    gmap = gdir.load_map(before)
    folder = gdir.archive_path(turn) / "orders"
    parsed = [parse_orders(read_text(p)[0], p.name) for p in sorted(folder.iterdir()) if p.is_file()]
    orders = resolve(collect(parsed, game=before.game_id, turn=before.turn), gmap)
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
        return [], [p.format() for p in orders.problems_for(pid)], []
    starts = sorted(s.pos.line for s in orders.sections if s.pos.file == section.pos.file)
    if orders.gm and orders.gm.pos.file == section.pos.file:
        starts = sorted(starts + [orders.gm.pos.line])
    end = next((line for line in starts if line > section.pos.line), None)
    notes = [
        n.format() for n in orders.notes
        if n.pos.file == section.pos.file and section.pos.line <= n.pos.line and (end is None or n.pos.line < end)
    ]
    return section.echo(), [p.format() for p in orders.problems_for(pid)], notes


def _order_texts(paths: Sequence[str]) -> dict[str, str]:
    """The order files as received, for the archive (names made unique)."""
    files, _ = order_file_paths(paths)
    out: dict[str, str] = {}
    for i, path in enumerate(files, start=1):
        name = path.name if path.name not in out else f"{i:02d}-{path.name}"
        out[name] = read_text(path)[0]
    return out


def check_orders(paths: Sequence[str], game_dir: str | None, trust: bool) -> tuple[str, bool]:
    """Preview: parse, validate and price every order against the current state; change nothing."""
    gdir = find_game(paths, game_dir)
    state, gmap, orders, turn_input, warnings = prepare(gdir, paths, trust)
    if state.dice_mode == "manual":
        rolls = dict(turn_input.rolls)
        for pid in turn_input.orders:
            rolls.setdefault(pid, 6 * state.rules.allowance_dice)
        turn_input = TurnInput(turn_input.turn, turn_input.orders, turn_input.missing, rolls)
        warnings.append("manual dice: priced against the largest possible roll where no ROLL was given")
    result = adjudicate_building_turn(state, gmap, turn_input, _PreviewRoller(state.game_id))
    ok = not orders.problems and not warnings_fatal(result, turn_input)
    parts = [p.format() for p in orders.problems] + [n.format() for n in orders.notes] + warnings
    for pid in turn_input.orders:
        section = orders.section(pid)
        parts.append(report.check_report(result, gmap, pid, section.echo() if section else []))
    if not turn_input.orders:
        parts.append("no orders to price")
    return "\n".join(parts).rstrip() + "\n", ok


def warnings_fatal(result: BuildTurnResult, turn_input: TurnInput) -> bool:
    """True when some priced order would not be carried out in full."""
    for o in result.outcomes:
        if o.player not in turn_input.orders:
            continue
        if o.start_problem or (o.declare or "").startswith("refused") or any(not line.complete for line in o.lines):
            return True
    return False


class _PreviewRoller(DiceRoller):
    """A roller for previews: next turn's allowances are not drawn from the real seed."""

    def __init__(self, game: str):
        super().__init__("00" * 32, game)

