"""A mixed game of issue 33 ("orders that think"): 20 turns on the tiny map with manual dice, standing orders and
IFs, every order file checked before its turn runs, the whole game verified at the end.

Three companies start in Nordstadt.  RED writes its orders with IF and BUILD CHEAPEST; BLUE writes plain
orders, leaves a standing PASS for two turns and mails again; GREEN leaves a standing race entry in its first
mail and sends a mail only now and then.  The GM gives every roll, race and movement die (manual dice).  Each
turn's files (one per company that mails, and the GM's) are checked before the turn runs, each company's file
with the GM's and all of them together: ``check`` must say every order would be carried out in full (exit 0);
then the turn runs from the same files, which the archive keeps.  At the end ``verify`` replays the game.

Issue 33 in play: ``check`` judges each company of a file alone (reading 104); GREEN's standing entry enters
the GM's races (reading 120) and needs no roll in a building turn (reading 121); the public reports show the
lines built, numbered without gaps (reading 122); one turn's GM sets a trip twice (reading 119).

A bot seat cannot take part there: a bot draws from the dice seed, and ``new`` refuses bot seats in a game of
manual dice (reading 99).  So a second game plays the same kinds of orders for 20 turns with the committed dice
and a bot seat (``BLUE:bot=careful``): every archived file, the bot's too, passes ``check`` and ``verify``
replays the game.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from adjudicator.dampfross.app.session import SessionCommands
from adjudicator.dampfross.game.state import GameState
from adjudicator.postal.moves import MovesDir
from tests.helpers import dampfross_state, invoke

TINY = str(Path(__file__).parent / "data" / "tiny.yaml")
TURNS = 20
BUILDING = 4
TRIPS = (("Nordstadt", "Südheim"), ("Südheim", "Ostburg"), ("Ostburg", "Nordstadt"), ("Südheim", "Nordstadt"),
         ("Nordstadt", "Ostburg"), ("Ostburg", "Südheim"))


def building_orders(turn: int) -> dict[str, str]:
    """Each company's mail of a building turn (GREEN mails only in turn 1: its standing orders stand in)."""
    if turn == 1:
        return {
            "RED": "START Nordstadt\nBUILD Nordstadt - 0403 - 0404",
            "BLUE": "START Nordstadt\nIF 0403 TAKEN THEN\n  BUILD Nordstadt - 0502\nELSE\n  BUILD Nordstadt - 0403\nEND",
            "GREEN": "START Nordstadt\nBUILD Nordstadt - 0302 - 0303 - 0304 - 0305 - 0306 - Südheim\n"
                     "STANDING ENTER ALL BEST MIN 1",
        }
    if turn == 2:
        return {
            "RED": "IF NOT Südheim CONNECTED THEN\n  BUILD CHEAPEST FROM 0404 TO Südheim MAX 12\nEND",
            "BLUE": "BUILD 0502 - 0503 - 0504",
        }
    if turn == 3:
        return {
            "RED": "IF Südheim CONNECTED THEN\n  BUILD CHEAPEST FROM Südheim TO 0407 MAX 6\nELSE\n"
                   "  BUILD CHEAPEST FROM 0404 TO Südheim\nEND",
            "BLUE": "IF NOT 0604 TAKEN THEN\n  BUILD CHEAPEST FROM 0504 TO Ostburg MAX 12\nEND",
        }
    return {
        "RED": "IF BALANCE AT LEAST 1 THEN\n  BUILD CHEAPEST FROM Nordstadt TO 0501\nEND",
        "BLUE": "BUILD CHEAPEST FROM Ostburg TO 0706",
    }


def entries(races: list[int], town: str) -> list[str]:
    """ENTER lines, each inside IFs on the race's towns: a company enters the races to or from ``town``, the
    ones its track can run (an entry needs a segment of its own track)."""
    return [f"IF RACE {n} FROM {town} THEN\n  ENTER {n} BEST\nEND\nIF RACE {n} TO {town} THEN\n  ENTER {n} BEST\nEND"
            for n in races]


