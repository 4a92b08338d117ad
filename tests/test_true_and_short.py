"""Issue 25, item 6, "true and short": the deadline in the first lines of every mail a player gets, in both games.

Both games are played by ``tick`` from a Maildir with no SMTP server (the mails
stay in the outbox, as a GM without ``[smtp]`` has them), and every mail to a
player is read as its reader reads it: the first three lines of its text.
"""

from __future__ import annotations

import email
import email.policy
import json
import random
import re
from datetime import datetime
from email.message import EmailMessage
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.game.racestate import RaceDraw
from adjudicator.dampfross.game.rules import load_profile
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.dampfross.racing.explain import repeated
from adjudicator.dampfross.racing.noroute import why_no_route
from adjudicator.dampfross.racing.problems import EntryNote, NoRoute
from adjudicator.dampfross.racing.race import RaceOutcome
from adjudicator.dampfross.racing.search import best_routes, best_valid
from adjudicator.dampfross.racing.specials import Goal
from adjudicator.dampfross.report.i18n import language
from adjudicator.dampfross.report.playwords import PUBLIC_BELOW
from adjudicator.dampfross.report.racephrases import entry_note, race_explained
from adjudicator.interurban.notation import written
from adjudicator.interurban.play import PLAY
from adjudicator.kernel.problems import Problem
from adjudicator.postal.moves import MovesDir
from tests.helpers import H, invoke, make_map
from tests.mailservers import mail_bytes
from tests.postal_game import setup_game, tick_times
from tools.selfplay import play_game
from tools.selfplay.interurban import random_move

WHEN = re.compile(r"\b\d{1,2}\.? \w{3,4}\.? \d{4} \d\d:\d\d\b")
"""A deadline as the mails write it: ``Fri 21 Nov 2025 18:00 CET``, ``Fr. 21. Nov. 2025 18:00 MEZ``."""

PLAYERS_MAILS = ("opening-", "receipt-", "report-", "reminder-", "move-", "takeover-", "deadline-", "answer-")
"""The names of the mails a player gets about the game (the front door's notices to strangers are not of it)."""


def outbox(game: Path) -> dict[str, str]:
    """Every queued mail of a game by its name, as the text its reader sees."""
    out = {}
    for path in sorted((game / "mail" / "outbox").glob("*.eml")):
        m = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(m, EmailMessage)
        body = m.get_body(preferencelist=("plain",))
        assert body is not None
        out[path.stem] = str(body.get_content())
    return out


def first_lines(text: str) -> str:
    return " ".join(" ".join(text.splitlines()[:3]).split())


