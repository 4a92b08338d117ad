"""Catalogue hygiene (issue 36): every sentence of the code in every language's catalogue of every game, translated,
with the same placeholders, the plural forms of the language, and every keyword a translation gives one the
mail reader reads.  The languages are those of ``adjudicator/kernel/locale/languages.toml`` (``offered``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.orders.mistakes_base import KEYWORDS
from adjudicator.dampfross.report.widths import too_wide
from adjudicator.interurban.notation import KEYWORDS as NOTATION
from adjudicator.kernel.commands import command_of
from adjudicator.kernel.languages import codes
from tests.example_game import SCRIPT, play
from tests.helpers import dampfross_state
from tools import i18n

LANGS = [code for code in codes() if code != i18n.SOURCE]
CASES = [(domain, lang) for domain in i18n.DOMAINS for lang in LANGS]
IDS = [f"{domain.name}-{lang}" for domain, lang in CASES]
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%%|\{[a-z_]*(?::[^}]*)?\}")
"""Python-format (``%(turn)s``, ``%%``) and brace placeholders (``{turn}``, ``{columns:02d}``)."""


def texts(value: str | tuple[str, ...] | None) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value or "",)


def test_every_language_is_checked():
    assert {"de", "nl"} <= set(LANGS)


@pytest.mark.parametrize(("domain", "lang"), CASES, ids=IDS)
def test_every_sentence_is_in_the_catalogue_and_translated(domain: i18n.Domain, lang: str):
    template = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in i18n.extract(domain) if m.id}
    catalogue = i18n.read(lang, domain)
    have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalogue if m.id}
    assert template - have == set(), f"run python -m tools.i18n: {sorted(template - have)[:3]}"
    untranslated = [m.id for m in catalogue if m.id and not all(texts(m.string))]
    assert untranslated == [], f"{lang}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"


@pytest.mark.parametrize(("domain", "lang"), CASES, ids=IDS)
def test_placeholders_match(domain: i18n.Domain, lang: str):
    """Every translation keeps the sentence's placeholders (a plural form may leave out the number)."""
    wrong = []
    for m in i18n.read(lang, domain):
        if not m.id:
            continue
        want = set(PLACEHOLDER.findall(" ".join(texts(m.id))))
        for form in texts(m.string):
            if not form:
                continue  # untranslated: the test above says so
            got = set(PLACEHOLDER.findall(form))
            if got != want and not (m.pluralizable and got <= want):
                wrong.append((m.id, form))
    assert wrong == []


@pytest.mark.parametrize(("domain", "lang"), CASES, ids=IDS)
def test_plural_forms_are_the_languages(domain: i18n.Domain, lang: str):
    """The Plural-Forms of the language (Czech has three) and every plural sentence with as many forms; no "(s)"."""
    catalogue = i18n.read(lang, domain)
    assert catalogue.plural_forms == Catalog(locale=lang).plural_forms
    for m in catalogue:
        if m.id and m.pluralizable:
            assert len(texts(m.string)) == catalogue.num_plurals, m.id
        assert not any("(s)" in t for t in texts(m.id) + texts(m.string)), m.id


@pytest.mark.parametrize("lang", LANGS)
def test_the_keywords_a_catalogue_writes_are_read(lang: str):
    """An order keyword, a mail command, a notation keyword, as the catalogues write them, is one the reader reads."""
    for domain in i18n.DOMAINS:
        for m in i18n.read(lang, domain):
            if m.context == "order keyword":
                assert m.string.upper() in KEYWORDS[m.id.replace(" ", "_")], (lang, m.id, m.string)
            elif m.context == "mail command":
                word = re.sub(r"\s*\[.*|\s+(?:N|ID|NEW|NIEUW|NOUVEAU)\b.*", "", m.string)
                assert command_of(word + {"CONFIRM": " abcd"}.get(m.id, "")) is not None or word.split()[0], m.string
            elif domain.name == "interurban" and m.id in ("STRAIGHT", "CURVE", "STATION", "CROSSING", "LEFT",
                                                             "RIGHT", "ALSO"):
                name = "TURN" if m.id in ("LEFT", "RIGHT") else m.id
                assert m.string.lower() in NOTATION[name], (lang, m.id, m.string)
            elif domain.name == "platform" and isinstance(m.id, str) and m.id.isupper():
                arg = {"MAP": "", "REPORT": "", "SET ADDRESS": " a@b.org", "CONFIRM": " abcd-1234"}.get(m.id, "")
                found = command_of(m.string + arg)
                assert found is not None, (lang, m.id, m.string)


@pytest.fixture(scope="module", params=LANGS)
def example(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """The example game of ``examples/demo.sh`` played in a language (its opening, public and private reports)."""
    lang = str(request.param)
    return lang, play(tmp_path_factory.mktemp(f"example-{lang}"), "--lang", lang)


def test_the_example_game_fits_a_mail_in_every_language(example: tuple[str, Path]):
    """Every line of every report within the mail's width, counted in UTF-8 bytes (a Czech ``ř`` is two)."""
    lang, game = example
    wide = [f"{path.name}:{n}: {line}" for path in sorted((game / "reports").iterdir())
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if too_wide(line)]
    assert wide == [], lang


def test_the_example_game_has_no_english_word_in_any_language(example: tuple[str, Path]):
    """Names and the players' own lines aside, no word of the program's English sentences that no translation
    into the language uses either."""
    lang, game = example
    written = {line.split("#")[0] for p in SCRIPT.parent.glob("germany/turn*.orders")
               for line in p.read_text(encoding="utf-8").splitlines()}
    found = {path.name: left for path in sorted((game / "reports").iterdir())
             if (left := i18n.english_left(path.read_text(encoding="utf-8"), written, lang))}
    assert found == {}, lang


def test_the_example_game_is_the_same_game_in_every_language(example: tuple[str, Path]):
    """The language changes the words, never the game."""
    lang, game = example
    english = gamefile.loads((Path(__file__).parent / "fixtures" / "old-format" / "example" / "game.json")
                             .read_text(encoding="utf-8"))  # the English example's state, as the old format kept it
    state = dampfross_state(game)
    assert state.lang == lang and state.ledger == english.ledger and state.track == english.track
