"""Application services behind the CLI: they read and write files, the core stays pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from adjudicator.dampfross.app.maps import map_text
from adjudicator.dampfross.app.run import replay_turn
from adjudicator.dampfross.app.store import MAP_FILE, GameDir
from adjudicator.dampfross.board.errors import LabelError
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.mapfile import parse_map
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.board.names import match_town
from adjudicator.dampfross.engine.newgame import new_game
from adjudicator.dampfross.game import dice
from adjudicator.dampfross.game.rules import Rules, load_profile
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.racing.ferries import race_track
from adjudicator.dampfross.racing.search import best_routes
from adjudicator.dampfross.report.building import opening_report
from adjudicator.dampfross.report.i18n import check_language
from adjudicator.dampfross.report.route import route_advice
from adjudicator.kernel.commitment import new_seed
from adjudicator.kernel.contacts import PlayerSpec, with_languages
from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.errors import AdjudicatorError, GameFileError
from adjudicator.postal.files import sha256


def start_game(directory: str, map_name: str, profile: str, players: list[str], seed_text: str | None,
               dice_mode: str, sets: list[str], game_id: str | None,
               test_passwords: str | None = None, schedule: Schedule | None = None, lang: str = "en",
               player_langs: Sequence[str] = (), caretaker_after: int | None = None,
               caretaker_level: str = "careful") -> tuple[str, GameDir]:
    """``adjudicate new``: write a new game directory; return the opening report.

    ``schedule``: the game's deadlines (``adjudicate new --deadline/--every``); ``lang``: the language of
    the public reports; ``player_langs``: ``ID=LANG``, a company that reads another (``--player-lang``);
    ``ID:bot=LEVEL`` in ``players`` is a bot seat; ``caretaker_after``: the missed turns in a row after which
    the caretaker of ``caretaker_level`` plays a company (``None``: never; docs/bots.md).
    """
    gdir = GameDir(directory)
    if gdir.exists():
        raise GameFileError(f"{directory} already holds a game; choose another directory")
    source, text = map_text(map_name)
    gmap = parse_map(text, source)
    rules = load_profile(profile, sets)
    specs = [replace(s, bot=bot_level(s.bot, f"--player {s.id}")) if s.bot is not None else s
             for s in with_languages([PlayerSpec.parse(p) for p in players], player_langs)]
    if caretaker_after is not None and caretaker_after < 1:
        raise AdjudicatorError(f"--caretaker-after {caretaker_after}: give a number of missed turns of 1 or more")
    level = bot_level(caretaker_level, "--caretaker-level")
    check_language(lang)
    gid = game_id or Path(directory).resolve().name
    if dice_mode == "manual":
        if seed_text:
            raise AdjudicatorError("--seed makes no sense with --dice manual")
        if caretaker_after is not None or any(s.bot for s in specs):
            raise AdjudicatorError("a bot draws from the dice seed: bot seats and --caretaker-after need committed "
                                   "dice, not --dice manual")
        seed = None
    else:
        seed = dice.seed_from_text(seed_text) if seed_text else new_seed()
    state, passwords = new_game(gid, gmap, MAP_FILE, sha256(text), rules, specs, seed, test_passwords=test_passwords,
                                lang=lang)
    if schedule is not None:
        state = replace(state, schedule=schedule)
    if caretaker_after is not None:
        state = replace(state, caretaker_after=caretaker_after, caretaker_level=level)
    opening = opening_report(state, gmap)
    gdir.create(state, text, seed, passwords, opening)
    return opening, gdir


def bot_level(level: str, where: str) -> str:
    """A bot's level as given (``""``: the default, careful), checked against the levels there are."""
    from adjudicator.dampfross.bots import LEVELS

    level = level.strip().lower() or "careful"
    if level not in LEVELS:
        raise AdjudicatorError(f"{where}: no bot level {level!r}; choose one of {', '.join(LEVELS)}")
    return level


def effective_rules(name: str) -> tuple[Rules, str]:
    """The rules of a game directory, or of a shipped profile."""
    if Path(name).is_dir():
        state = GameDir(name).load_state()
        return state.rules, f"game {state.game_id} ({name})"
    return load_profile(name), f"profile {name}"


