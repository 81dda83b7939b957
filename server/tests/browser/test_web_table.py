"""The web table in a real browser: headless Chromium (Debian's package) driven with
Selenium through a whole hand of each game against the bots the lobby seats (each game's
strongest quick bot), on a phone, the page checked against the library's view of the
table, and laid out at a phone's size and at a desk's, at every decision.

At each of its turns the test asks the library's greedy bot for seat 0's move, picks the
cards that move names in the page's hand, and clicks the move's button (which must be
offered once those cards are picked; opening its folded list if it is still folded).
Before each move it checks that the page shows what the library's view holds: the
hand's cards, every legal move as a button, the move number, the event log (one line per
event the seat may see), the picture (the seat's view, loaded), what the picture leaves
to words (Skarney's contract, partner, offer and sides; the Spanish pack's cards by
their Spanish names), and undo offered exactly where the server's rule allows it (never
right after a draw from the stock, never once a bot has answered; the test once plays a
move that keeps its turn (a take, a meld, a layoff), sees undo offered, takes it, and
checks the table is back at seat 0's previous decision). At every decision, at a phone's
390 x 844 pixels and at a desk's 1280 x 800 (each emulated exactly), the whole hand, the
decisions (every move not folded, every folded list), undo and resign are in the window
at once, no move's text overflows its button, and the page is no wider than the window.

When the hand ends, the page shows its points as the library's hand result has them,
over the table where the player is looking, until the player asks for the next hand; the
test then resigns, and the page shows the end of the match, the deal's verdict first. No
text of the page, its picture or its cards is smaller than 12 pixels at a phone's width,
and the browser logs no error. After a game is picked in the lobby, its Start button is
in the window.

Screenshots at a desk's (1280 px) and a phone's (390 px) size are written to
``docs/_static/web/`` (``nox -s web`` runs this; the docs show them).

Run with ``nox -s web`` or ``python -m pytest -m browser server/tests/browser``: it needs the
``browser`` extra (Selenium) and Debian's ``chromium`` and ``chromium-driver``, and skips
without them.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sqlite3
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from scala40._wording import players_text
from scala40.bots import bot_names, make_bot, quick_bot
from scala40.cards import CARD_NAMES, CARD_SYMBOLS, spanish_card_name
from scala40.game import BUILTIN_GAMES, load_game
from scala40.games.skarney import GameState as SkarneyState
from scala40_server.web.lobby import rule_pages
from scala40_server.web.server import make_server
from scala40_server.web.tables import TableStore

from ..support.spelling import codes_in, svg_texts
from ..web.site import unmetered

webdriver = pytest.importorskip("selenium.webdriver", reason="the browser extra (Selenium)")
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SHOTS = Path(os.environ.get("SCALA40_WEB_SHOTS") or tempfile.mkdtemp(prefix="scala40-web-shots-"))
"""Where the screenshots go: the directory ``SCALA40_WEB_SHOTS`` names (``nox -s web``
names the repository's docs/_static/web, whose pictures the docs and the README show),
or a new temporary one."""
DESKTOP = (1280, 800)
PHONE = (390, 844)
SIZES = {"phone": PHONE, "desktop": DESKTOP}
"""The windows the page is laid out for and checked at: a phone's and a desk's, each
emulated exactly (the viewport's width and height, :func:`_viewport`)."""
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
GAMES = BUILTIN_GAMES
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
    # The page's console, read by the tests: a JavaScript error fails them.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={DESKTOP[0]},{DESKTOP[1]}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _viewport(driver: Any, size: tuple[int, int]) -> None:
    """Lay the page out for a window of exactly ``size`` (its inner width and height)."""
    width, height = size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )


@pytest.fixture(autouse=True)
def at_a_desk(browser: Any) -> Iterator[None]:
    """Each test starts with a desk's window (and leaves the browser's own size)."""
    _viewport(browser, DESKTOP)
    yield
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.fixture(autouse=True)
def no_script_errors(browser: Any) -> Iterator[None]:
    """Each test leaves the browser's console without an error (a JavaScript exception,
    a request the page made that failed)."""
    browser.get_log("browser")  # what came before this test
    yield
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], errors


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, str]]:
    """A web table server on a free port, its tables in a fresh SQLite file, the
    strangers' quotas set past the tests' use (they make tables and play bots from one
    address many times a minute; the page under the server's limits is
    server/tests/browser/test_limits.py's)."""
    folder = tempfile.mkdtemp(prefix="scala40-web-")
    database = str(Path(folder, "tables.sqlite"))
    server = make_server(TableStore(database), limits=unmetered())
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
        self.game_card_names: dict[str, str] = {}
        if "spanish" in self.state().rules.deck.name:
            self.game_card_names = {
                CARD_NAMES[card]: spanish_card_name(card) for card in self.state().rules.deck.cards
            }

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


SEATS = {"skarney": 4}
"""The players of a game's table here: two, but four for Skarney, whose partners sit
opposite."""

_SMALLEST_TEXT = """
const smallest = { page: [Infinity, ""], picture: [Infinity, ""], drawn: [Infinity, ""],
  cards: [Infinity, ""] };
const keep = (kind, size, what) => {
  if (size < smallest[kind][0]) smallest[kind] = [size, what];
};
const shown = (item) => {
  const box = item.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
};
for (const item of document.querySelectorAll("body *")) {
  if (item.closest("svg") || !shown(item)) continue;
  const own = [...item.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim());
  if (own) keep("page", parseFloat(getComputedStyle(item).fontSize), item.tagName + " " + item.textContent.slice(0, 40));
}
for (const text of document.querySelectorAll("svg text")) {
  if (!shown(text)) continue;
  const svg = text.ownerSVGElement;
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  keep("picture", parseFloat(text.getAttribute("font-size")) * scale, text.textContent);
  keep("drawn", text.getBoundingClientRect().height, text.textContent);
}
// A card's picture (an image) writes its smallest text 12 of its units high.
for (const image of document.querySelectorAll("#hand img")) {
  keep("cards", 12 * image.getBoundingClientRect().width / image.naturalWidth, image.alt);
}
return smallest;
"""
"""The smallest text the page shows, by where it is: the page's own (computed font
sizes), the picture's (a text's font size as drawn, and its rendered height), and the
cards' of the hand (their pictures' smallest text, 12 units, as shown)."""


