"""Map files: finding, reading and checking the YAML a GM draws.

A map is a YAML file (see ``docs/maps.md``) that a GM can draw in a text
editor.  ``parse_map`` checks one completely and returns a frozen
``GameMap``; when anything is wrong it raises ``MapError`` listing *every*
problem, each with the YAML line where one is known.  ``load_map`` does the
same for a map shipped with the package (package data, like the rules
profiles); reading a map file from disk is the application's job
(``adjudicator.dampfross.app.maps``).
"""

from __future__ import annotations

import hashlib
from functools import cache
from importlib import resources
from typing import Any

import yaml

from adjudicator.dampfross.board.advancedfile import AdvancedReader
from adjudicator.dampfross.board.errors import LabelError, MapError, MapProblem
from adjudicator.dampfross.board.folding import fold_name, name_keys
from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.board.model import VALID_NUMBERS, GameMap, Terrain, Town
from adjudicator.dampfross.board.yamlload import line_of, load_with_lines
from adjudicator.kernel.errors import AdjudicatorError, GameFileError

_NAME_FORBIDDEN = ("-", "#", ">", ":", ",", ";")

# ---------------------------------------------------------------------------
# loading
# ---------------------------------------------------------------------------


def shipped_maps() -> list[str]:
    """Names of the maps shipped with the package."""
    root = resources.files("adjudicator.maps")
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".yaml"))


def shipped_map_text(name: str) -> str:
    """The text of a map shipped with the package; ``AdjudicatorError`` naming the shipped maps if none."""
    res = resources.files("adjudicator.maps").joinpath(f"{name}.yaml")
    if not res.is_file():
        known = ", ".join(shipped_maps()) or "none"
        raise AdjudicatorError(f"no map named {name!r} (shipped maps: {known}; or give a .yaml file)")
    return res.read_text(encoding="utf-8")


@cache
def _shipped_by_sha() -> dict[str, str]:
    """The shipped maps' names by the SHA-256 of their texts."""
    return {hashlib.sha256(shipped_map_text(name).encode("utf-8")).hexdigest(): name for name in shipped_maps()}


@cache
def shipped_map_of(sha256: str, game: str = "", map_file: str = "") -> GameMap:
    """The shipped map whose text has this SHA-256 (the one a game was started with), parsed once a process;
    ``GameFileError`` when none has (a map of the GM's own: the game's folder keeps it, ``map.yaml``)."""
    name = _shipped_by_sha().get(sha256)
    if name is None:
        raise GameFileError(f"game {game}: its map {map_file or sha256} is not one shipped with the program (no "
                            "shipped map has its SHA-256); the game's own map.yaml is read by its folder")
    return parse_map(shipped_map_text(name), name)


def load_map(name: str) -> GameMap:
    """Load and check a map shipped with the package (a map file on disk: ``adjudicator.dampfross.app.maps``)."""
    return parse_map(shipped_map_text(name), name)


