"""The words of the answers to players' commands by mail (``playwords.py: DampfrossWords.answer_to``, for
``postal/turns.py: MovesDesk``): HELP, MAP, STATUS, REPORT, RULES, SET ADDRESS, PASSWORD RESET, in the reader's
language, 80 columns."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.dampfross.board.model import GameMap
from adjudicator.dampfross.game.rules import Rules
from adjudicator.dampfross.game.state import GameState
from adjudicator.dampfross.report.deadlines import due_line, goal_line
from adjudicator.dampfross.report.env import LINE_WIDTH, render, wrap
from adjudicator.dampfross.report.i18n import LANGUAGES, N_, NC_, _, language, language_name, pgettext
from adjudicator.dampfross.report.orderwords import keyword, other_spellings
from adjudicator.dampfross.report.ruleswords import example_text, rules_words_context
from adjudicator.kernel.shown import shown

COMMAND_LIST = (
    (NC_("mail command", "HELP"), N_("this primer")),
    (NC_("mail command", "MAP [HEX|TOWN]"), N_("the map now; a window around a hex or a town")),
    (NC_("mail command", "STATUS"), N_("the deadline, who has sent orders, the balances")),
    (NC_("mail command", "REPORT [N]"), N_("turn N's report again (yours too after your PLAYER line)")),
    (NC_("mail command", "RULES"), N_("the rules of this game")),
    (NC_("mail command", "SET ADDRESS NEW"), N_("after your PLAYER line: your mail goes to NEW")),
    (NC_("mail command", "PASSWORD RESET ID"), N_("from your address on file: a new password")),
)
"""The commands a player may mail, in the reader's words (``kernel/commands.py`` reads either language's)."""


def commands_help(state: GameState, company: str | None) -> str:
    """The commands a player may mail (the HELP answer and the opening mail end with it)."""
    with language(state.language_of(company)):
        lines = [wrap(_("Mail the GM's address a line with a command instead of orders (in any of the game's "
                        "languages: {languages}):").format(languages=", ".join(language_name(c) for c in LANGUAGES)),
                      0)]
        for word, what in COMMAND_LIST:
            lines.append(wrap(f"  {pgettext('mail command', word):<19} {_(what)}", 22))
    return "\n".join(lines)


def _head(state: GameState, title: str) -> list[str]:
    """The first lines of an answer: what it is, and the deadline (in the first three lines of every mail)."""
    due = due_line(state)
    return ["DAMPFROSS PER POST -- " + _("game %(game)s") % {"game": state.game_id} + " -- " + title,
            *([wrap(due, 0)] if due else []), "=" * LINE_WIDTH]


def help_text(state: GameState, gmap: GameMap, company: str | None) -> str:
    """HELP: how orders are written in this game, now, with one example each, and the commands."""
    with language(state.language_of(company)):
        out = _head(state, _("help"))
        out.append(wrap(_("Game {game} on the map {map}, rules {rules}, turn {turn} ({phase}).").format(
            game=state.game_id, map=f"{gmap.name} ({gmap.code})", rules=state.rules.name, turn=state.turn,
            phase=_("building phase") if state.phase == "building" else _("racing phase")
            if state.phase == "racing" else _("the game is over")), 0))
        out.append(wrap(goal_line(state), 0))
        out += ["", wrap(_("An order mail has a heading, your PLAYER line, then one order a line (towns by name, "
                           "hexes by their label CCRR):"), 0), "",
                f"  {keyword('GAME')} {state.game_id}", f"  {keyword('TURN')} {state.turn}",
                f"  {keyword('PLAYER')} {company or 'ID'} {keyword('PASSWORD')} ****-****-****-****"]
        if state.phase == "building":
            out += [_("  START <town>                  (first turn: a start town)"),
                    _("  BUILD <town> - 1408 - <town>  (hex by hex, or two points on one line)"),
                    _("  PASS                          (build nothing this turn)"),
                    _("  DECLARE END                   (the building phase may end)")]
        else:
            out += [_("  ENTER 3 ROUTE <town> - 1208 - <town>  (a route over your track)"),
                    _("  ENTER 4 BEST                          (the adjudicator picks the route)"),
                    _("  BUILD <town> - 1408                   (paid from race income)")]
        out.append(_("  PRESS ... END PRESS           (a press item for the public report)"))
        out += [_("  BUILD CHEAPEST FROM <town> TO <town> MAX 9  (the cheapest line, chosen then)"),
                _("  IF 1409 TAKEN THEN / orders / ELSE / orders / END  (lines of their own)")]
        out += [_("  STANDING ENTER ALL BEST MIN 5  (kept for turns without a mail from you)"),
                _("  STANDING PASS, STANDING CANCEL (a standing PASS; cancel what stands)")]
        example = example_text(state, gmap, company)
        if example:
            out += ["", example]
        out += ["",
                wrap(_("The keywords of the other languages work as well ({words}, ...). Every mail is answered "
                       "at once with a receipt: your orders as understood, each problem, the price.").format(
                    words=", ".join(other_spellings("BUILD"))), 0), "",
                commands_help(state, company)]
    return "\n".join(out) + "\n"


def map_text(state: GameState, company: str | None, windows: Sequence[str], unknown: str, *,
             whole: bool = False) -> str:
    """MAP: the window asked for inline (``whole``: the whole map, in windows); the whole map is attached."""
    with language(state.language_of(company)):
        out = _head(state, _("map after turn {turn}").format(turn=state.turn - 1))
        if whole:
            out.append(wrap(_("The whole map is attached and follows here (a window: MAP 1408 or MAP <town>)."),
                            0))
        elif unknown:
            out.append(wrap(_("'{place}' is neither a hex label nor a town of the map: the whole map is attached."
                              ).format(place=shown(unknown)), 0))
        else:
            out.append(wrap(_("The whole map is attached; the window asked for:"), 0))
        for w in windows:
            out += ["", w.rstrip("\n")]
    return "\n".join(out) + "\n"


def status_reply(state: GameState, company: str | None, sent: Sequence[str]) -> str:
    """STATUS: the deadline, which companies have sent orders that count (names only), the balances."""
    with language(state.language_of(company)):
        out = _head(state, _("status of turn {turn}").format(turn=state.turn))
        out.append(wrap(goal_line(state), 0))
        out.append("")
        company, balance, orders = _("Company"), _("balance"), _("orders for this turn")  # the heads, in the
        wide, high = max(10, len(company)), max(7, len(balance))  # reader's language: each column as wide as its head
        out.append(f"{company:<{wide}} {balance:>{high}}  {orders}")
        for p in sorted(state.players, key=lambda p: p.seat):
            if p.retired is not None:
                what = _("out of play")
            else:
                what = _("received") if p.id in sent else _("not yet")
            out.append(f"{p.id:<{wide}} {p.balance:>{high}}  {what}")
    return "\n".join(out) + "\n"


def report_reply(state: GameState, company: str | None, turn: int, public: str | None, private: str | None) -> str:
    """REPORT N: turn N's public report again (and the company's private one after its PLAYER line)."""
    with language(state.language_of(company)):
        out = _head(state, _("report of turn {turn}").format(turn=turn))
        if public is None:
            out.append(wrap(_("There is no report of turn {turn} (the game is at turn {now}).").format(
                turn=turn, now=state.turn), 0))
            return "\n".join(out) + "\n"
        if private is not None:
            out += ["", private.rstrip("\n")]
        out += ["", public.rstrip("\n")]
    return "\n".join(out) + "\n"


def rules_text(state: GameState, gmap: GameMap, company: str | None) -> str:
    """RULES: the game's rules profile and how it is won, the rules in words (``rules-words.txt.j2``), a line
    the reader's company could build now, and the profile's settings folded into a short appendix."""
    with language(state.language_of(company)):
        out = _head(state, _("rules"))
        out.append(wrap(_("Rules profile {rules} on the map {map}.").format(rules=state.rules.name,
                                                                           map=f"{gmap.name} ({gmap.code})"), 0))
        out.append(wrap(goal_line(state), 0))
        out += ["", render("rules-words.txt.j2", rules_words_context(state, gmap)).rstrip("\n")]
        example = example_text(state, gmap, company)
        if example:
            out += ["", example]
        default = Rules().to_dict()
        changed = ", ".join(f"{key}={value}" for key, value in state.rules.to_dict().items()
                            if key not in ("name", "description", "sources") and value != default[key])
        out += ["", wrap(_("For the game master, the settings that differ from schmidt's: {settings}.").format(
            settings=changed) if changed else _("For the game master: every setting is schmidt's."), 2)]
    return "\n".join(out) + "\n"
