"""The web table in a real browser: headless Chromium (Debian's package) driven with
Selenium through a whole hand of each game against ``greedy``, the page checked against
the library's view of the table at every decision.

At each of its turns the test asks the library's greedy bot for seat 0's move, picks the
cards that move names in the page's hand, and clicks the move's button (which must be
offered once those cards are picked). Before each move it checks that the page shows
what the library's view holds: the hand's cards, the legal moves (each button a legal
move; all of them when there are few), the move number, the event log (one line per
event the seat may see), the picture (the seat's view, loaded), the page no wider than a
phone at 390 pixels (Scala 40 and Chinchón), and undo offered exactly
where the server's rule allows it (never right after a draw from the stock, never once a
bot has answered; the test once plays a move that keeps its turn (a take, a meld, a
layoff), sees undo offered, takes it, and checks the table is back at seat 0's previous
decision). When the
hand ends, the page shows its points as the library's hand result has them; the test
then resigns, and the page shows the end of the match.

Screenshots at desktop (1280 px) and phone (390 px) width are written to
``docs/_static/web/`` (``nox -s web`` runs this; the docs show them).

Run with ``nox -s web`` or ``python -m pytest -m browser tests/browser``: it needs the
``browser`` extra (Selenium) and Debian's ``chromium`` and ``chromium-driver``, and skips
without them.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from scala40.bots import make_bot
from scala40.game import load_game
from scala40.web.server import make_server
from scala40.web.tables import TableStore

webdriver = pytest.importorskip("selenium.webdriver", reason="the browser extra (Selenium)")
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "_static" / "web"
DESKTOP = (1280, 900)
PHONE = (390, 844)
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Chromium's flags here: headless, and nothing that reaches for a network."""
GAMES = ("scala40", "skarney", "rumino", "chinchon", "laconga")
MAX_TURNS = 400
"""Seat 0's decisions before a hand must have ended (greedy ends one far sooner)."""
WAIT = 20.0
"""Seconds the page may take to show the table after a click."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        pytest.skip("Debian's chromium and chromium-driver are not installed")
    profile = tempfile.mkdtemp(prefix="scala40-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={DESKTOP[0]},{DESKTOP[1]}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, str]]:
    """A web table server on a free port, its tables in a fresh SQLite file."""
    folder = tempfile.mkdtemp(prefix="scala40-web-")
    database = str(Path(folder, "tables.sqlite"))
    server = make_server(TableStore(database))
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", database
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(folder, ignore_errors=True)


def _until(condition: Callable[[], Any], what: str, seconds: float = WAIT) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"the page did not show {what} in {seconds:g} s")
        time.sleep(0.05)


class Table:
    """A table the page plays, read back from the server's database."""

    def __init__(self, driver: Any, database: str, game: str) -> None:
        self.driver = driver
        self.database = database
        self.game = load_game(game)
        fragment = driver.execute_script("return location.hash.slice(1)")
        params = dict(item.split("=", 1) for item in fragment.split("&"))
        self.id = int(params["table"])
        self.token = params["token"]

    def state(self) -> Any:
        with closing(sqlite3.connect(self.database)) as db:
            row = db.execute("SELECT state FROM tables WHERE id = ?", (self.id,)).fetchone()
        return self.game.state_from_dict(json.loads(row[0]))

    def events(self) -> int:
        with closing(sqlite3.connect(self.database)) as db:
            row = db.execute(
                "SELECT COUNT(*) FROM events WHERE table_id = ? AND seat = 0", (self.id,)
            ).fetchone()
        return int(row[0])

    def shown_number(self) -> int:
        value = self.driver.find_element(By.ID, "picture").get_attribute("data-move-number")
        return int(value or -1)

    def settled(self) -> Any:
        """The state once the page shows it and no bot is to move."""

        def ready() -> Any:
            state = self.state()
            if state.current_player not in (0, None) and not state.is_over:
                return None
            return state if self.shown_number() == state.move_number else None

        return _until(ready, "the table after the bots' moves")


_WITHIN_TURN = ("take", "meld", "layoff", "extend", "swap")
"""Verbs of moves after which the seat may go on in its turn (undo may take them back)."""


