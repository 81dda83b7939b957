"""The acknowledgements a server answers each part of a deal with, and their verdicts:
what an acknowledgement a seat kept shows of the server, read by the deal's check
(:func:`scala40_server.serving.fair_deal.deal_problems`) and by :func:`refuted_void`; and
whether one a client just received acknowledges its part (:func:`received_problem`). An
acknowledgement shows anything only where it is the seat's own, of this table (what is
signed names the table by its first deal's commitment, the deal and the seat), and the
key the table's terms name signed it (:mod:`scala40_server.serving.signatures`); each finding
says whom it convinces, and a signature missing or by another key shows no one that the
server made it, never that it did not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scala40.checks import describe
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40_server.serving.deals import MAX_SEATS, MAX_VOIDS, is_digest
from scala40_server.serving.signatures import check_public_key, signature_verdict

__all__ = [
    "MAX_ACKNOWLEDGEMENTS",
    "key_change",
    "read_acknowledgements",
    "read_keys",
    "received_problem",
    "refuted_void",
    "void_problems",
]

MAX_ACKNOWLEDGEMENTS = 1_000
"""The most acknowledgements the check reads (each part a seat sent, and each time it
was sent again: the same acknowledgement kept twice is counted once, and a seat sends
each of its two parts of at most :data:`~scala40_server.serving.deals.MAX_VOIDS` deals)."""


def read_acknowledgements(acknowledgements: object) -> list[dict[str, Any]]:
    """The distinct acknowledgements given, each read (``_acknowledgement_of``): one
    kept twice (a part sent again is acknowledged again) counted once."""
    if acknowledgements is None:
        return []
    if not (isinstance(acknowledgements, list) and len(acknowledgements) <= MAX_ACKNOWLEDGEMENTS):
        raise InvalidArgumentError(
            f"acknowledgements must be the list of what the server answered your parts (at "
            f"most {MAX_ACKNOWLEDGEMENTS}), got {describe(acknowledgements, 80)}"
        )
    distinct: dict[tuple[Any, ...], dict[str, Any]] = {}
    for given in acknowledgements:
        read = _acknowledgement_of(given)
        distinct.setdefault(tuple(read.get(name) for name in _ACKNOWLEDGEMENT_KEYS), read)
    if len(distinct) > MAX_VOIDS * 2:
        raise InvalidArgumentError(
            f"{len(distinct)} different acknowledgements: a seat is given at most "
            f"{MAX_VOIDS * 2} (its commitment and its value, at each of at most {MAX_VOIDS} "
            "deals of a table)"
        )
    return list(distinct.values())


def read_keys(keys: object) -> dict[str, str | None]:
    """The key each deal of a table named as a seat was sent it (``{deal's commitment:
    key}``, a key ``None`` where its terms named none), checked to be of their form: at
    most :data:`~scala40_server.serving.deals.MAX_VOIDS` deals, each named by its
    commitment.

    :raises InvalidArgumentError: ``keys`` is not such a mapping.
    :raises InvalidValueError: a key of it is not a key's form.
    """
    if keys is None:
        return {}
    if not (
        isinstance(keys, Mapping)
        and len(keys) <= MAX_VOIDS
        and all(is_digest(deal) for deal in keys)
    ):
        raise InvalidArgumentError(
            f"keys must map each deal's commitment (at most {MAX_VOIDS} deals) to the key its "
            f"terms named, got {describe(keys, 80)}"
        )
    read: dict[str, str | None] = {}
    for deal, key in keys.items():
        if key is not None:
            try:
                check_public_key(key)
            except InvalidValueError as error:
                raise InvalidValueError(f"the key of the deal {deal}: {error}") from None
        read[deal] = key
    return read


def key_change(deal: str, old: object, new: object) -> str | None:
    """What a key other than the one a deal of the same match named says (``None``: the
    same key): a server keeps one key for all its tables (in its tables' file, which
    holds the match too), so a new key inside one match is the server's doing, whatever
    it gives as the reason; both keys are named.

    >>> from scala40_server.serving.acknowledgements import key_change
    >>> old, new = "ed25519:" + "00" * 32, "ed25519:" + "11" * 32
    >>> key_change("ab" * 32, old, old) is None
    True
    >>> print(key_change("ab" * 32, old, new)[:71])
    the server changed its key inside this match: the terms of the deal 'ab
    """
    if old == new:
        return None
    return (
        f"the server changed its key inside this match: the terms of the deal "
        f"{describe(deal, 80)} named {describe(old, 80)}, a later deal's terms name "
        f"{describe(new, 80)}; a server keeps "
        "one key for all its tables, in the file that holds this match too, so a new key "
        "inside one match is the server's doing (acknowledgements signed by the old key "
        "still hold it to what it acknowledged at that deal)"
    )


_ACKNOWLEDGEMENT_KEYS = ("first_deal", "table", "seat", "commitment", "revealed", "signature")
"""An acknowledgement's fields (:meth:`~scala40_server.serving.deals.SealedDeal.acknowledgement`, with its
``signature`` from a server that signs them): any other (a client's note of when it came)
is not read."""
_MOST_SIGNATURE_CHARS = 256
"""The longest signature read (an Ed25519 signature is 128 hexadecimal digits)."""


def _acknowledgement_of(given: object) -> dict[str, Any]:
    """An acknowledgement's fields, checked to be of their form: the table (``first_deal``,
    the commitment of its first deal; ``None`` in one made before tables were named), the
    deal's commitment (``table``), the seat, the seat's commitment (or ``None``), whether
    its value is in (``revealed``) and, if any, the signature (text, checked against the
    key later).

    :raises InvalidArgumentError: ``given`` is anything else.
    """
    if isinstance(given, Mapping):
        first, table, seat, sealed, revealed, signature = map(given.get, _ACKNOWLEDGEMENT_KEYS)
        if (
            (first is None or is_digest(first))
            and is_digest(table)
            and type(seat) is int
            and 0 <= seat < MAX_SEATS
            and (sealed is None or is_digest(sealed))
            and isinstance(revealed, bool)
            and (
                signature is None
                or (isinstance(signature, str) and len(signature) <= _MOST_SIGNATURE_CHARS)
            )
        ):
            read = {"table": table, "seat": seat, "commitment": sealed, "revealed": revealed}
            if "first_deal" in given:  # what the signature covers: kept as it came
                read["first_deal"] = first
            return read if signature is None else {**read, "signature": signature}
    raise InvalidArgumentError(
        "each acknowledgement must be what the server answered a part: its table, seat, "
        f"commitment, revealed and (if signed) signature, got {describe(given, 80)}"
    )


def _whose_word(verdict: bool | None, key: object, revealed_key: object = None) -> str:
    """Who an acknowledgement convinces, from its
    :func:`~scala40_server.serving.signatures.signature_verdict` (never
    ``False`` here: an acknowledgement the key did not sign refutes nothing). A key
    other than ``revealed_key`` (the key of the deal revealed, whose terms its commitment
    shows) is named only by the terms of a void deal as the seat was sent them, which
    nothing reveals: it convinces whoever knows that key to be the server's."""
    if verdict and revealed_key is not None and key != revealed_key:
        return (
            f" (the acknowledgement is signed, over its table, deal and seat, by {describe(key, 80)}, "
            "the key the terms of that deal named as you were sent them; those terms are "
            "not revealed, so this convinces anyone who knows that key to be the server's, "
            "as any of its tables made before the change names it, and anyone else has "
            "your word for the key)"
        )
    if verdict:
        return (
            f" (the acknowledgement is signed, over its table, deal and seat, by the key the "
            f"table's terms name, {describe(key, 80)}: anyone can check that the server made it)"
        )
    if key is None:
        why = "the table's terms name no key, so the acknowledgement carries no signature"
    else:
        why = "its signature cannot be checked here (install scala40-server, with the cryptography library, to check it)"
    return (
        f" (this convinces only the seat that kept the acknowledgement: {why}, so anyone "
        "else has only that seat's word that the server made it)"
    )


