"""The page's part in the deal, in a real browser (headless Chromium, as
server/tests/browser/test_web_table.py): it sends its commitment and its value again until the
server acknowledges each, keeps the acknowledgements, refutes a void that blames its seat
for a value the server acknowledged, counts a table's voids, and says which deal the
server made alone.

The defects reproduced here first: (R3) after one failed ``shuffle`` (a 503, a lost
connection) the page sent nothing more, so its table went void naming the person, or was
dealt from the server's secret alone; and of such a deal the page said the table "was
made without shuffling", which it was not.

Run with ``nox -s web`` or ``python -m pytest -m browser server/tests/browser``.
"""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any, ClassVar

import pytest

from scala40_server.serving.fair_deal import value_commitment_of
from scala40_server.serving.signatures import SigningKey
from scala40_server.web.server import TableHandler, make_server
from scala40_server.web.tables import Tables, TableStore

from ..browser.test_web_table import (
    _made,
    _post,
    _until,
    at_a_desk,
    browser,
    no_script_errors,
    site,
)
from ..web.site import unmetered

webdriver = pytest.importorskip("selenium.webdriver", reason="the browser extra (Selenium)")
from selenium.webdriver.common.by import By  # noqa: E402

pytestmark = pytest.mark.browser
__all__ = ["at_a_desk", "browser", "no_script_errors", "site"]  # the fixtures used here


class _Flaky(TableHandler):
    """A server that fails the page's next ``shuffle`` requests as a loaded one does:
    ``busy`` answers 503 without taking the part, ``lost`` takes the part and drops the
    connection before its answer."""

    failures: ClassVar[list[str]] = []
    shuffles: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
        if not self.path.endswith("/shuffle"):
            super().do_POST()
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.shuffles.append(json.loads(body))
        self.rfile = io.BytesIO(body)  # read again by the handler
        failure = self.failures.pop(0) if self.failures else None
        if failure == "busy":
            answer = json.dumps({"error": "Busy", "message": "busy", "retry_after": 1}).encode()
            self.send_response(503)
            self.send_header("Content-Type", "application/json")
            self.send_header("Retry-After", "1")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)
            return
        if failure == "lost":
            self.wfile = io.BytesIO()  # where the lost answer goes
            super().do_POST()
            self.close_connection = True
            return
        super().do_POST()


@pytest.fixture
def flaky_site() -> Iterator[tuple[str, str]]:
    folder = tempfile.mkdtemp(prefix="scala40-web-")
    database = str(Path(folder, "tables.sqlite"))
    server = make_server(TableStore(database), limits=unmetered(), handler=_Flaky)
    _Flaky.failures.clear()
    _Flaky.shuffles.clear()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", database
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(folder, ignore_errors=True)


def _deal_row(database: str, table: int) -> dict[str, Any]:
    with closing(sqlite3.connect(database)) as db:
        (text,) = db.execute("SELECT deal FROM tables WHERE id = ?", (table,)).fetchone()
    row: dict[str, Any] = json.loads(text)
    return row


def _store_deal(database: str, table: int, row: dict[str, Any]) -> None:
    with closing(sqlite3.connect(database)) as db:
        db.execute("UPDATE tables SET deal = ? WHERE id = ?", (json.dumps(row), table))
        db.commit()


def _open(browser: Any, base: str, made: dict[str, Any]) -> None:
    browser.get(f"{base}#table={made['table']}&seat=0&token={made['tokens']['0']}")


def _kept_acks(browser: Any, made: dict[str, Any], seat: int = 0) -> list[dict[str, Any]]:
    """The acknowledgements the page keeps of ``seat``'s parts at the table ``made``
    (``POST /tables``'s answer): under what names the table, its first deal, not its
    number nor the server's key, which a server may change inside a match."""
    name = f"scala40-acks:{made['deal']['commitment']}:{seat}"
    kept = browser.execute_script("return sessionStorage.getItem(arguments[0])", name)
    acks: list[dict[str, Any]] = json.loads(kept or "[]")
    return acks


