"""``adjudicate site``: the static HTML archive of a game (report/site.py, app/site.py, templates/site)."""

from __future__ import annotations

import html
import json
import re
import shutil
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from adjudicator.dampfross.game.state import GameState, LedgerEntry
from adjudicator.dampfross.play import DampfrossPlay
from adjudicator.dampfross.report.site import _nice_step, balance_history, ledger_detail, report_sections
from adjudicator.dampfross.report.svg import RaceRoute
from adjudicator.postal.moves import MovesDir
from tests.helpers import H, dampfross_state, invoke

OLD_EXAMPLE = Path(__file__).parent / "fixtures" / "old-format" / "example"
"""The example game as the old format wrote it: the reports the session's must equal byte for byte."""
NS = {"s": "http://www.w3.org/2000/svg"}
PAGES = ["index.html", "ledger.html"] + [f"turn-{t:03d}.html" for t in range(8)]
VOID = {"meta", "link", "br", "hr", "img", "input", "area", "base", "col", "embed", "source", "track", "wbr"}


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def session_play(directory: Path) -> DampfrossPlay:
    """The play of the game in ``directory``, reading its folder's map (the GM's commands')."""
    from adjudicator.dampfross.app.session import SessionCommands

    return SessionCommands(str(directory)).dplay


def turn_step(directory: Path, turn: int) -> Path:
    """The step of the session's archive that resolved ``turn`` (0: the opening)."""
    return next(step for step, record in MovesDir(directory).moves() if record.get("move") == turn)


def after_turn(directory: Path, turn: int) -> GameState:
    """The state after ``turn`` as its step archived it."""
    doc = json.loads((turn_step(directory, turn) / "game-after.json").read_text(encoding="utf-8"))
    return DampfrossPlay().load(doc["state"])


