"""A seat's receipt: the acknowledgements the server signed for a person's parts of a
table's deal, with the deals of the match as the person's page was sent them, saved by
the person (the web table's page offers it as one file to save) and checked here, by
the library, not by the page.

Why a receipt: the web table's page is the operator's code, served by the operator, and
what it keeps is kept in the browser's storage for that server's address, which that
code can read and erase. A page that says "Refuted" shows only that the page the
operator served said so. A receipt saved to the person's own disk, checked by this
library (``scala40 receipt FILE``), is the check the operator cannot reach: the
signatures are checked here, against the keys the deals' terms named, and the faults
found are named with whom they convince.

A receipt is a JSON object (its JSON Schema is ``receipt.json``, shipped with this
package, :data:`SCHEMA_FILE`) of at most :data:`MAX_RECEIPT_BYTES` bytes:

``receipt``
    ``"scala40-receipt-v1"`` (:data:`RECEIPT_FORMAT`).
``seat``
    the person's seat.
``deals``
    each deal of the table as the page was last sent it, oldest first (one to
    :data:`~scala40_server.serving.deals.MAX_VOIDS`): the commitment, the terms (which
    name the key that signs, :mod:`scala40_server.serving.signatures`), the phase, the
    seats' commitments and values, the seats a void deal names (``withheld``), the void
    deals before it (``voided``) and, once the match is over, the secret, the salt and
    the seed.
``acknowledgements``
    what the server answered each part the person's page sent, signed (each as
    :meth:`~scala40_server.serving.deals.SealedDeal.acknowledgement` makes it, with its
    ``signature``).
``server``, ``table``, ``saved``
    where and when it was saved, as the page says it (read, not checked).

:func:`receipt_verdict` refuses a receipt that shows nothing (an acknowledgement whose
signature the key of its deal's terms did not make, one of another seat or of another
table, a revealed deal that does not hash to its commitment: forged or altered) with
an :class:`~scala40.errors.InvalidValueError` naming what is wrong, and otherwise says
who is at fault: the server (a void that names the seat after the server acknowledged
its value, a void hidden, a deal dealt without a part it acknowledged, a key changed
inside the match), the seat (a void naming it that no acknowledgement refutes), or
no one.

>>> from scala40_server.serving.receipts import receipt_verdict
>>> receipt_verdict('{"receipt": "scala40-receipt-v1"}')
Traceback (most recent call last):
...
scala40.errors.InvalidValueError: the receipt is refused: it has no 'seat', no 'deals', no 'acknowledgements'
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from scala40.checks import describe
from scala40.errors import InvalidArgumentError, InvalidValueError, Scala40Error
from scala40_server.serving.acknowledgements import (
    key_change,
    read_acknowledgements,
    refuted_void,
    void_problems,
)
from scala40_server.serving.deals import (
    MAX_SEATS,
    MAX_TERMS_CHARS,
    MAX_VOIDS,
    SEALED_DEAL_SCHEME,
    is_digest,
    sealed_commitment_of,
)
from scala40_server.serving.signatures import check_public_key, signature_verdict

__all__ = [
    "MAX_RECEIPT_BYTES",
    "RECEIPT_FORMAT",
    "SCHEMA_FILE",
    "ReceiptVerdict",
    "receipt_verdict",
]

RECEIPT_FORMAT = "scala40-receipt-v1"
"""What a receipt's ``receipt`` field holds."""
MAX_RECEIPT_BYTES = 1_048_576
"""The largest receipt read, in bytes (1 MiB: a receipt of a table's every deal, each
with terms of a few hundred characters, is a few kilobytes)."""
SCHEMA_FILE = "receipt.json"
"""The receipt's JSON Schema, in the package's ``schemas`` folder."""

_FIELDS = frozenset({"receipt", "seat", "deals", "acknowledgements", "server", "table", "saved"})
_REQUIRED = ("receipt", "seat", "deals", "acknowledgements")
_DEAL_FIELDS = frozenset(
    {
        *("scheme", "commitment", "seed_chosen", "terms", "phase", "commitments", "values"),
        *("withheld", "voided", "secret", "salt", "seed"),
    }
)
_MOST_NOTE_CHARS = 200
"""The longest ``server`` and ``saved`` read (where and when, as the page said it)."""


