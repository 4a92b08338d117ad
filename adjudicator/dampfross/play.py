"""Dampfross as a ``kernel.play.Play``: its turn is a period of simultaneous orders (issue 34, the rules side).

The platform's one session (``postal/turns.py``, ``postal/periods.py``) keeps
the folder, the mail, the passwords, the deadlines and the archive; this
module gives it Dampfross's rules, pure, over the layers the mail path of
``dampfross/app/`` uses today, so a turn comes out as it always did:

* ``read``: one company's section body, as ``kernel/envelope.py`` cut it,
  parsed (``orders/parse.py: parse_section``), resolved on the map
  (``orders/resolve.py``) and settled for the company with trust (the
  session has checked the password: ``orders/translate.py:
  settle_orders``), giving ``CompanyOrders``.  A section counts as it does
  by mail always did: whatever its lines, unless it is for
  another turn or its company is retired; lines that cannot be read or are
  not allowed are left out of the turn and kept, as codes, in
  ``CompanyOrders.problems`` (``read`` returns them beside the orders too);
  only a section that does not count gives ``None`` and its reasons
  (``kernel/problems.py: Problem[NoOrders]``; ``orders/usable.py: Unusable``
  once the game is over; a ``GMNote`` for a company not in the game).
* ``ready``: every company in play has orders of its own; ``missing``: the
  company's standing orders on file stand in (reading 112), which never make
  a period ready (reading 110: "an early run still waits for its mail").
* ``resolve``: the companies' sections as one order set, the engine's input
  and standing orders as ``orders/usable.py: settle`` makes them, then
  ``engine/turn.py: adjudicate_turn`` (which sets the standing orders and
  counts missed turns) with the dice of ``draw``: ``DrawnDice`` records each
  ``Die`` as ``game/dice.py: DiceRoller`` does, so an archived turn replays
  with the same dice.  What the application adds to the state after a run
  (the archive's chain, the schedule's next deadline, the caretaker's seats
  of reading 97) is the session's and not done here.
* ``preview`` is ``check``'s value for one company (``app/check.py:
  check_received`` without words): ``Preview``.

* The GM's section (``kernel/gmorders.py: GmOrders``): ``read_gm`` reads
  the lines after the GM's line (``orders/parse.py: parse_gm_section``: ROLL,
  RACE, MOVES, HOLD PRESS, as ``orders/sections.py: GMSection`` holds them
  after a GM line of a file), its RACE lines on the map, giving ``GMOrders``;
  a section with a line that cannot be read or does not belong there, or
  dice for a company not in the game, is refused whole (``gm-refused``, its
  problems): the GM's lines are the turn's dice, and a roll left out would
  be asked for again in silence.
  ``wanting``: what a game of manual dice (``dice_mode == "manual"``) still
  lacks from the GM for the turn with these orders, as codes: ``("roll",
  ID)`` a company that sent orders has no ROLL (or an impossible one; the
  engine's ``building/turn.py: _allowances``), ``("race", n)`` no RACE line
  given for a racing turn (n = 1 .. the races of a turn), ``("moves",
  turn)`` the races ran out of the GM's MOVES rolls (``game/dice.py:
  MovesDice`` raised ``MissingDice``: which train is not told, the dice run
  turn after turn), ``("refused", turn)`` the engine refuses the turn with
  the GM's lines (a RACE between non-towns ...); ``()`` for an HMAC game,
  whose dice are the seed's (the GM's dice there are ignored with a note, as
  ``orders/translate.py: engine_input`` says).  ``resolve_gm`` is ``resolve``
  with the GM's lines merged as ``settle_orders`` merges a GM section: manual
  dice keep their ``manual:`` labels (the engine gives them), so ``verify``
  checks them against the GM's archived lines, never the seed.

The map: a state names its map by file and SHA-256; a play is pure and
reads no folder, so it is given a loader (``maps``), by default the shipped
map whose text has that SHA-256 (``shipped_map``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.engine.turn import adjudicate_turn, building_turn
from adjudicator.dampfross.game import gamefile
from adjudicator.dampfross.game.dice import DiceRoller, Die, label
from adjudicator.dampfross.game.errors import MissingDice
from adjudicator.dampfross.game.standing import Standing
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.orders.collect import collect
from adjudicator.dampfross.orders.model import MovesOrder, Note, OrderProblem, RollOrder
from adjudicator.dampfross.orders.parse import ORDER_LINES, parse_gm_section, parse_section
from adjudicator.dampfross.orders.resolve import resolve as resolve_points
from adjudicator.dampfross.orders.sections import GMSection, OrderSet, Section, sort_by_position
from adjudicator.dampfross.orders.standing import standing_after, standing_notes, with_standing
from adjudicator.dampfross.orders.translate import GMNote, GMNoteCode, engine_input, settle_orders
from adjudicator.dampfross.orders.usable import Unusable, unusable
from adjudicator.kernel.commitment import digests
from adjudicator.kernel.errors import AdjudicatorError, GameFileError, TurnRefused
from adjudicator.kernel.play import Draw, Lines
from adjudicator.kernel.problems import NoOrders, Problem

if TYPE_CHECKING:
    from adjudicator.dampfross.building.turn import BuildingResult, PlayerOutcome
    from adjudicator.dampfross.engine.preview import RacingPreview
    from adjudicator.dampfross.engine.turn import TurnInput, TurnResult
    from adjudicator.kernel.play import Words
    from adjudicator.kernel.table import Table


@dataclass(frozen=True)
class CompanyOrders:
    """One company's orders for a turn, as ``DampfrossPlay.read`` read them (or ``missing`` stood in).

    ``section``: the section as parsed and resolved on the map, its PLAYER line at line 0 of the file named by
    the company's id and its lines at their numbers in the mail (no password: the session checked it); ``None``
    for the standing orders on file standing in for a mail (``standing``; reading 112).  ``problems`` and
    ``notes``: the orders package's own values for the section (codes, arguments, positions): the lines left
    out of the turn and what was noticed."""

    company: str
    section: Section | None
    problems: tuple[OrderProblem, ...] = ()
    notes: tuple[Note, ...] = ()
    standing: bool = False
    arrived: str = ""
    """When its mail arrived (ISO, the game's zone; ``read_mail``): the reports name its lines "your mail of ..."."""
    file: str = ""
    """The GM's order file it came in (``read_file``): the reports name its lines ``turn2-nob.orders:6:1``."""

    @property
    def echo(self) -> tuple[str, ...]:
        """The orders as understood, one line each (none for standing orders)."""
        return tuple(self.section.echo()) if self.section is not None else ()


@dataclass(frozen=True)
class GMOrders:
    """The GM's section of a turn as ``DampfrossPlay.read_gm`` read it: its orders resolved on the map (``section``:
    at line 0 of the file ``GM``, lines at their numbers in the mail) and what was noticed (``notes``)."""

    section: GMSection
    notes: tuple[Note, ...] = ()

    @property
    def echo(self) -> tuple[str, ...]:
        """The GM's orders as understood, one line each."""
        return tuple(o.echo() for o in self.section.orders)


@dataclass(frozen=True)
class Turn:
    """The events of a Dampfross turn resolved, what its words (``report/``) render: ``building_report(result,
    gmap, orders)`` and the racing report take ``result`` and ``orders`` as a run gives them today."""

    result: TurnResult
    """``engine/turn.py``: the phase's result, with ``.before`` and ``.after``."""
    orders: OrderSet
    """The turn's order set, settled (one section a company whose orders counted)."""
    notes: tuple[GMNote, ...]
    """What the GM should see (``orders/translate.py``): orders of the wrong phase, standing orders played ..."""


@dataclass(frozen=True)
class Preview:
    """What ``check`` shows for one company's orders (``app/check.py: check_received``), as values: the building
    turn with the company's orders alone (reading 104) or its racing entries and lines priced, whether every order
    would be carried out in full (``complete``), whether orders that ask to build would build nothing (``idle``,
    reading 94), and the standing orders on file once these orders count."""

    company: str
    echo: tuple[str, ...]
    building: BuildingResult | None
    racing: RacingPreview | None
    complete: bool
    idle: bool
    problems: tuple[OrderProblem, ...]
    notes: tuple[Note, ...]
    gm_notes: tuple[GMNote, ...]
    standing: Standing | None
    guessed: bool = False
    """Manual dice: the allowance was priced at the largest roll."""
    section: Section | None = None
    """The section as read (``CompanyOrders.section``): a receipt tells the fate of each order (``report/fates.py``)."""

    @property
    def outcome(self) -> PlayerOutcome | RacingPreview | None:
        """The company's own outcome as priced (a building turn's ``PlayerOutcome``, or the racing preview)."""
        if self.racing is not None:
            return self.racing
        if self.building is None:
            return None
        return next((o for o in self.building.outcomes if o.player == self.company), None)


class DrawnDice(DiceRoller):
    """The engine's roller over a play's ``Draw``: each die's label as ``DiceRoller`` makes it, its face
    ``draw(label, sides) + 1``, recorded as a ``Die`` in ``rolled``.  With ``DampfrossPlay.draw(seed)`` it rolls the
    very dice ``DiceRoller(seed, game)`` rolls."""

    def __init__(self, draw: Draw, game: str):
        super().__init__("", game)
        self._draw = draw

    def roll(self, turn: int, purpose: str, index: int = 1, sides: int = 6) -> Die:
        lab = label(self.game, turn, purpose, index)
        die = Die(lab, self._draw(lab, sides) + 1, sides)
        self.rolled.append(die)
        return die


def hmac_draw(seed: str) -> Draw:
    """Dampfross's own die as a draw: ``HMAC-SHA256(seed, label)`` by rejection sampling (``game/dice.py: face``),
    so ``draw(label, n) + 1 == face(seed, label, n)``."""

    def draw(die_label: str, n: int) -> int:
        if not 1 <= n <= 256:
            raise ValueError(f"a die of {n} sides")
        limit = 256 - 256 % n
        for digest in digests(seed, die_label):
            for byte in digest:
                if byte < limit:
                    return byte % n
        raise AssertionError("digests never end")  # pragma: no cover

    return draw


def shipped_map(state: GameState) -> GameMap:
    """The game's map when it is a shipped one (``board/mapfile.py: shipped_map_of``); a map of the GM's own needs
    the game's loader."""
    from adjudicator.dampfross.board.mapfile import shipped_map_of  # YAML: a game's map is read from its cache

    return shipped_map_of(state.map_sha256, state.game_id, state.map_file)


MapLoader = Callable[[GameState], GameMap]


class DampfrossPlay:
    """``kernel.play.Play[GameState, CompanyOrders, Turn]`` for Dampfross (module docstring); ``maps``: the
    game's map from its state (default ``shipped_map``; the application gives its cached loader of the game's
    folder)."""

    name = "dampfross"
    title = "Dampfross"

    def __init__(self, maps: MapLoader | None = None):
        self._maps = maps or shipped_map
        self._words: Words | None = None

    @property
    def words(self) -> Words:
        """The play's sentences (``report/playwords.py``)."""
        if self._words is None:  # the words read the game's map with the play's own loader
            from adjudicator.dampfross.report.playwords import DampfrossWords

            self._words = DampfrossWords(self._maps)
        return self._words

    def gmap(self, state: GameState) -> GameMap:
        """The game's map."""
        return self._maps(state)

    # --- the state ----------------------------------------------------------
    def setup(self, game: str, seats: Sequence[str], draw: Draw) -> GameState:
        """Not given: a Dampfross game is started by its own ``new`` (``dampfross/app/declare.py``,
        ``engine/newgame.py``: the map, the rules profile, the companies' names and addresses, the dice seed and
        the passwords), which this protocol's ``(game, seats, draw)`` does not carry."""
        raise AdjudicatorError("a Dampfross game is started with its own new (adjudicate new --play dampfross, "
                               "with its map, rules and companies), not from a list of seats")

    def setup_with(self, table: Any, draw: Draw, options: Mapping[str, Any]) -> GameState:
        """``kernel/play.py: SetUpWith``: the opening set up again (``verify``) from its ``new``'s recorded options
        (``engine/newgame.py: new_options``, ``opened``), the table's password hashes and commitment, ``draw``."""
        from adjudicator.dampfross.engine.newgame import opened
        from adjudicator.kernel.contacts import GM

        hashes = {**{s.id: s.password_hash for s in table.seats}, GM: table.gm_password_hash}
        return opened(table.game, hashes, table.commitment, DrawnDice(draw, table.game) if table.commitment else None,
                      options)  # no schedule: the table's alone (docs/architecture.md)

    def note_deadline(self, state: GameState, table: Table, record: Mapping[str, Any]) -> GameState:
        """``kernel/play.py: DeadlineNotes``: each setting of a GM's deadline change one correction of kind
        ``deadline`` in the state, as the old format's ``deadline`` recorded it, so the next report prints it ("the
        deadline is now ...: why"); a due time as the table took it (``extend``: the deadline it made)."""
        from adjudicator.dampfross.game.state import Correction

        corrections = state.corrections
        for key, value in (tuple(kv) for kv in record.get("settings", ()) if len(kv) == 2):
            key, value = str(key), str(value)
            if key == "extend" or (key == "due" and value):
                key, value = "due", table.schedule.due or ""
            corrections += (Correction(len(corrections) + 1, state.turn, "deadline", str(record.get("by", "GM")),
                                       str(record.get("when", "")), str(record.get("why", "")), key=key,
                                       value=value),)
        return replace(state, corrections=corrections)

    def correct(self, state: GameState, record: Mapping[str, Any]) -> GameState:
        """``kernel/play.py: Corrections``: a GM's Dampfross correction (record ``fix`` ``play``, its ``correction``
        as the old format's ``record_of_fix`` wrote it) applied again (``engine/corrections.py``); a caretaker's is
        only noted in the state (the table's seat is the caretaker's: reading 134)."""
        from adjudicator.dampfross.engine.corrections import apply_correction, noted_caretaker
        from adjudicator.dampfross.game.codec import correction_from_json

        doc = record.get("correction")
        if not isinstance(doc, dict):
            raise ValueError("a Dampfross correction's record holds its correction")
        c = correction_from_json(doc)
        try:
            return noted_caretaker(state, c) if c.kind == "caretaker" else apply_correction(state, self.gmap(state), c)
        except AdjudicatorError as exc:
            raise ValueError(str(exc)) from None

    def draw(self, seed: str) -> Draw:
        """Dampfross's HMAC die of the seed (``hmac_draw``)."""
        return hmac_draw(seed)

    def load(self, doc: Mapping[str, Any]) -> GameState:
        """The state from its game file's document (``game/gamefile.py``; ``GameFileError`` when it is none)."""
        return gamefile.from_json(dict(doc))

    def load_vouched(self, doc: Mapping[str, Any]) -> GameState:
        """The state of the game file the archive's last step holds (``postal/moves.py: MovesDir.load``): checked
        against the schema when it was written, not again (as the old format read a state it had archived last;
        its invariants still are, and a document that does not decode is checked to name the problem)."""
        return gamefile.from_json(dict(doc), trusted=True)

    def dump(self, state: GameState) -> dict[str, Any]:
        """The state as its game file's document."""
        return gamefile.to_json(state)

    def to_act(self, state: GameState) -> tuple[str, ...]:
        """The companies in play; none once the game is over."""
        return () if state.phase == "over" else state.in_play

    order_line = ORDER_LINES
    """A line read as an order, or meant as one, as the Dampfross mail path reads it (``orders/parse.py:
    order_line``); the envelope gives ``read`` a section's body whole, ended only by the next PLAYER or GM line or
    a signature (``kernel/envelope.py: WholeSections``): ``parse_section`` reads its prose, IF ... END and press
    items as the mail path does."""

    def picture(self, state: GameState) -> str | None:
        """The map after the last turn (at the opening: the start), that turn's track emphasised, in the game's
        language: the picture the opening and report mails show as PNG, as the Dampfross mails always did
        (``app/pictures.py: turn_png``; no race routes).  Its grid of hexes is drawn unsmoothed (``crispEdges``,
        as ``turn_png`` draws it): a quarter fewer bytes of PNG, and France's opening mail under 300 KB."""
        from adjudicator.dampfross.report.i18n import language
        from adjudicator.dampfross.report.svg import game_svg

        with language(state.lang):
            svg = game_svg(self.gmap(state), state, state.turn - 1 if state.turn > 1 else None)
        head = svg.index(">", svg.index("<svg")) + 1
        return svg[:head] + "\n<style>#terrain { shape-rendering: crispEdges }</style>" + svg[head:]

    # --- orders -------------------------------------------------------------
    def read(self, state: GameState, seat: str, lines: Lines) -> tuple[CompanyOrders | None, tuple[Any, ...]]:
        """``seat``'s section body as its orders for the turn (module docstring): ``(orders, problems of their
        lines)``, or ``(None, why)`` when the section does not count."""
        company = seat.upper()
        orders = self._settled(state, company, lines)
        if isinstance(orders, Unusable):
            return None, (orders,)
        section = orders.section(company)
        if section is None or company not in orders.players:
            whys: list[Any] = [r.why for r in orders.refusals_for(company) if r.why is not None]
            return None, tuple(whys) or (GMNote(GMNoteCode.UNKNOWN_COMPANY, None,
                                                (("player", company), ("game", state.game_id))),)
        made = CompanyOrders(company, section, orders.problems, orders.notes)
        return made, made.problems

    def read_mail(self, state: GameState, seat: str, lines: Lines,
                  arrived: datetime) -> tuple[CompanyOrders | None, tuple[Any, ...]]:
        """``kernel/play.py: ReadsMail``: ``read``, the orders knowing their mail's arrival."""
        made, problems = self.read(state, seat, lines)
        return (replace(made, arrived=arrived.isoformat()) if made is not None else None), problems

    def read_file(self, state: GameState, seat: str, lines: Lines,
                  file: str) -> tuple[CompanyOrders | None, tuple[Any, ...]]:
        """``kernel/play.py: ReadsFile``: ``read``, the orders knowing the GM's order file they came in (its lines
        still stand at the company's id, which keeps each company's problems and notes its own: several companies'
        sections share a file)."""
        made, problems = self.read(state, seat, lines)
        return (replace(made, file=file) if made is not None else None), problems

    def _settled(self, state: GameState, company: str, lines: Lines) -> OrderSet | Unusable:
        """The section on the map, settled with trust: the company's section when it counts."""
        parsed = parse_section(company, lines)
        parsed = replace(parsed, gm_sections=())  # the GM's section is not read here (docs/architecture.md)
        raw = collect([parsed], game=state.game_id, turn=state.turn)
        orders = resolve_points(raw, self.gmap(state), companies=state.player_ids)
        refused = unusable(state, orders)
        if refused is not None and refused.why != "other-turn":  # another turn: the section's refusal says it
            return refused
        settled, _notes = settle_orders(state, orders, True)
        return settled

    def ready(self, state: GameState, orders: Mapping[str, CompanyOrders]) -> bool:
        """Every company in play has orders of its own (standing orders do not count: readings 110, 112)."""
        acting = self.to_act(state)
        return bool(acting) and all(seat in orders and not orders[seat].standing for seat in acting)

    def missing(self, state: GameState, seat: str) -> CompanyOrders | None:
        """The company's standing orders on file, standing in for a mail (reading 112); ``None``: none, a missed
        turn (``engine/turn.py: count_missed``)."""
        company = seat.upper()
        if company not in state.player_ids:
            return None
        player = state.player(company)
        if player.standing is None or player.retired is not None or state.phase == "over":
            return None
        return CompanyOrders(company, None, standing=True)

    def on_standing(self, state: GameState, seat: str) -> bool:
        """``kernel/play.py: StandingOrders``: the company's standing orders stand in for its mail (``missing``)."""
        return self.missing(state, seat) is not None

    def preview(self, state: GameState, seat: str, orders: CompanyOrders) -> Preview:
        """What ``check`` shows for the company's orders, nothing changed (``app/check.py: check_received``, one
        company, no standing orders played)."""
        from adjudicator.dampfross.engine.preview import building_ok, preview_each, preview_racing

        gmap = self.gmap(state)
        settled, turn_input, notes = self._input(state, gmap, {orders.company: orders}, standing=False)
        company = orders.company
        problems = orders.problems
        after = standing_after(state, settled, company) if orders.section is not None else \
            state.player(company).standing
        if not building_turn(turn_input, state.phase):
            previews = {p.player: p for p in preview_racing(state, gmap, turn_input)}
            mine = previews.get(company)
            return Preview(company, orders.echo, None, mine, bool(mine and mine.ok) and not problems, False,
                           problems, orders.notes, tuple(notes), after, section=orders.section)
        results, guessed = preview_each(state, gmap, turn_input)
        if guessed:
            notes = [*notes, GMNote(GMNoteCode.PREVIEW_MAX_ROLL)]
        result = results.get(company)
        complete = result is not None and building_ok(result, turn_input, company) and not problems
        own = next((o for o in result.outcomes if o.player == company), None) if result is not None else None
        idle = own is not None and _builds_nothing(own, problems)
        return Preview(company, orders.echo, result, None, complete, idle, problems, orders.notes, tuple(notes),
                       after, guessed, orders.section)

    # --- the turn -----------------------------------------------------------
    def resolve(self, state: GameState, orders: Mapping[str, CompanyOrders], draw: Draw) -> tuple[GameState, Turn]:
        """The turn: the companies' orders as one order set, settled with trust, the standing orders of the
        companies ``missing`` gave them for, adjudicated with ``draw``'s dice (``DrawnDice``)."""
        return self.resolve_gm(state, orders, None, draw)

    def _input(self, state: GameState, gmap: GameMap, orders: Mapping[str, CompanyOrders], standing: bool,
               gm: GMOrders | None = None) -> tuple[OrderSet, TurnInput, list[GMNote]]:
        """The orders as ``orders/usable.py: settle`` makes them: one order set of the companies' sections (in seat
        order) and the GM's (``gm``), settled with trust, the engine's input; with ``standing``, the standing
        orders of the companies whose orders are their standing ones (no other's: a company left out has no
        orders)."""
        seats = {pid: i for i, pid in enumerate(state.player_ids)}
        given = sorted((o for o in orders.values() if o.section is not None), key=lambda o: seats.get(o.company, 99))
        files = tuple(o.company for o in given) + ((gm.section.pos.file,) if gm is not None else ())
        order = {name: i for i, name in enumerate(files)}
        whole = OrderSet(game=state.game_id, turn=state.turn, sections=tuple(o.section for o in given if o.section),
                         problems=tuple(sort_by_position([p for o in given for p in o.problems], order)),
                         notes=tuple(sort_by_position([n for o in given for n in o.notes]
                                                      + list(gm.notes if gm is not None else ()), order)),
                         files=files, gm_sections=(gm.section,) if gm is not None else (),
                         places=tuple((o.company, o.arrived, "") for o in given if o.arrived)  # "your mail of"
                         + tuple((o.company, "", o.file) for o in given if o.file and not o.arrived))  # GM's file
        settled, notes = settle_orders(state, whole, True)
        turn_input, more = engine_input(state, settled)
        if standing:
            on_file = {o.company for o in orders.values() if o.standing}
            seen = replace(state, players=tuple(p if p.id in on_file else replace(p, standing=None)
                                                for p in state.players))
            turn_input = with_standing(seen, gmap, settled, turn_input)
            more = standing_notes(seen, settled, more)
        return settled, turn_input, notes + more

    # --- the GM's section (kernel/gmorders.py: GmOrders) ----------------------
    def read_gm(self, state: GameState, lines: Lines) -> tuple[GMOrders | None, tuple[Any, ...]]:
        """The GM's section body as his orders for the turn (module docstring), or ``None`` and its problems (the
        lines' ``OrderProblem``; ``NoOrders.NONE_RECEIVED`` for a section without one GM order)."""
        parsed = parse_gm_section(lines)
        raw = collect([parsed], game=state.game_id, turn=state.turn)
        orders = resolve_points(raw, self.gmap(state), companies=state.player_ids)
        if orders.problems:
            return None, orders.problems
        section = next(iter(orders.gm_sections), None)
        if section is None or not section.orders:
            return None, (Problem.of(NoOrders.NONE_RECEIVED),)
        known = set(state.player_ids)
        strangers = [o for o in section.orders if isinstance(o, (RollOrder, MovesOrder)) and o.player not in known]
        if strangers:  # dice for a company not in the game: the engine would refuse the turn (engine_input)
            game = ("game", state.game_id)
            return None, tuple(GMNote(GMNoteCode.UNKNOWN_COMPANY, o.pos, (("player", o.player), game))
                               for o in strangers)
        return GMOrders(section, orders.notes), ()

    def wanting(self, state: GameState, orders: Mapping[str, CompanyOrders], gm: GMOrders | None
                ) -> tuple[tuple[Any, ...], ...]:
        """What a turn of manual dice still lacks from the GM with these orders and his (module docstring);
        ``()`` for a game of HMAC dice, or once the game is over."""
        if state.dice_mode != "manual" or state.phase == "over":
            return ()
        gmap = self.gmap(state)
        try:
            _settled, turn_input, _notes = self._input(state, gmap, orders, standing=True, gm=gm)
        except TurnRefused:
            return (("refused", state.turn),)
        if building_turn(turn_input, state.phase):
            dice_n = state.rules.allowance_dice
            lacking = [p for p in state.player_ids if p in turn_input.orders and turn_input.orders[p].sent
                       and not dice_n <= turn_input.rolls.get(p, 0) <= 6 * dice_n]
            if lacking and state.rules.allowance != "postal":  # postal rolls: never the GM's (the engine refuses)
                return tuple(("roll", p) for p in lacking)
        elif not turn_input.races and not turn_input.specials:
            return tuple(("race", n) for n in range(1, _races_this_turn(state) + 1))
        try:
            adjudicate_turn(state, gmap, turn_input, None)  # a trial: the races may run out of the GM's MOVES
        except TurnRefused as refused:
            return (("moves" if isinstance(refused.__context__, MissingDice) else "refused", state.turn),)
        return ()

    def resolve_gm(self, state: GameState, orders: Mapping[str, CompanyOrders], gm: GMOrders | None, draw: Draw
                   ) -> tuple[GameState, Turn]:
        """``resolve`` with the GM's orders of the turn (``None``: he sent none): manual dice from his ROLL, RACE
        and MOVES lines (``manual:`` labels), HOLD PRESS in any game."""
        if state.phase == "over":
            raise TurnRefused(f"game {state.game_id} is over")
        gmap = self.gmap(state)
        settled, turn_input, notes = self._input(state, gmap, orders, standing=True, gm=gm)
        roller = DrawnDice(draw, state.game_id) if state.dice_mode == "hmac" else None
        result = adjudicate_turn(state, gmap, turn_input, roller)
        return result.after, Turn(result, settled, tuple(notes))

    # --- bots ---------------------------------------------------------------
    bot_levels: tuple[str, ...] = ("random", "careful", "strong")
    """The bots' levels, weakest first: ``dampfross/bots: LEVELS`` (``tests/test_lazy_imports.py`` holds them equal),
    written out, not imported: every turn asks ``isinstance(play, Bots)``, which reads it, and the bots import the
    racing engine."""

    bot_default = "careful"
    """A bot seat's level when ``new`` names none (``kernel/play.py: BotDefault``), as Dampfross's ``new`` has it
    (``dampfross/app/commands.py``): ``strong`` is the GM's to ask for."""
    period_word = "turn"
    """A period is a turn (``kernel/play.py: PeriodWord``): the GM's lines of a tick say so, and the bots draw from
    ``GAME|bot|turn=N|SEAT`` (``app/botseats.py: bot_lines``), as before the one session: a game started then
    verifies its bots' lines."""

    def bot(self, state: GameState, seat: str, level: str, rng: random.Random) -> tuple[str, ...]:
        """The lines the bot of ``level`` mails for ``seat`` (``app/botseats.py: judged_orders``): from the seat's
        view, held to ``check``'s judgement of its own orders (``judge``)."""
        from adjudicator.dampfross.bots import LEVELS, bot_orders, seat_view

        known = next((x for x in LEVELS if x == level), None)
        if known is None:
            raise GameFileError(f"no bot level {level!r} (the game file names one that does not exist)")
        view = seat_view(state, self.gmap(state), seat.upper())
        return tuple(bot_orders(view, known, rng, self.judge(view.state, view.seat)))

    def judge(self, state: GameState, seat: str) -> Callable[[Sequence[str]], bool]:
        """``check``'s judgement of a seat's own lines against ``state`` (``app/botseats.py: check_judge``):
        whether they count, every line would be carried out in full, and a section that asks to build would build
        something (reading 94); kept for the lines asked again."""
        seen: dict[tuple[str, ...], bool] = {}

        def judge(lines: Sequence[str]) -> bool:
            key = tuple(lines)
            if key not in seen:
                made, _ = self.read(state, seat, list(enumerate(key, 1)))
                if made is None:
                    seen[key] = False
                else:
                    try:
                        p = self.preview(state, seat, made)
                    except AdjudicatorError:
                        seen[key] = False
                    else:
                        seen[key] = p.complete and not p.idle and (p.building is not None or p.racing is not None)
            return seen[key]

        return judge


def _races_this_turn(state: GameState) -> int:
    """The races a racing turn runs (``racing/schedule.py: draw_next``): the rules' races a turn, no more than the
    fixed number of races left; at least one."""
    count = state.rules.races_per_turn
    if state.rules.fixed_races:
        count = min(count, state.rules.fixed_races - state.race_state.count)
    return max(count, 1)


def _builds_nothing(o: PlayerOutcome, problems: Sequence[OrderProblem]) -> bool:
    """Whether a company's orders would build nothing though they ask to (reading 94; ``app/check.py``): a BUILD
    line, a START or a line not understood, and not one segment built, no start made, no PASS."""
    lines = [*o.lines, *(o.joint.lines if o.joint is not None else ())]
    asks = bool(lines) or o.start_problem is not None or bool(problems)
    return asks and not o.passed and o.start is None and not any(line.built for line in lines)


PLAY = DampfrossPlay()
"""Not registered yet (``app/plays.py`` still names ``dampfross/app``'s session)."""