def _warning(browser: Any, start: str) -> str:
    def shown() -> str:
        warning = browser.find_element(By.ID, "deal-warning")
        text: str = warning.text if warning.is_displayed() else ""
        return text if text.startswith(start) else ""

    return str(_until(shown, f"a warning starting {start!r}"))


def test_the_page_sends_its_parts_again_until_the_server_acknowledges_them(
    browser: Any, flaky_site: tuple[str, str]
) -> None:
    """(R3) The first commitment meets a 503, the second is taken but its answer is lost,
    the first value meets a 503: the page sends each part again until one is
    acknowledged, and the table is dealt with the person's value and verified at the
    end."""
    base, database = flaky_site
    made = _made(base, {"game": "chinchon"})
    _Flaky.failures[:] = ["busy", "lost", "busy"]
    _open(browser, base, made)
    _until(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand button"), "the dealt hand")
    row = _deal_row(database, made["table"])
    assert row["values"][0] is not None, "the page's value went into the deal"
    sent = [tuple(sorted(set(body) & {"commitment", "value"})) for body in _Flaky.shuffles]
    # Busy, then taken with its answer lost; the deal went on to the values, which the
    # page sent (busy), then again (acknowledged).
    assert sent == [("commitment",)] * 2 + [("value",)] * 2, sent
    assert all(body["deal_commitment"] == made["deal"]["commitment"] for body in _Flaky.shuffles)
    kept = _kept_acks(browser, made)
    assert [(ack["table"], ack["revealed"]) for ack in kept] == [
        (made["deal"]["commitment"], True)
    ]
    assert not browser.find_element(By.ID, "deal-warning").is_displayed()
    browser.execute_script("window.confirm = () => true;")
    browser.find_element(By.ID, "resign").click()
    _until(lambda: browser.find_element(By.ID, "game-over").is_displayed(), "the end")
    _until(
        lambda: browser.find_element(By.ID, "deal-check").text.startswith("Deal verified"),
        "the deal checked",
    )
    # The failed requests are the console's only errors.
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert all("/shuffle" in entry["message"] for entry in errors), errors


def test_the_page_refutes_a_void_that_blames_it_for_an_acknowledged_value(
    browser: Any, site: tuple[str, str]
) -> None:
    """(R4) The operator drops the value it acknowledged and lets the deal go void naming
    seat 0: the page, holding the acknowledgement, says the void is refuted and that the
    server may be choosing deals, and takes part in the deal drawn again."""
    base, database = site
    made = _made(base, {"game": "chinchon", "bots": [None, None]})
    table, commitment = made["table"], made["deal"]["commitment"]
    other = {"seat": 1, "token": made["tokens"]["1"]}
    theirs = "be" * 20
    _post(
        base,
        f"/tables/{table}/shuffle",
        {**other, "commitment": value_commitment_of(commitment, 1, theirs)},
    )
    _open(browser, base, made)
    _until(
        lambda: any(ack["revealed"] for ack in _kept_acks(browser, made)),
        "the page's value acknowledged",
    )
    row = _deal_row(database, table)
    row["values"][0] = None  # the operator drops the value it acknowledged
    _store_deal(database, table, row)
    _post(base, f"/tables/{table}/shuffle", {**other, "value": theirs})
    row = _deal_row(database, table)
    row["phase_started"] -= 3600  # seat 0's time to reveal, as the server says, has run out
    _store_deal(database, table, row)
    browser.refresh()
    text = _warning(browser, "Refuted:")
    assert "the server acknowledged your value" in text
    assert "the server withheld your value, not you" in text
    assert "The server may be choosing deals" in text
    # The page takes part in the deal drawn again, its void counted in the terms.
    _until(lambda: _deal_row(database, table)["commitments"][0] is not None, "a new commitment")
    assert json.loads(_deal_row(database, table)["terms"])["voids"] == 1


def test_the_page_says_who_voided_a_table_by_withholding_a_value(
    browser: Any, site: tuple[str, str]
) -> None:
    """A seat that committed and withholds its value voids the deal: the page, having
    committed and revealed for its person, names the seat in a warning that counts the
    void and says the server may be choosing deals if voids keep coming."""
    base, database = site
    made = _made(base, {"game": "chinchon", "bots": [None, None]})
    table = made["table"]
    _open(browser, base, made)
    other = value_commitment_of(made["deal"]["commitment"], 1, "be" * 20)
    _post(
        base,
        f"/tables/{table}/shuffle",
        {"seat": 1, "token": made["tokens"]["1"], "commitment": other},
    )
    _until(lambda: _deal_row(database, table)["values"][0] is not None, "the value revealed")
    row = _deal_row(database, table)
    row["phase_started"] -= 3600  # seat 1's time to reveal has run out
    _store_deal(database, table, row)
    browser.refresh()
    text = _warning(browser, "Warning: this table's deal was void once")
    assert "(naming seat 1)" in text
    assert "the server may be choosing deals" in text
    assert not browser.find_elements(By.CSS_SELECTOR, "#hand button")


def test_the_page_says_a_table_dealt_alone_after_no_commitment_came_was_shuffled(
    browser: Any, site: tuple[str, str]
) -> None:
    """(R3) A table that shuffles with its people, dealt from the server's secret alone
    because no commitment came in time: the page said it "was made without shuffling";
    it says what happened."""
    base, database = site
    made = _made(base, {"game": "chinchon"})
    row = _deal_row(database, made["table"])
    row["phase_started"] -= 3600  # the commitments' time ran out before the page came
    _store_deal(database, made["table"], row)
    _open(browser, base, made)
    text = _warning(browser, "Warning: the server dealt this table from its secret alone")
    assert "no person's commitment came in" in text
    assert "without shuffling" not in text


@pytest.fixture
def resigning_site() -> Iterator[tuple[str, Tables]]:
    """A web table server whose tables the test reaches, to change the key it signs with
    once a table's terms name the first (as an operator signing with another key)."""
    folder = tempfile.mkdtemp(prefix="scala40-web-")
    tables = Tables(TableStore(str(Path(folder, "tables.sqlite"))), unmetered())
    server = make_server(tables, handler=_Flaky)
    _Flaky.failures.clear()
    _Flaky.shuffles.clear()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", tables
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(folder, ignore_errors=True)


def test_the_page_checks_each_acknowledgement_against_the_terms_key_when_it_comes(
    browser: Any, resigning_site: tuple[str, Tables]
) -> None:
    """(S2) The page verifies each acknowledgement by WebCrypto's Ed25519 against the key
    the table's terms name: the server's own signature is kept as an acknowledgement (not
    taken unchecked); once the operator signs with another key, the page takes its answer
    as no acknowledgement, sends the part again, and after three answers stops and says
    so, naming the server."""
    base, tables = resigning_site
    made = _made(base, {"game": "chinchon"})
    _open(browser, base, made)
    _until(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand button"), "the dealt hand")
    kept = _kept_acks(browser, made)
    assert [ack["revealed"] for ack in kept] == [False, True]
    assert all(ack["checked"] for ack in kept), "the page checked the server's signatures"
    # Another table, whose terms name the server's key; the operator then signs with another.
    made = _made(base, {"game": "chinchon", "bots": [None, None]})
    tables.signing_key = SigningKey.generate()
    _Flaky.shuffles.clear()
    _open(browser, base, made)
    _warning(browser, "Warning: the server at 127.0.0.1:")  # said at the first answer
    text = str(
        _until(
            lambda: (
                "(3 answers)" in _warning(browser, "Warning:") and _warning(browser, "Warning:")
            ),
            "the third answer said",
        )
    )
    assert "did not acknowledge your part of the deal (3 answers)" in text
    assert "stopped sending your part" in text
    assert "signature of the key its terms name" in text
    sent = [body for body in _Flaky.shuffles if body.get("seat") == 0]
    assert len(sent) == 3, sent
    assert _kept_acks(browser, made) == [], "no acknowledgement kept"
