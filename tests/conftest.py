"""Fixtures shared by the tests: a postal trial of any game (its folder, its Maildir, mail in and out).

``trial`` makes a game of the kind asked (``dampfross``, ``interurban`` or the tests' own ``takeaway`` and
``rps``, rock-paper-scissors, a game of simultaneous turns) run by
mail from a Maildir, with no SMTP: the mails the robot sends wait in the outbox, where the tests read them.
Every game is made the same way (two seats, RED for anna@example.org in English or German, BLUE for
bernd@example.net, a deadline on 2026-12-04 18:00 UTC and one every seven days), so a test written once runs
against every game.

The tests' clock (``tests/clock.py``): ``--clock-ahead DAYS`` runs the session with the clock that far ahead, and
every test of a module that ticks, delivers mail or reads the clock carries the marker ``clock``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from tests import clock
from tests.helpers import invoke
from tests.mailservers import mail_bytes

GAMES = ("dampfross", "interurban", "takeaway", "rps")
"""Every game the platform serves in the tests: the two of the product and two defined only in the tests (take-away
of sequential moves, rock-paper-scissors of simultaneous turns)."""


def register_test_plays() -> None:
    """The tests' own games in the registry (``plays.register``), as a game outside the package joins."""
    from adjudicator.app import plays

    plays.register("takeaway", "tests.games.takeaway")
    plays.register("rps", "tests.games.rps")
ANNA, BERND = "anna@example.org", "bernd@example.net"


@dataclass
class Trial:
    """A game run by mail: ``deliver`` puts a mail in its Maildir (delivered at a given time), ``tick`` runs
    ``adjudicate tick`` at a given time, ``mails`` reads what the robot queued."""

    kind: str
    game: Path
    maildir: Path
    passwords: dict[str, str]
    count: int = 0

    @property
    def moves(self) -> bool:
        """A game of the platform's session of moves (``postal/turns.py``): its folder, its archive of steps."""
        return self.kind != "dampfross"

    @property
    def sequential(self) -> bool:
        """A game of sequential moves: one seat acts at a time (BLUE after RED)."""
        return self.kind in ("interurban", "takeaway")

    def deliver(self, sender: str, body: str, when: str, subject: str = "orders") -> None:
        self.count += 1
        clock.maildir_mail(self.maildir, mail_bytes(sender, body, subject, when), when, f"M{self.count:04d}P1.mx")

    def tick(self, when: str) -> str:
        return invoke("tick", str(self.game), "--now", when).output

    def mails(self, to: str | None = None, prefix: str = "") -> list[tuple[str, EmailMessage]]:
        out = []
        for box in ("outbox", "sent"):
            for path in sorted((self.game / "mail" / box).glob(f"{prefix}*.eml")):
                msg = message_from_bytes(path.read_bytes(), policy=policy.default)
                if to is None or to in str(msg["To"]):
                    out.append((path.stem, msg))  # type: ignore[arg-type]
        return out

    def envelope(self, seat: str, password: str | None = None) -> str:
        """The heading and PLAYER line of an order mail for ``seat`` now."""
        pw = password or self.passwords[seat]
        if self.kind == "dampfross":
            return f"GAME g\nTURN 1\nPLAYER {seat} PASSWORD {pw}\n"
        return f"GAME g\nPLAYER {seat} PASSWORD {pw}\n"

    def orders(self, seat: str, after_miss: bool = False) -> str:
        """Orders ``seat`` may give now (the body under the PLAYER line); ``after_miss``: once the seat on move now
        has missed its move."""
        if self.kind == "dampfross":
            return {"RED": "START Hamburg\n", "BLUE": "START Berlin\n"}[seat]
        if self.kind == "takeaway":
            return "TAKE 2\n"
        if self.kind == "rps":
            return {"RED": "ROCK\n", "BLUE": "PAPER\n"}[seat]
        from adjudicator.interurban.play import PLAY
        from adjudicator.postal.moves import MovesDir
        from tests.test_iu_postal import a_move

        state = MovesDir(self.game).load(PLAY).state
        if after_miss:
            state, _ = PLAY.miss(state, state.on_move)
        return a_move(state, seat) + "\n"

    def counted(self, seat: str) -> bool:
        """Whether ``seat``'s orders count: its move is made, or its orders of a simultaneous period (a Dampfross
        turn) accepted, a step of the session's archive."""
        steps = sorted((self.game / "archive").glob("step-*/record.json"))
        return any(json.loads(p.read_text()).get("seat") == seat and json.loads(p.read_text()).get("kind") in
                   ("move", "orders") for p in steps)

    def state(self) -> dict[str, Any]:
        doc: dict[str, Any] = json.loads((self.game / "game.json").read_text(encoding="utf-8"))
        return doc


OLD_FORMAT = Path(__file__).resolve().parent / "fixtures" / "old-format"
"""Dampfross games as the old format kept them, made once by the old code (``fixtures/old-format/README.md``)."""


