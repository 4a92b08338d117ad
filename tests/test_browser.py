"""The example game's site in a real browser: headless Chromium, driven over the DevTools protocol.

The browser is driven through ``--remote-debugging-pipe`` (JSON messages on
file descriptors 3 and 4) with the standard library only: no Selenium, no
Playwright, no browser download.  ``.ci/run`` installs Debian's Chromium when
it is missing; without it these tests are skipped, saying why.  Deselect them
with ``pytest -m "not browser"``.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import select
import shutil
import struct
import subprocess
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.dampfross.app.store import GameDir
from adjudicator.dampfross.report.svg import company_colour
from tests.example_game import play
from tests.helpers import invoke

pytestmark = pytest.mark.browser

CHROMIUM = next((found for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
                 if (found := shutil.which(name))), None)
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
         "--allow-file-access-from-files", "--remote-debugging-pipe")
TIMEOUT = 20.0


def _high(fd: int) -> int:
    """``fd`` moved to a number above 9, close-on-exec."""
    high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return high


class Browser:
    """One headless Chromium and one tab, spoken to in the DevTools protocol over a pipe."""

    def __init__(self, exe: str, profile: Path):
        # Chromium reads commands on fd 3 and writes answers on fd 4.  Our ends of the pipes are moved
        # above 9 (close-on-exec) so that the child can put its ends on 3 and 4 without a clash.
        to_chrome, self._w = (_high(fd) for fd in os.pipe())
        self._r, from_chrome = (_high(fd) for fd in os.pipe())

        def onto_3_and_4() -> None:
            os.dup2(to_chrome, 3)
            os.dup2(from_chrome, 4)

        self.proc = subprocess.Popen(
            [exe, *FLAGS, f"--user-data-dir={profile}", "about:blank"], preexec_fn=onto_3_and_4, close_fds=False,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome)
        os.close(from_chrome)
        self._buf = b""
        self._id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=self.session)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": 1200, "height": 1500, "deviceScaleFactor": 1, "mobile": False}, session=self.session)

    def _message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._r], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._r, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        return message

    def call(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        """Send one command and wait for its answer; events that arrive meanwhile are kept."""
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            answer = self._message(deadline)
            if answer.get("id") == self._id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            self.events.append(answer)

    def wait_for(self, event: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not any(e.get("method") == event for e in self.events):
            self.events.append(self._message(deadline))

    def open(self, url: str) -> list[str]:
        """Load a page; return its console errors, uncaught exceptions and failed loads."""
        self.events.clear()
        self.call("Page.navigate", {"url": url}, session=self.session)
        self.wait_for("Page.loadEventFired")
        self.evaluate("new Promise(r => setTimeout(r, 50))")  # let late errors arrive
        errors = []
        for e in self.events:
            p = e.get("params", {})
            if e.get("method") == "Runtime.exceptionThrown":
                errors.append(f"exception: {p['exceptionDetails'].get('text')}")
            elif e.get("method") == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                errors.append(f"console.{p['type']}: {[a.get('value') for a in p.get('args', [])]}")
            elif e.get("method") == "Log.entryAdded" and p["entry"]["level"] == "error":
                errors.append(f"log: {p['entry'].get('text')} {p['entry'].get('url', '')}")
        return errors

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                           session=self.session)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self) -> bytes:
        import base64

        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False},
                         session=self.session)["data"]
        return base64.b64decode(data)

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, TimeoutError, OSError):
            self.call("Browser.close")
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._w)
        os.close(self._r)


def png_pixels(png: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Width, height and the RGB pixels of an 8-bit RGB or RGBA, non-interlaced PNG (stdlib zlib only)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos: pos + 8])
        body = png[pos + 8: pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, "a screenshot is 8-bit RGB(A)"
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1: (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up, corner = prev[i], (prev[i - bpp] if i >= bpp else 0)
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        prev = line
    pixels = [(r[i], r[i + 1], r[i + 2]) for r in rows for i in range(0, stride, bpp)]
    return width, height, pixels


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The example game, played in-process, and its site."""
    game = play(tmp_path_factory.mktemp("browser"))
    out = tmp_path_factory.mktemp("browser-site") / "site"
    invoke("site", str(game), str(out))
    return game, out


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    if CHROMIUM is None:
        pytest.skip("no Chromium on this machine: install it with 'apt-get install chromium' "
                    "(.ci/run does so when it runs as root); the site was not tried in a browser")
    b = Browser(CHROMIUM, tmp_path_factory.mktemp("chromium-profile"))
    yield b
    b.close()