def refuted_void(void: object, acknowledgement: object, *, key: object = None) -> str | None:
    """Why a void deal's blame is false, from a seat's ``acknowledgement``
    (:meth:`~scala40_server.serving.deals.SealedDeal.acknowledgement`, as the server answered the
    seat's value), or
    ``None`` where it does not refute it: ``void`` (an entry of a deal's ``voided``, or
    a void deal as it is sent) names the seat as withholding its value, yet the server
    acknowledged that value at that deal, so the server, not the seat, withheld it.

    ``key`` is the key the table's terms name (:mod:`scala40_server.serving.signatures`): an
    acknowledgement it did not sign refutes nothing, and the refutation says whom it
    convinces: anyone, where the signature is checked; only the seat that kept it, where
    the terms name no key or the signature cannot be checked here.

    >>> from scala40_server.serving.fair_deal import refuted_void
    >>> void = {"commitment": "ab" * 32, "withheld": [0]}
    >>> kept = {"table": "ab" * 32, "seat": 0, "commitment": "cd" * 32, "revealed": True}
    >>> refuted_void(void, kept)[:60]
    "the server acknowledged seat 0's value at the deal it voided"
    >>> "convinces only the seat that kept" in refuted_void(void, kept)   # not signed
    True
    >>> refuted_void(void, {**kept, "revealed": False}) is None   # only the commitment
    True

    :raises InvalidArgumentError: ``void`` or ``acknowledgement`` is not a mapping.
    :raises InvalidValueError: ``key`` is given but is not a key's form.
    """
    if not (isinstance(void, Mapping) and isinstance(acknowledgement, Mapping)):
        raise InvalidArgumentError(
            f"a void and an acknowledgement are objects, got {describe(void, 40)} and "
            f"{describe(acknowledgement, 40)}"
        )
    refutation = _void_refutation(void, acknowledgement)
    verdict = signature_verdict(acknowledgement, key)
    if refutation is None or verdict is False:
        return None
    return refutation + _whose_word(verdict, key)


