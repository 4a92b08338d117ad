"""Issue 25, done when: a scripted trial with realistic first mails (greetings, sign-offs, exonyms like Munich and
Cologne, commands after "Hi,", a question to the GM, a German player, a move written from the example in the mail)
has every order counted as meant, in both games, on a real IMAP/SMTP pair (pymap and aiosmtpd on localhost).
Issue 36: the trial runs once per language of the program, its second player (Bernd) writing in it: German,
Dutch, Czech, each with the language's own keywords, commands and town names.

Each player writes as a newcomer would: the PLAYER line copied from the opening mail, a greeting before it and a
sign-off and signature after, a town by the name he knows, the example move of the mail he got; the test reads
every answer back from SMTP and the game's state after the turn (Dampfross) or each move (InterUrban)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from email.message import EmailMessage
from pathlib import Path

import pytest

from adjudicator.dampfross.orders.mistakes_base import KEYWORDS
from adjudicator.kernel.languages import codes
from tests.helpers import dampfross_state, invoke
from tests.mailservers import SmtpServer, imap_server, mail_bytes, sent, smtp_server, text_of

ANNA, BERND, CARLA = "anna@example.org", "bernd@example.net", "carla@example.com"
UTC = "+00:00"

Deliver = Callable[[str, str, str, str], None]
Tick = Callable[[str], str]


@contextmanager
def _served(tmp_path: Path, *args: str) -> Iterator[tuple[Path, SmtpServer, Deliver, Tick]]:
    """A new game (``adjudicate new`` with ``args``) run by mail from IMAP, its mail sent by SMTP."""
    with imap_server(tmp_path) as imap, smtp_server() as smtp, pytest.MonkeyPatch.context() as mp:
        mp.setenv("TEST_IMAP_PASSWORD", imap.password)
        game = tmp_path / "g"
        invoke("new", str(game), "--id", "g", "--deadline", "2026-12-04 18:00", "--every", "7d", *args)
        (game / "mail.toml").write_text(
            'from = "GM <gm@example.org>"\n\n'
            + imap.toml() + smtp.toml(), encoding="utf-8")
        client = imap.client()

        def deliver(sender: str, body: str, subject: str, when: str) -> None:
            client.append("INBOX", mail_bytes(sender, body, subject), msg_time=datetime.fromisoformat(when + UTC))

        def tick(when: str) -> str:
            return invoke("tick", str(game), "--now", when + UTC).output

        try:
            yield game, smtp, deliver, tick
        finally:
            client.logout()


def _text(m: EmailMessage) -> str:
    """A received mail's plain text, with the line ends Python writes."""
    return text_of(m).replace("\r\n", "\n")


def _flat(m: EmailMessage) -> str:
    return " ".join(_text(m).split())


def _only(smtp: SmtpServer, prefix: str, to: str) -> EmailMessage:
    found = sent(smtp, prefix, to)
    assert len(found) == 1, (prefix, to, [str(m["X-Dampfross"]) for m in smtp.mails])
    return found[0]


LANGS = {
    "de": {"turn": "Zug 1", "hello": "Hallo zusammen,", "help": "HILFE", "map": "KARTE", "bye": "Viele Grüße\nBernd",
           "orders": "SPIEL g\nZUG 1\n{player}\nSTARTE Berlin\nBAUE Berlin - 1912", "start": "STARTE Berlin (1913)",
           "problems": "Probleme in Ihren Befehlen", "to_gm": "Ihre Mail ging an die Spielleitung",
           "question": "wie lange dauert eine Partie?", "move": "hier mein Zug:"},
    "nl": {"turn": "beurt 1", "hello": "Hallo allemaal,", "help": "HULP", "map": "KAART", "bye": "Groeten\nBernd",
           "orders": "SPEL g\nBEURT 1\n{player}\nSTART Berlijn\nBOUW Berlijn - 1912", "start": "START Berlin (1913)",
           "problems": "Problemen in uw opdrachten", "to_gm": "Uw mail ging naar de spelleider",
           "question": "hoe lang duurt een partij?", "move": "hier is mijn zet:"},
    "cs": {"turn": "tah 1", "hello": "Dobrý den všem,", "help": "NÁPOVĚDA", "map": "MAPA", "bye": "S pozdravem\nBernd",
           "orders": "HRA g\nTAH 1\n{player}\nSTART Berlín\nSTAVBA Berlín - 1912", "start": "START Berlin (1913)",
           "problems": "Problémy ve Vašich příkazech", "to_gm": "Váš mail šel rozhodčímu",
           "question": "jak dlouho trvá jedna partie?", "move": "tady je můj tah:"},
}
"""What Bernd writes in each language, and what his answers say."""


