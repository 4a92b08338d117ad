"""The GM's commands on a game of moves (InterUrban, any play, sequential or simultaneous): a new game, status,
report, verify, undo, the site, deadlines, seats, check, mail.  Each takes the play of the game (``app/movesgm.py``
gives them to the CLI as the game's ``GmCommands``, found by the registry, ``app/plays.py``).  The mail's side (the
postal loop, ``mail.toml``, the outbox) is imported by the commands that use it: a turn run from files, whose
commands are these too, does not load it (``tests/test_lazy_imports.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from adjudicator.kernel import passwords, words
from adjudicator.kernel.commitment import commitment, new_seed, seed_from_text
from adjudicator.kernel.contacts import PlayerSpec, with_languages
from adjudicator.kernel.deadline import HELD_BY_UNDO, Schedule, first_due, parse_duration, parse_time
from adjudicator.kernel.envelope import read_envelope
from adjudicator.kernel.errors import AdjudicatorError, GameFileError
from adjudicator.kernel.gmorders import GM_SEAT, gm_orders_of
from adjudicator.kernel.i18n import check_language, language
from adjudicator.kernel.play import (
    Play,
    bot_default,
    bots_of,
    mail_subject,
    note_deadline,
    on_move,
    period_word,
    sequential,
)
from adjudicator.kernel.table import Accepted, Seat, Table
from adjudicator.postal import resolved
from adjudicator.postal.files import atomic_write, order_files, read_gm_file
from adjudicator.postal.moves import MovesDir
from adjudicator.postal.playof import play_of
from adjudicator.postal.tick import Tick


def start_moves_game(play: Play, directory: str, players: Sequence[str], seed_text: str | None,
                     test_passwords: str | None, schedule: Schedule | None, lang: str,
                     player_langs: Sequence[str], game_id: str | None, caretaker_after: int | None = None,
                     caretaker_level: str = "careful") -> tuple[str, MovesDir]:
    """``adjudicate new --play NAME``: a new game of sequential moves; its opening report (public).
    ``caretaker_after``: the missed moves in a row after which the caretaker, a bot of ``caretaker_level``,
    plays a player's seat (IU-18; ``None``: never)."""
    folder = MovesDir(directory)
    if (folder.path / "game.json").exists():
        raise GameFileError(f"{directory} already holds a game; choose another directory")
    check_language(lang)
    specs = with_languages([PlayerSpec.parse(p) for p in players], player_langs)
    if len({s.id for s in specs}) != len(specs):
        raise AdjudicatorError("a player id is given twice")
    levels = _bot_levels(play, specs)
    _check_caretaker(play, caretaker_after, caretaker_level)
    gid = game_id or Path(directory).resolve().name
    seed = seed_from_text(seed_text, play.name) if seed_text else new_seed()
    secrets = {s.id: passwords.generate(derive_from=f"{test_passwords}:{gid}:{s.id}" if test_passwords else None)
               for s in specs if s.bot is None}
    seats = tuple(Seat(s.id, s.name, s.email, passwords.hash_password(secrets[s.id]) if s.bot is None else "",
                       s.lang or lang, levels.get(s.id, "")) for s in specs)
    try:
        state = play.setup(gid, [s.id for s in specs], play.draw(seed))
    except ValueError as exc:
        raise AdjudicatorError(f"{play.name}: {exc}") from None
    if gm_orders_of(play) is not None and not sequential(play):  # the GM's own section (kernel/gmorders.py)
        secrets[GM_SEAT] = passwords.generate(derive_from=f"{test_passwords}:{gid}:{GM_SEAT}" if test_passwords
                                              else None)
    table = Table(play.name, gid, seats, lang, commitment(seed), schedule or Schedule(),
                  caretaker_after=caretaker_after or 0, caretaker_level=caretaker_level if caretaker_after else "",
                  gm_password_hash=passwords.hash_password(secrets[GM_SEAT]) if GM_SEAT in secrets else "")
    with language(lang):
        opening = play.words.opening(table, state, None, None)
    folder.create(play, table, state, seed, secrets, opening)
    return opening, folder