def reveal_seed(directory: str) -> str:
    seed = GameDir(directory).read_seed()
    if not seed:
        raise AdjudicatorError(f"{directory} has no seed file (manual dice, or not the GM's copy)")
    return seed


def archived_report(directory: str, turn: int | None, player: str | None, archived: bool = False) -> str:
    """A turn's report, public or a player's private one.

    Re-rendered by replaying the archived turn (state before, orders as
    received, the dice seed) when the seed is at hand; otherwise, or with
    ``archived``, the text as it was sent.  The opening report is always the
    archived text.
    """
    gdir = GameDir(directory)
    state = gdir.load_state()
    pid = _company(state, player)
    return _report_text(gdir, state, state.turn - 1 if turn is None else turn, pid, archived)


def all_reports(directory: str, player: str | None, archived: bool = False) -> str:
    """Every report of the game from the opening on, as ``archived_report`` makes each, a form feed between."""
    gdir = GameDir(directory)
    state = gdir.load_state()
    pid = _company(state, player)
    texts, carried = [], None
    for t in range(state.turn):
        text, carried = _report_and_state(gdir, state, t, pid, archived, carried)
        texts.append(text)
    return "\f\n".join(texts)


def _company(state: GameState, player: str | None) -> str | None:
    pid = player.upper() if player else None
    if pid and pid not in state.player_ids:
        raise AdjudicatorError(f"no company {pid} in game {state.game_id}")
    return pid


def _report_text(gdir: GameDir, state: GameState, t: int, pid: str | None, archived: bool) -> str:
    return _report_and_state(gdir, state, t, pid, archived, None)[0]


Carried = tuple[GameState, str]
"""The state a replayed turn ended with and the SHA-256 the archive recorded for it."""


def _report_and_state(gdir: GameDir, state: GameState, t: int, pid: str | None, archived: bool,
                      carried: Carried | None) -> tuple[str, Carried | None]:
    """Turn ``t``'s report, and the state its replay ended with (for the next turn's replay, which then starts
    from it when its recorded state-before is that state: a whole game's reports make each state once)."""
    replayable = t >= 1 and (state.dice_mode == "manual" or gdir.read_seed())
    step = gdir.archive_path(t)
    if replayable and not archived and step.is_dir():
        before = carried[0] if carried and gdir.states.sha256_of(step, "before") == carried[1] else None
        run = replay_turn(gdir, t, before)
        return (run.private[pid] if pid else run.public), (run.result.after, gdir.states.sha256_of(step, "after"))
    path = gdir.report_path(t, pid)
    if not path.is_file():
        raise AdjudicatorError(f"no report {path.name} in {gdir.path / 'reports'} (turns 0..{state.turn - 1} exist)")
    return path.read_text(encoding="utf-8"), None


def advise_routes(directory: str, origin: str, destination: str, player: str, count: int) -> str:
    """``adjudicate route``: the best few routes over today's track, as text."""

    gdir = GameDir(directory)
    state = gdir.load_state()
    return routes_text(state, gdir.load_map(state), origin, destination, player, count)


def routes_text(state: GameState, gmap: GameMap, origin: str, destination: str, player: str, count: int) -> str:
    """The route advice of ``advise_routes`` on a game's state and map, whatever folder holds them (the session's
    too: ``session.py``)."""
    riders = [p.strip().upper() for p in player.split("+")]
    for pid in riders:
        if pid not in state.player_ids:
            raise AdjudicatorError(f"no company {pid} in game {state.game_id}")

    def place(text: str) -> Hex:
        try:
            h = Hex.parse(text)
        except LabelError:
            found = match_town(text, gmap)
            if found.town is None:
                raise AdjudicatorError(f"{text!r} is neither a hex label nor a town of this map") from None
            return found.town.hex
        if not gmap.on_map(h):
            raise AdjudicatorError(f"{h.label} is not on the map")
        return h

    a, b = place(origin), place(destination)
    seats = {p.id: p.seat for p in state.players}
    options = best_routes(gmap, race_track(state, gmap), state.rules, a, b, riders, seats, limit=count)
    return route_advice(riders, origin, a, destination, b, state.turn, options, state.lang)