def _smallest_text(driver: Any) -> dict[str, list[Any]]:
    found: dict[str, list[Any]] = driver.execute_script(_SMALLEST_TEXT)
    return found


def _readable(driver: Any) -> dict[str, list[Any]]:
    """Check that no text of the page is smaller than 12 pixels, and say how large the
    smallest is."""
    smallest = _smallest_text(driver)
    for kind, (size, what) in smallest.items():
        if size is None:  # nothing of that kind shown (JavaScript's Infinity)
            continue
        assert size >= 12, f"the {kind}'s text {what!r} is {size:.1f} px"
    return smallest


def _start(driver: Any, base: str, game: str, seed: int | None) -> None:
    driver.get(base)
    _until(lambda: driver.find_elements(By.CSS_SELECTOR, f'button[data-game="{game}"]'), "games")
    driver.find_element(By.CSS_SELECTOR, f'button[data-game="{game}"]').click()
    # The form comes up with its Start button in the window, at any size.
    assert _in_window(driver, driver.find_element(By.ID, "start")), "Start is out of the window"
    players = driver.find_element(By.ID, "players")
    wanted = SEATS.get(game, 2)
    count = players.find_elements(By.CSS_SELECTOR, f'option[value="{wanted}"]')
    if count:
        count[0].click()
    seed_box = driver.find_element(By.ID, "seed")
    seed_box.clear()
    if seed is not None:
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
    assert sorted(offered) == sorted(legal)
    assert f"move {view['move_number']}" in driver.find_element(By.ID, "status").text
    _until(
        lambda: len(driver.find_elements(By.CSS_SELECTOR, "#log li")) == table.events(), "the log"
    )
    assert driver.find_elements(By.CSS_SELECTOR, "#picture svg"), "no picture of the table"
    _check_words(driver, table, view)
    _check_status(driver, table, view)
    _check_melds_named(driver, view)
    _check_spelling(driver, table)


SPELLED = Counter[str]()
"""What :func:`_check_spelling` read, by kind, over the tests (said at the end of each
whole hand)."""

_SHOWN_TEXTS = """
const texts = [];
const keep = (kind, text) => { if (text) texts.push([kind, text]); };
keep("status", document.getElementById("status").textContent);
for (const id of ["moves-hint", "notice", "deal-warning"]) {
  const box = document.getElementById(id);
  if (!box.hidden) keep("hint", box.textContent);
}
for (const item of document.querySelectorAll("#facts li")) keep("fact", item.textContent);
for (const item of document.querySelectorAll("#log li")) keep("log", item.textContent);
for (const button of document.querySelectorAll("#moves button, #moves summary")) {
  keep("move", button.textContent);
  keep("move", button.getAttribute("aria-label"));
}
for (const button of document.querySelectorAll("#hand button")) {
  keep("card", button.getAttribute("title"));
  keep("card", button.querySelector("img").getAttribute("alt"));
}
const svg = document.querySelector("#picture svg");
return [texts, svg ? svg.outerHTML : ""];
"""
"""Every text the page shows a player at a decision, by kind, and its picture."""


def _check_spelling(driver: Any, table: Table) -> None:
    """No text the page shows (the status, the facts and their reasons, the hints, the
    log, the moves' buttons and labels, the cards' names) and no line, title or label
    of its picture spells a card in the notation (``QC``): the page's spelling (``Q♣``;
    a Spanish pack's names, which may gloss the notation in brackets) throughout."""
    texts, picture = driver.execute_script(_SHOWN_TEXTS)
    texts += [["picture", text] for text in svg_texts(picture)]
    for kind, text in texts:
        assert codes_in(text) == [], (table.game.name, kind, text)
        SPELLED[kind] += 1
    SPELLED["decisions"] += 1


def _check_status(driver: Any, table: Table, view: dict[str, Any]) -> None:
    """The facts line tells what the view knows of this decision: the score (every game);
    who has opened, the points to reach and the moves refused, each with its rule (Scala
    40); and the status never asks a seat offered a card to offer one (Skarney)."""
    shown = view["public"]
    score = _fact(driver, "scores")
    assert score.startswith("Score — "), score
    assert all(f": {points}" in score for points in view["scores"]), score
    facts = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#facts li")]
    pages = rule_pages()
    for refused in view["own"]["refused"]:
        # The reason as a player reads it: its cards spelled as the page spells them,
        # its rule a link to the rule on its game's page.
        said = players_text(refused["why"], spanish=bool(table.game_card_names))
        assert any(said in fact for fact in facts), (said, facts)
        rules = re.findall(r"\b(?:S40|SK|RU|CH|LC)(?:-[A-Z0-9]+)+\b", refused["why"])
        assert rules, refused
        for rule in rules:
            link = driver.find_element(By.CSS_SELECTOR, f'#facts a[data-rule="{rule}"]')
            page = pages[rule.split("-")[0]]
            assert link.get_attribute("href") == f"{page}#{rule.lower()}"
    status = driver.find_element(By.ID, "status").text
    if table.game.name == "scala40":
        assert _fact(driver, "opened").startswith("Opened: you "), facts
        opening = view["own"]["opening"]
        if opening is not None:
            assert f"worth {opening['threshold']} points" in _fact(driver, "opening")
    if table.game.name == "skarney" and shown["offer_card"] is not None:
        assert _fact(driver, "offer"), facts
        if shown["offer_to"] == 0 and view["current_player"] == 0:
            assert "accept or decline" in status, status
            assert "Your turn: offer" not in status, status


_NAMED_MELD = re.compile(r" on (?:your|Seat \d+'s) \S")
"""A table meld as a move's button names it: by its owner, then its cards."""


