"""Dampfross as a ``kernel.play.Play`` (issue 34, ``adjudicator/dampfross/play.py``): the protocol fits.

The proof is the example game (``examples/demo.sh``, archived as the old format kept it in ``tests/fixtures/old-format/example/``): from its opening
state every turn is read company by company (each mail of the turn's order files cut by the platform's envelope,
``kernel/envelope.py``, and its section read by ``read``), ``missing`` asked for the companies that sent
nothing, and ``resolve``d with ``draw(seed)``; the state after is the archived one, compared as the old
``app/run.py: replay_turn`` compared (``gamefile.holds_doc``) but for the archive's own field, the chain (``chain``: the
SHA-256 of the state before and of the turn's inputs, which the session's archive writes, not the play).
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.dampfross.app.botseats import judged_orders
from adjudicator.dampfross.app.check import check_received
from adjudicator.dampfross.app.oldformat import OldGame, archived_input
from adjudicator.dampfross.bots import LEVELS, Level, seat_view
from adjudicator.dampfross.engine.turn import adjudicate_turn
from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.game.dice import DiceRoller, face
from adjudicator.dampfross.game.standing import Standing
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders import ProblemCode, ReceivedFiles, parse_orders
from adjudicator.dampfross.orders.usable import Settled, settle
from adjudicator.dampfross.play import PLAY, CompanyOrders, DrawnDice, Turn
from adjudicator.kernel.envelope import read_envelope
from adjudicator.kernel.errors import AdjudicatorError
from adjudicator.kernel.play import Bots, Play, at_deadline
from adjudicator.kernel.problems import NoOrders

GOLDEN = Path(__file__).resolve().parent / "fixtures" / "old-format" / "example"  # the old format's copy
TURNS = range(1, 8)


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> OldGame:
    """The archived example game (a copy: nothing here writes, nothing may)."""
    where = tmp_path_factory.mktemp("example") / "demo"
    shutil.copytree(GOLDEN, where)
    return OldGame(where)


def state_before(gdir: OldGame, turn: int) -> GameState:
    """The archived state the turn started from."""
    step = gdir.archive_path(turn - 1)
    return gdir.archived_state(step, "after")[0]


def mails(text: str, name: str) -> Iterator[str]:
    """An order file the GM pasted together, cut into its mails as they came: each section with the GAME and TURN
    lines before it (Dampfross's parser tells where a section and its signature end), every line at its number."""
    lines = text.split("\n")
    start = 0
    for section in parse_orders(text, name).sections:
        end = section.end or len(lines)
        yield "\n".join(line if start <= i < end else "" for i, line in enumerate(lines))
        start = end


def turn_mails(gdir: OldGame, turn: int, state: GameState) -> dict[str, tuple[str, CompanyOrders]]:
    """The companies' orders of an archived turn as the session would hold them, with the mail of each: each
    mail's sections read by the play, the last one of a company counting."""
    step = gdir.archive_path(turn)
    out: dict[str, tuple[str, CompanyOrders]] = {}
    for f in gdir.record(step)["files"]:
        text = (step / "orders" / f["archived_as"]).read_bytes().decode("utf-8")
        for mail in mails(text, f["given_as"]):
            for section in read_envelope(mail, PLAY.order_line).sections:
                made, problems = PLAY.read(state, section.seat, section.body)
                assert made is not None, (turn, section.seat, problems)
                out[section.seat] = (mail, made)
    return out


def turn_orders(gdir: OldGame, turn: int, state: GameState) -> dict[str, CompanyOrders]:
    """The companies' orders of an archived turn (``turn_mails``)."""
    return {seat: made for seat, (_mail, made) in turn_mails(gdir, turn, state).items()}


def today(state: GameState, gdir: OldGame, text: str) -> Settled:
    """Orders settled as the mail path settles them today (``orders/usable.py: settle``, with trust)."""
    received = ReceivedFiles((parse_orders(text, "today.orders"),), (("today.orders", text),))
    done = settle(state, PLAY.gmap(state), received.orders(game=state.game_id, turn=state.turn), True, ())
    assert isinstance(done, Settled)
    return done


def test_the_play_is_a_play_with_bots() -> None:
    play: Play[GameState, CompanyOrders, Turn] = PLAY
    assert (play.name, play.title) == ("dampfross", "Dampfross")
    assert isinstance(PLAY, Bots) and PLAY.bot_levels == ("random", "careful", "strong")


def test_the_example_game_replays_turn_by_turn(example: OldGame) -> None:
    """Every turn of the example, read section by section and resolved with ``draw(seed)``, gives the archived
    state after it (its chain aside: the archive's)."""
    seed = example.read_seed()
    assert seed
    state = state_before(example, 1)
    assert PLAY.load(PLAY.dump(state)) == state
    for turn in TURNS:
        assert PLAY.to_act(state) == state.in_play
        orders = turn_orders(example, turn, state)
        complete = at_deadline(PLAY, state, orders)
        assert PLAY.ready(state, orders) == (set(orders) == set(state.in_play))
        after, turn_ = PLAY.resolve(state, complete, PLAY.draw(seed))
        archived = json.loads(example.archived_text(example.archive_path(turn), "after"))
        chain = gamefile.from_json(archived).chain
        assert gamefile.holds_doc(archived, replace(after, chain=chain)), f"turn {turn}"
        assert turn_.result.before == state and turn_.result.after == after
        assert set(turn_.orders.players) == set(orders)
        state = replace(after, chain=chain)
    assert state.phase == "over" and PLAY.to_act(state) == ()


def test_a_racing_turn_rolls_the_dice_of_the_dice_roller(example: OldGame) -> None:
    """The last turn of the example races: the play's dice (``DrawnDice`` over ``draw(seed)``) are the very ``Die``s
    today's run rolls with ``DiceRoller(seed, game)`` (``app/oldformat.py: archived_input``, as the old run settled them; the engine alike)."""
    seed = example.read_seed()
    assert seed
    for turn in (6, 7):
        before = state_before(example, turn)
        assert before.phase == "racing"
        gmap = PLAY.gmap(before)
        step = example.archive_path(turn)
        _settled, turn_input, _notes = archived_input(step, example.record(step), before, gmap)
        roller = DiceRoller(seed, before.game_id)
        want = adjudicate_turn(before, gmap, turn_input, roller)
        drawn = DrawnDice(PLAY.draw(seed), before.game_id)
        got = adjudicate_turn(before, gmap, turn_input, drawn)
        assert drawn.rolled == roller.rolled and drawn.rolled
        _after, turn_ = PLAY.resolve(before, at_deadline(PLAY, before, turn_orders(example, turn, before)),
                                     PLAY.draw(seed))
        assert turn_.result.after.dice_log == want.after.dice_log == got.after.dice_log


@settings(max_examples=200, deadline=None)
@given(seed=st.binary(min_size=32, max_size=32).map(bytes.hex), die_label=st.text(max_size=40),
       sides=st.integers(min_value=1, max_value=256))
def test_the_draw_is_the_hmac_die(seed: str, die_label: str, sides: int) -> None:
    """``face(seed, label, n) == draw(label, n) + 1``: every archived turn replays with the same dice."""
    assert face(seed, die_label, sides) == PLAY.draw(seed)(die_label, sides) + 1


def test_partial_orders_count_and_keep_the_problems_as_codes(example: OldGame) -> None:
    """NOB's mail of turn 2 has lines that cannot be carried out: the section counts, as by mail today (its good
    lines are built, the others reported), and its problems are today's codes at the same places."""
    state = state_before(example, 2)
    orders = turn_orders(example, 2, state)
    nob = orders["NOB"]
    assert nob.problems
    assert {p.code for p in nob.problems} >= {ProblemCode.MISSPELT_ORDER}
    text = (GOLDEN.parents[3] / "examples" / "germany" / "turn2-nob.orders").read_text(encoding="utf-8")
    old = today(state, example, text).orders
    assert [(p.code, p.pos.line, p.pos.column, p.args) for p in nob.problems] == \
        [(p.code, p.pos.line, p.pos.column, p.args) for p in old.problems_for("NOB")]
    section = old.section("NOB")
    assert section is not None and nob.echo == tuple(section.echo())


def test_a_section_that_does_not_count_gives_its_reasons_as_codes(example: OldGame) -> None:
    state = state_before(example, 2)
    made, problems = PLAY.read(state, "RAVEL", [(2, "TURN 1"), (3, "PASS")])
    assert made is None and [p.code for p in problems] == [NoOrders.OTHER_TURN]
    retired = replace(state, players=tuple(replace(p, retired=1) if p.id == "SUED" else p for p in state.players))
    made, problems = PLAY.read(retired, "SUED", [(1, "PASS")])
    assert made is None and [p.code for p in problems] == [NoOrders.RETIRED]
    assert "SUED" not in PLAY.to_act(retired)
    made, problems = PLAY.read(state, "NOBODY", [(1, "PASS")])
    assert made is None and problems


def test_a_section_of_lines_that_do_not_read_still_counts(example: OldGame) -> None:
    """As by mail today: a section with the right password counts, whatever its lines (it replaces an earlier
    one; the company has sent orders and misses no turn)."""
    state = state_before(example, 2)
    made, problems = PLAY.read(state, "RAVEL", [(3, "BIULD Köln - 0915")])
    assert made is not None and made.echo == () and problems and made.problems == problems
    assert all(p.pos.line == 3 for p in problems)
    made, problems = PLAY.read(state, "RAVEL", [])
    assert made is not None and made.echo == () and problems == ()
    assert [n.code for n in made.notes] == ["section-empty"]


def with_standing(state: GameState, company: str, standing: Standing) -> GameState:
    return replace(state, players=tuple(replace(p, standing=standing) if p.id == company else p
                                        for p in state.players))


def test_standing_orders_stand_in_and_never_make_a_turn_ready(example: OldGame) -> None:
    """Readings 110 and 112: the company's standing orders are ``missing``'s stand-in; they do not make the turn
    ready (an early run still waits for every company's mail); played, the company misses no turn; a company
    without standing orders has none and misses the turn."""
    seed = example.read_seed()
    assert seed
    state = with_standing(state_before(example, 2), "RAVEL", Standing(passes=True))
    orders = {k: v for k, v in turn_orders(example, 2, state).items() if k != "RAVEL"}
    stand_in = PLAY.missing(state, "RAVEL")
    assert stand_in is not None and stand_in.standing and stand_in.company == "RAVEL"
    assert PLAY.missing(state, "NOB") is None
    assert not PLAY.ready(state, orders)
    assert not PLAY.ready(state, {**orders, "RAVEL": stand_in})
    made, _ = PLAY.read(state, "RAVEL", [(1, "PASS")])
    assert made is not None and PLAY.ready(state, {**orders, "RAVEL": made})
    after, turn_ = PLAY.resolve(state, {**orders, "RAVEL": stand_in}, PLAY.draw(seed))
    assert after.player("RAVEL").missed == 0 and after.player("RAVEL").standing == Standing(passes=True)
    assert any(n.code == "standing-played" for n in turn_.notes)
    missed, _ = PLAY.resolve(state, orders, PLAY.draw(seed))
    assert missed.player("RAVEL").missed == 1


def test_a_turn_is_the_turn_of_today(example: OldGame) -> None:
    """A turn with a company on standing orders and a mail that sets them: the same state after as today's
    settling (``orders/usable.py: settle``, standing orders played) and the engine with the ``DiceRoller``."""
    seed = example.read_seed()
    assert seed
    state = with_standing(state_before(example, 3), "SUED", Standing(passes=True))
    lines = ["BUILD Bremen - 0912", "STANDING PASS"]
    made, _ = PLAY.read(state, "RAVEL", list(enumerate(lines, 2)))
    assert made is not None
    stand_in = PLAY.missing(state, "SUED")
    assert stand_in is not None
    after, _turn = PLAY.resolve(state, {"RAVEL": made, "SUED": stand_in}, PLAY.draw(seed))
    text = "\n".join([f"GAME {state.game_id}", "PLAYER RAVEL PASSWORD -", *lines]) + "\n"
    done = today(state, example, text)
    want = adjudicate_turn(state, PLAY.gmap(state), done.turn_input, DiceRoller(seed, state.game_id))
    assert after == want.after
    assert after.player("RAVEL").standing == Standing(passes=True)
    assert [after.player(c).missed for c in ("NOB", "HAFEN", "SUED")] == [1, 1, 0]


def test_preview_is_what_check_prices(example: OldGame) -> None:
    """``preview``'s values are ``check``'s (``app/check.py: check_received`` of the company's section alone)."""
    for turn in (2, 6):
        state = state_before(example, turn)
        gmap = PLAY.gmap(state)
        for company, (mail, made) in turn_mails(example, turn, state).items():
            preview = PLAY.preview(state, company, made)
            received = ReceivedFiles((parse_orders(mail, "check"),), (("check", mail),))
            checked = check_received(None, received, trust=True, loaded=(state, gmap))
            assert preview.outcome == checked.outcomes.get(company), (turn, company)
            assert preview.idle == checked.idle.get(company, False)
            assert preview.complete == (checked.complete[company] and not made.problems)
            assert preview.echo == made.echo


@pytest.mark.parametrize("level", LEVELS[:2])
def test_a_bot_writes_the_lines_of_today(example: OldGame, level: Level) -> None:
    """``bot`` writes what ``app/botseats.py: judged_orders`` writes with the same random source (the play's own
    judgement is ``check``'s), and the play reads them back."""
    for turn in (1, 3, 6):
        state = state_before(example, turn)
        for seat in state.in_play:
            lines = PLAY.bot(state, seat, level, random.Random(f"{turn}{seat}"))
            want = judged_orders(seat_view(state, PLAY.gmap(state), seat), level, random.Random(f"{turn}{seat}"))
            assert list(lines) == want
            made, _ = PLAY.read(state, seat, list(enumerate(lines, 1)))
            assert made is not None


def test_order_lines_and_setup() -> None:
    assert PLAY.order_line("BUILD Berlin - 1710") and PLAY.order_line("Baue Berlin - 1710")
    assert not PLAY.order_line("Viele Grüße") and not PLAY.order_line("HELP")
    with pytest.raises(AdjudicatorError, match="its own new"):
        PLAY.setup("g", ("A", "B"), PLAY.draw("00" * 32))


def test_the_gms_pasted_files_read_by_the_envelope_as_mail_by_mail(example: OldGame) -> None:
    """A file the GM pasted together (mails with signatures, GAME and TURN lines before each PLAYER line, German
    keywords) read as ``run`` reads it (``kernel/envelope.py``, ``pasted``) gives each company the orders its mail
    gave, every section for the turn it names."""
    for turn in TURNS:
        state = state_before(example, turn)
        step = example.archive_path(turn)
        pasted: dict[str, CompanyOrders] = {}
        for f in example.record(step)["files"]:
            text = (step / "orders" / f["archived_as"]).read_bytes().decode("utf-8")
            for section in read_envelope(text, PLAY.order_line, pasted=True).sections:
                assert section.move in (None, turn), (turn, section.seat)
                made, problems = PLAY.read(state, section.seat, section.body)
                assert made is not None, (turn, section.seat, problems)
                pasted[section.seat] = made
        mailed = turn_orders(example, turn, state)
        assert {s: (o.echo, o.problems) for s, o in pasted.items()} == \
            {s: (o.echo, o.problems) for s, o in mailed.items()}, turn
