"""Maps named on the command line (a shipped map's name or a YAML file on disk): list, check, show."""

from __future__ import annotations

from pathlib import Path

from adjudicator.dampfross.board.errors import MapError
from adjudicator.dampfross.board.mapfile import load_map, parse_map, shipped_map_text, shipped_maps
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.report.ascii import map_ferries, parse_window, render_map, render_split
from adjudicator.dampfross.report.maps import map_check_report, map_list_line, map_problems_report
from adjudicator.kernel.errors import AdjudicatorError


def map_text(name_or_path: str | Path) -> tuple[str, str]:
    """Find a map by shipped name or file path; return ``(source, text)``."""
    p = Path(name_or_path)
    if p.suffix in (".yaml", ".yml") or p.is_file():
        try:
            return str(p), p.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise AdjudicatorError(f"map file {p} not found") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise AdjudicatorError(f"map file {p}: cannot read it ({exc})") from None
    return str(name_or_path), shipped_map_text(str(name_or_path))


def read_map(name_or_path: str | Path) -> GameMap:
    """Load and check a map by shipped name or file path."""
    source, text = map_text(name_or_path)
    return parse_map(text, source)


def list_maps() -> str:
    """``map list``: every shipped map, one line each."""
    lines = []
    for name in shipped_maps():
        try:
            lines.append(map_list_line(name, load_map(name)))
        except MapError as exc:
            lines.append(map_list_line(name, None, exc))
    return "".join(line + "\n" for line in lines)


def check_map(name_or_path: str) -> tuple[bool, str]:
    """``map check``: whether the map is valid, and the text to print (to stdout if valid, else stderr)."""
    try:
        gmap = read_map(name_or_path)
    except MapError as exc:
        return False, map_problems_report(exc)
    return True, map_check_report(gmap)


def show_map(name_or_path: str, window: str | None, legend: bool, split: bool = False) -> str:
    """``map show``: the map as ASCII art, whole, a window, or (``split``) in windows of 80 columns."""
    gmap = read_map(name_or_path)
    if split and not window:
        return render_split(gmap, legend=legend, ferries=map_ferries(gmap))
    return render_map(gmap, window=parse_window(window) if window else None, legend=legend, ferries=map_ferries(gmap))