def test_every_page_loads_without_console_errors(browser: Browser, site: tuple[Path, Path]):
    _, out = site
    pages = sorted(out.glob("*.html"))
    assert len(pages) == 10
    for page in pages:
        assert browser.open(page.as_uri()) == [], f"{page.name} logged errors"
        assert browser.evaluate("document.querySelector('h1').textContent")


def test_the_map_shows_the_track_of_every_company(browser: Browser, site: tuple[Path, Path]):
    game, out = site
    state = GameDir(game).load_state()
    assert browser.open((out / "turn-007.html").as_uri()) == []
    drawn = browser.evaluate("""JSON.stringify(Array.from(document.querySelectorAll('svg #track line[data-owner]'))
        .filter(l => l.getBBox().width + l.getBBox().height > 0 && getComputedStyle(l).display !== 'none')
        .map(l => [l.dataset.owner, l.getAttribute('stroke')]))""")
    assert {(owner, colour) for owner, colour in json.loads(drawn)} == {
        (p.colour, company_colour(p.colour)) for p in state.players}
    width = browser.evaluate("document.querySelector('figure.map svg').getBoundingClientRect().width")
    assert 500 < width <= 1200


def test_the_ledger_filter_shows_one_company(browser: Browser, site: tuple[Path, Path]):
    game, out = site
    state = GameDir(game).load_state()
    assert browser.open((out / "ledger.html").as_uri() + "#company=NOB") == []
    visible = browser.evaluate("document.querySelectorAll('#ledger tbody tr:not([hidden])').length")
    assert visible == sum(1 for e in state.ledger if "NOB" in (e.payer, e.payee))
    got_in = sum(e.amount for e in state.ledger if e.payee == "NOB")
    assert browser.evaluate("document.getElementById('sum-in').textContent") == str(got_in)
    browser.evaluate("var s = document.getElementById('company'); s.value = ''; s.dispatchEvent(new Event('change'))")
    assert browser.evaluate("document.querySelectorAll('#ledger tbody tr:not([hidden])').length") == len(state.ledger)


def test_a_screenshot_of_the_map_page_is_in_colour(browser: Browser, site: tuple[Path, Path], tmp_path: Path):
    game, out = site
    state = GameDir(game).load_state()
    assert browser.open((out / "turn-006.html").as_uri()) == []
    browser.evaluate("document.querySelector('figure.map').scrollIntoView()")
    png = browser.screenshot()
    (tmp_path / "turn-006.png").write_bytes(png)
    width, height, pixels = png_pixels(png)
    assert (width, height) == (1200, 1500)
    colours = set(pixels)
    assert len(colours) > 50  # terrain, water, rivers, borders, towns, text, track
    for p in state.players:
        want = tuple(int(company_colour(p.colour)[i: i + 2], 16) for i in (1, 3, 5))
        assert any(max(abs(a - b) for a, b in zip(c, want, strict=True)) <= 12 for c in colours), \
            f"no pixel of {p.id}'s colour {company_colour(p.colour)} in the screenshot"


