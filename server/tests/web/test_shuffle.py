"""The people's part of a deal at the web table (:mod:`scala40_server.serving.fair_deal`): each
person's seat commits to a value, then reveals it, each once and in its phase; the deal
waits a decision's clock for each phase, goes on without a seat that never committed
(whose check then says it took no part), and is void when a seat that committed
withholds its value. A client holding events an undo took back is sent the events
again and told so (``undone_to``), and its check replays them as it received them.

The defects reproduced here first: (F6) a client asking ``since`` the highest event it
held missed the event of the move made after an undo (its number was not above), and
``undone_to`` was not documented.
"""

from __future__ import annotations

import json
import pathlib
import random
from typing import Any

import pytest

from scala40.bots import make_bot
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.game import load_game
from scala40_server.serving.fair_deal import deal_problems, value_commitment_of, verify_deal
from scala40_server.web.limits import ServerLimits
from scala40_server.web.tables import RequestError, Tables, TableStore

from ..web.site import shuffle_in, value_of


def _tables(tmp_path: pathlib.Path, name: str = "tables.sqlite", **limits: Any) -> Tables:
    return Tables(TableStore(str(tmp_path / name)), ServerLimits(**limits))


def _call(tables: Tables) -> Any:
    """``tables``' requests as :func:`~server.tests.web.site.shuffle_in` sends them."""

    def call(method: str, path: str, body: Any) -> tuple[int, Any]:
        route, _, query = path.partition("?")
        return tables.handle(method, route, query, body)

    return call


def _state(tables: Tables, table: int, game: str) -> Any:
    """The table's state as the server keeps it."""
    with tables.store.connect() as db:
        (text,) = db.execute("SELECT state FROM tables WHERE id = ?", (table,)).fetchone()
    return load_game(game).state_from_dict(json.loads(text))


def _age(tables: Tables, table: int) -> None:
    """A decision's clock passes for the table's deal (its phase began that long ago)."""
    with tables.store.connect() as db:
        (text,) = db.execute("SELECT deal FROM tables WHERE id = ?", (table,)).fetchone()
        row = json.loads(text)
        row["phase_started"] -= tables.limits.decision_seconds + 1
        db.execute("UPDATE tables SET deal = ? WHERE id = ?", (json.dumps(row), table))


def _play_with_an_undo(tables: Tables, game: str) -> tuple[dict[str, Any], list[Any], Any, Any]:
    """A table whose person shuffles in, takes the discard and undoes it, plays on a
    few moves and resigns, asking each time for the events since the highest it holds:
    its answer when made, every event it was sent (oldest first, as sent: the undone
    move's and those sent again included), its last answer, and the commitments it saw
    before it revealed."""
    _, made = tables.handle("POST", "/tables", "", {"game": game})
    table, token = made["table"], made["tokens"]["0"]
    asker = {"seat": 0, "token": token}
    path = f"/tables/{table}"
    answer, seen = shuffle_in(_call(tables), made)
    sent: list[Any] = list(answer["events"])
    undone = False
    greedy = make_bot("greedy", game)
    rng = random.Random(2)
    for _ in range(12):
        view = answer["view"]
        if view["is_over"] or view["current_player"] != 0:
            break
        texts = [move["text"] for move in view["legal_moves"]]
        since = max((event["number"] for event in sent), default=0)
        number = view["move_number"]
        if not undone and "take" in texts:
            body = {**asker, "move": "take", "move_number": number, "since": since}
            _, answer = tables.handle("POST", path + "/moves", "", body)
            sent += answer["events"]
            if answer["can_undo"]:
                since = max((event["number"] for event in sent), default=0)
                body = {**asker, "move_number": answer["view"]["move_number"], "since": since}
                _, answer = tables.handle("POST", path + "/undo", "", body)
                sent += answer["events"]
                undone = True
            continue
        state = _state(tables, table, game)
        move = greedy.choose(state.view(0), list(state.legal_moves()), rng)
        body = {**asker, "move": str(move), "move_number": number, "since": since}
        _, answer = tables.handle("POST", path + "/moves", "", body)
        sent += answer["events"]
    assert undone, "the seeded table gave no take to undo"
    since = max((event["number"] for event in sent), default=0)
    _, answer = tables.handle("POST", path + "/resign", "", {**asker, "since": since})
    sent += answer["events"]
    return made, sent, answer, seen