def _void_refutation(void: Mapping[str, Any], acknowledgement: Mapping[str, Any]) -> str | None:
    """What an acknowledgement refutes of a void, whoever made it (see
    :func:`refuted_void`)."""
    seat, withheld = acknowledgement.get("seat"), void.get("withheld")
    if not (
        isinstance(withheld, list)
        and type(seat) is int
        and seat in withheld
        and acknowledgement.get("revealed") is True
        and isinstance(void.get("commitment"), str)
        and acknowledgement.get("table") == void["commitment"]
    ):
        return None
    return (
        f"the server acknowledged seat {seat}'s value at the deal it voided (its commitment "
        f"{describe(void['commitment'], 80)}), yet the void names seat {seat} as withholding "
        "it: the server withheld that value, not the seat"
    )


def _unusable(given: Mapping[str, Any], seat: int, key: object, first_deal: object) -> str | None:
    """Why an acknowledgement given to the check shows nothing of the seat's part at this
    table (``None``: it may): it is another seat's; the key the terms name did not sign
    it (anyone can write an acknowledgement: only the server's signature makes it the
    server's, and a signature missing or by another key shows nothing, neither that the
    server made it nor that it did not); or it is of a deal this table does not list and
    names another table (whose first deal is not ``first_deal``), or none (one made
    before tables were named): one key signs every table of a server, so it may be of
    another table of that server."""
    if given["seat"] != seat:
        return (
            f"an acknowledgement given to the check is of seat {given['seat']}, not of "
            f"yours (seat {seat}): it shows nothing of your part"
        )
    if signature_verdict(given, key) is False:
        return (
            f"an acknowledgement given to the check (of the deal {describe(given['table'])}) "
            f"does not carry a signature the key the table's terms name "
            f"({describe(key, 80)}) made over it: it shows no one that the server made it, "
            "so it refutes nothing (if the server answered your part with it, it did not "
            "sign what it acknowledged as its terms say; a client that checks each "
            "acknowledgement when it comes says so then, and sends the part again; and "
            "where the terms of that deal named another key, give it: keys=...)"
        )
    if given.get("first_deal") != first_deal:
        named = given.get("first_deal")
        table = (
            "names no table (it was made before acknowledgements named theirs)"
            if named is None
            else f"is of the table whose first deal's commitment is {describe(named, 80)}, "
            f"not this one ({describe(first_deal, 80)})"
        )
        return (
            f"an acknowledgement given to the check (of the deal {describe(given['table'])}) "
            f"{table}: one key signs every table of the server, so it shows nothing of "
            "this table, and refutes nothing"
        )
    return None