@pytest.fixture(scope="module")
def dampfross(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    where = tmp_path_factory.mktemp("df")
    game = setup_game(where)
    asked = datetime.fromisoformat(tick_times()[0]).replace(hour=9)
    (where / "maildir" / "new" / f"{int(asked.timestamp())}.M97P1.x").write_bytes(
        mail_bytes("anna@example.org", "Hello,\n\nHELP\nMAP Berlin\nSTATUS\n\nthanks!\n", "questions"))
    for now in tick_times():
        invoke("tick", str(game), "--now", now)
    return outbox(game)


@pytest.fixture(scope="module")
def interurban(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    tmp = tmp_path_factory.mktemp("iu")
    game = tmp / "g"
    invoke("new", str(game), "--play", "interurban", "--id", "g", "--seed", "short", "--unsafe-test-passwords", "s",
           "--player", "RED:A:a@x.org", "--player", "BLUE:B:b@x.org", "--deadline", "2026-12-04 18:00",
           "--every", "2d")
    for sub in ("cur", "new", "tmp"):
        (tmp / "in" / sub).mkdir(parents=True)
    (game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{tmp / "in"}"\n')
    secrets = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
    rng = random.Random(25)
    start = datetime.fromisoformat("2026-12-01T09:00+00:00")
    invoke("tick", str(game), "--now", start.isoformat())
    for n in range(1, 4):
        state = MovesDir(game).load(PLAY).state
        seat = state.on_move
        lines = written(state, random_move(state, rng), seat)
        assert lines is not None
        body = f"PLAYER {seat} PASSWORD {secrets[seat]}\nMOVE {n}\n" + "".join(f"{line}\n" for line in lines)
        if n == 2:
            body = f"PLAYER {seat} PASSWORD {secrets[seat]}\nMOVE {n}\n6 CURVY 1 LEFT\n" + body  # refused, then played
        now = start.replace(minute=n)
        (tmp / "in" / "new" / f"{int(now.timestamp())}.{n}.mail").write_bytes(
            mail_bytes(f"{seat.lower()[0]}@x.org", body, f"m{n}"))
        invoke("tick", str(game), "--now", now.isoformat())
    asked = start.replace(minute=30)
    (tmp / "in" / "new" / f"{int(asked.timestamp())}.q.mail").write_bytes(mail_bytes("b@x.org", "HELP\nSTATUS\n", "?"))
    invoke("tick", str(game), "--now", asked.replace(minute=35).isoformat())
    invoke("tick", str(game), "--now", "2026-12-03T08:30+00:00")  # the reminder before the deadline
    return outbox(game)


@pytest.mark.parametrize("game", ["dampfross", "interurban"])
def test_every_mail_to_a_player_names_the_deadline_in_its_first_three_lines(game: str,
                                                                           request: pytest.FixtureRequest) -> None:
    mails = request.getfixturevalue(game)
    players = {name: text for name, text in mails.items() if name.startswith(PLAYERS_MAILS)}
    kinds = {name.split("-", 1)[0] for name in players}
    assert {"opening", "receipt", "answer"} <= kinds and kinds & {"report", "move"}, sorted(mails)
    for name, text in players.items():
        assert WHEN.search(first_lines(text)), f"{name}:\n" + "\n".join(text.splitlines()[:5])


def test_status_agrees_with_its_own_lines_and_counts_in_the_singular(tmp_path: Path) -> None:
    """Every company has sent orders that count, one of them with one problem: the last line says so (not "every
    company has sent valid orders"), and the row says "1 problem"."""
    game = setup_game(tmp_path)
    first = tick_times()[0]
    invoke("tick", str(game), "--now", first)
    secret = dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())["GREEN"]
    body = f"GAME postal\nTURN 1\nPLAYER GREEN PASSWORD {secret}\nSTART München\nBUILD München - 1432 - 1434\n"
    when = datetime.fromisoformat(first).replace(minute=10)
    (tmp_path / "maildir" / "new" / f"{int(when.timestamp())}.M99P1.x").write_bytes(
        mail_bytes("carla@example.com", body, "orders"))
    invoke("tick", str(game), "--now", when.replace(minute=20).isoformat())
    text = invoke("status", str(game)).output
    assert re.search(r"GREEN .* counts, but not in full: 1 problem \(see the receipt\)", text), text
    assert "every company has sent valid orders" not in text, text
    assert "every company has sent orders that count; 1 of them not in full (GREEN)" in text, text


def test_a_receipt_prices_the_allowance_in_one_wording(dampfross: dict[str, str]) -> None:
    """A receipt's preview says what is used and what is left, once ("used 1, left 1"), and never "lost" (nothing
    is lost before the turn runs)."""
    priced = [text for name, text in dampfross.items() if name.startswith("receipt-") and "Check of " in text]
    assert priced
    for text in priced:
        (line,) = [line for line in text.splitlines() if "): allowance " in line]
        allowance, used, left = map(int, re.findall(r"allowance (\d+) \(dice [\d+]+\), used (\d+), left (\d+)",
                                                     line)[0])
        assert used + left == allowance, line
        assert " lost " not in text and "Allowance left" not in text, text


# --- ENTER ... BEST: why no valid route (the engine's code, the report's words) ---------------------------------

GMAP = make_map("\n".join(["." * 12] * 6) + "\n", towns=[("Start", "0103", [11]), ("Ziel", "0903", [12])])
START, DEST = H("0103"), H("0903")
ROW3 = tuple(H(f"{c:02d}03") for c in range(1, 10))
ROW2 = (START,) + tuple(H(f"{c:02d}02") for c in range(1, 9)) + (DEST,)


def _line(owner: str, hexes: tuple[Hex, ...]) -> list[Segment]:
    return [Segment(owner, Side(a, b), 1) for a, b in pairwise(hexes)]


@pytest.mark.parametrize(("segments", "rules", "code", "words"), [
    ([], "", NoRoute.NO_OWN_TRACK, "RED has no track of its own yet"),
    (_line("RED", ROW3[1:]), "", NoRoute.START_UNCONNECTED, "no track reaches the start town yet"),
    (_line("RED", ROW3[:-1]), "", NoRoute.DEST_UNCONNECTED, "no track reaches the destination yet"),
    (_line("RED", ROW3[:4]) + _line("BLUE", ROW3[5:]), "", NoRoute.NOT_CONNECTED,
     "no line of track joins the start to the destination yet"),
    (_line("BLUE", ROW3) + _line("RED", ROW2[:2]), "", NoRoute.OWN_TRACK_APART,
     "every route from the start to the destination misses its own track"),
    (_line("BLUE", ROW2[:-1]) + _line("RED", ROW2[-2:]), "fare_cap=5", NoRoute.BREAKS_A_RULE,
     "the best route found is not valid: 8 in fares to BLUE is more than the cap of 5"),
])
def test_enter_best_without_a_valid_route_names_the_reason(segments: list[Segment], rules: str, code: NoRoute,
                                                          words: str) -> None:
    profile = load_profile("schmidt").with_overrides([rules] if rules else [])
    track = TrackIndex(segments)
    options = best_routes(GMAP, track, profile, START, DEST, ["RED"], {"RED": 1, "BLUE": 2})
    assert best_valid(options) is None
    why = why_no_route(track, ("RED",), START, Goal.town(DEST), options)
    assert why.code is code
    note = entry_note(Problem.of(EntryNote.NO_ROUTE, riders=("RED",), race=3, why=why))
    assert note.startswith("RED: ENTER 3 BEST: no valid route over today's track: " + words), note
    with language("de"):
        german = entry_note(Problem.of(EntryNote.NO_ROUTE, riders=("RED",), race=3, why=why))
    assert german.startswith("RED: FAHRE 3 BESTE: ") and words.split(":")[0] not in german, german


# --- every new segment in some window (self-played turns) --------------------------------------------------------

def windows_of(report: str) -> list[tuple[set[int], set[int]]]:
    """Every map window of a report as (columns, rows) read from its labels: the ``odd`` line names the columns,
    each centre line starts and ends with its row; a line of text (the key, the towns) ends it."""
    out: list[tuple[set[int], set[int]]] = []
    inside = False
    for line in report.splitlines():
        if line.startswith("odd ") and all(t.isdigit() for t in line.split()[1:]):
            out.append(({int(t) for t in line.split()[1:]}, set()))
            inside = True
        elif inside and (m := re.match(r"^(\d\d) .* (\d\d)$", line)) and m.group(1) == m.group(2):
            out[-1][1].add(int(m.group(1)))
        elif inside and line.strip() and not line.startswith((" ", "even ")):
            inside = False  # a between line may be empty (nothing between two rows): only text ends a window
    return out


def unseen_segments(report: str, segments: list[tuple[Hex, Hex]]) -> list[str]:
    """The segments of which no window of ``report`` shows both hexes."""
    windows = windows_of(report)
    return [f"{a.label}-{b.label}" for a, b in segments
            if not any(all(h.col in cols and h.row in rows for h in (a, b)) for cols, rows in windows)]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), map_name=st.sampled_from(["germany", "france", "usa-east", "usa-west"]),
       players=st.integers(2, 5))
