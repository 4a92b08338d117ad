"""The languages as files (issue 36): each language's keywords are read in every mail, and nothing else but its
files makes a language (``adjudicator/kernel/locale/<code>/language.toml``, ``locale/languages.toml``)."""

from __future__ import annotations

import pytest

from adjudicator.dampfross.orders.line import order_parser, parse_line
from adjudicator.interurban.notation import KEYWORDS as NOTATION
from adjudicator.kernel.commands import command_of
from adjudicator.kernel.languages import codes, files, spec, spellings, spellings_of

SECTIONS = ("orders", "commands", "interurban")


def test_every_language_offered_or_drafted_has_its_file_and_names_every_language():
    assert codes()[0] == "en" and set(codes()) <= set(files())
    for code in files():
        assert spec(code).get("name"), code
        assert set(spec(code).get("names", {})) >= set(codes()), code
        assert set(spec(code)) <= {"name", "names", "orders", "commands", "interurban", "colours"}, code


@pytest.mark.parametrize("code", files())
def test_a_language_names_only_keywords_english_has(code: str):
    english = {section: spellings_of("en", section) for section in SECTIONS}
    for section in SECTIONS:
        assert set(spellings_of(code, section)) <= set(english[section]), (code, section)


def test_no_spelling_is_two_keywords_of_one_grammar():
    """A word is one keyword only (the envelope's TURN and MOVE aside: ZUG, TAH, a game has one or the other)."""
    for section in ("orders", "interurban"):
        seen: dict[str, str] = {}
        for name, words in spellings(section).items():
            for word in words:
                other = seen.setdefault(word.lower(), name)
                assert other == name or {other, name} == {"TURN", "MOVE"}, (section, word, other, name)


ORDERS = {
    "nl": ("START Keulen", "BOUW Keulen - 0421 - 0422", "PAS", "VERKLAAR EINDE", "RIJD 2 TRAJECT Kiel - 1306",
           "RIJD 4 MET BLUE BESTE", "KOOP VEER Kiel", "BOUW GOEDKOOPSTE VAN Kiel NAAR Keulen HOOGSTENS 9",
           "ALS 1409 BEZET DAN", "ALS NIET Kiel AANGESLOTEN", "ALS SALDO MINSTENS 20",
           "DOORLOPEND RIJD ALLEMAAL BESTE MIN 5", "DOORLOPEND PAS", "DOORLOPEND ANNULEER",
           "SPELER RED WACHTWOORD x", "SPEL nord", "BEURT 3", "PERS ANONIEM", "RIT 3 VAN Kiel NAAR Keulen"),
    "cs": ("START Kolín nad Rýnem", "STAVBA Hamburg - 1208", "STAVĚJ S BLUE Hamburg - 1208", "PAS",
           "PROHLAŠ KONEC", "JEĎ 2 TRASA Kiel - 1306", "JEĎ 4 S BLUE NEJLEPŠÍ", "KUP TRAJEKT Kiel",
           "STAVBA NEJLEVNĚJŠÍ Z Kiel DO Hamburg NEJVÝŠE 9", "POKUD 1409 OBSAZENO PAK",
           "POKUD NE Kiel PŘIPOJENO", "KDYZ UCET ALESPON 20", "TRVALE JEĎ VŠECHNY NEJLEPŠÍ MIN 5", "TRVALE PAS",
           "TRVALE ZRUŠ", "HRÁČ RED HESLO x", "HRA nord", "TAH 3", "TISK ANONYMNĚ", "ZÁVOD 3 Z Kiel DO Hamburg",
           "jed 2 trasa Kiel - 1306"),
}
"""Orders in each language's own keywords (diacritics or none, any case)."""


@pytest.mark.parametrize("code", sorted(ORDERS))
def test_orders_in_a_languages_keywords_parse(code: str):
    for line in ORDERS[code]:
        result = parse_line(line, "t.orders", 1)
        assert not result.problems, (line, result.problems)


def test_every_keyword_terminal_matches_every_spelling():
    terminals = {t.name: t.pattern.to_regexp() for t in order_parser().terminals}
    import re

    for name, words in spellings("orders").items():
        if name in ("MOVE", "CHECK"):
            continue
        for word in words:
            for written in (word, word.lower(), word.title()):
                assert re.fullmatch(terminals[name], written, re.I), (name, written)