def racing_orders(turn: int, races: list[int]) -> dict[str, str]:
    """Each company's mail of a racing turn: RED and BLUE enter by IF RACE (BLUE but for its two turns on a
    standing PASS), GREEN mails now and then (its standing race entry stands in otherwise)."""
    last = turn == TURNS  # nothing is built after the game's last races
    red = ["IF BALANCE AT LEAST 30 THEN\n  BUILD CHEAPEST FROM Südheim TO 0208 MAX 4\nEND"] if not last else []
    out = {"RED": "\n".join(entries(races, "Südheim") + red)}
    if turn == 9:
        out["BLUE"] = "STANDING PASS"
    elif turn not in (10, 11):
        blue = entries(races, "Ostburg") + (["STANDING CANCEL"] if turn == 12 else [])
        out["BLUE"] = "\n".join(blue + ([] if last else ["BUILD CHEAPEST FROM Ostburg TO 0806 MAX 2"]))
    if turn in (13, 17):
        out["GREEN"] = "\n".join(entries(races, "Südheim"))
    return out


def gm_orders(turn: int, companies: list[str], racing: bool, first_race: int) -> tuple[str, list[int],
                                                                                      list[tuple[str, str]]]:
    """The GM's section: a roll for each company that mails (building), or the turn's races and every train's
    dice (racing; turn 14 sets one trip twice)."""
    if not racing:
        return "\n".join(f"ROLL {pid} {6 if turn < 3 else 5}" for pid in companies), [], []
    trips = [TRIPS[turn % len(TRIPS)]]
    if turn == 14:
        trips.append(trips[0])
    races = [first_race + i for i in range(len(trips))]
    lines = [f"RACE {n} FROM {a} TO {b}" for n, (a, b) in zip(races, trips, strict=True)]
    for n in races:
        lines += [f"MOVES {n} RED " + " ".join(["6", "5"] * 10), f"MOVES {n} BLUE " + " ".join(["4"] * 20),
                  f"MOVES {n} GREEN " + " ".join(["3", "2"] * 10)]
    return "\n".join(lines), races, trips


def write(path: Path, game: str, turn: int, header: str, body: str) -> Path:
    path.write_text(f"GAME {game}\nTURN {turn}\n{header}\n{body}\n", encoding="utf-8")
    return path


def archived_files(game: Path, where: Path, turn: int) -> list[Path]:
    """The sections the turn archived (each an ``orders`` step of the session: a company's, a bot's, the GM's) as
    order files again, each under its GAME, TURN and PLAYER (or GM) line with its password."""
    secrets = MovesDir(game).read_passwords()
    files = []
    for step in sorted((game / "archive").glob("step-*")):
        record = json.loads((step / "record.json").read_text(encoding="utf-8"))
        if record["kind"] != "orders" or record["move"] != turn:
            continue
        seat = record["seat"]
        head = f"GM PASSWORD {secrets['GM']}" if record.get("gm") else f"PLAYER {seat} PASSWORD {secrets[seat]}"
        body = (step / "orders.txt").read_text(encoding="utf-8") if (step / "orders.txt").is_file() else ""
        files.append(write(where / f"{game.name}-archived-{step.name}.orders", game.name, turn, head, body))
    return files


def check_archived(game: Path, before: Path, turn: int) -> None:
    """``check`` of every section the turn archived (a bot's too), against the game as it was before the
    turn (``before``: a copy of its folder): each company's with the GM's, and all of them together, would
    be carried out in full (exit 0)."""
    archived = archived_files(game, before.parent, turn)
    assert archived, turn
    gm = [p for p in archived if "\nGM PASSWORD " in p.read_text(encoding="utf-8")]
    for f in archived:
        if f in gm:
            continue
        checked = invoke("check", str(f), *map(str, gm), "--game", str(before), ok=False)
        assert checked.exit_code == 0, f"turn {turn}, {f.name}:\n{checked.output}"
    together = invoke("check", *map(str, archived), "--game", str(before), ok=False)
    assert together.exit_code == 0, f"turn {turn}, all files:\n{together.output}"