def words_of(lang: str) -> dict[str, str]:
    """What Bernd writes and reads in ``lang``: the column of ``LANGS``, or for another language (a fifth, added as
    files only) the same made from its language file and catalogues."""
    if lang in LANGS:
        return LANGS[lang]
    from adjudicator.kernel.languages import spellings_of
    from tools import i18n

    def said(domain: str, english: str, context: str | None = None) -> str:
        found = i18n.read(lang, {d.name: d for d in i18n.DOMAINS}[domain]).get(english, context=context)
        assert found is not None and found.string, english
        return str(found.string)

    own = {name: words[0].upper() for name, words in spellings_of(lang, "orders").items()}
    command = {name: words[0].upper() for name, words in spellings_of(lang, "commands").items()}
    start = own.get("START", "START")
    orders = (f"{own.get('GAME', 'GAME')} g\n{own.get('TURN', 'TURN')} 1\n{{player}}\n{start} Berlin\n"
              f"{own.get('BUILD', 'BUILD')} Berlin - 1912")
    return {"turn": said("dampfross", "Turn {turn}").format(turn=1).lower(), "hello": "Hallo,",
            "help": command["help"], "map": said("dampfross", "MAP [HEX|TOWN]", "mail command").split()[0],
            "bye": "Bernd", "orders": orders,
            "start": said("dampfross", "START", "order keyword") + " Berlin (1913)",
            "problems": said("dampfross", "Problems in your orders"),
            "to_gm": said("platform", "Your mail went to the game master, who reads it and answers in person where "
                                      "needed. The robot answers only orders and the commands {commands}.").split(",")[0],
            "question": "?", "move": "..."}


OFFERED = [lang for lang in codes() if lang != "en"]


def _player_line(text: str) -> str:
    """The PLAYER line the opening mail tells its reader to copy (in any language)."""
    player, password = "|".join(KEYWORDS["PLAYER"]), "|".join(KEYWORDS["PASSWORD"])
    unfolded = re.sub(r"\n[ \t]+", " ", text)  # a long PLAYER line may be folded after its keyword
    found = re.search(rf"^.*?: ((?:{player}) \w+ (?:{password}) \S+)$", unfolded, re.M)
    assert found, text
    return found.group(1)


