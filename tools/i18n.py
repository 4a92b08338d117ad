"""The message catalogues: extract every sentence from the code and the templates, update each language's
``.po``, compile its ``.mo``.

    python -m tools.i18n            # extract, update every .po, compile every .mo
    python -m tools.i18n --check    # exit 1 when a .po or .mo is behind the code (changes nothing)

The sentences are English, marked in the report layer with ``N_`` and ``_``
(``ngettext``, ``pgettext`` for plurals and keywords) and in its templates
with ``_()`` and ``{% trans %}``; Babel extracts them (the templates through
Jinja's own extractor).  A new sentence enters each ``.po`` untranslated, a
sentence no longer in the code is dropped (no fuzzy matching: a changed
sentence is a new one, to be translated again); the ``.mo`` is compiled
from what is translated.  Then translate what is new (an editor such as
Poedit, or by hand: ``msgstr``) and run this again.  ``docs/languages.md``
says more; ``tests/test_i18n.py`` fails while anything is untranslated.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import babel.messages.catalog as babel_catalog
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from adjudicator.dampfross.report.i18n import DOMAIN, LANGUAGES, SOURCE  # noqa: F401 - LANGUAGES: the tests read it here
from adjudicator.kernel.languages import files

babel_catalog.VERSION = "2"
"""The catalogues' header says ``Generated-By: Babel 2``, not the exact version: a fresh environment with a newer
Babel (CI's) must write the same bytes, or every catalogue would look behind the code."""

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "adjudicator" / "dampfross" / "report"
LOCALE = REPORT / "locale"
OPTIONS = {"templates/**.j2": {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true",
                               "newstyle_gettext": "true", "silent": "false"}}
COMMENT_TAGS = ("TRANSLATORS:",)
KEYWORDS = {**DEFAULT_KEYWORDS, "NC_": ((1, "c"), 2)}
"""Babel's gettext names, and ``NC_`` (a marker with a context: the order keywords)."""
PROJECT = "dampfross-per-post"


@dataclass(frozen=True)
class Domain:
    """One game's catalogue: where its sentences are written and where its ``.po``/``.mo`` lie."""

    name: str
    source: Path
    """The directory whose code (and templates) is read."""
    locale: Path
    methods: tuple[tuple[str, str], ...]


DAMPFROSS = Domain(DOMAIN, REPORT, LOCALE, (("templates/**.j2", "jinja2"), ("**.py", "python")))
"""The report layer's modules, its mail templates and the web site's."""
INTERURBAN = Domain("interurban", ROOT / "adjudicator" / "interurban" / "words",
                    ROOT / "adjudicator" / "interurban" / "locale", (("**.py", "python"),))
"""InterUrban's words (``adjudicator/interurban/words``)."""
PLATFORM = Domain("platform", ROOT / "adjudicator" / "kernel" / "words",
                  ROOT / "adjudicator" / "kernel" / "locale", (("**.py", "python"),))
"""The platform's words: the front door's mails, the same for every game (``adjudicator/kernel/words``)."""
DOMAINS = (DAMPFROSS, INTERURBAN, PLATFORM)


def extract(domain: Domain = DAMPFROSS) -> Catalog:
    """Every sentence of a game's words, as a template catalogue (no translations)."""
    catalog = Catalog(project=PROJECT, domain=domain.name, fuzzy=False)
    methods = [(pattern, "jinja2.ext:babel_extract" if how == "jinja2" else how) for pattern, how in domain.methods]
    for filename, lineno, message, comments, context in extract_from_dir(
            domain.source, methods, OPTIONS, KEYWORDS, COMMENT_TAGS, strip_comment_tags=True):
        where = f"{domain.source.relative_to(ROOT)}/{filename}"
        catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def po_path(lang: str, domain: Domain = DAMPFROSS) -> Path:
    return domain.locale / lang / "LC_MESSAGES" / f"{domain.name}.po"


def mo_path(lang: str, domain: Domain = DAMPFROSS) -> Path:
    return po_path(lang, domain).with_suffix(".mo")


def read(lang: str, domain: Domain = DAMPFROSS) -> Catalog:
    """A language's catalogue as it stands (an empty one for a new language)."""
    path = po_path(lang, domain)
    if not path.is_file():
        return Catalog(locale=lang, project=PROJECT, domain=domain.name, fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain.name)


def updated(lang: str, template: Catalog, domain: Domain = DAMPFROSS) -> Catalog:
    """The language's catalogue with the template's sentences: new ones untranslated, gone ones dropped."""
    catalog = read(lang, domain)
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete.clear()
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    """A ``.po`` as written: sorted by msgid, sources named without line numbers (so moving code changes
    nothing)."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def catalogues() -> Iterator[tuple[Domain, str, Catalog]]:
    """Every game's catalogue of every language but the source, updated from the code (nothing written): the
    languages offered and the drafts being translated (``adjudicator/kernel/locale/languages.toml``)."""
    for domain in DOMAINS:
        template = extract(domain)
        for lang in files():
            if lang != SOURCE:
                yield domain, lang, updated(lang, template, domain)


def stale() -> list[str]:
    """Every file that the code has left behind, of every game (empty: the catalogues are up to date)."""
    out = []
    for domain, lang, catalog in catalogues():
        po, mo = po_path(lang, domain), mo_path(lang, domain)
        if not po.is_file() or po.read_bytes() != po_bytes(catalog):
            out.append(str(po.relative_to(ROOT)))
        if not mo.is_file() or mo.read_bytes() != mo_bytes(catalog):
            out.append(str(mo.relative_to(ROOT)))
    return out


WORD = re.compile(r"[^\W\d_]{2,}")
CODE = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]*\}|\w*_\w*|--?[a-z][a-z-]+|[\w./-]+\.(?:orders|txt|eml)\b"
                  r"|dampfross per post|\b[0-9a-f]{16,}\b", re.I)
"""Placeholders, rules keys (``races_per_turn``), command-line options, file names, digests and the product's
name: no words of either language."""


def words(text: str) -> set[str]:
    """The words of ``text``, lower case, codes and names of files left out."""
    return {w.lower() for w in WORD.findall(CODE.sub(" ", text))}


@cache
def english_only_words(lang: str = "de", domain: Domain = DAMPFROSS) -> frozenset[str]:
    """Words of a game's English sentences that no translation into ``lang`` uses ("Route", "Start" and
    "die" are German too): one of them in a report written in ``lang`` is an English word left over."""
    english = {w for m in extract(domain) if m.id for text in (m.id if isinstance(m.id, tuple) else (m.id,))
               for w in words(text)}
    translated = {w for m in read(lang, domain) if m.id
                  for text in (m.string if isinstance(m.string, tuple) else (m.string,)) for w in words(text)}
    return frozenset(english - translated)


def english_left(text: str, names: Iterable[str] = (), lang: str = "de",
                 domain: Domain = DAMPFROSS) -> list[tuple[int, list[str], str]]:
    """The lines of ``text`` (number, the words, the line) that hold an English word, ``names`` aside (towns,
    companies, what the players wrote themselves and is quoted back)."""
    allowed = {w for name in names for w in words(name)}
    english = english_only_words(lang, domain) - allowed
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        found = sorted(w for w in WORD.findall(CODE.sub(" ", line)) if w.lower() in english)
        if found:
            out.append((n, found, line))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.i18n", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when a catalogue is behind")
    args = parser.parse_args(argv)
    if args.check:
        behind = stale()
        for name in behind:
            print(f"{name} is behind the code: run python -m tools.i18n")
        return 1 if behind else 0
    for domain, lang, catalog in catalogues():
        po_path(lang, domain).parent.mkdir(parents=True, exist_ok=True)
        po_path(lang, domain).write_bytes(po_bytes(catalog))
        mo_path(lang, domain).write_bytes(mo_bytes(catalog))
        missing = sum(1 for m in catalog if m.id and not all(m.string if m.pluralizable else [m.string]))
        print(f"{po_path(lang, domain).relative_to(ROOT)}: {len(catalog)} sentences, {missing} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
