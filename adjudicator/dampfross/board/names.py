"""Tolerant matching of town names as players write them.

A name matches exactly when it folds to one of the town's spellings
(``fold_name``/``name_keys``: case, umlauts as ``ü``, ``ue`` or ``u``,
spaces and dots ignored).  Otherwise the town with the fewest edits
(insert, delete, replace, swap two neighbouring letters) is taken if it is
the only one that near and near enough: at most 1 edit for names of up to
five letters, else 2.  Two towns equally near make the name ambiguous.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.dampfross.board.folding import edit_distance, fold_name, name_keys
from adjudicator.dampfross.board.model import GameMap, Town


def allowed_edits(name: str) -> int:
    """How many edits a misspelling of ``name`` may have and still be understood."""
    return 1 if len(fold_name(name)) <= 5 else 2


@dataclass(frozen=True)
class TownMatch:
    """The outcome of looking up a name.

    ``town`` is set for an exact or a tolerant match (``exact`` tells which);
    when ``ambiguous``, ``candidates`` holds the equally near towns, and when
    nothing matched, the nearest towns as suggestions (maybe none).
    """

    town: Town | None
    exact: bool = False
    ambiguous: bool = False
    candidates: tuple[Town, ...] = ()


def town_distance(name: str, town: Town) -> int:
    """Fewest edits between any spelling of ``name`` and any spelling of the town."""
    return min(edit_distance(q, k) for q in name_keys(name) for k in name_keys(town.name))


def match_town(name: str, gmap: GameMap) -> TownMatch:
    """Find the town a player meant by ``name`` (see the module docstring)."""
    exact = gmap.town_named(name)
    if exact is not None:
        return TownMatch(exact, exact=True)
    if not fold_name(name):
        return TownMatch(None)
    distance = {t: town_distance(name, t) for t in gmap.towns}  # each town's worked out once
    ranked = sorted(gmap.towns, key=lambda t: (distance[t], t.name))
    if not ranked:
        return TownMatch(None)
    best = distance[ranked[0]]
    tied = tuple(t for t in ranked if distance[t] == best)
    if best <= allowed_edits(name):
        if len(tied) == 1:
            return TownMatch(tied[0])
        return TownMatch(None, ambiguous=True, candidates=tied)
    near = tuple(t for t in ranked[:3] if distance[t] <= max(3, len(fold_name(name)) // 3))
    return TownMatch(None, candidates=near)
