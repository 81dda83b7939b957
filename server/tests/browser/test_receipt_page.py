"""The page's receipt and its words at the end, in a real browser (headless Chromium, as
server/tests/browser/test_page_checks.py): the operator acknowledges the person's value,
drops it so that the deal is void naming the person, and names a new key in the deal it
draws again (or keeps its key); the page refutes the void under either key, says that a
new key inside one match is the server's doing, naming both keys, and saves the
person's receipt, which the library checks (``scala40 receipt FILE``) and which, forged,
it refuses. Served over plain HTTP at a network address, the end names what was checked
and what could not be (the signatures, and why), never "Deal verified".

The defects reproduced here first: with a new key the page kept its acknowledgements
under the old key's name, found none, and no longer said "Refuted" (only that the key
changed, "a fresh tables' file, or another server"); the page offered no receipt; and
over plain HTTP it said it could not check the server's signatures, then "Deal
verified".

Run with ``nox -s web`` or ``python -m pytest -m browser server/tests/browser``.
"""

from __future__ import annotations

import json
import tempfile
from importlib.resources import files
from pathlib import Path
from typing import Any

import attrs
import pytest

from scala40.cli import main
from scala40_server.serving.deals import SealedDeal, terms_text
from scala40_server.serving.fair_deal import value_commitment_of
from scala40_server.serving.receipts import SCHEMA_FILE, receipt_verdict
from scala40_server.serving.signatures import SigningKey

webdriver = pytest.importorskip("selenium.webdriver", reason="the browser extra (Selenium)")
from selenium.webdriver.common.by import By  # noqa: E402

from ..browser.test_page_checks import (  # noqa: E402
    LOOK,
    _dealt,
    _every_ack,
    _open,
    _Site,
    _warning_when,
    browser,
    site,
)
from ..browser.test_web_table import (  # noqa: E402
    _made,
    _post,
    _until,
    at_a_desk,
    no_script_errors,
)

pytestmark = pytest.mark.browser
__all__ = ["at_a_desk", "browser", "no_script_errors", "site"]  # the fixtures used here

_THEIRS = "be" * 20
"""Seat 1's value, at every deal."""


def _void_naming_the_page(
    browser: Any, site: _Site, *, new_key: bool
) -> tuple[dict[str, Any], str, str]:
    """The operator acknowledges the page's value, drops it and lets the deal go void
    naming seat 0; with ``new_key`` the deal it draws again names a new key. The table
    made, the old key and the key of the deal drawn again."""
    made = _made(site.base, {"game": "chinchon", "bots": [None, None]})
    table, commitment = made["table"], made["deal"]["commitment"]
    other = {"seat": 1, "token": made["tokens"]["1"]}
    _post(site.base, f"/tables/{table}/shuffle",
          {**other, "commitment": value_commitment_of(commitment, 1, _THEIRS)})  # fmt: skip
    _open(browser, site.base, made)
    _until(lambda: any(ack["revealed"] for ack in _every_ack(browser)), "the value acknowledged")
    row = site.row(table)
    row["values"][0] = None  # the operator drops the value it acknowledged
    site.store(table, row)
    _post(site.base, f"/tables/{table}/shuffle", {**other, "value": _THEIRS})
    row = site.row(table)
    row["phase_started"] -= 3600  # seat 0's time to reveal, as the server says, has run out
    site.store(table, row)
    old = json.loads(made["deal"]["terms"])["key"]
    looked = site.tables.handle("GET", f"/tables/{table}", f"seat=1&token={other['token']}", None)
    assert looked[1]["deal"]["voided"][0]["withheld"] == [0]  # drawn again
    new = old
    if new_key:
        site.tables.signing_key = SigningKey.generate()
        new = site.tables.signing_key.public
        deal = SealedDeal.from_row(site.row(table))
        terms = json.loads(deal.terms)
        renamed = terms_text(terms["game"], terms["rules"], terms["seats"], terms["shuffle"],
                             terms["voids"], new)  # fmt: skip
        site.store(table, attrs.evolve(deal, terms=renamed).to_row())
    browser.refresh()
    return made, old, new


def _deal_and_resign(browser: Any, site: _Site, made: dict[str, Any]) -> str:
    """The deal drawn again, taken part in by the page and seat 1, dealt; the person
    resigns: the end's deal check."""
    table = made["table"]
    other = {"seat": 1, "token": made["tokens"]["1"]}
    _until(lambda: site.row(table)["commitments"][0] is not None, "the page's new commitment")
    redrawn = site.tables.handle("GET", f"/tables/{table}", f"seat=1&token={other['token']}", None)
    commitment = redrawn[1]["deal"]["commitment"]
    _post(site.base, f"/tables/{table}/shuffle",
          {**other, "commitment": value_commitment_of(commitment, 1, _THEIRS)})  # fmt: skip
    _until(lambda: site.row(table)["values"][0] is not None, "the page's new value")
    _post(site.base, f"/tables/{table}/shuffle", {**other, "value": _THEIRS})
    _dealt(browser)
    browser.execute_script("window.confirm = () => true;")
    browser.find_element(By.ID, "resign").click()
    _until(lambda: browser.find_element(By.ID, "game-over").is_displayed(), "the end")
    return str(_until(lambda: browser.find_element(By.ID, "deal-check").text, "the deal check"))


