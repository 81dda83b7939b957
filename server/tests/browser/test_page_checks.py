"""The page checks what it is shown, wherever it is served: in a real browser (headless
Chromium, as server/tests/browser/test_web_table.py), against a server whose operator signs
with another key, drops a part it took, names a key of no key's form in the terms, or
starts afresh on the same address.

The defects reproduced here first: (P1) served over plain HTTP at a network address,
where the browser gives a page no WebCrypto, the page kept acknowledgements signed by
another key as "unchecked" and blamed the browser; (P1b) it then said "Refuted" on the
strength of such an acknowledgement, which the library's check rejects under the
table's key; (P2) terms naming a key of no key's form made every acknowledgement "one
that cannot be checked", or (a key that is no text) a server that signs nothing; (P3)
at a table of one person, where each part is sent once, two bad answers were never
said; (P3b) a commitment the server took and dropped was said to have come late; (P4)
at a fresh tables' file on the same address (its table 1 again), the page said an
honest server hid a void, and (P4b) at a table of two it named the server, stopped
sending its part and let the deal go void naming the person.

Over plain HTTP the page is opened at ``http://table.test:PORT/``, a name Chromium maps
to 127.0.0.1 (``--host-resolver-rules``; every other name resolves to nothing): not a
potentially trustworthy origin, so ``isSecureContext`` is false, while every byte stays
on the loopback.

Run with ``nox -s web`` or ``python -m pytest -m browser server/tests/browser``.
"""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

from scala40.errors import InvalidValueError
from scala40_server.serving.acknowledgements import received_problem
from scala40_server.serving.fair_deal import value_commitment_of
from scala40_server.serving.signatures import SigningKey, canonical_json, check_public_key
from scala40_server.web.server import TableHandler, make_server
from scala40_server.web.tables import Tables, TableStore

# Skipped before the browser tests' own modules are imported: test_deal_page skips at
# its import without Selenium, before it defines what is taken from it here.
webdriver = pytest.importorskip("selenium.webdriver", reason="the browser extra (Selenium)")
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from ..browser.test_deal_page import _kept_acks  # noqa: E402
from ..browser.test_web_table import (  # noqa: E402
    CHROMIUM,
    DESKTOP,
    DRIVER,
    FLAGS,
    _made,
    _post,
    _until,
    at_a_desk,
    no_script_errors,
)
from ..web.site import unmetered  # noqa: E402

pytestmark = pytest.mark.browser
__all__ = ["at_a_desk", "no_script_errors"]  # the fixtures used here