def test_every_new_segment_stands_in_some_window_of_every_report(tmp_path_factory: pytest.TempPathFactory,
                                                                  seed: int, map_name: str, players: int) -> None:
    """Issue 25: a six-row build was cut into two windows and 1810-1811 fell between them; a private window
    stopped one row short of a join.  In every turn of self-played games, each segment built that turn has both
    its hexes inside one window of the public report, and of each company's report (its own window, then the
    windows of the new track it did not show)."""
    game = tmp_path_factory.mktemp("windows") / "g"
    record = play_game(game, map_name, players=players, seed=f"windows-{seed}", check=False,
                       sets=("building_rounds=4", "races_per_turn=2", "fixed_races=4"), illegal=0.1)
    assert record.turns >= 4
    folder, play = MovesDir(game), DampfrossPlay()
    turns = 0
    for step, done in folder.moves():
        if done.get("kind") != "move":
            continue
        turn, turns = int(done["move"]), turns + 1
        after = play.load(json.loads((step / "game-after.json").read_text(encoding="utf-8"))["state"])
        new = [(s.a, s.b) for s in after.track if s.turn == turn]
        mails = folder.mails_of(step)
        assert sorted(mails) == sorted(p.id for p in after.players)
        # each company's mail: its own report, then the public one (PUBLIC_BELOW), whose windows are not its own
        reports = {folder.report_path(turn).name: folder.report_path(turn).read_text(encoding="utf-8"),
                   **{f"{step.name}/mail-{sid}.txt": text.split(PUBLIC_BELOW, 1)[0] for sid, text in mails.items()}}
        for name, text in reports.items():
            missing = unseen_segments(text, new)
            assert not missing, f"{map_name} seed {seed}, {name}: {missing} in no window"
    assert turns == record.turns


@pytest.mark.parametrize(("command", "col", "row"), [("MAP Berlin", 19, 13), ("KARTE 1813", 18, 13),
                                                     ("MAP Hamburg", 11, 8)])
def test_map_of_a_place_answers_a_window_around_it(tmp_path: Path, command: str, col: int, row: int) -> None:
    """docs/postal.md: ``MAP 1408`` or ``MAP <town>``: a window around it (it was a strip of three hexes in one
    row): two rows above and below, four columns each side."""
    from tests.test_mail_commands import decoded, tick
    from tests.test_mail_robot import deliver, plain

    game = setup_game(tmp_path)
    deliver(tmp_path, plain(f"{command}\n", subject="map"))
    tick(game)
    (answer,) = [decoded(eml) for name, eml in outbox_raw(game).items() if name.startswith("answer-")]
    ((cols, rows),) = windows_of(answer)
    assert set(range(row - 2, row + 3)) <= rows and set(range(col - 4, col + 5)) <= cols, answer


