"""``adjudicate fix`` and ``adjudicate player``: the GM's corrections between turns, recorded, archived and
printed in the next report (a company's language too: ``player lang``)."""

from __future__ import annotations

from adjudicator.dampfross.app.gmmails import queue_takeover
from adjudicator.dampfross.app.store import GameDir, chained, record_of_fix, stamp
from adjudicator.dampfross.board.hexgrid import Hex
from adjudicator.dampfross.engine.corrections import apply_correction
from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.game.state import Correction, CorrectionKind, GameState
from adjudicator.dampfross.report.i18n import check_language
from adjudicator.kernel import passwords
from adjudicator.kernel.contacts import check_address, check_name
from adjudicator.kernel.errors import AdjudicatorError


def correct(directory: str, kind: CorrectionKind, why: str, by: str, *, player: str | None = None,
            amount: int | None = None, a: str | None = None, b: str | None = None, key: str | None = None,
            value: str | None = None) -> Correction:
    """Apply one correction to the game in ``directory`` (holding its lock); return it as recorded."""
    gdir = GameDir(directory)
    with gdir.lock():
        return correct_held(gdir, gdir.load_state(), kind, why, by, player=player, amount=amount, a=a, b=b,
                            key=key, value=value)


def correct_held(gdir: GameDir, state: GameState, kind: CorrectionKind, why: str, by: str, *,
                 player: str | None = None, amount: int | None = None, a: str | None = None, b: str | None = None,
                 key: str | None = None, value: str | None = None) -> Correction:
    """``correct`` for a caller that holds the game's lock already and has its state (a command by mail)."""
    c = Correction(len(state.corrections) + 1, state.turn, kind, by, stamp(), why,
                   player=player.upper() if player else None, amount=amount,
                   a=Hex.parse(a) if a else None, b=Hex.parse(b) if b else None, key=key, value=value)
    _commit(gdir, state, c)
    return c


def set_language(directory: str, player: str, lang: str, why: str = "", by: str = "GM") -> Correction:
    """Write the company's private reports, receipts and mails in ``lang`` from now on (``game``: in the game's
    language again); a correction like the others, printed in the next public report."""
    code = "" if lang == "game" else check_language(lang)
    return correct(directory, "lang", why, by, player=player, value=code)


def set_address(directory: str, player: str, email: str, why: str = "", by: str = "GM") -> Correction:
    """The company's mail goes to ``email`` from now on (a typo corrected, a player's new address); recorded like
    the other corrections and printed in the next public report, without the address."""
    return correct(directory, "address", why, by, player=player, value=check_address(email) or None)


def set_caretaker(directory: str, player: str, level: str | None, why: str = "", by: str = "GM") -> Correction:
    """``adjudicate caretaker``: the caretaker plays the company from the turn the game is at, at ``level`` (``""``:
    the game's caretaker level), or (``None``) its owner plays it again (reading 97); a correction like the others."""
    from adjudicator.dampfross.app.commands import bot_level

    value = ""
    if level is not None:
        value = bot_level(level or GameDir(directory).load_state().caretaker_level, "--level")
    return correct(directory, "caretaker", why, by, player=player, value=value)


def password_reset_held(gdir: GameDir, state: GameState, player: str, why: str, by: str, secret: str,
                        password_hash: str) -> Correction:
    """A new password for a company (``PASSWORD RESET`` by mail, taking effect when the turn changes; the caller
    holds the lock): written to the GM's passwords file before the game changes, as ``replace_player`` does."""
    c = Correction(len(state.corrections) + 1, state.turn, "password", by, stamp(), why, player=player,
                   password_hash=password_hash)
    _commit_with_password(gdir, state, c, secret)
    return c


def _commit_with_password(gdir: GameDir, state: GameState, c: Correction, secret: str) -> None:
    """Commit a correction that gives ``c.player`` the password ``secret``: the password file first, put back if
    the game cannot be changed (so the GM never holds a game whose password is lost)."""
    old = gdir.read_passwords()
    gdir.write_passwords({**old, str(c.player): secret})
    try:
        _commit(gdir, state, c, passwords_before=old)
    except BaseException:
        gdir.write_passwords(old)
        raise


def replace_player(directory: str, player: str, manager: str, email: str, why: str, by: str
                   ) -> tuple[Correction, str, str | None]:
    """Hand a company to a stand-by: a new password (the old one stops working); return the correction, the
    password and, in a postal game, the name of the stand-by's mail queued (its password, state, last report).

    The password goes into the GM's passwords file before the game changes,
    so the GM never holds a game whose password is lost; it is shown once,
    for the stand-by only.
    """
    gdir = GameDir(directory)
    with gdir.lock():
        state = gdir.load_state()
        pid = player.upper()
        if pid not in state.player_ids:
            raise AdjudicatorError(f"no company {pid} in game {state.game_id}")
        manager, email = check_name(manager, "stand-by's name"), check_address(email)
        secret = passwords.generate()
        c = Correction(len(state.corrections) + 1, state.turn, "replace", by, stamp(), why, player=pid,
                       manager=manager, email=email, password_hash=passwords.hash_password(secret))
        _commit_with_password(gdir, state, c, secret)
        mailed = queue_takeover(gdir, gdir.load_state(), pid, secret, c.number)  # a postal game mails it at once
        return c, secret, mailed


def _commit(gdir: GameDir, state: GameState, c: Correction, passwords_before: dict[str, str] | None = None) -> None:
    after = apply_correction(state, gdir.load_map(state), c)
    record = record_of_fix(c)
    gdir.commit_fix(state, chained(after, gamefile.dumps(state), record), record, passwords_before)
