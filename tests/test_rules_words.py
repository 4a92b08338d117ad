"""Issue 25, item 7: the rules taught by mail.

RULES in both games and both languages says the rules in words within 80 columns, with the numbers of the game's
own rules (a profile value changed changes the text) and no raw ``key: value`` dump; every example move a mail
shows is one the reader could make now: InterUrban's example is legal in every position of self-played games,
Dampfross's passes ``check``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from adjudicator.dampfross.app.check import check_received
from adjudicator.dampfross.app.orderfiles import read_files
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.dampfross.report.mailreplies import help_text, rules_text
from adjudicator.dampfross.report.ruleswords import example_build, example_lines
from adjudicator.interurban.example import example_move
from adjudicator.interurban.move import apply_move, legal_first, setup
from adjudicator.interurban.notation import parse_move
from adjudicator.interurban.preview import Preview, check
from adjudicator.interurban.shuffle import SeededDraw, seed_from_text
from adjudicator.interurban.state import Placement, State
from adjudicator.interurban.words import rules as iu_rules
from adjudicator.kernel.i18n import language
from adjudicator.postal.moves import MovesDir
from tests.helpers import dampfross_state, invoke
from tools.selfplay.interurban import COLOURS, random_move

KEY_DUMP = re.compile(r"^\s*(?:" + "|".join(Rules().to_dict()) + r")\s*[:=]", re.M)
"""A line that begins with a raw rules setting (``  contact_fee: 1``)."""


def _body(text: str) -> str:
    """A RULES answer without its appendix for the GM (the settings that differ from schmidt's)."""
    return re.split(r"\n(?:For the game master|Für den Spielleiter)", text)[0]


def _wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line.encode()) > 80]


@dataclass(frozen=True)
class Game:
    """A Dampfross game of the one session's folder, as these tests read it: its state now, its map (a shipped
    one), the GM's passwords file."""

    path: Path

    def load_state(self) -> GameState:
        return dampfross_state(self.path)

    def load_map(self, state: GameState) -> GameMap:
        return DampfrossPlay().gmap(state)

    def read_passwords(self) -> dict[str, str]:
        return MovesDir(self.path).read_passwords()


@pytest.fixture
def game(tmp_path: Path) -> Game:
    invoke("new", str(tmp_path / "g"), "--map", "germany", "--player", "RED:Anna", "--player", "BLUE:Ben",
           "--player-lang", "BLUE=de")
    return Game(tmp_path / "g")


@pytest.mark.parametrize(("company", "says"), [("RED", "Fares: your own track is free; each segment"),
                                               ("BLUE", "Fahrkosten: Die eigene Strecke ist frei")])
def test_dampfross_rules_are_words_that_fit(game: Game, company: str, says: str):
    state = game.load_state()
    text = rules_text(state, game.load_map(state), company)
    assert says in " ".join(text.split())
    assert not _wide(text) and not KEY_DUMP.findall(_body(text))
    for part in ("Movement", "Prizes", "Joint trips", "The end") if company == "RED" else \
            ("Bewegung", "Gewinnprämien", "Gemeinsame Fahrt", "Das Ende"):
        assert f"\n  {part}" in text


@pytest.mark.parametrize(("key", "value", "says"), [
    ("cost_river", 4, "4 across a river"), ("contact_fee", 3, "Fees, paid from your balance to the other company: 3"),
    ("prize_first", 25, "the first train to arrive wins 25"), ("fare_per_segment", 2, "track costs 2, paid"),
    ("min_race_distance", 8, "less than 8 hexes"), ("town_bonus", 9, "a bonus of 9"),
    ("win_2_3_players", 300, "reaches 300 with 2 or 3"), ("fare_cap", 12, "more than 12 in one race"),
])
def test_dampfross_rules_take_their_numbers_from_the_profile(game: Game, key: str, value: int, says: str):
    state = game.load_state()
    gmap = game.load_map(state)
    before = " ".join(rules_text(state, gmap, "RED").split())
    changed = replace(state, rules=replace(state.rules, **{key: value}))
    after = " ".join(rules_text(changed, gmap, "RED").split())
    assert says not in before and says in after
    assert f"{key}={value}" in after  # the GM's appendix names the setting that differs


