"""A key change inside a match is the server's doing: an operator that acknowledges a
seat's value, drops it so that the deal is void naming the seat, and names a new key in
the terms of the deal it draws again is refuted by the seat's acknowledgement (signed by
the old key, which the void deal's terms named) exactly as one that keeps its key, and
the check names the change, with both keys, as the server's doing.

The defect reproduced here first: the check took an acknowledgement of the void deal
against the key of the revealed deal, found it unsigned by that key, and refuted nothing.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

import attrs
import pytest

from scala40_server.serving.deals import SealedDeal, terms_text
from scala40_server.serving.fair_deal import deal_problems, verify_deal
from scala40_server.serving.signatures import SigningKey

from ..web.test_deal_liveness import _age, _look, _part, _send, _store, _stored, _tables

__all__ = ["VoidedMatch", "voided_match"]


@attrs.frozen
class VoidedMatch:
    """A match whose first deal the operator voided, naming seat 0 after acknowledging
    its value, then dealt and played to its end: what seat 0's client holds."""

    first: dict[str, Any]
    """The void deal as seat 0 was sent it (its terms name the old key)."""
    redrawn: dict[str, Any]
    """The deal drawn again, as seat 0 was first sent it."""
    over: dict[str, Any]
    """The table's answer at the end: the revealed deal, the view and the events."""
    value: str
    """Seat 0's value at the deal that dealt."""
    seen: list[Any]
    """The commitments seat 0 saw before it revealed."""
    acknowledged: list[dict[str, Any]]
    """Every acknowledgement seat 0 was given, the void deal's among them."""

    @property
    def keys(self) -> dict[str, Any]:
        """The key each deal's terms named as seat 0 was sent them."""
        return {
            deal["commitment"]: json.loads(deal["terms"]).get("key")
            for deal in (self.first, self.redrawn)
        }

    def check(self, **given: Any) -> list[str]:
        return deal_problems(
            self.redrawn["commitment"],
            self.over["deal"],
            self.over["view"],
            self.over["events"],
            value=self.value,
            commitments=self.seen,
            acknowledgements=self.acknowledged,
            **given,
        )


def voided_match(tmp_path: pathlib.Path, *, new_key: bool) -> VoidedMatch:
    """Seat 0's value acknowledged, dropped by the operator, the deal void naming seat 0;
    with ``new_key`` the operator names a new key in the deal it draws again (and signs
    with it from then on)."""
    tables = _tables(tmp_path)
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    table, first = made["table"], made["deal"]
    parts = [_part(first, table, seat) for seat in (0, 1)]
    acknowledged = [_send(tables, made, 0, commitment=parts[0][1])["acknowledged"]]
    _send(tables, made, 1, commitment=parts[1][1])
    acknowledged.append(_send(tables, made, 0, value=parts[0][0])["acknowledged"])
    row = _stored(tables, table)
    row["values"][0] = None  # the operator drops the value it acknowledged
    _store(tables, table, row)
    _send(tables, made, 1, value=parts[1][0])
    _age(tables, table)
    redrawn = _look(tables, made, 0)["deal"]
    if new_key:
        # The operator signs with a new key from the deal it draws again: its terms, which
        # nobody has seen yet, name it (and its commitment covers them).
        tables.signing_key = SigningKey.generate()
        row = _stored(tables, table)
        terms = json.loads(row["terms"])
        deal = SealedDeal.from_row(row)
        renamed = terms_text(
            terms["game"], terms["rules"], terms["seats"], terms["shuffle"],
            terms["voids"], tables.signing_key.public,
        )  # fmt: skip
        _store(tables, table, attrs.evolve(deal, terms=renamed).to_row())
        redrawn = _look(tables, made, 0)["deal"]
    assert redrawn["voided"] == [{"commitment": first["commitment"], "withheld": [0]}]
    parts = [_part(redrawn, table, seat) for seat in (0, 1)]
    acknowledged.append(_send(tables, made, 0, commitment=parts[0][1])["acknowledged"])
    seen = _send(tables, made, 1, commitment=parts[1][1])["deal"]["commitments"]
    acknowledged.append(_send(tables, made, 0, value=parts[0][0])["acknowledged"])
    assert _send(tables, made, 1, value=parts[1][0])["dealt"] is True
    tables.handle("POST", f"/tables/{table}/resign", "", {"seat": 0, "token": made["tokens"]["0"]})
    over = _look(tables, made, 0)
    return VoidedMatch(first, redrawn, over, parts[0][0], seen, acknowledged)


