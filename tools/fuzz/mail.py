"""Fuzzing the mail robot of any game: generated, mutated and hostile mails through a real ``tick``, each judged.

``MailTarget(game, work)`` holds two games by mail of one kind (``tools/fuzz/mailgames.py``: ``dampfross`` or
``interurban``), each with a Maildir and no SMTP (mail waits in the outbox).  ``push(data, knows)`` delivers one
mail to the first game, runs one real ``tick`` over both (``adjudicator.app.plays.tick``, as cron runs it) and
judges it; the games are then put back as they were.  The mails are ``tools/fuzz/mails.py``'s, the same for
every game.  Findings judged always (what holds today; the tests in CI assert none):

* ``traceback``: an exception escaped ``tick``;
* ``fault``: a game's tick reported an unexpected error (an exception other than the project's own), or the
  second game's tick had any error at all (one mail must never stop another game);
* ``hang``: the tick took longer than ``limit`` seconds;
* ``changed``: the first game changed in more than a mail may change it (the game's own rule: ``MailGame``);
* ``leak``: a mail about a company went to an address that is neither the company's on file (before or after
  the mail), the GM's, nor the sender of a mail that gave that company's password (or the address such a mail
  asked to be the company's: it may be asked to confirm).

Judged only when ``budgets`` is on (``BUDGETS``, the switch; the budgets of issue 24 that the one postal loop
is to bring):

* ``replies``: one incoming mail made more than one reply to an address ("one hostile mail may cost one
  reply"; the mails of the game's clock, reports, openings, reminders, are no replies);
* ``voided``: orders that counted before the mail (``MailGame.accepted``) no longer count after it;
* ``too-wide``: a text a mail sends (not an attachment) has a line over 80 columns (UTF-8 bytes);
* ``raw-control``: a text a mail sends holds a control or bidi character raw (not shown escaped).

Used by ``tests/test_mail_fuzz.py`` (a bounded part, in CI) and ``bench/bench_mailfuzz.py`` (20,000 mails and
more a game); ``bench/bench_hostile.py`` builds its games and hostile mails from here too.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import time
import traceback
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email import message_from_bytes, policy
from pathlib import Path
from typing import Protocol

from adjudicator.app.plays import tick
from adjudicator.dampfross.report.widths import too_wide
from adjudicator.postal.mailparse import read_mail
from tools.fuzz import Hang, time_limit
from tools.fuzz.mails import KINDS, SMALL, Sizes, hostile, mails

BUDGETS = True
"""The switch of the budget judgements (``replies``, ``voided``, ``too-wide``, ``raw-control``): on since the one
postal loop of issue 24 keeps the budgets, so the tests in CI assert them too (``--no-budgets`` of the bench, or
``False`` here, looks at the always-on judgements alone)."""
ALWAYS = ("traceback", "fault", "hang", "changed", "leak")
BUDGET_CODES = ("replies", "voided", "too-wide", "raw-control")
ASKED = re.compile(r"(?:SET\s+ADDRESS|ADRESSE)\s+(\S+@[^\s>]+)", re.I)
"""An address a mail asks to be a company's (with the company's password, it may be told of the request)."""
CLOCK = frozenset({"report", "opening", "reminder", "statements", "deadline", "takeover"})
"""Kinds of outgoing mail that the game's clock or the GM sends, not replies to a mail."""


class MailGame(Protocol):
    """What a game supplies to the mail fuzzer: a game by mail, its words, what a mail may change in it."""

    name: str
    gm: str
    """The GM's address (the mails' To)."""
    words: tuple[str, ...]
    places: tuple[str, ...]
    when: datetime
    """The ticks' time: before the first deadline, so nothing runs by the clock."""

    def new_game(self, where: Path) -> Path:
        """A game by mail in ``where`` (its Maildir at ``where/maildir``), ticked once at ``when``: its folder."""
        ...

    def addresses(self, game: Path) -> dict[str, str]:
        """Each player's (company's, colour's) address on file now."""
        ...

    def heading(self, game: Path) -> list[str]:
        """The lines that open a section of orders for the game on hand (``GAME x``, ``TURN n``)."""
        ...

    def orders(self, rng: random.Random, game: Path, player: str) -> list[str]:
        """Order lines ``player`` might send now (the game may still refuse them)."""
        ...

    def snapshot(self, game: Path) -> object:
        """What of the game a mail must not change (unless ``changed_rightly`` says it may)."""
        ...

    def changed_rightly(self, before: object, after: object, knows: set[str]) -> bool:
        """Whether the game changed only as a mail giving the passwords of ``knows`` may change it."""
        ...

    def accepted(self, game: Path) -> set[str]:
        """The orders that count now (as names): no other mail may void them."""
        ...

    def public(self, doc: dict[str, object]) -> bool:
        """Whether an outgoing mail (its outbox record) may go to anybody: a forward to the GM, a public report."""
        ...


