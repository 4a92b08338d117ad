"""Starting a game: players, start capital, passwords, the dice commitment, turn 1's allowances."""

from __future__ import annotations

import re
from dataclasses import replace

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.turn import draw_allowances
from adjudicator.dampfross.game.dice import DiceRoller
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import BANK, COLOURS, GameState, Player
from adjudicator.kernel import passwords
from adjudicator.kernel.commitment import commitment
from adjudicator.kernel.contacts import GM, PlayerSpec
from adjudicator.kernel.errors import AdjudicatorError


def new_game(
    game_id: str,
    gmap: GameMap,
    map_file: str,
    map_sha256: str,
    rules: Rules,
    specs: list[PlayerSpec],
    seed_hex: str | None,
    password_iterations: int = passwords.ITERATIONS,
    test_passwords: str | None = None,
    lang: str = "en",
) -> tuple[GameState, dict[str, str]]:
    """The opening state and the passwords of the players and the GM (``"GM"``), to be written once, GM only.

    With ``seed_hex`` the dice are HMAC dice committed to that seed; without,
    the GM gives every die (manual mode) and seat 1 starts.  Passwords are
    random; ``test_passwords`` derives them and their salts from that text
    instead (examples and tests only: anyone who knows the text knows every
    password).  They never derive from the dice seed.  ``lang`` is the
    language of the public reports (each spec may name its company's own).
    A spec with a ``bot`` level (the caller checked it) makes a bot seat.
    """
    if not 2 <= len(specs) <= 6:
        raise AdjudicatorError(f"Dampfross is for 2 to 6 players, not {len(specs)}")
    ids = [s.id for s in specs]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise AdjudicatorError(f"player id {dupes[0]} is given twice")
    if not re.match(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", game_id):
        raise AdjudicatorError(f"game id {game_id!r}: use letters, digits, '-', '_' or '.'")
    def derive(what: str) -> str | None:
        return f"{test_passwords}:{what}" if test_passwords is not None else None

    secrets_out = {who: passwords.generate(derive_from=derive(who)) for who in [*ids, GM]}

    def hashed(who: str) -> str:
        salt = derive(who)
        salt_hex = passwords.derived_salt(salt) if salt else None
        return passwords.hash_password(secrets_out[who], salt=salt_hex, iterations=password_iterations)

    players = tuple(
        Player(id=s.id, name=s.name, colour=COLOURS[i], seat=i + 1, balance=0, password_hash=hashed(s.id),
               email=s.email, lang=s.lang, bot=s.bot or None)
        for i, s in enumerate(specs)
    )
    books = Books(players, 0)
    for p in players:
        books.pay(BANK, p.id, rules.start_capital, "start-capital")
    roller = DiceRoller(seed_hex, game_id) if seed_hex else None
    if roller:
        first = roller.roll(0, "start-player", 1, sides=len(players))
        start_player = players[first.value - 1].id
    else:
        start_player = players[0].id
    state = GameState(
        game_id=game_id,
        map_name=gmap.name,
        map_file=map_file,
        map_sha256=map_sha256,
        rules=rules,
        players=books.updated(players),
        turn=1,
        start_player=start_player,
        ledger=tuple(books.entries),
        dice_mode="hmac" if seed_hex else "manual",
        dice_commitment=commitment(seed_hex) if seed_hex else "",
        history=(),
        gm_password_hash=hashed(GM),
        lang=lang,
    )
    allowances = draw_allowances(state, roller)
    log = tuple(roller.rolled) if roller else ()
    return replace(state, allowances=allowances, dice_log=log), secrets_out
