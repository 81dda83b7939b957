"""A receipt saved from the page, checked by the library (``scala40 receipt FILE``): who
is at fault when the operator voids a deal naming a seat whose value it acknowledged,
under the same key or a new one; a forged or altered receipt refused, naming what is
wrong; a receipt of another form refused; and the receipt's JSON Schema."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from scala40.cli import main
from scala40_server.serving.receipts import (
    MAX_RECEIPT_BYTES,
    RECEIPT_FORMAT,
    SCHEMA_FILE,
    receipt_verdict,
)
from scala40_server.serving.signatures import SigningKey

from ..web.test_key_change import VoidedMatch, voided_match

_SCHEMAS = pathlib.Path(__file__).resolve().parents[2] / "src" / "scala40_server" / "schemas"


def receipt_of(match: VoidedMatch) -> dict[str, Any]:
    """The receipt seat 0's page saves at the end of ``match``."""
    return {
        "receipt": RECEIPT_FORMAT,
        "server": "127.0.0.1:8040",
        "table": 1,
        "seat": 0,
        "deals": [match.first, match.over["deal"]],
        "acknowledgements": match.acknowledged,
    }


def _verdict(receipt: dict[str, Any]) -> Any:
    return receipt_verdict(json.dumps(receipt).encode())


@pytest.mark.parametrize("new_key", [False, True], ids=["same key", "new key"])
def test_a_receipt_shows_the_server_at_fault_for_a_void_of_an_acknowledged_value(
    tmp_path: pathlib.Path, new_key: bool
) -> None:
    match = voided_match(tmp_path, new_key=new_key)
    verdict = _verdict(receipt_of(match))
    assert verdict.server_at_fault
    refuted = [fault for fault in verdict.faults if "the server withheld that value" in fault]
    assert len(refuted) == 1, verdict.faults
    changed = [fault for fault in verdict.faults if "changed its key inside this match" in fault]
    assert len(changed) == int(new_key), verdict.faults
    lines = verdict.lines()
    assert lines[0] == "at fault: the server"
    assert "  - the last deal's secret, salt and terms hash to its commitment" in lines


def test_a_receipt_whose_void_nothing_refutes_shows_the_seat_at_fault(
    tmp_path: pathlib.Path,
) -> None:
    """Without the acknowledgement of its value, the void that names the seat stands."""
    match = voided_match(tmp_path, new_key=False)
    receipt = receipt_of(match)
    receipt["acknowledgements"] = [
        given
        for given in match.acknowledged
        if not (given["table"] == match.first["commitment"] and given["revealed"])
    ]
    verdict = _verdict(receipt)
    assert not verdict.server_at_fault
    assert verdict.lines()[0] == "at fault: your seat"


def _forged(receipt: dict[str, Any], change: str) -> dict[str, Any]:
    forged: dict[str, Any] = json.loads(json.dumps(receipt))
    acks = forged["acknowledgements"]
    if change == "a value said revealed":
        acks[0]["revealed"] = True  # the commitment's acknowledgement made a value's
    elif change == "a signature changed":
        signature = acks[1]["signature"]
        acks[1]["signature"] = ("0" if signature[0] != "0" else "1") + signature[1:]
    elif change == "another seat":
        acks[1]["seat"] = 1
    elif change == "the secret changed":
        forged["deals"][-1]["secret"] = "00" * 32
    elif change == "a key of the forger's":
        # The forger names its own key in the void deal's terms and signs with it.
        forger = SigningKey.generate()
        terms = json.loads(forged["deals"][0]["terms"])
        terms["key"] = forger.public
        forged["deals"][0]["terms"] = json.dumps(terms)
        void = forged["deals"][0]["commitment"]
        acks[:] = [forger.sign(given) if given["table"] == void else given for given in acks]
    return forged


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ("a value said revealed", "acknowledgement 0 (of seat 0's value at the deal"),
        ("a signature changed", "does not carry the signature of the key its deal's terms name"),
        ("another seat", "is not of the receipt's seat, 0"),
        ("the secret changed", "the record was altered"),
    ],
)
def test_a_forged_receipt_is_refused_naming_what_is_wrong(
    tmp_path: pathlib.Path, change: str, named: str
) -> None:
    receipt = receipt_of(voided_match(tmp_path, new_key=False))
    with pytest.raises(ValueError, match="the receipt is refused") as refused:
        _verdict(_forged(receipt, change))
    assert named in str(refused.value)