@attrs.frozen
class ReceiptVerdict:
    """What a receipt shows: the faults found, each naming who is at fault and whom it
    convinces, and what was checked."""

    faults: tuple[str, ...]
    """The faults found (none: no one is shown at fault)."""
    checked: tuple[str, ...]
    """What was checked, in words."""

    @property
    def server_at_fault(self) -> bool:
        """Whether a fault found is the server's."""
        return any(fault.startswith("the server") for fault in self.faults)

    def lines(self) -> list[str]:
        """The verdict as ``scala40 receipt`` prints it."""
        if not self.faults:
            head = [
                "at fault: no one (the receipt shows no fault of the server's or of your seat's)"
            ]
        else:
            who = "the server" if self.server_at_fault else "your seat"
            head = [f"at fault: {who}", *(f"  - {fault}" for fault in self.faults)]
        return [*head, "checked:", *(f"  - {line}" for line in self.checked)]


def _refused(why: str) -> InvalidValueError:
    return InvalidValueError(f"the receipt is refused: {why}")


def _read(text: object) -> dict[str, Any]:
    """The receipt's JSON object, of its form (see the module)."""
    if isinstance(text, bytes):
        if len(text) > MAX_RECEIPT_BYTES:
            raise _refused(f"it is {len(text)} bytes, more than the {MAX_RECEIPT_BYTES} read")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise _refused(f"it is not UTF-8 ({error.reason} at byte {error.start})") from None
    if not isinstance(text, str):
        raise InvalidArgumentError(f"a receipt is JSON text, got {describe(text)}")
    if len(text) > MAX_RECEIPT_BYTES:
        raise _refused(f"it is {len(text)} characters, more than the {MAX_RECEIPT_BYTES} read")
    try:
        read = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise _refused(f"it is not JSON: {describe(str(error), 80)}") from None
    if not isinstance(read, dict):
        raise _refused(f"it is not a JSON object, but {describe(read, 40)}")
    missing = [f"no {name!r}" for name in _REQUIRED if name not in read]
    if missing:
        raise _refused("it has " + ", ".join(missing))
    if read.get("receipt") != RECEIPT_FORMAT:
        raise _refused(
            f"its 'receipt' is {describe(read.get('receipt'), 40)}, not {RECEIPT_FORMAT!r}"
        )
    unknown = sorted(set(read) - _FIELDS)
    if unknown:
        raise _refused(f"it has fields a receipt has not: {describe(unknown, 80)}")
    seat = read["seat"]
    if not (type(seat) is int and 0 <= seat < MAX_SEATS):
        raise _refused(f"its seat is a number from 0 to {MAX_SEATS - 1}, got {describe(seat)}")
    for name in ("server", "saved"):
        given = read.get(name)
        if given is not None and not (isinstance(given, str) and len(given) <= _MOST_NOTE_CHARS):
            raise _refused(f"its {name!r} is text of at most {_MOST_NOTE_CHARS} characters")
    if "table" in read and not (type(read["table"]) is int and 0 < read["table"] < 2**63):
        raise _refused(f"its 'table' is a table's number, got {describe(read['table'])}")
    deals = read["deals"]
    if not (isinstance(deals, list) and 0 < len(deals) <= MAX_VOIDS):
        raise _refused(
            f"its deals are a list of the table's deals (1 to {MAX_VOIDS}), got {describe(deals, 80)}"
        )
    read["deals"] = [_read_deal(index, deal) for index, deal in enumerate(deals)]
    commitments = [deal["commitment"] for deal in read["deals"]]
    if len(set(commitments)) != len(commitments):
        raise _refused("it lists a deal twice")
    try:
        read["acknowledgements"] = read_acknowledgements(read["acknowledgements"])
    except InvalidArgumentError as error:
        raise _refused(str(error)) from None
    return read


