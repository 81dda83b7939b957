"""Liveness and blame in the web table's deal (:mod:`scala40_server.serving.fair_deal`): a part
sent again is acknowledged again, the acknowledgement refutes a void that blames the
seat, a void deal is drawn again with its void counted in the new terms, and the check
reports the count.

The defects reproduced here first: (R3) a part sent again after its answer was lost (a
503, a dropped connection) was refused ("has sent its commitment already", or 409 once
the cards were dealt), so a page could not make sure its part was in; (R4) an operator
that dropped a person's value after seeing what it would deal voided the table naming
the person, with nothing the person held to refute it, and the void was final, so the
next table's check counted no void.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from scala40_server.serving.fair_deal import (
    MAX_VOIDS,
    SealedDeal,
    deal_problems,
    refuted_void,
    value_commitment_of,
    verify_deal,
)
from scala40_server.serving.signatures import ACKNOWLEDGED_FIELDS, signature_verdict
from scala40_server.web.limits import ServerLimits
from scala40_server.web.tables import RequestError, Tables, TableStore

from ..web.site import value_of


def _tables(tmp_path: pathlib.Path) -> Tables:
    return Tables(TableStore(str(tmp_path / "tables.sqlite")), ServerLimits())


def _stored(tables: Tables, table: int) -> dict[str, Any]:
    with tables.store.connect() as db:
        (text,) = db.execute("SELECT deal FROM tables WHERE id = ?", (table,)).fetchone()
    row: dict[str, Any] = json.loads(text)
    return row


def _store(tables: Tables, table: int, row: dict[str, Any]) -> None:
    with tables.store.connect() as db:
        db.execute("UPDATE tables SET deal = ? WHERE id = ?", (json.dumps(row), table))


def _age(tables: Tables, table: int) -> None:
    """A decision's clock passes for the table's deal."""
    row = _stored(tables, table)
    row["phase_started"] -= tables.limits.decision_seconds + 1
    _store(tables, table, row)


def _send(tables: Tables, made: dict[str, Any], seat: int, **part: Any) -> dict[str, Any]:
    body = {"seat": seat, "token": made["tokens"][str(seat)], **part}
    answer: dict[str, Any] = tables.handle("POST", f"/tables/{made['table']}/shuffle", "", body)[1]
    return answer


def _look(tables: Tables, made: dict[str, Any], seat: int) -> dict[str, Any]:
    query = f"seat={seat}&token={made['tokens'][str(seat)]}"
    answer: dict[str, Any] = tables.handle("GET", f"/tables/{made['table']}", query, None)[1]
    return answer


def _fields(acknowledgement: dict[str, Any]) -> dict[str, Any]:
    """What an acknowledgement says, its signature left out."""
    return {name: acknowledgement[name] for name in ACKNOWLEDGED_FIELDS}


def _part(deal: dict[str, Any], table: int, seat: int) -> tuple[str, str]:
    """The value the tests' person ``seat`` sends at this deal, and its commitment."""
    value = value_of(table, seat) if deal.get("voided") is None else f"{len(deal['voided']):032x}"
    return value, value_commitment_of(deal["commitment"], seat, value)


def test_a_part_sent_again_after_its_answer_was_lost_is_acknowledged(
    tmp_path: pathlib.Path,
) -> None:
    """(R3) Each part sent again gets the same acknowledgement, in every phase after it:
    the page resends until it holds one."""
    tables = _tables(tmp_path)
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    table, deal = made["table"], made["deal"]
    parts = [_part(deal, table, seat) for seat in (0, 1)]
    first = _send(tables, made, 0, commitment=parts[0][1])
    again = _send(tables, made, 0, commitment=parts[0][1], deal_commitment=deal["commitment"])
    expected = {
        "first_deal": deal["commitment"],  # the table's first deal names the table
        "table": deal["commitment"],
        "seat": 0,
        "commitment": parts[0][1],
        "revealed": False,
    }
    key = json.loads(deal["terms"])["key"]
    assert first["acknowledged"] == again["acknowledged"]
    assert _fields(first["acknowledged"]) == expected
    assert signature_verdict(first["acknowledged"], key) is True
    _send(tables, made, 1, commitment=parts[1][1])
    again = _send(tables, made, 0, commitment=parts[0][1])  # the reveal has begun
    assert again["acknowledged"] == first["acknowledged"]
    for _ in range(2):
        revealed = _send(tables, made, 0, value=parts[0][0])
        assert _fields(revealed["acknowledged"]) == {**expected, "revealed": True}
        assert signature_verdict(revealed["acknowledged"], key) is True
    dealt = _send(tables, made, 1, value=parts[1][0])
    assert dealt["dealt"] is True
    again = _send(tables, made, 1, value=parts[1][0])  # once dealt: acknowledged, not 409
    assert again["dealt"] is True
    assert again["acknowledged"]["revealed"] is True
    with pytest.raises(RequestError, match="dealt") as refused:
        _send(tables, made, 1, value="ab" * 16)
    assert refused.value.status == 409


