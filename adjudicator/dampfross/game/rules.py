"""Rules profiles: every number and option an edition can change, as data.

A profile is a YAML file in ``adjudicator/profiles``; it may name a ``base``
profile whose values it overrides.  ``--set KEY=VALUE`` overrides single
values for one game (house rules).  The effective rules are stored in the
game file, so a game keeps its rules even if a profile changes later.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Literal

from adjudicator.dampfross.game.errors import RulesError

AllowanceMode = Literal["own", "shared", "postal"]
Uphill = Literal["plain_to_mountain", "any_to_mountain"]
Tie = Literal["reroll", "split"]
MoveOrder = Literal["seat", "balance"]
BuildAfterRaces = Literal["placing", "arrival", "after_second"]
DeclareEnd = Literal["turn", "player", "express"]
FareCapRule = Literal["pair", "overall", "hexes", "none"]
FareTiming = Literal["before", "per_move"]
RaceEnds = Literal["second", "all"]
UsedNumber = Literal["next_higher", "reroll"]
NumberGrid = Literal["full", "paired_tens"]
Prizes = Literal["fixed", "distance"]
WinnerBy = Literal["balance", "last_turns"]
BuildBudget = Literal["income", "ten_percent"]


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
    postal_rolls: int = 3
    simultaneous: bool = False
    distinct_starts: bool = False
    secret_starts: bool = False
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
    contact_fee_at_own_hex: bool = True
    town_bonus: int = 6
    start_town_bonus: bool = False
    all_connected_ends_building: bool = True
    declare_end: DeclareEnd = "turn"
    declare_end_after_rounds: int = 2
    express_end_rounds: int = 3
    building_rounds: int = 0
    unused_points_to_account: bool = False
    joint_building: bool = True
    joint_build_percent: int = 75
    races_per_turn: int = 1
    min_race_distance: int = 6
    chain_races: bool = False
    numbers_once: bool = False
    prize_first: int = 20
    prize_second: int = 10
    fare_per_segment: int = 1
    fare_cap: int = 10
    fare_cap_rule: FareCapRule = "pair"
    fare_timing: FareTiming = "before"
    running_powers: bool = False
    uphill: Uphill = "plain_to_mountain"
    tie: Tie = "reroll"
    redraw_unconnected: bool = True
    number_uses: int = 1
    used_number: UsedNumber = "next_higher"
    number_grid: NumberGrid = "full"
    dest_uses_per_town: int = 0
    first_arrival_wins: bool = False
    race_ends: RaceEnds = "second"
    one_train_per_hex: bool = False
    move_order: MoveOrder = "seat"
    prizes: Prizes = "fixed"
    prize_distance_first: int = 2
    prize_distance_second: int = 1
    max_entries: int = 0
    entries_per_carried: int = 2
    carry_over: bool = False
    postal_sheet: bool = False
    build_order: BuildAfterRaces = "placing"
    build_budget: BuildBudget = "income"
    ten_percent_every: int = 2
    ten_percent_rate: int = 10
    ten_percent_low_balance: int = 50
    ten_percent_low_amount: int = 5
    win_2_3_players: int = 250
    win_4_players: int = 225
    win_5_6_players: int = 200
    fixed_races: int = 0
    racing_turns: int = 0
    winner_by: WinnerBy = "balance"
    winner_last_turns: int = 3
    # advanced rules (seed 000 "Zusatzregeln"; rules-reference.md §5); ``advanced`` switches on the three below
    advanced: bool = False
    special_runs: bool = False  # international / special runs from the map's table
    special_every: int = 0  # 0: as the map says (Germany 2, the others 4); 3: seed 002's "every third race"
    ferries: bool = False  # ferries may be bought and used
    ferry_price: int = 6
    ferry_fare: int = 3  # paid to the owner for a crossing
    ferry_load_points: int = 1  # movement points for loading, and again for unloading
    # running the postal game (issue 10)
    nmr_warn_after: int = 3  # the report flags a company without orders for this many turns in a row (0: never)
    anonymous_press: bool = False  # PRESS ANONYMOUS sections are printed without the company's name

    ADVANCED_KEYS: ClassVar[tuple[str, ...]] = ("border_crossing", "special_runs", "ferries")
    """The options ``--set advanced=true`` switches on (unless a ``--set`` names one too).

    ``advanced`` itself only records the switch; the engines read the three
    options, so a profile that means the advanced rules sets them.
    """

    _CHOICES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "allowance": ("own", "shared", "postal"),
        "allowance_dice": (1, 2),
        "uphill": ("plain_to_mountain", "any_to_mountain"),
        "tie": ("reroll", "split"),
        "move_order": ("seat", "balance"),
        "build_order": ("placing", "arrival", "after_second"),
        "number_uses": (1, 2),
        "declare_end": ("turn", "player", "express"),
        "fare_cap_rule": ("pair", "overall", "hexes", "none"),
        "fare_timing": ("before", "per_move"),
        "race_ends": ("second", "all"),
        "used_number": ("next_higher", "reroll"),
        "number_grid": ("full", "paired_tens"),
        "prizes": ("fixed", "distance"),
        "winner_by": ("balance", "last_turns"),
        "build_budget": ("income", "ten_percent"),
    }

    LATER_KEYS: ClassVar[frozenset[str]] = frozenset({
        "postal_rolls", "simultaneous", "secret_starts", "contact_fee_at_own_hex", "all_connected_ends_building",
        "declare_end", "express_end_rounds", "unused_points_to_account", "joint_building", "joint_build_percent",
        "fare_cap_rule", "fare_timing", "running_powers", "used_number", "number_grid", "dest_uses_per_town",
        "race_ends", "one_train_per_hex", "prizes", "prize_distance_first", "prize_distance_second", "max_entries",
        "entries_per_carried", "carry_over", "postal_sheet", "build_budget", "ten_percent_every", "ten_percent_rate",
        "ten_percent_low_balance", "ten_percent_low_amount", "racing_turns", "winner_by", "winner_last_turns",
        "advanced", "special_runs", "special_every", "ferries", "ferry_price", "ferry_fare", "ferry_load_points",
        "nmr_warn_after", "anonymous_press",
    })
    """Keys added after game files of format 1 were first written (issue 11, the advanced rules).

    A game file stores them only when they differ from the default (``to_json``).
    """

    def to_dict(self) -> dict[str, Any]:
        """Every key and value (``rules show``, ``--set``)."""
        d = dataclasses.asdict(self)
        d["sources"] = list(self.sources)
        return d

    def to_json(self) -> dict[str, Any]:
        """The rules as the game file stores them: every key, except later keys left at their default.

        So game files written before those keys existed (issue 11, the
        advanced rules) stay byte for byte the same, and reading fills in the
        defaults (``from_dict``).
        """
        default = Rules()
        return {k: v for k, v in self.to_dict().items() if k not in self.LATER_KEYS or v != getattr(default, k)}

    @classmethod
    def from_dict(cls, data: dict[str, Any], where: str = "rules") -> Rules:
        """Build from a mapping, checking every key and value type."""
        kinds = _kinds()
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key == "base":
                continue
            if key not in kinds:
                raise RulesError(f"{where}: unknown rules key {key!r} (see 'adjudicate rules show schmidt')")
            values[key] = _coerce(key, value, kinds[key], where)
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
            data[key] = _yaml_value(raw) if raw.strip() else ""
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

    def money_threshold(self, players: int) -> int | None:
        """The balance that ends the game at once, or ``None`` when a count of races or racing turns ends it."""
        return None if self.fixed_races or self.racing_turns else self.win_threshold(players)


@cache
def _kinds() -> dict[str, type]:
    """Each rules key and the type of its value (the default's: one ``Rules()`` made, not one per key)."""
    default = Rules()
    return {f.name: type(getattr(default, f.name)) for f in dataclasses.fields(Rules)}


def _coerce(key: str, value: Any, kind: type, where: str) -> Any:
    if kind is tuple:
        return tuple(str(v) for v in (value or []))
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("on", "off", "yes", "no", "true", "false"):
            return value.lower() in ("on", "yes", "true")
    elif kind is int:
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:  # counts, points, fees: none below 0
            raise RulesError(f"{where}: {key} must be 0 or more, not {value}")
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif kind is str and isinstance(value, str):
        return value
    raise RulesError(f"{where}: {key} must be {kind.__name__}, not {value!r}")


def profile_names() -> list[str]:
    """Profiles shipped with the package."""
    from importlib import resources  # profiles are read by a new game and a rules command, not by a turn

    root = resources.files("adjudicator.dampfross.game").joinpath("profiles")
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".yaml"))


def _profile_data(name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    from importlib import resources  # as in profile_names

    res = resources.files("adjudicator.dampfross.game").joinpath("profiles", f"{name}.yaml")
    if not res.is_file():
        raise RulesError(f"no rules profile named {name!r} (profiles: {', '.join(profile_names())})")
    if name in seen:
        raise RulesError(f"rules profile {name!r} is its own base")
    data = _yaml_value(res.read_text(encoding="utf-8")) or {}
    base = data.get("base")
    merged = _profile_data(base, seen + (name,)) if base else {}
    merged.update({k: v for k, v in data.items() if k != "base"})
    return merged


def load_profile(name: str, overrides: list[str] | None = None) -> Rules:
    """The rules of a shipped profile, with optional ``KEY=VALUE`` overrides."""
    rules = Rules.from_dict(_profile_data(name), f"profile {name}")
    return rules.with_overrides(overrides) if overrides else rules


def _yaml_value(text: str) -> Any:
    """A YAML value (a ``--set`` value, a profile file).  PyYAML is imported here, not with the module: a turn
    reads its rules from the game file and never needs it (it costs a tenth of a turn's start-up)."""
    import yaml

    return yaml.safe_load(text)
