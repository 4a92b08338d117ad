"""Every Dampfross GM command on a Dampfross game of the one session's format (issue 34; ``dampfross/app/session.py``).

Each test plays a Dampfross game by mail, one turn run at its deadline (``adjudicate new`` makes it a game of the
one session).  Until the switch the same game was played in the old format (``dampfross/app/store.py: GameDir``) too
and converted by ``adjudicate upgrade``; what the old format told the GM for each command is kept in
``tests/golden/dampfross_session_gm_old.json`` (written by this file's tests before the switch, at 8b8b033: the game's
folder ``<G>``, the test's folder ``<ROOT>``).  A command must tell the GM the same (``check``, ``route``,
``report``, ``run``'s problems of the orders, the corrections' lines, ``status --json``'s old keys), and a
correction must be a step of the session's chain that ``verify`` applies again and the next report prints as the
old format printed it.  Where the session differs by design (the next deadline from when a turn runs, orders' lines
counted in their section, a deadline's change not in the report) the test says so and compares the rest.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from adjudicator.dampfross.report.env import wrap
from tests.conftest import ANNA, BERND, Trial, make_trial
from tests.helpers import invoke
from tests.mailservers import SmtpServer, smtp_server

NOW = "2026-12-06T10:00+00:00"
"""When the GM runs the second turn by hand (before its deadline, 11 December 18:00)."""

OLD = json.loads((Path(__file__).resolve().parent / "golden" / "dampfross_session_gm_old.json").read_text(
    encoding="utf-8"))
"""What the old format told the GM, by test and command (see the module)."""


@dataclass
class Pair:
    """The game, the trial that played its first turn, and what the old format told the GM in the same test."""

    new: Path
    trial: Trial
    root: Path
    test: str
    said: int = field(default=0)

    def old(self, key: str) -> str:
        """The old format's output of ``key`` in this test, in this test's folders, its strict deadline line as a
        strict game's says it since reading 132 (the old 'Late orders are not used.' was no longer true: a mail
        after the deadline counts for the next turn; docs/rules.md, reading 62)."""
        text = str(OLD[f"{self.test}:{key}"]).replace("<G>", str(self.new)).replace("<ROOT>", str(self.root))
        return re.sub(r"( *)(Orders for turn (\d+) are due [^\n]*?(?:\n {4,}[^\n]*?)*?)Late orders are\s+not used\.",
                      lambda m: wrap(m.group(1) + " ".join(m.group(2).split()) + " Orders that arrive later count for "
                                     f"turn {int(m.group(3)) + 1}."), text)

    def both(self, *args: str) -> tuple[str, str]:
        """A command on the game (``G`` stands for the game's folder): what the old format said to it (kept) and what
        the session says; both must agree on its exit status."""
        result = invoke(*[str(self.new) if a == "G" else a for a in args], ok=False)
        key, self.said = f"both{self.said}", self.said + 1
        assert OLD[f"{self.test}:{key}.exit"] == result.exit_code, (args, self.old(key), result.output)
        assert "Traceback" not in result.output, result.output
        return self.old(key), result.output

    def orders(self, text: str, name: str = "orders.txt") -> str:
        path = self.root / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    def section(self, seat: str, body: str, turn: int = 2, password: str | None = None) -> str:
        return self.trial.envelope(seat, password).replace("TURN 1", f"TURN {turn}") + body


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    with smtp_server() as server:
        yield server


@pytest.fixture
def pair(tmp_path: Path, smtp: SmtpServer, request: pytest.FixtureRequest) -> Pair:
    trial = make_trial(tmp_path, "dampfross")
    with (trial.game / "mail.toml").open("a", encoding="utf-8") as f:
        f.write("\n" + smtp.toml())
    trial.deliver(ANNA, trial.envelope("RED") + "START Hamburg\n", "2026-12-01T09:00+00:00", "red")
    trial.deliver(BERND, trial.envelope("BLUE") + "START Berlin\n", "2026-12-01T09:01+00:00", "blue")
    trial.tick("2026-12-04T18:05+00:00")
    assert json.loads((trial.game / "game.json").read_text(encoding="utf-8"))["play"] == "dampfross"
    return Pair(trial.game, trial, tmp_path, request.node.name)


def verified(game: Path) -> list[str]:
    result = invoke("verify", str(game), ok=False)
    assert result.exit_code == 0 and "FAILED" not in result.output, result.output
    return result.output.splitlines()


def undated(text: str) -> str:
    """A report without the corrections' times (each command stamps its own second) and its due lines."""
    text = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "<when>", text)
    return re.sub(r"Orders for turn \d+ are due [^\n]*\n[^\n]*\n", "<due>\n", text)