def play_turn(game: Path, where: Path, turn: int, sections: dict[str, str], gm: str | None) -> None:
    """Write the turn's files (a company's mail each, the GM's section), run the turn, check what it archived."""
    secrets = MovesDir(game).read_passwords()
    files = [write(where / f"{game.name}-t{turn:02d}-{pid}.orders", game.name, turn,
                   f"PLAYER {pid} PASSWORD {secrets[pid]}", text) for pid, text in sections.items()]
    if gm is not None:
        files.append(write(where / f"{game.name}-t{turn:02d}-gm.orders", game.name, turn,
                           f"GM PASSWORD {secrets['GM']}", gm))
    before = where / f"{game.name}-before"
    shutil.rmtree(before, ignore_errors=True)
    shutil.copytree(game, before)
    invoke(*map(str, files), "--game", str(game))
    check_archived(game, before, turn)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("mixed")
    game = where / "g"
    invoke("new", str(game), "--map", TINY, "--player", "RED", "--player", "BLUE", "--player", "GREEN",
           "--dice", "manual", "--set", f"building_rounds={BUILDING}", "--set", "all_connected_ends_building=false",
           "--set", f"racing_turns={TURNS - BUILDING}", "--set", "win_2_3_players=9999",
           "--set", "min_race_distance=2", "--unsafe-test-passwords", "mixed")
    for turn in range(1, TURNS + 1):
        state = dampfross_state(game)
        assert state.turn == turn and state.phase != "over"
        if state.phase == "racing":
            gm, races, _ = gm_orders(turn, [], True, state.race_state.count + 1)
            sections = racing_orders(turn, races)
        else:
            sections = building_orders(turn)
            gm, _, _ = gm_orders(turn, list(sections), False, 0)
        play_turn(game, where, turn, sections, gm)
    return game


def test_the_game_plays_twenty_turns_every_file_checked_and_verify_replays_it(played: Path) -> None:
    state = dampfross_state(played)
    assert state.phase == "over" and state.turn == TURNS + 1
    assert replayed_turns(played) == TURNS


def test_a_standing_race_entry_enters_the_gms_races(played: Path) -> None:
    """Reading 120: in the racing turns GREEN sent no mail, its standing race entry entered some of the races
    the GM gave (and its private report says its standing orders were carried out)."""
    entered = []
    for turn in range(BUILDING + 1, TURNS + 1):
        if turn in (13, 17):
            continue
        result = replayed(played, turn)
        entered += [o.draw.number for o in getattr(result, "races", ()) for e in o.entries if "GREEN" in e.entry.riders]
        said = " ".join(invoke("report", str(played), "--player", "GREEN", "--turn", str(turn)).output.split())
        assert "your standing orders were carried out" in said
    assert entered


def test_no_roll_is_asked_for_the_company_on_standing_orders(played: Path) -> None:
    """Reading 121: the GM rolled in the building turns 2-4 only for RED and BLUE; GREEN passed."""
    for turn in range(2, BUILDING + 1):
        public = " ".join((played / "reports" / f"move-{turn:03d}.txt").read_text(encoding="utf-8").split())
        assert "GREEN (GREEN): allowance 0 (dice -), used 0, lost 0 passes" in public


def test_a_trip_the_gm_sets_twice_says_so(played: Path) -> None:
    """Reading 119: turn 14's GM set one trip as two races."""
    public = " ".join((played / "reports" / "move-014.txt").read_text(encoding="utf-8").split())
    assert "the GM set it again" in public and "drew it again" not in public


def test_the_public_reports_show_the_lines_built_numbered_without_gaps(played: Path) -> None:
    """Reading 122: no public report names an IF, a BUILD CHEAPEST or its MAX, and each company's lines are
    numbered 1, 2, ...; the private reports keep the mail's lines and the IFs judged."""
    for turn in range(1, TURNS + 1):
        text = (played / "reports" / f"move-{turn:03d}.txt").read_text(encoding="utf-8")
        assert not re.search(r"\bIF\b|CHEAPEST|\bMAX\b|cheapest line", text), turn
        numbers: dict[str, list[int]] = {}
        company = ""
        for line in text.splitlines():
            head = re.match(r"([A-Z]+) \([A-Z]+\): allowance|([A-Z]+): income", line)
            if head:
                company = head.group(1) or head.group(2)
            found = re.search(r"\[line (\d+)\]", line)
            if found:
                numbers.setdefault(company, []).append(int(found.group(1)))
        assert all(n == list(range(1, len(n) + 1)) for n in numbers.values()), (turn, numbers)
    private = " ".join(invoke("report", str(played), "--player", "RED", "--turn", "3").output.split())
    assert "IF Südheim (0307) CONNECTED" in private and "BUILD CHEAPEST FROM" in private