def replayed(directory: Path, turn: int):  # type: ignore[no-untyped-def]
    """The turn resolved again from its step (``postal/moveverify.py: resolved_again``): its events (``.result``)."""
    from adjudicator.postal.moveverify import resolved_again

    again = resolved_again(MovesDir(directory), session_play(directory), turn)
    assert again is not None
    return again[1]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example game played through the session, over after 7 turns (its public reports the old format's)."""
    from tests.example_game import play

    where = play(tmp_path_factory.mktemp("site"))
    for turn in range(8):
        golden = (OLD_EXAMPLE / "reports" / f"turn-{turn:03d}.txt").read_text(encoding="utf-8")
        assert (where / "reports" / f"move-{turn:03d}.txt").read_text(encoding="utf-8") == golden
    return where


@pytest.fixture(scope="module")
def site(game: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out") / "site"
    before = tree(game)
    result = invoke("site", str(game), str(out))
    assert result.stdout == f"wrote 10 pages and 9 pictures to {out}; open {out / 'index.html'}\n"
    assert tree(game) == before  # the game directory is only read
    return out


def read(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


class _Balanced(HTMLParser):
    """Fails on a closing tag that does not match the open one (a broken template)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1] if self.stack else None}>"
        self.stack.pop()


def test_every_page_and_picture_is_written(site: Path):
    names = set(tree(site))
    assert set(PAGES) <= names and "scores.svg" in names
    for t in range(8):
        assert f"maps/turn-{t:03d}.svg" in names and f"maps/turn-{t:03d}.png" not in names
        ET.fromstring(read(site, f"maps/turn-{t:03d}.svg"))


@pytest.mark.parametrize("page", PAGES)
def test_pages_are_balanced_html_that_loads_nothing_from_elsewhere(site: Path, page: str):
    text = read(site, page)
    assert text.startswith("<!DOCTYPE html>\n")
    checker = _Balanced()
    checker.feed(text)
    checker.close()
    assert checker.stack == []
    assert not re.search(r'(src|href)="(https?:)?//', text), "the site must work offline, from file://"
    for link in re.findall(r'href="([^"#:]+)"', text):
        assert (site / link).is_file(), f"{page} links to a missing {link}"


def test_no_private_report_password_or_order_is_published(game: Path, site: Path):
    published = "\n".join(p.read_text(encoding="utf-8") for p in site.rglob("*") if p.suffix in (".html", ".svg"))
    privates = sorted((game / "archive").glob("step-*/mail-*.txt"))  # each company's report mail of each turn
    assert len(privates) == 28
    for private in privates:
        head = next(line for line in private.read_text(encoding="utf-8").splitlines() if "private report for" in line)
        assert head not in published
    for phrase in ("private report for", "Your orders as understood", "Your account:", "Your entries"):
        assert phrase not in published
    for line in (game / "passwords.txt").read_text(encoding="utf-8").splitlines():
        assert line.split()[1] not in published
    assert not re.search(r"PASSWOR[DT] +(?!line)[a-z0-9]", published)  # reports say "PASSWORD line"; orders give one


def test_game_page_players_rules_dice_and_the_revealed_seed(game: Path, site: Path):
    state = dampfross_state(game)
    page = html.unescape(read(site, "index.html"))
    for p in state.players:
        assert p.name in page and p.id in page
    assert "NOB (Nord-Ost-Bahn) wins" in page
    for key, value in state.rules.to_dict().items():
        assert f"<code>{key}</code>" in page
        if isinstance(value, int) and not isinstance(value, bool):
            assert re.search(rf"<code>{key}</code></td><td>{value}</td>", page)
    assert state.dice_commitment in page
    seed = (game / "seed.txt").read_text(encoding="utf-8").strip()
    assert f'<code class="hash" id="seed">{seed}</code>' in page


def test_score_chart_and_table_follow_the_history(game: Path, site: Path):
    state = dampfross_state(game)
    chart = ET.fromstring(read(site, "scores.svg"))
    lines = chart.findall(".//s:polyline", NS)
    assert [ln.get("data-company") for ln in lines] == list(state.player_ids)
    assert all(len((ln.get("points") or "").split()) == len(state.history) + 1 for ln in lines)
    page = read(site, "index.html")
    assert "<svg" in page and 'class="chart"' in page
    assert '<tr><td class="num">7</td><td class="num">42</td><td class="num">61</td><td class="num">26</td>' in page


def test_turn_pages_hold_the_public_report_as_sent_and_the_map(game: Path, site: Path):
    for t in range(8):
        page = read(site, f"turn-{t:03d}.html")
        report = (game / "reports" / f"move-{t:03d}.txt").read_text(encoding="utf-8")
        found = re.search(r'<pre class="report">(.*?)</pre>', page, re.S)
        assert found is not None and html.unescape(found.group(1)) == report
        assert f'<a href="maps/turn-{t:03d}.svg">SVG</a>.' in page and ".png" not in page
    state = after_turn(game, 5)
    page = read(site, "turn-005.html")
    svg = ET.fromstring(page[page.index("<svg"): page.index("</svg>") + len("</svg>")])
    owners = {ln.get("data-owner") for ln in svg.findall(".//s:g[@id='track']/s:line[@data-owner]", NS)}
    assert owners == {p.colour for p in state.players}
    new = {ln.get("data-side") for ln in svg.findall(".//s:line", NS) if "new" in (ln.get("class") or "")}
    assert new == {str(s.side) for s in state.track if s.turn == 5}


def test_racing_turn_page_lists_its_races_with_their_rounds(site: Path):
    page = re.sub(r"<td[^>]*>", "<td>", html.unescape(read(site, "turn-006.html")))
    assert ("<tr><td>1</td><td>Berlin</td><td>Lübeck</td><td>9</td>\n"
            "<td>run</td><td>HAFEN</td><td>NOB</td></tr>") in page
    assert "<td>München</td><td>Kiel</td>" in page and "<td>lapsed</td>" in page
    rounds = re.search(r'<pre class="race-rounds">(.*?)</pre>', page, re.S)
    assert rounds is not None and "Round NOB           HAFEN" in rounds.group(1)
    assert "Score table" not in rounds.group(1)
    assert '<h2 id="races">' not in read(site, "turn-003.html")


def test_ledger_page_has_every_entry_and_a_company_filter(game: Path, site: Path):
    state = dampfross_state(game)
    page = read(site, "ledger.html")
    rows = re.findall(r'<tr data-payer="([^"]+)" data-payee="([^"]+)" data-reason="([^"]+)" data-amount="(\d+)">',
                      page)
    assert rows == [(e.payer, e.payee, e.reason, str(e.amount)) for e in state.ledger]
    for p in state.players:
        assert f'<option value="{p.id}">' in page
    assert "<script>" in page and 'getElementById("company")' in page


def test_a_game_in_progress_keeps_its_seed_secret(game: Path, tmp_path: Path):
    copy = Path(shutil.copytree(game, tmp_path / "demo"))
    while dampfross_state(copy).turn > 5:  # turns 7, 6 and 5 taken back (each turn's accepted orders too)
        invoke("undo", str(copy))
    out = tmp_path / "site"
    invoke("site", str(copy), str(out))
    seed = (copy / "seed.txt").read_text(encoding="utf-8").strip()
    published = "\n".join(p.read_text(encoding="utf-8") for p in out.rglob("*") if p.is_file())
    assert seed not in published and "The seed stays secret until the game is over." in published
    assert sorted(p.name for p in out.glob("turn-*.html")) == [f"turn-{t:03d}.html" for t in range(5)]
    assert not (out / "maps" / "turn-000.png").exists()


def test_a_new_game_has_its_opening_only_and_png_maps_on_request(tmp_path: Path):
    invoke("new", str(tmp_path / "g"), "--map", "germany", "--seed", "x", "--player", "RED:Rot", "--player", "BLUE:Blau")
    result = invoke("site", str(tmp_path / "g"), str(tmp_path / "s"), "--png")
    assert result.stdout.startswith("wrote 4 pages and 3 pictures to ")
    assert sorted(p.name for p in (tmp_path / "s").glob("*.html")) == ["index.html", "ledger.html", "orders.html",
                                                                        "turn-000.html"]
    assert (tmp_path / "s" / "maps" / "turn-000.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert '<a href="maps/turn-000.svg">SVG</a>, <a href="maps/turn-000.png">PNG</a>' in read(tmp_path / "s",
                                                                                            "turn-000.html")


def test_a_missing_public_report_is_said_so(game: Path, tmp_path: Path):
    copy = Path(shutil.copytree(game, tmp_path / "demo"))
    (copy / "reports" / "move-003.txt").unlink()
    invoke("site", str(copy), str(tmp_path / "s"))
    assert "The public report of this turn is not in the game directory." in read(tmp_path / "s", "turn-003.html")


@pytest.mark.parametrize("where", ["GAME", "GAME/site", "GAME/../demo/site"])
def test_site_refuses_to_publish_into_the_game_directory(game: Path, where: str):
    result = invoke("site", str(game), where.replace("GAME", str(game)), ok=False)
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ") and "is inside the game directory, which holds the passwords" in result.stderr
    assert not (game / "index.html").exists() and not (game / "site").exists()


def test_site_onto_a_file_is_a_usage_error(game: Path, tmp_path: Path):
    (tmp_path / "FILE").write_text("x", encoding="utf-8")
    result = invoke("site", str(game), str(tmp_path / "FILE"), ok=False)
    assert result.exit_code == 2 and "is a file" in result.stderr


def test_site_errors_without_a_game_or_without_resvg(game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    result = invoke("site", str(tmp_path / "nothing"), str(tmp_path / "s"), ok=False)
    assert result.exit_code == 1 and "no game here" in result.stderr
    monkeypatch.setitem(sys.modules, "resvg_py", None)
    result = invoke("site", str(game), str(tmp_path / "s"), "--png", ok=False)
    assert result.exit_code == 1 and result.stderr.startswith("error: PNG pictures need the packages resvg-py")
    assert not (tmp_path / "s").exists()  # nothing written


# --- the pure parts -----------------------------------------------------------

def test_report_sections_cut_at_underlined_headings():
    text = "HEAD\n=====\n\nRaces\n-----\nRace 1\n  x\n\nScore table\n-----------\nrows\n"
    assert report_sections(text) == [("", "HEAD\n====="), ("Races", "Race 1\n  x"), ("Score table", "rows")]


def test_ledger_detail_says_the_cause():
    fee = LedgerEntry(3, "HAFEN", "RAVEL", 2, "parallel-fee", segment=(H("1108"), H("1109")), fee_rule="parallel",
                      at=H("1109"))
    assert ledger_detail(fee) == "segment 1108-1109; parallel rule at 1109"
    fare = LedgerEntry(6, "HAFEN", "NOB", 4, "fare", race=1, owed=8, owed_back=4)
    assert ledger_detail(fare) == "race 1; owed 8, owed back 4"
    prize = LedgerEntry(6, "BANK", "NOB", 5, "prize", race=2, place=1, shared=True)
    assert ledger_detail(prize) == "race 2; place 1 (shared)"
    assert ledger_detail(LedgerEntry(0, "BANK", "NOB", 20, "start-capital")) == ""


def test_balance_history_starts_with_the_start_capital(game: Path):
    rows = balance_history(dampfross_state(game))
    assert [r.turn for r in rows] == list(range(8))
    assert rows[0].balances == (20, 20, 20, 20) and rows[-1].balances == (42, 61, 26, 51)


@pytest.mark.parametrize("span, step", [(0, 1), (4, 1), (12, 5), (61, 20), (80, 20), (950, 200), (10_000, 2000)])
def test_chart_ticks_are_round(span: int, step: int):
    assert _nice_step(span) == step


def test_a_racing_turn_map_draws_every_valid_entrys_route(game: Path, site: Path):
    """Issue 17: the racing pages drew no race routes although ``map show --races`` can (the routes are in the
    public report): each racing turn's map draws the route of every valid entry, in its company's colour."""
    from adjudicator.dampfross.racing.turn import RacingResult

    result = replayed(game, 6).result
    assert isinstance(result, RacingResult)
    valid = [(r.draw.number, e.entry.train) for r in result.races for e in r.entries if e.valid]
    assert valid
    page = read(site, "turn-006.html")
    svg = read(site, "maps/turn-006.svg")
    for number, train in valid:
        assert f"race {number}: {train}," in svg and f"race {number}: {train}," in page
    assert svg.count('class="route co-') == len(valid)
    assert "dashed in its company" in page
    assert 'class="route' not in read(site, "maps/turn-003.svg")  # a building turn: no routes


# --- the site speaks the game's language, and what issue 17 asked of its pages ----------------------------------

def visible_text(page: str) -> str:
    """The words a reader sees on a page: no tags, no script, no reports as sent (checked with the reports), no
    code (commands, digests) and not the table of raw settings."""
    page = re.sub(r"<(head|script|pre|code|details|svg)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.fixture(scope="module")
def german_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.example_game import play

    game = play(tmp_path_factory.mktemp("site-de"), "--lang", "de")
    out = tmp_path_factory.mktemp("out-de") / "site"
    invoke("site", str(game), str(out))
    return out


@pytest.mark.parametrize("page", PAGES)
def test_a_german_games_site_is_in_german(game: Path, german_site: Path, page: str):
    """Issue 17: the site's headings, navigation and table heads were English on a German game."""
    from tools import i18n

    text = read(german_site, page)
    assert '<html lang="de">' in text
    state = dampfross_state(game)  # the example's names, in English
    gmap = session_play(game).gmap(state)
    names = {p.name for p in state.players} | {t.name for t in gmap.towns} | {"SVG", "PNG", "BANK", "ID"}
    assert i18n.english_left(visible_text(text), names) == []


def test_a_german_games_maps_are_in_german(german_site: Path):
    svg = read(german_site, "maps/turn-006.svg")
    assert "Zeichenerklärung" in svg and "nach Zug 6" in svg and "Key" not in svg
    assert 'fill="#111">Kiel 12</text>' in svg


def test_the_game_page_gives_the_rules_in_words_as_the_rules_mail_does(game: Path, site: Path):
    """Issue 17: the game page listed 75 raw rules keys; now the words of the opening report and of the RULES mail
    (one template), the raw settings folded away below them."""
    from adjudicator.dampfross.report.mailreplies import rules_text

    state = dampfross_state(game)
    page = read(site, "index.html")
    rules = page[page.index('<h2 id="rules">'):]
    items = re.findall(r"<li>(.*?)</li>", rules, re.S)
    mail = " ".join(rules_text(state, session_play(game).gmap(state), None).split())
    assert len(items) >= 4 and all(" ".join(html.unescape(i).split()) in mail for i in items)
    assert items[0].startswith("Building: each turn you roll 1 die;") and items[1].startswith("Costs: ")
    assert rules.index("<ul") < rules.index("<details") < rules.index("<code>contact_fee</code>")


def test_every_page_has_its_links_at_the_bottom_too(site: Path):
    for page in PAGES:
        text = read(site, page)
        footer = text[text.index("<footer>"):]
        for href in ('href="index.html"', 'href="ledger.html"', 'href="turn-000.html"', 'href="turn-007.html"'):
            assert href in footer, f"{page}: no {href} at the bottom"


def test_each_ledger_entry_links_its_turn(game: Path, site: Path):
    state = dampfross_state(game)
    page = read(site, "ledger.html")
    turns = re.findall(r'<tr data-payer[^>]*>\n<td class="num"[^>]*><a href="turn-(\d{3})\.html">(\d+)</a>', page)
    assert [(int(a), int(b)) for a, b in turns] == [(e.turn, e.turn) for e in state.ledger]


def test_tables_that_would_overflow_a_phone_stack_or_scroll():
    """Issue 17: on a 390 px phone the companies', the races' and the ledger's tables ran off the screen; under
    640 px they stack (each cell a line with its heading), the wide numeric table scrolls in its own box
    (tests/test_browser.py measures this in Chromium)."""
    from adjudicator.dampfross.report import site as pages

    folder = Path(pages.__file__).parent / "templates" / "site"
    base = (folder / "base.html.j2").read_text(encoding="utf-8")
    assert "@media (max-width: 640px)" in base and "table.stack td::before" in base
    assert 'class="players stack"' in (folder / "game.html.j2").read_text(encoding="utf-8")
    assert 'class="races stack"' in (folder / "turn.html.j2").read_text(encoding="utf-8")
    assert 'id="ledger" class="stack"' in (folder / "ledger.html.j2").read_text(encoding="utf-8")


def test_the_site_reads_the_archive_turn_by_turn(game: Path, monkeypatch: pytest.MonkeyPatch):
    """Issue 18: the site held every archived state at once (251 MiB at 100 turns); it now reads one turn's states,
    writes its page, and only then reads the next turn's."""
    from adjudicator.dampfross.app import site as app_site

    read_steps: list[str] = []
    original = app_site.archived

    def counting(play: DampfrossPlay, step: Path, which: str) -> app_site.Archived:
        read_steps.append(step.name)
        return original(play, step, which)

    monkeypatch.setattr(app_site, "archived", counting)
    records = app_site.turn_records(MovesDir(game), session_play(game))
    assert next(records).turn == 0 and next(records).turn == 1
    assert read_steps and set(read_steps) <= {turn_step(game, 0).name, turn_step(game, 1).name}
    assert [r.turn for r in records] == list(range(2, 8))


def test_a_site_made_again_takes_the_race_routes_from_the_cache(game: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch):
    """Issue 18: every ``adjudicate site`` replayed every racing turn for its routes (80% of its time at 100 turns);
    the routes are kept in the application's cache under the SHA-256 of the turn's archive, so a site made again
    judges no entry again, and draws the same maps."""
    from adjudicator.dampfross.app import site as app_site
    from adjudicator.postal import cache

    (tmp_path / "cache").mkdir()
    monkeypatch.setattr(cache, "_FOLDER", [tmp_path / "cache"])  # as use_cache() sets it for a command
    invoke("site", str(game), str(tmp_path / "first"))
    assert list((tmp_path / "cache").rglob("site-routes-*"))

    def no_judging(*args: object) -> None:
        raise AssertionError("a racing turn's entries were judged although its routes are in the cache")

    monkeypatch.setattr(app_site, "judged_races", no_judging)
    invoke("site", str(game), str(tmp_path / "again"))
    assert tree(tmp_path / "again") == tree(tmp_path / "first")
    assert 'class="route co-' in read(tmp_path / "again", "maps/turn-006.svg")


def site_and_replay_routes(directory: Path) -> list[tuple[tuple[RaceRoute, ...], tuple[RaceRoute, ...]]]:
    """Each racing turn's routes as the site finds them (its entries judged again, no race run) and as a replay of
    the turn draws them (``race_routes`` of the races run)."""
    from adjudicator.dampfross.app import site as app_site
    from adjudicator.dampfross.racing.turn import RacingResult
    from adjudicator.dampfross.report.svg import race_routes

    play = session_play(directory)
    out: list[tuple[tuple[RaceRoute, ...], tuple[RaceRoute, ...]]] = []
    for turn in range(1, dampfross_state(directory).turn):
        step = turn_step(directory, turn)
        before, after = app_site.archived(play, step, "before"), app_site.archived(play, step, "after")
        if before.state.phase == "racing":
            result = replayed(directory, turn).result
            assert isinstance(result, RacingResult)
            out.append((app_site._routes(play, step, before, after), race_routes(result, result.after)))
    return out


@pytest.fixture(scope="module")
def advanced_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game under the advanced rules whose racing turn 6 has written routes and BEST ones, a BEST route over a
    ferry, and written routes that are not valid (the riders have no track of their own on them)."""
    from adjudicator.dampfross.racing.turn import RacingResult
    from tools.selfplay import play_game

    where = tmp_path_factory.mktemp("adv") / "adv"  # the game's id names the dice: this one has a ferry route
    play_game(where, "germany", players=3, seed="ci2-adv-germany", max_turns=6,
              sets=("building_rounds=4", "races_per_turn=2", "fixed_races=4", "advanced=true"))
    bots = replayed(where, 6).result  # the bots' racing turn: BEST entries
    assert isinstance(bots, RacingResult)
    best = {race.draw.number: " - ".join(h.label for h in e.check.route.hexes)
            for race in bots.races for e in race.entries if e.valid and e.check.route is not None}
    while dampfross_state(where).turn > 6:  # turn 6 taken back, and the bots' orders accepted for it
        invoke("undo", str(where))
    pw = dict(line.split() for line in (where / "passwords.txt").read_text(encoding="utf-8").splitlines())
    sections = {"BLUE": [f"ENTER 3 ROUTE {best[3]}", "ENTER 4 BEST"],
                "RED": [f"ENTER 3 ROUTE {best[3]}", f"ENTER 4 ROUTE {best[4]}"], "GREEN": ["ENTER 4 BEST"]}
    orders = where.parent / "turn6.orders"
    orders.write_text("GAME adv\nTURN 6\n" + "".join(f"PLAYER {pid} PASSWORD {pw[pid]}\n" + "\n".join(lines) + "\n"
                                                     for pid, lines in sections.items()), encoding="utf-8")
    invoke(str(orders), "--game", str(where))
    return where


@pytest.fixture(scope="module")
def no_debt_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game without debt (Bütehorn's rules, 2 to start, three races a turn) in which entries are dropped for fares
    over the balance, some in a turn's later races, after the money of the races before them (turn 22)."""
    from tools.selfplay import play_game

    where = tmp_path_factory.mktemp("no-debt") / "hunt"
    play_game(where, "germany", profile="buetehorn", players=4, seed="h4", max_turns=24, check=False,
              sets=("debt_allowed=false", "start_capital=2", "races_per_turn=3", "building_rounds=5"))
    return where


def test_a_racing_turns_routes_judged_again_are_the_routes_of_its_replay(game: Path, advanced_game: Path,
                                                                        no_debt_game: Path,
                                                                        monkeypatch: pytest.MonkeyPatch):
    """Issue 18: a first site replayed every racing turn for its routes (races run, dice rolled, the state made and
    compared); it now judges the turn's entries again from the archive without running the races
    (``racing/judged.py``).  The routes are a replay's: on the example (BEST entries), on a game with written
    routes, BEST ones, a ferry crossed and entries that are not valid, and on a game without debt whose races drop
    entries by the balance each race starts with."""
    from adjudicator.postal import cache

    monkeypatch.setattr(cache, "_FOLDER", [])  # no cache: every turn judged
    pairs = site_and_replay_routes(game) + site_and_replay_routes(advanced_game)
    assert len(pairs) == 4  # the example's turns 6 and 7; the advanced game's 5 (the bots' entries) and 6
    no_debt = site_and_replay_routes(no_debt_game)
    assert len(no_debt) == 19
    for judged, replay in pairs + no_debt:
        assert judged == replay
    result = replayed(advanced_game, 6).result
    entries = [e for race in result.races for e in race.entries]
    assert {(e.entry.chosen, e.valid) for e in entries} == {(True, True), (False, True), (False, False)}
    gmap = session_play(advanced_game).gmap(result.after)
    assert any(gmap.ferry_between(a, b) for route in pairs[-1][0] for a, b in pairwise(route.hexes))


def test_a_damaged_racing_turn_gets_a_map_without_routes(game: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch):
    """A racing turn whose orders are not those the turn ran with (the orders accepted in its game before, which its
    game after is chained to), or whose record is not the one its game after is chained to, gets no routes; the
    site is still written."""
    from adjudicator.dampfross.app import site as app_site
    from adjudicator.postal import cache

    monkeypatch.setattr(cache, "_FOLDER", [])
    copy = Path(shutil.copytree(game, tmp_path / "demo"))
    play = session_play(copy)
    step = turn_step(copy, 6)

    def routes() -> tuple[RaceRoute, ...]:
        before, after = app_site.archived(play, step, "before"), app_site.archived(play, step, "after")
        return app_site._routes(play, step, before, after)

    assert routes()
    record_file = step / "record.json"
    record = record_file.read_text(encoding="utf-8")
    record_file.write_text(record.replace('"kind": "move"', '"kind": "move", "trust": true'), encoding="utf-8")
    assert record_file.read_text(encoding="utf-8") != record and routes() == ()
    record_file.write_text(record, encoding="utf-8")
    assert routes()
    before_file = step / "game-before.json"
    text = before_file.read_text(encoding="utf-8")
    doc = json.loads(text)
    accepted = doc["table"]["orders"]
    assert accepted
    for orders in accepted.values():
        orders["lines"] = ["ENTER 1 BEST"]  # every company's orders changed
    before_file.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert routes() == ()
    invoke("site", str(copy), str(tmp_path / "site"))
    assert 'class="route' not in read(tmp_path / "site", "maps/turn-006.svg")
    assert 'class="route co-' in read(tmp_path / "site", "maps/turn-007.svg")


def order_table_of(page: str) -> dict[str, Any]:
    """The price table an order page carries (``report/orderpage.py``)."""
    found = re.search(r'<script type="application/json" id="order-table">(.*?)</script>', page, re.S)
    assert found, "no price table on the order page"
    table: dict[str, Any] = json.loads(found.group(1))
    return table


def test_the_order_page_is_there_while_a_turn_is_to_come_and_linked_from_every_page(tmp_path: Path):
    """Issue 25: ``orders.html`` for the turn to come, in the navigation of every page and under the last turn's
    map; no order page once the game is over (the example game: tests above count its pages)."""
    invoke("new", str(tmp_path / "g"), "--map", "germany", "--seed", "x", "--lang", "de",
           "--player", "RED:Rot", "--player", "BLUE:Blau", "--unsafe-test-passwords", "x")
    invoke("site", str(tmp_path / "g"), str(tmp_path / "s"))
    for name in ("index.html", "ledger.html", "turn-000.html", "orders.html"):
        assert '<a href="orders.html">Befehle schreiben</a>' in read(tmp_path / "s", name), name
    assert 'href="orders.html">Schreiben Sie Ihre Befehle' in read(tmp_path / "s", "turn-000.html")
    page = read(tmp_path / "s", "orders.html")
    assert "<title>Befehle für Zug 1 · " in page
    secrets = (tmp_path / "g" / "passwords.txt").read_text().split() + ["password_hash", "dpp1$"]
    assert not [s for s in secrets if len(s) > 5 and s in page]
    table = order_table_of(page)
    assert (table["game"], table["turn"], table["phase"]) == ("g", 1, "building")
    assert table["kw"]["build"] == "BAUE" and table["kw"]["password"] == "PASSWORT"
    assert [c["id"] for c in table["companies"]] == ["RED", "BLUE"] and not any(c["start"] for c in table["companies"])


def test_the_price_table_follows_the_rules_profile(tmp_path: Path):
    """The page's prices come from the game's rules, not from the script: house rules change the table (a plain
    segment costing 2, a river 4), and the script names no setting of the rules."""
    from dataclasses import fields

    from adjudicator.dampfross.game.rules import Rules

    invoke("new", str(tmp_path / "g"), "--map", "germany", "--seed", "x", "--player", "RED:Rot",
           "--player", "BLUE:Blau", "--set", "cost_plain=2", "--set", "cost_river=4")
    invoke("site", str(tmp_path / "g"), str(tmp_path / "s"))
    page = read(tmp_path / "s", "orders.html")
    table = order_table_of(page)
    assert table["step"]["1108>1008"] == [2, "plain"] and table["step"]["1008>0908"] == [4, "river"]
    assert table["step"]["1007>0907"] == "0907 is water"
    assert table["nb"]["1108"] == ["1008", "1208", "1107", "1207", "1109", "1209"]
    script = page.split('id="order-table">', 1)[1].split("<script>", 1)[1]
    named = [f.name for f in fields(Rules) if "_" in f.name and re.search(rf"\b{f.name}\b", script.split("</script>")[0])]
    assert named == []
