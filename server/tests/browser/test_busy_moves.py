"""The page's move sent again after the server was busy, in a real browser (headless
Chromium, as server/tests/browser/test_web_table.py), with the page's own code: a move answered
503 ``Busy`` (``Retry-After: 1``), as a server under a flood answers, is sent again once
the server said to try again, and is played.

The defect reproduced here first: the page showed the table again instead, and the
person had to make the move again, although docs/web.rst and the threat model said the
page sends it again (a move made stale meanwhile is refused 409, so sending it again
plays nothing twice).

Run with ``nox -s web`` or ``python -m pytest -m browser server/tests/browser``.
"""

from __future__ import annotations

import io
import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from scala40.game import BUILTIN_GAMES
from scala40_server.web.server import TableHandler, make_server
from scala40_server.web.tables import TableStore

from ..browser.test_web_table import (
    Table,
    _start,
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


class _Busy(TableHandler):
    """A server that answers the page's next ``busy`` moves 503 ``Busy`` without taking
    them, as a server with no turn free within a request's bound does; every move it is
    sent is kept, with the status it was given."""

    busy: ClassVar[int] = 0
    moves: ClassVar[list[tuple[int, dict[str, Any]]]] = []

    def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
        if not self.path.endswith("/moves"):
            super().do_POST()
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.rfile = io.BytesIO(body)  # read again by the handler
        if _Busy.busy:
            _Busy.busy -= 1
            self.moves.append((503, json.loads(body)))
            answer = json.dumps(
                {
                    "error": "Busy",
                    "message": "the server is busy: try again",
                    "limit": "requests_at_once",
                    "retry_after": 1,
                }
            ).encode()
            self.send_response(503)
            self.send_header("Content-Type", "application/json")
            self.send_header("Retry-After", "1")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)
            return
        self.moves.append((200, json.loads(body)))
        super().do_POST()


@pytest.fixture
def busy_site() -> Iterator[tuple[str, str]]:
    folder = tempfile.mkdtemp(prefix="scala40-web-")
    database = str(Path(folder, "tables.sqlite"))
    server = make_server(TableStore(database), limits=unmetered(), handler=_Busy)
    _Busy.busy = 0
    _Busy.moves.clear()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", database
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_move_answered_busy_is_sent_again_and_played(
    browser: Any, busy_site: tuple[str, str]
) -> None:
    """(The defect) The person's move meets a 503 twice: the page says the server is
    busy, sends the same move (the same text and move number) again each time the server
    said to, and the third is played; the person clicks once."""
    base, database = busy_site
    _start(browser, base, "chinchon", seed=BUILTIN_GAMES.index("chinchon") + 1)
    table = Table(browser, database, "chinchon")
    state = table.settled()
    assert state.current_player == 0
    move = next(str(move) for move in state.legal_moves())
    before = state.move_number
    _Busy.busy = 2
    browser.execute_script(
        "document.querySelector(`#moves button[data-move='${arguments[0]}']`).click();", move
    )
    _until(lambda: browser.find_element(By.ID, "limited").is_displayed(), "that it is busy")
    assert "The server is busy: trying again in" in browser.find_element(By.ID, "limited").text
    _until(lambda: table.state().move_number > before, f"{move!r} played", seconds=30)
    statuses = [status for status, _ in _Busy.moves]
    assert statuses == [503, 503, 200], _Busy.moves
    sent = {json.dumps([body["move"], body["move_number"]]) for _, body in _Busy.moves}
    assert len(sent) == 1, _Busy.moves
    # The refused requests are the console's only errors.
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert all("/moves" in entry["message"] for entry in errors), errors