def _check(game: Game, company: str, lines: list[str]) -> bool:
    """Whether ``check`` accepts the lines as the company's orders in full."""
    state = game.load_state()
    password = game.read_passwords()[company]
    text = "\n".join([f"GAME {state.game_id}", f"TURN {state.turn}", f"PLAYER {company} PASSWORD {password}",
                      *lines, ""])
    path = game.path.parent / f"check-{company}.txt"
    path.write_text(text, encoding="utf-8")
    checked = check_received(None, read_files([path]), loaded=(state, game.load_map(state)))
    return checked.complete.get(company, False)


def test_the_dampfross_example_passes_check_in_turn_one_and_later(game: Game):
    state = game.load_state()
    gmap = game.load_map(state)
    for company in ("RED", "BLUE"):
        example = example_build(state, gmap, company)
        assert example is not None and example.start is not None
        with language(state.language_of(company)):
            lines = example_lines(example)
        assert _check(game, company, lines), lines
        assert "\n".join(f"  {line}" for line in lines) in help_text(state, gmap, company)
    munich = gmap.town_named("München")
    assert munich is not None
    away = gmap.neighbours(munich.hex)[0].label
    assert not _check(game, "RED", ["START Hamburg", f"BUILD München - {away}"])  # the check can refuse


def test_a_company_with_track_gets_an_example_from_its_own_track(game: Game, tmp_path: Path):
    """After turn 1 the example starts on the company's network, and still passes check."""
    passwords = game.read_passwords()
    state = game.load_state()
    orders = tmp_path / "orders.txt"
    orders.write_text(f"GAME {state.game_id}\nTURN 1\nPLAYER RED PASSWORD {passwords['RED']}\nSTART Berlin\n"
                      f"PLAYER BLUE PASSWORD {passwords['BLUE']}\nSTART München\n")
    invoke("run", "--game", str(game.path), str(orders))
    state = game.load_state()
    gmap = game.load_map(state)
    for company, town in (("RED", "Berlin"), ("BLUE", "München")):
        example = example_build(state, gmap, company)
        assert example is not None and example.start is None and example.a == town
        assert _check(game, company, example_lines(example))


def _positions(games: int) -> list[State]:
    """Every position of a few seeded self-played games (2 to 5 players), before each move."""
    out = []
    for n in range(games):
        seed = f"rules-words-{n}"
        rng = random.Random(seed)
        draw = SeededDraw(seed_from_text(seed))
        state = setup(f"rw{n}", COLOURS[: 2 + n % 4], draw)
        while not state.over:
            out.append(state)
            state, _ = apply_move(state, random_move(state, rng), draw)
    return out


def _tiles(state: State, move: tuple[Placement, ...]) -> list[tuple[str, int, str, tuple[int, int], str]]:
    """A move as what it lays where (two face-up tiles alike are the same move)."""
    face_up = {t.id: t for t in state.track_face_up + state.stations_face_up}
    return [(face_up[p.tile].kind, face_up[p.tile].value, face_up[p.tile].colour, p.cell, p.orientation)
            for p in move]


def test_the_interurban_example_is_a_legal_move_in_every_position():
    """The example in every mail: read back by the notation as the player on move writes it (English and German
    keywords), and accepted by ``check``; none only where no tile can be laid."""
    positions = _positions(6)
    assert len(positions) > 150
    shown = 0
    for state in positions:
        move = example_move(state)
        if not move:
            assert next(legal_first(state), None) is None
            continue
        assert isinstance(check(state, state.on_move, move), Preview)
        for lang in ("en", "de"):
            with language(lang):
                lines = iu_rules.example_lines(state)
            assert lines
            parsed, problems = parse_move(list(enumerate(lines, 1)), state, state.on_move)
            assert parsed is not None and problems == (), (lang, lines, problems)
            assert _tiles(state, parsed) == _tiles(state, move), (lang, lines)
        shown += 1
    assert shown > 100


def test_the_interurban_rules_in_words_fit_and_name_every_rule():
    for lang in ("en", "de"):
        with language(lang):
            text = "\n".join(iu_rules.rules_words())
        assert not _wide(text) and not KEY_DUMP.findall(text)
        assert all(re.search(rf"^  {letter}  ", text, re.M) for letter in "ABCDEFGHIJ")
        assert "1/1, 1/2, 1/4, 1/8" in " ".join(text.split()) and "#" in text and "-+" in text
    assert "Legeregeln" in text and "Wirtschaftswert" in text


