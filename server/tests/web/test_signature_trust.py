"""What a signature on an acknowledgement shows, and no more (:mod:`scala40_server.serving.signatures`,
:mod:`scala40_server.serving.acknowledgements`).

The defects reproduced here first (each 3 of 3): one key signed every table's
acknowledgements over a text that named no table, so that a person's acknowledgement
of a second table of the same server, given to an honest table's check, showed "a void
hidden ... anyone can check"; an acknowledgement signed by another key, or by none, was
read as "the server did not make it", which no signature shows; a check without the
``cryptography`` library read an acknowledgement with no signature at all, at a table
whose terms name a key, as one that "cannot be checked here", and accused the server;
and a key drawn anew at each start, or replaced by a second process on the same file,
passed every test.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from typing import Any

from scala40_server.serving import signatures
from scala40_server.serving.acknowledgements import received_problem
from scala40_server.serving.signatures import SigningKey
from scala40_server.web.tables import Tables, TableStore

from ..web.test_deal_liveness import _age, _look, _part, _send, _store, _stored
from ..web.test_signed_acknowledgements import (
    _accusations,
    _check,
    _over,
    _tables,
    _withheld_then_dealt,
)


def test_an_acknowledgement_of_another_table_of_the_server_accuses_no_one(
    tmp_path: pathlib.Path,
) -> None:
    """(S1) A person opens a second table on the same server, sends a commitment there,
    and gives that acknowledgement, signed by the same key, to an honest table's check:
    it names another table, so it shows nothing of this one (0 accusations, with the
    seat's own acknowledgements or without them). A check still finds a void hidden
    where the server named this table in what it signed and listed another first deal."""
    tables = _tables(tmp_path)
    held = _withheld_then_dealt(tables)
    _, other = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    elsewhere = _send(tables, other, 0, commitment=_part(other["deal"], other["table"], 0)[1])
    transplanted = elsewhere["acknowledged"]
    assert transplanted["first_deal"] != held["first"]["commitment"]
    # A client at the honest table, answered with it, takes it as no acknowledgement.
    received = received_problem(
        transplanted,
        key=held["key"],
        first_deal=held["first"]["commitment"],
        deal=transplanted["table"],
        seat=0,
        commitment=transplanted["commitment"],
        revealed=False,
    )
    assert received is not None
    assert "one of the table whose first deal is" in received
    for given in ([*held["kept"][1:], transplanted], [transplanted]):
        problems = _check(held, given)
        assert not _accusations(problems), problems
        assert any("shows nothing of this table" in problem for problem in problems), problems
    # The same acknowledgement with its table's name changed: its signature fails.
    renamed = {**transplanted, "first_deal": held["first"]["commitment"]}
    problems = _check(held, [*held["kept"][1:], renamed])
    assert not _accusations(problems), problems
    # The operator lists another first deal: the seat's signed acknowledgement of this
    # deal names the table's, so the void it hid is found, and anyone can check it.
    over = held["over"]
    listed = {**over["deal"], "voided": [{"commitment": "ee" * 32, "withheld": [0]}]}
    check = (held["redrawn"]["commitment"], listed, over["view"], over["events"])
    from scala40_server.serving.fair_deal import deal_problems

    problems = deal_problems(
        *check, value=held["value"], commitments=held["seen"], acknowledgements=held["kept"]
    )
    assert any("a void was hidden" in problem for problem in problems), problems
    assert all("anyone can check" in p for p in _accusations(problems)), problems


def _operator_blames_an_acknowledged_seat(tables: Tables, signer: SigningKey | None) -> Any:
    """The operator acknowledges seat 0's value signed by ``signer`` (another key than
    its terms name, or none), drops it, voids the deal naming seat 0, and deals again:
    what seat 0's check says with the acknowledgements it holds."""
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    deal = made["deal"]
    parts = [_part(deal, made["table"], seat) for seat in (0, 1)]
    kept = [_send(tables, made, 0, commitment=parts[0][1])["acknowledged"]]
    _send(tables, made, 1, commitment=parts[1][1])
    answered = _send(tables, made, 0, value=parts[0][0])["acknowledged"]
    fields = {name: answered[name] for name in signatures.ACKNOWLEDGED_FIELDS}
    kept.append(fields if signer is None else signer.sign(fields))
    row = _stored(tables, made["table"])
    row["values"][0] = None
    _store(tables, made["table"], row)
    _send(tables, made, 1, value=parts[1][0])
    _age(tables, made["table"])
    redrawn = _look(tables, made, 0)["deal"]
    parts = [_part(redrawn, made["table"], seat) for seat in (0, 1)]
    kept.append(_send(tables, made, 0, commitment=parts[0][1])["acknowledged"])
    seen = _send(tables, made, 1, commitment=parts[1][1])["deal"]["commitments"]
    kept.append(_send(tables, made, 0, value=parts[0][0])["acknowledged"])
    _send(tables, made, 1, value=parts[1][0])
    over = _over(tables, made)
    from scala40_server.serving.fair_deal import deal_problems

    check = (redrawn["commitment"], over["deal"], over["view"], over["events"])
    key = json.loads(redrawn["terms"])["key"]
    received = received_problem(
        kept[1],
        key=key,
        first_deal=deal["commitment"],
        deal=deal["commitment"],
        seat=0,
        commitment=kept[0]["commitment"],
        revealed=True,
    )
    problems = deal_problems(*check, value=parts[0][0], commitments=seen, acknowledgements=kept)
    return problems, received


