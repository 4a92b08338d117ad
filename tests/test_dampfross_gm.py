"""The GM's section of a Dampfross turn on the one session (``dampfross/play.py``: ``read_gm``, ``wanting``,
``resolve_gm``; ``kernel/gmorders.py: GmOrders``; issue 34).

The proof is the manual-dice game of ``tests/test_racing_cli.py`` (the tiny map, one building round, a race): each
turn's order files, cut by the platform's envelope as ``adjudicate run`` cuts a file the GM gives it
(``kernel/envelope.py``, ``pasted``), read by the play and resolved with the GM's section give the state that
``adjudicate run`` (the Dampfross stack of today) writes for the same files; on the way ``wanting`` names what the
turn still lacks from the GM, as codes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.dampfross.app.maps import read_map
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders import ProblemCode
from adjudicator.dampfross.orders.translate import GMNoteCode
from adjudicator.dampfross.play import CompanyOrders, DampfrossPlay, GMOrders, hmac_draw
from adjudicator.kernel.envelope import read_envelope
from adjudicator.kernel.gmorders import GM_SEAT, GmOrders
from adjudicator.kernel.problems import NoOrders, Problem
from tests.helpers import invoke

TINY = Path(__file__).parent / "data" / "tiny.yaml"
PLAY = DampfrossPlay(maps=lambda state: read_map(str(TINY)))
RACE = "ENTER 1 ROUTE Nordstadt - 0403 - 0404 - 0405 - 0306 - Südheim"


def read_file(state: GameState, text: str) -> tuple[dict[str, CompanyOrders], GMOrders | None]:
    """A file's sections as the session reads them: each company's by ``read``, the GM's by ``read_gm``."""
    orders: dict[str, CompanyOrders] = {}
    gm: GMOrders | None = None
    for section in read_envelope(text, PLAY.order_line, pasted=True).sections:
        if section.seat == GM_SEAT:
            gm, problems = PLAY.read_gm(state, section.body)
            assert gm is not None, problems
            continue
        made, problems = PLAY.read(state, section.seat, section.body)
        assert made is not None, problems
        orders[section.seat] = made
    return orders, gm


def game_state(folder: Path) -> tuple[GameState, dict[str, object]]:
    """The state of the session's game file, and its document as written."""
    doc = json.loads((folder / "game.json").read_text(encoding="utf-8"))["state"]
    return PLAY.load(doc), doc


def holds(doc: dict[str, object], state: GameState) -> bool:
    """The session's document of the state is the one written."""
    return PLAY.dump(state) == doc


@pytest.fixture
def manual(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, dict[str, str]]:
    monkeypatch.chdir(tmp_path)
    invoke("new", "g", "--map", str(TINY), "--player", "RED", "--player", "BLUE", "--dice", "manual",
           "--set", "building_rounds=1", "--set", "min_race_distance=2")
    pw = dict(line.split() for line in (tmp_path / "g" / "passwords.txt").read_text().splitlines())
    return tmp_path, pw


def orders_text(pw: dict[str, str], turn: int, red: str, blue: str) -> str:
    return f"GAME g\nTURN {turn}\nPLAYER RED PASSWORD {pw['RED']}\n{red}\nPLAYER BLUE PASSWORD {pw['BLUE']}\n{blue}\n"


def test_the_play_reads_the_gms_section() -> None:
    assert isinstance(PLAY, GmOrders)