def parse_map(text: str, source: str = "<map>") -> GameMap:
    """Parse and check map YAML text; raise ``MapError`` with every problem."""
    try:
        data = load_with_lines(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise MapError(source, [MapProblem(f"not valid YAML: {problem}", line)]) from None
    return _Builder(data, source).build()


class _Builder:
    """Turns the raw YAML into a GameMap, collecting every problem on the way."""

    def __init__(self, data: Any, source: str):
        self.data = data
        self.source = source
        self.problems: list[MapProblem] = []
        self.drawn: set[Hex] = set()  # every hex given a terrain character, valid or not

    def problem(self, message: str, line: int | None = None, where: str = "") -> None:
        self.problems.append(MapProblem(message, line, where))

    def build(self) -> GameMap:
        d = self.data
        if not isinstance(d, dict):
            raise MapError(self.source,
                           [MapProblem("a map file must be a YAML mapping (name:, code:, terrain:, towns: ...)")])
        for key in ("name", "code", "terrain"):
            if key not in d:
                self.problem(f"missing required key '{key}:'", getattr(d, "line", None))
        known = {"name", "code", "designer", "terrain", "countries", "country_names", "home", "rivers", "towns",
                 "notes", "ferries", "special_runs"}
        for key in d:
            if key not in known:
                self.problem(f"unknown key '{key}:' (known: {', '.join(sorted(known))})", line_of(d, key))
        terrain = self._terrain()
        countries, country_names, home = self._countries(terrain)
        rivers = self._rivers(terrain)
        towns = self._towns(terrain)
        extras = AdvancedReader(d, towns, terrain, countries, country_names, home, self.problem)
        ferries, per_player = extras.ferries()
        port_bonus = extras.ferry_port_bonus()
        special_runs = extras.special_runs()
        if not terrain and "terrain" in d:
            self.problem("the terrain grid has no hexes", line_of(d, "terrain"))
        if self.problems:
            raise MapError(self.source, self.problems)
        return GameMap(
            name=str(d["name"]),
            code=str(d["code"]),
            designer=str(d.get("designer") or ""),
            terrain=terrain,
            towns=tuple(towns),
            rivers=frozenset(rivers),
            countries=countries,
            country_names=country_names,
            home=home,
            source=self.source,
            ferries=ferries,
            ferries_per_player=per_player,
            ferry_port_bonus=port_bonus,
            special_runs=special_runs,
        )

    def _grid(self, key: str) -> list[tuple[int | None, str]]:
        """Rows of a block-text grid with the YAML line of each row."""
        raw = self.data.get(key)
        if raw is None:
            return []
        if not isinstance(raw, str):
            self.problem(f"'{key}:' must be a block of text (use '{key}: |')", line_of(self.data, key))
            return []
        first = line_of(self.data, key)
        rows = raw.split("\n")
        if rows and rows[-1] == "":
            rows.pop()
        return [((first + 1 + i) if first else None, row) for i, row in enumerate(rows)]

    def _terrain(self) -> dict[Hex, Terrain]:
        out: dict[Hex, Terrain] = {}
        by_char = {t.value: t for t in Terrain}
        for r, (line, row) in enumerate(self._grid("terrain"), start=1):
            for c, ch in enumerate(row, start=1):
                if ch == " ":
                    continue
                h = Hex(c, r)
                self.drawn.add(h)
                if ch not in by_char:
                    self.problem(
                        f"unknown terrain character {ch!r} (use '.' plain, '^' mountain, '~' water, ' ' no hex)",
                        line,
                        h.label,
                    )
                    continue
                out[h] = by_char[ch]
        return out

    def _countries(self, terrain: dict[Hex, Terrain]) -> tuple[dict[Hex, str], dict[str, str], str | None]:
        d = self.data
        names_raw = d.get("country_names") or {}
        if not isinstance(names_raw, dict):
            self.problem("'country_names:' must be a mapping such as {D: Deutschland}", line_of(d, "country_names"))
            names_raw = {}
        names = {str(k): str(v) for k, v in names_raw.items()}
        for k in names:
            if len(k) != 1 or k == " ":
                self.problem(f"country code {k!r} must be a single character", line_of(names_raw, k))
        grid = self._grid("countries")
        home = d.get("home")
        if home is not None:
            home = str(home)
            if home not in names:
                self.problem(f"home country {home!r} is not in country_names", line_of(d, "home"))
        if not grid:
            return {}, names, home
        terrain_rows = self._grid("terrain")
        if len(grid) != len(terrain_rows):
            self.problem(
                f"the countries grid has {len(grid)} rows but the terrain grid has {len(terrain_rows)}",
                line_of(d, "countries"),
            )
        out: dict[Hex, str] = {}
        unknown: dict[str, tuple[int | None, str]] = {}
        for r, (line, row) in enumerate(grid, start=1):
            for c, ch in enumerate(row, start=1):
                h = Hex(c, r)
                if ch == " ":
                    if h in terrain:
                        self.problem("hex has terrain but no country", line, h.label)
                    continue
                if h not in self.drawn:
                    self.problem(f"country {ch!r} given for a hex that is not on the map", line, h.label)
                    continue
                if ch not in names:
                    unknown.setdefault(ch, (line, h.label))
                out[h] = ch
        for ch, (line, label) in unknown.items():
            self.problem(f"unknown country character {ch!r} (not in country_names)", line, f"first at {label}")
        for h in terrain:
            if h not in out and h.row <= len(grid) and h.col > len(grid[h.row - 1][1]):
                self.problem("hex has terrain but no country (countries row too short)", grid[h.row - 1][0], h.label)
        return out, names, home

    def _rivers(self, terrain: dict[Hex, Terrain]) -> set[Side]:
        raw = self.data.get("rivers") or []
        out: set[Side] = set()
        if not isinstance(raw, list):
            self.problem("'rivers:' must be a list of hex pairs such as '0712 0713'", line_of(self.data, "rivers"))
            return out
        for i, item in enumerate(raw):
            line = line_of(raw, i)
            text = " ".join(str(x) for x in item) if isinstance(item, list) else str(item)
            try:
                parts = text.replace("-", " ").split()
                if len(parts) != 2:
                    raise LabelError(f"{text!r} is not two hex labels")
                a, b = Hex.parse(parts[0]), Hex.parse(parts[1])
            except LabelError as exc:
                self.problem(f"river entry: {exc}", line)
                continue
            missing = [h.label for h in (a, b) if h not in terrain]
            if missing:
                self.problem(f"river entry {text!r}: {', '.join(missing)} not on the map", line)
                continue
            if not a.is_adjacent(b):
                self.problem(f"river entry {text!r}: the two hexes are not adjacent", line)
                continue
            s = Side(a, b)
            if s in out:
                self.problem(f"river entry {text!r} is listed twice", line)
            out.add(s)
        return out

    def _towns(self, terrain: dict[Hex, Terrain]) -> list[Town]:
        raw = self.data.get("towns") or []
        towns: list[Town] = []
        if not isinstance(raw, list):
            self.problem("'towns:' must be a list", line_of(self.data, "towns"))
            return towns
        seen_hex: dict[Hex, str] = {}
        seen_num: dict[int, str] = {}
        seen_name: dict[str, str] = {}
        for i, item in enumerate(raw):
            line = line_of(raw, i)
            if not isinstance(item, dict):
                self.problem("each town must be a mapping with name:, hex:, numbers:", line)
                continue
            name = str(item.get("name") or "").strip()
            where = name or f"town #{i + 1}"
            if not name:
                self.problem("town without a name", line, where)
            elif any(c in name for c in _NAME_FORBIDDEN):
                forbidden = " ".join(_NAME_FORBIDDEN)
                self.problem(f"town name may not contain any of {forbidden} (they are order syntax)", line, where)
            elif fold_name(name) in seen_name:
                self.problem(f"town name also used by {seen_name[fold_name(name)]}", line, where)
            else:
                seen_name[fold_name(name)] = name
            for key in item:
                if key not in ("name", "hex", "numbers", "start", "port", "aliases"):
                    self.problem(f"unknown town key '{key}:'", line_of(item, key, line), where)
            try:
                h = Hex.parse(str(item.get("hex", "")).zfill(4))
            except LabelError as exc:
                self.problem(f"bad hex: {exc}", line_of(item, "hex", line), where)
                continue
            t = terrain.get(h)
            if t is None:
                self.problem(f"town at {h.label} is outside the map", line_of(item, "hex", line), where)
            elif t is not Terrain.PLAIN:
                self.problem(f"town at {h.label} stands on {t.word}; towns may only stand on plain hexes",
                             line_of(item, "hex", line), where)
            if h in seen_hex:
                self.problem(f"two towns in hex {h.label} ({seen_hex[h]} and {where})", line_of(item, "hex", line),
                             where)
            seen_hex[h] = where
            nums_raw = item.get("numbers") or []
            if not isinstance(nums_raw, list):
                nums_raw = [nums_raw]
            nums: list[int] = []
            for n in nums_raw:
                nline = line_of(item, "numbers", line)
                if not isinstance(n, int) or isinstance(n, bool):
                    self.problem(f"town number {n!r} is not a whole number", nline, where)
                    continue
                if n not in VALID_NUMBERS:
                    self.problem(f"town number {n} is not 11..66 with digits 1-6 only", nline, where)
                    continue
                if n in seen_num:
                    self.problem(f"town number {n} is used twice ({seen_num[n]} and {where})", nline, where)
                    continue
                seen_num[n] = where
                nums.append(n)
            towns.append(Town(name, h, tuple(nums), bool(item.get("start", False)), bool(item.get("port", False)),
                              self._aliases(item, line, where)))
        self._alias_clashes(towns, raw)
        return towns

    def _aliases(self, item: Any, line: int | None, where: str) -> tuple[str, ...]:
        """A town's ``aliases:``: a list of other names players use, each a name a town may bear."""
        raw = item.get("aliases")
        if raw is None:
            return ()
        aline = line_of(item, "aliases", line)
        if not isinstance(raw, list):
            self.problem("'aliases:' must be a list of names such as [Munich, Muenchen]", aline, where)
            return ()
        out: list[str] = []
        for a in (str(x).strip() for x in raw):
            if not fold_name(a):
                self.problem(f"alias {a!r} has no letters", aline, where)
            elif any(c in a for c in _NAME_FORBIDDEN):
                forbidden = " ".join(_NAME_FORBIDDEN)
                self.problem(f"alias {a!r} may not contain any of {forbidden} (they are order syntax)", aline, where)
            else:
                out.append(a)
        return tuple(out)

    def _alias_clashes(self, towns: list[Town], raw: list[Any]) -> None:
        """No alias is another town's name or another alias (a name answers to one town only), nor listed twice."""
        owner: dict[str, str] = {key: t.name for t in towns for key in name_keys(t.name)}
        line = {t.name: line_of(raw, i) for i, t in enumerate(towns)}
        seen: dict[str, str] = {}
        for t in towns:
            for a in t.aliases:
                keys = name_keys(a)
                other = next((owner[k] for k in keys if k in owner), None)
                twice = next((seen[k] for k in keys if k in seen), None)
                if other is not None and other != t.name:
                    self.problem(f"alias {a!r} is the name of the town {other}", line[t.name], t.name)
                elif other == t.name:
                    self.problem(f"alias {a!r} is the town's own name", line[t.name], t.name)
                elif twice is not None:
                    said = "twice" if twice == t.name else f"also for {twice}"
                    self.problem(f"alias {a!r} is listed {said}", line[t.name], t.name)
                seen.update((k, t.name) for k in keys)
