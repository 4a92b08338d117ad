"""Pictures of maps and games: SVG, and PNG made from it (``postal.picture``: resvg and Pillow, both wheels).

The drawing is ``adjudicator.dampfross.report.svg``; this module finds the state to
draw (a game's current state or an archived turn of the session's folder,
``postal/moves.py: MovesDir``), writes files and turns SVG into PNG.  A
turn's mail shows the play's own picture of the state after it
(``play.py: DampfrossPlay.picture``, the same drawing).
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.app.gm import MapView
from adjudicator.dampfross.app.maps import read_map, show_map
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.dampfross.racing.turn import RacingResult
from adjudicator.dampfross.report.ascii import map_ferries, parse_window, render_map, render_split
from adjudicator.dampfross.report.common import ferry_marks, player_legend, track_marks
from adjudicator.dampfross.report.i18n import language
from adjudicator.dampfross.report.svg import ferry_lines, game_svg, render_svg
from adjudicator.kernel.errors import AdjudicatorError, GameFileError
from adjudicator.postal import picture
from adjudicator.postal.moves import Loaded, MovesDir

PNG_SCALE = picture.SCALE
"""PNG pixels per SVG unit: hex labels stay legible in a mail client."""
GRID = "#terrain"
"""The layer of hexes (``report/svg.py``), drawn unsmoothed in a PNG: its edges are most of the bytes."""
MISSING_PNG = ("PNG pictures need the packages resvg-py and Pillow, which a plain install brings: "
               "pip install dampfross-per-post")


def svg_to_png(svg: str, scale: float = PNG_SCALE) -> bytes:
    """Render SVG text as PNG bytes (``postal.picture``); an ``AdjudicatorError`` when a package is missing."""
    try:
        return picture.svg_to_png(svg, scale, crisp=GRID)
    except ImportError:  # only where the package was installed without its dependencies
        raise AdjudicatorError(MISSING_PNG) from None


def png_available() -> bool:
    """True when PNG pictures can be made here."""
    try:
        svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')
    except AdjudicatorError:
        return False
    return True


def _folder_play(directory: str | Path) -> DampfrossPlay:
    """The play of the game in ``directory``, its map loader reading the folder's map (the GM's commands')."""
    from adjudicator.dampfross.app.session import SessionCommands

    return SessionCommands(str(directory)).dplay


def loaded(folder: MovesDir, play: DampfrossPlay) -> Loaded:
    """The game in ``folder`` (``MovesDir.load``); a folder without a game file says there is no game."""
    if not folder.game_file.is_file():
        raise GameFileError(f"{folder.path}: no game here (no {folder.game_file.name}); start one with "
                            "'adjudicate new'")
    return folder.load(play)


def turn_state(folder: MovesDir, play: DampfrossPlay, turn: int | None) -> tuple[GameState, int | None]:
    """The state to draw and the turn whose track is new in it, from the session's folder.

    ``None``: the game as it is now, the last turn's track new; 0: the opening (no track); N: the state after
    turn N as its step archived it.
    """
    state: GameState = loaded(folder, play).state
    last = state.turn - 1
    if turn is None:
        return state, (last if last >= 1 else None)
    if not 0 <= turn <= last:
        raise AdjudicatorError(f"game {state.game_id} has turns 0..{last}; there is no turn {turn}")
    step = folder.move_steps().get(turn)
    if step is None:
        raise AdjudicatorError(f"{folder.path / 'archive'} holds no step of turn {turn}")
    after: GameState = play.load(folder.game_after(step)["state"])
    return after, (turn or None)


def turn_svg(directory: str | Path, turn: int | None = None, races: bool = False) -> str:
    """The SVG picture of a game after a turn (now: ``None``), that turn's new track emphasised.

    ``races`` draws the routes of the turn's races; they are not stored in the game, so the turn is resolved again
    from its step (``postal/moveverify.py: resolved_again``), which needs the GM's dice seed.
    """
    from adjudicator.postal.moveverify import resolved_again

    folder, play = MovesDir(directory), _folder_play(directory)
    state, new = turn_state(folder, play, turn)
    result = None
    if races and new is not None:
        again = resolved_again(folder, play, new)
        if again is None:
            raise AdjudicatorError(f"turn {new} cannot be resolved again for its races' routes: the seed is not in "
                                   f"{folder.path} or the turn does not come out as archived (adjudicate verify)")
        found = again[1].result
        result = found if isinstance(found, RacingResult) else None
    with language(state.lang):  # a German game's picture is German
        return game_svg(play.gmap(state), state, new, result)


def turn_png(directory: str | Path, turn: int | None = None, races: bool = False, scale: float = PNG_SCALE) -> bytes:
    """The PNG picture of a game after a turn, for mail clients that do not show SVG (see ``turn_svg``)."""
    return svg_to_png(turn_svg(directory, turn, races), scale)


def map_show(name: str | None, game_dir: str | None, turn: int | None, o: MapView) -> tuple[str, list[str]]:
    """``map show``: a map or a game's map, as ASCII (returned) or as SVG and PNG files.

    Returns the text to print and the messages about files written.
    """
    if (name is None) == (game_dir is None):
        raise AdjudicatorError("name a map (NAME or FILE) or a game (--game DIR), not both and not neither")
    if game_dir is None and (turn is not None or o.races):
        raise AdjudicatorError("--turn and --races need --game DIR")
    pictures = o.svg_file is not None or o.png_file is not None
    if (o.window or o.split) and pictures:
        raise AdjudicatorError("--window and --split apply to the ASCII map; a picture always shows the whole map")
    if o.window and o.split:
        raise AdjudicatorError("--window and --split exclude each other")
    if o.races and not pictures:
        raise AdjudicatorError("--races draws race routes in a picture: give --svg FILE or --png FILE")
    if game_dir is not None:  # a folder of the old format is upgraded first, as by every command of the GM
        from adjudicator.dampfross.app.gm import commands_of

        commands_of(game_dir)
    if not pictures:
        if name is not None:
            return show_map(name, o.window, o.legend, o.split), []
        play = _folder_play(game_dir or ".")
        state, new = turn_state(MovesDir(game_dir or "."), play, turn)
        gmap = play.gmap(state)
        marks, ferries, players = track_marks(state, new), ferry_marks(state, gmap), player_legend(state)
        if o.split:
            return render_split(gmap, marks, legend=o.legend, players=players, ferries=ferries), []
        corners = parse_window(o.window) if o.window else None
        return render_map(gmap, marks, corners, o.legend, players, ferries), []
    if name is not None:
        gmap = read_map(name)
        svg = render_svg(gmap, ferries=ferry_lines(map_ferries(gmap)), title=f"{gmap.name} ({gmap.code})")
    else:
        svg = turn_svg(game_dir or ".", turn, o.races)
    png = svg_to_png(svg) if o.png_file else None
    written = []
    if o.svg_file:
        written.append(_write(Path(o.svg_file), svg.encode("utf-8")))
    if o.png_file and png is not None:
        written.append(_write(Path(o.png_file), png))
    return "", written


def _write(path: Path, data: bytes) -> str:
    """Write a picture file; a clear error for a bad path."""
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise AdjudicatorError(f"cannot write {path}: {exc.strerror}") from None
    return f"wrote {path} ({len(data)} bytes)"
