"""The rules in words (``rules-words.txt.j2``: the opening report, the RULES mail, the game page) and the example
BUILD a mail shows: a line the reader's company could build now.

Every number of the words comes from the game's rules profile (``state.rules``); the example is found on the
map and the track as they stand, with the building engine's own tests (terrain, network, fees), so that
``check`` accepts it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.costs import segment_cost, terrain_problem
from adjudicator.dampfross.building.fees import building_fees
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.game.track import TrackIndex
from adjudicator.dampfross.report.common import advanced_rules
from adjudicator.dampfross.report.env import wrap
from adjudicator.dampfross.report.i18n import _, ngettext
from adjudicator.dampfross.report.orderwords import keyword
from adjudicator.dampfross.report.phrases import RULE_NOTES, rule_notes

PLACED = {"fare_cap_rule": "fares", "fare_timing": "fares", "prizes": "prizes", "race_ends": "prizes"}
"""Profile options whose note (``phrases.RULE_NOTES``) ends the paragraph of the words it changes, not the list."""


def rules_words_context(state: GameState, gmap: GameMap) -> dict[str, Any]:
    """What ``rules-words.txt.j2`` needs, in the active language: the profile itself (``r``), the start towns,
    the notes on the profile's options and the advanced rules in force."""
    values = state.rules.to_dict()
    postal = _(RULE_NOTES["postal"]).format(**values)  # the first paragraph when rolls are postal
    placed: dict[str, list[str]] = {"fares": [], "prizes": []}
    default = Rules().to_dict()
    for key, paragraph in PLACED.items():
        value = values[key]
        note = RULE_NOTES.get(value) if isinstance(value, str) else None
        if value != default[key] and note is not None:
            placed[paragraph].append(_(note).format(**values))
    said = {postal} | {n for notes in placed.values() for n in notes}
    return {
        "start_towns": [t.name for t in gmap.start_towns],
        "r": state.rules,
        "postal_allowance": postal,
        "placed": placed,
        "rule_notes": [n for n in rule_notes(state.rules) if n not in said],
        "advanced": advanced_rules(state.rules, gmap),
    }


@dataclass(frozen=True)
class ExampleBuild:
    """A first line a company could order now: ``START start`` (when it has no start town yet), then
    ``BUILD a - b`` (a town's name or a hex label each)."""

    start: str | None
    a: str
    b: str
    points: int


def _point(gmap: GameMap, h: Hex) -> str:
    town = gmap.town_at(h)
    return town.name if town is not None else h.label


def example_build(state: GameState, gmap: GameMap, company: str | None) -> ExampleBuild | None:
    """The cheapest segment the company may build now from its own track (or its start town, or, without one,
    the first free start town): on the map, not water, not its own track already, no fee to anybody; ``None``
    outside the building phase, for a company that is out of play, or when no such segment exists.

    ``company`` ``None`` (a reader without a PLAYER line): an example only in turn 1, from a start town.
    """
    if state.phase != "building":
        return None
    player = state.player(company) if company is not None and company in state.player_ids else None
    if player is not None and player.retired is not None:
        return None
    track = TrackIndex(state.track)
    start: str | None = None
    origins: frozenset[Hex]
    if player is not None and (track.has_track(player.id) or player.start_town):
        origins = track.network(player.id)
        town = gmap.town_named(player.start_town) if player.start_town else None
        if town is not None:
            origins |= {town.hex}
    elif state.turn == 1:
        taken = {p.start_town for p in state.players if p.start_town} if state.rules.distinct_starts else set()
        free = [t for t in gmap.start_towns if t.name not in taken]
        if not free:
            return None
        start = free[0].name
        origins = frozenset({free[0].hex})
    else:
        return None
    builder = player.id if player is not None else ""
    best: tuple[int, str, str] | None = None
    for a in sorted(origins):
        for b in gmap.neighbours(a):
            if terrain_problem(gmap, a, b, state.rules) is not None or builder in track.owners(Side(a, b)):
                continue
            if building_fees(gmap, track, builder or "-", a, b, state.rules):
                continue
            points = segment_cost(gmap, a, b, state.rules).points
            if best is None or (points, a.label, b.label) < best:
                best = (points, a.label, b.label)
    if best is None:
        return None
    hexes = {h.label: h for h in gmap.terrain}
    return ExampleBuild(start, _point(gmap, hexes[best[1]]), _point(gmap, hexes[best[2]]), best[0])


def example_lines(example: ExampleBuild) -> list[str]:
    """The example's order lines in the reader's keywords (``START Kiel``, ``BUILD Kiel - 0305``)."""
    out = [f"{keyword('START')} {example.start}"] if example.start else []
    return [*out, f"{keyword('BUILD')} {example.a} - {example.b}"]


def example_text(state: GameState, gmap: GameMap, company: str | None) -> str:
    """The example in a mail (RULES, HELP, the opening mail), in the active language: what it costs and its order
    lines; ``""`` when there is none (``example_build``)."""
    example = example_build(state, gmap, company)
    if example is None:
        return ""
    head = ngettext("For example, you could write now (it costs {points} point):",
                    "For example, you could write now (it costs {points} points):", example.points)
    return "\n".join([wrap(head.format(points=example.points), 0), *(f"  {line}" for line in example_lines(example))])
