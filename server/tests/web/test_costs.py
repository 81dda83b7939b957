"""What a request costs the web table server, metered (:mod:`scala40_server.web.budgets`,
:mod:`scala40_server.web.quotas`, :mod:`scala40_server.web.turns`), over real sockets where a request
is sent.

The defect, as an audit found it: strangers from 32 or 64 addresses, each sending one
``POST /picture`` at a time of a view listing one move ~3,000 times (250 KB, ~40 ms of
the server's CPU), held as few connections as a seated person and so tied with the
person's priority for the server's turns: the turns went first come, and 5 of 10 of the
person's requests were answered 503 after 2 s, newcomers 0 of 11 within 1 s. Now the
picture does not read the moves it does not draw; every request's CPU is paid from its
client's budget a minute; and among clients holding as many connections the turns go to
those whose requests cost least (the flood tests, :mod:`server.tests.web.test_flood`, hold the
figures).
"""

from __future__ import annotations

import gc
import http.client
import json
import pathlib
import random
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

import scala40.bots.registry
import scala40.game
import scala40_server.web.turns as turns_module
from scala40.bots.registry import GameBots, game_bots_of
from scala40.deadline import Deadline
from scala40.drawing import view_svg
from scala40.errors import InvalidValueError
from scala40.game import load_game
from scala40.view_json import view_from_dict
from scala40_server.serving.fair_deal import value_commitment_of
from scala40_server.web.budgets import Budgets
from scala40_server.web.limits import ServerLimits
from scala40_server.web.quotas import NEW_CLIENT_COST, RequestCosts
from scala40_server.web.server import make_server
from scala40_server.web.tables import Tables, TableStore
from scala40_server.web.turns import Turns, aside, counted_apart

from ..support.bots import patient_bots
from ..support.hostile import TIMED
from ..web.flood import Outcome, expensive_picture, request


@contextmanager
def _server(tmp_path: pathlib.Path, **limits: Any) -> Iterator[tuple[Tables, tuple[str, int]]]:
    """A server over real sockets with ``limits``: its tables and its address."""
    tables = Tables(TableStore(str(tmp_path / "tables.sqlite")), ServerLimits(**limits))
    server = make_server(tables)
    try:
        yield tables, ("127.0.0.1", int(server.server_address[1]))
    finally:
        server.shutdown()
        server.server_close()


def _post_into(
    outcomes: list[Outcome], server: tuple[str, int], source: str, path: str, body: object
) -> None:
    """``POST`` ``body`` to ``path`` from ``source``, its outcome put in ``outcomes``."""
    outcomes.append(request(server, source, "POST", path, body))


def _busy(seconds: float) -> None:
    """Spend ``seconds`` of the calling thread's CPU."""
    ends = time.thread_time() + seconds
    while time.thread_time() < ends:
        pass


def test_a_picture_does_not_read_the_moves_it_does_not_draw(tmp_path: pathlib.Path) -> None:
    """A view listing its move thousands of times, up to the body's limit, is drawn as the
    same view listing it once, for a small part of what judging those moves costs."""
    body = expensive_picture()
    sent = json.loads(body)
    assert len(sent["view"]["legal_moves"]) > 2_000
    once = {**sent["view"], "legal_moves": sent["view"]["legal_moves"][:1]}
    picture = view_svg(once, layout_width=200)  # the drawing's first use, paid here
    started = time.thread_time()
    view_from_dict(sent["view"])
    judging = time.thread_time() - started
    with _server(tmp_path) as (tables, server):
        connection = http.client.HTTPConnection(*server, timeout=30)
        connection.request("POST", "/picture", body)
        answer = connection.getresponse()
        assert answer.status == 200
        assert answer.read().decode() == picture
        connection.close()
        cost = tables.budgets.costs.expected("127.0.0.1")
    # What the picture cost includes drawing its 1,000 cards, which judging does not (a
    # figure, printed: a time is no test's verdict on a loaded machine).
    print(f"the picture cost {cost * 1000:.1f} ms, judging its moves {judging * 1000:.1f} ms")
    # The moves are not read at all: a list of entries no view's reader takes is drawn
    # the same (the reader refuses it: reading it would answer 400).
    unread = json.dumps(
        {**sent, "view": {**sent["view"], "legal_moves": [{"text": "no move"}] * 3}}
    )
    with _server(tmp_path) as (_, server):
        connection = http.client.HTTPConnection(*server, timeout=30)
        connection.request("POST", "/picture", unread.encode())
        answer = connection.getresponse()
        assert answer.status == 200, answer.read()
        assert answer.read().decode() == picture
        connection.close()
    # Moves that are no list are still refused, by the view's reader.
    broken = json.dumps({"view": {**sent["view"], "legal_moves": "draw"}}).encode()
    with _server(tmp_path) as (_, server):
        assert request(server, "127.0.0.2", "POST", "/picture", broken).status == 400


