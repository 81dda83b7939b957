"""What clients and tables may spend on the web table (:mod:`scala40_server.web.budgets`), and the
turns of what they share (:mod:`scala40_server.web.turns`).

The defect: every client's requests drew the bots' time from one budget of the server's,
so six addresses spending it had a person at their own table refused 429 on their own
``advance`` and ``draw``, 16.5 s into the flood. Budgets are now per client and per
table: strangers spend their own; a person's own moves are always played, and their bots
wait only for their own client's or table's budget (the answer says which, and when they
play on).
"""

from __future__ import annotations

import pathlib
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from scala40.deadline import Deadline
from scala40_server.web.budgets import LEAST_THINKING_SECONDS, Budgets
from scala40_server.web.limits import ServerLimits
from scala40_server.web.quotas import client_of
from scala40_server.web.tables import RequestError, Tables, TableStore
from scala40_server.web.turns import Turns

from ..support.bots import patient_bots

PATIENT = {"game": "chinchon", "bots": [None, "patient"], "bot_time_limit": 0.2}
"""A table against a bot that searches: it thinks for all the time it is given."""


@pytest.fixture
def patient(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with patient_bots(monkeypatch, "chinchon"):
        yield


def _tables(tmp_path: pathlib.Path, **limits: Any) -> Tables:
    limits = {"request_seconds": 0.25, "decision_seconds": 0, **limits}
    return Tables(TableStore(str(tmp_path / "tables.sqlite")), ServerLimits(**limits))


def _play(tables: Tables, client: str, made: dict[str, Any]) -> dict[str, Any]:
    """The person's next request at their table: their first legal move when they
    decide, else ``advance``."""
    asker = {"seat": 0, "token": made["tokens"]["0"]}
    path = f"/tables/{made['table']}"
    _, answer = tables.handle("GET", path, f"seat=0&token={asker['token']}", None, client=client)
    view = answer["view"]
    if view["current_player"] != 0:
        _, answer = tables.handle("POST", f"{path}/advance", "", asker, client=client)
        return answer
    move = {**asker, "move": view["legal_moves"][0]["move"], "move_number": view["move_number"]}
    _, answer = tables.handle("POST", f"{path}/moves", "", move, client=client)
    return answer


def _spend(tables: Tables, client: str) -> RequestError:
    """``client``'s refusal, once it has played tables against bots that search until the
    server refuses it."""
    for _ in range(20):
        try:
            _, made = tables.handle("POST", "/tables", "", PATIENT, client=client)
            for _ in range(100):
                answer = _play(tables, client, made)
                if "held_back" in answer or answer["view"]["is_over"]:
                    break
        except RequestError as refused:
            return refused
    raise AssertionError(f"{client} was never refused")


def test_strangers_who_spend_their_bots_time_leave_a_persons_table_playing(
    tmp_path: pathlib.Path, patient: None
) -> None:
    """Six addresses spend all the bots' time they may (their tables refused 429 after);
    a person at their own table, from an address of their own, plays on: every request
    answered, their bots playing, never held back."""
    tables = _tables(tmp_path, client_bot_seconds_per_minute=0.5)
    person = "203.0.113.1"
    _, table = tables.handle("POST", "/tables", "", PATIENT, client=person)
    for stranger in (f"198.51.100.{index}" for index in range(6)):
        refused = _spend(tables, stranger)
        assert (refused.status, refused.limit) == (429, "client_bot_seconds_per_minute")
    moved = 0
    for _ in range(3):
        answer = _play(tables, person, table)
        assert "held_back" not in answer, answer["held_back"]
        moved += answer["view"]["move_number"]
    assert moved


def test_one_requests_bots_think_no_longer_than_the_budgets_hold(
    tmp_path: pathlib.Path, patient: None
) -> None:
    """Three bots that each think for all the time they are given (a second a move, in a
    request of five) at a table whose bots may think 0.3 s a minute: one request leaves
    the table's budget overspent by the bots' lateness past their deadline at most, not
    by a move's limit (paid only once the move ends: -0.7 s) nor by the request's other
    moves (paid only once the request ends: -2.7 s and more)."""
    tables = _tables(tmp_path, table_bot_seconds_per_minute=0.3, request_seconds=5.0)
    client = "203.0.113.1"
    four = {
        "game": "chinchon",
        "players": 4,
        "bots": [None, *["patient"] * 3],
        "bot_time_limit": 1.0,
    }
    _, made = tables.handle("POST", "/tables", "", four, client=client)
    limit = None
    for _ in range(20):
        try:
            answer = _play(tables, client, made)
        except RequestError as refused:  # ``advance`` once the budget is spent
            limit = refused.limit
            break
        if "held_back" in answer:
            limit = answer["held_back"]["limit"]
            break
    assert limit == "table_bot_seconds_per_minute", limit
    # Lateness: the bot's last sleep, its greedy move and the engine's (0.4 s is plenty
    # on a busy machine; each regression named above overspends 0.7 s or more).
    assert tables.budgets.table_thinking.level(str(made["table"])) > -0.4


def test_a_persons_move_is_played_while_their_tables_bots_wait_for_its_budget(
    tmp_path: pathlib.Path, patient: None
) -> None:
    """Once a table's bots have thought ``table_bot_seconds_per_minute``, the person's own
    move is still played: the answer says the bots wait, for which limit, and when they
    play on; ``advance`` is refused 429 until then, with the same ``retry_after``."""
    # A request long enough for the bot's every move: the person never needs advance.
    tables = _tables(tmp_path, table_bot_seconds_per_minute=0.3, request_seconds=1.0)
    client = "203.0.113.1"
    _, made = tables.handle("POST", "/tables", "", PATIENT, client=client)
    query = f"seat=0&token={made['tokens']['0']}"
    held = None
    for _ in range(60):
        before = tables.handle("GET", f"/tables/{made['table']}", query, None)[1]["view"]
        assert before["current_player"] == 0
        answer = _play(tables, client, made)
        assert answer["view"]["move_number"] > before["move_number"]  # the move was played
        if "held_back" in answer:
            held = answer["held_back"]
            assert answer["waiting"]
            break
    assert held is not None, "the table's bots were never held back"
    assert held["limit"] == "table_bot_seconds_per_minute"
    assert 1 <= held["retry_after"] <= 60
    assert f"they play on in {held['retry_after']} s" in held["message"]
    with pytest.raises(RequestError) as refused:
        tables.handle(
            "POST",
            f"/tables/{made['table']}/advance",
            "",
            {"seat": 0, "token": made["tokens"]["0"]},
            client=client,
        )
    assert (refused.value.status, refused.value.limit) == (429, "table_bot_seconds_per_minute")
    assert refused.value.retry_after is not None
    assert abs(refused.value.retry_after - held["retry_after"]) <= 1
    # Another table of the same client is not held back by this one's budget.
    _, other = tables.handle("POST", "/tables", "", PATIENT, client=client)
    assert "held_back" not in _play(tables, client, other)


def test_a_tables_refusal_says_when_the_next_may_be_made() -> None:
    """Six tables a minute: one every 10 s. A client is an IPv6 network of 64 bits, so a
    machine with many addresses in it is one client."""
    budgets = Budgets(ServerLimits(client_tables_per_minute=6))
    assert all(budgets.refuse_table(client_of("2001:db8:1:2::5")) is None for _ in range(6))
    refusal = budgets.refuse_table(client_of("2001:db8:1:2:ffff::77"))
    assert refusal is not None
    assert (refusal.limit, refusal.retry_after) == ("client_tables_per_minute", 10)
    assert budgets.refuse_table(client_of("2001:db8:1:3::5")) is None


def test_a_budget_that_holds_a_sliver_is_spent() -> None:
    """A search stops a little before its deadline, leaving a sliver of its budget: that
    sliver does not let the next request's bots think (each request would otherwise be
    answered as if the budget held, its bots thinking for the refill of a moment). Below
    ``LEAST_THINKING_SECONDS`` the budget is spent and says when it holds that again; a
    budget smaller than it lets the bots think only when full."""
    budgets = Budgets(
        ServerLimits(client_bot_seconds_per_minute=6, table_bot_seconds_per_minute=6)
    )
    budgets.pay("client", 7, 6 - LEAST_THINKING_SECONDS / 2)
    for table in (None, 7):
        refusal = budgets.refuse_thinking("client", table)
        assert refusal is not None
        assert refusal.limit == "client_bot_seconds_per_minute"
        assert refusal.retry_after == 1  # the half left fills in 0.05 s, a whole second said
    assert budgets.refuse_thinking("other", 7) is not None  # the table's own budget
    assert budgets.refuse_thinking("other", 8) is None
    budgets.pay("other", None, 6 - LEAST_THINKING_SECONDS * 2)
    assert budgets.refuse_thinking("other", None) is None
    tiny = Budgets(ServerLimits(client_bot_seconds_per_minute=LEAST_THINKING_SECONDS / 10))
    assert tiny.refuse_thinking("client", None) is None
    tiny.pay("client", None, LEAST_THINKING_SECONDS / 20)
    assert tiny.refuse_thinking("client", None) is not None


def test_the_next_turn_goes_to_the_lowest_priority_then_the_first_come() -> None:
    turns = Turns(1)
    assert turns.take(0.0, Deadline.after(1))
    order: list[str] = []

    def wait(name: str, priority: float) -> None:
        if turns.take(priority, Deadline.after(5)):
            order.append(name)
            turns.give_back()

    waiters = []
    for name, priority in (("spent", 0.0), ("first come", -1.0), ("full", -2.0), ("later", -1.0)):
        waiter = threading.Thread(target=wait, args=(name, priority))
        waiter.start()
        waiters.append(waiter)
        while turns.waiting_count < len(waiters):
            time.sleep(0.001)
    turns.give_back()
    for waiter in waiters:
        waiter.join(5)
    assert order == ["full", "first come", "later", "spent"]