def test_a_manual_dice_game_through_the_play_as_through_run(manual: tuple[Path, dict[str, str]]) -> None:
    """Turn 1 (building): the rolls wanted for the companies that sent orders, then given in the GM's own file
    (``GM`` alone, ``run --gm``); turn 2 (racing): the race wanted, then the MOVES rolls, then nothing; each turn
    resolved by the play is the state ``adjudicate run`` wrote, its dice ``manual:``."""
    where, pw = manual
    state, _doc = game_state(where / "g")
    t1 = orders_text(pw, 1, "START Nordstadt\nBUILD Nordstadt - 0403 - 0404 - 0405 - 0306 - Südheim",
                     "START Nordstadt\nBUILD Nordstadt - 0403")
    (where / "t1.orders").write_text(t1)
    (where / "gm1.orders").write_text("GM\nROLL RED 6\nROLL BLUE 1\n")
    orders, none = read_file(state, t1)
    assert none is None and set(orders) == {"RED", "BLUE"}
    assert PLAY.wanting(state, orders, None) == (("roll", "RED"), ("roll", "BLUE"))
    assert PLAY.wanting(state, {"RED": orders["RED"]}, None) == (("roll", "RED"),)
    _, gm = read_file(state, "GM\nROLL RED 6\nROLL BLUE 1\n")
    assert gm is not None and gm.echo == ("ROLL RED 6", "ROLL BLUE 1")
    assert PLAY.wanting(state, orders, gm) == ()
    after, turn = PLAY.resolve_gm(state, orders, gm, hmac_draw("unused"))
    invoke("t1.orders", "--gm", "gm1.orders")
    ran, doc = game_state(where / "g")
    assert holds(doc, after), "turn 1"
    assert after.phase == "racing" and turn.result.after == after

    state = ran
    t2 = orders_text(pw, 2, RACE, RACE)
    orders, none = read_file(state, t2)
    assert none is None and PLAY.wanting(state, orders, None) == (("race", 1),)
    race = f"GM PASSWORD {pw['GM']}\nRENNEN 1 VON Nordstadt NACH Südheim\n"
    _, gm = read_file(state, t2 + race)
    assert PLAY.wanting(state, orders, gm) == (("moves", 2),)
    _, short = read_file(state, t2 + race + "MOVES 1 RED 3 2\n")
    assert PLAY.wanting(state, orders, short) == (("moves", 2),)
    full = t2 + race + "MOVES 1 RED 3 2\nWUERFE 1 BLUE 6\n"
    _, gm = read_file(state, full)
    assert PLAY.wanting(state, orders, gm) == ()
    after, turn = PLAY.resolve_gm(state, orders, gm, hmac_draw("unused"))
    (where / "t2.orders").write_text(full)
    invoke("t2.orders")
    _ran, doc = game_state(where / "g")
    assert holds(doc, after), "turn 2"
    new_dice = after.dice_log[len(state.dice_log):]
    assert new_dice and all(d.label.startswith("manual:g|turn=2|") for d in new_dice)


def test_a_gm_section_with_a_line_that_does_not_read_is_refused_whole(manual: tuple[Path, dict[str, str]]) -> None:
    """The GM's lines are the turn's dice: one that cannot be read (or a company's order in his section, or dice for
    a company not in the game) refuses the section with its problems, never a roll left out in silence; a section
    without a GM order is none."""
    where, _pw = manual
    state, _doc = game_state(where / "g")
    made, problems = PLAY.read_gm(state, [(1, "ROLL RED 6"), (2, "ROLL BLUE")])
    assert made is None and problems and all(getattr(p, "section", None) == "GM" for p in problems)
    made, problems = PLAY.read_gm(state, [(1, "ROLL RED 6"), (2, "PASS")])
    assert made is None and [p.code for p in problems] == [ProblemCode.PLAYER_ORDER_IN_GM_SECTION]
    assert PLAY.read_gm(state, []) == (None, (Problem.of(NoOrders.NONE_RECEIVED),))
    made, problems = PLAY.read_gm(state, [(1, "ROLL RED 6"), (2, "ROLL NOBODY 3"), (3, "MOVES 1 NOB 2")])
    assert made is None and [(p.code, p.get("player")) for p in problems] == [
        (GMNoteCode.UNKNOWN_COMPANY, "NOBODY"), (GMNoteCode.UNKNOWN_COMPANY, "NOB")]


def test_an_hmac_game_wants_nothing_of_the_gm(tmp_path: Path) -> None:
    """A game of the committed seed rolls its own dice: nothing is wanted from the GM (his dice there are ignored,
    with a note, as ``orders/translate.py`` says), and his HOLD PRESS reads."""
    import shutil

    from adjudicator.dampfross.app.oldformat import OldGame
    from adjudicator.dampfross.play import PLAY as SHIPPED
    from tests.test_dampfross_play import GOLDEN, state_before

    shutil.copytree(GOLDEN, tmp_path / "demo")
    state = state_before(OldGame(tmp_path / "demo"), 1)
    assert state.dice_mode == "hmac" and SHIPPED.wanting(state, {}, None) == ()
    gm, problems = SHIPPED.read_gm(state, [(1, f"HOLD PRESS {state.player_ids[0]}")])
    assert gm is not None and problems == () and SHIPPED.wanting(state, {}, gm) == ()