def test_an_operator_signing_with_another_key_or_none_is_told_at_receipt_not_excused(
    tmp_path: pathlib.Path,
) -> None:
    """(S2) The operator answers a value with an acknowledgement signed by another key,
    or by none, then blames the seat: the client that checks it when it comes finds it
    no acknowledgement (and sends again, then says so), and the check says what a
    missing signature shows, no one that the server made it, never that it did not."""
    for signer in (SigningKey.generate(), None):
        folder = tmp_path / ("unsigned" if signer is None else "another-key")
        folder.mkdir()
        problems, received = _operator_blames_an_acknowledged_seat(_tables(folder), signer)
        assert received is not None
        assert "signature of the key its terms name" in received
        assert not any("did not make it" in problem for problem in problems), problems
        assert any("shows no one that the server made it" in p for p in problems), problems
        assert not _accusations(problems), problems


def test_a_missing_signature_at_a_keyed_table_is_seen_missing_without_the_library(
    tmp_path: pathlib.Path,
) -> None:
    """(S4) A check run without ``cryptography``, given an acknowledgement with no
    signature at a table whose terms name a key: it refutes nothing, and is never read
    as one that cannot be checked here."""
    held = _withheld_then_dealt(_tables(tmp_path))
    forged = {**held["kept"][0], "revealed": True}
    del forged["signature"]
    signatures.can_check.cache_clear()
    saved = {
        name: module
        for name, module in sys.modules.items()
        if name.split(".")[0] == "cryptography"
    }
    try:
        for name in saved:
            sys.modules[name] = None  # type: ignore[assignment]
        sys.modules["cryptography"] = None  # type: ignore[assignment]
        signatures.can_check.cache_clear()
        assert not signatures.can_check()
        assert signatures.signature_verdict(forged, held["key"]) is False
        problems = _check(held, [*held["kept"][1:], forged])
    finally:
        sys.modules.update(saved)
        signatures.can_check.cache_clear()
    assert not _accusations(problems), problems
    assert not any("cannot be checked here" in problem for problem in problems), problems
    assert any("refutes nothing" in problem for problem in problems), problems


def test_the_key_survives_a_restart_and_a_second_process_on_the_same_file(
    tmp_path: pathlib.Path,
) -> None:
    """The key a server's tables name is the one it keeps in its file: the same after a
    restart (a new server on the file), and the same for a second process on the file,
    which never replaces it; an acknowledgement signed before verifies after."""
    path = str(tmp_path / "tables.sqlite")
    first = Tables(TableStore(path))
    assert first.signing_key is not None
    key = first.signing_key.public
    _, made = first.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    ack = _send(first, made, 0, commitment=_part(made["deal"], made["table"], 0)[1])[
        "acknowledged"
    ]
    restarted = Tables(TableStore(path))
    assert restarted.signing_key is not None
    assert restarted.signing_key.public == key
    # A second process: ``scala40 web`` on the same file says the key it signs with.
    command = [sys.executable, "-m", "scala40", "web", "--port", "0", "--db", path]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as process:
        try:
            assert process.stdout is not None
            assert process.stdout.readline().startswith("scala40 web table on http://")
            said = process.stdout.readline()
        finally:
            process.terminate()
            process.wait(timeout=30)
    assert said == f"acknowledgements of the deals signed by {key} (kept in {path})\n"
    again = Tables(TableStore(path))
    assert again.signing_key is not None
    assert again.signing_key.public == key
    assert signatures.signature_verdict(ack, key) is True
    _, later = again.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    assert json.loads(later["deal"]["terms"])["key"] == key


def test_an_acknowledgement_signed_before_tables_were_named_still_reads() -> None:
    """An acknowledgement a seat kept from before the signed text named the table
    (``scala40-ack-v1``, without ``first_deal``) still verifies and still refutes the
    void of the deal it names (one of a deal the table does not list shows nothing: it
    may be another table's, as the forgeries' test finds)."""
    from scala40_server.serving.acknowledgements import refuted_void
    from scala40_server.serving.signatures import acknowledgement_text

    key = SigningKey.generate()
    kept = {"table": "ab" * 32, "seat": 0, "commitment": "cd" * 32, "revealed": True}
    assert acknowledgement_text(kept).startswith(b"scala40-ack-v1:")
    signed = {**kept, "signature": key._key.sign(acknowledgement_text(kept)).hex()}
    assert signatures.signature_verdict(signed, key.public) is True
    void = {"commitment": "ab" * 32, "withheld": [0]}
    refutation = refuted_void(void, signed, key=key.public)
    assert refutation is not None
    assert "anyone can check that the server made it" in refutation
    # The same fields signed now name the table: the old signature does not cover them.
    named = {**kept, "first_deal": "ab" * 32, "signature": signed["signature"]}
    assert signatures.signature_verdict(named, key.public) is False