@dataclass(frozen=True)
class MailFinding:
    code: str
    detail: str
    kind: str = "random"
    """The mail's kind: ``random`` (generated) or a hostile kind of ``mails.KINDS``."""


@dataclass
class MailTally:
    mails: int = 0
    answered: int = 0
    stored: int = 0
    outgoing: int = 0
    slowest: float = 0.0
    found: list[MailFinding] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    """Mails pushed, by kind."""

    def add(self, other: MailTally) -> None:
        self.mails += other.mails
        self.answered += other.answered
        self.stored += other.stored
        self.outgoing += other.outgoing
        self.slowest = max(self.slowest, other.slowest)
        self.found += other.found
        self.kinds.update(other.kinds)

    def summary(self) -> str:
        """``findings: CODE N (KIND N, ...), ...`` or ``findings: none``."""
        by_code: dict[str, Counter[str]] = {}
        for f in self.found:
            by_code.setdefault(f.code, Counter())[f.kind] += 1
        return "findings: " + ("; ".join(
            f"{code} {sum(kinds.values())} ({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))})"
            for code, kinds in sorted(by_code.items())) or "none")


class MailTarget:
    """Two games by mail of one kind side by side; mail goes to the first, one real ``tick`` runs over both, and
    the games are put back as they were.  Gives the generator what it needs (``mails.MailWords``)."""

    def __init__(self, game: MailGame, work: Path, limit: float = 20.0, budgets: bool = BUDGETS):
        self.game, self.limit, self.budgets = game, limit, budgets
        self.games = [game.new_game(work / "a"), game.new_game(work / "b")]
        self.pristine = work / "pristine"
        for i, g in enumerate(self.games):
            shutil.copytree(g.parent, self.pristine / str(i))
        first = self.games[0]
        self.passwords = dict(line.split() for line in (first / "passwords.txt").read_text().splitlines())
        self.addresses = game.addresses(first)
        self.gm, self.words, self.places = game.gm, game.words, game.places
        self.before = game.snapshot(first)
        self.accepted = game.accepted(first) if budgets else set()
        self.seq = 0

    def heading(self) -> list[str]:
        return self.game.heading(self.games[0])

    def orders(self, rng: random.Random, player: str) -> list[str]:
        return self.game.orders(rng, self.games[0], player)

    def deliver(self, data: bytes) -> None:
        """Put a mail into the first game's Maildir, arrived within the ten hours before the ticks' time (a game
        that judges a move by its arrival then finds no deadline passed before the tick)."""
        self.seq += 1
        arrived = int(self.game.when.timestamp()) - 36_000 + self.seq % 30_000
        (self.games[0].parent / "maildir" / "new" / f"{arrived}.F{self.seq}.fuzz").write_bytes(data)

    def push(self, data: bytes, knows: set[str], kind: str = "random") -> MailTally:
        """Deliver ``data`` (a mail that gives the right passwords of the companies ``knows``), tick, judge."""
        tally = MailTally(mails=1, kinds=Counter([kind]))
        game = self.games[0]
        self.deliver(data)
        outbox = game / "mail" / "outbox"
        old = {p.name for p in outbox.glob("*.json")} if outbox.is_dir() else set()
        start = time.perf_counter()
        try:
            with time_limit(self.limit):
                ticks = tick([str(g) for g in self.games], self.game.when + timedelta(minutes=self.seq % 50))
        except Hang:
            tally.found.append(MailFinding("hang", f"over {self.limit} s\n{_sample(data)}", kind))
            self._restore()
            return tally
        except BaseException:
            tally.found.append(MailFinding("traceback", traceback.format_exc() + _sample(data), kind))
            self._restore()
            return tally
        finally:
            tally.slowest = time.perf_counter() - start
        for t in ticks:
            if t.error and ("unexpected" in t.error or t.directory == str(self.games[1])):
                tally.found.append(MailFinding("fault", f"{t.directory}: {t.error}\n{_sample(data)}", kind))
        after = self.game.snapshot(game)
        if not self.game.changed_rightly(self.before, after, knows):
            tally.found.append(MailFinding("changed", _sample(data), kind))
        new = sorted(p for p in outbox.glob("*.json") if p.name not in old) if outbox.is_dir() else []
        tally.outgoing += len(new)
        tally.stored += 1
        tally.answered += bool(new)
        sender = read_mail(data).sender  # whoever the mail says it is from knew those passwords
        asked = set(ASKED.findall(data.decode("utf-8", "replace")))  # may hear of the address change it asks
        docs = [json.loads(info.read_text(encoding="utf-8")) for info in new]
        readers = {c: {a} for c, a in self.addresses.items()}
        for c, a in self.game.addresses(game).items():
            readers.setdefault(c, set()).add(a)
        for info, doc in zip(new, docs, strict=True):
            self._judge_outgoing(info, doc, readers, {c: {sender, *asked} for c in knows}, data, tally, kind)
        if self.budgets:
            self._judge_budgets(docs, data, tally, kind)
        self._restore()
        return tally

    def _judge_outgoing(self, info: Path, doc: dict[str, object], readers: dict[str, set[str]],
                        knows: dict[str, set[str]], data: bytes, tally: MailTally, kind: str) -> None:
        if self.budgets:
            msg = message_from_bytes(info.with_suffix(".eml").read_bytes(), policy=policy.default)
            body = msg.get_body(preferencelist=("plain",))
            text = str(body.get_content()) if body is not None else ""
            wide = [line for line in text.splitlines() if too_wide(line)]
            if wide:
                tally.found.append(MailFinding("too-wide", f"{doc['name']}: {wide[0]!r}\n{_sample(data)}", kind))
            raw = [c for c in text if _raw_control(c)]
            if raw:
                tally.found.append(MailFinding("raw-control", f"{doc['name']}: {raw[0]!r}\n{_sample(data)}", kind))
        company = doc.get("player")
        if not company or self.game.public(doc):
            return
        allowed = {*readers.get(str(company), ()), *knows.get(str(company), ()), self.gm}
        to = doc.get("to", [])
        strangers = [a for a in (to if isinstance(to, list) else []) if a.lower() not in
                     {x.lower() for x in allowed if x}]
        if strangers:
            tally.found.append(MailFinding("leak", f"{doc['name']} for {company} to {strangers}\n{_sample(data)}",
                                           kind))

    def _judge_budgets(self, docs: list[dict[str, object]], data: bytes, tally: MailTally, kind: str) -> None:
        replied = [d for d in docs if d.get("kind") not in CLOCK]
        replies = Counter(a for d in replied for a in _to(d))
        many = [(a, n) for a, n in replies.most_common() if n > 1]
        if many:
            names = [str(d.get("name")) for d in replied if many[0][0] in _to(d)]
            tally.found.append(MailFinding("replies", f"{many[0][1]} replies to {many[0][0]} ({', '.join(names[:4])}"
                                                      f"; {len(docs)} mails queued)\n{_sample(data)}", kind))
        voided = self.accepted - self.game.accepted(self.games[0])
        if voided:
            tally.found.append(MailFinding("voided", f"orders of {sorted(voided)} no longer count\n{_sample(data)}",
                                           kind))

    def _restore(self) -> None:
        for i, game in enumerate(self.games):
            shutil.rmtree(game.parent)
            shutil.copytree(self.pristine / str(i), game.parent)


BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
"""Bidi embeddings, overrides, isolates and marks: they reorder the text around them."""


def _to(doc: dict[str, object]) -> set[str]:
    """The addresses an outgoing mail (its outbox record) goes to, in lower case."""
    to = doc.get("to", [])
    return {str(a).lower() for a in (to if isinstance(to, list) else [])}


def _raw_control(c: str) -> bool:
    """A character that must not reach a mail's text raw: a control (but a tab or a line break), a bidi one."""
    return (unicodedata.category(c) == "Cc" and c not in "\t\n") or c in BIDI


def _sample(data: bytes) -> str:
    return f"input ({len(data)} bytes): {data[:300]!r}"


def fuzz_mail(target: MailTarget, count: int, seed_value: int, hostile_share: float = 0.1,
              sizes: Sizes = SMALL) -> MailTally:
    """``count`` mails through ``target``, the generator seeded by ``seed_value``: a share of them hostile (the
    kinds of ``mails.KINDS`` in turn, of ``sizes``), the others generated and mutated."""
    rng = random.Random(seed_value)
    total = MailTally()
    hostile_count = 0
    for _ in range(count):
        if rng.random() < hostile_share:
            kind = KINDS[hostile_count % len(KINDS)]
            hostile_count += 1
            data, knows = hostile(rng, target, kind, sizes)
            total.add(target.push(data, knows, kind))
        else:
            data, knows = mails(rng, target)
            total.add(target.push(data, knows))
    return total
