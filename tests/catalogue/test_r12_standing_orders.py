"""Rules catalogue: standing orders (issue 27, readings 110-114).

RULES.md §7 (English and German postal practice): "orders already on file
stand if no new ones arrive".  Seed 000 (and 002, 003): taking part in a race
"ist immer freiwillig und hängt davon ab, wie hoch der Spieler seine Chancen
einschätzt, ... eine Gewinnprämie ... zu erzielen. Dazu müssen jeweils
Fahrtroute und Fahrkosten durchkalkuliert werden": a standing race entry
enters the races whose expected prizes outweigh the fares by MIN.

Cases R12-S01..S09, played on the tiny test map through the GM's commands:
one building turn (RED builds Nordstadt-Südheim, BLUE Nordstadt-Ostburg),
then racing turns.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.dampfross.app.maps import read_map
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.bots.view import seat_view
from adjudicator.dampfross.game.standing import Standing
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders import parse_orders
from adjudicator.dampfross.orders.codes import ProblemCode
from adjudicator.dampfross.orders.standing import standing_entries
from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.kernel.play import at_deadline
from adjudicator.kernel.table import Table
from adjudicator.postal.gmsection import gm_orders, resolved_with
from adjudicator.postal.moves import MovesDir
from adjudicator.postal.periods import accepted_orders
from tests.helpers import dampfross_state, invoke

TINY = str(Path(__file__).parent.parent / "data" / "tiny.yaml")
RED_LINE = "START Nordstadt\nBUILD Nordstadt - 0403 - 0404 - 0405 - 0306 - Südheim"
BLUE_LINE = "START Nordstadt\nBUILD Nordstadt - 0502 - 0503 - 0404 - 0405 - 0505 - 0605 - 0705 - Ostburg"


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    invoke("new", "g", "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "r12",
           "--set", "building_rounds=1", "--set", "min_race_distance=2", "--set", "fixed_races=6",
           "--set", "allowance_dice=2", "--unsafe-test-passwords", "r12")
    return tmp_path / "g"


def turn(game: Path, number: int, sections: dict[str, str], wrong: frozenset[str] = frozenset()) -> str:
    """Run turn ``number`` with a section per company given (``wrong``: with a wrong password); what the GM
    reads."""
    secrets = MovesDir(game).read_passwords()
    text = f"GAME g\nTURN {number}\n" + "".join(
        f"PLAYER {pid} PASSWORD {'wrong-password' if pid in wrong else secrets[pid]}\n{lines}\n"
        for pid, lines in sections.items())
    path = game.parent / f"t{number}.orders"
    path.write_text(text, encoding="utf-8")
    return invoke(str(path)).output


def state(game: Path) -> GameState:
    return dampfross_state(game)


def gmap(game: Path) -> GameMap:
    return read_map(str(game / "map.yaml"))


def play(game: Path) -> DampfrossPlay:
    return DampfrossPlay(maps=lambda _state: gmap(game))


def _step(game: Path, number: int) -> Path:
    """The session's step of turn ``number`` (kind ``move``)."""
    return next(step for step, record in MovesDir(game).moves() if record.get("kind") == "move"
                and record.get("move") == number)


def report(game: Path, number: int, pid: str | None = None) -> str:
    """Turn ``number``'s public report; with ``pid``, the company's report mail of it as archived (its private
    report, then the public report): what the company reads."""
    if pid is None:
        return (game / "reports" / f"move-{number:03d}.txt").read_text(encoding="utf-8")
    return MovesDir(game).mails_of(_step(game, number))[pid]


def entered(game: Path, number: int, pid: str) -> list[int]:
    """The races ``pid`` entered in racing turn ``number`` (the turn resolved again from its step: the orders the
    table accepted for it, the GM's section, the seed, as ``verify`` does; it must come out as archived)."""
    folder, own = MovesDir(game), play(game)
    step = _step(game, number)
    record = folder.record(step)
    before = json.loads((step / "game-before.json").read_text(encoding="utf-8"))
    after = json.loads((step / "game-after.json").read_text(encoding="utf-8"))
    old, table = own.load(before["state"]), Table.from_json(before["table"], step.name)
    orders = accepted_orders(own, old, table)
    if record.get("due") or record.get("by") in ("gm", "converted"):
        orders = at_deadline(own, old, orders)
    again, events = resolved_with(own, old, orders, gm_orders(own, old, table), own.draw(folder.read_seed() or ""))
    assert own.dump(again) == after["state"]
    races = getattr(events.result, "races", ())
    return [r.draw.number for r in races for e in r.entries if pid in e.entry.riders]


