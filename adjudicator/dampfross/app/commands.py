"""Application services behind the CLI: they read and write files, the core stays pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from adjudicator.dampfross.app.maps import map_text
from adjudicator.dampfross.board.errors import LabelError
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.mapfile import parse_map
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.board.names import match_town
from adjudicator.dampfross.engine.newgame import new_game, new_options
from adjudicator.dampfross.game import dice
from adjudicator.dampfross.game.rules import Rules, load_profile
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.racing.ferries import race_track
from adjudicator.dampfross.racing.search import best_routes
from adjudicator.dampfross.report.i18n import check_language
from adjudicator.dampfross.report.route import route_advice
from adjudicator.kernel.commitment import new_seed
from adjudicator.kernel.contacts import PlayerSpec, with_languages
from adjudicator.kernel.deadline import Schedule
from adjudicator.kernel.errors import AdjudicatorError, GameFileError
from adjudicator.postal.files import sha256

MAP_FILE = "map.yaml"
"""The game's own copy of its map, in the game's folder (the state's ``map_file``)."""


def start_game(directory: str, map_name: str, profile: str, players: list[str], seed_text: str | None,
               dice_mode: str, sets: list[str], game_id: str | None,
               test_passwords: str | None = None, schedule: Schedule | None = None, lang: str = "en",
               player_langs: Sequence[str] = (), caretaker_after: int | None = None,
               caretaker_level: str = "careful") -> tuple[str, Path, Rules]:
    """``adjudicate new``: a new Dampfross game of the one session (``postal/moves.py: MovesDir``); its opening
    report, its folder and its rules.

    ``schedule``: the game's deadlines (``adjudicate new --deadline/--every``), kept by the table; ``lang``: the
    language of the public reports; ``player_langs``: ``ID=LANG``, a company that reads another
    (``--player-lang``); ``ID:bot=LEVEL`` in ``players`` is a bot seat; ``caretaker_after``: the missed turns in a
    row after which the caretaker of ``caretaker_level`` plays a company (``None``: never; docs/bots.md).  The
    options it was given are recorded with the opening (``engine/newgame.py: new_options``), so ``verify`` sets the
    opening up again from them (``dampfross/play.py: DampfrossPlay.setup_with``); the game's map is its own
    ``map.yaml``, as it always was.
    """
    from adjudicator.dampfross.app.convert import converted, table_of
    from adjudicator.dampfross.play import DampfrossPlay
    from adjudicator.kernel.i18n import language
    from adjudicator.postal.files import write_new
    from adjudicator.postal.moves import MovesDir

    folder = MovesDir(directory)
    if folder.game_file.exists():
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
    state, secrets = new_game(gid, gmap, MAP_FILE, sha256(text), rules, specs, seed, test_passwords=test_passwords,
                              lang=lang)
    if schedule is not None:
        state = replace(state, schedule=schedule)
    if caretaker_after is not None:
        state = replace(state, caretaker_after=caretaker_after, caretaker_level=level)
    play = DampfrossPlay(lambda _state: gmap)
    table = table_of(state, play)
    state = replace(converted(state), caretaker_after=None, caretaker_level="careful")  # the table's (reading 134)
    with language(lang):
        opening = play.words.opening(table, state, None, None)
    options = new_options(gmap.name, MAP_FILE, sha256(text), profile, sets, specs, lang, state.gm_password_hash)
    try:
        folder.path.mkdir(parents=True, exist_ok=True)
        write_new(folder.path / MAP_FILE, text)
        folder.create(play, table, state, seed or "", secrets, opening, options)
    except OSError as exc:
        raise GameFileError(f"{directory}: cannot write the game: {exc.strerror or exc}") from None
    return opening, folder.path, rules


def bot_level(level: str, where: str) -> str:
    """A bot's level as given (``""``: the default, careful), checked against the levels there are."""
    from adjudicator.dampfross.bots import LEVELS

    level = level.strip().lower() or "careful"
    if level not in LEVELS:
        raise AdjudicatorError(f"{where}: no bot level {level!r}; choose one of {', '.join(LEVELS)}")
    return level


def effective_rules(name: str) -> tuple[Rules, str]:
    """The rules of a game directory (upgraded first when it is of the old format: ``gm.py: commands_of``), or of a
    shipped profile."""
    if Path(name).is_dir():
        from adjudicator.dampfross.app.gm import commands_of

        state = commands_of(name).state(name)
        return state.rules, f"game {state.game_id} ({name})"
    return load_profile(name), f"profile {name}"


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

