"""Rules profiles: every number and option an edition can change, as data.

A profile is a YAML file in ``adjudicator/profiles``; it may name a ``base``
profile whose values it overrides.  ``--set KEY=VALUE`` overrides single
values for one game (house rules).  The effective rules are stored in the
game file, so a game keeps its rules even if a profile changes later.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, Literal

import yaml

from adjudicator.errors import RulesError

AllowanceMode = Literal["own", "shared"]
Uphill = Literal["plain_to_mountain", "any_to_mountain"]
Tie = Literal["reroll", "split"]
MoveOrder = Literal["seat", "balance"]
BuildAfterRaces = Literal["placing", "arrival"]


@dataclass(frozen=True)
class Rules:
    """The effective rules of one game."""

    name: str = "schmidt"
    description: str = ""
    sources: tuple[str, ...] = ()
    start_capital: int = 20
    debt_allowed: bool = True
    allowance: AllowanceMode = "own"
    allowance_dice: int = 1
    distinct_starts: bool = False
    cost_plain: int = 1
    cost_river: int = 3
    cost_mountain: int = 3
    cost_mountain_mountain: int = 5
    cost_mountain_river: int = 5
    cost_mountain_mountain_river: int = 5
    border_crossing: bool = False  # advanced rules: across a border, ending in the first hex beyond
    contact_fee: int = 1
    parallel_fee_per_half: int = 2
    city_join_fee: bool = True
    town_bonus: int = 6
    start_town_bonus: bool = False
    declare_end_after_rounds: int = 2
    building_rounds: int = 0
    races_per_turn: int = 1
    min_race_distance: int = 6
    chain_races: bool = False
    numbers_once: bool = False
    prize_first: int = 20
    prize_second: int = 10
    fare_per_segment: int = 1
    fare_cap: int = 10
    uphill: Uphill = "plain_to_mountain"
    tie: Tie = "reroll"
    redraw_unconnected: bool = True
    number_uses: int = 1
    first_arrival_wins: bool = False
    move_order: MoveOrder = "seat"
    build_order: BuildAfterRaces = "placing"
    win_2_3_players: int = 250
    win_4_players: int = 225
    win_5_6_players: int = 200
    fixed_races: int = 0
    # advanced rules (seed 000 "Zusatzregeln"; RULES.md §5); ``advanced`` switches on the three below
    advanced: bool = False
    special_runs: bool = False  # international / special runs from the map's table
    special_every: int = 0  # 0: as the map says (Germany 2, the others 4); 3: seed 002's "every third race"
    ferries: bool = False  # ferries may be bought and used
    ferry_price: int = 6
    ferry_fare: int = 3  # paid to the owner for a crossing
    ferry_load_points: int = 1  # movement points for loading, and again for unloading

    ADVANCED_KEYS: ClassVar[tuple[str, ...]] = ("border_crossing", "special_runs", "ferries")
    """The options ``--set advanced=true`` switches on (unless a ``--set`` names one too).

    ``advanced`` itself only records the switch; the engines read the three
    options, so a profile that means the advanced rules sets them.
    """

    LATER_KEYS: ClassVar[tuple[str, ...]] = (
        "advanced", "special_runs", "special_every", "ferries", "ferry_price", "ferry_fare", "ferry_load_points",
    )
    """Keys added after game files of format 1 were first written: stored only when not at their default."""

    _CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "allowance": ("own", "shared"),
        "allowance_dice": (1, 2),
        "uphill": ("plain_to_mountain", "any_to_mountain"),
        "tie": ("reroll", "split"),
        "move_order": ("seat", "balance"),
        "build_order": ("placing", "arrival"),
        "number_uses": (1, 2),
    }

    def to_dict(self) -> dict[str, Any]:
        """Every key and value (``rules show``, ``--set``)."""
        d = dataclasses.asdict(self)
        d["sources"] = list(self.sources)
        return d

    def to_json(self) -> dict[str, Any]:
        """The rules as the game file stores them: the later keys only when they differ from the default.

        So a game without the advanced rules writes the same file as before
        they existed, and reading fills in the defaults (``from_dict``).
        """
        default = Rules()
        return {k: v for k, v in self.to_dict().items() if k not in self.LATER_KEYS or v != getattr(default, k)}

    @classmethod
    def from_dict(cls, data: dict[str, Any], where: str = "rules") -> Rules:
        """Build from a mapping, checking every key and value type."""
        fields = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key == "base":
                continue
            if key not in fields:
                raise RulesError(f"{where}: unknown rules key {key!r} (see 'adjudicate rules show schmidt')")
            values[key] = _coerce(key, value, type(getattr(cls(), key)), where)
        rules = cls(**values)
        for key, allowed in cls._CHOICES.items():
            if getattr(rules, key) not in allowed:
                raise RulesError(f"{where}: {key} must be one of {', '.join(map(str, allowed))}")
        return rules

    def with_overrides(self, pairs: list[str]) -> Rules:
        """Apply ``KEY=VALUE`` house rules."""
        data = self.to_dict()
        given: set[str] = set()
        for pair in pairs:
            key, sep, raw = pair.partition("=")
            key = key.strip()
            if not sep or not key:
                raise RulesError(f"--set {pair!r}: write KEY=VALUE, e.g. --set town_bonus=5")
            if key not in data:
                raise RulesError(f"--set {pair!r}: unknown rules key {key!r} (see 'adjudicate rules show schmidt')")
            data[key] = yaml.safe_load(raw) if raw.strip() else ""
            given.add(key)
        if "advanced" in given:  # advanced=true switches the finer options on (false: off), unless given too
            on = _coerce("advanced", data["advanced"], bool, "--set")
            data.update({k: on for k in self.ADVANCED_KEYS if k not in given})
        return Rules.from_dict(data, "--set")

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The JSON Schema of a rules mapping: every key, its type and its allowed values."""
        kinds: dict[type, dict[str, Any]] = {
            bool: {"type": "boolean"}, int: {"type": "integer"}, str: {"type": "string"},
            tuple: {"type": "array", "items": {"type": "string"}},
        }
        props: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            prop = dict(kinds[type(getattr(cls(), f.name))])
            if f.name in cls._CHOICES:
                prop = {"enum": list(cls._CHOICES[f.name])}
            props[f.name] = prop
        return {"type": "object", "additionalProperties": False, "properties": props}

    def win_threshold(self, players: int) -> int:
        """Balance that ends the game for this number of players."""
        if players <= 3:
            return self.win_2_3_players
        if players == 4:
            return self.win_4_players
        return self.win_5_6_players