def test_check_route_and_the_reports_say_what_the_old_format_says(pair: Pair):
    orders = pair.orders(pair.section("RED", "BUILD Hamburg - 1109\nBUILD FOO\n") +
                         pair.section("BLUE", "BUILD Berlin - 1408\n"))
    old, new = pair.both("check", orders, "--game", "G")
    assert new == old and "BUILD needs at least two points" in new
    old, new = pair.both("check", pair.orders(pair.section("RED", "BUILD Hamburg - 1109\n")), "--game", "G")
    assert new == old
    old, new = pair.both("route", "G", "Hamburg", "Berlin", "--player", "RED")
    assert new == old
    for args in (("report", "G"), ("report", "G", "--turn", "0"), ("report", "G", "--all"),
                 ("report", "G", "--player", "RED"), ("report", "G", "--player", "BLUE", "--turn", "1")):
        old, new = pair.both(*args)
        assert new == old, args
    mail = invoke("report", str(pair.new), "--player", "RED", "--archived").output  # what RED was mailed
    assert "private report for RED" in mail and "Turn 1 report, building phase" in mail
    refused = invoke("report", str(pair.new), "--player", "GREEN", ok=False)
    assert refused.exit_code == 1 and refused.output == "error: no company GREEN in game g\n"


def test_status_json_keeps_the_old_keys_beside_the_sessions(pair: Pair):
    old, new = (json.loads(text) for text in pair.both("status", "G", "--json"))
    assert {k: new[k] for k in old} == old
    assert new["play"] == "dampfross" and new["moves"] == 1 and new["to_act"] == ["RED", "BLUE"]
    # RED's mail in, with a line that is a problem: the same row in both, BLUE still missing
    pair.trial.deliver(ANNA, pair.section("RED", "BUILD Hamburg - 1109\nBUILD FOO\n"), "2026-12-06T09:00+00:00")
    pair.trial.tick("2026-12-06T09:05+00:00")
    old, new = (json.loads(text) for text in pair.both("status", "G", "--json"))
    assert {k: new[k] for k in old} == old
    assert new["companies"][0] == {"company": "RED", "arrived": "2026-12-06T09:00:00+00:00", "verdict": "problems",
                                   "problems": 1}
    assert new["missing"] == ["BLUE"]


def test_run_tells_the_problems_of_the_orders_and_reports_the_turn_as_the_old_run(pair: Pair):
    orders = pair.orders(pair.section("RED", "BUILD Hamburg - 1109\nBUILD FOO\n") +
                         pair.section("BLUE", "BUILD Berlin - 1408\n", password="wrong"))
    dry = invoke("run", orders, "--game", str(pair.new), "--dry-run", "--now", NOW)
    assert dry.output.startswith(pair.old("dry").split("DAMPFROSS PER POST")[0])  # the same problems first
    # the turn's refused sections reach the report (the step's "refused"), so BLUE builds nothing: wrong password
    assert undated(dry.output) == undated(pair.old("dry"))
    assert "orders.txt:5:10: syntax: BUILD needs at least two points" in dry.output
    assert "wrong password" in dry.output  # said by the old run and the session alike
    ran = invoke("run", orders, "--game", str(pair.new), "--now", NOW)
    assert undated(ran.output) == undated(pair.old("ran"))
    assert "turn 2 adjudicated; reports in" in ran.output
    assert undated((pair.new / "reports" / "move-002.txt").read_text(encoding="utf-8")) == undated(pair.old("turn-002"))
    # RED's private report of turn 2 made again from the session's step: the old text, its problems at the lines
    # and columns of the file the GM gave, but named by the section the session keeps, not by the file
    old, new = pair.both("report", "G", "--player", "RED", "--turn", "2")
    assert undated(new.replace("RED:5:10", "orders.txt:5:10")) == undated(old)
    verified(pair.new)


def test_run_and_check_without_game_find_the_folder_by_the_game_line(pair: Pair, monkeypatch: pytest.MonkeyPatch):
    orders = pair.orders(pair.section("RED", "BUILD Hamburg - 1109\n"))
    monkeypatch.chdir(pair.new.parent)
    said = invoke("check", orders)
    assert "Hamburg" in said.output
    assert "(dry run: nothing written)" in invoke("run", orders, "--dry-run", "--now", NOW).output
    ran = invoke(orders, "--now", NOW)  # adjudicate FILE: a run
    assert "turn 2 adjudicated; reports in g/reports" in ran.output
    assert json.loads((pair.new / "game.json").read_text(encoding="utf-8"))["table"]["moves"] == 2
    verified(pair.new)