def old_trial(where: Path, name: str, smtp_toml: str = "") -> Trial:
    """A copy of the old-format Dampfross game ``name`` (``tests/fixtures/old-format/<name>``) in ``where/g``, run by
    mail from ``where/maildir`` as ``make_trial`` runs a game (``smtp_toml``: the ``[smtp]`` of a test's server; the
    mails the old robot read are in its inbox, their keys in ``seen.json``: the next mail is numbered after them)."""
    import shutil

    game, maildir = where / "g", where / "maildir"
    shutil.copytree(OLD_FORMAT / name, game)
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True, exist_ok=True)
    (game / "mail.toml").write_text(f'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\npath = "{maildir}"\n'
                                    + (f"\n{smtp_toml}" if smtp_toml else ""), encoding="utf-8")
    (game / "mail.toml").chmod(0o600)
    secrets = dict(line.split(None, 1) for line in (game / "passwords.txt").read_text().splitlines() if " " in line)
    seen = game / "mail" / "seen.json"
    count = len(json.loads(seen.read_text())["keys"]) if seen.is_file() else 0
    return Trial("dampfross", game, maildir, {k: v.strip() for k, v in secrets.items()}, count)


def make_trial(where: Path, kind: str, red_lang: str = "en", strict: bool = True, board: str = "germany") -> Trial:
    """A new game of ``kind`` in ``where/g``, run by mail from ``where/maildir`` (Dampfross: on the map ``board``)."""
    register_test_plays()
    game, maildir = where / "g", where / "maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True, exist_ok=True)
    args = ["new", str(game), "--id", "g", "--seed", f"trial-{kind}", "--unsafe-test-passwords", f"trial-{kind}",
            "--player", f"RED:Anna:{ANNA}", "--player", f"BLUE:Bernd:{BERND}", "--deadline", "2026-12-04 18:00",
            "--every", "7d", "--player-lang", f"RED={red_lang}"]
    if kind == "dampfross":
        args += ["--map", board] + (["--strict"] if strict else [])
    else:
        args += ["--play", kind]
    invoke(*args)
    (game / "mail.toml").write_text(f'from = "GM <gm@example.org>"\n\n[source]\nkind = "maildir"\n'
                                    f'path = "{maildir}"\n', encoding="utf-8")
    (game / "mail.toml").chmod(0o600)
    name = "passwords.txt"
    secrets = dict(line.split(None, 1) for line in (game / name).read_text().splitlines() if " " in line)
    trial = Trial(kind, game, maildir, {k: v.strip() for k, v in secrets.items()})
    trial.tick("2026-12-01T08:00+00:00")  # the openings
    return trial


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(clock.OPTION, type=int, default=0, metavar="DAYS",
                     help="run with the clock DAYS ahead (tests/clock.py); CI runs -m clock --clock-ahead 365")


def pytest_configure(config: pytest.Config) -> None:
    days = config.getoption(clock.OPTION)
    if days:
        clock.AHEAD = clock.Ahead(days)
        clock.AHEAD.start()


def pytest_unconfigure(config: pytest.Config) -> None:
    if clock.AHEAD is not None:
        clock.AHEAD.stop()
        clock.AHEAD = None


def pytest_report_header(config: pytest.Config) -> str | None:
    return clock.AHEAD.header() if clock.AHEAD is not None else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test of a module that ticks, delivers mail or reads the clock (``clock.BOUND``) is marked ``clock``."""
    bound: dict[Path, bool] = {}
    for item in items:
        module = item.path
        if module not in bound:
            bound[module] = bool(clock.BOUND.search(module.read_text(encoding="utf-8")))
        if bound[module]:
            item.add_marker(clock.MARKER)


@pytest.fixture(params=GAMES)
def trial(request: pytest.FixtureRequest, tmp_path: Path) -> Trial:
    """A postal game of each kind in turn."""
    return make_trial(tmp_path, request.param)


@pytest.fixture(scope="session", autouse=True)
def _pictures_once(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each distinct picture of a report mail drawn once a run and shared by the workers (``tests/pictures.py``)."""
    from tests.pictures import remember

    base = tmp_path_factory.getbasetemp()
    remember((base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "pictures")


@pytest.fixture(autouse=True)
def _registered_plays() -> Iterator[None]:
    """A game a test registers (take-away) is gone again after the test."""
    from adjudicator.app import plays

    kept = dict(plays.PLAYS)
    yield
    plays.PLAYS.clear()
    plays.PLAYS.update(kept)


def iu_maildir_game(where: Path, seed: str, test_passwords: str) -> tuple[Path, dict[str, str]]:
    """A new InterUrban game in ``where/g`` (RED a@x.org, BLUE b@x.org, a move every two days, made on 1 December
    2026 at 08:00 UTC: RED's first deadline is two days later) run by mail from the Maildir ``where/in``, and its
    passwords by seat."""
    game = where / "g"
    with clock.at("2026-12-01T08:00+00:00"):  # new has no --now: the first deadline is two days from the clock
        invoke("new", str(game), "--play", "interurban", "--id", "g", "--seed", seed, "--unsafe-test-passwords",
               test_passwords, "--player", "RED:Anna:a@x.org", "--player", "BLUE:Bernd:b@x.org", "--every", "2d")
    for sub in ("cur", "new", "tmp"):
        (where / "in" / sub).mkdir(parents=True, exist_ok=True)
    (game / "mail.toml").write_text(f'from = "gm@x.org"\n\n[source]\nkind = "maildir"\npath = "{where / "in"}"\n')
    return game, dict(line.split() for line in (game / "passwords.txt").read_text().splitlines())