@pytest.mark.parametrize("new_key", [False, True], ids=["same key", "new key"])
def test_the_check_refutes_a_void_of_an_acknowledged_value_whatever_key_the_redrawn_deal_names(
    tmp_path: pathlib.Path, new_key: bool
) -> None:
    """The seat's acknowledgement of its value at the void deal, signed by the key that
    deal's terms named, refutes the void under either key the redrawn deal names, and
    convinces anyone (the signature verifies)."""
    match = voided_match(tmp_path, new_key=new_key)
    old, new = (json.loads(deal["terms"])["key"] for deal in (match.first, match.redrawn))
    assert (old != new) is new_key
    problems = match.check(keys=match.keys)
    refuted = [problem for problem in problems if "the server withheld that value" in problem]
    assert len(refuted) == 1, problems
    if new_key:
        # Signed by the key only the void deal's terms named: it convinces whoever knows
        # that key to be the server's.
        assert f"by '{old}', the key the terms of that deal named" in refuted[0]
        assert "anyone who knows that key to be the server's" in refuted[0]
    else:
        assert f"by the key the table's terms name, '{old}'" in refuted[0]
        assert "anyone can check that the server made it" in refuted[0]
    assert not verify_deal(
        match.redrawn["commitment"], match.over["deal"], match.over["view"],
        match.over["events"], value=match.value, commitments=match.seen,
        acknowledgements=match.acknowledged, keys=match.keys,
    )  # fmt: skip


def test_a_new_key_inside_a_match_is_said_to_be_the_servers_doing_naming_both_keys(
    tmp_path: pathlib.Path,
) -> None:
    match = voided_match(tmp_path, new_key=True)
    old, new = (json.loads(deal["terms"])["key"] for deal in (match.first, match.redrawn))
    problems = match.check(keys=match.keys)
    changed = [problem for problem in problems if "changed its key inside this match" in problem]
    assert len(changed) == 1, problems
    assert old in changed[0]
    assert new in changed[0]
    assert "the server's doing" in changed[0]
    # The same key at every deal: no change said.
    (tmp_path / "same").mkdir()
    same = voided_match(tmp_path / "same", new_key=False)
    assert not any("changed its key" in problem for problem in same.check(keys=same.keys))


def test_without_the_void_deals_key_the_check_says_what_to_give(
    tmp_path: pathlib.Path,
) -> None:
    """Without ``keys`` the check cannot tell which key signed the void deal's
    acknowledgement: it refutes nothing with it, and says to give the key."""
    match = voided_match(tmp_path, new_key=True)
    problems = match.check()
    assert any("keys=..." in problem for problem in problems), problems


@pytest.mark.parametrize(
    "keys",
    [["ab" * 32], {"not a deal": None}, {("ab" * 32)[:-1] + "g": None}],
    ids=["a list", "a name that is no commitment", "a commitment of another form"],
)
def test_keys_of_another_form_are_refused(tmp_path: pathlib.Path, keys: object) -> None:
    match = voided_match(tmp_path, new_key=False)
    with pytest.raises(TypeError, match="keys must map each deal's commitment"):
        match.check(keys=keys)
    with pytest.raises(ValueError, match="is '"):
        match.check(keys={"ab" * 32: "ed25519:" + "0" * 63})
