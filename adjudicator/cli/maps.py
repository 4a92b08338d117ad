"""Commands for maps and pictures: map list/show/check, and the HTML site of a game.

Each asks the registry (``app/plays.py``) for its game, by ``--play`` (Dampfross unless given) or the game of
``--game DIR``; a game without maps says so in one line."""

from __future__ import annotations

import sys

import click


@click.group("map")
def map_group() -> None:
    """List, show and check maps."""


PLAY = click.option("--play", "play", default="dampfross", show_default=True, metavar="GAME",
                    help="The game whose maps these are.")


@map_group.command("list")
@PLAY
def map_list(play: str) -> None:
    """List the maps shipped with the package."""
    from adjudicator.app.plays import game_named

    click.echo(game_named(play).map_list(), nl=False)


@map_group.command("show")
@click.argument("map_name", metavar="[NAME|FILE]", required=False)
@click.option("--game", "game_dir", metavar="DIR", help="A game's map with its track, instead of NAME.")
@click.option("--turn", type=int, help="With --game: the state after turn N (0: the opening; default: now).")
@click.option("--window", metavar="CCRR:CCRR", help="Show only the rectangle between two corner labels.")
@click.option("--no-legend", is_flag=True, help="Leave out the key and the list of towns.")
@click.option("--split", is_flag=True, help="The whole map in windows that fit 80 columns, west to east.")
@click.option("--svg", "svg_file", metavar="FILE", help="Write the map as an SVG picture to FILE.")
@click.option("--png", "png_file", metavar="FILE", help="Write the map as a PNG picture (needs the pictures extra).")
@click.option("--races", is_flag=True, help="With --game and a picture: draw the turn's race routes (GM: replays).")
@PLAY
def map_show(map_name: str | None, game_dir: str | None, turn: int | None, window: str | None, no_legend: bool,
             split: bool, svg_file: str | None, png_file: str | None, races: bool, play: str) -> None:
    """Print a map, or a game's map with its track, as ASCII art; or write it as SVG/PNG.

    Ferries (advanced rules) are shown as '=' on the water.

    \b
    Examples:
      adjudicate map show germany --window 0305:1420
      adjudicate map show germany --split
      adjudicate map show germany --svg germany.svg
      adjudicate map show --game demo --turn 3 --svg turn3.svg --png turn3.png
    """
    from adjudicator.app.gm import MapView
    from adjudicator.app.plays import game_named, game_of

    game = game_named(play) if game_dir is None else game_of(game_dir)
    text, written = game.map_show(map_name, game_dir, turn, MapView(window, not no_legend, split, svg_file, png_file,
                                                                    races))
    click.echo(text, nl=False)
    for line in written:
        click.echo(line, err=True)


@map_group.command("check")
@click.argument("map_name", metavar="NAME|FILE")
@PLAY
def map_check(map_name: str, play: str) -> None:
    """Check a map file and report every problem at once (exit 1 if any)."""
    from adjudicator.app.plays import game_named

    ok, text = game_named(play).map_check(map_name)
    click.echo(text, nl=False, err=not ok)
    sys.exit(0 if ok else 1)


@click.command("site")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("out", type=click.Path(file_okay=False))
@click.option("--png", is_flag=True, help="Also write each turn's map as PNG (needs the pictures extra).")
def site_cmd(directory: str, out: str, png: bool) -> None:
    """Write the game in DIRECTORY as a static HTML site into the folder OUT.

    A game page (companies, rules, dice, balances), one page per turn (its
    public report, its map as SVG, its races), and the ledger with a filter
    by company.  Private reports are never published.  Open OUT/index.html.
    Example: adjudicate site demo demo-site --png
    """
    from adjudicator.app.plays import game_of

    click.echo(game_of(directory).site(directory, out, png))


COMMANDS = (map_group, site_cmd,)
