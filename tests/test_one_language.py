"""Issue 25 §5, one language per player: every mail the robot sends to a German player's address on file is German,
subject and body, in both games (receipts of each kind, every command's answer, reminders, deadline notices, the
opening and the turn's report mails, the front door's notices).  Issue 36: the same walk for a Dutch and a Czech
player, who write their commands in their own words.

The mails are made as a GM makes them: ``tick`` over a Maildir, one company reading the language
(``--player-lang``).  What counts as English is a short list of English words (function words and the words of a
turn and its orders, the English colour names; a word the language has too aside: Dutch "is", Czech "to"), names
and the players' own lines quoted back aside.
"""

from __future__ import annotations

import json
import re
from email import message_from_binary_file, policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from adjudicator.kernel.languages import codes
from tests.helpers import invoke
from tests.mailservers import mail_bytes

ENGLISH = ("the", "your", "is", "are", "of", "and", "to", "for", "with", "from", "this", "that", "not",
           "order", "orders", "turn", "move", "receipt", "report", "opening", "map", "rules", "status", "help",
           "password", "address", "deadline", "company", "player", "line", "lines", "red", "blue", "green",
           "yellow", "purple", "black", "orange")
"""Words no German sentence of the program uses (``RED`` too: a colour a German reader reads as ``rot``)."""
WORD = re.compile(r"[^\W\d_]+")
OWN = {"de": (), "nl": ("is", "of"), "cs": ("to",)}
"""Words of ``ENGLISH`` the language has as well (another language: those its translations use)."""


def english_words(text: str, allowed: set[str], lang: str = "de") -> list[str]:
    """The lines of ``text`` holding an English word of ``ENGLISH`` (``allowed`` lines and words aside)."""
    english = set(ENGLISH) - set(OWN[lang] if lang in OWN else own_words(lang))
    out = []
    for line in text.splitlines():
        if line.strip() in allowed:
            continue
        left = [w for w in WORD.findall(line) if w.lower() in english and w not in allowed]
        if left:
            out.append(f"{left}: {line}")
    return out


def test_the_check_finds_english() -> None:
    found = english_words("Your orders count as they stand below.", set())
    assert found == ["['Your', 'orders']: Your orders count as they stand below."]
    assert english_words("Bahnhof 3 (RED)", set()) != []
    assert english_words("Ihre Befehle zählen, wie sie unten stehen.", set()) == []
    assert english_words("  BUILD Hamburg - 1208", {"  BUILD Hamburg - 1208"}) == []


def read_mail(path: Path) -> EmailMessage:
    with path.open("rb") as f:
        return message_from_binary_file(f, policy=policy.default)


def texts_of(m: EmailMessage) -> str:
    """The subject and every text part (the body and the texts attached: the public report, the map)."""
    parts = [str(m["Subject"])]
    for part in m.walk():
        if part.get_content_type() == "text/plain":
            parts.append(str(part.get_content()))
    return "\n".join(parts)


def too_wide_lines(game: Path, addresses: set[str]) -> list[str]:
    """The lines of the mails' bodies (the first text part: attachments such as the whole map may be wider) that
    are wider than a mail's width, counted in UTF-8 bytes."""
    from adjudicator.dampfross.report.widths import too_wide

    out = []
    for path in sorted((game / "mail" / "outbox").glob("*.eml")):
        m = read_mail(path)
        if not {a.strip().lower() for a in str(m["To"]).split(",")} & addresses:
            continue
        body = next((p for p in m.walk() if p.get_content_type() == "text/plain"), None)
        out += [f"{path.stem}: {line}" for line in str(body.get_content() if body else "").splitlines()
                if too_wide(line)]
    return out


def mails_to(game: Path, addresses: set[str]) -> dict[str, str]:
    found = {}
    for path in sorted((game / "mail" / "outbox").glob("*.eml")):
        m = read_mail(path)
        if {a.strip().lower() for a in str(m["To"]).split(",")} & addresses:
            found[path.stem] = texts_of(m)
    return found


class Maildir:
    def __init__(self, where: Path):
        self.path = where
        for sub in ("cur", "new", "tmp"):
            (where / sub).mkdir(parents=True, exist_ok=True)
        self.n = 0

    def deliver(self, sender: str, body: str, when: str) -> None:
        from datetime import datetime

        self.n += 1
        stamp = int(datetime.fromisoformat(when).timestamp())
        (self.path / "new" / f"{stamp}.M{self.n:02d}P1.mx").write_bytes(mail_bytes(sender, body, f"m{self.n}"))