def verified(game: Path, turns: int) -> bool:
    """``verify`` holds, every line of it, and it resolved ``turns`` turns again."""
    out = invoke("verify", str(game)).output
    lines = [line for line in out.splitlines() if line.strip()]
    return all(line.startswith("OK") for line in lines) and out.count("move resolved again: the same") == turns


def test_S01_standing_orders_are_kept_with_the_company_and_shown_to_it_alone(game: Path) -> None:
    """R12-S01 (reading 110): a mail's STANDING lines set the company's standing orders, kept in the game file
    and shown in its private report ("standing orders on file"); the public report, the other company's report
    and the archive's pages never name them."""
    turn(game, 1, {"RED": RED_LINE + "\nSTANDING ENTER ALL BEST MIN 3\nSTANDING PASS", "BLUE": BLUE_LINE})
    assert state(game).player("RED").standing == Standing(3, True)
    assert '"standing": {\n' in (game / "game.json").read_text()
    assert "standing orders on file: STANDING ENTER ALL BEST MIN 3; STANDING PASS" in report(game, 1, "RED")
    for text in (report(game, 1), report(game, 1, "BLUE")):
        assert "STANDING" not in text.upper()
    invoke("site", str(game), str(game.parent / "site"))  # the archive's pages: what is public
    pages = [p.read_text(encoding="utf-8") for p in (game.parent / "site").rglob("*.html")]
    assert pages and not [p for p in pages if "STANDING" in p.upper()]


def test_S02_a_seat_on_standing_race_entries_enters_the_races_the_rule_picks(game: Path) -> None:
    """R12-S02 (reading 111): two racing turns without a mail from RED: each turn RED enters, with BEST, the
    races the careful bot's choice picks from RED's view (expected profit at least MIN), and no other; its
    private report says the standing orders were carried out; verify replays the turns."""
    turn(game, 1, {"RED": RED_LINE + "\nSTANDING ENTER ALL BEST MIN 1", "BLUE": BLUE_LINE})
    picked = []
    for number in (2, 3):
        before = state(game)
        expected = standing_entries(before, gmap(game), "RED")
        turn(game, number, {"BLUE": "ENTER 1 BEST" if number == 2 else "PASS"})
        assert entered(game, number, "RED") == expected
        assert "(no mail from you this turn: your standing orders were carried out)" in report(game, number, "RED")
        picked.append(expected)
    assert picked == [[1], [2]]  # the rule entered races (both turns' picks, as the seed's dice drew them)
    assert verified(game, 3)


def test_S03_a_race_not_worth_min_is_not_entered(game: Path) -> None:
    """R12-S03 (reading 111): with MIN 99 no race of the tiny map is worth it: the seat enters none, and is
    still not missing its turn."""
    turn(game, 1, {"RED": RED_LINE + "\nDAUERAUFTRAG FAHRE ALLE BESTE MIN 99", "BLUE": BLUE_LINE})
    turn(game, 2, {"BLUE": "ENTER 1 BEST"})
    assert entered(game, 2, "RED") == []
    assert state(game).player("RED").missed == 0


