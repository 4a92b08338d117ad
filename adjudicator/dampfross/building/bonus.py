"""Which numbered towns pay no town bonus when first connected (rules-reference.md §2 and §5).

Seed 000: "Wer eine Stadt, die eine Kennzahl trägt, als erster an das
Eisenbahnnetz anschließt, erhält eine Prämie" -- every numbered town pays,
except under the advanced rules:

* a town beyond the border ("Prämien gibt es für den Anschluß der
  Nachbarländer nicht", ``borders.bonus_abroad``);
* a ferry's home port where the map says so (Deutschland-Karte: "Wer mit
  seinem Eisenbahnnetz einen der Fährhäfen erreicht (für den Anschluß gibt
  es keine Prämien)"; 002: "voor de aansluiting zijn er geen premies"): the
  map's ``ferries: port_bonus: false``, in a game that uses ferries.
  [reading 77] Without the ferry rule there is no ferry and no ferry port:
  Rostock is a numbered town like any other.  The French text says nothing
  of the kind, so Le Havre and Rotterdam pay their bonus.

Such a town still counts as connected when a segment touches it, and a
numbered home town must still be connected to end the building phase.
"""

from __future__ import annotations

from adjudicator.dampfross.board.model import GameMap, Town
from adjudicator.dampfross.building.borders import bonus_abroad
from adjudicator.dampfross.game.rules import Rules


def pays_no_bonus(gmap: GameMap, rules: Rules, town: Town) -> bool:
    """True when connecting ``town`` first pays no bonus under these rules (beyond the border, a ferry port)."""
    return bonus_abroad(gmap, town) or ferry_port_without_bonus(gmap, rules, town)


def ferry_port_without_bonus(gmap: GameMap, rules: Rules, town: Town) -> bool:
    """True when ``town`` is the home port of one of the map's ferries and, with ferries in play, pays no bonus."""
    if not rules.ferries or gmap.ferry_port_bonus:
        return False
    return any(f.a == town.hex for f in gmap.ferries)