def void_problems(
    commitment: object,
    read: Mapping[str, Any],
    deal: Mapping[str, Any],
    seat: int,
    acknowledged: list[dict[str, Any]],
    keys: Mapping[str, str | None] | None = None,
) -> tuple[list[str], list[str]]:
    """The problems and the warnings of the table's voids before its deal: the count
    the terms committed to, the void deals the deal lists, and the seat's
    acknowledgements (each of this deal, or of a void deal listed, which it may refute;
    each refutation saying whom it convinces, ``_whose_word``). ``keys`` gives the key
    each deal's terms named as the seat was sent them (:func:`read_keys`): an
    acknowledgement of a void deal is checked against the key of that deal, and a key
    other than the revealed deal's is the server's doing (:func:`key_change`)."""
    count, voided = read.get("voids", 0), deal.get("voided", [])
    if not (
        isinstance(voided, list)
        and len(voided) == count
        and all(
            isinstance(void, Mapping)
            and isinstance(void.get("commitment"), str)
            and isinstance(void.get("withheld"), list)
            for void in voided
        )
    ):
        return [
            f"the terms count {count} void deals before this one, the deal revealed lists "
            f"{describe(voided, 80)}"
        ], []
    key = read.get("key")
    seen_keys = dict(keys or {})

    def key_of(deal: object) -> object:
        # The key of the deal an acknowledgement is of, as the seat was sent its terms:
        # each deal's own (the revealed deal's is its terms'), so that a void deal's
        # acknowledgement is checked against the key that signed it whatever key a
        # later deal names.
        return key if deal == commitment else seen_keys.get(str(deal), key)

    # The table a deal is of is named by its first deal's commitment (the first void
    # deal's, or its own): an acknowledgement of a deal neither dealt nor listed shows a
    # void hidden only where it names this table.
    listed = [void["commitment"] for void in voided]
    first_deal = listed[0] if listed else commitment
    problems: list[str] = [
        change
        for deal_seen, old_key in seen_keys.items()
        if deal_seen != commitment and (change := key_change(deal_seen, old_key, key)) is not None
    ]
    # The server names the table in what it signs: where it acknowledged the seat's part
    # of the deal that dealt, that acknowledgement's name is the table's, and a deal
    # revealed whose first deal is another hid the deals before it.
    naming = {
        given["first_deal"]: given
        for given in acknowledged
        if given["table"] == commitment
        and given.get("first_deal") is not None
        and _unusable(given, seat, key_of(given["table"]), given["first_deal"]) is None
    }
    if len(naming) == 1:
        [(name, given)] = naming.items()
        if name != first_deal:
            problems.append(
                f"the server acknowledged your part of this deal as one of the table whose "
                f"first deal's commitment is {describe(name, 80)}, yet the deal revealed "
                f"lists {describe(first_deal, 80)} as its first: a void was hidden"
                + _whose_word(signature_verdict(given, key), key)
            )
            first_deal = name
    for given in acknowledged:
        of_a_listed_deal = given["table"] == commitment or given["table"] in listed
        signer = key_of(given["table"])
        unusable = _unusable(
            given, seat, signer, given.get("first_deal") if of_a_listed_deal else first_deal
        )
        if unusable is not None:
            problems.append(unusable)
            continue
        if given["table"] == commitment:
            found = _dealt_without(deal, seat, given)
        else:
            void = next((void for void in voided if void["commitment"] == given["table"]), None)
            if void is None:
                found = [
                    "the server acknowledged your part of a deal of this table (its "
                    f"commitment {describe(given['table'], 80)}, the table's first deal's "
                    f"{describe(first_deal, 80)}) that the deal revealed does not count "
                    "among its voids: a void was hidden"
                ]
            else:
                refuted = _void_refutation(void, given)
                found = [] if refuted is None else [refuted]
        whose = _whose_word(signature_verdict(given, signer), signer, key)
        problems += [problem + whose for problem in found if problem + whose not in problems]
    if not count:
        return problems, []
    named = "; ".join(
        "seats " + ", ".join(map(str, void["withheld"])) + " named" for void in voided
    )
    times = "once" if count == 1 else f"{count} times"
    return problems, [
        f"this table's deal was void {times} before this one ({named}): each void let whoever "
        f"caused it, the server by dropping a value it had or a seat by withholding its own, "
        f"choose among {count + 1} deals; if voids keep coming, the server may be choosing deals"
    ]