def secrets_of(game: Path) -> dict[str, str]:
    return dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())


def token_of(game: Path) -> str:
    doc = json.loads((game / "mail" / "frontdoor.json").read_text(encoding="utf-8"))
    return str(next(iter(doc["addresses"])))


ANNA, NEW, CLARA = "anna@example.org", "anna@neu.example.org", "clara@example.org"


LANGS = {
    "de": {"hello": "Hallo,", "thanks": "Danke!", "help": "HILFE", "map": "KARTE", "status": "STAND",
           "rules": "REGELN", "report": "BERICHT", "address": "ADRESSE", "confirm": "BESTÄTIGE",
           "password": "NEUES PASSWORT", "why": "Urlaub", "building": "Bauphase", "curve": "KURVY", "left": "LINKS",
           "move": "Zug 1", "station": "Bahnhof", "receipt": "Eingangsbestätigung, Zug 1"},
    "nl": {"hello": "Hallo,", "thanks": "Bedankt!", "help": "HULP", "map": "KAART", "status": "STAND",
           "rules": "REGELS", "report": "VERSLAG", "address": "ADRES", "confirm": "BEVESTIG",
           "password": "NIEUW WACHTWOORD", "why": "vakantie", "building": "opbouwfase", "curve": "BOHCT",
           "left": "LINKS", "move": "zet 1", "station": "station", "receipt": "ontvangstbevestiging, zet 1"},
    "cs": {"hello": "Dobrý den,", "thanks": "Děkuji!", "help": "NÁPOVĚDA", "map": "MAPA", "status": "STAV",
           "rules": "PRAVIDLA", "report": "ZPRÁVA", "address": "ADRESA", "confirm": "POTVRĎ",
           "password": "NOVÉ HESLO", "why": "dovolená", "building": "stavební fáze", "curve": "OBLUOK",
           "left": "VLEVO", "move": "tah 1", "station": "stanice", "receipt": "potvrzení přijetí, tah 1"},
}
"""What a player of each language writes (commands, a misspelt curve) and what his mails must say."""


def own_words(lang: str) -> set[str]:
    """The words of ``ENGLISH`` that the language's own translations use (a language without a column here)."""
    from tools import i18n

    return {w for domain in i18n.DOMAINS for m in i18n.read(lang, domain) if m.id
            for text in (m.string if isinstance(m.string, tuple) else (m.string,))
            for w in WORD.findall(i18n.CODE.sub(" ", text)) if w.islower() and w in ENGLISH}


def said(lang: str, domain: str, english: str, context: str | None = None) -> str:
    """A sentence of a catalogue in ``lang``."""
    from tools import i18n

    found = i18n.read(lang, {d.name: d for d in i18n.DOMAINS}[domain]).get(english, context=context)
    assert found is not None and found.string, english
    return str(found.string)


def words_of(lang: str) -> dict[str, str]:
    """What a player of ``lang`` writes and reads: the column of ``LANGS``, or for another language (a fifth, added
    as files only) the same made from its language file and catalogues."""
    if lang in LANGS:
        return LANGS[lang]
    from adjudicator.kernel.languages import spellings_of

    command = {name: words[0].upper() for name, words in spellings_of(lang, "commands").items()}
    curve = said(lang, "interurban", "CURVE")
    return {"hello": "Hallo,", "thanks": "!", "help": command["help"], "map": command["map"],
            "status": command["status"], "rules": command["rules"], "report": command["report"],
            "address": command["set-address"], "confirm": command["confirm"], "password": command["password-reset"],
            "why": "xyzzy", "building": said(lang, "dampfross", "building phase"), "curve": curve[1] + curve[0] + curve[2:],
            "left": said(lang, "interurban", "LEFT"), "move": said(lang, "platform", "receipt, move {move}").split(",")[-1]
            .strip().format(move=1), "station": said(lang, "interurban", "station"),
            "receipt": said(lang, "platform", "receipt, move {move}").format(move=1)}


OFFERED = [lang for lang in codes() if lang != "en"]
"""The languages a seat may choose (a draft's catalogues are not complete yet): each has its walk."""