def test_a_manual_dice_turn_by_mail_waits_for_the_gms_rolls(tmp_path: Path) -> None:
    """On the one session (``postal/turns.py: MovesGame(DampfrossPlay())``): both companies' orders are in, but the
    turn wants the GM's rolls (``wanting``), so it waits, at its deadline too, and the GM is asked once
    (``gm-wanting-001``); his mail ``GM PASSWORD ...`` with the rolls (the envelope's GM line) resolves it, as the
    play resolves it with the same lines, its dice ``manual:``."""
    from adjudicator.dampfross.board.mapfile import parse_map, shipped_map_text
    from adjudicator.dampfross.engine.newgame import new_game
    from adjudicator.dampfross.game.rules import load_profile
    from adjudicator.dampfross.play import PLAY as SHIPPED
    from adjudicator.kernel.contacts import PlayerSpec
    from adjudicator.kernel.deadline import Schedule
    from adjudicator.kernel.i18n import language
    from adjudicator.kernel.passwords import hash_password
    from adjudicator.kernel.table import Seat, Table
    from adjudicator.postal import robot, turns
    from adjudicator.postal.files import sha256
    from adjudicator.postal.loop import Tick
    from adjudicator.postal.moves import MovesDir
    from tests import clock
    from tests.mailservers import mail_bytes, smtp_server

    text = shipped_map_text("germany")
    specs = [PlayerSpec.parse("RED:Anna:anna@example.org"), PlayerSpec.parse("BLUE:Bernd:bernd@example.net")]
    state, secrets = new_game("g", parse_map(text, "germany"), "map.yaml", sha256(text), load_profile("schmidt", []),
                              specs, None, test_passwords="manual")
    assert state.dice_mode == "manual"
    seats = tuple(Seat(p.id, p.name, p.email, p.password_hash, "en") for p in state.players)
    table = Table("dampfross", "g", seats, "en", schedule=Schedule(due="2026-12-04T18:00:00+00:00", every="7d",
                                                                   early=True),
                  gm_password_hash=hash_password(secrets["GM"], iterations=1000))
    with language("en"):
        opening = SHIPPED.words.opening(table, state, None, None)
    where, maildir = tmp_path / "g", tmp_path / "maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    MovesDir(where).create(SHIPPED, table, state, "", {s: secrets[s] for s in ("RED", "BLUE")}, opening)
    count = 0

    def mail(sender: str, body: str, when: str) -> None:
        nonlocal count
        count += 1
        clock.maildir_mail(maildir, mail_bytes(sender, "GAME g\n" + body, f"orders {count}", when), when,
                           f"M{count:04d}P1.mx")

    def tick(when: str) -> list[str]:
        t = Tick(str(where))
        robot.tick_game(str(where), clock.instant(when), t, turns.MovesGame(DampfrossPlay()))
        return [str(n) for n in t.notes]

    def now() -> tuple[Table, GameState]:
        doc = json.loads((where / "game.json").read_text(encoding="utf-8"))
        return Table.from_json(doc["table"], ""), SHIPPED.load(doc["state"])

    with smtp_server() as smtp:
        (where / "mail.toml").write_text(f'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\npath = '
                                         f'"{maildir}"\n\n{smtp.toml()}', encoding="utf-8")
        (where / "mail.toml").chmod(0o600)
        tick("2026-12-01T08:00+00:00")
        mail("anna@example.org", f"PLAYER RED PASSWORD {secrets['RED']}\nSTART Hamburg\n", "2026-12-01T09:00+00:00")
        mail("bernd@example.net", f"PLAYER BLUE PASSWORD {secrets['BLUE']}\nSTART Berlin\n", "2026-12-01T09:30+00:00")
        tick("2026-12-01T10:00+00:00")
        _table, waiting = now()
        assert waiting.turn == 1  # both in, early, but the rolls are wanted
        notes = tick("2026-12-04T18:05+00:00")
        _table, waiting = now()
        assert waiting.turn == 1 and any("gm-wanting" in n and "roll RED" in n for n in notes), notes
        gm = f"GM PASSWORD {secrets['GM']}\nROLL RED 6\nROLL BLUE 1\n"
        mail("gm@example.org", gm, "2026-12-04T19:00+00:00")
        tick("2026-12-04T19:05+00:00")
        _table, after = now()
    assert after.turn == 2
    orders = {}
    for seat, body in (("RED", "START Hamburg"), ("BLUE", "START Berlin")):
        made, _problems = SHIPPED.read(state, seat, [(1, body)])
        assert made is not None
        orders[seat] = made
    given, _ = SHIPPED.read_gm(state, [(1, "ROLL RED 6"), (2, "ROLL BLUE 1")])
    expected, _turn = SHIPPED.resolve_gm(state, orders, given, SHIPPED.draw(""))
    assert after.dice_log == expected.dice_log and all(d.label.startswith("manual:") for d in after.dice_log)
    assert after.players == expected.players


def test_a_gm_file_without_a_gm_line_is_named_in_the_refusal(manual: tuple[Path, dict[str, str]]) -> None:
    """The GM names his file with --gm but writes its ROLL lines without a line GM above them: the run is refused,
    and its line says that file holds no GM section and what to write (it had said only that the turn waits for
    "a file given with --gm", which the GM had given); nothing is written."""
    where, pw = manual
    (where / "t1.orders").write_text(orders_text(pw, 1, "START Nordstadt", "START Nordstadt"))
    (where / "gm1.orders").write_text("ROLL RED 6\nROLL BLUE 1\n")
    before = (where / "g" / "game.json").read_bytes()
    result = invoke("t1.orders", "--gm", "gm1.orders", ok=False)
    assert result.exit_code == 1 and "gm1.orders (--gm) holds no GM section: a line GM goes above the GM's lines" \
        in result.output, result.output
    assert (where / "g" / "game.json").read_bytes() == before
