"""The rules catalogue, R10: names players use (issue 25, item 3; docs/rules.md readings 92-94).

A first-time player writes ``START Munich``: the map's aliases answer for it; a name close to no town is refused
with the nearest towns ("did you mean München?") instead of being read as a far town; a receipt under which
nothing would be built opens with that warning.  InterUrban has no town names: nothing of this applies there."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.dampfross.board.errors import MapError
from adjudicator.dampfross.board.mapfile import load_map, parse_map
from adjudicator.dampfross.board.names import match_town
from adjudicator.dampfross.orders.codes import HintCode, ProblemCode
from adjudicator.dampfross.orders.model import Point, Pos
from adjudicator.dampfross.orders.points import resolve_point
from tests.conftest import ANNA, make_trial

TOWNS = """\
name: Testland
code: TL
terrain: |
  .......
  .......
towns:
  - {name: München, aliases: [Munich], hex: "0101", numbers: [11], start: true}
  - {name: Köln, aliases: [Cologne], hex: "0401", numbers: [12]}
  - {name: Zürich, hex: "0701", numbers: [13]}
"""


def _problems(text: str) -> list[str]:
    with pytest.raises(MapError) as err:
        parse_map(text, "t.yaml")
    return [p.message for p in err.value.problems]


@pytest.mark.parametrize(("written", "town"), [("Munich", "München"), ("COLOGNE", "Köln"), ("Nuremberg", "Nürnberg"),
                                               ("Hanover", "Hannover"), ("Muenchen", "München"), ("Koeln", "Köln")])
def test_N01_a_town_answers_to_the_aliases_its_map_lists(written: str, town: str):
    """Reading 92: a town answers to its name and to the aliases its map lists (exonyms, other spellings), folded
    as its name is (case, umlauts as ü, ue or u, accents, spaces, dots): an exact match, echoed as written."""
    found = match_town(written, load_map("germany"))
    assert found.exact and found.town is not None and found.town.name == town


def test_N02_map_check_refuses_an_alias_that_is_another_towns_name_or_listed_twice():
    """Reading 92: a name answers to one town only: an alias that is another town's name or alias, the town's own
    name (in any folding) or listed twice is a map problem, with its line."""
    assert parse_map(TOWNS).town_named("munich") is not None
    clash = TOWNS.replace("aliases: [Cologne]", "aliases: [Cologne, Zurich]")
    assert _problems(clash) == ["alias 'Zurich' is the name of the town Zürich"]
    twice = TOWNS.replace("aliases: [Cologne]", "aliases: [Cologne, Munich]")
    assert _problems(twice) == ["alias 'Munich' is listed also for München"]
    own = TOWNS.replace("aliases: [Cologne]", "aliases: [Koeln]")
    assert _problems(own) == ["alias 'Koeln' is the town's own name"]
    syntax = TOWNS.replace("aliases: [Cologne]", "aliases: Cologne")
    assert _problems(syntax) == ["'aliases:' must be a list of names such as [Munich, Muenchen]"]


def test_N03_a_close_misspelling_is_taken_and_a_far_one_is_refused_with_the_nearest_towns():
    """Reading 93: a misspelling is close when it is at most 1 edit from a spelling of the town (names of up to five
    letters) or 2 (longer names) and begins with the same letter; one close town is taken ("understood as"). A
    name close to none is refused, never read as a far town: 'Munich' on a map without the alias is not Zürich
    (two edits, another first letter); the hint names the nearest towns, those that begin like the name first."""
    gmap = parse_map(TOWNS.replace(", aliases: [Munich]", ""))
    assert match_town("Munchn", gmap).town is not None and match_town("Munchn", gmap).town.name == "München"
    far = match_town("Munich", gmap)
    assert far.town is None and [t.name for t in far.candidates] == ["München", "Zürich"]
    _, problems, _ = resolve_point(Point("Munich", Pos("mail", 1, 7), "town"), gmap, line_text="START Munich")
    (problem,) = problems
    assert problem.code is ProblemCode.UNKNOWN_TOWN and problem.hint is not None
    assert problem.hint.code is HintCode.DID_YOU_MEAN and dict(problem.hint.args)["options"][0] == "München"


def test_N04_two_equally_close_towns_make_the_name_ambiguous():
    """Reading 93: two towns equally close (same edits, same first letter) are not chosen between: the line is
    ambiguous, naming both."""
    gmap = parse_map(TOWNS.replace("name: Köln, aliases: [Cologne]", "name: Bonn").replace(
        "name: Zürich", "name: Born"))
    found = match_town("Bonr", gmap)
    assert found.ambiguous and {t.name for t in found.candidates} == {"Bonn", "Born"}


def _receipt(tmp_path: Path, orders: str, lang: str = "en") -> str:
    trial = make_trial(tmp_path, "dampfross", red_lang=lang)
    trial.deliver(ANNA, "Hi,\n\n" + trial.envelope("RED") + orders + "\nCheers, Anna\n", "2026-12-01T09:00+00:00")
    trial.tick("2026-12-01T09:05+00:00")
    ((_, msg),) = trial.mails(ANNA, "receipt-")
    return str(msg.get_body(preferencelist=("plain",)).get_content())  # type: ignore[union-attr]


def test_N05_start_in_a_town_that_is_no_start_town_says_so_and_the_receipt_opens_with_the_warning(tmp_path: Path):
    """Readings 94, 128 and R2-B10: START in a town that is not a start town is not carried out and says so,
    naming the start towns; the receipt, under which nothing would be built, opens with that warning, naming the
    orders that would not be carried out, never with "would be carried out as they stand"."""
    text = _receipt(tmp_path, "START Zürich\nBUILD Zürich - 0834\n")
    status = " ".join(text.split("subject:", 1)[1].split("\n\n")[1].split())
    assert status.startswith("Nothing would be built: none of your 2 orders for turn 1 would be carried out: "
                             "line 6 (START Zürich (0835)), line 7 (BUILD Zürich (0835) - 0834)."), status
    assert "as they stand" not in text
    assert "Zürich is not a start town of this map (start towns:" in " ".join(text.split())


def test_N06_a_receipt_of_unknown_names_only_warns_in_the_players_language(tmp_path: Path):
    """Readings 94 and 128: a section of nothing but refused lines builds nothing: the German receipt opens with the
    warning in German; orders that build would be carried out as they stand."""
    text = _receipt(tmp_path, "START Nunich\nBUILD Nunich - 1533\n", "de")
    assert "Nichts würde gebaut: keiner Ihrer 2 Befehle für Zug 1 würde ausgeführt" in " ".join(text.split())
    assert "meinten Sie München" in " ".join(text.split())
    good = _receipt(tmp_path / "good", "START Munich\nBUILD Munich - 1533\n")
    assert "All 2 of your orders for turn 1 would be carried out as they stand below." in " ".join(good.split())
    assert "Nothing would be built" not in good and "START München (1532)" in good
