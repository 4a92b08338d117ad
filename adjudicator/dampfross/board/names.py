"""Tolerant matching of town names as players write them.

A name matches exactly when it folds to one of the town's spellings: its
name or an alias the map lists (``Munich``, ``Cologne``), with case, umlauts
as ``ü``, ``ue`` or ``u``, accents, spaces and dots ignored
(``fold_name``/``name_keys``).  Otherwise the town with the fewest edits
(insert, delete, replace, swap two neighbouring letters) is taken only if it
is *close* (docs/rules.md, reading 93): at most 1 edit for names of up to five
letters, else 2, and the same first letter (``Munchn`` is München, but
``Munich`` is not Zürich, two edits away: a player rarely mistypes the first
letter, and a far town is worse than a question).  Two towns equally close
make the name ambiguous; a name close to none is refused, with the nearest
towns as suggestions (``did you mean München?``), those that begin like the
name first.
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
    """Fewest edits between any spelling of ``name`` and any spelling of the town (its name or an alias)."""
    return min(edit_distance(q, k) for q in name_keys(name) for s in town.spellings for k in name_keys(s))


def _same_start(name: str, town: Town, letters: int = 1) -> bool:
    """Whether ``name`` begins with the same ``letters`` as the town's name or one of its aliases (folded)."""
    head = fold_name(name)[:letters]
    return len(head) == letters and any(k.startswith(head) for s in town.spellings for k in name_keys(s))


def match_town(name: str, gmap: GameMap) -> TownMatch:
    """Find the town a player meant by ``name`` (see the module docstring)."""
    exact = gmap.town_named(name)
    if exact is not None:
        return TownMatch(exact, exact=True)
    if not fold_name(name):
        return TownMatch(None)
    distance = {t: town_distance(name, t) for t in gmap.towns}  # each town's worked out once
    close = sorted((t for t in gmap.towns if distance[t] <= allowed_edits(name) and _same_start(name, t)),
                   key=lambda t: (distance[t], t.name))
    if close:
        tied = tuple(t for t in close if distance[t] == distance[close[0]])
        if len(tied) == 1:
            return TownMatch(tied[0])
        return TownMatch(None, ambiguous=True, candidates=tied)
    ranked = sorted(gmap.towns, key=lambda t: (not _same_start(name, t, 3), distance[t], t.name))
    near = tuple(t for t in ranked if distance[t] <= max(3, len(fold_name(name)) // 3))
    return TownMatch(None, candidates=near[:3])