def test_S04_a_seat_on_standing_orders_is_not_missing_its_turn(game: Path) -> None:
    """R12-S04 (reading 112): a company whose standing orders stand in for a mail has not missed its turn (its
    count stays 0, the report does not list it, the GM is told, by a dry run too); a company without them has."""
    turn(game, 1, {"RED": RED_LINE + "\nSTANDING PASS", "BLUE": BLUE_LINE})
    (game.parent / "t2.orders").write_text("GAME g\nTURN 2\n", encoding="utf-8")
    dry = invoke(str(game.parent / "t2.orders"), "--dry-run").output  # a dry run says it as the run does
    assert "RED: no orders that count; its standing orders are carried out: STANDING PASS" in dry, dry
    ran = turn(game, 2, {})
    assert "RED: no orders that count; its standing orders are carried out: STANDING PASS" in ran  # the GM's
    assert {p.id: p.missed for p in state(game).players} == {"RED": 0, "BLUE": 1}
    assert json.loads(invoke("status", str(game), "--json").output)["standing"] == {"RED": {"pass": True}}  # GM's
    missed = report(game, 2).split("Missed turns")[1].split("Score table")[0]
    assert "BLUE     no orders this turn" in missed and "RED" not in missed


def test_S05_a_refused_mail_is_no_mail(game: Path) -> None:
    """R12-S05 (reading 112): a section with a wrong password does not count: the standing orders stand in."""
    turn(game, 1, {"RED": RED_LINE + "\nSTANDING ENTER ALL BEST MIN 1", "BLUE": BLUE_LINE})
    before = state(game)
    expected = standing_entries(before, gmap(game), "RED")
    ran = turn(game, 2, {"RED": "PASS", "BLUE": "ENTER 1 BEST"}, wrong=frozenset({"RED"}))
    assert expected and entered(game, 2, "RED") == expected
    assert "RED: no orders that count; its standing orders are carried out" in ran
    assert "no orders carried out" not in ran


def test_S06_a_mail_that_counts_replaces_them_for_its_turn_and_they_stay_on_file(game: Path) -> None:
    """R12-S06 (reading 110): a mail that counts is carried out instead of the standing orders (RED passes,
    entering nothing); without STANDING lines it leaves them on file; STANDING CANCEL removes them."""
    turn(game, 1, {"RED": RED_LINE + "\nSTANDING ENTER ALL BEST MIN 1", "BLUE": BLUE_LINE})
    turn(game, 2, {"RED": "PASS", "BLUE": "ENTER 1 BEST"})
    assert entered(game, 2, "RED") == []
    assert state(game).player("RED").standing == Standing(1)
    turn(game, 3, {"RED": "STANDING CANCEL", "BLUE": "PASS"})
    assert state(game).player("RED").standing is None
    assert "standing orders on file: none (cancelled)" in report(game, 3, "RED")


def test_S07_standing_orders_in_a_building_turn_build_nothing(game: Path) -> None:
    """R12-S07 (reading 113): a standing race entry produces nothing in a building turn: the company builds
    nothing, and has not missed its turn."""
    invoke("new", "h", "--map", TINY, "--player", "RED", "--player", "BLUE", "--seed", "r12b",
           "--unsafe-test-passwords", "r12")
    h = game.parent / "h"
    turn(h, 1, {"RED": "START Nordstadt\nSTANDING ENTER ALL BEST", "BLUE": "START Nordstadt"})
    track = len(state(h).track)
    turn(h, 2, {"BLUE": "PASS"})
    after = state(h)
    assert len(after.track) == track and after.player("RED").missed == 0


def test_S08_another_seat_never_sees_them(game: Path) -> None:
    """R12-S08 (reading 110): a bot's view of a seat (what its player sees) holds its own standing orders and
    no other company's, and a company's ``check`` of its mail (its receipt) prices its own orders alone."""
    turn(game, 1, {"RED": RED_LINE + "\nSTANDING PASS", "BLUE": BLUE_LINE + "\nSTANDING ENTER ALL BEST MIN 2"})
    s = state(game)
    blue = seat_view(s, gmap(game), "BLUE").state
    assert blue.player("RED").standing is None and blue.player("BLUE").standing == Standing(2)
    secrets = MovesDir(game).read_passwords()  # BLUE checks a mail: RED's standing orders are not priced there
    (game.parent / "blue.orders").write_text(f"GAME g\nTURN 2\nPLAYER BLUE PASSWORD {secrets['BLUE']}\nENTER 1 BEST\n")
    checked = invoke("check", str(game.parent / "blue.orders"), "--game", str(game)).output
    assert "Check of BLUE's orders" in checked and "RED's orders" not in checked