def _start(driver: Any, base: str, game: str, seed: int) -> None:
    driver.get(base)
    _until(lambda: driver.find_elements(By.CSS_SELECTOR, f'button[data-game="{game}"]'), "games")
    driver.find_element(By.CSS_SELECTOR, f'button[data-game="{game}"]').click()
    players = driver.find_element(By.ID, "players")
    two = players.find_elements(By.CSS_SELECTOR, 'option[value="2"]')
    if two:
        two[0].click()
    seed_box = driver.find_element(By.ID, "seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    driver.find_element(By.ID, "start").click()
    _until(lambda: "table=" in driver.current_url, "the new table")


def _check_page(driver: Any, table: Table, state: Any) -> None:
    """What the page shows against the library's view of seat 0."""
    view = state.view(0).to_dict()
    hand = [
        item.get_attribute("data-card")
        for item in driver.find_elements(By.CSS_SELECTOR, "#hand button")
    ]
    assert hand == view["hand"]
    legal = [move["text"] for move in view["legal_moves"]]
    offered = [
        item.get_attribute("data-move")
        for item in driver.find_elements(By.CSS_SELECTOR, "#moves button")
    ]
    assert set(offered) <= set(legal)
    if len(legal) <= 40:
        assert sorted(offered) == sorted(legal)
    assert f"move {view['move_number']}" in driver.find_element(By.ID, "status").text
    _until(
        lambda: len(driver.find_elements(By.CSS_SELECTOR, "#log li")) == table.events(), "the log"
    )
    loaded = driver.execute_script(
        "const p = document.getElementById('picture'); return p.complete && p.naturalWidth;"
    )
    assert loaded, "the table's picture did not load"


def _play(driver: Any, table: Table, move: Any) -> None:
    """Pick the cards ``move`` names in the page's hand, then click its button."""
    text = str(move)
    wanted = Counter(word.split("=")[0] for word in text.split()[1:])
    for button in driver.find_elements(By.CSS_SELECTOR, "#hand button"):
        card = button.get_attribute("data-card")
        if wanted[card] > 0:
            wanted[card] -= 1
            button.click()
    choices = driver.find_elements(By.CSS_SELECTOR, "#moves button")
    matching = [choice for choice in choices if choice.get_attribute("data-move") == text]
    assert matching, f"the page does not offer {text!r} once its cards are picked"
    before = table.shown_number()
    matching[0].click()
    _until(lambda: table.shown_number() != before, f"the table after {text!r}")


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_hand_of_each_game_against_greedy(
    game: str, browser: Any, site: tuple[str, str]
) -> None:
    base, database = site
    browser.set_window_size(*DESKTOP)
    _start(browser, base, game, seed=GAMES.index(game) + 1)
    table = Table(browser, database, game)
    greedy = make_bot("greedy", game)
    rng = random.Random(1)
    state = table.settled()
    undone = False
    drew = False
    before: Any = None  # the state of seat 0's previous decision
    took: Any = None  # the move the test plays once within its turn, to take it back
    for turn in range(MAX_TURNS):
        if state.last_hand is not None or state.is_over:
            break
        _check_page(browser, table, state)
        undo = browser.find_element(By.ID, "undo")
        answered = before is not None and state.move_number > before.move_number + 1
        if drew or answered:
            # A card came from the stock, or another seat moved, since seat 0's previous
            # decision: no undo.
            assert not undo.is_enabled()
        kept_turn = before is not None and state.move_number == before.move_number + 1
        if took is not None and not undone:
            if not (kept_turn and state.current_player == 0):
                took = None  # it ended the turn: another later
            else:
                assert undo.is_enabled(), f"undo was not offered after {took}"
                # Taken back: the page and the table go back to the previous decision.
                target = before.move_number
                undo.click()
                _until(lambda: table.shown_number() == target, "the undone table")  # noqa: B023
                state = table.settled()
                assert state == before
                undone = True
                continue
        legal = list(state.legal_moves())
        if turn == 3 and game in ("scala40", "chinchon"):
            browser.execute_script("window.scrollTo(0, 0)")
            browser.save_screenshot(str(SHOTS / f"{game}-desktop.png"))
            browser.set_window_size(*PHONE)
            time.sleep(0.3)
            browser.execute_script("window.scrollTo(0, 0)")
            browser.save_screenshot(str(SHOTS / f"{game}-phone.png"))
            width = browser.execute_script("return document.documentElement.scrollWidth")
            assert width <= PHONE[0], "the table is wider than a phone"
            browser.set_window_size(*DESKTOP)
        move = greedy.choose(state.view(0), legal, rng)
        within = next((item for item in legal if str(item).split()[0] in _WITHIN_TURN), None)
        if within is not None and took is None:
            move = took = within  # played once, to be taken back
        drew = str(move) == "draw"
        before = state
        _play(browser, table, move)
        state = table.settled()
    else:
        pytest.fail(f"no hand of {game} ended in {MAX_TURNS} decisions")
    assert undone, "undo was never offered"
    last = state.last_hand
    if not state.is_over:
        panel = _until(
            lambda: (
                browser.find_element(By.ID, "hand-end").is_displayed()
                and browser.find_element(By.ID, "hand-end")
            ),
            "the hand's result",
        )
        rows = panel.find_elements(By.CSS_SELECTOR, "#hand-end-points tr")[1:]
        points = [int(row.find_elements(By.TAG_NAME, "td")[1].text) for row in rows]
        assert points == list(last.points)
        if game == "chinchon":
            browser.execute_script("arguments[0].scrollIntoView()", panel)
            browser.save_screenshot(str(SHOTS / "hand-end-desktop.png"))
        browser.find_element(By.ID, "continue").click()
        browser.execute_script("window.confirm = () => true;")  # the page asks first
        browser.find_element(By.ID, "resign").click()
        _until(
            lambda: browser.find_element(By.ID, "game-over").is_displayed(), "the end of the match"
        )
    state = table.settled()
    assert state.is_over
    title = browser.find_element(By.ID, "game-over-title").text
    assert title.startswith("Game over")
    assert ("You" in title) == (0 in state.winners)


def test_the_lobby_at_phone_width(browser: Any, site: tuple[str, str]) -> None:
    base, _ = site
    browser.set_window_size(*PHONE)
    browser.get(base)
    _until(lambda: browser.find_elements(By.CSS_SELECTOR, "#games button"), "the games")
    titles = [
        item.text.split("\n")[0]
        for item in browser.find_elements(By.CSS_SELECTOR, "#games button")
    ]
    assert titles == [load_game(name).title for name in GAMES]
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE[0], "the page is wider than a phone"
    browser.find_element(By.CSS_SELECTOR, 'button[data-game="chinchon"]').click()
    browser.save_screenshot(str(SHOTS / "lobby-phone.png"))
    browser.set_window_size(*DESKTOP)