def _bot_levels(play: Play, specs: Sequence[PlayerSpec]) -> dict[str, str]:
    """Each bot seat's level (``ID:bot=LEVEL``; an empty level: the play's default, ``kernel/play.py: bot_default``,
    its strongest unless it names one); one line when the play has no bots or the level is not one of them, or when
    every seat would be a bot."""
    wanted = {s.id: s.bot for s in specs if s.bot is not None}
    if not wanted:
        return {}
    bots = bots_of(play)
    if bots is None:
        raise AdjudicatorError(f"{play.name} has no bots: give every player as ID:NAME[:EMAIL]")
    if len(wanted) == len(specs):
        raise AdjudicatorError("every seat is a bot: give at least one player as ID:NAME[:EMAIL]")
    levels = bots.bot_levels
    for sid, level in wanted.items():
        if level and level not in levels:
            raise AdjudicatorError(f"player {sid}: the bot's level {level!r} is not one of {', '.join(levels)}")
    return {sid: level or bot_default(bots) for sid, level in wanted.items()}


def _check_caretaker(play: Play, after: int | None, level: str) -> None:
    """One line when the caretaker setting cannot be: not a positive count, a play without bots, a level it
    does not have."""
    if after is None:
        return
    if after < 1:
        raise AdjudicatorError(f"--caretaker-after {after}: give the number of missed moves in a row, 1 or more")
    bots = bots_of(play)
    if bots is None:
        raise AdjudicatorError(f"{play.name} has no bots, so no caretaker: leave out --caretaker-after")
    if level not in bots.bot_levels:
        raise AdjudicatorError(f"the caretaker's level {level!r} is not one of {', '.join(bots.bot_levels)}")


def undo_move(play: Play, directory: str, now: datetime | None = None) -> str:
    """``adjudicate undo`` of any game of the session: what was taken back (the last step: a period resolved, whose
    accepted orders are then on hand again, a move made or missed, a seat's orders accepted, a GM's change), in the
    play's word for a period (``kernel/play.py: PeriodWord``).  A simultaneous period taken back holds a game that
    has a deadline (reading 73), so that no tick resolves it again at once from the orders that stand before the GM
    has corrected them; the seat on move of a sequential game gets a new deadline from now instead."""
    folder = MovesDir(directory)
    with folder.lock():  # held to the end: no tick acts on the game between the undo and its new deadline or hold
        return _undone(play, directory, folder, folder.undo(), now or datetime.now(UTC))


def _undone(play: Play, directory: str, folder: MovesDir, record: dict[str, object], now: datetime) -> str:
    """What ``undo_move`` tells the GM of the step taken back (``record``), after the deadline it sets (the lock
    held)."""
    word, kind, move = period_word(play), record.get("kind"), record.get("move")
    correction = record.get("correction")
    if kind == "orders":
        return (f"the orders of {record.get('seat')} for {word} {move} taken back; game.json is as it was before "
                "they were accepted")
    if kind == "fix" and isinstance(correction, dict):
        return f"correction {correction.get('number')} undone; game.json is back as it was before it."
    if kind not in ("move", "missed"):
        return f"step {kind} taken back; game.json is as it was before it"
    game = folder.load(play)
    if not sequential(play):
        return _held_after_undo(play, directory, game.table.schedule, bool(play.to_act(game.state)), move, now)
    seat = ", ".join(play.to_act(game.state)) or None
    if game.table.schedule.every and seat is not None:
        schedule = resolved.next_due(game.table.schedule, now, False)
        folder.commit(play, game, replace(game.table, schedule=schedule), game.state,
                      {"kind": "deadline", "why": "undo", "move": move, "due": schedule.due})
        return f"{word} {move} taken back; {seat} is on {word} again, until {schedule.due}"
    return f"{word} {move} taken back; {seat} is on {word} again"


def _held_after_undo(play: Play, directory: str, schedule: Schedule, acting: bool, move: object,
                     now: datetime) -> str:
    """A simultaneous period taken back: held where it has a deadline (``HELD_BY_UNDO``, told to every seat at once),
    its deadline as it was; what the GM is told."""
    word = period_word(play)
    said = (f"{word} {move} undone; game.json is back at {word} {move} (the orders accepted for it stand). Run it "
            "again with the corrected orders.")
    if not schedule.due or schedule.held or not acting:
        return said
    set_moves_deadline(play, directory, [("held", HELD_BY_UNDO)], "", now)
    due = schedule.due_at()
    when = ("the deadline has passed: the next tick after the release runs it" if due is not None and due <= now
            else "after the release it runs at its deadline")
    return said + (f"\nThe game is held: no tick runs {word} {move} until 'adjudicate deadline hold {directory} "
                   f"--release' ({when}).")


def verify_moves(play: Play, directory: str, seed: str | None) -> tuple[bool, list[str]]:
    """``adjudicate verify`` of a game of sequential moves."""
    from adjudicator.postal import moveverify  # verify's alone: a turn does not import it

    checks = moveverify.verify(MovesDir(directory), play, seed)
    return all(ok for ok, _ in checks), [f"{'OK' if ok else 'FAILED'}: {line}" for ok, line in checks]


