"""Starting a game: players, start capital, passwords, the dice commitment, turn 1's allowances."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

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

    roller = DiceRoller(seed_hex, game_id) if seed_hex else None
    opened = opening_state(game_id, gmap.name, map_file, map_sha256, rules, specs, roller,
                           commitment(seed_hex) if seed_hex else "", hashed, lang)
    return opened, secrets_out


def opening_state(game_id: str, map_name: str, map_file: str, map_sha256: str, rules: Rules,
                  specs: Sequence[PlayerSpec], roller: DiceRoller | None, dice_commitment: str,
                  hashed: Callable[[str], str], lang: str) -> GameState:
    """The opening state of ``new_game`` from what it was given: ``hashed`` gives each company's password hash and
    the GM's (``GM``), ``roller`` the dice (``None``: manual dice) committed to ``dice_commitment``.  ``verify`` of a
    Dampfross game of moves sets its opening up again with it (``dampfross/play.py: DampfrossPlay.setup_with``),
    the hashes as the game's table keeps them and the dice of the play's draw of the seed."""
    players = tuple(
        Player(id=s.id, name=s.name, colour=COLOURS[i], seat=i + 1, balance=0, password_hash=hashed(s.id),
               email=s.email, lang=s.lang, bot=s.bot or None)
        for i, s in enumerate(specs)
    )
    books = Books(players, 0)
    for p in players:
        books.pay(BANK, p.id, rules.start_capital, "start-capital")
    if roller is not None:
        first = roller.roll(0, "start-player", 1, sides=len(players))
        start_player = players[first.value - 1].id
    else:
        start_player = players[0].id
    state = GameState(
        game_id=game_id,
        map_name=map_name,
        map_file=map_file,
        map_sha256=map_sha256,
        rules=rules,
        players=books.updated(players),
        turn=1,
        start_player=start_player,
        ledger=tuple(books.entries),
        dice_mode="hmac" if roller is not None else "manual",
        dice_commitment=dice_commitment,
        history=(),
        gm_password_hash=hashed(GM),
        lang=lang,
    )
    allowances = draw_allowances(state, roller)
    log = tuple(roller.rolled) if roller is not None else ()
    return replace(state, allowances=allowances, dice_log=log)


def new_options(map_name: str, map_file: str, map_sha256: str, profile: str, overrides: Sequence[str],
                specs: Sequence[PlayerSpec], lang: str, gm_password_hash: str = "") -> dict[str, Any]:
    """What a Dampfross game's ``new`` was given, as plain JSON values for the opening's record of a game of moves
    (``postal/moves.py: MovesDir.create``, ``kernel/play.py: SetUpWith``): the map (its name, ``GameMap.name``, its
    file and SHA-256),
    the rules profile and its ``--set`` overrides, the companies as given, the reports' language; no password and
    no seed (``gm_password_hash``: the GM's hash ``new`` made, where the game's table keeps none)."""
    return {"map": map_name, "map_file": map_file, "map_sha256": map_sha256, "rules": profile,
            "set": list(overrides), "lang": lang,
            "players": [{"id": p.id, "name": p.name, "email": p.email, "lang": p.lang, "bot": p.bot} for p in specs],
            **({"gm_password_hash": gm_password_hash} if gm_password_hash else {})}


def opened(game_id: str, hashes: Mapping[str, str], commitment_hex: str, roller: DiceRoller | None,
           options: Mapping[str, Any]) -> GameState:
    """The opening state set up again from the options ``new_options`` recorded: ``hashes`` each company's
    password hash and the GM's (``GM``) as the game's table keeps them (``options``' GM hash where it has none),
    ``roller`` the dice of the game's seed, committed to ``commitment_hex`` (``None``: manual dice).
    ``GameFileError`` when the options are not ``new_options``'s."""
    from adjudicator.dampfross.game.rules import load_profile
    from adjudicator.kernel.errors import GameFileError

    try:
        specs = [PlayerSpec(str(p["id"]), str(p["name"]), str(p.get("email", "")),
                            None if p.get("lang") is None else str(p["lang"]),
                            None if p.get("bot") is None else str(p["bot"])) for p in options["players"]]
        rules = load_profile(str(options["rules"]), [str(x) for x in options.get("set", [])])
        kept = {**hashes, **({GM: str(options["gm_password_hash"])} if not hashes.get(GM) and
                             options.get("gm_password_hash") else {})}
        return opening_state(game_id, str(options["map"]), str(options["map_file"]), str(options["map_sha256"]),
                             rules, specs, roller, commitment_hex, lambda who: kept.get(who, ""),
                             str(options.get("lang", "en")))
    except (KeyError, TypeError, ValueError) as exc:
        raise GameFileError(f"the opening's options are not a Dampfross game's ({type(exc).__name__}: {exc})") \
            from None