def commands_and_front_door(box: Maildir, game: Path, pw: str, when: str, lang: str = "de") -> None:
    """The same command mails in either game: the language's and English commands among pleasantries, a change of
    address, a password reset."""
    w = words_of(lang)
    box.deliver(ANNA, f"{w['hello']}\n\n{w['help']}\n{w['map']}\n{w['status']}\n{w['rules']}\n{w['report']} 0\n\n"
                      f"{w['thanks']}\nAnna", when)
    box.deliver(ANNA, "HELP\nSTATUS\nRULES\nREPORT\n", when)
    box.deliver(ANNA, f"PLAYER RED PASSWORD {pw}\n{w['address']} {NEW}\n", when)
    box.deliver(ANNA, f"{w['password']}\n", when)


@pytest.mark.parametrize("lang", OFFERED)
def test_every_mail_to_a_dampfross_player_is_in_his_language(tmp_path: Path, lang: str) -> None:
    w = words_of(lang)
    game, box = tmp_path / "nord", Maildir(tmp_path / "in")
    invoke("new", str(game), "--id", "nord", "--map", "germany", "--seed", "one-lang", "--unsafe-test-passwords",
           "one-lang", "--player", f"RED:Rheinbahn:{ANNA}", "--player", "BLUE:Blaue Linie:bernd@example.net",
           "--player-lang", f"RED={lang}", "--deadline", "2025-11-21 18:00", "--every", "fri 18:00",
           "--zone", "Europe/Berlin", "--remind", "24h", "--statements", "7d")
    (game / "mail.toml").write_text(f'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\n'
                                    f'path = "{box.path}"\n', encoding="utf-8")
    pw = secrets_of(game)

    def tick(now: str) -> None:
        invoke("tick", str(game), "--now", now)

    tick("2025-11-20T12:00+01:00")  # the opening
    tick("2025-11-20T18:30+01:00")  # RED has sent nothing: the reminder
    when = "2025-11-20T18:40+01:00"
    box.deliver(ANNA, "START Hamburg\nBUILD Hamburg - 1208\n", when)  # no PLAYER line, from the address on file
    box.deliver(ANNA, "PLAYER RED PASSWORD falsch\nSTART Hamburg\n", when)
    box.deliver(ANNA, "GAME anders\nPLAYER RED PASSWORD x\nSTART Hamburg\n", when)
    box.deliver(ANNA, "TURN 7\nPLAYER RED PASSWORD x\nSTART Hamburg\n", when)
    box.deliver(ANNA, f"PLAYER RED PASSWORD {pw['RED']}\nSTART Hamburg\nBUILD Hamburg - 1208 - 9999\n", when)
    box.deliver(ANNA, f"GAME nord\nTURN 1\nPLAYER RED PASSWORD {pw['RED']}\nSTART Hamburg\nBUILD Hamburg - 1208\n",
                when)
    commands_and_front_door(box, game, pw["RED"], when, lang)
    tick("2025-11-20T19:00+01:00")
    box.deliver(NEW, f"{w['confirm']} {token_of(game)}\n", "2025-11-20T19:10+01:00")
    tick("2025-11-20T19:20+01:00")
    invoke("deadline", "extend", str(game), "1h", "--why", w["why"])
    tick("2025-11-21T19:05+01:00")  # the turn's report
    box.deliver(NEW, f"{w['report']} 1\n{w['map']} Hamburg\n", "2025-11-21T19:10+01:00")  # turn 1's report, replayed
    tick("2025-11-21T19:15+01:00")
    invoke("player", "replace", str(game), "RED", "--name", "Clara", "--email", CLARA)  # a stand-by takes over
    mails = mails_to(game, {ANNA, NEW, CLARA})
    kinds = {re.sub(r"-RED\b|-(mail-)?\d.*", "", name) for name in mails}
    assert {"opening", "reminder", "receipt", "answer", "confirm", "address-done", "deadline", "move",
            "takeover"} <= kinds, sorted(mails)  # the turn's report mail: move-001-RED
    allowed = {"RED", "BLUE", "nord", "Clara", "Rheinbahn", "Blaue", "Linie", "START Hamburg", "BUILD Hamburg - 1208",
               "BUILD Hamburg - 1208 - 9999", "anders", "Anna", "PLAYER RED PASSWORD falsch",
               "GAME anders", "TURN 7", "PLAYER RED PASSWORD x", w["hello"], "HELP", "STATUS", "RULES", "REPORT",
               w["why"]}
    found = {name: left for name, text in mails.items() if (left := english_words(text, allowed, lang))}
    assert found == {}, "\n".join(f"{name}: {line}" for name, lines in found.items() for line in lines)
    assert w["building"] in mails["answer-00012"]  # REPORT 1: the turn's public report, made again in his language
    assert too_wide_lines(game, {ANNA, NEW, CLARA}) == []


