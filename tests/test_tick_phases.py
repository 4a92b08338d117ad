"""A tick over many games pays for durability once a phase, not once a file of each game (issue 34).

``postal/loop.py: tick_all`` runs every game's mail, turns and queued mails first, syncs once, then sends each
game's mails and marks its source's mails seen, and syncs once more; ``postal/files.py: deferred_sync`` leaves
every ``fsync`` of the first phase to that one sync.  Nothing leaves a game folder (a mail sent) and nothing
stops a mail being fetched again (the source's mails marked seen) before the sync after the writes it depends
on.  The crash tests (``test_postal_crash.py``) kill such a tick anywhere.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from adjudicator.postal import files, loop, robot
from adjudicator.postal.inbox import Inbox
from adjudicator.postal.lock import exclusive
from adjudicator.postal.moves import LOCK_FILE, MovesDir
from adjudicator.postal.outbox import Outbox
from tests.helpers import invoke
from tests.mailservers import SmtpServer, smtp_server
from tests.postal_game import setup_game, tick_times


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    with smtp_server() as server:
        yield server


def _spy(monkeypatch: pytest.MonkeyPatch, events: list[str]) -> None:
    """Record each sync, fsync, marking seen and sending, in order (each still done)."""
    real_sync, real_fsync = os.sync, os.fsync
    real_seen, real_send = Inbox.mark_seen, Outbox.send

    def sync() -> None:
        events.append("sync")
        real_sync()

    def fsync(fd: int) -> None:
        events.append("fsync")
        real_fsync(fd)

    def mark_seen(self: Inbox, keys: set[str]) -> None:
        events.append("seen")
        real_seen(self, keys)

    def send(self: Outbox, *args: object, **kwargs: object) -> object:
        events.append("send")
        return real_send(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "sync", sync)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(Inbox, "mark_seen", mark_seen)
    monkeypatch.setattr(Outbox, "send", send)


def test_a_tick_over_three_games_syncs_twice_and_sends_only_after_the_first(tmp_path: Path, smtp: SmtpServer,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    games = [setup_game(tmp_path / f"g{n}", smtp.toml()) for n in range(3)]
    events: list[str] = []
    _spy(monkeypatch, events)
    invoke("tick", *map(str, games), "--now", tick_times()[0])
    assert "fsync" not in events  # every file of the first phase left to its one sync
    assert events.count("sync") == 2, events
    first = events.index("sync")
    assert events.count("seen") == 3 and events.count("send") == 3
    assert all(i > first for i, e in enumerate(events) if e in ("seen", "send"))  # after the barrier
    assert events[-1] == "sync"  # the sent records
    for game in games:  # each game's mails fetched, answered and sent as a tick of it alone does
        assert (game / "mail" / "seen.json").is_file()
        assert not Outbox(MovesDir(game)).pending()
        assert list((game / "mail" / "sent").glob("*.json"))


def test_a_game_ticked_alone_is_ticked_in_the_same_two_phases(tmp_path: Path, smtp: SmtpServer,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game = setup_game(tmp_path, smtp.toml())
    events: list[str] = []
    _spy(monkeypatch, events)
    invoke("tick", str(game), "--now", tick_times()[0])
    assert "fsync" not in events and events.count("sync") == 2
    assert events.index("sync") < events.index("seen") and events.index("sync") < events.index("send")


def test_a_game_busy_in_the_second_phase_keeps_its_mails_queued_for_the_next_tick(
        tmp_path: Path, smtp: SmtpServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another command takes the game between the phases: the tick says the game was busy; its mails wait, its
    source's mails are read again by the next tick and stored once (the inbox knows them)."""
    game = setup_game(tmp_path, smtp.toml())
    other = ExitStack()
    real = files.deferred_sync

    @contextmanager
    def taken_at_the_barrier() -> Iterator[Callable[[], None]]:
        with real() as barrier:
            def then_taken() -> None:
                barrier()
                other.enter_context(exclusive(game / LOCK_FILE, 0.0))  # a GM's command, say, between the phases
            yield then_taken

    monkeypatch.setattr(robot, "TICK_WAIT", 0.0)
    monkeypatch.setattr(loop, "deferred_sync", taken_at_the_barrier)
    first = invoke("tick", str(game), "--now", tick_times()[0], ok=False)
    assert "busy" in first.output or "another" in first.output, first.output
    assert Outbox(MovesDir(game)).pending() and not (game / "mail" / "seen.json").exists()
    stored = sorted(p.name for p in (game / "mail" / "inbox").iterdir() if p.is_dir())
    other.close()
    monkeypatch.undo()
    invoke("tick", str(game), "--now", tick_times()[0])
    assert not Outbox(MovesDir(game)).pending() and (game / "mail" / "seen.json").is_file()
    assert sorted(p.name for p in (game / "mail" / "inbox").iterdir() if p.is_dir()) == stored  # none twice