def _dealt_without(deal: Mapping[str, Any], seat: int, given: Mapping[str, Any]) -> list[str]:
    """What a seat's acknowledgement of the deal that dealt refutes: a commitment it
    acknowledged that the deal does not hold, or a value it acknowledged that the deal
    left out."""
    shown, values = deal.get("commitments"), deal.get("values")
    if not (isinstance(shown, list) and isinstance(values, list) and seat < len(shown)):
        return []
    if given["commitment"] is not None and shown[seat] != given["commitment"]:
        return [
            f"the server acknowledged your commitment {describe(given['commitment'], 80)}, "
            f"yet the deal revealed holds {describe(shown[seat], 80)} for your seat"
        ]
    if given["revealed"] is True and values[seat] is None:
        return [
            "the server acknowledged your value, yet dealt without it: it left out your part "
            "and could have chosen your cards"
        ]
    return []


def received_problem(
    acknowledgement: object,
    *,
    key: object,
    first_deal: str,
    deal: str,
    seat: int,
    commitment: str,
    revealed: bool,
) -> str | None:
    """Why an acknowledgement a client just received does not acknowledge its part
    (``None``: it does), for a client to check each one when it comes, while it can still
    send its part again: it must be of ``seat``'s ``commitment`` (and, with ``revealed``,
    of its value) at the deal whose commitment is ``deal``, at the table whose first deal
    the client saw first (``first_deal``: a server that names another hid a deal), and,
    where the terms name a ``key``, carry its signature. A client treats one with a
    problem as no acknowledgement: it sends its part again, then says so, naming the
    server.

    >>> from scala40_server.serving.acknowledgements import received_problem
    >>> ack = {"first_deal": "ab" * 32, "table": "ab" * 32, "seat": 0,
    ...        "commitment": "cd" * 32, "revealed": False}
    >>> expected = dict(first_deal="ab" * 32, deal="ab" * 32, seat=0, commitment="cd" * 32)
    >>> received_problem(ack, key=None, revealed=False, **expected) is None
    True
    >>> print(received_problem(ack, key="ed25519:" + "00" * 32, revealed=False, **expected))
    the server answered without the signature of the key its terms name: it signs nothing it can be held to

    :raises InvalidValueError: ``key`` is given but is not a key's form.
    """
    if not isinstance(acknowledgement, Mapping):
        return f"the server answered no acknowledgement: {describe(acknowledgement, 80)}"
    fields = {name: acknowledgement.get(name) for name in _ACKNOWLEDGEMENT_KEYS[:-1]}
    if fields["first_deal"] != first_deal:
        return (
            f"the server acknowledged the part as one of the table whose first deal is "
            f"{describe(fields['first_deal'], 80)}, not of this one ({first_deal}): it "
            "hid a deal of this table, or answered for another"
        )
    wanted = {"table": deal, "seat": seat, "commitment": commitment}
    if any(fields[name] != value for name, value in wanted.items()) or (
        revealed and fields["revealed"] is not True
    ):
        return f"the server acknowledged another part: {describe(dict(fields), 200)}"
    if signature_verdict(acknowledgement, key) is False:
        return (
            "the server answered without the signature of the key its terms name: it "
            "signs nothing it can be held to"
        )
    return None
