"""Reading and checking a map file's advanced-rule keys: ``ferries:`` and ``special_runs:``.

``adjudicator.dampfross.board.mapfile`` parses the rest of the map and hands this
module the towns, terrain and countries it found; every problem is
reported with its YAML line, like all map problems (``docs/maps.md``).

Checks: a ferry's ends are two different port towns of the map joined by
water, its length a whole number of at least 1, no two ferries between the
same ports; a special-run table rolls ``one`` die or ``red+parity``, comes
every N races (N >= 1), has exactly the keys its die can show, and every
town and country it names exists (a country must be foreign and have land),
every hex it lists is a land hex of the map, quoted (``"1607"``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from adjudicator.dampfross.board.advanced import Ferry, SpecialDestination, SpecialDie, SpecialRuns, table_keys
from adjudicator.dampfross.board.errors import LabelError
from adjudicator.dampfross.board.folding import fold_name
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.board.model import Terrain, Town
from adjudicator.dampfross.board.yamlload import line_of

Report = Callable[[str, int | None, str], None]
"""The map builder's ``problem(message, line, where)``."""

DIES: tuple[SpecialDie, ...] = ("one", "red+parity")


class AdvancedReader:
    """Reads ``ferries:`` and ``special_runs:`` once the towns and countries of the map are known."""

    def __init__(self, data: Mapping[Any, Any], towns: Sequence[Town], terrain: Mapping[Hex, Terrain],
                 countries: Mapping[Hex, str], country_names: Mapping[str, str], home: str | None,
                 problem: Report):
        self.data = data
        self.towns = {fold_name(t.name): t for t in towns}
        self.terrain = terrain
        self.countries = countries
        self.country_names = country_names
        self.home = home
        self.problem = problem

    # --- ferries ----------------------------------------------------------
    def ferries(self) -> tuple[tuple[Ferry, ...], int | None]:
        """The ferry lines and the most one player may own (``None``: no limit)."""
        raw = self.data.get("ferries")
        if raw is None:
            return (), None
        line = line_of(self.data, "ferries")
        if not isinstance(raw, dict):
            self.problem("'ferries:' must be a mapping with 'lines:' (and 'per_player:')", line, "")
            return (), None
        for key in raw:
            if key not in ("per_player", "lines", "port_bonus"):
                self.problem(f"unknown ferries key '{key}:' (known: lines, per_player, port_bonus)",
                             line_of(raw, key, line), "")
        per_player = raw.get("per_player")
        if per_player is not None and (not isinstance(per_player, int) or isinstance(per_player, bool)
                                       or per_player < 1):
            self.problem(f"ferries per_player {per_player!r} must be a whole number of at least 1",
                         line_of(raw, "per_player", line), "")
            per_player = None
        lines = raw.get("lines") or []
        if not isinstance(lines, list):
            self.problem("ferries 'lines:' must be a list of {from:, to:, length:}", line_of(raw, "lines", line), "")
            return (), per_player
        out: list[Ferry] = []
        seen: dict[frozenset[Hex], str] = {}
        for i, item in enumerate(lines):
            ferry = self._ferry(item, line_of(lines, i, line))
            if ferry is None:
                continue
            pair = frozenset(ferry.ports)
            if pair in seen:
                self.problem(f"a second ferry between {ferry.start} and {ferry.end} (first: {seen[pair]})",
                             line_of(lines, i, line), ferry.name)
                continue
            seen[pair] = ferry.name
            out.append(ferry)
        return tuple(out), per_player

    def ferry_port_bonus(self) -> bool:
        """``ferries: port_bonus:`` (default true): whether a ferry's home port pays the town bonus."""
        raw = self.data.get("ferries")
        if not isinstance(raw, dict) or "port_bonus" not in raw:
            return True
        value = raw["port_bonus"]
        if not isinstance(value, bool):
            self.problem(f"ferries port_bonus {value!r} must be true or false",
                         line_of(raw, "port_bonus", line_of(self.data, "ferries")), "")
            return True
        return value

    def _ferry(self, item: Any, line: int | None) -> Ferry | None:
        if not isinstance(item, dict):
            self.problem("each ferry must be a mapping such as {from: Calais, to: Dover, length: 2}", line, "")
            return None
        for key in item:
            if key not in ("from", "to", "length"):
                self.problem(f"unknown ferry key '{key}:' (known: from, to, length)", line_of(item, key, line), "")
        where = f"{item.get('from')}-{item.get('to')}"
        ends = [self._port(item.get(key), line_of(item, key, line), where) for key in ("from", "to")]
        length = item.get("length")
        if not isinstance(length, int) or isinstance(length, bool) or length < 1:
            self.problem(f"ferry length {length!r} must be a whole number of at least 1",
                         line_of(item, "length", line), where)
            return None
        a, b = ends
        if a is None or b is None:
            return None
        if a.hex == b.hex:
            self.problem("a ferry needs two different ports", line, where)
            return None
        if a.hex.is_adjacent(b.hex):
            self.problem("the ports are neighbours; a ferry crosses water (join them with track)", line, where)
            return None
        path = self._water_path(a.hex, b.hex)
        if path is None:
            self.problem(f"no way over water between {a.name} ({a.hex.label}) and {b.name} ({b.hex.label})",
                         line, where)
            return None
        return Ferry(a.name, b.name, length, a.hex, b.hex, path)

    def _port(self, name: Any, line: int | None, where: str) -> Town | None:
        if not isinstance(name, str) or not name.strip():
            self.problem("a ferry needs 'from:' and 'to:', each a port town of the map", line, where)
            return None
        town = self.towns.get(fold_name(name))
        if town is None:
            self.problem(f"ferry port {name!r} is not a town of the map", line, where)
            return None
        if not town.port:
            self.problem(f"ferry port {town.name} is not a port (give it 'port: true')", line, where)
            return None
        return town

    def _water_path(self, a: Hex, b: Hex) -> tuple[Hex, ...] | None:
        """One shortest way from port ``a`` to port ``b`` over water hexes (breadth first, by label)."""
        prev: dict[Hex, Hex | None] = {a: None}
        queue = deque([a])
        while queue:
            h = queue.popleft()
            for n in sorted(h.neighbours()):
                if n in prev:
                    continue
                if n == b:
                    path = [n, h]
                    while (p := prev[path[-1]]) is not None:
                        path.append(p)
                    return tuple(reversed(path))
                if self.terrain.get(n) is Terrain.WATER:
                    prev[n] = h
                    queue.append(n)
        return None

    # --- special runs -----------------------------------------------------
    def special_runs(self) -> SpecialRuns | None:
        raw = self.data.get("special_runs")
        if raw is None:
            return None
        line = line_of(self.data, "special_runs")
        if not isinstance(raw, dict):
            self.problem("'special_runs:' must be a mapping with die:, every: and destinations:", line, "")
            return None
        for key in raw:
            if key not in ("die", "every", "destinations"):
                self.problem(f"unknown special_runs key '{key}:' (known: destinations, die, every)",
                             line_of(raw, key, line), "")
        die = raw.get("die")
        if die not in DIES:
            self.problem(f"special_runs die {die!r} must be one of {', '.join(DIES)}", line_of(raw, "die", line), "")
            return None
        every = raw.get("every")
        if not isinstance(every, int) or isinstance(every, bool) or every < 1:
            self.problem(f"special_runs every {every!r} must be a whole number of at least 1",
                         line_of(raw, "every", line), "")
            return None
        table = raw.get("destinations")
        if not isinstance(table, dict):
            self.problem("special_runs 'destinations:' must be a mapping from die rolls to places",
                         line_of(raw, "destinations", line), "")
            return None
        keys = table_keys(cast(SpecialDie, die))
        found = {str(k): k for k in table}
        for k in table:
            if str(k) not in keys:
                self.problem(f"special_runs key {str(k)!r} cannot be rolled with die {die} "
                             f"(keys: {' '.join(keys)})", line_of(table, k, line), "")
        missing = [k for k in keys if k not in found]
        if missing:
            self.problem(f"special_runs has no destination for {', '.join(missing)}",
                         line_of(raw, "destinations", line), "")
        out = {}
        for key in keys:
            if key in found:
                dest = self._destination(key, table[found[key]], line_of(table, found[key], line))
                if dest is not None:
                    out[key] = dest
        return SpecialRuns(cast(SpecialDie, die), every, out)

    def _destination(self, key: str, item: Any, line: int | None) -> SpecialDestination | None:
        if not isinstance(item, dict):
            self.problem("a destination must be a mapping such as {name: Dänemark, countries: [K]}", line, key)
            return None
        for k in item:
            if k not in ("name", "towns", "countries", "hexes"):
                self.problem(f"unknown destination key '{k}:' (known: countries, hexes, name, towns)",
                             line_of(item, k, line), key)
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            self.problem("a destination needs a 'name:'", line, key)
            return None
        towns = self._names(item, "towns", line, key)
        countries = self._names(item, "countries", line, key)
        labels = self._names(item, "hexes", line, key)
        if towns is None or countries is None or labels is None:
            return None
        if not towns and not countries and not labels:
            self.problem("a destination needs 'towns:', 'countries:' or 'hexes:'", line, key)
            return None
        hexes = self._hexes(labels, line_of(item, "hexes", line), key)
        ok = hexes is not None
        for t in towns:
            if fold_name(t) not in self.towns:
                self.problem(f"destination town {t!r} is not a town of the map", line_of(item, "towns", line), key)
                ok = False
        for c in countries:
            if c not in self.country_names:
                self.problem(f"destination country {c!r} is not in country_names", line_of(item, "countries", line),
                             key)
                ok = False
            elif c == self.home:
                self.problem(f"destination country {c!r} is the home country", line_of(item, "countries", line), key)
                ok = False
            elif not any(v == c and self.terrain.get(h) not in (None, Terrain.WATER)
                         for h, v in self.countries.items()):
                self.problem(f"destination country {c!r} has no land on the map", line_of(item, "countries", line),
                             key)
                ok = False
        if not ok or hexes is None:
            return None
        canonical = tuple(self.towns[fold_name(t)].name for t in towns)
        return SpecialDestination(key, name.strip(), canonical, tuple(countries), hexes)

    def _hexes(self, labels: Sequence[str], line: int | None, where: str) -> tuple[Hex, ...] | None:
        """A destination's ``hexes:``: labels of land hexes of the map (a town's hex or any other)."""
        out: list[Hex] = []
        for text in labels:
            try:
                h = Hex.parse(text)
            except LabelError:
                self.problem(f"destination hex {text!r} is not a hex label (CCRR)", line, where)
                continue
            terrain = self.terrain.get(h)
            if terrain is None:
                self.problem(f"destination hex {h.label} is not on the map", line, where)
            elif terrain is Terrain.WATER:
                self.problem(f"destination hex {h.label} is water", line, where)
            elif h in out:
                self.problem(f"destination hex {h.label} is listed twice", line, where)
            else:
                out.append(h)
                continue
        return tuple(out) if len(out) == len(labels) else None

    def _names(self, item: Mapping[Any, Any], key: str, line: int | None, where: str) -> tuple[str, ...] | None:
        raw = item.get(key) or []
        if not isinstance(raw, list) or not all(isinstance(x, str) and x.strip() for x in raw):
            what = "quoted hex labels such as \"1607\"" if key == "hexes" else "names"
            self.problem(f"destination '{key}:' must be a list of {what}", line_of(item, key, line), where)
            return None
        return tuple(x.strip() for x in raw)