def test_a_tick_over_many_games_shared_between_processes_does_what_one_process_does(
        tmp_path: Path, smtp: SmtpServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Five games ticked by two forked workers (``loop.py: _in_workers``) and five copies in this process: the
    same notes, game by game, in the order named; every mail sent."""
    from adjudicator.app.plays import tick

    alone = [setup_game(tmp_path / "one" / f"g{n}", smtp.toml()) for n in range(5)]
    shared = [tmp_path / "two" / f"g{n}" / "postal" for n in range(5)]
    for a, b in zip(alone, shared, strict=True):
        shutil.copytree(a.parent, b.parent)
    when = datetime.fromisoformat(tick_times()[0])
    here = tick([str(g) for g in alone], when)
    monkeypatch.setattr(loop, "_workers", lambda games: 2)
    there = tick([str(g) for g in shared], when)
    assert [t.directory for t in there] == [str(g) for g in shared]
    assert [(t.notes, t.error, t.problems) for t in there] == [(t.notes, t.error, t.problems) for t in here]
    assert all(not Outbox(MovesDir(g)).pending() and (g / "mail" / "seen.json").is_file() for g in shared)
    sent = sorted(p.name for p in (shared[3] / "mail" / "sent").iterdir())
    assert sent == sorted(p.name for p in (alone[3] / "mail" / "sent").iterdir())


def test_a_worker_that_dies_costs_its_games_this_tick_only(tmp_path: Path, smtp: SmtpServer,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers take the games in turn as each is free (``loop.py: _taken``); the one that takes the second game
    dies with it: the games it took have an error line, the other worker takes the games after it."""
    from adjudicator.app.plays import tick

    games = [setup_game(tmp_path / f"g{n}", smtp.toml()) for n in range(4)]
    when = datetime.fromisoformat(tick_times()[0])
    real = loop._tick_share

    def dies_with_the_second_game(directories: Iterable[str], at: datetime, loop_of: Any) -> list[loop.Tick]:
        def taken() -> Iterator[str]:
            for d in directories:
                if d == str(games[1]):
                    os._exit(9)  # killed, say, by the system's out-of-memory killer
                yield d
        return real(taken(), at, loop_of)

    monkeypatch.setattr(loop, "_workers", lambda games: 2)
    monkeypatch.setattr(loop, "_tick_share", dies_with_the_second_game)
    ticks = tick([str(g) for g in games], when)
    failed = [n for n, t in enumerate(ticks) if t.error]
    assert failed in ([1], [0, 1])  # the dead worker may have taken the first game before the second
    assert "worker process stopped (exit status 9)" in ticks[1].error
    monkeypatch.undo()
    again = tick([str(g) for g in games], when)
    assert not any(t.error for t in again)
    assert all(not Outbox(MovesDir(g)).pending() and (g / "mail" / "seen.json").is_file() for g in games)


def test_the_games_of_a_tick_send_over_one_connection_to_their_server(tmp_path: Path, smtp: SmtpServer,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``outbox.py: kept_connections``: the second phase keeps a server's connection for the next game (asked with
    NOOP first); one that no longer answers is replaced, and the game's mails go all the same."""
    from adjudicator.postal import outbox

    games = [setup_game(tmp_path / f"g{n}", smtp.toml()) for n in range(4)]
    opened: list[object] = []
    real = outbox._connect

    def counted(server: Any, base: Path) -> Any:
        opened.append(server)
        return real(server, base)

    monkeypatch.setattr(outbox, "_connect", counted)
    invoke("tick", *map(str, games[:3]), "--now", tick_times()[0])
    assert len(opened) == 1
    assert len(smtp.mails) == sum(len(list((g / "mail" / "sent").glob("*.json"))) for g in games[:3]) > 3
    monkeypatch.setattr(outbox, "_answers", lambda connection: False)  # as if the server had hung up meanwhile
    monkeypatch.setattr(outbox, "KEPT_MAILS", 10_000)
    invoke("tick", *map(str, games[1:]), "--now", tick_times()[0])
    assert len(opened) == 1 + 1  # games 1 and 2 send nothing more; game 3 opens its own
    assert not Outbox(MovesDir(games[3])).pending()