@pytest.mark.parametrize("lang", OFFERED)
def test_every_mail_to_an_interurban_player_is_in_his_language(tmp_path: Path, lang: str) -> None:
    from adjudicator.interurban.play import PLAY
    from adjudicator.postal.moves import MovesDir
    from tests.test_iu_postal import a_move

    game, box = tmp_path / "tram", Maildir(tmp_path / "in")
    invoke("new", str(game), "--play", "interurban", "--id", "tram", "--seed", "one-lang",
           "--unsafe-test-passwords", "one-lang", "--player", f"RED:Anna:{ANNA}", "--player", "BLUE:Bernd:b@x.org",
           "--player-lang", f"RED={lang}", "--deadline", "2026-12-04 18:00", "--every", "2d", "--remind", "12h")
    w = words_of(lang)
    (game / "mail.toml").write_text(f'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\n'
                                    f'path = "{box.path}"\n', encoding="utf-8")
    pw = secrets_of(game)

    def tick(now: str) -> None:
        invoke("tick", str(game), "--now", now)

    tick("2026-12-01T09:00+00:00")
    tick("2026-12-04T07:00+00:00")  # the reminder
    when = "2026-12-04T07:10+00:00"
    state = MovesDir(game).load(PLAY).state
    move = a_move(state, "RED")
    box.deliver(ANNA, f"PLAYER RED PASSWORD falsch\n{move}\n", when)
    box.deliver(ANNA, f"PLAYER RED PASSWORD {pw['RED']}\n6 {w['curve']} 1 {w['left']}\n", when)
    box.deliver(ANNA, f"PLAYER RED PASSWORD {pw['RED']}\nMOVE 9\n{move}\n", when)
    box.deliver(ANNA, f"PLAYER RED PASSWORD {pw['RED']}\nCHECK\n{move}\n", when)
    commands_and_front_door(box, game, pw["RED"], when, lang)
    tick("2026-12-04T07:20+00:00")
    box.deliver(NEW, f"{w['confirm']} {token_of(game)}\n", "2026-12-04T07:30+00:00")
    tick("2026-12-04T07:40+00:00")
    box.deliver(NEW, f"PLAYER RED PASSWORD {pw['RED']}\n{move}\n", "2026-12-04T07:50+00:00")
    tick("2026-12-04T08:00+00:00")  # the move is made: its report
    box.deliver("b@x.org", f"PLAYER BLUE PASSWORD {pw['BLUE']}\n{move}\n", "2026-12-04T08:10+00:00")
    tick("2026-12-04T08:20+00:00")
    box.deliver(NEW, f"{w['report']} 1\n{w['map']}\n", "2026-12-04T08:30+00:00")  # move 1's report, as RED had it
    tick("2026-12-04T08:40+00:00")
    invoke("deadline", "extend", str(game), "1d", "--why", w["why"])
    tick("2026-12-07T08:00+00:00")  # RED misses the move: its report
    invoke("player", "replace", str(game), "RED", "--name", "Clara", "--email", CLARA)  # a stand-by takes over
    mails = mails_to(game, {ANNA, NEW, CLARA})
    kinds = {re.sub(r"-RED\b|-(mail-)?\d.*", "", name) for name in mails}
    assert {"opening", "reminder", "receipt", "answer", "confirm", "address-done", "move", "deadline",
            "takeover"} <= kinds, sorted(mails)
    allowed = {"RED", "BLUE", "tram", "Anna", "Bernd", "Clara", w["curve"], w["left"], f"6 {w['curve']} 1 {w['left']}",
               move, w["hello"], "HELP", "STATUS", "RULES", "REPORT", "PLAYER RED PASSWORD falsch", "MOVE 9",
               "InterUrban", w["why"]}
    found = {name: left for name, text in mails.items() if (left := english_words(text, allowed, lang))}
    assert found == {}, "\n".join(f"{name}: {line}" for name, lines in found.items() for line in lines)
    answer = mails["answer-00012"].lower()
    assert w["move"].lower() in answer and w["station"].lower() in answer
    assert w["receipt"].lower() in mails["receipt-mail-00010"].lower()  # the move it played (the subject said 2)
    assert too_wide_lines(game, {ANNA, NEW, CLARA}) == []
    named = re.compile(r"(?:Anna|Bernd) \((?:RED|BLUE)\)")
    coloured = {name: said for name, text in mails.items() if (said := named.findall(text))}
    assert coloured == {}  # the seat's id is what the player types; his colour is German: "Anna (rot)"