def test_S10_a_stand_by_does_not_inherit_them(game: Path) -> None:
    """R12-S10 (reading 110): standing orders are the player's: a stand-by who takes the company over starts
    without them (and the company, without a mail from him, misses its turn)."""
    turn(game, 1, {"RED": RED_LINE + "\nSTANDING ENTER ALL BEST MIN 1", "BLUE": BLUE_LINE})
    invoke("player", "replace", str(game), "RED", "--name", "Carla", "--email", "carla@example.com")
    assert state(game).player("RED").standing is None
    turn(game, 2, {"BLUE": "ENTER 1 BEST"})
    assert entered(game, 2, "RED") == [] and state(game).player("RED").missed == 1


@pytest.mark.parametrize(("line", "code", "column"), [
    ("STANDING ENTER ALL BEST MIN 100", ProblemCode.STANDING_MIN_TOO_HIGH, 29),
    ("STANDING ENTER 3 BEST", ProblemCode.EXPECTED_STANDING_ALL_BEST, 16),
    ("STANDING", ProblemCode.EXPECTED_STANDING_ORDER, 9),
    ("DAUERAUFTRAG FAHRE ALLE BESTE 5", ProblemCode.EXPECTED_STANDING_MIN, 31),
    ("STANDING PASS now", ProblemCode.TEXT_AFTER_STANDING, 15),
])
def test_S09_bounds_and_mistakes(line: str, code: ProblemCode, column: int) -> None:
    """R12-S09 (reading 114): MIN is 0 to 99; a malformed STANDING line is a problem with its line, column
    and code, never a traceback, and the rest of the mail is read."""
    parsed = parse_orders(f"PLAYER RED PASSWORD x\n{line}\nPASS\n", "m")
    (problem,) = parsed.problems
    assert (problem.code, problem.pos.line, problem.pos.column) == (code, 2, column)
    assert [o.echo() for o in parsed.sections[0].orders] == ["PASS"]


def test_S11_the_caretaker_the_gm_names_plays_before_standing_orders(game: Path) -> None:
    """R12-S11 (reading 117): a company on standing orders never misses a turn, so only the GM hands it to the
    caretaker; then the caretaker plays it (a bot's orders, not the standing orders), the standing orders stay on
    file, and once the GM takes the company back they stand in for a mail again."""
    turn(game, 1, {"RED": RED_LINE + "\nSTANDING PASS", "BLUE": BLUE_LINE})
    invoke("caretaker", str(game), "RED", "--level", "random", "--why", "asked to")
    ran = turn(game, 2, {"BLUE": "PASS"})
    folder = MovesDir(game)
    records = [folder.record(step) for step in folder.steps()]  # the caretaker's orders: a bot's, accepted for turn 2
    assert [r["seat"] for r in records if r.get("kind") == "orders" and r.get("move") == 2 and r.get("bot")] == ["RED"]
    assert [r["stand_in"] for r in records if r.get("kind") == "move" and r.get("move") == 2] == [[]]
    assert "its standing orders are carried out" not in ran
    assert state(game).player("RED").standing == Standing(None, True)
    invoke("caretaker", str(game), "RED", "--off")
    ran = turn(game, 3, {"BLUE": "PASS"})
    assert "RED: no orders that count; its standing orders are carried out: STANDING PASS" in ran
    assert verified(game, 3)