def test_an_operator_voiding_an_acknowledged_value_is_refuted_and_counted(
    tmp_path: pathlib.Path,
) -> None:
    """(R4) The operator takes the person's value, acknowledges it, then drops it (as a
    server that disliked the deal it would make) so that the deal is void naming the
    person. The table draws a new deal whose terms count the void; the person's
    acknowledgement refutes the blame, the final check reports the void, and a void
    the operator hides is caught by the acknowledgement it gave."""
    tables = _tables(tmp_path)
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    table, deal = made["table"], made["deal"]
    parts = [_part(deal, table, seat) for seat in (0, 1)]
    acknowledged = [_send(tables, made, 0, commitment=parts[0][1])["acknowledged"]]
    _send(tables, made, 1, commitment=parts[1][1])
    acknowledged.append(_send(tables, made, 0, value=parts[0][0])["acknowledged"])
    assert acknowledged[-1]["revealed"] is True
    row = _stored(tables, table)
    row["values"][0] = None  # the operator drops the value it acknowledged
    _store(tables, table, row)
    theirs = _send(tables, made, 1, value=parts[1][0])["acknowledged"]
    _age(tables, table)
    looked = _look(tables, made, 0)
    assert looked["dealt"] is False
    assert "void" not in looked
    redrawn = looked["deal"]
    assert redrawn["phase"] == "commit"
    assert redrawn["commitment"] != deal["commitment"]
    assert redrawn["voided"] == [{"commitment": deal["commitment"], "withheld": [0]}]
    assert json.loads(redrawn["terms"])["voids"] == 1
    key = json.loads(redrawn["terms"])["key"]
    assert key == json.loads(deal["terms"])["key"]  # one key for every deal of the server
    refutation = refuted_void(redrawn["voided"][0], acknowledged[-1], key=key)
    assert refutation is not None
    assert "the server withheld that value, not the seat" in refutation
    assert "anyone can check that the server made it" in refutation
    assert refuted_void(redrawn["voided"][0], acknowledged[0], key=key) is None  # a commitment
    # Seat 1's value, acknowledged at the same deal: the void does not name seat 1, so
    # seat 1's acknowledgement refutes nothing of it.
    assert theirs["revealed"] is True
    assert refuted_void(redrawn["voided"][0], theirs, key=key) is None
    # The new deal, taken part in by both, deals.
    parts = [_part(redrawn, table, seat) for seat in (0, 1)]
    acknowledged.append(_send(tables, made, 0, commitment=parts[0][1])["acknowledged"])
    seen = _send(tables, made, 1, commitment=parts[1][1])["deal"]["commitments"]
    acknowledged.append(_send(tables, made, 0, value=parts[0][0])["acknowledged"])
    assert _send(tables, made, 1, value=parts[1][0])["dealt"] is True
    tables.handle("POST", f"/tables/{table}/resign", "", {"seat": 0, "token": made["tokens"]["0"]})
    over = _look(tables, made, 0)
    check = (redrawn["commitment"], over["deal"], over["view"], over["events"])
    problems = deal_problems(*check, value=parts[0][0], commitments=seen)
    assert len(problems) == 1
    assert problems[0].startswith("this table's deal was void once")
    assert "the server may be choosing deals" in problems[0]
    problems = deal_problems(
        *check, value=parts[0][0], commitments=seen, acknowledgements=acknowledged
    )
    assert problems == [refutation]
    # An operator that hides the void (its deal listed no more): the acknowledgement of
    # the first deal names a deal the revealed one does not count.
    hidden = {**over["deal"], "voided": []}
    problems = deal_problems(
        redrawn["commitment"],
        hidden,
        over["view"],
        over["events"],
        value=parts[0][0],
        commitments=seen,
        acknowledgements=acknowledged,
    )
    assert problems[0].startswith("the terms count 1 void deals before this one")
    # Nor may it list more void deals than its terms count (a void made up, naming a seat).
    doubled = {**over["deal"], "voided": over["deal"]["voided"] * 2}
    problems = deal_problems(
        redrawn["commitment"],
        doubled,
        over["view"],
        over["events"],
        value=parts[0][0],
        commitments=seen,
        acknowledgements=acknowledged,
    )
    assert problems[0].startswith("the terms count 1 void deals before this one")
    honest = [given for given in acknowledged if given["table"] == redrawn["commitment"]]
    assert not verify_deal(*check, value=parts[0][0], commitments=seen, acknowledgements=honest)