@pytest.mark.parametrize("code", files())
def test_every_command_word_of_a_language_is_read(code: str):
    args = {"help": "", "map": " Kiel", "status": "", "report": " 3", "rules": "", "set-address": " a@b.org",
            "confirm": " abcd-1234", "password-reset": " RED"}
    for command, words in spellings_of(code, "commands").items():
        for word in words:
            for written in (word, word.upper()):
                found = command_of(written + args[command])
                assert found is not None and found.code == command, (code, written)


def test_the_notation_reads_every_languages_words():
    for name in ("STRAIGHT", "CURVE", "CROSSING", "ALSO", "AT", "NEXT", "OR", "PASS"):
        for code in ("nl", "cs"):
            for word in spellings_of(code, "interurban").get(name, ()):
                assert word in NOTATION[name]
    assert {"vlevo", "vpravo", "links", "rechts"} <= set(NOTATION["TURN"])


@pytest.mark.parametrize(("map_name", "written", "town"), [
    ("germany", "Keulen", "Köln"), ("germany", "Kolín nad Rýnem", "Köln"), ("germany", "Mnichov", "München"),
    ("germany", "Norimberk", "Nürnberg"), ("germany", "Neurenberg", "Nürnberg"), ("germany", "Aken", "Aachen"),
    ("germany", "Cachy", "Aachen"), ("germany", "Drážďany", "Dresden"), ("germany", "Lipsko", "Leipzig"),
    ("germany", "Řezno", "Regensburg"), ("germany", "Luik", "Liège"), ("france", "Parijs", "Paris"),
    ("france", "Paříž", "Paris"), ("france", "Brusel", "Bruxelles"), ("france", "Londen", "London"),
    ("france", "Ženeva", "Genève"), ("france", "Janov", "Genova"),
])
def test_a_town_is_found_by_its_dutch_or_czech_name(map_name: str, written: str, town: str):
    """The maps' aliases hold the towns' Dutch and Czech names, matched as the other exonyms are (accents or
    none, any case)."""
    from adjudicator.dampfross.board.mapfile import load_map

    found = load_map(map_name).town_named(written)
    assert found is not None and found.name == town


def test_a_seat_may_name_its_language():
    """``--player ID:NAME:EMAIL:LANG`` as ``--player-lang ID=LANG``; the latter wins where both are given."""
    from adjudicator.kernel.contacts import PlayerSpec, with_languages
    from adjudicator.kernel.errors import AdjudicatorError

    specs = [PlayerSpec.parse("RED:Rijnbaan:anna@example.org:nl"), PlayerSpec.parse("BLUE:Modrá:b@example.org:CS"),
             PlayerSpec.parse("GREEN:Grün:g@example.org")]
    assert [s.lang for s in specs] == ["nl", "cs", None]
    assert [s.lang for s in with_languages(specs, ["BLUE=de"])] == ["nl", "de", None]
    with pytest.raises(AdjudicatorError, match="no language 'xx'"):
        PlayerSpec.parse("RED:R:r@example.org:xx")


@pytest.mark.parametrize(("opening", "closing"), [("TISK", "KONEC TISK"), ("PERS ANONIEM", "EINDE PERS"),
                                                  ("presse", "ende presse"), ("PRESS", "PRESS END")])
def test_a_press_item_ends_with_end_press_in_any_language(opening: str, closing: str):
    from adjudicator.dampfross.orders.parse import take_press

    lines, items = take_press([opening, "Grüße aus Kiel!", closing, "PASS"])
    assert list(items.values()) == [("Grüße aus Kiel!",)] and lines[-1] == "PASS"


def test_a_language_file_is_read_from_the_cache_as_written_and_again_when_the_cache_is_spoilt(monkeypatch):
    """``kernel/languages.py: _toml`` keeps each file as read in the application's cache, by its bytes' SHA-256: the
    kept form is the file's, and a spoilt one is read again from the TOML (and kept again)."""
    from adjudicator import cachefolder
    from adjudicator.kernel import languages

    store: dict[str, bytes] = {}
    monkeypatch.setattr(cachefolder, "_STORE", [(store.get, store.__setitem__)])
    first = languages._toml("locale/de/language.toml")
    (key,) = store
    assert key.startswith("language-") and languages._toml("locale/de/language.toml") == first
    store[key] = b"spoilt"
    assert languages._toml("locale/de/language.toml") == first and store[key] != b"spoilt"
    assert first["name"] == "Deutsch"