def test_the_corrections_are_steps_verify_applies_again_and_the_next_report_prints(pair: Pair):
    commands = [("fix", "balance", "G", "RED", "3", "--why", "a fee charged twice"),
                ("fix", "track", "G", "add", "RED", "1108", "1109", "--why", "built by hand"),
                ("fix", "rule", "G", "fixed_races=6", "--why", "a shorter game"),
                ("player", "address", "G", "RED", "anna@example.com"),
                ("player", "lang", "G", "BLUE", "de"),
                ("caretaker", "G", "BLUE", "--why", "on holiday"),
                ("caretaker", "G", "BLUE", "--off")]
    for args in commands:
        old, new = pair.both(*args)
        assert new == old and "correction" in new, args
    records = [json.loads(p.read_text()) for p in sorted((pair.new / "archive").glob("step-*/record.json"))]
    fixes = [r for r in records if r["kind"] == "fix"]
    assert [r["what"] for r in fixes] == ["balance", "track-add", "rule", "address", "lang", "caretaker", "caretaker"]
    assert all(r["fix"] == "play" for r in fixes)
    table = json.loads((pair.new / "game.json").read_text(encoding="utf-8"))["table"]
    seats = {s["id"]: s for s in table["seats"]}
    assert seats["RED"]["address"] == "anna@example.com" and seats["BLUE"]["lang"] == "de"
    lines = verified(pair.new)
    assert sum("fix done again: the same" in line for line in lines) == 7
    orders = pair.orders(pair.section("RED", "BUILD 1109 - 1110\n") + pair.section("BLUE", "BUILD Berlin - 1813\n"))
    ran = invoke("run", orders, "--game", str(pair.new), "--now", NOW)
    report = (pair.new / "reports" / "move-002.txt").read_text(encoding="utf-8")
    assert "Corrections by the GM since the last report" in report and "RED +3 to the balance" in report
    assert undated(report) == undated(pair.old("turn-002"))
    assert undated(ran.output) == undated(pair.old("ran"))
    verified(pair.new)


def test_retire_and_replace_are_corrections_of_the_session(pair: Pair):
    old, new = pair.both("player", "replace", "G", "BLUE", "--name", "Carla", "--email", "carla@example.com",
                         "--why", "Bernd left")
    assert new.splitlines()[0] == old.splitlines()[0] == \
        "BLUE is now run by Carla; correction 1, printed in the next report."
    assert "queued; the next tick sends it" in new
    secret = dict(line.split(None, 1) for line in (pair.new / "passwords.txt").read_text().splitlines())["BLUE"]
    assert secret.strip() != pair.trial.passwords["BLUE"]
    took_over = list((pair.new / "mail" / "outbox").glob("takeover-BLUE-*.eml"))
    assert len(took_over) == 1 and "carla@example.com" in took_over[0].read_text(encoding="utf-8")
    # the new password counts, the old one no longer
    fresh = pair.orders(pair.section("BLUE", "BUILD Berlin - 1813\n", password=secret.strip()))
    assert invoke("check", fresh, "--game", str(pair.new)).exit_code == 0
    stale = pair.orders(pair.section("BLUE", "BUILD Berlin - 1813\n"), "stale.txt")
    assert invoke("check", stale, "--game", str(pair.new), ok=False).exit_code == 1
    old, new = pair.both("player", "retire", "G", "RED", "--why", "gone")
    assert new == old == "RED is out of play from turn 2; correction 2, printed in the next report.\n"
    assert json.loads(invoke("status", str(pair.new), "--json").output)["in_play"] == ["BLUE"]
    verified(pair.new)
    assert invoke("undo", str(pair.new)).exit_code == 0  # the retirement taken back
    assert json.loads(invoke("status", str(pair.new), "--json").output)["in_play"] == ["RED", "BLUE"]
    verified(pair.new)


def test_a_correction_refused_is_one_line_and_changes_nothing(pair: Pair):
    before = {p: p.read_bytes() for p in pair.new.rglob("*") if p.is_file() and p.name != ".lock"}
    for args in (("fix", "track", "G", "add", "RED", "1108", "1408", "--why", "far"),
                 ("fix", "track", "G", "remove", "RED", "1108", "1109", "--why", "none there"),
                 ("fix", "balance", "G", "GREEN", "3", "--why", "no such company"),
                 ("caretaker", "G", "RED", "--off"),
                 ("player", "lang", "G", "RED", "xx")):
        old, new = pair.both(*args)
        assert new.startswith("error: ") and new.count("\n") == 1, (args, new)
        assert new == old, args
    assert {p: p.read_bytes() for p in pair.new.rglob("*") if p.is_file() and p.name != ".lock"} == before


