"""Reports in German and English (issue 9 §4): the catalogues, the German example game, the languages chosen.

The German example is the example game of ``examples/demo.sh`` with
``--lang de``: every report of it is a golden file in ``tests/golden/example-de``,
laid out as the game's folder (the one session's, ``postal/moves.py: MovesDir``)
holds them: the opening and the public report of each of its five building and
two racing turns in ``reports/move-NNN.txt``, each company's report mail of a
turn (its private report, then the public one) in ``archive/step-NNN/mail-ID.txt``
of the step that resolved the turn.  Regenerate after a deliberate change with
``UPDATE_GOLDEN=1 pytest tests/test_i18n.py`` and read the diff.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.report.check import nothing_to_price
from adjudicator.dampfross.report.env import too_wide
from adjudicator.dampfross.report.i18n import _, catalogue, language
from tests.example_game import SCRIPT, play
from tests.helpers import dampfross_state, invoke
from tools import i18n

GOLDEN = Path(__file__).parent / "golden" / "example-de"
ENGLISH = Path(__file__).parent / "golden" / "example"
OLD_ENGLISH = Path(__file__).parent / "fixtures" / "old-format" / "example"


def reports(game: Path) -> dict[str, bytes]:
    """The reports of a game's folder by path: ``reports/move-NNN.txt`` and every ``archive/step-NNN/mail-ID.txt``."""
    paths = [*(game / "reports").glob("move-*.txt"), *(game / "archive").glob("step-*/mail-*.txt")]
    return {p.relative_to(game).as_posix(): p.read_bytes() for p in sorted(paths)}


def golden_texts() -> list[tuple[str, str]]:
    """The German golden reports (path, text)."""
    return [(name, data.decode("utf-8")) for name, data in reports(GOLDEN).items()]


def written_in_the_example() -> set[str]:
    """What the example's players wrote on their order lines (quoted back in problems; comments never are)."""
    return {line.split("#")[0] for p in SCRIPT.parent.glob("germany/turn*.orders")
            for line in p.read_text(encoding="utf-8").splitlines()}


@pytest.fixture(scope="module")
def german(tmp_path_factory) -> Path:
    return play(tmp_path_factory.mktemp("example-de"), "--lang", "de")


def test_catalogues_are_up_to_date_and_complete():
    """Every sentence of the code is in each ``.po``, translated, and the ``.mo`` is compiled from it."""
    assert i18n.stale() == [], "run python -m tools.i18n and translate what is new"
    for lang in i18n.LANGUAGES:
        if lang == i18n.SOURCE:
            continue
        untranslated = [m.id for m in i18n.read(lang) if m.id and not all(m.string if m.pluralizable else [m.string])]
        assert untranslated == [], f"{lang}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"


def test_german_example_matches_golden_files(german: Path):
    got = reports(german)
    if os.environ.get("UPDATE_GOLDEN"):
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for name, data in got.items():
            (GOLDEN / name).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / name).write_bytes(data)
    want = reports(GOLDEN)
    assert sorted(got) == sorted(want) == sorted(reports(ENGLISH))  # the English example's reports, in German
    assert len([name for name in want if "/mail-" in name]) == 7 * 4  # each company's mail of each turn
    for name in want:
        assert got[name] == want[name], f"{name} differs from tests/golden/example-de/{name}"


def test_german_game_plays_the_same_game(german: Path):
    """The language changes the words, never the game: balances, track and ledger are the English game's."""
    de = dampfross_state(german)
    en = gamefile.loads((OLD_ENGLISH / "game.json").read_text(encoding="utf-8"))  # the English example's last state
    assert de.lang == "de" and en.lang == "en"
    assert de.ledger == en.ledger and de.track == en.track
    assert [(p.id, p.balance) for p in de.players] == [(p.id, p.balance) for p in en.players]


def test_no_english_word_remains_in_the_german_reports():
    """Names aside (towns, companies, players) and what the players wrote themselves (quoted back)."""
    assert {"pays", "allowance", "the", "race", "fee"} <= i18n.english_only_words()  # the check can fail
    found = {name: left for name, text in golden_texts()
             if (left := i18n.english_left(text, written_in_the_example()))}
    assert found == {}


def test_german_reports_fit_a_mail():
    for name, text in golden_texts():
        for n, line in enumerate(text.splitlines(), 1):
            assert not too_wide(line), f"{name}:{n} has {len(line.encode())} bytes"