PLAIN_NAME = "table.test"
"""The name the page is opened at over plain HTTP, which only this test's Chromium
resolves (to 127.0.0.1)."""
RESOLVING = f"--host-resolver-rules=MAP {PLAIN_NAME} 127.0.0.1,MAP * ~NOTFOUND,EXCLUDE 127.0.0.1"
"""The browser's only name, beside the loopback's address: every other resolves to
nothing, so nothing leaves the loopback."""
LOOK = 12.0
"""Seconds the page may take to say what a test waits for."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        pytest.skip("Debian's chromium and chromium-driver are not installed")
    profile = tempfile.mkdtemp(prefix="scala40-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    flags = (*FLAGS, RESOLVING, f"--user-data-dir={profile}")
    for flag in (*flags, f"--window-size={DESKTOP[0]},{DESKTOP[1]}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


class _Operator(TableHandler):
    """A server whose operator acts between taking a part and answering it: ``after``
    runs (with the table's number and the request's body) once the server has taken seat
    0's part and before its answer is written, as an operator changing its database
    between the two."""

    after: ClassVar[list[Callable[[int, dict[str, Any]], None]]] = []
    shuffles: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
        if not self.path.endswith("/shuffle"):
            super().do_POST()
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        sent = json.loads(body)
        self.shuffles.append(sent)
        self.rfile = io.BytesIO(body)  # read again by the handler
        if not (self.after and sent.get("seat") == 0):
            super().do_POST()
            return
        answer, self.wfile = self.wfile, io.BytesIO()
        super().do_POST()
        buffered = self.wfile
        assert isinstance(buffered, io.BytesIO)
        self.after[0](int(self.path.split("/")[2]), sent)
        self.wfile = answer
        answer.write(buffered.getvalue())
        answer.flush()


@attrs.frozen
class _Site:
    port: int
    tables: Tables
    database: str

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def plain(self) -> str:
        """The site over plain HTTP at a network address (as the browser sees it)."""
        return f"http://{PLAIN_NAME}:{self.port}/"

    def row(self, table: int) -> dict[str, Any]:
        with closing(sqlite3.connect(self.database)) as db:
            (text,) = db.execute("SELECT deal FROM tables WHERE id = ?", (table,)).fetchone()
        row: dict[str, Any] = json.loads(text)
        return row

    def store(self, table: int, row: dict[str, Any]) -> None:
        with closing(sqlite3.connect(self.database)) as db:
            db.execute("UPDATE tables SET deal = ? WHERE id = ?", (json.dumps(row), table))
            db.commit()


@contextmanager
def _serving(port: int = 0) -> Iterator[_Site]:
    """A web table server on ``port`` (0: a free one) over a fresh tables' file."""
    folder = tempfile.mkdtemp(prefix="scala40-web-")
    database = str(Path(folder, "tables.sqlite"))
    tables = Tables(TableStore(database), unmetered())
    server = make_server(tables, port=port, handler=_Operator)
    _Operator.after.clear()
    _Operator.shuffles.clear()
    try:
        yield _Site(server.server_address[1], tables, database)
    finally:
        _Operator.after.clear()
        server.shutdown()
        server.server_close()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def site(browser: Any) -> Iterator[_Site]:
    with _serving() as serving:
        try:
            yield serving
        finally:
            # The page leaves before its server does: a look it sends while the server
            # shuts would fail in the console, which each test must leave clean.
            browser.get("about:blank")


def _open(browser: Any, base: str, made: dict[str, Any]) -> None:
    browser.get(f"{base}#table={made['table']}&seat=0&token={made['tokens']['0']}")


def _dealt(browser: Any) -> None:
    _until(lambda: browser.find_elements(By.CSS_SELECTOR, "#hand button"), "the dealt hand")


def _warning_when(browser: Any, said: Callable[[str], bool], seconds: float = LOOK) -> str:
    """The page's warning once ``said`` holds of it, or as it stands after ``seconds``
    (for the test's assertions to show)."""
    text = ""

    def shown() -> bool:
        nonlocal text
        warning = browser.find_element(By.ID, "deal-warning")
        text = warning.text if warning.is_displayed() else ""
        return said(text)

    with suppress(AssertionError):  # not said: the assertions show what is
        _until(shown, "its warning", seconds)
    return text


def _every_ack(browser: Any) -> list[dict[str, Any]]:
    """Every acknowledgement the page keeps at this address, whatever it keeps it under."""
    script = (
        "return Object.keys(sessionStorage).filter((name) => name.startsWith('scala40-acks:'))"
        ".flatMap((name) => JSON.parse(sessionStorage.getItem(name)))"
    )
    acks: list[dict[str, Any]] = browser.execute_script(script)
    return acks


def _another_key(site: _Site) -> None:
    """The operator signs with another key than the one its tables' terms name."""
    site.tables.signing_key = SigningKey.generate()