def _check_marked(driver: Any) -> bool:
    """A move that goes on a table meld, given the focus, marks that meld in the picture
    (outlined, and named by the picture's data-target); the focus gone, the mark goes.
    Whether the decision had such a move to try."""
    buttons = driver.find_elements(By.CSS_SELECTOR, "#moves button[data-move*='#']")
    if not buttons:
        return False
    text = str(buttons[0].get_attribute("data-move"))
    number = next(word[1:] for word in text.split() if word.startswith("#"))
    marks = driver.execute_script(
        "arguments[0].focus();"
        "const box = document.getElementById('picture');"
        "const mark = box.querySelector(`g[data-meld='${arguments[1]}'] > .meld-target`);"
        "const found = [box.dataset.target, mark !== null];"
        "arguments[0].blur();"
        "return found.concat([box.dataset.target === undefined]);",
        buttons[0],
        number,
    )
    assert marks == [number, True, True], (text, marks)
    return True


def _check_melds_named(driver: Any, view: dict[str, Any]) -> None:
    """Every lay-off, extension, swap or exchange names its table meld by owner and
    cards ("9♦ on Seat 1's 6♦ 7♦ 8♦, low end"), not by number only."""
    for button in driver.find_elements(By.CSS_SELECTOR, "#moves button[data-move*='#']"):
        label = str(button.get_attribute("aria-label"))
        assert _NAMED_MELD.search(label), label
        assert "#" not in str(button.get_attribute("textContent")), label
        if str(button.get_attribute("data-move")).startswith("exchange "):
            # SK-EXCHANGE: the wild card given back comes to the hand, and the button
            # says which.
            assert re.search(r", the (JK|2.) comes to your hand$", label), label
            assert "comes to your hand" in str(button.get_attribute("textContent")), label


def _fact(driver: Any, kind: str) -> str:
    found = driver.find_elements(By.CSS_SELECTOR, f'#facts li[data-fact="{kind}"]')
    return str(found[0].text) if found and found[0].is_displayed() else ""


def _check_words(driver: Any, table: Table, view: dict[str, Any]) -> None:
    """What the picture leaves to words: Skarney's contract, partner, offer and sides;
    the Spanish pack's cards by their Spanish names."""
    shown = view["public"]
    if table.game.name == "skarney":
        options = shown["rules"]["options"]
        hand = shown["hand_number"]
        size = options["contract_melds"][min(hand, len(options["contract_melds"])) - 1]
        contract = _fact(driver, "contract")
        assert f"hand {hand} of {options['hands']}" in contract
        assert f"{['no', 'one', 'two', 'three', 'four', 'five'][size]} 3-card sets" in contract
        assert "Your partner: Seat 2" in _fact(driver, "partner")
        offer = _fact(driver, "offer")
        if shown["offer_card"] is None:
            assert not offer
        else:
            card = CARD_SYMBOLS[CARD_NAMES.index(shown["offer_card"])]
            assert card in offer
            assert ("offers you" in offer) == (shown["offer_to"] == 0)
        sides = [row.text for row in driver.find_elements(By.CSS_SELECTOR, "#scores td")[::2]]
        bot = quick_bot(table.game)  # the lobby's choice for the other seats
        assert sides == [
            f"Your side: Seat 0 (you) + Seat 2 ({bot})",
            f"Opponents: Seat 1 ({bot}) + Seat 3 ({bot})",
        ]
    names = table.game_card_names
    if names:
        shown_names = driver.find_element(By.ID, "hand-names").text
        assert shown_names == ", ".join(names[card] for card in view["hand"])
        if shown["discard"]:
            top = shown["discard"][-1]
            assert _fact(driver, "discard") == f"On the discard pile: {names[top]} ({top})"
        for button in driver.find_elements(By.CSS_SELECTOR, "#moves button"):
            words = str(button.get_attribute("data-move")).split()
            cards = [word.split("=")[0] for word in words if word.split("=")[0] in names]
            text = str(button.get_attribute("textContent"))
            assert all(names[card] in text for card in cards), text


def _play(driver: Any, table: Table, move: Any) -> None:
    """Pick the cards ``move`` names in the page's hand, then click its button (opening
    the list it is folded in, if picking its cards left it folded)."""
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
    if not matching[0].is_displayed():
        fold = matching[0].find_element(By.XPATH, "ancestor::details")
        fold.find_element(By.TAG_NAME, "summary").click()
    before = table.shown_number()
    matching[0].click()
    _until(lambda: table.shown_number() != before, f"the table after {text!r}")


_LAYOUT = """
const inWindow = (item) => {
  const box = item.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.top >= -0.5 && box.left >= -0.5
    && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5;
};
// Shown, not only placed: what the window shows at that point is the item (nothing over
// it, no box's edge clipping it).
const seen = (item, x, y) => {
  const found = document.elementFromPoint(x, y);
  return found !== null && (found === item || item.contains(found));
};
const middle = (item) => {
  const box = item.getBoundingClientRect();
  return inWindow(item) && seen(item, box.left + box.width / 2, box.top + box.height / 2);
};
const found = { hand: [], moves: [], folded: [], actions: [], facts: [], overflowing: [] };
for (const card of document.querySelectorAll("#hand button")) {
  // The corner that shows the card's rank and suit (its picture has a margin of 8).
  const box = card.getBoundingClientRect();
  found.hand.push([card.dataset.card, inWindow(card) && seen(card, box.left + 14, box.top + 16)]);
}
for (const button of document.querySelectorAll("#moves button")) {
  if (button.closest("details:not([open])")) continue;
  found.moves.push([button.dataset.move, middle(button)]);
  if (button.scrollWidth > button.clientWidth + 1 || button.scrollHeight > button.clientHeight + 1) {
    found.overflowing.push(button.dataset.move);
  }
}
for (const summary of document.querySelectorAll("#moves details:not([open]) > summary")) {
  found.folded.push([summary.textContent, middle(summary)]);
}
for (const id of ["undo", "resign"]) found.actions.push([id, middle(document.getElementById(id))]);
// The facts line (the score, the game's status), each line in the window.
for (const fact of document.querySelectorAll("#facts li")) found.facts.push([fact.dataset.fact, middle(fact)]);
found.wide = document.documentElement.scrollWidth > innerWidth;
return found;
"""
"""Where the decision's parts are: each card of the hand (its corner in the window and
not covered), each move button not folded and each folded list (in the window, shown at
its middle), undo and resign; the buttons whose text overflows them; whether the page
is wider than the window."""