@pytest.mark.parametrize(("lang", "says"), [("en", "Laying rules"), ("de", "Legeregeln")])
def test_the_interurban_opening_mail_teaches_the_rules_and_a_move_of_now(tmp_path: Path, lang: str, says: str):
    """The opening mail: the rules in words (A-J, the scoring), then the example, a move RED could send now; RULES
    answers the same words."""
    from adjudicator.interurban.play import PLAY
    from adjudicator.postal.moves import MovesDir

    game = tmp_path / "bahn"
    invoke("new", str(game), "--play", "interurban", "--lang", lang, "--seed", "s", "--player", "RED:Anna:a@x.org",
           "--player", "BLUE:Bernd:b@x.org", "--every", "2d")
    loaded = MovesDir(game).load(PLAY)
    with language(lang):
        opening = PLAY.words.opening(loaded.table, loaded.state, "RED", "abcd-efgh-jkmn-pqrs")
        answer = PLAY.words.answer(loaded.table, loaded.state, [("rules", None)], {})
        example = iu_rules.example_lines(loaded.state)
        words = iu_rules.rules_words()
    assert example and says in opening and "\n".join(words) in opening and "\n".join(words) in answer
    assert opening.index(says) < opening.index("\n  " + example[0])
    assert not _wide(opening) and not _wide(answer)


def test_an_interurban_mail_shows_the_example_or_pass(tmp_path: Path):
    """The opening's example is the engine's legal move, not the fixed 7 CURVE 1 LEFT."""
    from adjudicator.interurban.words.mail import _how

    class _Table:
        game = "t"
        moves = 0

    state = setup("t", ("red", "blue"), SeededDraw(seed_from_text("t")))
    lines = _how(_Table(), state)  # type: ignore[arg-type]
    example = iu_rules.example_lines(state)
    assert example and all(f"  {line}" in lines for line in example)
    stuck = replace(state, track_face_up=(), stations_face_up=())
    assert "  PASS" in _how(_Table(), stuck)  # type: ignore[arg-type]


@pytest.mark.parametrize("profile", ["schmidt", "buetehorn", "paluba", "rr-postal"])
def test_every_profile_reads_in_words_in_both_languages(tmp_path: Path, profile: str):
    """No paragraph twice (a profile note and the words), every line within 80 columns, no English in German."""
    from tools import i18n

    invoke("new", str(tmp_path / "g"), "--map", "germany", "--rules", profile, "--player", "RED:Anna",
           "--player", "BLUE:Ben", "--player-lang", "BLUE=de")
    game = Game(tmp_path / "g")
    state = game.load_state()
    gmap = game.load_map(state)
    for company in ("RED", "BLUE"):
        text = rules_text(state, gmap, company)
        assert not _wide(text) and not KEY_DUMP.findall(_body(text))
        heads = [line.split(":")[0] for line in text.splitlines() if re.match(r"  [A-Z][a-z]", line)]
        assert len(heads) == len(set(heads)), heads
    words = _body(rules_text(state, gmap, "BLUE"))
    assert i18n.english_left(words, {"schmidt", profile, "RED", "BLUE", "ID"}) == []


@pytest.mark.parametrize("profile", ["schmidt", "paluba"])
def test_the_dampfross_example_passes_check_through_self_played_building_turns(tmp_path: Path, profile: str):
    """Before every building turn of a self-played game, each company's example (from its own track as it grows)
    is accepted in full by ``check``."""
    from tools.selfplay import play_game, run_here

    checked: list[tuple[int, str]] = []
    refused: list[tuple[int, str, list[str]]] = []

    def run(directory: Path, orders: str) -> None:
        game = Game(directory)
        state = game.load_state()
        gmap = game.load_map(state)
        for company in state.in_play:
            example = example_build(state, gmap, company)
            if example is None:
                continue
            lines = example_lines(example)
            checked.append((state.turn, company))
            if not _check(game, company, lines):
                refused.append((state.turn, company, lines))
        run_here(directory, orders)

    record = play_game(tmp_path / "g", "germany", profile=profile, players=3, seed=f"examples-{profile}",
                       max_turns=6, check=False, run=run)
    assert record.turns == 6 and refused == []
    assert len(checked) >= 15 and {turn for turn, _ in checked} >= {1, 2, 3, 4, 5, 6}
