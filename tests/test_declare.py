"""Issue 34, games declare, the platform builds: each game declares its seats, ``new``'s options, its corrections,
rules profiles and maps as data (``kernel/declare.py``), and ``new``, ``fix``, ``rules show`` and ``map ...`` reach
it through the registry.  Every test runs for every game the tests serve (``tests/conftest.py: GAMES``): a game
added there joins them."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.app import plays
from adjudicator.kernel.declare import Argument, Correction, Declaration, Option
from tests.conftest import GAMES, Trial, make_trial
from tests.helpers import invoke


def _article(kind: str) -> str:
    return "an" if kind[0] in "aeiou" else "a"


@pytest.fixture(params=GAMES)
def made(request: pytest.FixtureRequest, tmp_path: Path) -> Trial:
    """A game of each kind (registered as the tests register it), its openings mailed."""
    return make_trial(tmp_path, request.param)


def _one_line_refusal(args: list[str], start: str) -> None:
    result = invoke(*args, ok=False)
    assert result.exit_code == 1, (args, result.output)
    assert result.output.startswith(start) and result.output.count("\n") == 1, (args, result.output)


def test_each_game_declares_itself_under_its_name(made: Trial) -> None:
    declared = plays.declaration_named(made.kind)
    assert isinstance(declared, Declaration) and declared.name == made.kind
    assert plays.game_of(str(made.game)).declared() == declared == plays.game_named(made.kind).declared()
    assert declared in tuple(plays.declarations())


def test_games_that_declare_the_same_option_or_correction_agree_on_it(made: Trial) -> None:
    """``new`` and ``fix`` are built once for every game: a flag or a correction two games declare has one form
    (``cli/declared.py`` takes the first)."""
    options: dict[str, Option] = {}
    corrections: dict[str, Correction] = {}
    for declared in plays.declarations():
        for o in declared.options:
            assert options.setdefault(o.flag, o) == o, (declared.name, o)
        for c in declared.corrections:
            assert corrections.setdefault(c.name, c) == c, (declared.name, c)
    keys = [o.key for o in options.values()]
    assert len(keys) == len(set(keys)), keys


def test_new_starts_every_game_and_refuses_another_games_options_in_one_line(made: Trial, tmp_path: Path) -> None:
    """``new --play KIND`` with an option only other games declare: one ``error:`` line naming the option and who
    has it, exit status 1, no folder written."""
    own = plays.declaration_named(made.kind)
    others = [(d.name, o) for d in plays.declarations() if d.name != made.kind for o in d.options
              if own.option(o.flag) is None]
    settings = {"strict": ["--strict"], "early": ["--early"], "statements": ["--statements", "3d"]}
    schedule: dict[str, list[str]] = {}  # a setting own lacks: every game that has it
    for d in plays.declarations():
        for s in d.schedule:
            if s not in own.schedule:
                schedule.setdefault(s, []).append(d.name)
    if made.kind == "interurban":  # the example: new --play interurban --map germany
        assert ("dampfross", plays.declaration_named("dampfross").option("--map")) in others
    for name, o in others:
        given = [o.flag] if o.kind == "flag" else [o.flag, o.choices[-1] if o.choices else "x"]
        folder = tmp_path / "refused"
        _one_line_refusal(["new", str(folder), "--play", made.kind, "--player", "RED:Anna", "--player", "BLUE:Bert",
                           *given], f"error: new: {_article(made.kind)} {made.kind} game has no option {o.flag} "
                                    f"(an option of {name}")
        assert not folder.exists()
    for setting, names in schedule.items():
        _one_line_refusal(["new", str(tmp_path / "refused"), "--play", made.kind, "--player", "RED:Anna", "--player",
                           "BLUE:Bert", *settings[setting]],
                          f"error: new: {_article(made.kind)} {made.kind} game has no option --{setting} "
                          f"(an option of {', '.join(names)})")


def test_new_asks_for_what_a_game_requires_and_counts_its_seats(tmp_path: Path) -> None:
    result = invoke("new", str(tmp_path / "d"), "--player", "RED:Anna", "--player", "BLUE:Bert", ok=False)
    assert result.exit_code == 2
    assert "Missing option '--map' (a Dampfross game needs a map; see 'map list')." in result.output
    seven = [a for n in range(7) for a in ("--player", f"P{n}:Name")]
    _one_line_refusal(["new", str(tmp_path / "d"), "--map", "germany", *seven],
                      "error: Dampfross is for 2 to 6 players, not 7")
    assert not (tmp_path / "d").exists()


def _arguments(c: Correction, tmp_path: Path) -> list[str]:
    """Arguments of the right kinds for the correction ``c``."""
    given = {"text": "RED", "int": "3", "file": str(tmp_path / "position.json")}

    def one(a: Argument) -> str:
        return a.choices[0] if a.kind == "choice" else given[a.kind]

    (tmp_path / "position.json").write_text("{}", encoding="utf-8")
    return [one(a) for a in c.arguments]


def test_fix_has_every_declared_correction_and_a_game_without_one_says_so_in_one_line(made: Trial,
                                                                                     tmp_path: Path) -> None:
    own = plays.declaration_named(made.kind)
    every = {c.name: c for d in plays.declarations() for c in d.corrections}
    listed = invoke("fix", "--help").output.split("Commands:")[1]
    assert [line.split()[0] for line in listed.strip().splitlines()] == sorted(every)
    before = {p: p.read_bytes() for p in made.game.rglob("*") if p.is_file()}
    for name, c in every.items():
        args = ["fix", name, str(made.game), *_arguments(c, tmp_path), "--why", "a test"]
        if own.correction(name) is None:
            _one_line_refusal(args, f"error: fix {name}: {_article(made.kind)} {made.kind} game has no {c.what} (")
    assert {p: p.read_bytes() for p in made.game.rglob("*") if p.is_file()} == before


def test_rules_show_reaches_the_game_and_a_game_without_profiles_says_so(made: Trial) -> None:
    declared = plays.declaration_named(made.kind)
    for args in (["rules", "show", str(made.game)], ["rules", "show", "--play", made.kind]):
        if declared.rules:
            out = invoke(*args).output
            assert out.startswith("# rules of ") and out.endswith("\n"), out
        else:
            _one_line_refusal(args, f"error: rules show: {_article(made.kind)} {made.kind} game has no rules profiles")


def test_the_map_commands_reach_the_game_and_a_game_without_maps_says_so(made: Trial) -> None:
    declared = plays.declaration_named(made.kind)
    commands = {"map list": ["map", "list", "--play", made.kind],
                "map check": ["map", "check", "germany", "--play", made.kind],
                "map show": ["map", "show", "--game", str(made.game), "--split"]}
    for name, args in commands.items():
        if declared.maps:
            assert invoke(*args).output
        else:
            _one_line_refusal(args, f"error: {name}: {_article(made.kind)} {made.kind} game has no maps")


def test_the_declared_bots_are_the_games_bots() -> None:
    from adjudicator.dampfross.app.declare import BOT_LEVELS
    from adjudicator.dampfross.bots import LEVELS
    from adjudicator.interurban import bots

    assert BOT_LEVELS == LEVELS
    assert plays.declaration_named("interurban").seats.bots == bots.LEVELS


def test_a_game_that_declares_nothing_has_the_common_options_only() -> None:
    """A play of moves declaring nothing (the tests' take-away) gets the corrections every game of moves has, the
    end-of-game statements every game has (``--statements``, ``postal/statements.py``), and no options, rules
    profiles or maps; the seats its setup checks."""
    plays.register("takeaway", "tests.games.takeaway")
    declared = plays.declaration_named("takeaway")
    assert (declared.options, declared.schedule, declared.rules, declared.maps) == ((), ("statements",), False, False)
    assert [c.name for c in declared.corrections] == ["seat", "position"]
    assert declared.seats.maximum is None and declared.seats.problem("Take-away", 1) is None


SMALL = '''
from adjudicator.kernel.declare import Declaration, Seats
from tests.games.takeaway import PLAY as TAKEAWAY


class Small:
    """The tests' take-away for two or three, declared."""

    name = "small"
    declaration = Declaration("small", "Small take-away", Seats(2, 3))

    def __getattr__(self, name):
        return getattr(TAKEAWAY, name)


PLAY = Small()
'''


def test_a_play_that_declares_its_seats_is_held_to_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A play's own declaration (its ``declaration``) gives its seats; the corrections every game of moves has are
    added to it."""
    (tmp_path / "small_play.py").write_text(SMALL, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    plays.register("small", "small_play")
    declared = plays.declaration_named("small")
    assert (declared.title, declared.seats.maximum) == ("Small take-away", 3)
    assert [c.name for c in declared.corrections] == ["seat", "position"]
    four = [a for seat in ("RED", "BLUE", "GREEN", "BLACK") for a in ("--player", f"{seat}:Name")]
    _one_line_refusal(["new", str(tmp_path / "g"), "--play", "small", *four],
                      "error: Small take-away is for 2 to 3 players, not 4")
    assert not (tmp_path / "g").exists()
    assert "Game started in" in invoke("new", str(tmp_path / "g"), "--play", "small", *four[:4]).output
    assert plays.game_of(str(tmp_path / "g")).name == "small"