def _check_layout(driver: Any, size: str) -> dict[str, Any]:
    """The player's whole hand, its decisions (every move not folded and every folded
    list), undo and resign all in the window at once, no move's text overflowing its
    button, and the page no wider than the window."""
    found: dict[str, Any] = driver.execute_script(_LAYOUT)
    for part in ("hand", "moves", "folded", "actions", "facts"):
        hidden = [name for name, shown in found[part] if not shown]
        assert hidden == [], f"at a {size}'s size, out of the window: {part} {hidden}"
    assert found["hand"], "no hand shown"
    assert "scores" in [name for name, _ in found["facts"]], "no score in the box"
    assert found["overflowing"] == [], f"at a {size}'s size, overflowing its button"
    assert not found["wide"], f"at a {size}'s size, the page is wider than the window"
    return found


def _check_layouts(driver: Any) -> None:
    """:func:`_check_layout` at a phone's size, where the page is, then at a desk's, back
    to a phone's."""
    _check_layout(driver, "phone")
    _viewport(driver, DESKTOP)
    try:
        _check_layout(driver, "desktop")
    finally:
        _viewport(driver, PHONE)


PICTURED = ("scala40", "skarney", "chinchon")
"""The games whose table the docs show at both widths (``{game}-desktop.png``,
``{game}-phone.png``)."""


def _in_window(driver: Any, item: Any) -> bool:
    inside: bool = driver.execute_script(
        "const box = arguments[0].getBoundingClientRect();"
        "return box.top >= 0 && box.bottom <= innerHeight + 1 && box.height > 0;",
        item,
    )
    return inside


def _settle_picture(driver: Any) -> None:
    """Wait until the picture is laid out for the window's width (after a resize)."""
    _until(
        lambda: driver.execute_script(
            "const box = document.getElementById('picture');"
            "const style = getComputedStyle(box);"
            "const inner = box.clientWidth - parseFloat(style.paddingLeft)"
            " - parseFloat(style.paddingRight);"
            "return box.querySelector('svg') && Number(box.dataset.layoutWidth) =="
            " Math.max(200, Math.floor(inner / 1.25));"
        ),
        "the picture laid out for the window",
    )


def _screenshots(driver: Any, game: str) -> None:
    """The table at a desktop's and a phone's size, for the docs: what the picture
    leaves to words in view at both, and no text smaller than 12 px on the phone."""
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        _viewport(driver, size)
        _settle_picture(driver)
        facts = {"skarney": ("contract", "partner"), "chinchon": ("discard",)}.get(game, ())
        for kind in facts:
            item = driver.find_element(By.CSS_SELECTOR, f'#facts li[data-fact="{kind}"]')
            assert _in_window(driver, item), f"{kind} is out of the window at {name} size"
        driver.save_screenshot(str(SHOTS / f"{game}-{name}.png"))
    if game == "chinchon":
        # A move as the page writes it: each card by its Spanish name, the cards of a
        # meld apart by commas, a wild card's reading after it (in a set of "cards of that
        # rank", the rank alone: any card of it frees the wild card).
        text = driver.execute_script("return moveText('close KS : AC 2C 3C / 5S 5H 7S=5D')")
        assert text == (
            "close rey de espadas : as de bastos, dos de bastos, tres de bastos / "
            "cinco de espadas, cinco de copas, siete de espadas (cinco)"
        )
    smallest = _readable(driver)
    assert all(size is not None for size, _ in smallest.values()), smallest
    print(f"{game} at {PHONE[0]} px, the smallest text:", smallest)


