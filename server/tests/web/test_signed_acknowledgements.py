"""Acknowledgements no seat can forge (:mod:`scala40_server.serving.signatures`): the web table
signs what it acknowledges with the key its tables' terms name, and the deal's check
takes an acknowledgement as the server's only where that key's signature verifies.

The defect reproduced here first: an acknowledgement was plain JSON, and the check
believed the seat's list, so that a seat's client could make the check accuse an honest
server (3 of 3 tries): a seat that withheld its own value, then added an acknowledgement
of that value, had the void "refuted"; an acknowledgement of a deal the table never drew
showed a void "hidden"; an acknowledgement of a commitment it never sent had the server
"drop" it. Now each of them refutes nothing (0 of 3), while a true one still refutes; an
acknowledgement that cannot be checked (no key in the terms, or the `cryptography` library
absent) says that it convinces only the seat that kept it.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from scala40.errors import InvalidArgumentError
from scala40_server.serving import signatures
from scala40_server.serving.fair_deal import deal_problems, refuted_void, terms_text, verify_deal
from scala40_server.serving.signatures import SigningKey, canonical_json, signature_verdict
from scala40_server.web import dealing
from scala40_server.web.limits import ServerLimits
from scala40_server.web.tables import Tables, TableStore

from ..web.test_deal_liveness import _age, _look, _part, _send, _store, _stored

ACCUSATIONS = ("the server acknowledged", "a void was hidden", "yet dealt without")
"""The words of a verdict that accuses the server from an acknowledgement."""


def _tables(tmp_path: pathlib.Path) -> Tables:
    return Tables(TableStore(str(tmp_path / "tables.sqlite")), ServerLimits())


def _accusations(problems: list[str]) -> list[str]:
    return [problem for problem in problems if any(word in problem for word in ACCUSATIONS)]


def _over(tables: Tables, made: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    """The table once its match is over (seat 0 resigns), as ``seat`` sees it."""
    body = {"seat": 0, "token": made["tokens"]["0"]}
    tables.handle("POST", f"/tables/{made['table']}/resign", "", body)
    return _look(tables, made, seat)


def _withheld_then_dealt(tables: Tables) -> dict[str, Any]:
    """A table of two people whose first deal seat 0 voids by withholding its value, and
    whose second deal both take part in: what seat 0 holds at the end (its parts, what
    it saw, its acknowledgements, the other seat's, and the table as it ends)."""
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    first = made["deal"]
    parts = [_part(first, made["table"], seat) for seat in (0, 1)]
    kept = [_send(tables, made, 0, commitment=parts[0][1])["acknowledged"]]
    theirs = [_send(tables, made, 1, commitment=parts[1][1])["acknowledged"]]
    theirs.append(_send(tables, made, 1, value=parts[1][0])["acknowledged"])
    _age(tables, made["table"])  # seat 0 withholds its value: the deal is void
    redrawn = _look(tables, made, 0)["deal"]
    assert redrawn["voided"] == [{"commitment": first["commitment"], "withheld": [0]}]
    parts = [_part(redrawn, made["table"], seat) for seat in (0, 1)]
    kept.append(_send(tables, made, 0, commitment=parts[0][1])["acknowledged"])
    seen = _send(tables, made, 1, commitment=parts[1][1])["deal"]["commitments"]
    kept.append(_send(tables, made, 0, value=parts[0][0])["acknowledged"])
    assert _send(tables, made, 1, value=parts[1][0])["dealt"] is True
    over = _over(tables, made)
    return {
        "first": first,
        "redrawn": redrawn,
        "value": parts[0][0],
        "seen": seen,
        "kept": kept,
        "theirs": theirs,
        "over": over,
        "key": json.loads(redrawn["terms"])["key"],
    }


def _check(held: dict[str, Any], acknowledgements: list[Any]) -> list[str]:
    over = held["over"]
    return deal_problems(
        held["redrawn"]["commitment"],
        over["deal"],
        over["view"],
        over["events"],
        value=held["value"],
        commitments=held["seen"],
        acknowledgements=acknowledgements,
    )


def _forgeries(tables: Tables) -> list[tuple[str, Any]]:
    """The three forgeries of the defect, each written three ways (no signature, the
    signature of a genuine acknowledgement copied onto it, a key of the seat's own), and
    the check of each: what it says."""
    held = _withheld_then_dealt(tables)
    own = SigningKey.generate()
    copied = held["kept"][0]["signature"]  # of seat 0's first commitment, not revealed

    def written(acknowledgement: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            acknowledgement,
            {**acknowledgement, "signature": copied},
            own.sign(acknowledgement),
        ]

    refuted = {**held["kept"][0], "revealed": True}
    del refuted["signature"]
    hidden = {"table": "5e" * 32, "seat": 0, "commitment": "c0" * 32, "revealed": True}
    # The third: a table whose deal seat 0 took no part in, and an acknowledgement of a
    # commitment it never sent there.
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    _send(tables, made, 1, commitment=_part(made["deal"], made["table"], 1)[1])
    _age(tables, made["table"])  # seat 0 never commits
    _look(tables, made, 1)
    _send(tables, made, 1, value=_part(made["deal"], made["table"], 1)[0])
    over = _over(tables, made)
    dropped = {"table": made["deal"]["commitment"], "seat": 0, "commitment": "c0" * 32}
    dropped["revealed"] = False
    honest = held["kept"][1:]
    found: list[tuple[str, Any]] = []
    for name, forged in (("a void refuted", refuted), ("a void hidden", hidden)):
        for acknowledgement in written(forged):
            found.append((name, _check(held, [*honest, acknowledgement])))
    for acknowledgement in written(dropped):
        check = (made["deal"]["commitment"], over["deal"], over["view"], over["events"])
        found.append(
            ("a commitment dropped", deal_problems(*check, acknowledgements=[acknowledgement]))
        )
    return found


def test_a_seats_forged_acknowledgements_accuse_no_server_and_a_true_one_refutes(
    tmp_path: pathlib.Path,
) -> None:
    """(The defect) The three forgeries, each with no signature, a genuine one copied and
    a key of the seat's own: no verdict accuses the server (0 of 9); each says the
    acknowledgement is not signed by the key the terms name and refutes nothing. A true
    acknowledgement still refutes the operator's false void, and says anyone can check
    it; the acknowledgement of another seat shows nothing of this one's part."""
    tables = _tables(tmp_path)
    found = _forgeries(tables)
    assert len(found) == 9
    for name, problems in found:
        assert not _accusations(problems), (name, problems)
        assert any("refutes nothing" in problem for problem in problems), (name, problems)
    # The true refutation: the operator drops a value it acknowledged.
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    deal = made["deal"]
    parts = [_part(deal, made["table"], seat) for seat in (0, 1)]
    kept = [_send(tables, made, 0, commitment=parts[0][1])["acknowledged"]]
    theirs = _send(tables, made, 1, commitment=parts[1][1])["acknowledged"]
    kept.append(_send(tables, made, 0, value=parts[0][0])["acknowledged"])
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
    check = (redrawn["commitment"], over["deal"], over["view"], over["events"])
    problems = deal_problems(*check, value=parts[0][0], commitments=seen, acknowledgements=kept)
    assert len(problems) == 1, problems
    assert problems[0].startswith("the server acknowledged seat 0's value at the deal it voided")
    assert "anyone can check that the server made it" in problems[0]
    # Seat 1's acknowledgement, given to seat 0's check: another seat's, it shows nothing.
    problems = deal_problems(
        *check, value=parts[0][0], commitments=seen, acknowledgements=[*kept[2:], theirs]
    )
    assert not _accusations(problems), problems
    assert problems == [
        "an acknowledgement given to the check is of seat 1, not of yours (seat 0): it shows "
        "nothing of your part"
    ]


def test_an_acknowledgement_of_another_seat_refutes_no_void_of_this_one(
    tmp_path: pathlib.Path,
) -> None:
    """The other seat's genuine acknowledgement of its value, at the deal seat 0 voided:
    it refutes no blame of seat 0, through the check or :func:`refuted_void`."""
    held = _withheld_then_dealt(_tables(tmp_path))
    void = held["over"]["deal"]["voided"][0]
    revealed = held["theirs"][1]
    assert revealed["revealed"] is True
    assert signature_verdict(revealed, held["key"]) is True
    assert refuted_void(void, revealed, key=held["key"]) is None
    assert refuted_void(void, {**revealed, "seat": 0}, key=held["key"]) is None  # re-seated
    problems = _check(held, [*held["kept"][1:], revealed])
    assert not _accusations(problems), problems


def test_the_same_acknowledgement_kept_seven_times_is_counted_once(
    tmp_path: pathlib.Path,
) -> None:
    """(The defect: an honest client's check was refused once it kept more than six.)
    Each part sent again seven times, each answer kept (as the liveness row asks a client
    to send a part until it holds an acknowledgement): the check reads them as two, and
    finds the deal as it does given each once; at a table never void, the deal verifies.
    More different acknowledgements than a seat is given are refused."""
    held = _withheld_then_dealt(_tables(tmp_path))
    honest = held["kept"][1:]
    once = _check(held, honest)
    assert len(once) == 1
    assert once[0].startswith("this table's deal was void once")
    assert _check(held, [honest[0]] * 7 + [honest[1]] * 7) == once
    with pytest.raises(InvalidArgumentError, match="7 different acknowledgements"):
        _check(held, [{**honest[0], "table": f"{number:064x}"} for number in range(7)])
    # At a table whose deal was never void, each part sent seven times: verified.
    (tmp_path / "again").mkdir()
    tables = _tables(tmp_path / "again")
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    parts = [_part(made["deal"], made["table"], seat) for seat in (0, 1)]
    kept = [_send(tables, made, 0, commitment=parts[0][1])["acknowledged"] for _ in range(7)]
    seen = _send(tables, made, 1, commitment=parts[1][1])["deal"]["commitments"]
    kept += [_send(tables, made, 0, value=parts[0][0])["acknowledged"] for _ in range(7)]
    _send(tables, made, 1, value=parts[1][0])
    over = _over(tables, made)
    check = (made["deal"]["commitment"], over["deal"], over["view"], over["events"])
    assert len(kept) == 14
    assert verify_deal(*check, value=parts[0][0], commitments=seen, acknowledgements=kept)


def _terms_naming_no_key(*args: Any, **kwargs: Any) -> str:
    """A table's terms as a web table of 0.4 without the library that signs made them:
    ``"key": null``, which the commitment covers."""
    kwargs.pop("key", None)
    terms = json.loads(terms_text(*args, **kwargs))
    return canonical_json({**terms, "key": None})


def test_where_the_terms_name_no_key_the_verdict_convinces_only_the_seat(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table whose terms name no key (``"key": null``: made by a server of 0.4 without
    the library that signs; a server signs always now): a true refutation says it
    convinces only the seat that kept the acknowledgement, whatever it carries."""
    monkeypatch.setattr(dealing, "terms_text", _terms_naming_no_key)
    tables = _tables(tmp_path)
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    assert json.loads(made["deal"]["terms"])["key"] is None
    parts = [_part(made["deal"], made["table"], seat) for seat in (0, 1)]
    kept = [_send(tables, made, 0, commitment=parts[0][1])["acknowledged"]]
    row = _stored(tables, made["table"])
    row["commitments"][0] = None  # the operator drops the commitment it acknowledged
    _store(tables, made["table"], row)
    _send(tables, made, 1, commitment=parts[1][1])
    _age(tables, made["table"])
    _look(tables, made, 1)
    _send(tables, made, 1, value=parts[1][0])
    over = _over(tables, made)
    check = (made["deal"]["commitment"], over["deal"], over["view"], over["events"])
    problems = deal_problems(*check, acknowledgements=kept)
    assert len(problems) == 1
    assert problems[0].startswith("the server acknowledged your commitment")
    assert "this convinces only the seat that kept the acknowledgement" in problems[0]
    assert "the table's terms name no key" in problems[0]


def test_a_key_the_check_cannot_use_here_convinces_only_the_seat(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Terms that name a key, checked where the extra is absent: what an acknowledgement
    shows is said, with that here it convinces only the seat that kept it (rightly: this
    one is the seat's forgery, which the extra would have refused)."""
    held = _withheld_then_dealt(_tables(tmp_path))
    forged = {**held["kept"][0], "revealed": True}
    monkeypatch.setattr(signatures, "can_check", lambda: False)
    problems = _check(held, [*held["kept"][1:], forged])
    assert len(problems) == 1, problems
    assert "its signature cannot be checked here" in problems[0]
    assert "convinces only the seat that kept the acknowledgement" in problems[0]