def _coerce(key: str, value: Any, kind: type, where: str) -> Any:
    if kind is tuple:
        return tuple(str(v) for v in (value or []))
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("on", "off", "yes", "no", "true", "false"):
            return value.lower() in ("on", "yes", "true")
    elif kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif kind is str and isinstance(value, str):
        return value
    raise RulesError(f"{where}: {key} must be {kind.__name__}, not {value!r}")


def profile_names() -> list[str]:
    """Profiles shipped with the package."""
    root = resources.files("adjudicator.game").joinpath("profiles")
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".yaml"))


def _profile_data(name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    res = resources.files("adjudicator.game").joinpath("profiles", f"{name}.yaml")
    if not res.is_file():
        raise RulesError(f"no rules profile named {name!r} (profiles: {', '.join(profile_names())})")
    if name in seen:
        raise RulesError(f"rules profile {name!r} is its own base")
    data = yaml.safe_load(res.read_text(encoding="utf-8")) or {}
    base = data.get("base")
    merged = _profile_data(base, seen + (name,)) if base else {}
    merged.update({k: v for k, v in data.items() if k != "base"})
    return merged


def load_profile(name: str, overrides: list[str] | None = None) -> Rules:
    """The rules of a shipped profile, with optional ``KEY=VALUE`` overrides."""
    rules = Rules.from_dict(_profile_data(name), f"profile {name}")
    return rules.with_overrides(overrides) if overrides else rules