def test_over_plain_http_at_a_network_address_the_page_keeps_nothing_checked_and_says_why(
    browser: Any, site: _Site
) -> None:
    """(P1) Served over plain HTTP at a network address, the browser gives the page no
    WebCrypto: the page keeps the acknowledgements of an operator signing with another
    key as unchecked, each saying why, and its warning says what it could not check and
    why (plain HTTP: open it over HTTPS or at localhost), not that the browser lacks
    anything."""
    made = _made(site.base, {"game": "chinchon"})
    _another_key(site)
    _open(browser, site.plain, made)
    _dealt(browser)
    assert browser.execute_script("return window.isSecureContext") is False
    text = _warning_when(browser, lambda text: "signature" in text)
    assert f"served over plain HTTP at a network address ({PLAIN_NAME}:{site.port})" in text, text
    assert "open it over HTTPS" in text, text
    assert "or at localhost" in text, text
    assert "this browser" not in text, text
    kept = _kept_acks(browser, made)
    assert [ack["revealed"] for ack in kept] == [False, True], kept
    assert all(ack["checked"] is False and ack["unchecked"] == "insecure" for ack in kept), kept


@pytest.mark.parametrize("dropped", ["commitment", "value"])
def test_an_acknowledgement_the_page_could_not_check_refutes_nothing(
    browser: Any, site: _Site, dropped: str
) -> None:
    """(P1b) The same operator then deals without the commitment it acknowledged, or
    voids the deal naming the seat whose value it acknowledged: the page's
    acknowledgement, which the library's check rejects under the table's key, refutes
    nothing; the page says that the server acknowledged the part, that it could not check
    the signature and why, never "Refuted"."""
    made = _made(site.base, {"game": "chinchon", "bots": [None, None]})
    table, commitment = made["table"], made["deal"]["commitment"]
    other = {"seat": 1, "token": made["tokens"]["1"]}
    theirs = "be" * 20
    _another_key(site)
    if dropped == "value":
        sealed = value_commitment_of(commitment, 1, theirs)
        _post(site.base, f"/tables/{table}/shuffle", {**other, "commitment": sealed})
    _open(browser, site.plain, made)
    _until(
        lambda: any(ack["revealed"] == (dropped == "value") for ack in _every_ack(browser)),
        f"the page's {dropped} acknowledged",
    )
    ack = next(ack for ack in _every_ack(browser) if ack["revealed"] == (dropped == "value"))
    # The library's check takes it as no acknowledgement under the table's key.
    assert received_problem(
        ack,
        key=json.loads(made["deal"]["terms"])["key"],
        first_deal=commitment,
        deal=commitment,
        seat=0,
        commitment=ack["commitment"],
        revealed=dropped == "value",
    )
    row = site.row(table)
    if dropped == "commitment":
        row["commitments"][0] = None  # the operator drops the commitment it acknowledged
    else:
        row["values"][0] = None  # the operator drops the value it acknowledged
    site.store(table, row)
    if dropped == "value":
        _post(site.base, f"/tables/{table}/shuffle", {**other, "value": theirs})
    row = site.row(table)
    row["phase_started"] -= 3600  # the phase's time has run out
    site.store(table, row)
    browser.refresh()
    text = _warning_when(browser, lambda text: "acknowledged" in text)
    assert "Refuted" not in text, text
    assert f"the server acknowledged {'your value' if dropped == 'value' else ''}" in text, text
    assert "but this page could not check its signature, because this page is served over " in text
    assert "it refutes nothing" in text, text


@pytest.mark.parametrize("key", ["ed25519:" + "ab" * 31, 5], ids=["62-digits", "a-number"])
def test_terms_naming_a_key_of_no_keys_form_are_a_bad_answer_naming_the_server(
    browser: Any, site: _Site, key: object
) -> None:
    """(P2) The terms name a key of no key's form (``ed25519:`` and 62 digits; a number),
    which the library refuses: the page keeps no acknowledgement under them, and says at
    once, naming the server, that its answers acknowledge nothing, and why."""
    with pytest.raises(InvalidValueError):
        check_public_key(key)
    made = _made(site.base, {"game": "chinchon"})
    row = site.row(made["table"])
    terms = json.loads(row["terms"])
    terms["key"] = key
    row["terms"] = canonical_json(terms)  # what the operator's tables' terms now name
    site.store(made["table"], row)
    _open(browser, site.base, made)
    _dealt(browser)
    text = _warning_when(browser, lambda text: "did not acknowledge" in text)
    assert f"Warning: the server at 127.0.0.1:{site.port} did not acknowledge your part" in text
    assert "its terms name no key of a key's form" in text, text
    assert _every_ack(browser) == []