def test_german_uses_the_games_words():
    text = "\n".join(text for _, text in golden_texts())
    for word in ("Bauphase", "Betriebsphase", "Würfelpunkte", "Einheiten", "Anschlussgebühr", "Prämie", "Fahrt",
                 "Fahrkosten"):
        assert word in text, word


def test_the_active_language_translates_and_english_is_the_default():
    with language("de"):
        assert nothing_to_price() == "keine Befehle zu bewerten" and _("Round") == "Runde"
        assert catalogue("de").pgettext("order keyword", "BUILD") == "BAUE"
    assert nothing_to_price() == "no orders to price" and _("Round") == "Round"


def test_a_company_reads_its_own_language(tmp_path: Path):
    """``new --player-lang`` and ``player lang``: the private report in the company's language, the public one
    in the game's."""
    game = tmp_path / "g"
    invoke("new", str(game), "--map", "germany", "--seed", "lang", "--unsafe-test-passwords", "lang",
           "--lang", "de", "--player-lang", "BLUE=en", "--player", "RED:Rotbahn", "--player", "BLUE:Blaubahn")
    state = dampfross_state(game)
    assert state.language_of("RED") == "de" and state.language_of("BLUE") == "en"
    invoke("player", "lang", str(game), "RED", "en")
    invoke("player", "lang", str(game), "BLUE", "game")
    state = dampfross_state(game)
    assert state.language_of("RED") == "en" and state.language_of("BLUE") == "de"


def test_an_unknown_language_is_refused_with_the_choices(tmp_path: Path):
    result = invoke("new", str(tmp_path / "g"), "--map", "germany", "--lang", "fr", "--player", "RED:R",
                    "--player", "BLUE:B", ok=False)
    assert result.exit_code != 0
    assert "no language 'fr'" in result.output and "en, de" in result.output
    assert not (tmp_path / "g").exists()


def test_a_postal_company_reading_german_gets_its_mails_in_german(tmp_path: Path):
    """The postal example with RED reading German (``player lang``): RED's opening, receipts and report mail
    are German through and through, the public report in them too (made again in German); BLUE's are English;
    the archived public report stays in the game's language."""
    from email import message_from_binary_file, policy

    from tests.postal_game import setup_game, tick_times

    game = setup_game(tmp_path)
    invoke("player", "lang", str(game), "RED", "de")
    for now in tick_times()[:3]:
        invoke("tick", str(game), "--now", now)
    outbox = game / "mail" / "outbox"

    def mail(name: str) -> tuple[str, str]:
        with (outbox / f"{name}.eml").open("rb") as f:
            m = message_from_binary_file(f, policy=policy.default)
        return str(m["Subject"]), str(m.get_body(preferencelist=("plain",)).get_content())  # type: ignore[union-attr]

    names = {"postal", "red", "blue", "gm"}  # the game's id, companies, who made a correction (--by GM)
    # mail 1 is RED's orders (anna), mail 2 BLUE's (bernd): the receipt answers the mail
    for name in ("opening-RED", "receipt-mail-00001", "move-001-RED"):
        subject, body = mail(name)
        assert i18n.english_left(subject + "\n" + body, names) == [], name
    assert "Bauphase" in mail("move-001-RED")[1] and "Eröffnungsbericht" in mail("opening-RED")[1]
    assert "RED" in mail("receipt-mail-00001")[0] and "BLUE" in mail("receipt-mail-00002")[0]
    for name in ("opening-BLUE", "receipt-mail-00002", "move-001-BLUE"):
        assert "Opening report" in mail(name)[1] or "Your orders" in mail(name)[1] or "building phase" in mail(name)[1]
    public = (game / "reports" / "move-001.txt").read_text(encoding="utf-8")
    assert "building phase" in public and "Bauphase" not in public  # the game's language is English


def test_a_note_check_shows_a_german_player_is_in_german_words_and_keywords(tmp_path: Path, monkeypatch):
    """``check`` shows the GM's notes on a mail to the player: a German player reads the phase and the order in
    German (the phase used to be the raw word 'building', the order in English keywords)."""
    monkeypatch.chdir(tmp_path)
    tiny = str(Path(__file__).parent / "data" / "tiny.yaml")
    invoke("new", "g", "--map", tiny, "--lang", "de", "--player", "RED:Rot", "--player", "BLUE:Blau", "--seed", "n")
    pw = dict(line.split() for line in (tmp_path / "g" / "passwords.txt").read_text().splitlines())
    (tmp_path / "t1.orders").write_text(f"GAME g\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Nordstadt\n"
                                        "POWERS 1 WITH BLUE\n", encoding="utf-8")
    out = invoke("check", "t1.orders", "--game", "g", ok=False).output
    assert "'FAHRRECHTE 1 MIT BLUE' wird in der Bauphase ignoriert" in out, out