def test_mail_send_again_sends_a_turns_report_mail_to_a_company(pair: Pair, smtp: SmtpServer):
    assert invoke("mail", "send", str(pair.new), "--turn", "1", "--player", "RED").exit_code == 0
    sent = [m for m in smtp.mails if ANNA in str(m["To"])]
    assert sent and str(sent[-1]["Subject"]) == "Dampfross g: report of turn 1 for RED"
    refused = invoke("mail", "send", str(pair.new), "--turn", "7", "--player", "RED", ok=False)
    assert refused.exit_code == 1 and refused.output.startswith("error: no report mail of turn 7 for RED")
    # a turn of the session's own, mailed by its tick, is sent again under the session's name
    pair.trial.deliver(ANNA, pair.section("RED", "BUILD Hamburg - 1109\n"), "2026-12-06T09:00+00:00", "red")
    pair.trial.deliver(BERND, pair.section("BLUE", "BUILD Berlin - 1813\n"), "2026-12-06T09:01+00:00", "blue")
    invoke("tick", str(pair.new), "--now", "2026-12-11T18:05+00:00")
    count = len(smtp.mails)
    assert invoke("mail", "send", str(pair.new), "--turn", "2", "--player", "BLUE").exit_code == 0
    again = smtp.mails[count:]
    assert [str(m["To"]) for m in again] == [BERND] and "2" in str(again[0]["Subject"])
    verified(pair.new)


def test_the_deadline_settings_of_dampfross_go_through_the_session(pair: Pair):
    for args in (("--early",), ("--lenient",), ("--strict", "--remind", "12h", "--statements", "3d"),
                 ("--zone", "Europe/Berlin")):
        assert invoke("deadline", "set", str(pair.new), *args).exit_code == 0, args
    schedule = json.loads((pair.new / "game.json").read_text(encoding="utf-8"))["table"]["schedule"]
    assert schedule["early"] and schedule["strict"] and schedule["remind"] == "12h"
    assert schedule["statements"] == "3d" and schedule["zone"] == "Europe/Berlin"
    verified(pair.new)


def test_site_writes_the_pages_of_a_session_game(pair: Pair):
    said = invoke("site", str(pair.new), str(pair.root / "site")).output
    assert said.startswith("wrote ") and (pair.root / "site" / "index.html").is_file()


def test_the_examples_last_turn_run_on_the_session_reports_as_the_old_run(tmp_path: Path):
    """The example game in the old format (``tests/fixtures/old-format/example/``) upgraded, its last turn taken back
    and that racing turn run from its archived order file by the session: the public report, each company's private
    report (resolved again from the step) and the revealed seed as the old format's, byte for byte."""
    old = Path(__file__).resolve().parent / "fixtures" / "old-format" / "example"
    game = tmp_path / "demo"
    shutil.copytree(old, game)
    assert "7 turns" in invoke("upgrade", str(game)).output
    assert invoke("undo", str(game)).output.startswith("step converted taken back")  # the conversion's own step
    assert invoke("undo", str(game)).output.startswith("turn 7 undone; game.json is back at turn 7")
    assert not (game / "reports" / "move-007.txt").exists()
    ran = invoke("run", str(old / "turns" / "turn-007" / "orders" / "01-turn7.orders"), "--game", str(game))
    assert ran.output.endswith(f"turn 7 adjudicated; reports in {game / 'reports'}\n")
    assert (game / "reports" / "move-007.txt").read_bytes() == (old / "reports" / "turn-007.txt").read_bytes()
    for company in ("RAVEL", "NOB", "SUED", "HAFEN"):
        said = invoke("report", str(game), "--player", company, "--turn", "7").output
        assert said == (old / "reports" / f"turn-007-{company}.txt").read_text(encoding="utf-8"), company
    assert invoke("report", str(game), "--player", "NOB", "--turn", "3").output == \
        (old / "reports" / "turn-003-NOB.txt").read_text(encoding="utf-8")  # a converted turn: its old file
    verified(game)


def test_run_with_the_gms_file_tells_what_the_old_run_tells(pair: Pair):
    """``run --gm FILE``: the GM's own section (a bare GM line) is archived as the GM's step; his dice lines in a game
    of committed dice are ignored, with the old run's warning."""
    gm = pair.orders("GAME g\nTURN 2\nGM\nROLL RED 5\n", "gm.txt")
    orders = pair.orders(pair.section("RED", "BUILD Hamburg - 1109\n"))
    ran = invoke("run", orders, "--gm", gm, "--game", str(pair.new), "--now", NOW)
    warning = "warning: the GM's ROLL, RACE and MOVES lines are ignored: this game uses the committed dice\n"
    assert ran.output.startswith(warning) and pair.old("ran").startswith(warning)
    assert undated(ran.output) == undated(pair.old("ran"))
    assert re.search(r"step-\d{3}: the GM's section read again: the same", "\n".join(verified(pair.new)))