def _read_deal(index: int, deal: object) -> dict[str, Any]:
    """A deal of the receipt, of its form: the sealed deal's fields, each of its type."""
    where = f"its deal {index}"
    if not isinstance(deal, dict):
        raise _refused(f"{where} is not an object, but {describe(deal, 40)}")
    unknown = sorted(set(deal) - _DEAL_FIELDS)
    if unknown:
        raise _refused(f"{where} has fields a deal has not: {describe(unknown, 80)}")
    if deal.get("scheme", SEALED_DEAL_SCHEME) != SEALED_DEAL_SCHEME:
        raise _refused(f"{where} is of scheme {describe(deal.get('scheme'))}, which takes no part")
    if not is_digest(deal.get("commitment")):
        raise _refused(f"{where}'s commitment is not 64 lowercase hexadecimal digits")
    terms = deal.get("terms")
    if not (isinstance(terms, str) and terms.isascii() and len(terms) <= MAX_TERMS_CHARS):
        raise _refused(
            f"{where}'s terms are not ASCII text of at most {MAX_TERMS_CHARS} characters"
        )
    try:
        read_terms = json.loads(terms)
    except (ValueError, RecursionError):
        raise _refused(f"{where}'s terms are not JSON") from None
    if not isinstance(read_terms, dict):
        raise _refused(f"{where}'s terms are not a JSON object")
    key = read_terms.get("key")
    if key is not None:
        try:
            check_public_key(key)
        except InvalidValueError as error:
            raise _refused(f"{where}'s terms' key: {error}") from None
    if deal.get("phase") not in ("commit", "reveal", "dealt", "void"):
        raise _refused(f"{where}'s phase is {describe(deal.get('phase'))}")
    for name in ("commitments", "values"):
        parts = deal.get(name, [])
        if not (
            isinstance(parts, list)
            and len(parts) <= MAX_SEATS
            and all(part is None or (isinstance(part, str) and len(part) <= 64) for part in parts)
        ):
            raise _refused(
                f"{where}'s {name} are not a list of at most {MAX_SEATS} texts or nulls"
            )
    withheld = deal.get("withheld", [])
    if not _are_seats(withheld):
        raise _refused(f"{where}'s withheld seats are not a list of seats")
    voided = deal.get("voided", [])
    if not (
        isinstance(voided, list)
        and len(voided) < MAX_VOIDS
        and all(
            isinstance(gone, dict)
            and set(gone) == {"commitment", "withheld"}
            and is_digest(gone["commitment"])
            and _are_seats(gone["withheld"])
            for gone in voided
        )
    ):
        raise _refused(f"{where}'s void deals are not a list of commitments and the seats named")
    for name in ("secret", "salt"):
        if name in deal and not is_digest(deal[name]):
            raise _refused(f"{where}'s {name} is not 64 lowercase hexadecimal digits")
    return {
        **deal,
        "key": key,
        "withheld": withheld,
        "voided": voided,
        "commitments": deal.get("commitments", []),
        "values": deal.get("values", []),
    }


def _are_seats(seats: object) -> bool:
    return (
        isinstance(seats, list)
        and len(seats) <= MAX_SEATS
        and all(type(seat) is int and 0 <= seat < MAX_SEATS for seat in seats)
    )


def _of_whom(index: int, given: Mapping[str, Any]) -> str:
    part = "value" if given["revealed"] else "commitment"
    return f"acknowledgement {index} (of seat {given['seat']}'s {part} at the deal {describe(given['table'])})"


def receipt_verdict(receipt: object) -> ReceiptVerdict:
    """Who a saved receipt (its JSON text or bytes, see the module) shows at fault.

    :raises InvalidValueError: the receipt is refused: more than
        :data:`MAX_RECEIPT_BYTES`, not of a receipt's form, or forged or altered (an
        acknowledgement whose signature the key its deal's terms name did not make over
        what it says, one of another seat or of another table, one of a deal the
        receipt does not list, a revealed deal that does not hash to its commitment);
        the message names what is wrong.
    :raises InvalidArgumentError: ``receipt`` is neither text nor bytes.
    """
    read = _read(receipt)
    seat, deals, acknowledged = read["seat"], read["deals"], read["acknowledgements"]
    latest = deals[-1]
    by_commitment = {deal["commitment"]: deal for deal in deals}
    first_deal = latest["voided"][0]["commitment"] if latest["voided"] else deals[0]["commitment"]
    checked: list[str] = []
    unchecked = 0
    for index, given in enumerate(acknowledged):
        deal = by_commitment.get(given["table"])
        if deal is None:
            raise _refused(f"{_of_whom(index, given)} is of a deal the receipt does not list")
        if given["seat"] != seat:
            raise _refused(f"{_of_whom(index, given)} is not of the receipt's seat, {seat}")
        if given.get("first_deal") != first_deal:
            raise _refused(
                f"{_of_whom(index, given)} names the table whose first deal is "
                f"{describe(given.get('first_deal'))}, not this one ({first_deal})"
            )
        verdict = signature_verdict(given, deal["key"])
        if verdict is False:
            raise _refused(
                f"{_of_whom(index, given)} does not carry the signature of the key its "
                f"deal's terms name ({describe(deal['key'], 80)}) over what it says: it was "
                "altered, or that key never signed it"
            )
        unchecked += verdict is None
    signed = len(acknowledged) - unchecked
    checked.append(
        f"{signed} of {len(acknowledged)} acknowledgements carry the signature of the key "
        "their deal's terms name"
        + (
            f" ({unchecked} not: their terms name no key, so they convince only you)"
            if unchecked
            else ""
        )
    )
    checked.append(_revealed_check(latest))
    keys = {deal["commitment"]: deal["key"] for deal in deals}
    faults = [
        change
        for deal in deals[:-1]
        if (change := key_change(deal["commitment"], deal["key"], latest["key"])) is not None
    ]
    checked.append(
        "the key of every deal of the match: "
        + ", ".join(sorted({str(deal["key"]) for deal in deals}))
    )
    faults += _void_faults(latest, seat, acknowledged, keys, deals)
    return ReceiptVerdict(tuple(dict.fromkeys(faults)), tuple(checked))