def test_a_clients_cpu_a_minute_is_capped_and_its_refusal_says_when_to_try_again(
    tmp_path: pathlib.Path,
) -> None:
    """A client past the CPU the server works for it a minute is refused 429, naming the
    limit and when to try again; another client is served."""
    with _server(tmp_path, client_cpu_seconds_per_minute=0.001) as (_, server):
        assert request(server, "127.0.0.2", "POST", "/picture", expensive_picture()).status == 200
        refused = request(server, "127.0.0.2", "GET", "/games")
        assert refused.status == 429, refused.answer
        assert refused.answer["limit"] == "client_cpu_seconds_per_minute"
        assert refused.answer["retry_after"] >= 1
        assert request(server, "127.0.0.3", "GET", "/games").status == 200


def test_the_cheapest_clients_request_goes_first_at_as_many_connections() -> None:
    """Three clients holding one connection each wait for the one turn: a person whose
    requests cost little goes first, then a newcomer, then a stranger whose requests cost
    much; a client holding more connections goes after all of them, however cheap."""
    budgets = Budgets(ServerLimits())
    turns = Turns(1)
    for client, seconds in (("person", 0.002), ("stranger", 0.060), ("many", 0.0)):
        budgets.costs.arrive(client)
        budgets.costs.leave(client, seconds)
    assert turns.take(0.0, Deadline.after(1))
    order: list[str] = []

    def wait(client: str, connections: int) -> None:
        with budgets.running(client, connections, turns, Deadline.after(5)) as taken:
            if taken:
                order.append(client)

    waiters = []
    for client, connections in (("many", 2), ("stranger", 1), ("newcomer", 1), ("person", 1)):
        waiter = threading.Thread(target=wait, args=(client, connections))
        waiter.start()
        waiters.append(waiter)
        while turns.waiting_count < len(waiters):
            time.sleep(0.001)
    turns.give_back()
    for waiter in waiters:
        waiter.join(5)
    assert order == ["person", "newcomer", "stranger", "many"]


def test_only_sending_less_lowers_what_a_client_is_expected_to_cost() -> None:
    """A costly request counts at once; cheap ones after it, and time spent waiting for
    a turn that never came, do not lower it; time without a request halves it."""
    costs = RequestCosts()
    assert costs.arrive("stranger", now=0.0) == NEW_CLIENT_COST
    costs.leave("stranger", 0.040, now=0.1)
    costs.arrive("stranger", now=0.1)
    costs.leave("stranger", 0.001, now=0.2)
    assert costs.arrive("stranger", now=0.2) == 0.040
    costs.leave("stranger", None, now=2.2)  # waited 2 s, refused: not worked on
    assert costs.arrive("stranger", now=2.2) == 0.040
    costs.leave("stranger", 0.040, now=2.3)
    assert costs.expected("stranger", now=3.3) == 0.020


def test_a_turns_charge_counts_its_own_cpu_and_tells_a_bots_apart() -> None:
    """The CPU a request spends holding its turn is charged, that of a bot that does not
    search told apart (its bots' budget pays it), and none of what it spends while its
    turn is aside (a bot that searches, in a turn of its own)."""
    turns = Turns(1)
    charged: list[tuple[float, float, float]] = []
    with turns.running(0.0, Deadline.after(1), lambda *spent: charged.append(spent)) as taken:
        assert taken
        _busy(0.02)
        with counted_apart():
            _busy(0.03)
        with aside():
            _busy(0.05)
    ((worked, apart, _),) = charged
    assert 0.05 <= worked < 0.09, worked
    assert 0.03 <= apart < 0.05, apart


def _collect_cycles(count: int) -> None:
    """Make ``count`` lists that refer to themselves, drop them and collect them."""
    cycles: list[list[object]] = [[] for _ in range(count)]
    for cycle in cycles:
        cycle.append(cycle)
    del cycles
    gc.collect()