def test_the_site_of_a_german_game_shows_its_races(german: Path, tmp_path: Path):
    """The turn page takes the races from the report by their heading, which a German report writes 'Fahrten'
    (the page used to look for 'Races' and showed none)."""
    invoke("site", str(german), str(tmp_path / "site"))
    page = (tmp_path / "site" / "turn-006.html").read_text(encoding="utf-8")
    rounds = page.split('<pre class="race-rounds">', 1)
    assert len(rounds) == 2 and "Runde" in rounds[1].split("</pre>", 1)[0]


def test_a_tick_does_not_make_a_sent_report_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Review: every tick replayed the last turn to make the German public report again, only to find the mail
    queued already; a mail's sources (the archived reports and the language) are now compared first."""
    from adjudicator.postal import movemails
    from tests.postal_game import setup_game, tick_times

    game = setup_game(tmp_path)
    invoke("player", "lang", str(game), "RED", "de")
    times = tick_times()[:3]
    for now in times:
        invoke("tick", str(game), "--now", now)
    outbox = game / "mail" / "outbox"
    assert (outbox / "move-001-RED.eml").is_file()
    before = {p.name: p.read_bytes() for p in outbox.iterdir()}

    def no_replay(*args: object) -> None:
        raise AssertionError("the turn's mail was made again though it is queued already")

    monkeypatch.setattr(movemails, "_told", no_replay)
    assert invoke("tick", str(game), "--now", times[-1]).output == ""
    assert {p.name: p.read_bytes() for p in outbox.iterdir()} == before