def outbox_raw(game: Path) -> dict[str, str]:
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted((game / "mail" / "outbox").glob("*.eml"))}


# --- a lapsed or repeated race explained; new and fix rule warn --------------------------------------------------

def _draw(number: int, start: Hex, dest: Hex, start_town: str = "Start", dest_town: str = "Ziel") -> RaceDraw:
    return RaceDraw(number, start_town, 11, dest_town, 12, 8, (), (), start, dest)


def _lapsed(draw: RaceDraw) -> RaceOutcome:
    return RaceOutcome(draw, "lapsed", (), (), (), (), (), (), ())


@pytest.mark.parametrize(("segments", "redraw", "says"), [
    (_line("RED", ROW3[1:]), True, "no track reaches Start yet"),
    (_line("RED", ROW3[:-1]), False, ("no track reaches Ziel yet; these "
                                     "house rules draw towns that no track reaches (redraw_unconnected is off")),
    (_line("RED", ROW3[:4]) + _line("BLUE", ROW3[4:]), True,
     "no company's track reaches both ends yet"),
])
def test_a_race_nobody_could_enter_says_why(segments: list[Segment], redraw: bool, says: str) -> None:
    rules = load_profile("schmidt").with_overrides([f"redraw_unconnected={str(redraw).lower()}"])
    draw = _draw(3, START, DEST)
    (said,) = race_explained(_lapsed(draw), TrackIndex(segments), GMAP, rules, {})
    assert said.startswith(says), said
    assert race_explained(_lapsed(draw), TrackIndex(_line("RED", ROW3)), GMAP, rules, {}) == []  # RED could have


def test_a_trip_drawn_twice_in_a_turn_says_so_and_names_the_house_rule() -> None:
    draws = [_draw(5, START, DEST, "Hamburg", "Berlin"), _draw(6, DEST, START, "Berlin", "Hamburg"),
             _draw(7, START, DEST, "Hamburg", "Berlin")]
    repeats = repeated(draws)
    assert list(repeats) == [7]
    rules = load_profile("schmidt")
    track = TrackIndex(_line("RED", ROW3))
    (said,) = race_explained(_lapsed(draws[2]), track, GMAP, rules, repeats)
    assert said == ("the same trip as race 5: the dice drew it again; these house rules let a number be drawn "
                    "again (with numbers_once=true each number is used once)")
    assert race_explained(_lapsed(draws[0]), track, GMAP, rules, repeats) == []
    with language("de"):
        german = race_explained(_lapsed(draws[2]), track, GMAP, rules, repeats)[0]
    assert german.startswith("dieselbe Fahrt wie Fahrt 5"), german


def test_new_and_fix_rule_warn_when_races_may_be_drawn_between_towns_no_track_reaches(tmp_path: Path) -> None:
    base = ["new", "--map", "germany", "--player", "RED", "--player", "BLUE", "--seed", "w"]
    quiet = invoke(*base[:1], str(tmp_path / "a"), *base[1:])
    assert "warning" not in quiet.output
    loud = invoke(*base[:1], str(tmp_path / "b"), *base[1:], "--set", "redraw_unconnected=false")
    assert "warning: races may be drawn to and from towns that no track reaches" in loud.output
    assert "redraw_unconnected=true draws such a town again" in loud.output
    fixed = invoke("fix", "rule", str(tmp_path / "a"), "redraw_unconnected=false", "--why", "house rule")
    assert fixed.output.splitlines()[0].startswith("correction 1 recorded")
    assert "warning: races may be drawn" in fixed.output


def test_a_rule_below_zero_is_refused_by_new_and_fix_rule_and_nothing_is_written(tmp_path: Path) -> None:
    """A count, a number of points or a fee of the rules is never below 0: ``new --set fixed_races=-5`` and ``fix
    rule DIR fixed_races=-5`` are refused in one line naming the key (they had been taken, a game of -5 races);
    the game is as it was."""
    base = ["--map", "germany", "--player", "RED", "--player", "BLUE", "--seed", "w"]
    refused = invoke("new", str(tmp_path / "neg"), *base, "--set", "fixed_races=-5", ok=False)
    assert refused.exit_code == 1 and "fixed_races must be 0 or more, not -5" in refused.output
    assert not (tmp_path / "neg").exists()
    invoke("new", str(tmp_path / "a"), *base)
    before = (tmp_path / "a" / "game.json").read_bytes()
    fixed = invoke("fix", "rule", str(tmp_path / "a"), "fixed_races=-5", "--why", "typo", ok=False)
    assert fixed.exit_code == 1 and "fixed_races must be 0 or more, not -5" in fixed.output, fixed.output
    assert (tmp_path / "a" / "game.json").read_bytes() == before