@pytest.mark.parametrize("game", ["chinchon", "rumino"])
def test_a_person_shuffles_in_and_verifies_the_events_as_sent_undo_included(
    tmp_path: pathlib.Path, game: str
) -> None:
    made, sent, over, seen = _play_with_an_undo(_tables(tmp_path), game)
    deal, mine = over["deal"], value_of(made["table"], 0)
    assert deal["values"][0] == mine
    numbers = [event["number"] for event in sent if event["seat"] == 0]
    assert len(numbers) > len(set(numbers)), "an undone move's events are among those sent"
    commitment = made["deal"]["commitment"]
    problems = deal_problems(commitment, deal, over["view"], sent, value=mine, commitments=seen)
    assert problems == []
    # Another value than the person's: the server did not use it.
    assert not verify_deal(commitment, deal, over["view"], sent, value="ab" * 16)


def test_a_client_asking_since_the_highest_event_it_holds_gets_the_move_made_after_an_undo(
    tmp_path: pathlib.Path,
) -> None:
    """(F6) The person takes the discard (event n + 1), undoes it, and draws instead: the
    draw's event is numbered n + 1 too. A client that asks for the events since the
    highest it holds (n + 1) is sent them since n, with ``undone_to: n``, the draw's
    included; so is every answer while it may hold a move the undo took back."""
    tables = _tables(tmp_path)
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon"})
    dealt, _ = shuffle_in(_call(tables), made)
    asker = {"seat": 0, "token": made["tokens"]["0"]}
    path = f"/tables/{made['table']}"
    number = dealt["view"]["move_number"]
    assert [move["text"] for move in dealt["view"]["legal_moves"]] == ["draw", "take"]
    body = {**asker, "move": "take", "move_number": number, "since": number}
    taken = tables.handle("POST", path + "/moves", "", body)[1]
    assert [event["number"] for event in taken["events"]] == [number + 1]
    body = {**asker, "move_number": number + 1, "since": number + 1}
    back = tables.handle("POST", path + "/undo", "", body)[1]
    assert back["undone_to"] == number
    assert back["events"] == []
    body = {**asker, "move": "draw", "move_number": number, "since": number + 1}
    drawn = tables.handle("POST", path + "/moves", "", body)[1]
    assert drawn["undone_to"] == number
    assert [(event["number"], event["kind"]) for event in drawn["events"]] == [
        (number + 1, "draw")
    ]
    query = f"seat=0&token={asker['token']}"
    looked = tables.handle("GET", path, f"{query}&since={number + 1}", None)[1]
    assert looked["undone_to"] == number
    assert looked["events"] == drawn["events"]
    # Past the moves the undo took back, answers are as usual.
    body = {**asker, "move": f"discard {drawn['view']['hand'][0]}", "move_number": number + 1}
    tables.handle("POST", path + "/moves", "", {**body, "since": number + 1})
    later = tables.handle("GET", path, f"{query}&since={number + 2}", None)[1]
    assert "undone_to" not in later
    assert all(event["number"] > number + 2 for event in later["events"])


def sealed_for(table: str, made: dict[str, Any], seat: int) -> str:
    """The commitment the tests' person at ``seat`` of the table ``made`` sends."""
    return value_commitment_of(table, seat, value_of(made["table"], seat))