def test_at_a_table_of_one_person_the_first_bad_answer_is_said(browser: Any, site: _Site) -> None:
    """(P3) At a table of one person (the lobby's), each part is sent once: the operator
    signing with another key answers two parts badly, and never a third; the page says
    so, naming the server, without waiting for a third answer that never comes."""
    made = _made(site.base, {"game": "chinchon"})
    _another_key(site)
    _open(browser, site.base, made)
    _dealt(browser)
    text = _warning_when(browser, lambda text: "did not acknowledge" in text)
    assert f"Warning: the server at 127.0.0.1:{site.port} did not acknowledge your part" in text
    assert "(2 answers)" in text, text
    assert "signature of the key its terms name" in text, text
    sent = [sorted(set(body) & {"commitment", "value"}) for body in _Operator.shuffles]
    assert sent == [["commitment"], ["value"]], sent


@pytest.mark.parametrize("people", [1, 2])
def test_a_commitment_taken_then_dropped_is_said_to_be_the_servers_doing(
    browser: Any, site: _Site, people: int
) -> None:
    """(P3b) The operator signing with another key takes the page's commitment, answers
    it, and drops it before the deal goes on (dealt without it at a table of one, or
    waiting for values without it at a table of two): the page says the server took it in
    time and dealt without it, never that it came late."""
    people_seats = {"bots": [None, None]} if people == 2 else {}  # else one person, one bot
    made = _made(site.base, {"game": "chinchon", **people_seats})
    table, commitment = made["table"], made["deal"]["commitment"]
    if people == 2:
        sealed = value_commitment_of(commitment, 1, "be" * 20)
        other = {"seat": 1, "token": made["tokens"]["1"], "commitment": sealed}
        _post(site.base, f"/tables/{table}/shuffle", other)
    _another_key(site)

    def drop(number: int, sent: dict[str, Any]) -> None:
        if "commitment" in sent:
            row = site.row(number)
            row["commitments"][0] = None
            site.store(number, row)

    _Operator.after.append(drop)
    _open(browser, site.base, made)
    if people == 1:
        _dealt(browser)
    text = _warning_when(browser, lambda text: "your commitment" in text or "in time" in text)
    assert "did not come in time" not in text, text
    assert "came in before the deal took them" not in text, text
    assert "took your commitment in time" in text, text
    assert "not lateness" in text, text
    assert f"the server at 127.0.0.1:{site.port}" in text, text


def _first_table(browser: Any) -> tuple[int, dict[str, Any], str]:
    """A server on a free port, at whose table 1 the page takes part and plays, then
    gone, its tables' file with it: its port, the table, and its key."""
    with _serving() as first:
        made = _made(first.base, {"game": "chinchon"})
        assert made["table"] == 1
        _open(browser, first.base, made)
        _dealt(browser)
        _until(lambda: len(_every_ack(browser)) == 2, "both parts acknowledged")
        browser.get("about:blank")  # the page leaves before its server does
        key = json.loads(made["deal"]["terms"])["key"]
        return first.port, made, key