def _example(text: str) -> list[str]:
    """The lines of the example a mail gives ("For example, you could write now:", "zum Beispiel:"), as written."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.search(EXAMPLE, line))
    out = []
    for line in lines[start + 1:]:
        if not line.startswith("  ") or line.startswith("   "):
            break
        out.append(line.strip())
    assert out, text
    return out


EXAMPLE = re.compile(r"(?i)(for example|zum beispiel|bijvoorbeeld|například)\b.*:$", re.M)
"""The line before the example a mail gives, in any language."""


@pytest.mark.parametrize("lang", OFFERED)
def test_first_mails_of_a_dampfross_game_count_as_meant(tmp_path: Path, lang: str):
    w = words_of(lang)
    players = ("--player", f"RED:Anna:{ANNA}", "--player", f"BLUE:Bernd:{BERND}", "--player", f"GREEN:Carla:{CARLA}",
               "--player-lang", f"BLUE={lang}", "--map", "germany")
    with _served(tmp_path, *players) as (game, smtp, deliver, tick):
        tick("2026-12-01T08:00")  # the openings
        anna, bernd, carla = (_text(_only(smtp, f"opening-{c}", a)) for c, a in
                              (("RED", ANNA), ("BLUE", BERND), ("GREEN", CARLA)))

        # Anna knows Munich by its English name, and writes as to a friend
        deliver(ANNA, f"Hi all,\n\nhere are my orders for the first turn.\n\n{_player_line(anna)}\nSTART Munich\n"
                      "BUILD Munich - 1533\n\nCheers,\nAnna\n\n-- \nAnna Schmidt\nSent from my phone\n",
                "orders", "2026-12-01T09:00")
        # Bernd writes his language: he asks for help among greetings, then writes orders in its keywords
        deliver(BERND, f"{w['hello']}\n\n{w['help']}\n\n{w['bye']}\n", "help me", "2026-12-01T09:01")
        deliver(BERND, f"{w['hello']}\n\n" + w["orders"].format(player=_player_line(bernd)) + f"\n\n{w['bye']}\n",
                "my orders", "2026-12-01T09:02")
        # Carla asks for the map around Cologne and the status after "Hi,", then asks the GM a question
        deliver(CARLA, "Hi,\n\nMAP Cologne\nSTATUS\n\nthanks!\nCarla\n", "map please", "2026-12-01T09:03")
        deliver(CARLA, "Hi GM,\n\nmay I build across the Elbe in my first turn?\n\nCarla\n", "a question",
                "2026-12-01T09:04")
        out = tick("2026-12-01T10:00")
        assert "commands (map, status)" in out and "commands (help)" in out, out

        assert "Hamburg" in "\n".join(_example(carla))  # the example the opening mail gives her
        quoted = "".join(f"> {line}\n" for line in carla.splitlines()[:12])
        deliver(CARLA, f"Hi,\n\nI'll take the example.\n\n{_player_line(carla)}\n" + "\n".join(_example(carla))
                + f"\n\nBest,\nCarla\n\nOn 1 Dec 2026, GM wrote:\n{quoted}", "Re: the game begins", "2026-12-01T11:00")
        tick("2026-12-01T12:00")

        help_answer = _only(smtp, "answer-", BERND)
        assert w["help"] in str(help_answer["Subject"]) and w["map"] in _text(help_answer)
        map_answer = _only(smtp, "answer-", CARLA)
        assert "0420 Köln" in _text(map_answer) and "STATUS" in str(map_answer["Subject"]), _text(map_answer)
        question = next(m for m in sent(smtp, "receipt-", CARLA) if "question" in _text(m))
        assert "Your mail went to the game master" in _flat(question)
        assert any(CARLA in _text(m) and "may I build across the Elbe in my first turn?" in _text(m)
                   for m in sent(smtp, "digest-", "gm@example.org"))  # the question itself reaches the GM

        receipts = {c: _flat(sent(smtp, "receipt-", a)[-1]) for c, a in (("RED", ANNA), ("BLUE", BERND),
                                                                           ("GREEN", CARLA))}
        assert "All 2 of your orders for turn 1 would be carried out as they stand below" in receipts["RED"], \
            receipts["RED"]
        assert "START München (1532)" in receipts["RED"] and "BUILD München (1532) - 1533" in receipts["RED"]
        assert "Your " not in receipts["BLUE"] and w["turn"].lower() in receipts["BLUE"].lower(), receipts["BLUE"]
        assert w["start"] in receipts["BLUE"], receipts["BLUE"]
        assert "would be carried out as they stand below" in receipts["GREEN"], receipts["GREEN"]
        assert "Problems in your orders" not in " ".join(receipts.values())
        assert w["problems"] not in receipts["BLUE"]

        assert "turn 1 adjudicated" in tick("2026-12-04T18:05")
        state = dampfross_state(game)
        assert {p.id: p.start_town for p in state.players} == {"RED": "München", "BLUE": "Berlin",
                                                                "GREEN": "Hamburg"}
        built = {(s.owner, *sorted((s.a.label, s.b.label))) for s in state.track}
        example = _example(carla)[-1].split()  # BUILD Hamburg - 1008
        assert built == {("RED", "1532", "1533"), ("BLUE", "1912", "1913"),
                         ("GREEN", *sorted(("1108", example[-1])))}, built
        assert sent(smtp, "move-001-BLUE", BERND)
        invoke("verify", str(game))


def _moves(game: Path) -> list[str]:
    """The seats whose moves were made, in order (the archive's steps)."""
    out = []
    for p in sorted((game / "archive").glob("step-*/record.json")):
        doc = json.loads(p.read_text(encoding="utf-8"))
        if doc.get("kind") == "move":
            out.append(str(doc.get("seat")))
    return out


@pytest.mark.parametrize("lang", OFFERED)
def test_first_mails_of_an_interurban_game_count_as_meant(tmp_path: Path, lang: str):
    w = words_of(lang)
    players = ("--play", "interurban", "--player", f"RED:Anna:{ANNA}", "--player", f"BLUE:Bernd:{BERND}",
               "--player-lang", f"BLUE={lang}")
    with _served(tmp_path, *players) as (game, smtp, deliver, tick):
        tick("2026-12-01T08:00")
        anna, bernd = _text(_only(smtp, "opening-RED", ANNA)), _text(_only(smtp, "opening-BLUE", BERND))
        password = {seat: re.findall(r"(?:Your password|Ihr Passwort|Uw wachtwoord|Vaše heslo): (\S+)", text)[0]
                    for seat, text in (("RED", anna), ("BLUE", bernd))}

        # Bernd asks for help after a greeting, and asks the GM a question, in his language
        deliver(BERND, f"{w['hello']}\n\n{w['help']}\n\n{w['bye']}\n", "help me", "2026-12-01T09:00")
        deliver(BERND, f"{w['hello']}\n\n{w['question']}\n\nBernd\n", "a question", "2026-12-01T09:01")
        # Anna copies the example of her opening mail, between a greeting and a signature
        example = [line.replace("...", password["RED"]) for line in _example(anna)]
        deliver(ANNA, "Hi Bernd, hi GM!\n\nMy first move, as the mail suggests:\n\n" + "\n".join(example)
                + "\n\nGood luck,\nAnna\n\n-- \nAnna Schmidt\n", "my move", "2026-12-01T09:05")
        tick("2026-12-01T09:30")
        assert _moves(game) == ["RED"], (_moves(game), [_text(m) for m in sent(smtp, "receipt-", ANNA)])

        help_answer = _only(smtp, "answer-", BERND)
        assert w["help"] in str(help_answer["Subject"])
        question = _only(smtp, "receipt-", BERND)
        assert w["to_gm"] in _flat(question)

        # Bernd moves from the example of the mail that tells him he is on move, in his language's keywords
        told = [m for m in sent(smtp, "move-", BERND) + sent(smtp, "report-", BERND) if EXAMPLE.search(_text(m))]
        assert told, [str(m["X-Dampfross"]) for m in smtp.mails]
        example = [line.replace("...", password["BLUE"]) for line in _example(_text(told[-1]))]
        assert any(line.startswith(KEYWORDS["PLAYER"]) for line in example), example
        deliver(BERND, f"{w['hello']}\n\n{w['move']}\n\n" + "\n".join(example) + f"\n\n{w['bye']}\n",
                "my move too", "2026-12-01T10:00")
        tick("2026-12-01T10:30")
        assert _moves(game) == ["RED", "BLUE"], [_text(m) for m in sent(smtp, "receipt-", BERND)]
        invoke("verify", str(game))