def test_a_date_kept_by_its_instant_is_written_in_its_own_zone_and_language():
    """``kernel/i18n.py: date_text`` keeps the last dates it wrote: two aware times of one instant in two zones are
    equal in Python, and each is still written in its own zone; the same time in two languages in each."""
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    from adjudicator.kernel.i18n import date_text, language

    berlin = datetime(2026, 12, 4, 18, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    utc = berlin.astimezone(UTC)
    assert berlin == utc
    assert date_text(berlin, "EEE d MMM y HH:mm") == "Fri 4 Dec 2026 18:00"
    assert date_text(utc, "EEE d MMM y HH:mm") == "Fri 4 Dec 2026 17:00"
    with language("de"):
        assert date_text(berlin, "EEE d MMM y HH:mm") == "Fr. 4 Dez. 2026 18:00"
    assert date_text(berlin, "EEE d MMM y HH:mm") == "Fri 4 Dec 2026 18:00"


@pytest.mark.parametrize(("lang", "player", "roll", "gm"), [("de", "SPIELER", "WURF", "SPIELLEITER"),
                                                             ("nl", "SPELER", "WORP", None), ("en", "PLAYER", "ROLL", "GM")])
def test_an_order_in_the_wrong_place_is_named_by_the_readers_keyword(lang: str, player: str, roll: str,
                                                                     gm: str | None):
    """A GM's order in a player's section (``WURF BLUE 6`` in a German mail) is named in the reader's keyword, in the
    problem and its hint: 'WURF gehört in den Block des Spielleiters', not 'ROLL ...' (the parser names the order
    by its English echo; the words layer says it in the reader's language)."""
    from adjudicator.dampfross.orders.parse import parse_orders
    from adjudicator.dampfross.report.orderwords import format_problem

    (problem,) = parse_orders(f"GAME g\nTURN 1\n{player} BLUE PASSWORD x\n{roll} BLUE 6\n", "m").problems
    with language(lang):
        said = format_problem(problem)
    head, _line, _caret, hint = said.split("\n")
    assert head.split(": ", 2)[2].startswith(f"{roll} ") and f"{roll}" in hint, said
    assert lang == "en" or "ROLL" not in said.replace(f"{roll} BLUE 6", ""), said
    assert gm is None or gm in hint


@pytest.mark.parametrize(("lang", "cheapest", "conditional"), [
    ("de", "BAUE BILLIGSTE VON Hamburg (1108) NACH Lübeck (1307) HÖCHSTENS 9",
     "WENN NICHT 1209 BESETZT DANN BAUE 1108 - 1109 SONST FAHRE 2 MIT BLUE BESTE ENDE"),
    ("nl", "BOUW GOEDKOOPSTE VAN Hamburg (1108) NAAR Lübeck (1307) HOOGSTENS 9",
     "ALS NIET 1209 BEZET DAN BOUW 1108 - 1109 ANDERS RIJD 2 MET BLUE BESTE EINDE"),
    ("cs", "STAVBA NEJLEVNĚJŠÍ Z Hamburg (1108) DO Lübeck (1307) NEJVÝŠE 9",
     "POKUD NE 1209 OBSAZENO PAK STAVBA 1108 - 1109 JINAK JEĎ 2 S BLUE NEJLEPŠÍ KONEC"),
])
def test_orders_that_think_are_echoed_in_the_readers_keywords(lang: str, cheapest: str, conditional: str):
    """Every keyword of an order as understood is the reader's, not only those before its first point: BUILD
    CHEAPEST ... TO ... MAX and IF ... THEN ... ELSE ... END had been echoed 'BOUW CHEAPEST VAN ... TO ... MAX 9',
    'IF 1209 TAKEN THEN BOUW ... ELSE BUILD ...'.  A company's id stays as it is (after WITH, ROLL, HOLD PRESS,
    MOVES n, STANDBY), even one spelt as a keyword."""
    from adjudicator.dampfross.report.orderwords import order_text

    with language(lang):
        assert order_text("BUILD CHEAPEST FROM Hamburg (1108) TO Lübeck (1307) MAX 9") == cheapest
        assert order_text("IF NOT 1209 TAKEN THEN BUILD 1108 - 1109 ELSE ENTER 2 WITH BLUE BEST END") == conditional
        assert order_text("ENTER 1 WITH BEST BEST").split()[2:4] == [order_text("WITH"), "BEST"]
        assert order_text("HOLD PRESS ALL").endswith(" ALL") and order_text("MOVES 1 TO 3 4").split()[2] == "TO"
        assert order_text("IF STANDBY TO THEN PASS END").split()[2] == "TO"


@pytest.mark.parametrize("lang", ["en", "de", "nl", "cs"])
def test_the_status_table_lines_up_in_every_language(tmp_path: Path, lang: str):
    """STATUS by mail: the balances stand right under the head of their column, whose words are the reader's (the
    German head 'Gesellsch. Kontostand' had been three columns wider than its rows; 'orders for this turn' stood in
    an f-string the catalogues never saw, so it was never translated)."""
    from tests.conftest import ANNA, make_trial

    trial = make_trial(tmp_path, "dampfross", red_lang=lang)
    trial.deliver(ANNA, "STATUS\n", "2026-12-01T09:00+00:00", "status")
    trial.tick("2026-12-01T09:05+00:00")
    ((_name, mail),) = trial.mails(ANNA, "answer-")
    text = str(mail.get_body(preferencelist=("plain",)).get_content())  # type: ignore[union-attr]
    lines = text.split("\n")
    import re

    head = next(i for i, line in enumerate(lines) if line.startswith("RED ")) - 1
    ends = [[m.end() for m in re.finditer(r"\S+", line)][1] for line in lines[head:head + 3]]  # the balance column's
    assert ends[0] == ends[1] == ends[2], lines[head:head + 3]  # head, RED's, BLUE's: right-aligned alike
    assert lang == "en" or "orders for this turn" not in lines[head], lines[head]


@pytest.mark.parametrize(("lang", "line"), [("en", "PLAYER RED PASSWORD"), ("nl", "SPELER RED WACHTWOORD"),
                                            ("cs", "HRÁČ RED HESLO")])
def test_an_interurban_opening_gives_the_seats_id_in_its_player_line(tmp_path: Path, lang: str, line: str):
    """An InterUrban opening names the seat by its colour in the reader's words ('U speelt ROOD'), which is no id a
    PLAYER line reads: it gives the line to write too, with the seat's id as it is (a Dutch player had written
    'SPELER ROOD' and been refused)."""
    from tests.conftest import ANNA, make_trial

    trial = make_trial(tmp_path, "interurban", red_lang=lang)
    ((_name, mail),) = trial.mails(ANNA, "opening-")
    text = " ".join(str(mail.get_body(preferencelist=("plain",)).get_content()).split())  # type: ignore[union-attr]
    assert f"{line} {trial.passwords['RED']}" in text, text