def test_a_commitment_then_a_value_each_taken_once_in_its_phase(tmp_path: pathlib.Path) -> None:
    tables = _tables(tmp_path)
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    path = f"/tables/{made['table']}/shuffle"
    table = made["deal"]["commitment"]
    first = {"seat": 0, "token": made["tokens"]["0"]}
    second = {"seat": 1, "token": made["tokens"]["1"]}
    mine, theirs = value_of(made["table"], 0), value_of(made["table"], 1)
    sealed = value_commitment_of(table, 0, mine)
    for wrong in ("ab", "AB" * 32, "xy" * 32, 7, "ab" * 40):
        with pytest.raises((InvalidValueError, InvalidArgumentError)):
            tables.handle("POST", path, "", {**first, "commitment": wrong})
    with pytest.raises(InvalidArgumentError, match="one of the two"):
        tables.handle("POST", path, "", first)
    with pytest.raises(InvalidArgumentError, match="one of the two"):
        tables.handle("POST", path, "", {**first, "commitment": sealed, "value": mine})
    with pytest.raises(InvalidValueError, match="every person commits first"):
        tables.handle("POST", path, "", {**first, "value": mine})
    _, waiting = tables.handle("POST", path, "", {**first, "commitment": sealed})
    assert waiting["dealt"] is False
    assert waiting["deal"]["commitments"] == [sealed, None]
    assert waiting["deal_clock"]["waiting"] == [1]
    # The same commitment sent again (its answer lost) is acknowledged again; another
    # is refused.
    again = tables.handle("POST", path, "", {**first, "commitment": sealed})[1]
    assert again["acknowledged"] == waiting["acknowledged"]
    with pytest.raises(InvalidValueError, match="already"):
        tables.handle(
            "POST", path, "", {**first, "commitment": value_commitment_of(table, 0, theirs)}
        )
    # Seat 1 copies seat 0's commitment: no value of its own hashes to it (the seat is
    # in the hash), and seat 0's value, once shown, does not either.
    _, asked = tables.handle("POST", path, "", {**second, "commitment": sealed})
    assert asked["deal"]["phase"] == "reveal"
    tables.handle("POST", path, "", {**first, "value": mine})
    for copied in (mine, theirs):
        with pytest.raises(InvalidValueError, match="does not hash"):
            tables.handle("POST", path, "", {**second, "value": copied})
    with pytest.raises(InvalidValueError, match="already"):
        tables.handle("POST", path, "", {**first, "value": theirs})
    _age(tables, made["table"])
    # Seat 1 withheld: the deal is void, naming it, and the table draws a new one, which
    # a value for the void deal is not taken for.
    with pytest.raises(RequestError, match="drew a new deal"):
        tables.handle("POST", path, "", {**second, "value": theirs, "deal_commitment": table})
    looked = tables.handle("GET", path[: -len("/shuffle")], f"seat=0&token={first['token']}", None)
    assert looked[1]["deal"]["voided"] == [{"commitment": table, "withheld": [1]}]
    # A seat silent until the commitments closed (its clock ran out) takes no part: its
    # commitment, sent then, is refused, and so would be a value chosen after seeing the
    # others' commitments.
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    path, table = f"/tables/{made['table']}/shuffle", made["deal"]["commitment"]
    first = {"seat": 0, "token": made["tokens"]["0"]}
    second = {"seat": 1, "token": made["tokens"]["1"]}
    tables.handle("POST", path, "", {**first, "commitment": sealed_for(table, made, 0)})
    _age(tables, made["table"])
    with pytest.raises(InvalidValueError, match="commitments are closed"):
        tables.handle("POST", path, "", {**second, "commitment": sealed_for(table, made, 1)})
    # An honest pair: each commits to its own value and reveals it; then no other part
    # (the same one sent again is acknowledged: server/tests/web/test_deal_liveness.py).
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    dealt, _ = shuffle_in(_call(tables), made)
    assert dealt["dealt"] is True
    with pytest.raises(RequestError, match="dealt") as refused:
        tables.handle(
            "POST",
            f"/tables/{made['table']}/shuffle",
            "",
            {"seat": 1, "token": made["tokens"]["1"], "value": value_of(made["table"], 0)},
        )
    assert refused.value.status == 409