@pytest.fixture
def manual(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The same game with manual dice: the GM gives every roll and race (ROLL, RACE, MOVES)."""
    monkeypatch.chdir(tmp_path)
    invoke("new", "m", "--map", TINY, "--player", "RED", "--player", "BLUE", "--dice", "manual",
           "--set", "building_rounds=2", "--set", "min_race_distance=2", "--set", "fixed_races=6",
           "--unsafe-test-passwords", "r12")
    return tmp_path / "m"


def gm_file(game: Path, number: int, sections: dict[str, str], gm: str) -> Path:
    """The orders of turn ``number``: the companies' sections and the GM's (``gm``: ROLL, RACE, MOVES lines)."""
    secrets = MovesDir(game).read_passwords()
    text = f"GAME {game.name}\nTURN {number}\n" + "".join(
        f"PLAYER {pid} PASSWORD {secrets[pid]}\n{lines}\n" for pid, lines in sections.items())
    path = game.parent / f"{game.name}-t{number}.orders"
    path.write_text(text + f"GM PASSWORD {secrets['GM']}\n{gm}\n", encoding="utf-8")
    return path


def gm_turn(game: Path, number: int, sections: dict[str, str], gm: str) -> str:
    """Run turn ``number`` with the companies' sections and the GM's; what the GM reads."""
    return invoke(str(gm_file(game, number, sections, gm))).output


def test_S12_with_manual_dice_a_standing_race_entry_enters_the_gms_races(manual: Path) -> None:
    """R12-S12 (reading 120; reading 27: with manual dice the GM gives the races with RACE lines): a company on
    standing race entries in a game of manual dice enters the races the GM gives for the turn, as the rule picks
    them (reading 111), the same races ``IF RACE`` sees, in the turn and in ``check``; before, it looked only at
    races drawn in advance (none with manual dice) and never raced, while its report said its standing orders
    were carried out, and ``check`` judged the GM's races without their towns (BLUE's IF was "no" there)."""
    gm_turn(manual, 1, {"RED": RED_LINE + "\nSTANDING ENTER ALL BEST MIN 1", "BLUE": BLUE_LINE},
            "ROLL RED 6\nROLL BLUE 6")
    gm_turn(manual, 2, {"RED": "BUILD 0306 - Südheim", "BLUE": "BUILD 0505 - 0605 - 0705 - Ostburg"},
            "ROLL RED 3\nROLL BLUE 6")
    assert state(manual).phase == "racing"
    path = gm_file(manual, 3, {"BLUE": "IF RACE 1 FROM Nordstadt THEN\n  ENTER 1 BEST\nEND"},
                   "RACE 1 FROM Nordstadt TO Südheim\nMOVES 1 RED 6 6 6\nMOVES 1 BLUE 1 1 1 1 1 1")
    checked = " ".join(invoke("check", str(path), "--game", str(manual)).output.split())
    assert "race 1: 0402 -RED- 0403" in checked  # BLUE's IF holds in the check as in the turn: its entry is priced
    ran = invoke(str(path)).output
    assert entered(manual, 3, "RED") == [1] and entered(manual, 3, "BLUE") == [1]
    assert "RED: no orders that count; its standing orders are carried out" in ran
    own = " ".join(report(manual, 3, "RED").split())
    assert "(no mail from you this turn: your standing orders were carried out)" in own
    assert "ENTER 1 BEST" in own
    assert verified(manual, 3)


def test_S13_with_manual_dice_no_roll_is_asked_for_a_company_on_standing_orders(manual: Path) -> None:
    """R12-S13 (reading 121; reading 12: "a player who sent orders needs one"; RULES §7: "orders already on file
    stand if no new ones arrive"): in a building turn of a game of manual dice, RED sends no mail and its
    standing orders stand in.  They build nothing (reading 113), so the GM need roll nothing for RED: the turn
    runs with BLUE's roll alone (it refused to run until the GM rolled for RED).  RED passes with no allowance
    and has not missed its turn; a company without standing orders and without a mail needs no roll either."""
    gm_turn(manual, 1, {"RED": "START Nordstadt\nSTANDING ENTER ALL BEST", "BLUE": "START Nordstadt"},
            "ROLL RED 2\nROLL BLUE 2")
    gm_turn(manual, 2, {"BLUE": "BUILD Nordstadt - 0502"}, "ROLL BLUE 4")
    after = state(manual)
    assert after.turn == 3 and after.player("RED").missed == 0
    assert [s.owner for s in after.track if s.side.hexes[0].label in ("0402", "0502")] == ["BLUE"]
    public = " ".join(report(manual, 2).split())
    assert "RED (RED): allowance 0 (dice -), used 0, lost 0 passes" in public
