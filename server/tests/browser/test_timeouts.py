"""A move played for the page's person by a timeout, in a real browser (headless Chromium,
as server/tests/browser/test_web_table.py), with the page's own code, at a table of two people:
the page of one, the other through the HTTP interface, as their own page would call it.

The defect reproduced here first: once the other person's "Time's up" had played the
default draw for a person whose clock had run out, that person's page still said "Your
turn: draw", with Draw offered, for as long as a decision (the page looked at the table
only while it was not its person's turn); the click was refused 409 ("The game had moved
on"), and the discard's clock had run meanwhile, so that one timeout cost two decisions.
Now the page looks at the table every two seconds on its person's turn too, says what
was played for them, and the server starts the next decision's clock when the page is
shown it. The server's clock is one the test sets (``Tables``'s ``clock``): no test waits
for a minute to pass.

Run with ``nox -s web`` or ``python -m pytest -m browser server/tests/browser``.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scala40._wording import players_text
from scala40_server.web.server import make_server
from scala40_server.web.tables import Tables, TableStore

from ..browser.test_web_table import (
    Table,
    _until,
    at_a_desk,
    browser,
    no_script_errors,
)
from ..web.site import unmetered

webdriver = pytest.importorskip("selenium.webdriver", reason="the browser extra (Selenium)")
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.browser
__all__ = ["at_a_desk", "browser", "no_script_errors"]  # the fixtures used here

SECONDS = 60.0
"""A decision's clock (the server's default)."""
TOLD_WITHIN = 5.0
"""Seconds the page may take to say what was played for its person."""


class Clock:
    """The time the server's decisions' clocks read, set by the test."""

    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def timed_site() -> Iterator[tuple[str, str, Clock]]:
    """A server whose decisions' clocks read a :class:`Clock` (the hand's break none:
    the first decision's clock is a decision's)."""
    folder = tempfile.mkdtemp(prefix="scala40-web-")
    database = str(Path(folder, "tables.sqlite"))
    clock = Clock()
    limits = unmetered(decision_seconds=SECONDS, hand_break_seconds=0)
    server = make_server(Tables(TableStore(database), limits, clock=clock))
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", database, clock
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(folder, ignore_errors=True)


def _call(base: str, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        base + path.lstrip("/"), data=json.dumps(body).encode(), method="POST"
    )
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _a_discard(state: Any) -> str:
    return next(str(move) for move in state.legal_moves() if str(move).startswith("discard"))


def test_a_move_played_for_the_person_is_told_at_once_and_costs_one_decision(
    browser: Any, timed_site: tuple[str, str, Clock]
) -> None:
    base, database, clock = timed_site
    status, made = _call(
        base, "/tables", {"game": "chinchon", "bots": [None, None], "shuffle": False}
    )
    assert status == 200, made
    table_id, tokens = made["table"], made["tokens"]
    browser.get(f"{base}#table={table_id}&seat=1&token={tokens['1']}")
    table = Table(browser, database, "chinchon")
    state = table.state()
    if state.current_player == 0:  # seat 0 draws: the page's person decides after it
        body = {"seat": 0, "token": tokens["0"], "move": "draw", "move_number": 0}
        assert _call(base, f"/tables/{table_id}/moves", body)[0] == 200
        state = table.state()
        body = {**body, "move": _a_discard(state), "move_number": state.move_number}
        assert _call(base, f"/tables/{table_id}/moves", body)[0] == 200
    state = table.state()
    assert state.current_player == 1
    _until(lambda: table.shown_number() == state.move_number, "the table")
    draw = browser.find_elements(By.CSS_SELECTOR, "#moves button[data-move='draw']")
    assert draw, "Draw is not offered"
    default = str(state.default_move(1))
    note = browser.find_element(By.ID, "clock-note").text
    assert note.startswith(
        f"When your clock reaches 0, another person at the table may have "
        f"“{players_text(default, spanish=True)}” played for you"
    ), note
    # The person's minute passes; the other person's "Time's up" plays their draw.
    clock.now += SECONDS
    other = {"seat": 0, "token": tokens["0"]}
    status, answered = _call(base, f"/tables/{table_id}/timeout", other)
    assert status == 200, answered
    played = table.state()
    assert played.move_number == state.move_number + 1
    assert played.current_player == 1  # the discard is theirs to make
    # The page says so within seconds, and offers the discard, not the draw.
    told = f"Time's up: “{players_text(default, spanish=True)}” was played for you."
    _until(
        lambda: browser.find_element(By.ID, "notice").text == told,
        "what was played for the person",
        seconds=TOLD_WITHIN,
    )
    _until(lambda: table.shown_number() == played.move_number, "the discard", TOLD_WITHIN)
    assert not browser.find_elements(By.CSS_SELECTOR, "#moves button[data-move='draw']")
    status_line = browser.find_element(By.ID, "status").text
    assert f"Your turn: {played.view(1).to_dict()['phase']}." in status_line, status_line
    left = re.search(r"\((\d+) s left\)", status_line)
    assert left, status_line
    assert int(left[1]) >= SECONDS - 5, status_line  # the discard's whole minute
    log = browser.find_elements(By.CSS_SELECTOR, "#log li")
    assert log[-1].text.endswith("(time's up: played for you)"), log[-1].text
    # No second decision lost: the discard's clock started when the page was shown it,
    # so however long the page took to learn of it, its whole minute is left.
    clock.now += SECONDS - 1
    status, refused = _call(base, f"/tables/{table_id}/timeout", other)
    assert (status, refused["error"]) == (409, "ClockRunning"), refused
    # The person discards themselves: their move, the notice gone with it.
    discard = _a_discard(played)
    browser.execute_script(
        "document.querySelector(`#moves button[data-move='${arguments[0]}']`).click();",
        discard,
    )
    _until(lambda: table.state().move_number == played.move_number + 1, "the discard played")
    assert table.state().current_player == 0
    _until(lambda: not browser.find_element(By.ID, "notice").is_displayed(), "the notice gone")
