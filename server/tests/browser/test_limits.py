"""What the page says when the server holds something back, in a real browser (headless
Chromium, as ``server/tests/browser/test_web_table.py``): which limit was reached, in a
player's words, and when it goes on, counting down.

The defect: a limit reached showed the server's message in an alert (a new table) or in
the notice, with nothing said of when to try again, and the page then asked no more.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from scala40_server.web.server import make_server
from scala40_server.web.tables import TableStore

# The browser test's Chromium, as a fixture of this module too (``driver`` below).
from ..browser.test_web_table import DESKTOP, _start, _until, browser  # noqa: F401
from ..support.bots import patient_bots
from ..web.site import unmetered

webdriver = pytest.importorskip("selenium.webdriver", reason="the browser extra (Selenium)")
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.browser

REFUSED = re.compile(r"status of (429|503)")
"""What the browser's console says of an answer that held something back: the only
errors these pages may log."""


@pytest.fixture
def driver(request: pytest.FixtureRequest) -> Any:
    """The browser test's headless Chromium."""
    return request.getfixturevalue("browser")


@pytest.fixture
def limited(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A server making one table a minute for each client, whose tables' bots may think
    a third of a second a minute (with a ``patient`` bot that thinks all it may, and a
    ``late`` one that thinks a quarter of a second past it)."""
    folder = tempfile.mkdtemp(prefix="scala40-web-")
    limits = unmetered(client_tables_per_minute=1, table_bot_seconds_per_minute=0.3)
    with patient_bots(monkeypatch, "chinchon"):
        server = make_server(TableStore(str(Path(folder, "tables.sqlite"))), limits=limits)
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()
            server.server_close()
            shutil.rmtree(folder, ignore_errors=True)


def _limited_text(driver: Any) -> str:
    box = driver.find_element(By.ID, "limited")
    return str(box.text) if box.is_displayed() else ""


def _moved(driver: Any, status: str) -> Callable[[], bool]:
    """Whether the page shows another status line than ``status``, or a limit."""
    return lambda: (
        driver.find_element(By.ID, "status").text != status or bool(_limited_text(driver))
    )


def _console_errors(driver: Any) -> list[Any]:
    return [
        entry
        for entry in driver.get_log("browser")
        if entry["level"] == "SEVERE" and not REFUSED.search(entry["message"])
    ]


def test_a_table_past_the_clients_rate_says_when_the_next_may_be_started(
    driver: Any, limited: str
) -> None:
    driver.set_window_size(*DESKTOP)
    driver.get_log("browser")
    _start(driver, limited, "chinchon", seed=None)
    driver.execute_script('location.hash = "";')
    driver.get(limited)
    _until(lambda: driver.find_elements(By.CSS_SELECTOR, "#games button"), "the games")
    driver.find_element(By.CSS_SELECTOR, 'button[data-game="chinchon"]').click()
    driver.find_element(By.ID, "start").click()
    said = re.compile(
        r"This server lets each player start only so many tables a minute: you can start "
        r"another in (\d+) seconds\."
    )
    first = _until(lambda: said.fullmatch(_limited_text(driver)), "the tables' limit")
    assert 55 <= int(first.group(1)) <= 60
    time.sleep(2.2)
    later = said.fullmatch(_limited_text(driver))
    assert later is not None
    assert int(later.group(1)) <= int(first.group(1)) - 2  # counting down
    assert "table=" not in driver.current_url
    assert _console_errors(driver) == []


def test_a_tables_bots_held_back_say_when_they_play_on(driver: Any, limited: str) -> None:
    """Once the table's bots have thought past their third of a second (a bot late past
    its deadline: the one way they overspend it), the player's move is still played, and
    the page says the bots wait, counting down to when they play on."""
    driver.set_window_size(*DESKTOP)
    driver.get_log("browser")
    body = {"game": "chinchon", "bots": [None, "late"], "bot_time_limit": 0.2, "seed": 3}
    request = urllib.request.Request(limited + "tables", json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=30) as answer:
        made = json.loads(answer.read())
    driver.get(f"{limited}#table={made['table']}&seat=0&token={made['tokens']['0']}")
    said = re.compile(
        r"The bots at this table have thought as long as this server allows in a minute: "
        r"they play on in (\d+) seconds?\."
    )
    held = None
    for _ in range(40):
        held = said.fullmatch(_limited_text(driver))
        if held:
            break
        buttons = driver.find_elements(By.CSS_SELECTOR, "#moves button")
        if buttons:
            moved = _moved(driver, driver.find_element(By.ID, "status").text)
            buttons[-1].click()  # a discard where there is one: the bots' turn comes
            _until(moved, "the move played")
        else:
            time.sleep(0.2)
    assert held is not None, "the page never said the bots wait"
    assert 3 <= int(held.group(1)) <= 60
    time.sleep(2.2)
    later = said.fullmatch(_limited_text(driver))
    assert later is not None
    assert int(later.group(1)) <= int(held.group(1)) - 2  # counting down
    assert _console_errors(driver) == []
