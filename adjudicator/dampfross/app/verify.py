"""``adjudicate verify``: every die against the seed, the archive chain link by link, every step replayed.

Tamper evidence.  The dice: the seed must match the commitment published
from the opening on, and every recorded die must be the one the seed gives.
The chain: each archived step must start from the state the step before it
ended with, its state must carry the SHA-256 of that state and of what made
it (``record.json``), and ``game.json`` must be the last state.  A step keeps
the changes of its state (``archive.py``): each state is made from them,
going forward from the opening, and must have the SHA-256 the step
recorded; every value the changes say was there must be, so no part of
them goes unchecked.  The replay:
every turn is adjudicated again from its archived orders (with the seed),
every correction applied again; each must give the archived state byte for
byte.  A balance changed with a matching ledger entry, a payment removed, a
track entry deleted or reassigned, a phase, seat or rule changed: each
breaks one of these.
"""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator.dampfross.app.archive import CHANGES_FILE, changes_text, document
from adjudicator.dampfross.app.botseats import bot_seats, expected_text
from adjudicator.dampfross.app.run import TurnRun, replay_turn
from adjudicator.dampfross.app.store import GameDir, chained
from adjudicator.dampfross.engine.corrections import apply_correction
from adjudicator.dampfross.game import dice, gamefile
from adjudicator.dampfross.game.codec import chain_from_json, correction_from_json
from adjudicator.dampfross.game.state import Chain, GameState
from adjudicator.kernel.errors import AdjudicatorError, GameFileError
from adjudicator.postal.files import record_text, sha256


def verify_game(directory: str, seed_hex: str | None, replay: bool = True) -> tuple[bool, list[str]]:
    """Whether everything checks, and one line per check (``OK: ...`` or ``FAILED: ...``).

    Without ``replay`` the dice and the chain are checked but no step is
    adjudicated again (self-play replays each turn as it is played).
    """
    gdir = GameDir(directory)
    state = gdir.load_state(check_archive=False)
    seed = (seed_hex or gdir.read_seed() or "").strip() or None
    lines = _dice(state.dice_mode, state.dice_commitment, state.dice_log, seed)
    lines += _chain(gdir, seed, state.dice_mode == "manual", replay)
    return not any(line.startswith("FAILED") for line in lines), lines


def verify_step(directory: str | GameDir, step: Path, previous: Path | None) -> list[str]:
    """One new link of the chain: what is wrong with ``step`` (an archived step of the game in ``directory``, or
    its ``GameDir``, whose archived states are then made once for this and the caller's next questions)
    following ``previous`` (the step before it), empty when nothing is.

    Its state starts from the state ``previous`` ended with and carries the
    SHA-256 of it and of its record, and each die it added is the one the
    seed gives.  Checking each step as it is made (and that ``game.json`` is
    the last one, as ``GameDir.load_state`` does) checks the whole chain,
    at a cost that does not grow with the game: self-play checks each turn so.
    """
    gdir = directory if isinstance(directory, GameDir) else GameDir(directory)
    before = gdir.archived_text(previous, "after") if previous is not None else None
    # the last step's state-before is made by going back from game.json through its changes, which checks them
    # in full (kernel.changes.backward), unless it is the opening (read whole); other steps' changes are
    # compared with their states
    steps = gdir.steps()
    made_back = steps[-1] == step and previous != steps[0]
    problem, after_text = _link(gdir, step, before, exact=not made_back)
    if problem:
        return [f"{step.name}: {problem}"]
    source = str(step / "state-after.json")
    try:
        doc = document(after_text)  # as the turn just made and parsed it: not parsed again
    except ValueError:
        doc = None
    after = gamefile.loads(after_text, source, trusted=True) if doc is None else \
        gamefile.from_json(doc, source, trusted=True)
    seed = gdir.read_seed()
    if after.dice_mode == "manual" or seed is None:
        return []
    old = len(document(before)["dice"]["log"]) if before is not None else 0
    return [f"{step.name}: {p}" for p in dice.verify(seed, after.dice_commitment, list(after.dice_log[old:]))]


def _dice(mode: str, commitment: str, log: tuple[dice.Die, ...], seed: str | None) -> list[str]:
    if mode == "manual":
        return ["OK: manual dice: every die was given by the GM; no seed to check"]
    if not seed:
        raise AdjudicatorError("no seed given and no seed file in the game; use --seed HEX")
    problems = dice.verify(seed, commitment, list(log))
    if problems:
        return [f"FAILED: {p}" for p in problems]
    return [f"OK: the seed matches the commitment {commitment}", f"OK: all {len(log)} recorded dice match the seed"]


