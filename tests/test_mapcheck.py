"""The map validator finds every problem at once, each with its line, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import cli, main
from adjudicator.dampfross.board.errors import MapError
from adjudicator.dampfross.board.mapfile import parse_map

GOOD = """\
name: Testland
code: TL
terrain: |
  ~~~....
  ~~..^^.
  .......
  ......~
countries: |
  AAAAABB
  AAAAABB
  AAAAABB
  AAAAABB
country_names: {A: Alpha, B: Beta}
home: A
rivers:
  - 0203 0303
towns:
  - name: Eins
    hex: "0401"
    numbers: [11, 12]
    start: true
  - name: Zwei
    hex: "0303"
    numbers: [13]
"""


def problems(text: str) -> list[str]:
    with pytest.raises(MapError) as info:
        parse_map(text, "broken.yaml")
    return [str(p) for p in info.value.problems]


def test_good_map_loads():
    m = parse_map(GOOD)
    assert len(m.terrain) == 28
    assert not m.is_standard
    assert m.is_border(m.towns[0].hex, m.towns[0].hex) is False


@pytest.mark.parametrize(
    "old,new,expected",
    [
        ("  ~~..^^.", "  ~~..x^.", "line 5: 0502: unknown terrain character 'x'"),
        ("  AAAAABB\n  AAAAABB\ncountry_names", "  AAAAABB\ncountry_names", "the countries grid has 3 rows but the terrain grid has 4"),
        ("  AAAAABB\ncountry_names", "  AAAAAQB\ncountry_names", "unknown country character 'Q'"),
        ("  - 0203 0303", "  - 0203 0403", "line 16: river entry '0203 0403': the two hexes are not adjacent"),
        ("  - 0203 0303", "  - 0203 0903", "0903 not on the map"),
        ('hex: "0303"', 'hex: "0101"', "line 23: Zwei: town at 0101 stands on water"),
        ('hex: "0303"', 'hex: "0502"', "Zwei: town at 0502 stands on mountain"),
        ('hex: "0303"', 'hex: "0909"', "Zwei: town at 0909 is outside the map"),
        ('hex: "0303"', 'hex: "0401"', "two towns in hex 0401 (Eins and Zwei)"),
        ("numbers: [13]", "numbers: [67]", "line 24: Zwei: town number 67 is not 11..66 with digits 1-6 only"),
        ("numbers: [13]", "numbers: [10]", "town number 10 is not 11..66"),
        ("numbers: [13]", "numbers: [5]", "town number 5 is not 11..66"),
        ("numbers: [13]", "numbers: [12]", "town number 12 is used twice (Eins and Zwei)"),
        ("name: Zwei", "name: Zwei-Drei", "may not contain"),
        ("code: TL\n", "", "missing required key 'code:'"),
    ],
)
def test_each_problem_is_found_with_its_place(old, new, expected):
    assert old in GOOD
    found = problems(GOOD.replace(old, new))
    assert any(expected in p for p in found), found


def test_every_problem_reported_at_once():
    text = (
        GOOD.replace("  ~~..^^.", "  ~~..x^.")
        .replace("  - 0203 0303", "  - 0203 0403")
        .replace('hex: "0303"', 'hex: "0101"')
        .replace("numbers: [13]", "numbers: [12, 70]")
    )
    found = problems(text)
    assert len(found) == 5, found


def test_malformed_yaml_names_the_line():
    found = problems("name: x\nterrain: |\n  ...\ntowns: [\n")
    assert len(found) == 1 and found[0].startswith("line ") and "not valid YAML" in found[0]


def test_not_a_mapping():
    assert "must be a YAML mapping" in problems("- a\n- b\n")[0]


def test_cli_check_reports_all_problems_and_exits_1(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("  ~~..^^.", "  ~~..x^.").replace("numbers: [13]", "numbers: [99]"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["map", "check", str(bad)])
    assert result.exit_code == 1
    assert "2 problem(s)" in result.output
    assert "unknown terrain character 'x'" in result.output
    assert "town number 99" in result.output
    assert "Traceback" not in result.output


def test_cli_check_good_map(tmp_path: Path):
    good = tmp_path / "good.yaml"
    good.write_text(GOOD, encoding="utf-8")
    result = CliRunner().invoke(cli, ["map", "check", str(good)])
    assert result.exit_code == 0, result.output
    assert "valid" in result.output and "not standard" in result.output


def test_main_turns_missing_map_into_one_line(capsys, monkeypatch):
    monkeypatch.setattr("sys.argv", ["adjudicate", "map", "check", "no-such-map"])
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("error: no map named 'no-such-map'") and err.count("\n") == 1