def test_the_deal_waits_a_clock_for_each_phase_and_goes_on_without_a_silent_seat(
    tmp_path: pathlib.Path,
) -> None:
    """At a table of two people, the first to commit does not make the second miss the
    deal: the commitments are taken until both are in or a decision's clock has run;
    a seat that sent none by then takes no part, and its check says so; the values are
    then taken from the seats that committed."""
    tables = _tables(tmp_path)
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "bots": [None, None]})
    path, table = f"/tables/{made['table']}", made["deal"]["commitment"]
    first = {"seat": 0, "token": made["tokens"]["0"]}
    second = {"seat": 1, "token": made["tokens"]["1"]}
    mine = value_of(made["table"], 0)
    sealed = value_commitment_of(table, 0, mine)
    tables.handle("POST", path + "/shuffle", "", {**first, "commitment": sealed})
    looked = tables.handle("GET", path, f"seat=0&token={first['token']}", None)[1]
    assert looked["dealt"] is False
    clock = looked["deal_clock"]
    assert (clock["phase"], clock["waiting"]) == ("commit", [1])
    assert 0 < clock["left"] <= clock["seconds"] == tables.limits.decision_seconds
    with pytest.raises(RequestError, match="every person has sent a commitment"):
        tables.handle("POST", path + "/advance", "", first)
    _age(tables, made["table"])
    looked = tables.handle("GET", path, f"seat=1&token={second['token']}", None)[1]
    assert looked["deal"]["phase"] == "reveal"
    assert looked["deal"]["commitments"] == [sealed, None]
    assert looked["deal_clock"]["waiting"] == [0]
    late = value_commitment_of(table, 1, value_of(made["table"], 1))
    with pytest.raises(InvalidValueError, match="closed"):
        tables.handle("POST", path + "/shuffle", "", {**second, "commitment": late})
    with pytest.raises(InvalidValueError, match="no part"):
        tables.handle(
            "POST", path + "/shuffle", "", {**second, "value": value_of(made["table"], 1)}
        )
    dealt = tables.handle("POST", path + "/shuffle", "", {**first, "value": mine})[1]
    assert dealt["deal"]["values"] == [mine, None]
    for seat, asker in enumerate((first, second)):
        tables.handle("POST", path + "/resign", "", asker) if seat == 0 else None
    over = [
        tables.handle("GET", path, f"seat={seat}&token={asker['token']}", None)[1]
        for seat, asker in enumerate((first, second))
    ]
    assert verify_deal(
        table,
        over[0]["deal"],
        over[0]["view"],
        over[0]["events"],
        value=mine,
        commitments=[sealed, None],
    )
    problems = deal_problems(table, over[1]["deal"], over[1]["view"], over[1]["events"])
    assert problems[0].startswith("no value of yours went into this deal's seed")
    assert problems[1:] == []


def test_a_server_whose_decisions_have_no_time_deals_alone_and_says_so(
    tmp_path: pathlib.Path,
) -> None:
    """With no clock to wait on, a look deals at once from the server's secret alone:
    each seat's check reports the deal as the server's choice."""
    tables = _tables(tmp_path, decision_seconds=0)
    _, made = tables.handle("POST", "/tables", "", {"game": "chinchon"})
    token = made["tokens"]["0"]
    path = f"/tables/{made['table']}"
    looked = tables.handle("GET", path, f"seat=0&token={token}", None)[1]
    assert looked["view"]["hand"]
    assert looked["deal"]["values"] == [None, None]
    tables.handle("POST", path + "/resign", "", {"seat": 0, "token": token})
    over = tables.handle("GET", path, f"seat=0&token={token}", None)[1]
    problems = deal_problems(
        made["deal"]["commitment"], over["deal"], over["view"], over["events"]
    )
    # The table shuffles with its people: not "made without shuffling", but dealt from
    # the server's secret alone because no commitment came in.
    assert problems[0].startswith("no person's value went into this deal's seed")