def _chain(gdir: GameDir, seed: str | None, manual: bool, replay: bool) -> list[str]:
    """The chain link by link, each step replayed (with ``replay``).

    Linear in the game's length: each archived state is read once, and a
    replayed step's state goes on as the state-before of the next step (its
    text is the archived one, compared before it is used).
    """
    steps = gdir.steps()
    if not steps or steps[0].name != "turn-000":
        return ["OK: a game older than the archive chain: only the dice are checked"]
    out: list[str] = []
    previous: str | None = None
    carried: GameState | None = None  # the state the last replayed step ended with
    replayed = 0
    for step in steps:
        problem, after_text = _link(gdir, step, previous, exact=step == steps[-1])  # its state is game.json's
        if problem:
            out.append(f"FAILED: {step.name}: {problem}")
            return out
        if replay and step.name != "turn-000" and (seed or manual):
            problem, carried = _replay(gdir, step, carried, seed)
            if problem:
                out.append(f"FAILED: {step.name}: {problem}")
                return out
            replayed += 1
        previous = after_text
    game_text = gdir.game_file.read_text(encoding="utf-8")
    if game_text != previous:
        return [*out, f"FAILED: game.json is not the state the archive ends with ({steps[-1].name})"]
    out.append(f"OK: the archive is one chain of {len(steps)} steps from the opening to game.json")
    if not replay:
        out.append("OK: the turns were not replayed (not asked to)")
    elif seed or manual:
        out.append(f"OK: {replayed} turns and corrections replayed to the same states")
    else:
        out.append("OK: the turns were not replayed (no seed at hand)")
    return out


def _link(gdir: GameDir, step: Path, previous: str | None, exact: bool = False) -> tuple[str | None, str]:
    """What is wrong with one link of the chain (or ``None``), and the step's state-after text.

    ``exact``: the step's changes must be the very changes between its states (a walk forward through the
    whole archive checks every part of them as it makes each state, ``kernel.changes.forward``; a single step's
    state may have been made going back).
    """
    after_text = ""
    try:
        record = gdir.record(step)
        after_text = gdir.archived_text(step, "after")
        chain = _chain_of(after_text, str(step / "state-after.json"))
        before_text = None
        if previous is not None:
            before_text = gdir.archived_text(step, "before")
            if before_text != previous:
                return "does not start from the state the step before it ended with", after_text
            kept = step / CHANGES_FILE
            if exact and kept.is_file() and gdir.read_text(kept) != changes_text(before_text, after_text):
                return f"its {CHANGES_FILE} is not what changed between its states", after_text
    except AdjudicatorError as exc:
        return str(exc), after_text
    expected = sha256(before_text) if before_text is not None else "0" * 64
    if chain is None or chain.previous != expected:
        return "its state does not carry the SHA-256 of the state before it", after_text
    if chain.inputs != sha256(record_text(record)):
        return "its state does not carry the SHA-256 of its record (orders or correction)", after_text
    return None, after_text


def _bots(gdir: GameDir, step: Path, run: TurnRun, seed: str | None) -> str | None:
    """What is wrong with the bots' orders of a replayed turn (``None``: nothing): each seat a bot played has the
    file its bot writes from the seed, and no other (reading 98)."""
    record = gdir.record(step)
    files = [f for f in record.get("files", []) if f.get("bot")]
    if seed is None or (not files and not any(p.bot or p.caretaker for p in run.result.before.players)):
        return None
    before = run.result.before
    gmap = gdir.load_map(before)
    names = {f["given_as"] for f in files}
    owners = {s.player for s in run.orders.sections if s.pos.file not in names}
    wanted = {(seat, level) for seat, level, _ in bot_seats(before, owners)}
    found = {(str(f["bot"].get("seat")), str(f["bot"].get("level"))) for f in files}
    if wanted != found:
        return (f"the bots' orders are not those of the seats bots play (archived: {sorted(found)}, "
                f"the game's: {sorted(wanted)})")
    for f in files:
        text = gdir.read_text(step / "orders" / f["archived_as"])
        problem = expected_text(before, gmap, seed, text, f["bot"])
        if problem:
            return problem
    return None


def _chain_of(text: str, source: str) -> Chain | None:
    """The chain link an archived state carries (read as JSON only: the replay reads the state itself)."""
    try:
        at = text.rfind(CHAIN_KEY)  # game.json's layout: a top-level key starts a line with one space
        if at >= 0:
            doc, _ = json.JSONDecoder().raw_decode(text, at + len(CHAIN_KEY))
            return chain_from_json(doc)
        doc = json.loads(text)
        return chain_from_json(doc.get("chain")) if isinstance(doc, dict) else None
    except (ValueError, KeyError, TypeError, AttributeError):
        raise GameFileError(f"{source}: not a game file") from None


CHAIN_KEY = '\n "chain": '
"""How the chain link starts in a game file's text (no string holds a raw newline, nested keys are indented
deeper): read alone, not the whole state."""


def _replay(gdir: GameDir, step: Path, carried: GameState | None, seed: str | None = None
            ) -> tuple[str | None, GameState | None]:
    """Replay a turn or a correction from ``carried`` (the state the step before ended with, when it was
    replayed) or its archived state-before; what differs (or ``None``), and the state it ends with."""
    try:
        if step.name.startswith("turn-"):
            run = replay_turn(gdir, int(step.name.removeprefix("turn-")), carried)
            return _bots(gdir, step, run, seed), run.result.after
        record = gdir.record(step)
        before_text = gdir.archived_text(step, "before")
        before = carried or gamefile.loads(before_text, str(step / "state-before.json"), trusted=True)
        after_text = gdir.archived_text(step, "after")
        again = chained(apply_correction(before, gdir.load_map(before), correction_from_json(record["correction"])),
                        before_text, record)
        if not gamefile.holds(after_text, again):
            return "applying the correction again gives another state", None
        return None, again
    except (AdjudicatorError, KeyError, ValueError, TypeError) as exc:
        return f"replay failed: {exc}", None
