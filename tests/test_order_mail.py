"""Issue 35, the order pages' mail: the robot as recipient, CRLF line breaks, a warning and a copy button for a mail
too long for a link, zoom on the map, and InterUrban moves of two and three tiles.

RFC 6068 writes a line break in a ``mailto:`` body as ``%0D%0A``; the pages wrote ``%0A``.  They wrote no
recipient: now the robot's address (``mail.toml``'s ``from``) unless the GM's ``[site] recipient = false``.
Common mail programs cut a link at about 2,000 characters, and a racing turn's routes pass that: past
``kernel.mailto.LIMIT`` (1,800) the page says so and offers the mail to copy.  The browser tests drive Debian's
Chromium as ``tests/test_browser.py`` does; without it they are skipped.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from adjudicator.kernel import mailto
from adjudicator.postal.mailconfig import MailConfigError, parse_config
from tests.helpers import dampfross_state, invoke
from tests.test_browser import CHROMIUM, Browser, checked, choose, click_hex, metrics, page_state, play_until

ROBOT = "Dampfross GM <robot@dampfross.example.org>"
SOURCE = '\n[source]\nkind = "maildir"\npath = "maildir"\n'


def _mail_toml(game: Path, extra: str = "") -> None:
    (game / "mail.toml").write_text(f'from = "{ROBOT}"\n{SOURCE}{extra}', encoding="utf-8")
    (game / "mail.toml").chmod(0o600)


def _table(page: Path, element: str) -> dict:  # type: ignore[type-arg]
    found = re.search(rf'<script type="application/json" id="{element}">(.*?)</script>', page.read_text(), re.S)
    assert found
    table: dict = json.loads(found.group(1))  # type: ignore[type-arg]
    return table


def test_the_link_has_the_recipient_and_crlf_line_breaks():
    url = mailto.link("robot@example.org", "demo TURN 4 NOB", ["GAME demo", "PLAYER NOB PASSWORD ä b&c"])
    assert url == ("mailto:robot@example.org?subject=demo%20TURN%204%20NOB&body=GAME%20demo%0D%0A"
                   "PLAYER%20NOB%20PASSWORD%20%C3%A4%20b%26c%0D%0A")
    assert mailto.link("", "s", ["x"]) == "mailto:?subject=s&body=x%0D%0A"


def test_the_gm_turns_the_recipient_off_in_mail_toml(tmp_path: Path):
    on = parse_config(f'from = "{ROBOT}"\n{SOURCE}', tmp_path, "mail.toml")
    assert on.order_page_to == "robot@dampfross.example.org"
    off = parse_config(f'from = "{ROBOT}"\n{SOURCE}\n[site]\nrecipient = false\n', tmp_path, "mail.toml")
    assert off.order_page_to == "" and off.robot_address == "robot@dampfross.example.org"
    with pytest.raises(MailConfigError, match="recipient must be true or false"):
        parse_config(f'from = "{ROBOT}"\n{SOURCE}\n[site]\nrecipient = "yes"\n', tmp_path, "mail.toml")
    with pytest.raises(MailConfigError, match="unknown key 'address'"):
        parse_config(f'from = "{ROBOT}"\n{SOURCE}\n[site]\naddress = "x@y.z"\n', tmp_path, "mail.toml")


def test_the_order_page_writes_to_the_robot_unless_the_gm_says_no(tmp_path: Path):
    game = tmp_path / "g"
    invoke("new", str(game), "--map", "germany", "--player", "RED:Rot", "--player", "BLUE:Blau", "--seed", "p",
           "--unsafe-test-passwords", "p")
    invoke("site", str(game), str(tmp_path / "none"))
    assert _table(tmp_path / "none" / "orders.html", "order-table")["to"] == ""  # no mail.toml: no robot
    _mail_toml(game)
    invoke("site", str(game), str(tmp_path / "on"))
    assert _table(tmp_path / "on" / "orders.html", "order-table")["to"] == "robot@dampfross.example.org"
    _mail_toml(game, "\n[site]\nrecipient = false\n")
    invoke("site", str(game), str(tmp_path / "off"))
    assert _table(tmp_path / "off" / "orders.html", "order-table")["to"] == ""


# ---------------------------------------------------------------------------
# in Chromium
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    if CHROMIUM is None:
        pytest.skip("no Chromium on this machine: install it with 'apt-get install chromium'")
    b = Browser(CHROMIUM, tmp_path_factory.mktemp("chromium-orders"))
    yield b
    b.close()


def _send(browser: Browser, password: str) -> dict:  # type: ignore[type-arg]
    """Type the password and press "Send by mail" with the link's opening stopped: the link, the warning, the copy
    box and button."""
    browser.evaluate(f"document.getElementById('password').value = {json.dumps(password)}")
    browser.evaluate("window.__opened = null; window.__link = window.dampfrossOrders ? "
                     "window.dampfrossOrders.mail() : window.interurbanMove.mail()")
    browser.evaluate("(function () { var send = document.getElementById('send');"
                     " var real = window.sendOrCopy; window.sendOrCopy = function (l, t, to, p, w) {"
                     " if (l.length <= MAILTO_LIMIT) { window.__opened = l; return true; } return real(l, t, to, p, w); };"
                     " send.click(); window.sendOrCopy = real; })()")
    got: dict = json.loads(browser.evaluate("""JSON.stringify({link: window.__link, opened: window.__opened,
        warn: document.getElementById('toolong').textContent, box: document.getElementById('copybox').value,
        boxShown: !document.getElementById('copybox').hidden, copyShown: !document.getElementById('copy').hidden})"""))  # type: ignore[type-arg]
    return got


@pytest.mark.browser
def test_a_mail_too_long_for_a_link_is_offered_to_copy(browser: Browser, tmp_path: Path):
    """Many lines (a racing turn's routes do it): past 1,800 characters the page opens no link, says why and to
    whom, and shows the mail with a button that copies it; the copied text is what ``check`` reads."""
    game = play_until(tmp_path, 5)  # turn 6: racing
    _mail_toml(game)
    invoke("site", str(game), str(tmp_path / "site"))
    metrics(browser, 1280, 900)
    assert browser.open((tmp_path / "site" / "orders.html").as_uri()) == []
    choose(browser, "HAFEN")
    route = ["1913", "1812", "1811", "1710", "1610", "1609", "1608", "1607", "1606", "1506", "1507", "1407", "1307"]
    for label in route:
        browser.evaluate(f"window.dampfrossOrders.click({json.dumps(label)})")
    short = _send(browser, "pw")
    assert short["opened"] == short["link"] and short["link"].startswith("mailto:robot@dampfross.example.org?")
    assert "%0D%0A" in short["link"] and not re.search(r"(?<!%0D)%0A", short["link"])
    assert short["warn"] == "" and not short["boxShown"] and not short["copyShown"]
    pw = {line.split()[0]: line.split()[-1] for line in (game / "passwords.txt").read_text().splitlines()
          if line.strip() and not line.startswith("#")}
    for _ in range(15):  # the entry again and again (check refuses the repeats; the mail is long all the same)
        browser.evaluate("document.getElementById('newline').click()")
        for label in route:
            browser.evaluate(f"window.dampfrossOrders.click({json.dumps(label)})")
    long = _send(browser, pw["HAFEN"])
    assert len(long["link"]) > mailto.LIMIT and long["opened"] is None
    assert long["warn"].startswith(f"This mail is {len(long['link'])} characters as a link")
    assert "robot@dampfross.example.org" in long["warn"] and long["boxShown"] and long["copyShown"]
    assert long["box"] == unquote(long["link"].split("&body=", 1)[1]).replace("\r\n", "\n")
    browser.evaluate("document.getElementById('copy').click()")
    assert browser.evaluate("document.getElementById('toolong').textContent") in (
        "Copied: paste the orders into a new mail.", "Select the text below and copy it.")
    mail = tmp_path / "copied.txt"
    mail.write_text(long["box"], encoding="utf-8")
    result = invoke("check", str(mail), "--game", str(game), ok=False)
    assert "is replaced by this one" in result.output and "fares 8 to NOB" in result.output  # read as orders


@pytest.mark.browser
@pytest.mark.parametrize("width", [1280, 390])
def test_the_map_zooms_in_its_own_box_and_clicks_still_hit(browser: Browser, tmp_path: Path, width: int):
    game = play_until(tmp_path, 3)
    invoke("site", str(game), str(tmp_path / "site"))
    metrics(browser, width, 900)
    try:
        assert browser.open((tmp_path / "site" / "orders.html").as_uri()) == []
        before = browser.evaluate("document.querySelector('#ordermap svg').getBoundingClientRect().width")
        browser.evaluate("document.getElementById('zoomin').click(); document.getElementById('zoomin').click()")
        after = browser.evaluate("document.querySelector('#ordermap svg').getBoundingClientRect().width")
        assert after == pytest.approx(before * 2.25, rel=0.02)
        assert browser.evaluate("document.getElementById('zoomlevel').textContent") == "225%"
        scroll = max(browser.evaluate("document.documentElement.scrollWidth"), browser.evaluate("window.innerWidth"))
        assert scroll <= width  # the map's box scrolls, not the page
        choose(browser, "HAFEN")
        for label in ("1108", "1008", "1007"):
            click_hex(browser, label)
        assert page_state(browser)["orders"] == "BUILD 1108 - 1008 - 1007"
        for _ in range(5):
            browser.evaluate("document.getElementById('zoomout').click()")
        assert browser.evaluate("document.querySelector('#ordermap svg').getBoundingClientRect().width") == \
            pytest.approx(before, rel=0.02)
    finally:
        metrics(browser, 1200, 1500)


@pytest.fixture(scope="module")
def hundred(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game of 100 turns self-played on the German map (four companies, schmidt, ``fixed_races=400``), as
    ``bench/bench_site.py`` plays it."""
    from tools.selfplay import play_game

    game = tmp_path_factory.mktemp("hundred") / "full"
    record = play_game(game, "germany", players=4, seed="bench-length", sets=("fixed_races=400",), max_turns=100,
                       check=False)
    assert record.turns == 100
    return game


def _turn(game: Path) -> int:
    """The turn the game file says the game is at, read plainly: the loop that takes some 370 steps back reads it
    after each, and the whole state (``dampfross_state``, its schema checked) was 6 of the test's 7 CPU seconds."""
    return int(json.loads((game / "game.json").read_text(encoding="utf-8"))["state"]["turn"])


@pytest.mark.browser
def test_the_longest_racing_turn_of_a_100_turn_game_goes_by_link_or_by_copy(browser: Browser, hundred: Path,
                                                                             tmp_path: Path):
    """The racing turn of a 100-turn game whose company rode the most hexes: its entries composed on the order page
    hex by hex (every route as the turn judged it), then sent.  A link within 1,800 characters carries the orders
    as ``check`` reads them; a longer one is not opened, and the page offers the same text to copy."""
    import shutil

    from adjudicator.dampfross.app.site import turn_records
    from adjudicator.dampfross.play import DampfrossPlay
    from adjudicator.postal.moves import MovesDir

    longest: tuple[int, int, str, list[tuple[int, list[str]]]] = (0, 0, "", [])
    for record in turn_records(MovesDir(hundred), DampfrossPlay()):
        by_company: dict[str, list[tuple[int, list[str]]]] = {}
        for route in record.routes:
            if route.train in record.state.player_ids:
                by_company.setdefault(route.train, []).append((route.race, [h.label for h in route.hexes]))
        for company, entries in by_company.items():
            hexes = sum(len(h) for _, h in entries)
            if hexes > longest[0]:
                longest = (hexes, record.turn, company, entries)
    hexes, turn, company, entries = longest
    assert hexes > 20 and turn > 10
    before = tmp_path / "before"
    shutil.copytree(hundred, before)
    undo = MovesDir(before)
    while _turn(before) > turn:  # the session's steps taken back to the turn before it ran
        undo.undo()
    _mail_toml(before)
    invoke("site", str(before), str(tmp_path / "site"))
    metrics(browser, 1280, 900)
    assert browser.open((tmp_path / "site" / "orders.html").as_uri()) == []
    choose(browser, company)
    for race, route in entries:
        browser.evaluate(f"var r = document.getElementById('race'); r.value = '{race}';"
                         "r.dispatchEvent(new Event('change'));"
                         "document.querySelector('input[name=kind][value=enter]').click();"
                         "document.getElementById('newline').click()")
        for label in route:
            browser.evaluate(f"window.dampfrossOrders.click({json.dumps(label)})")
        assert page_state(browser)["why"] == "", (race, route)
    orders = page_state(browser)["orders"]
    assert orders.count("ENTER ") == len(entries)
    password = {line.split()[0]: line.split()[-1] for line in (before / "passwords.txt").read_text().splitlines()
                if line.strip() and not line.startswith("#")}[company]
    got = _send(browser, password)
    if len(got["link"]) <= mailto.LIMIT:
        assert got["opened"] == got["link"] and not got["copyShown"]
        text = unquote(got["link"].split("&body=", 1)[1]).replace("\r\n", "\n")
    else:
        assert got["opened"] is None and got["copyShown"] and got["boxShown"] and "1800" in got["warn"]
        text = got["box"]
    assert text.endswith(orders + "\n")
    state = dampfross_state(before)
    code, out = checked(before, tmp_path, company, orders)
    assert code == 0, out
    assert f"TURN {state.turn}" in text and f"PLAYER {company} PASSWORD {password}" in text
    print(f"turn {turn}, {company}: {len(entries)} entries, {hexes} hexes, link {len(got['link'])} characters")


@pytest.mark.browser
def test_the_interurban_picker_composes_moves_of_two_and_three_tiles(browser: Browser, tmp_path: Path):
    """Issue 35: the picker wrote one tile.  Now each click on a line end offers the tiles the rules allow after the
    tiles chosen before (the engine's tree, ``words/site.move_tree``), up to three; seeded random moves of one to
    three tiles composed by clicks are moves ``check`` accepts, and the mail goes to the robot in CRLF lines."""
    import os
    import subprocess
    import sys

    from tests.example_game import SCRIPT

    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", str(SCRIPT.parent / "interurban.sh"), str(tmp_path / "run")], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    game = tmp_path / "run" / "tram"
    invoke("site", str(game), str(tmp_path / "site"))
    metrics(browser, 1280, 900)
    assert browser.open((tmp_path / "site" / "index.html").as_uri()) == []
    table = json.loads(browser.evaluate("document.getElementById('move-table').textContent"))
    password = (game / "passwords.txt").read_text().split()[1]
    rng = random.Random(35)
    made = {1: 0, 2: 0, 3: 0}
    for _ in range(30):
        browser.evaluate("while (window.interurbanMove.text().length) { window.interurbanMove.back(); }")
        want = rng.choice((2, 3, 3))
        for _tile in range(want):
            options = json.loads(browser.evaluate("JSON.stringify(window.interurbanMove.next())"))
            if not options:
                break
            move = table["lines"][rng.choice(options)[0]]
            browser.evaluate(f"window.interurbanMove.line({json.dumps(move.split()[0])})")
            offered = json.loads(browser.evaluate("JSON.stringify(Array.from(document.querySelectorAll('#tiles button'))"
                                                  ".map(b => b.dataset.move))"))
            browser.evaluate(f"document.querySelectorAll('#tiles button')[{offered.index(move)}].click()")
        lines = browser.evaluate("document.getElementById('moveline').textContent").split("\n")
        made[len(lines)] += 1
        mail = tmp_path / "move.txt"
        mail.write_text(f"GAME tram\nPLAYER RED PASSWORD {password}\nMOVE 5\n" + "\n".join(lines) + "\n",
                        encoding="utf-8")
        result = invoke("check", str(mail), "--game", str(game), ok=False)
        assert result.exit_code == 0, f"{lines}: {result.output}"
    assert made[3] >= 5 and made[2] >= 3, made
    if len(lines) == 3:
        browser.evaluate("window.interurbanMove.line(" + json.dumps(lines[-1].split()[0]) + ")")
        assert browser.evaluate("document.getElementById('pick').textContent") == \
            "3 tiles: the move is complete. Send it, or take a tile back."
    got = _send(browser, "typed here")
    assert got["link"].startswith("mailto:gm@example.org?subject=tram%20MOVE%205&body=")
    assert unquote(got["link"].split("&body=", 1)[1]) == \
        "GAME tram\r\nPLAYER RED PASSWORD typed here\r\nMOVE 5\r\n" + "".join(f"{line}\r\n" for line in lines)