def test_a_collection_of_garbage_a_request_runs_is_told_apart_from_its_cost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The interpreter's collection of garbage that a request's thread runs (the garbage
    every request's) is charged apart, and not expected of the client's next requests;
    the client's budget still pays it. The defect, as the soak's flood found it: 42
    collections in 20 s of a flood from 32 addresses, up to 55 ms each, were charged to
    whichever request set them off; a seated person's cheap request that did was then
    expected to cost as much as a stranger's costliest, and waited behind the strangers
    past its bound (503)."""
    turns = Turns(1)
    charged: list[tuple[float, float, float]] = []
    with turns.running(0.0, Deadline.after(1), lambda *spent: charged.append(spent)) as taken:
        assert taken
        _collect_cycles(50_000)
    ((worked, _, collected),) = charged
    assert 0 < collected <= worked, charged

    # The thread's CPU clock as a turn reads it: taken at 0, a collection from 2 ms to
    # 52 ms, given back at 55 ms (no other collection meanwhile): 5 ms the request's own.
    readings = iter([0.0, 0.002, 0.052, 0.055])
    monkeypatch.setattr(turns_module, "time", SimpleNamespace(thread_time=lambda: next(readings)))
    budgets = Budgets(ServerLimits(client_cpu_seconds_per_minute=1))
    gc.disable()
    try:
        with budgets.running("person", 1, Turns(1), Deadline.after(1)) as taken:
            assert taken
            turns_module._count_collection("start", {})
            turns_module._count_collection("stop", {})
    finally:
        gc.enable()
    assert budgets.costs.expected("person") == pytest.approx(0.005, abs=0.0001)
    assert budgets.working.share_left("person") == pytest.approx(0.945, abs=0.001)


def test_a_requests_cpu_is_paid_from_its_clients_budget_its_bots_moves_aside() -> None:
    budgets = Budgets(ServerLimits(client_cpu_seconds_per_minute=1))
    with budgets.running("person", 1, Turns(1), Deadline.after(1)) as taken:
        assert taken
        _busy(0.02)
        with budgets.thinking("person", None, Deadline.after(1), search=False) as thinking:
            assert isinstance(thinking, Deadline)
            _busy(0.2)
    left = budgets.working.share_left("person")
    assert 0.9 < left < 0.99, left
    assert budgets.costs.expected("person") >= 0.22


@pytest.mark.timed
def test_a_deal_whose_bot_thinks_leaves_the_file_to_other_requests(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The request that deals a table's cards, its first bot thinking for a second, holds
    no write of the file meanwhile: a stranger's new table, which writes, is made in the
    turn the thinking bot gave back. (The deal's write was held open while the bot
    thought: the stranger waited for the file holding the server's one turn, and the bot
    for the turn, until the file's timeout.)"""
    thinking = {"game": "chinchon", "bots": ["patient", None], "bot_time_limit": 1.0}
    with (
        patient_bots(monkeypatch, "chinchon"),
        _server(tmp_path, requests_at_once=1) as (
            _,
            server,
        ),
    ):
        for attempt in range(10):
            made = request(server, "127.0.0.2", "POST", "/tables", thinking).answer
            deal, asker = made["deal"], {"seat": 1, "token": made["tokens"]["1"]}
            value = f"{attempt:064x}"
            commitment = value_commitment_of(deal["commitment"], 1, value)
            shuffle = f"/tables/{made['table']}/shuffle"
            assert (
                request(
                    server, "127.0.0.2", "POST", shuffle, {**asker, "commitment": commitment}
                ).status
                == 200
            )
            dealt: list[Outcome] = []
            dealing = threading.Thread(
                target=_post_into,
                args=(dealt, server, "127.0.0.2", shuffle, {**asker, "value": value}),
            )
            dealing.start()
            time.sleep(0.3)
            stranger = request(server, "127.0.0.3", "POST", "/tables", {"game": "chinchon"})
            dealing.join(30)
            assert dealt[0].status == 200, dealt[0].answer
            if dealt[0].answer["view"]["move_number"] == 0:
                continue  # the person moves first: no bot thought in the deal's request
            assert stranger.status == 200, stranger.answer
            if TIMED:
                assert stranger.seconds < 1.5, stranger
            return
        raise AssertionError("the bot never moved first in 10 tables")


class _OnceFailingBot:
    """Fails at its first move in this process (a library error), then plays as greedy."""

    name = "once-failing"
    failed: ClassVar[list[bool]] = []

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if not self.failed:
            self.failed.append(True)
            raise InvalidValueError("the bot fails at its first move")
        return (
            game_bots_of(load_game(view.state_type.game_name))
            .bots["greedy"]()
            .choose(view, legal, rng)
        )


def test_a_request_that_fails_after_the_deal_leaves_the_table_dealt_to_play_on(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deal is stored with the cards it dealt before the bots play: a bot that fails
    at its first move fails that request, and the next plays on from the deal."""
    game = load_game("chinchon")
    bots = GameBots({**game_bots_of(game).bots, "once-failing": _OnceFailingBot})
    monkeypatch.setitem(scala40.bots.registry._REGISTERED, "chinchon", bots)
    with _server(tmp_path) as (_, server):
        for attempt in range(10):
            made = request(
                server,
                "127.0.0.2",
                "POST",
                "/tables",
                {"game": "chinchon", "bots": ["once-failing", None]},
            ).answer
            asker = {"seat": 1, "token": made["tokens"]["1"]}
            value = f"{attempt:064x}"
            commitment = value_commitment_of(made["deal"]["commitment"], 1, value)
            shuffle = f"/tables/{made['table']}/shuffle"
            request(server, "127.0.0.2", "POST", shuffle, {**asker, "commitment": commitment})
            dealt = request(server, "127.0.0.2", "POST", shuffle, {**asker, "value": value})
            if dealt.status == 200:
                continue  # the person moves first: the bot has not played yet
            assert dealt.status == 400, dealt.answer
            advance = f"/tables/{made['table']}/advance"
            again = request(server, "127.0.0.2", "POST", advance, asker)
            assert again.status == 200, again.answer
            assert again.answer["dealt"]
            assert again.answer["view"]["move_number"] > 0  # the bot played on
            return
        raise AssertionError("the bot never moved first in 10 tables")