def _check_verdict_first(driver: Any) -> None:
    """The end of the match: the deal's verdict (whether it checks out, then what no
    check shows) comes first under the title, in the window, above the scores, the
    buttons and the last hand's picture."""
    dialog = driver.find_element(By.ID, "game-over")
    order = driver.execute_script(
        "return [...arguments[0].children].filter((item) => item.getClientRects().length)"
        ".map((item) => item.id || item.className)",
        dialog,
    )
    assert order[:2] == ["game-over-title", "deal-verdict"], order
    parts = [driver.find_element(By.ID, name) for name in ("deal-check", "deal-limits")]
    assert all(_in_window(driver, part) for part in parts), "the verdict is out of the window"
    tops = [
        driver.execute_script("return arguments[0].getBoundingClientRect().top", item)
        for item in (*parts, driver.find_element(By.ID, "final-scores"))
    ]
    assert tops == sorted(tops)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_hand_of_each_game(game: str, browser: Any, site: tuple[str, str]) -> None:
    """A whole hand played on a phone, the page checked at every decision against the
    library's view, and laid out at a phone's size and at a desk's: the whole hand, the
    decisions, undo and resign in the window together (:func:`_check_layout`)."""
    base, database = site
    _viewport(browser, PHONE)
    _start(browser, base, game, seed=GAMES.index(game) + 1)
    table = Table(browser, database, game)
    greedy = make_bot("greedy", game)
    rng = random.Random(1)
    state = table.settled()
    undone = False
    drew = False
    before: Any = None  # the state of seat 0's previous decision
    took: Any = None  # the move the test plays once within its turn, to take it back
    marked = False  # whether a lay-off's meld was seen marked in the picture
    decisions = 0
    for turn in range(MAX_TURNS):
        if state.last_hand is not None or state.is_over:
            break
        _check_page(browser, table, state)
        _check_layouts(browser)
        marked = marked or _check_marked(browser)
        decisions += 1
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
        if turn == 3 and game in PICTURED:
            _screenshots(browser, game)
            _viewport(browser, PHONE)
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
    if game in ("scala40", "skarney"):
        assert marked, "no lay-off or extension was offered to mark its meld"
    print(game, f"{decisions} decisions laid out at both sizes; a lay-off's meld marked: {marked}")
    print(game, "texts read for the cards' spelling, so far:", dict(SPELLED))
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
        points = [int(row.find_elements(By.TAG_NAME, "td")[2].text) for row in rows]
        assert points == list(last.points)
        # How each seat's (or side's) points were made, part by part, from the view.
        parts = state.view(0).to_dict()["public"]["last_hand_parts"]
        hows = [row.find_elements(By.TAG_NAME, "td")[1].text for row in rows]
        for how, own in zip(hows, parts, strict=True):
            assert [part["what"] for part in own] == [
                re.sub(r" \(.*?\)", "", item).rsplit(" ", 1)[0] for item in how.split(" · ")
            ], how
        # Where the player is looking, whatever the page was scrolled to: the result and
        # its button in the window.
        _until(lambda: panel.find_elements(By.CSS_SELECTOR, "svg"), "the last hand's picture")
        button = browser.find_element(By.ID, "continue")
        assert _in_window(browser, panel), "the hand's result is out of the window"
        assert _in_window(browser, button), "the next hand's button is out of the window"
        # The bots wait while the result is up: nothing is asked of the server.
        number = table.state().move_number
        time.sleep(0.8)
        assert table.state().move_number == number
        assert panel.is_displayed()
        if game == "chinchon":
            time.sleep(0.5)  # the picture laid out for the phone
            _readable(browser)
            browser.save_screenshot(str(SHOTS / "hand-end-phone.png"))
            _viewport(browser, DESKTOP)
            _until(lambda: _in_window(browser, button), "the result at a desk's size")
            time.sleep(0.5)  # the picture laid out again for the wider window
            browser.save_screenshot(str(SHOTS / "hand-end-desktop.png"))
            _viewport(browser, PHONE)
        button.click()
        _until(lambda: not panel.is_displayed(), "the table after the result")
        # The next hand's first decision of seat 0, laid out at both sizes.
        state = table.settled()
        if state.current_player == 0:
            _check_layouts(browser)
        browser.execute_script("window.confirm = () => true;")  # the page asks first
        browser.find_element(By.ID, "resign").click()
        _until(
            lambda: browser.find_element(By.ID, "game-over").is_displayed(), "the end of the match"
        )
    state = table.settled()
    assert state.is_over
    title = browser.find_element(By.ID, "game-over-title").text
    assert title.startswith("Game over")
    assert ("Seat 0 (you)" in title) == (0 in state.winners)
    _until(
        lambda: "the seed you chose" in browser.find_element(By.ID, "deal-check").text,
        "the chosen seed's check",
    )
    for size in (PHONE, DESKTOP):
        _viewport(browser, size)
        _check_verdict_first(browser)
    if state.resigned:
        # A resignation is worded as one: the panel names who resigned, and the picture
        # of the abandoned hand says so (not "blocked, nobody closed").
        # (In Skarney the side resigns: the seat and its partner.)
        names = " and ".join(
            "Seat 0 (you)" if seat == 0 else f"Seat {seat} ({quick_bot(game)})"
            for seat in state.resigned
        )
        assert browser.find_element(By.ID, "game-over-note").text == f"{names} resigned."
        # Read at once in the page: a resize lays the picture out again, which replaces
        # the element a lookup would have found.
        picture = _until(
            lambda: browser.execute_script(
                "const svg = document.querySelector('#game-over-picture svg');"
                "return svg && svg.textContent;"
            ),
            "the abandoned hand's picture",
        )
        # The picture names the seat whose move it was (its side left with it).
        assert "Seat 0 (you) resigned, the hand abandoned" in picture
        assert "blocked" not in picture


@pytest.mark.parametrize("game", GAMES)
def test_the_decision_stays_in_view_wherever_the_page_is_scrolled(
    game: str, browser: Any, site: tuple[str, str]
) -> None:
    """At a desk's 1280 x 800 pixels (the window emulated exactly) the decision stays
    beside the picture wherever the page is scrolled; at a phone's 390 x 844 it comes
    first, and a decision that arrives while the page is scrolled away (to the log, say)
    brings the hand and its moves back into the window. The page shows the hand once (the
    picture counts its cards) and names the seats as the picture does."""
    base, database = site
    _start(browser, base, game, seed=GAMES.index(game) + 1)
    table = Table(browser, database, game)
    state = table.settled()
    assert state.current_player == 0
    for scroll in ("0", "document.documentElement.scrollHeight"):
        browser.execute_script(f"window.scrollTo(0, {scroll})")
        _check_layout(browser, "desktop")
    _viewport(browser, PHONE)
    browser.execute_script("window.scrollTo(0, 0)")
    _check_layout(browser, "phone")
    # The first move played with the page scrolled to its end (a draw: the same seat
    # decides next, a discard): the next decision is brought into the window.
    legal = [str(move) for move in state.legal_moves()]
    move = "draw" if "draw" in legal else legal[0]
    before = table.shown_number()
    browser.execute_script(
        "window.scrollTo(0, document.documentElement.scrollHeight);"
        "document.querySelector(`#moves button[data-move='${arguments[0]}']`).click();",
        move,
    )
    _until(lambda: table.shown_number() != before, f"the table after {move!r}")
    state = table.settled()
    if move == "draw":
        assert state.current_player == 0
        _check_layout(browser, "phone")
    # The hand is drawn once: as cards to pick on the page, counted in the picture.
    picture = browser.find_element(By.CSS_SELECTOR, "#picture svg").get_attribute("textContent")
    assert "Seat 0 (you) · " in picture
    assert f"{len(state.hands[0])} cards in hand" in picture
    # One way to name a seat: "Seat N" on the page and in the picture alike.
    status = browser.find_element(By.ID, "status").text
    lines = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#log li")]
    for text in (picture, status, *lines):
        assert "seat " not in text, text
        assert "You " not in text, text


def test_the_log_s_numbers_are_whole(browser: Any, site: tuple[str, str]) -> None:
    """A log of more than a hundred lines shows each line's number whole (three digits
    in the line, not clipped in a margin), at a phone's width."""
    base, database = site
    _viewport(browser, PHONE)
    _start(browser, base, "chinchon", seed=9)
    Table(browser, database, "chinchon").settled()
    numbers = browser.execute_script(
        """
        const first = log[0];
        for (let index = log.length; index < 120; index++) log.push(first);
        renderLog(true);
        const box = document.getElementById("log").getBoundingClientRect();
        return [...document.querySelectorAll("#log li .number")].map((number) => {
          const own = number.getBoundingClientRect();
          return [number.textContent, own.left >= box.left, number.scrollWidth <= number.clientWidth];
        });
        """
    )
    assert len(numbers) == 120
    assert numbers[-1][0] == "120."
    assert all(inside and whole for _, inside, whole in numbers), numbers
    _viewport(browser, DESKTOP)