VISIBLE = """(sel, limit) => JSON.stringify(Array.from(document.querySelectorAll(sel)).slice(0, limit).map(e => {
    const r = e.getBoundingClientRect();
    return [e.textContent.trim(), r.left, r.right, r.width, getComputedStyle(e).display];
}))"""
"""Each element of a selector (at most ``limit``): its text, left and right edge, width and display."""
KEY_CELLS = {
    "index.html": ["table.players td.start", "table.players td.balance", "p.winner"],
    "ledger.html": ["#ledger td.cause", "#ledger td.num a"],
    "turn-006.html": ["table.races td.first", "table.races td.second"],
}
"""What issue 17 found off-screen on a 390 px phone: start towns, balances, the winner, ledger causes, races' winners."""


@pytest.mark.parametrize("width", [1280, 390])
def test_no_page_overflows_and_the_key_columns_and_bottom_links_are_on_screen(browser: Browser,
                                                                             site: tuple[Path, Path], width: int):
    """Issue 17: on a 390 px phone tables ran off the screen, and the links were only at the top.  Every page at a
    desktop's and a phone's width: nothing wider than the window, the key columns inside it, the links at the
    bottom too."""
    _, out = site
    browser.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1,
                                                        "mobile": width < 600}, session=browser.session)
    try:
        for page in sorted(out.glob("*.html")):
            assert browser.open(page.as_uri()) == [], f"{page.name} logged errors"
            inner = width  # a phone widens its layout viewport (window.innerWidth) to a page that overflows
            scroll = max(browser.evaluate("document.documentElement.scrollWidth"), browser.evaluate("window.innerWidth"))
            assert scroll <= inner, f"{page.name} is {scroll} px wide in a {inner} px window"
            for sel in KEY_CELLS.get(page.name, []):
                cells = json.loads(browser.evaluate(f"({VISIBLE})({json.dumps(sel)}, 40)"))
                assert cells, f"{page.name}: nothing matches {sel}"
                off = [c for c in cells if c[4] == "none" or c[3] <= 0 or c[1] < 0 or c[2] > inner]
                assert off == [], f"{page.name} at {width} px: {sel} off screen: {off[:3]}"
            bottom = json.loads(browser.evaluate(f"({VISIBLE})('footer nav a', 500)"))
            hrefs = browser.evaluate("JSON.stringify(Array.from(document.querySelectorAll('footer nav a'))"
                                     ".map(a => a.getAttribute('href')))")
            assert {"index.html", "ledger.html", "turn-000.html", "turn-007.html"} <= set(json.loads(hrefs))
            assert all(c[3] > 0 and c[2] <= inner for c in bottom), f"{page.name}: a bottom link off screen"
    finally:
        browser.call("Emulation.setDeviceMetricsOverride", {"width": 1200, "height": 1500, "deviceScaleFactor": 1,
                                                            "mobile": False}, session=browser.session)


def test_the_hex_picker_writes_build_and_enter_lines(browser: Browser, tmp_path: Path):
    """Issue 17: on the page of the turn to come, clicking hexes and towns writes order lines to paste in a mail."""
    game = tmp_path / "g"
    invoke("new", str(game), "--map", "germany", "--lang", "de", "--player", "RED:Rot", "--player", "BLUE:Blau",
           "--seed", "p", "--unsafe-test-passwords", "p")
    invoke("site", str(game), str(tmp_path / "site"))
    assert browser.open((tmp_path / "site" / "turn-000.html").as_uri()) == []

    def click(label: str) -> None:
        browser.evaluate(f"document.querySelector('figure.map svg [data-hex=\"{label}\"]')"
                         ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")

    for label in ("1408", "1409", "1409", "1410"):
        click(label)
    assert browser.evaluate("document.getElementById('orders').value") == "BAUE 1408 - 1409 - 1410"
    assert browser.evaluate("document.getElementById('picker').open") is True
    browser.evaluate("document.getElementById('newline').click();"
                     "document.querySelector('input[value=enter]').click();"
                     "document.getElementById('race').value = '3'")
    click("1410")
    click("1510")
    browser.evaluate("document.getElementById('back').click()")
    click("1511")
    assert browser.evaluate("document.getElementById('orders').value") == \
        "BAUE 1408 - 1409 - 1410\nFAHRE 3 STRECKE 1410 - 1511"