def write_moves_site(play: Play, directory: str, out: str) -> list[Path]:
    """``adjudicate site`` of a game of sequential moves: the pages written."""
    from adjudicator.postal.mailconfig import order_page_to

    folder = MovesDir(directory)
    target = Path(out)
    if target.resolve() == folder.path.resolve() or folder.path.resolve() in target.resolve().parents:
        raise AdjudicatorError(f"{out} is inside the game directory, which holds the passwords and the seed; "
                             "choose a folder elsewhere to publish")
    game = folder.load(play)
    shown = []
    for step, record in folder.moves():
        report = folder.report_of(record)  # published as sealed: a report changed since is refused
        if report is not None:
            shown.append((int(record["move"]), report, play.load(folder.game_after(step)["state"])))
    with language(game.table.lang):
        pages = play.words.site(game.table, shown, order_page_to(folder))
    written = []
    for page, text in sorted(pages.items()):
        try:
            atomic_write(target / page, text)
        except OSError as exc:
            raise AdjudicatorError(f"cannot write {target / page}: {exc.strerror or exc}") from None
        written.append(target / page)
    return written


def _changed(play: Play, directory: str, change: Callable[[Table], Table], record: dict[str, object]) -> Table:
    """A GM's change of a game of moves' table, archived as a step of the chain."""
    folder = MovesDir(directory)
    with folder.lock():
        game = folder.load(play)
        table = change(game.table)
        state = game.state
        if record.get("kind") == "deadline":  # noted in the play's state too, where it prints them (Dampfross)
            record = {**record, "by": "GM", "when": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")}
            state = note_deadline(play, state, table, record)
        folder.commit(play, game, table, state, record)
        if record.get("kind") == "deadline":
            _tell_deadline(folder, play, table, game.state, len(folder.steps()) - 1, str(record.get("why", "")),
                           record.get("settings", ()))
    return table


def _tell_deadline(folder: MovesDir, play: Play, table: Table, state: object, step: int, why: str,
                   settings: object = ()) -> None:
    """Every player hears of a changed deadline at once (queued; the next tick sends it), where the game is run
    by mail and a move is on hand (``settings``: the GM's changes, ``[key, value]``, which a play's words may
    name)."""
    from adjudicator.postal.compose import Outgoing
    from adjudicator.postal.mailconfig import load_config
    from adjudicator.postal.outbox import Outbox

    config = load_config(folder)
    if config is None or not play.to_act(state):
        return
    for seat in table.seats:
        if not seat.address:
            continue
        with language(seat.lang):
            text = play.words.receipt(table, state, "deadline", {"why": why, "settings": settings})
            subject = mail_subject(play, table, "deadline", table.moves + 1, seat.id)
        Outbox(folder).queue(Outgoing(f"deadline-{step:03d}-{seat.id}", (seat.address,), subject, text,
                                      kind="deadline", player=seat.id), config.sender, datetime.now(UTC))


def set_moves_deadline(play: Play, directory: str, settings: Sequence[tuple[str, str]], why: str,
                       now: datetime | None = None) -> str:
    """``deadline set``, ``extend`` (``("extend", PERIOD)``) and ``hold`` of a game of moves: the new deadline in
    words for the GM."""
    from adjudicator.app.declare import of_play

    own = of_play(play).schedule  # the settings it declares; a game of simultaneous turns honours early
    own += ("early",) if not sequential(play) and "early" not in own else ()

    def change(table: Table) -> Table:
        schedule = table.schedule
        for key, value in settings:
            if key == "extend":
                due = schedule.due_at()
                if due is None:
                    raise AdjudicatorError("there is no deadline to extend; set one with 'deadline set --due'")
                schedule = replace(schedule, due=(due + parse_duration(value)).isoformat())
            elif key == "every" and value and not schedule.due:
                schedule = schedule.with_setting(key, value)
                schedule = schedule.with_setting("due", first_due(schedule, now or datetime.now(UTC)) or "")
            elif key == "due" and value:
                schedule = schedule.with_setting(key, parse_time(value, dict(settings).get("zone", schedule.zone))
                                                 .isoformat())
            elif key in ("due", "every", "zone", "held", "remind") or key in own:
                schedule = schedule.with_setting(key, value)
            else:
                raise AdjudicatorError(f"a game of moves has no deadline setting {key!r} "
                                     f"(due, every, zone, remind, hold{''.join(f', {k}' for k in own)})")
        return replace(table, schedule=schedule)

    if settings:
        table = _changed(play, directory, change, {"kind": "deadline", "settings": [list(kv) for kv in settings],
                                                   "why": why})
    else:  # nothing to change: the deadline as it stands; nothing archived, no player told
        table = MovesDir(directory).load(play).table
    s = table.schedule
    return f"deadline: {s.due or 'none'}" + (f", every {s.every}" if s.every else "") + (" (held)" if s.held else "")


def check_moves(play: Play, directory: str, paths: Sequence[str]) -> tuple[str, bool]:
    """``check FILE... --game DIR`` of a game of moves: what each section with its right password would do, as its
    receipt would say it, and whether every section could be played (nothing is carried out).  The files are
    read as the mail robot reads a mail's texts (any encoding, a size limit); a folder named, its order files
    (``postal/files.py: order_files``), as ``run`` reads them."""
    from adjudicator.postal import ahead  # moves sent ahead, as check reads a mail: not a turn's

    texts = [read_gm_file(name, "a mail of orders") for name in order_files(paths)]
    game = MovesDir(directory).load(play)
    out = []
    ok = True
    for text in texts:
        for section in read_envelope(text).sections:
            seat = game.table.find(section.seat)
            if seat is None or not game.table.password_ok(section.seat, section.password):
                out.append(f"{section.seat}: the password is wrong, or the game has no such player")
                ok = False
                continue
            body, sent, problems = ahead.split(play, game.state, seat.id, section.body)  # moves sent ahead too
            made = None
            if not problems and (body or sent is None):
                made, problems = play.read(game.state, seat.id, body)
            ok = ok and not problems
            code, data = ("refused", {"problems": problems}) if problems else ("checked-ahead", {}) if made is None \
                else ("checked", {"seat": seat.id, "preview": play.preview(game.state, seat.id, made)})
            with language(game.table.lang):
                text = play.words.receipt(game.table, game.state, code, data)
                if sent is not None and not problems:
                    text = text.rstrip("\n") + "\n\n" + words.ahead_list(sent, checked=True)
                out.append(text)
    return "\n".join(out) or "no PLAYER section with orders\n", ok and bool(out)


def moves_mail(play: Play, directory: str, fetch_only: bool, retry: bool, now: datetime | None = None,
               move: int | None = None, seat: str | None = None) -> Tick:
    """``mail fetch`` (``fetch_only``) and ``mail send [--retry]`` of any game of the session: new mail into the inbox
    (the next tick answers it), or what is queued sent, the refused mails queued again first with ``retry``.  With
    ``move`` or ``seat`` (``mail send --turn N --player ID``) the report mail that told each seat (or ``seat``) of
    period ``move`` (default: the last) is queued again to its address now first (``_again``)."""
    from adjudicator.postal.loop import config_of, fetch, retry_failed, send
    from adjudicator.postal.outbox import Outbox

    folder, t = MovesDir(directory), Tick(directory)
    when = now or datetime.now(UTC)
    config = config_of(folder)
    with folder.lock():
        game = folder.load(play)
        if fetch_only:
            fetch(folder, config, when, t)
            return t
        if retry:
            retry_failed(folder, when, t, lambda doc: _address(game.table, doc))
        again = None if move is None and seat is None else _again(play, folder, game.table, move, seat, when)
        send(folder, config, when, t, again)
        if config.smtp is None:
            raise AdjudicatorError(f"{folder.path}/mail.toml has no [smtp]: the mails wait in "
                                   f"{Outbox(folder).queue_dir}")
    return t


def _again(play: Play, folder: MovesDir, table: Table, move: int | None, seat: str | None,
           when: datetime) -> list[str]:
    """The report mails of period ``move`` queued again (the outbox's names): for each seat (``seat``: that one) the
    last version of the mail that told it of the period, ``move-NNN-SEAT`` (a seat of a sequential game is told of
    several moves in the mail named by the last of them; a converted game's mail stands for the old one it names,
    ``alias_of``).  A seat without an address and no mail is passed over, unless it was asked for."""
    from adjudicator.postal.outbox import Outbox

    word, wanted = period_word(play), move if move is not None else table.moves
    sid = seat.strip().upper() if seat else None
    if sid is not None and table.find(sid) is None:
        raise AdjudicatorError(f"no seat {sid} in game {table.game}")
    outbox, names = Outbox(folder), []
    for s in table.seats:
        if sid is not None and s.id != sid:
            continue
        known = next((v for m in range(wanted, table.moves + 1) if (v := outbox.versions(f"move-{m:03d}-{s.id}"))),
                     [])
        doc = outbox.record(known[-1]) if known else None
        name = str(doc.get("alias_of")) if doc and doc.get("alias_of") else known[-1] if known else None
        if name is None or not outbox.requeue(name, when, _address(table, {"player": s.id})):
            if sid is None and not s.address:
                continue
            raise AdjudicatorError(f"no report mail of {word} {wanted} for {s.id} in {outbox.sent_dir}")
        names.append(name)
    return names


def _address(table: Table, doc: dict[str, object]) -> tuple[str, ...] | None:
    """Where a seat's mail goes now: its address on file (``None``: as it was addressed)."""
    seat = table.find(str(doc.get("player", "")))
    return (seat.address,) if seat is not None and seat.address else None


def moves_report(play: Play, directory: str, move: int | None, every: bool) -> str:
    """``report`` of a game of moves: a move's report as mailed to all; ``move``
    none: the last; ``every``: all of them, a form feed between.  A report changed since its step sealed it is
    refused in one line naming it."""
    folder = MovesDir(directory)
    last = folder.load(play).table.moves
    numbers = range(last + 1) if every else [last if move is None else move]
    texts = []
    for n in numbers:
        text = folder.sent_report(n)  # as sealed when it was sent: a report changed since is refused
        if text is None:
            word = period_word(play)
            raise AdjudicatorError(f"no report of {word} {n} in {folder.path / 'reports'} ({word}s so far: {last})")
        texts.append(text)
    return "\f\n".join(texts)


def moves_status_json(play: Play, directory: str) -> dict[str, object]:
    """``status --json`` of any game of the session: codes and numbers for scripts.  Each seat whose orders for
    the period on hand are in says when their mail arrived (``orders_arrived``, in the game's time zone; an order
    file or a bot's: ``null``); ``outbox_waiting`` counts the mails queued, ``unanswered`` the mails not read yet."""
    from adjudicator.postal.inbox import Inbox
    from adjudicator.postal.outbox import Outbox

    folder = MovesDir(directory)
    game = folder.load(play)
    t = game.table
    inbox = Inbox(folder)
    mails = {m.key: m.arrived for m in inbox.mails()} if t.orders else {}

    def arrived(accepted: Accepted) -> str | None:  # a table kept before ``arrived`` was: the mail's own
        when = datetime.fromisoformat(accepted.arrived) if accepted.arrived else mails.get(accepted.mail)
        return when.astimezone(t.schedule.tz()).isoformat() if when else None

    return {"play": play.name, "game": t.game, "moves": t.moves, "on_move": on_move(play, game.state),
            **({"to_act": list(play.to_act(game.state))} if not sequential(play) else {}),
            "over": not play.to_act(game.state), "due": t.schedule.due, "held": t.schedule.held,
            "seats": [{"id": s.id, "name": s.name, "missed": t.missed_by(s.id), **({"bot": s.bot} if s.bot else {}),
                       **({"caretaker": s.caretaker, "caretaker_from": s.caretaker_from} if s.caretaker else {}),
                       **({"ahead": len(sent.moves)} if (sent := t.sent_ahead(s.id)) else {}),
                       **({"orders_arrived": arrived(a)} if (a := t.accepted(s.id)) is not None else {})}
                      for s in t.seats],
            **({"caretaker": {"after": t.caretaker_after, "level": t.caretaker_level}} if t.caretaker_after else {}),
            "outbox_waiting": len(Outbox(folder).pending()), "unanswered": sum(1 for _ in inbox.unanswered())}


def moves_status(play: Play, directory: str) -> str:
    """``adjudicate status`` of a game of sequential moves."""
    game = MovesDir(directory).load(play)
    with language(game.table.lang):
        return play.words.status(game.table, game.state)


def standings(play: Play, directories: Sequence[str]) -> str:
    """``adjudicate standings DIR...``: finished games of one play and one set of players, scored together (an
    InterUrban tournament: one game per start player)."""
    games = []
    if any(play_of(Path(d)) != play.name for d in directories):
        raise AdjudicatorError("standings: give the directories of finished games of one game of moves "
                             "(e.g. the InterUrban games of a tournament)")
    for d in directories:
        game = MovesDir(d).load(play)
        if play.to_act(game.state):
            raise AdjudicatorError(f"{d}: game {game.table.game} is not over yet")
        games.append((game.table, game.state))
    if len({frozenset(t.seat_ids) for t, _ in games}) != 1:
        raise AdjudicatorError("standings: the games have different players")
    with language(games[0][0].lang):
        return play.words.standings(games)