def replayed(game: Path, turn: int) -> Any:
    """The events of the turn resolved again from its step (the orders accepted, the GM's section, the seed)."""
    from adjudicator.postal.moveverify import resolved_again

    again = resolved_again(MovesDir(game), SessionCommands(str(game)).dplay, turn)
    assert again is not None, turn
    return again[1].result


def replayed_turns(game: Path) -> int:
    """``verify`` of the whole game (every step the same again): the number of turns it resolved again."""
    said = invoke("verify", str(game)).output.splitlines()
    assert said[-1] == "OK: game.json is the game after the last step" and all(line.startswith("OK") for line in said)
    return sum(line.endswith(": move resolved again: the same") for line in said)


def seeded_orders(state: GameState) -> dict[str, str]:
    """The mails of the game with a bot seat (committed dice): RED's BUILD CHEAPEST lines capped at its
    allowance (a line dearer than it is not built at all, so each is carried out in full), its entries inside
    IFs on its track and the races; GREEN builds alike, and its first mail leaves a standing race entry that
    stands in for its mails of the racing turns but one (a PASS)."""
    turn = state.turn
    if state.phase == "building":
        out = {}
        for pid in ("RED", "GREEN"):
            allowance = next((a.points for a in state.allowances if a.player == pid), 0)
            out[pid] = (f"IF NOT Südheim CONNECTED THEN\n  BUILD CHEAPEST FROM Nordstadt TO Südheim MAX {allowance}\n"
                        f"ELSE\n  BUILD CHEAPEST FROM Nordstadt TO Ostburg MAX {allowance}\nEND")
        if turn == 1:
            out = {pid: "START Nordstadt\n" + text for pid, text in out.items()}
            out["GREEN"] += "\nSTANDING ENTER ALL BEST MIN 1"
        return out
    races = [d.number for d in state.race_state.upcoming]
    red = ["IF Südheim CONNECTED THEN", *[f"  {line}" for line in "\n".join(entries(races, "Südheim")).splitlines()],
           "END", "IF BALANCE AT LEAST 30 THEN\n  BUILD CHEAPEST FROM Südheim TO 0208 MAX 4\nEND"]
    out = {"RED": "\n".join(red)}
    if turn == 15:
        out["GREEN"] = "PASS"
    return out


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same kinds of orders with the committed dice and a bot seat (BLUE, careful): a bot draws from the
    seed, so ``new`` refuses one in a game of manual dice (reading 99)."""
    where = tmp_path_factory.mktemp("seeded")
    game = where / "h"
    invoke("new", str(game), "--map", TINY, "--player", "RED", "--player", "BLUE:bot=careful", "--player", "GREEN",
           "--seed", "mixed-33", "--set", "allowance_dice=2", "--set", "win_2_3_players=9999",
           "--set", "min_race_distance=2", "--unsafe-test-passwords", "mixed")
    for turn in range(1, TURNS + 1):
        state = dampfross_state(game)
        assert state.turn == turn and state.phase != "over"
        play_turn(game, where, turn, seeded_orders(state), None)
    return game


def test_with_a_bot_seat_the_game_plays_twenty_turns_every_file_checked_and_verify_replays_it(seeded: Path) -> None:
    """Every archived file of every turn, the bot's among them, passed ``check`` (``play_turn``); the game
    raced, the bot and GREEN's standing entry took part, and ``verify`` replays every turn and bot file."""
    state = dampfross_state(seeded)
    assert state.turn == TURNS + 1 and state.phase == "racing"
    raced = {p for turn in range(1, TURNS + 1)
             for o in getattr(replayed(seeded, turn), "races", ()) for e in o.entries
             for p in e.entry.riders}
    assert raced == {"RED", "BLUE", "GREEN"}, raced
    assert replayed_turns(seeded) == TURNS