def test_a_fresh_tables_file_at_the_same_address_is_another_table(browser: Any) -> None:
    """(P4) A server on an address the page took part at, then a fresh tables' file on
    the same address (table 1 again, a new key): the page checks the new table as the
    new table, says nothing of a void hidden nor of bad answers, keeps both keys the
    server has shown, and says that its key changed (old key, new key, and what that
    means)."""
    port, made, old = _first_table(browser)
    with _serving(port) as second:
        again = _made(second.base, {"game": "chinchon"})
        assert again["table"] == made["table"]
        new = json.loads(again["deal"]["terms"])["key"]
        assert new != old
        _open(browser, second.base, again)
        _dealt(browser)
        text = _warning_when(
            browser,
            lambda text: any(
                words in text for words in ("hid a void", "did not acknowledge", new)
            ),
        )
        assert "hid a void" not in text, text
        assert "did not acknowledge" not in text, text
        kept = _kept_acks(browser, again)
        assert [(ack["revealed"], ack["checked"]) for ack in kept] == [(False, True), (True, True)]
        assert (
            f"signs this table with the key {new}, not the one it signed with before ({old})"
            in text
        )
        assert "a fresh tables' file, or another server at this address" in text, text
        assert "prove nothing about the tables of this one" in text, text
        name = f"scala40-server-keys:127.0.0.1:{port}"
        keys = json.loads(
            browser.execute_script("return localStorage.getItem(arguments[0])", name)
        )
        assert [seen["key"] for seen in keys] == [old, new]
        browser.get("about:blank")


def test_at_a_fresh_tables_file_a_table_of_two_is_dealt_with_the_persons_value(
    browser: Any,
) -> None:
    """(P4b) The same at a table of two: the page's part is acknowledged at once (not
    answered three times as another table's, after which the page stopped sending and let
    the deal go void naming its person), and the cards are dealt with its value."""
    port, made, _ = _first_table(browser)
    with _serving(port) as second:
        again = _made(second.base, {"game": "chinchon", "bots": [None, None]})
        table, commitment = again["table"], again["deal"]["commitment"]
        assert table == made["table"]
        _open(browser, second.base, again)

        def answered() -> str | bool:
            warning = browser.find_element(By.ID, "deal-warning")
            if warning.is_displayed() and "did not acknowledge" in warning.text:
                return str(warning.text)
            return any(ack["table"] == commitment for ack in _kept_acks(browser, again))

        said = _until(answered, "its commitment acknowledged, or a bad answer said")
        assert said is True, said
        theirs = "be" * 20
        other = {"seat": 1, "token": again["tokens"]["1"]}
        sealed = value_commitment_of(commitment, 1, theirs)
        _post(second.base, f"/tables/{table}/shuffle", {**other, "commitment": sealed})
        _until(lambda: second.row(table)["values"][0] is not None, "the page's value revealed")
        _post(second.base, f"/tables/{table}/shuffle", {**other, "value": theirs})
        _dealt(browser)
        text = _warning_when(browser, lambda text: bool(text), 2.0)
        assert "did not acknowledge" not in text, text
        assert "hid a" not in text, text
        browser.get("about:blank")


def test_a_server_keeping_its_key_that_renames_a_table_is_still_caught(
    browser: Any, site: _Site
) -> None:
    """A server that keeps its key and names the table by another first deal in what it
    signs (so as to hide a void deal) is still caught: the page holds it to the first
    deal it saw at the table under that key, and says so, naming the server."""
    made = _made(site.base, {"game": "chinchon", "bots": [None, None]})
    table, commitment = made["table"], made["deal"]["commitment"]
    _open(browser, site.base, made)
    _until(lambda: _every_ack(browser), "the page's commitment acknowledged")
    row = site.row(table)
    hidden = "ee" * 32
    row["voided"] = [[hidden, [1]]]  # a deal before this one, named first in what it signs
    site.store(table, row)
    other = {"seat": 1, "token": made["tokens"]["1"]}
    sealed = value_commitment_of(commitment, 1, "be" * 20)
    _post(site.base, f"/tables/{table}/shuffle", {**other, "commitment": sealed})
    text = _warning_when(browser, lambda text: "did not acknowledge" in text)
    assert f"Warning: the server at 127.0.0.1:{site.port} did not acknowledge your part" in text
    assert f"whose first deal is {hidden[:16]}...): it hid a deal of this table" in text, text