def _revealed_check(latest: Mapping[str, Any]) -> str:
    """Whether the revealed deal hashes to its commitment (refused where it does not)."""
    if not {"secret", "salt"} <= set(latest):
        return (
            "the last deal's secret is not revealed (the receipt was saved before the match's "
            "end): its commitment is not checked"
        )
    try:
        expected = sealed_commitment_of(latest["secret"], latest["salt"], latest["terms"])
    except Scala40Error as error:
        raise _refused(f"the last deal's secret, salt and terms: {error}") from None
    if not hmac.compare_digest(expected, latest["commitment"]):
        raise _refused(
            f"the last deal's secret, salt and terms hash to {expected}, not to its commitment "
            f"{latest['commitment']}: the record was altered"
        )
    return "the last deal's secret, salt and terms hash to its commitment"


def _void_faults(
    latest: Mapping[str, Any],
    seat: int,
    acknowledged: list[dict[str, Any]],
    keys: Mapping[str, Any],
    deals: Sequence[Mapping[str, Any]],
) -> list[str]:
    """The faults of the match's voids: each refuted by an acknowledgement of the seat's
    value (the server's), hidden (the server's), or naming the seat with nothing to
    refute it (the seat's, on this record)."""
    commitment = latest["commitment"]
    if latest["phase"] == "dealt":
        try:
            terms = json.loads(latest["terms"])
        except ValueError:  # read before: JSON
            terms = {}
        read_terms = {"voids": terms.get("voids", 0), "key": latest["key"]}
        problems, _ = void_problems(commitment, read_terms, latest, seat, acknowledged, keys)
        faults = [problem for problem in problems if not problem.startswith("an acknowledgement")]
        faults = [
            f"the server: {fault}" if not fault.startswith("the server") else fault
            for fault in faults
        ]
    else:
        faults = []
        blamed = [*latest["voided"]]
        if latest["phase"] == "void":
            blamed.append({"commitment": commitment, "withheld": latest["withheld"]})
        listed = {gone["commitment"] for gone in blamed} | {commitment}
        for gone in blamed:
            for given in acknowledged:
                refuted = refuted_void(gone, given, key=keys.get(gone["commitment"]))
                if refuted is not None:
                    faults.append(refuted)
        faults += [
            f"the server acknowledged your part of the deal {deal['commitment']}, yet the "
            "last deal does not count it among its voids: it hid a void"
            for deal in deals
            if deal["commitment"] not in listed
            and any(given["table"] == deal["commitment"] for given in acknowledged)
        ]
    blamed = [*latest["voided"]]
    if latest["phase"] == "void":
        blamed.append({"commitment": commitment, "withheld": latest["withheld"]})
    for gone in blamed:
        if seat in gone["withheld"] and not any(
            refuted_void(gone, given, key=keys.get(gone["commitment"])) for given in acknowledged
        ):
            faults.append(
                f"your seat, on this record: the void deal {gone['commitment']} names your "
                "seat as withholding its value, and the receipt holds no acknowledgement of "
                "your value at that deal to refute it"
            )
    return faults
