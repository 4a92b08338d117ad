"""Small builders for rules tests: a map from YAML text, a board with track, a game state."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from click.testing import CliRunner, Result

from adjudicator.dampfross.board.hexgrid import Hex, Side
from adjudicator.dampfross.board.mapfile import parse_map
from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.building.lines import Budget, BuildContext, BuildLine, LineOutcome, build_line
from adjudicator.dampfross.engine.newgame import new_game
from adjudicator.dampfross.game.ledger import Books
from adjudicator.dampfross.game.rules import Rules, load_profile
from adjudicator.dampfross.game.state import GameState, Player
from adjudicator.dampfross.game.track import Segment, TrackIndex
from adjudicator.dampfross.orders.collect import settle
from adjudicator.dampfross.orders.sections import OrderSet
from adjudicator.kernel.contacts import PlayerSpec

if TYPE_CHECKING:
    from adjudicator.kernel.table import Table


def H(label: str) -> Hex:
    return Hex.parse(label)


def path(*labels: str) -> tuple[Hex, ...]:
    return tuple(H(x) for x in labels)


def make_map(terrain: str, towns: Iterable[tuple[str, str, list[int]]] = (), rivers: Iterable[str] = (),
             countries: str | None = None, starts: Iterable[str] = ()) -> GameMap:
    """A map from a terrain block (rows of '.', '^', '~'), towns (name, label, numbers) and river sides."""
    lines = ["name: Testmap", "code: TM", "terrain: |"] + [f"  {row}" for row in terrain.strip("\n").split("\n")]
    if countries:
        lines += ["countries: |"] + [f"  {row}" for row in countries.strip("\n").split("\n")]
        codes = sorted({c for c in countries if c not in " \n"})
        lines += ["country_names: {" + ", ".join(f"{c}: Land{c}" for c in codes) + "}", f"home: {codes[0]}"]
    lines += ["rivers:"] + [f"  - {r}" for r in rivers] if rivers else []
    lines += ["towns:"]
    for name, label, numbers in towns:
        lines += [f"  - name: {name}", f'    hex: "{label}"', f"    numbers: {numbers}"]
        if name in starts:
            lines += ["    start: true"]
    return parse_map("\n".join(lines) + "\n", "test")


def board(gmap: GameMap, track: Iterable[tuple[str, str, str]] = (), rules: Rules | None = None,
          players: Iterable[str] = ("RED", "BLUE", "GREEN"), balance: int = 20, turn: int = 5) -> BuildContext:
    """A build context with existing track ``(owner, a, b)`` and every player at ``balance``."""
    rules = rules or load_profile("schmidt")
    ps = [Player(p, p.title(), p[0], i + 1, balance, "") for i, p in enumerate(players)]
    segments = [Segment(o, Side(H(a), H(b)), 1) for o, a, b in track]
    return BuildContext(gmap, rules, turn, TrackIndex(segments), Books(ps, turn), {})


def build(ctx: BuildContext, player: str, *labels: str, points: int = 99) -> LineOutcome:
    """Build one line with a generous allowance."""
    return build_line(ctx, player, BuildLine(path(*labels)), Budget("points", points))


def fees_paid(ctx: BuildContext, payer: str) -> dict[str, int]:
    """Total paid by ``payer`` to each rival in this context's ledger."""
    out: dict[str, int] = {}
    for e in ctx.books.entries:
        if e.payer == payer and e.payee != "BANK":
            out[e.payee] = out.get(e.payee, 0) + e.amount
    return out


def manual_game(gmap: GameMap, players: Iterable[str] = ("RED", "BLUE"), rules: Rules | None = None,
                sets: Iterable[str] = ()) -> GameState:
    """A fresh game with manual dice (no seed), cheap password hashing."""
    rules = (rules or load_profile("schmidt")).with_overrides(list(sets)) if sets else (rules or load_profile("schmidt"))
    state, _ = new_game("test", gmap, "map.yaml", "0" * 64, rules, [PlayerSpec(p, p.title()) for p in players], None, 1)
    return state


def invoke(*args: str, ok: bool = True) -> Result:
    """Run the ``adjudicate`` CLI in-process; with ``ok`` it must exit 0."""
    from adjudicator.cli import cli

    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    if ok:
        assert result.exit_code == 0, result.output
    return result


def dampfross_game(folder: str | Path) -> tuple[Table, GameState]:
    """The table and the state of the Dampfross game in ``folder``, as its game file holds them now (the one
    session's format: ``postal/moves.py: MovesDir``; the state is ``GameState``, the table the seats, deadlines and
    missed turns)."""
    import json

    from adjudicator.dampfross.play import DampfrossPlay
    from adjudicator.kernel.table import Table

    doc = json.loads((Path(folder) / "game.json").read_text(encoding="utf-8"))
    return Table.from_json(doc["table"], ""), DampfrossPlay().load(doc["state"])


def dampfross_state(folder: str | Path) -> GameState:
    """The state of the Dampfross game in ``folder`` (``dampfross_game``)."""
    return dampfross_game(folder)[1]


def accept_all(orders: OrderSet) -> OrderSet:
    """The orders settled as if every section had the right password and every GM section were the GM's."""
    return settle(orders, orders.sections, orders.gm_sections, ())


def land_path(gmap: GameMap, *points: str) -> tuple[Hex, ...]:
    """The shortest land path through towns (by name) or labels, in order: for laying test track on real maps."""
    from adjudicator.dampfross.board.hexgrid import shortest_path

    def hex_of(p: str) -> Hex:
        town = gmap.town_named(p)
        return town.hex if town is not None else H(p)

    out: list[Hex] = [hex_of(points[0])]
    for p in points[1:]:
        step = shortest_path(out[-1], hex_of(p), gmap.is_land)
        assert step is not None, f"no land path to {p}"
        out += step[1:]
    return tuple(out)


def segments(owner: str, hexes: Iterable[Hex], turn: int = 1) -> list[Segment]:
    """One player's track along a path."""
    import itertools

    return [Segment(owner, Side(a, b), turn) for a, b in itertools.pairwise(hexes)]


def example_mails(lang: str) -> dict[tuple[str, str], str]:
    """Every report mail's body of the example game (turn ``NNN``, company), as the session sent it: the golden's
    ``archive/step-NNN/mail-ID.txt`` (``tests/golden/example``, ``example-de``; the steps with mails are the turns, in
    order), up to the public report the mail attaches (``playwords.py: PUBLIC_BELOW``)."""
    from adjudicator.dampfross.report.playwords import PUBLIC_BELOW, TITLE

    folder = Path(__file__).parent / "golden" / ("example" if lang == "en" else f"example-{lang}")
    turns = sorted({path.parent for path in (folder / "archive").glob("step-*/mail-*.txt")})
    assert len(turns) == 7
    out = {}
    for turn, step in enumerate(turns, 1):
        for path in sorted(step.glob("mail-*.txt")):
            text = path.read_text(encoding="utf-8")
            assert text.count(PUBLIC_BELOW + TITLE) == 1, path
            out[(f"{turn:03d}", path.stem.removeprefix("mail-"))] = text.split(PUBLIC_BELOW + TITLE)[0] + "\n"
    assert len(out) == 7 * 4
    return out