def test_the_page_shuffles_in_and_checks_the_deal_at_the_end(
    browser: Any, site: tuple[str, str]
) -> None:
    """The defect: the page never verified the deal. Without a chosen seed it commits to
    a random value, reveals it once every seat has committed, and, when the match ends,
    checks the revealed secret against the commitment, every value against its seat's
    commitment, its own value and the seed, and says so; the person does nothing more."""
    base, database = site
    _viewport(browser, DESKTOP)
    _start(browser, base, "chinchon", seed=None)
    _until(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand button"), "the dealt hand")
    assert not browser.find_element(By.ID, "deal-warning").is_displayed()
    table = Table(browser, database, "chinchon")
    with closing(sqlite3.connect(database)) as db:
        (text,) = db.execute("SELECT deal FROM tables WHERE id = ?", (table.id,)).fetchone()
    assert json.loads(text)["values"][0] is not None, "the page's value went into the deal"
    browser.execute_script("window.confirm = () => true;")
    browser.find_element(By.ID, "resign").click()
    _until(lambda: browser.find_element(By.ID, "game-over").is_displayed(), "the end")
    _until(
        lambda: browser.find_element(By.ID, "deal-check").text.startswith("Deal verified"),
        "the deal checked",
    )
    limits = browser.find_element(By.ID, "deal-limits").text
    assert "the server sees every hand it deals" in limits
    assert "withholds its value, or a server that drops one, voids the deal" in limits


def _made(base: str, body: dict[str, Any]) -> dict[str, Any]:
    """A table made through the JSON interface (as another page or app makes it)."""
    request = urllib.request.Request(
        base + "tables",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        made: dict[str, Any] = json.loads(response.read())
    return made


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + path.lstrip("/"),
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: dict[str, Any] = json.loads(response.read())
    return answer


def test_the_page_warns_of_a_deal_the_server_chose(browser: Any, site: tuple[str, str]) -> None:
    """(D3) When the server ignored ``shuffle`` the page said it "cannot check" the deal,
    and of a deal with no values "The seed was chosen: nothing to check". A table dealt
    from the server's secret alone (made with ``"shuffle": false``, as a server that
    ignores its people would deal it) is now said to be the server's choice, in a
    warning shown while the match is on and again under the final scores."""
    base, _ = site
    _viewport(browser, DESKTOP)
    made = _made(base, {"game": "chinchon", "shuffle": False})
    browser.get(f"{base}#table={made['table']}&seat=0&token={made['tokens']['0']}")
    # The page of the test before is only sent to another table (the link's fragment
    # changes): the hand of this one, named in the title.
    title = f"table {made['table']} ·"
    _until(
        lambda: (
            title in browser.find_element(By.ID, "table-title").text
            and browser.find_elements(By.CSS_SELECTOR, "#hand button")
        ),
        "the dealt hand",
    )
    warning = browser.find_element(By.ID, "deal-warning")
    assert warning.is_displayed()
    assert warning.text.startswith("Warning: the server chose this deal")
    assert warning.get_attribute("role") == "alert"
    browser.execute_script("window.confirm = () => true;")
    browser.find_element(By.ID, "resign").click()
    _until(lambda: browser.find_element(By.ID, "game-over").is_displayed(), "the end")
    check = _until(lambda: browser.find_element(By.ID, "deal-check"), "the deal's check")
    assert check.text.startswith("Warning: the server chose this deal"), check.text
    assert check.get_attribute("class") == "warning"


def test_the_lobby_at_phone_width(browser: Any, site: tuple[str, str]) -> None:
    """At a phone's size: the games listed, the page no wider than the phone, and, for
    each game chosen, its form scrolled so that the Start button is in the window, the
    other seats given the game's strongest quick bot, and a line on each bot seated."""
    base, _ = site
    _viewport(browser, PHONE)
    browser.get(base)
    _until(lambda: browser.find_elements(By.CSS_SELECTOR, "#games button"), "the games")
    titles = [
        item.text.split("\n")[0]
        for item in browser.find_elements(By.CSS_SELECTOR, "#games button")
    ]
    assert titles == [load_game(name).title for name in GAMES]
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE[0], "the page is wider than a phone"
    for game in GAMES:
        browser.execute_script("window.scrollTo(0, 0)")
        browser.find_element(By.CSS_SELECTOR, f'button[data-game="{game}"]').click()
        start = browser.find_element(By.ID, "start")
        assert _in_window(browser, start), f"{game}: the Start button is out of the window"
        seats = browser.find_elements(By.CSS_SELECTOR, "#seats select")
        default = quick_bot(game)
        assert {seat.get_attribute("value") for seat in seats} == {default}
        lines = browser.find_elements(By.CSS_SELECTOR, "#bot-lines li")
        assert [line.get_attribute("data-bot") for line in lines] == [default]
        assert lines[0].text.startswith(f"{default}: quick")
        guide = browser.find_elements(By.CSS_SELECTOR, "#bot-guide-lines li")
        assert [line.get_attribute("data-bot") for line in guide] == list(bot_names(game))
        if game == "chinchon":
            assert _readable(browser)["page"][0] is not None
            browser.save_screenshot(str(SHOTS / "lobby-phone.png"))
    # Another bot chosen for a seat: the line says which bot it is.
    seat = browser.find_element(By.CSS_SELECTOR, "#seats select")
    seat.find_element(By.CSS_SELECTOR, 'option[value="random"]').click()
    lines = [
        line.get_attribute("data-bot")
        for line in browser.find_elements(By.CSS_SELECTOR, "#bot-lines li")
    ]
    assert lines[0] == "random"


def test_a_long_list_of_melds_is_folded_until_cards_are_picked(
    browser: Any, site: tuple[str, str]
) -> None:
    """A Skarney decision of 108 melds and 13 offers, at a phone's size: the offers shown,
    each button its card under "Offer"; the melds folded under "Meld (108)", which opens;
    picking three cards leaves the melds that use them all, the six that add fewest cards
    first and the others folded ("14 more"). The decision is the page's own rendering of a
    view the library makes (put in place of the table's)."""
    base, database = site
    _viewport(browser, PHONE)
    made = _made(base, {"game": "skarney", "players": 4, "seed": "8"})
    browser.get(f"{base}#table={made['table']}&seat=0&token={made['tokens']['0']}")
    Table(browser, database, "skarney").settled()
    state = SkarneyState.from_position(
        hands=["5S 5H 5D 5C 6S 7S 8S 9S JK 2H 6H 6D 10C", "AH 3C", "AC 4D", "AD 6S"],
        contracts=[True, False],
    )
    legal = [str(move) for move in state.legal_moves()]
    browser.execute_script(
        "answer = Object.assign({}, answer, {view: arguments[0]});"
        "selected = []; unfolded = new Set(); renderFacts(); renderHand(); renderMoves();",
        state.view(0).to_dict(),
    )
    offers = [text for text in legal if text.startswith("offer ")]
    melds = [text for text in legal if text.startswith("meld ")]
    assert (len(offers), len(melds)) == (13, 108)
    found = _check_layout(browser, "phone")
    assert sorted(name for name, _ in found["moves"]) == sorted(offers)
    assert [name for name, _ in found["folded"]] == ["Meld (108)"]
    offer = browser.find_element(By.CSS_SELECTOR, '#moves button[data-move="offer 5S"]')
    assert offer.text == "5♠"
    assert offer.get_attribute("aria-label") == "offer 5♠"
    browser.find_element(By.CSS_SELECTOR, '#moves details[data-kind="meld"] > summary').click()
    shown = [
        b for b in browser.find_elements(By.CSS_SELECTOR, "#moves button") if b.is_displayed()
    ]
    assert len(shown) == len(legal)
    for card in ("6S", "7S", "8S"):
        browser.find_element(By.CSS_SELECTOR, f'#hand button[data-card="{card}"]').click()
    using = [text for text in melds if {"6S", "7S", "8S"} <= set(text.split()[1:])]
    nearest = sorted(using, key=lambda text: len(text.split()))  # stable: the game's order
    assert len(using) > 6
    found = _check_layout(browser, "phone")
    assert [name for name, _ in found["moves"]] == nearest[:6]
    assert nearest[0] == "meld 6S 7S 8S"
    assert [name for name, _ in found["folded"]] == [f"{len(using) - 6} more"]
    offered = browser.find_elements(By.CSS_SELECTOR, "#moves button")
    assert sorted(str(item.get_attribute("data-move")) for item in offered) == sorted(using)


OPENING_SEED = 3
"""A Scala 40 table whose first hand gives seat 0, first to play, an opening of two melds
and no meld worth 40 alone (after drawing: 5S 5H 5D and 9S JK 9C, 42 points)."""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_scala40_opening_of_two_melds_is_picked_by_tapping_and_played(
    size: str, browser: Any, site: tuple[str, str]
) -> None:
    """Seat 0 draws, taps the six cards of an opening of two melds (no meld of its hand
    is worth 40 alone): the facts line says their points towards 40, the moves offer the
    whole opening as one move, and playing it opens the seat, its melds on the table as
    its own."""
    base, database = site
    _viewport(browser, SIZES[size])
    _start(browser, base, "scala40", seed=OPENING_SEED)
    table = Table(browser, database, "scala40")
    state = table.settled()
    assert state.current_player == 0
    assert "take the discard pile's top card" in _fact(browser, "refused")
    assert "(S40-DRAW-STOCK)" in _fact(browser, "refused")
    _play(browser, table, "draw")
    state = table.settled()
    plans = [(moves, points) for moves, points in state.view(0).opening_plans() if len(moves) == 2]
    assert plans
    assert not any(
        points >= 40 for moves, points in state.view(0).opening_plans() if len(moves) == 1
    )
    moves, points = plans[0]
    wanted = Counter(card for move in moves for card in str(move).split()[1:])
    cards = Counter(word.split("=")[0] for word in wanted.elements())
    for button in browser.find_elements(By.CSS_SELECTOR, "#hand button"):
        card = button.get_attribute("data-card")
        if cards[card] > 0:
            cards[card] -= 1
            button.click()
    assert (
        _fact(browser, "picked")
        == f"Cards picked: {points} points, {points} of 40: enough to open"
    )
    _check_layout(browser, size)
    label = " + ".join(str(move) for move in moves)
    opening = browser.find_element(By.CSS_SELECTOR, f'#moves button[data-plan="{label}"]')
    assert not browser.find_element(By.ID, "moves-hint").text
    before = state.move_number
    opening.click()
    _until(lambda: table.shown_number() == before + 2, "the table after the opening")
    state = table.settled()
    assert state.opened[0]
    assert state.view(0).meld_owners() == (0, 0)
    assert _fact(browser, "opened").startswith("Opened: you yes")


def _spelled(text: str) -> str:
    """A meld's text as the page writes it (French pack): suits as symbols."""
    return players_text(text, spanish=False)


def _pick(driver: Any, text: str) -> None:
    """Pick, in the page's hand, the cards a meld's text names (or, picked already, put
    them back)."""
    wanted = Counter(word.split("=")[0] for word in text.split())
    for button in driver.find_elements(By.CSS_SELECTOR, "#hand button"):
        card = button.get_attribute("data-card")
        if wanted[card] > 0:
            wanted[card] -= 1
            button.click()
    assert not +wanted, f"the hand lacks {dict(wanted)}"


NO_OPENING_SEED = 1
"""A Scala 40 table whose first hand gives seat 0, first to play, one meld and no opening:
8♦ 9♦ 10♦, 27 points of the 40 an opening needs."""
SHORT_CONTRACT_SEED = 7
"""A Skarney table (four players) whose first hand gives seat 0, first to draw, a set
(K♠ JK K♦) and a sequence (J♠ JK Q♠... of the same joker) of the three the contract needs."""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_meld_that_cannot_open_yet_is_named_with_what_it_lacks(
    size: str, browser: Any, site: tuple[str, str]
) -> None:
    """The defect: a hand whose only meld could not open yet said "no meld toward the
    opening yet" and "No move uses all the cards picked", which a player reads as "that is
    not a meld". Now, where no opening exists, the facts say how far the hand's best melds
    are (points, points missing), and the meld picked is named as a meld with what it
    lacks, before the draw and after it."""
    base, database = site
    _viewport(browser, SIZES[size])
    _start(browser, base, "scala40", seed=NO_OPENING_SEED)
    table = Table(browser, database, "scala40")
    state = table.settled()
    for step in ("draw", "play"):
        view = state.view(0)
        opening = view.to_dict()["own"]["opening"]
        assert state.current_player == 0
        assert opening["missing"] > 0, opening
        assert not [plan for plan in opening["plans"] if len(plan["moves"]) > 1]
        best = opening["best"]
        said = f"your best melds: {best['points']} points, {opening['missing']} missing"
        assert said in _fact(browser, "opening")
        playable = {" ".join(sorted(plan["moves"][0].split()[1:])) for plan in opening["plans"]}
        held = next(
            item
            for item in opening["held"]
            if " ".join(sorted(item["meld"].split())) not in playable
        )
        if step == "draw":
            assert held["meld"] == "8D 9D 10D"
        _pick(browser, held["meld"])
        picked = _fact(browser, "picked")
        assert picked.startswith(
            f"Cards picked: {_spelled(held['meld'])}, a meld of {held['points']} points, "
            "cannot open yet: an opening needs 40 points, and your best melds ("
        ), picked
        assert picked.endswith(f") make {best['points']}: {opening['missing']} missing"), picked
        hint = browser.find_element(By.ID, "moves-hint").text
        assert hint.startswith("No move puts these cards down yet: an opening needs 40"), hint
        assert "No move uses all the cards picked" not in hint
        assert "no meld toward the opening" not in picked
        _check_layout(browser, size)
        _pick(browser, held["meld"])  # picked again: put back
        if step == "draw":
            _play(browser, table, "draw")
            state = table.settled()
            if state.view(0).to_dict()["own"]["opening"]["missing"] == 0:
                break  # the card drawn opens: the draw's check stands alone
    # Skarney: the contract's parts the hand holds, and those missing.
    _start(browser, base, "skarney", seed=SHORT_CONTRACT_SEED)
    table = Table(browser, database, "skarney")
    state = table.settled()
    if state.phase.value == "draw":
        _play(browser, table, "draw")
        state = table.settled()
    contract = state.view(0).to_dict()["own"]["contract"]
    assert state.current_player == 0
    assert contract["missing"] > 0, contract
    sets, runs = len(contract["sets"]), len(contract["sequences"])
    rest = contract["melds"] - contract["put_down"]
    said = _fact(browser, "contract")
    # SK-CONTRACT: all sets, or all sequences; what the hand holds counted for each.
    assert "three 3-card sets, or three 3-card sequences" in said, said
    assert f"you hold {sets} of the {rest} sets and {runs} of the {rest} sequences: " in said
    assert said.endswith(" missing"), said
    assert f": {contract['missing']} set" in said or f": {contract['missing']} seq" in said
    legal = {" ".join(sorted(str(move).split()[1:])) for move in state.legal_moves()}
    held = next(
        item for item in contract["held"] if " ".join(sorted(item["meld"].split())) not in legal
    )
    _pick(browser, held["meld"])
    picked = _fact(browser, "picked")
    shown = _spelled(held["meld"])
    if held["kind"] == "set":  # a set's wild card is any card of its rank: the rank alone
        shown = re.sub(r"=(10|[2-9AJQK])[♠♥♦♣]", r"=\1", shown)
    assert picked.startswith(
        f"Cards picked: {shown}, a {held['kind']} for the contract, cannot be "
        "put down yet: the contract needs three 3-card sets, or three 3-card sequences, and "
        f"you hold {sets} of the {rest} sets and {runs} of the {rest} sequences: "
        f"{contract['missing']} s"
    ), picked
    assert picked.endswith(" missing"), picked
    hint = browser.find_element(By.ID, "moves-hint").text
    assert hint.startswith("No move puts these cards down yet: the contract needs three"), hint
    _check_layout(browser, size)


def _seconds_left(driver: Any) -> int:
    found = re.search(r"\((\d+) s left\)", driver.find_element(By.ID, "status").text)
    assert found, driver.find_element(By.ID, "status").text
    return int(found[1])


def test_the_clock_counts_down_and_says_what_happens_at_zero(
    browser: Any, site: tuple[str, str]
) -> None:
    """The defect: "(90 s left)" stayed on the screen as long as the decision, and
    nothing said what happens at zero. The page counts down from what the server's answer
    says is left (two readings a second apart differ by about a second), and says what the
    server does at zero: nothing by itself; at this table of one person and a bot, nobody
    asks for the person's default move (no bot does: the page promised once that anyone
    at the table might), so the bots wait for the person's move (at a table of two
    people, server/tests/browser/test_timeouts.py: the other may have it played)."""
    base, database = site
    _start(browser, base, "chinchon", seed=3)
    table = Table(browser, database, "chinchon")
    state = table.settled()
    assert state.current_player == 0
    first = _seconds_left(browser)
    time.sleep(1.05)
    second = _seconds_left(browser)
    assert 1 <= first - second <= 2, (first, second)
    note = browser.find_element(By.ID, "clock-note").text
    assert note == (
        "No other person sits at this table: when your clock reaches 0, nothing is played "
        "for you; the bots wait for your move."
    )
    # At zero (the answer's clock run down on the page): time's up, and what follows.
    browser.execute_script("answer.clock.left = 0.6; clockRead = performance.now();")
    _until(lambda: "(time's up)" in browser.find_element(By.ID, "status").text, "zero")
    note = browser.find_element(By.ID, "clock-note").text
    assert note.startswith("Your time is up, but no other person sits at this table"), note
    assert note.endswith("the bots wait for yours."), note
    # Another person's clock run out: their default move is offered.
    browser.execute_script(
        "answer.clock = Object.assign({}, answer.clock, {seat: 1, left: 0});"
        "delete answer.clock.default_move; tickClock();"
    )
    assert browser.find_element(By.ID, "timeout").is_displayed()
    assert browser.find_element(By.ID, "clock-note").text.startswith("Seat 1 (")