def test_a_table_whose_deal_keeps_being_void_is_void_for_good_after_the_most_voids(
    tmp_path: pathlib.Path,
) -> None:
    """A seat that commits and withholds every time cannot hold a table forever: the
    deal is drawn again :data:`MAX_VOIDS` - 1 times, then the table is void for good,
    its answer naming the seat and counting the voids."""
    tables = _tables(tmp_path)
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    deal = made["deal"]
    for count in range(MAX_VOIDS):
        _send(tables, made, 1, commitment=_part(deal, made["table"], 1)[1])
        _age(tables, made["table"])  # seat 0 never commits: the values are asked
        _look(tables, made, 0)
        _age(tables, made["table"])  # seat 1 never reveals
        looked = _look(tables, made, 0)
        deal = looked["deal"]
        if count < MAX_VOIDS - 1:
            assert deal["phase"] == "commit"
            assert len(deal["voided"]) == count + 1
    assert deal["phase"] == "void"
    assert deal["withheld"] == [1]
    assert "seat 1 committed to a value and did not reveal it" in looked["void"]
    assert f"void {MAX_VOIDS - 1} times before" in looked["void"]


def test_a_part_for_a_deal_drawn_again_is_refused_for_the_new_one(
    tmp_path: pathlib.Path,
) -> None:
    """A part sent for a void deal arrives after the table drew a new one: refused
    (409 ``Redrawn``) rather than taken as the seat's part of the new deal, where its
    value could never hash and the seat would void the table."""
    tables = _tables(tmp_path)
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    old = made["deal"]["commitment"]
    row = _stored(tables, made["table"])
    void = SealedDeal.from_row({**row, "phase": "void", "withheld": [1]})
    _store(tables, made["table"], void.redrawn(0.0).to_row())
    _, sealed = _part(made["deal"], made["table"], 0)
    with pytest.raises(RequestError, match="drew a new deal") as refused:
        _send(tables, made, 0, commitment=sealed, deal_commitment=old)
    assert refused.value.status == 409


def test_an_operator_dealing_without_an_acknowledged_part_is_refuted(
    tmp_path: pathlib.Path,
) -> None:
    """The operator acknowledges seat 0's commitment and value, then drops both, so
    that the deal goes on without seat 0 (as if it never took part): the seat's
    acknowledgements refute it, where without them the check only says the seat took
    no part."""
    tables = _tables(tmp_path)
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    table, deal = made["table"], made["deal"]
    parts = [_part(deal, table, seat) for seat in (0, 1)]
    acknowledged = [_send(tables, made, 0, commitment=parts[0][1])["acknowledged"]]
    _send(tables, made, 1, commitment=parts[1][1])
    acknowledged.append(_send(tables, made, 0, value=parts[0][0])["acknowledged"])
    row = _stored(tables, table)
    row["commitments"][0] = row["values"][0] = None  # the operator drops seat 0's part
    _store(tables, table, row)
    assert _send(tables, made, 1, value=parts[1][0])["dealt"] is True
    tables.handle("POST", f"/tables/{table}/resign", "", {"seat": 0, "token": made["tokens"]["0"]})
    over = _look(tables, made, 0)
    check = (deal["commitment"], over["deal"], over["view"], over["events"])
    assert deal_problems(*check)[0].startswith("no value of yours went into this deal's seed")
    problems = deal_problems(*check, acknowledgements=acknowledged)
    key = json.loads(deal["terms"])["key"]
    assert problems == [
        f"the server acknowledged your commitment '{parts[0][1]}', yet the deal revealed "
        f"holds None for your seat (the acknowledgement is signed, over its table, deal and "
        f"seat, by the key the table's terms name, '{key}': anyone can check that the server "
        "made it)"
    ]
    problems = deal_problems(*check, acknowledgements=acknowledged[1:])
    assert problems[0].startswith("the server acknowledged your commitment")