def test_a_key_only_the_receipt_names_convinces_only_whoever_knows_it(
    tmp_path: pathlib.Path,
) -> None:
    """A void deal's terms are not revealed: a receipt naming a key of its own there, and
    signing with it, is read, but its refutation says that it convinces only whoever
    knows that key to be the server's."""
    receipt = receipt_of(voided_match(tmp_path, new_key=False))
    verdict = _verdict(_forged(receipt, "a key of the forger's"))
    refuted = [fault for fault in verdict.faults if "the server withheld that value" in fault]
    assert len(refuted) == 1
    assert "anyone who knows that key to be the server's" in refuted[0]
    assert "anyone else has your word for the key" in refuted[0]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (b"\xff", "it is not UTF-8"),
        (b"[1]", "it is not a JSON object"),
        (b"[" * 100_000, "it is not JSON"),
        (
            b'{"receipt": "other", "seat": 0, "deals": [], "acknowledgements": []}',
            "not 'scala40-receipt-v1'",
        ),
        # More bytes than the bound, fewer characters: the bytes are what is bounded.
        ("\u00e9".encode() * (MAX_RECEIPT_BYTES // 2 + 1), "bytes, more than the 1048576 read"),
        (
            json.dumps(
                {"receipt": RECEIPT_FORMAT, "seat": 0, "deals": [], "acknowledgements": []}
            ).encode(),
            "its deals are a list",
        ),
        (
            json.dumps(
                {"receipt": RECEIPT_FORMAT, "seat": 99, "deals": [], "acknowledgements": []}
            ).encode(),
            "its seat is a number",
        ),
        (
            json.dumps(
                {
                    "receipt": RECEIPT_FORMAT,
                    "seat": 0,
                    "deals": [{}],
                    "acknowledgements": [],
                    "x": 1,
                }
            ).encode(),
            "fields a receipt has not",
        ),
        (
            json.dumps(
                {
                    "receipt": RECEIPT_FORMAT,
                    "seat": 0,
                    "deals": [
                        {"commitment": "ab" * 32, "terms": "{}", "phase": "dealt", "values": [{}]}
                    ],
                    "acknowledgements": [],
                }
            ).encode(),
            "values are not a list",
        ),
    ],
    ids=[
        "not UTF-8",
        "a list",
        "nested",
        "another format",
        "too large",
        "no deal",
        "a seat out of range",
        "an unknown field",
        "a value of another form",
    ],
)
def test_a_receipt_of_another_form_is_refused(text: bytes, named: str) -> None:
    with pytest.raises(ValueError, match="the receipt is refused") as refused:
        receipt_verdict(text)
    assert named in str(refused.value)


def test_the_command_says_who_is_at_fault_and_refuses_a_forged_receipt_in_one_line(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    receipt = receipt_of(voided_match(tmp_path, new_key=True))
    saved = tmp_path / "receipt.json"
    saved.write_text(json.dumps(receipt), encoding="utf-8")
    assert main(["receipt", str(saved)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("at fault: the server\n")
    assert "changed its key inside this match" in out
    saved.write_text(json.dumps(_forged(receipt, "a signature changed")), encoding="utf-8")
    assert main(["receipt", str(saved)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "error: the receipt is refused: acknowledgement 1" in captured.err
    assert main(["receipt", str(tmp_path / "missing.json")]) == 1
    assert "cannot read the receipt" in capsys.readouterr().err


def test_the_receipts_schema_holds_a_receipt_and_refuses_another_form(
    tmp_path: pathlib.Path,
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((_SCHEMAS / SCHEMA_FILE).read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    receipt = receipt_of(voided_match(tmp_path, new_key=False))
    assert list(validator.iter_errors(receipt)) == []
    assert not validator.is_valid({**receipt, "x": 1})
    assert not validator.is_valid({**receipt, "deals": []})