def _saved_receipt(browser: Any, folder: Path) -> Path:
    """The receipt the page saves when the person clicks to save it (at the end)."""
    browser.execute_cdp_cmd(
        "Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)}
    )
    button = browser.find_element(By.ID, "save-receipt-end")
    assert button.is_displayed()
    button.click()
    saved: list[Path] = _until(
        lambda: list(folder.glob("scala40-receipt-*.json")), "the receipt saved"
    )
    return saved[0]


@pytest.mark.parametrize("new_key", [False, True], ids=["same key", "new key"])
def test_the_page_refutes_a_void_of_an_acknowledged_value_whatever_key_the_redrawn_deal_names(
    browser: Any, site: _Site, new_key: bool
) -> None:
    made, old, new = _void_naming_the_page(browser, site, new_key=new_key)
    text = _warning_when(browser, lambda text: text.startswith("Refuted:"))
    assert text.startswith("Refuted: the server acknowledged your value"), text
    assert "the server withheld your value, not you" in text, text
    changed = f"changed its key inside this match: the terms of its deal {made['deal']['commitment'][:16]}... named the key {old}, this deal's name {new}"
    assert (changed in text) is new_key, text
    if new_key:
        assert "a new key inside one match is the server's doing" in text, text
        assert "a fresh tables' file, or another server" not in text, text
    end = _deal_and_resign(browser, site, made)
    assert end.startswith("Refuted:"), end
    assert (changed in end) is new_key, end


def _holds_to_its_schema(receipt: dict[str, Any]) -> None:
    """The page's receipt is of the form its JSON Schema (``receipt.json``) says."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(
        files("scala40_server")
        .joinpath("schemas")
        .joinpath(SCHEMA_FILE)
        .read_text(encoding="utf-8")
    )
    errors = [
        error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(receipt)
    ]
    assert errors == [], errors


@pytest.mark.parametrize("new_key", [False, True], ids=["same key", "new key"])
def test_the_receipt_the_page_saves_is_checked_by_the_library_and_a_forged_one_refused(
    browser: Any, site: _Site, new_key: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    made, _, _ = _void_naming_the_page(browser, site, new_key=new_key)
    _deal_and_resign(browser, site, made)
    with tempfile.TemporaryDirectory(prefix="scala40-receipt-") as folder:
        saved = _saved_receipt(browser, Path(folder))
        assert saved.name == f"scala40-receipt-table-{made['table']}-seat-0.json"
        receipt = json.loads(saved.read_text(encoding="utf-8"))
        _holds_to_its_schema(receipt)
        assert receipt["deals"][0]["commitment"] == made["deal"]["commitment"]
        verdict = receipt_verdict(saved.read_bytes())
        assert verdict.server_at_fault, verdict.faults
        assert any("the server withheld that value" in fault for fault in verdict.faults)
        assert any("changed its key" in fault for fault in verdict.faults) is new_key
        assert main(["receipt", str(saved)]) == 0
        assert capsys.readouterr().out.startswith("at fault: the server\n")
        # Forged: the acknowledgement of the commitment said to be of the value.
        receipt["acknowledgements"][0]["revealed"] = True
        saved.write_text(json.dumps(receipt), encoding="utf-8")
        assert main(["receipt", str(saved)]) == 1
        err = capsys.readouterr().err
        assert "the receipt is refused: acknowledgement 0" in err, err
        assert "does not carry the signature of the key its deal's terms name" in err, err


def test_over_plain_http_at_a_network_address_the_end_says_what_was_checked_and_what_not(
    browser: Any, site: _Site
) -> None:
    """(P1) The page cannot check the server's signatures there: the end names what it
    checked (the commitment, each value, the seed) and what it could not (the
    signatures, and why), never "Deal verified"."""
    made = _made(site.base, {"game": "chinchon"})
    _open(browser, site.plain, made)
    _dealt(browser)
    browser.execute_script("window.confirm = () => true;")
    browser.find_element(By.ID, "resign").click()
    _until(lambda: browser.find_element(By.ID, "game-over").is_displayed(), "the end", LOOK)
    end = str(_until(lambda: browser.find_element(By.ID, "deal-check").text, "the deal check"))
    assert "Deal verified" not in end, end
    assert end.startswith("Checked: the commitment, every seat's value and the seed check out."), (
        end
    )
    assert "Not checked: the server's signatures" in end, end
    assert "served over plain HTTP at a network address" in end, end
