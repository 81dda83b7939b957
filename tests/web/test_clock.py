"""A person's clock at the web table, over real sockets: the server starts it when a
decision comes to the person, says how much is left, and plays the game's default move
for them (``timeout``) only once it has run out, whichever seat asks (the person is told
which move that is); a person's first decision of each hand has the hand's break on top."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scala40.bots import make_bot
from scala40.web.limits import ServerLimits
from tests.web.site import Site, serving, unmetered

CLOCK = 0.6
"""Seconds a decision, for these tests (short, so that they run out quickly)."""
BREAK = 30.0
"""Seconds of a hand's break, for the test of the break (far longer than a request)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    database = str(tmp_path_factory.mktemp("web") / "tables.sqlite")
    limits = unmetered(decision_seconds=CLOCK, hand_break_seconds=0)
    with serving(database, limits=limits) as running:
        yield running


def test_a_timeout_is_played_only_once_the_clock_has_run_out(site: Site) -> None:
    """Any seat could ask for another's default move at once: no clock was kept."""
    table, tokens = site.create("chinchon", [None, None])
    state = site.state(table)
    mover = state.current_player
    waiting = 1 - mover
    asker = {"seat": waiting, "token": tokens[str(waiting)]}
    status, answered = site.call("GET", f"/tables/{table}?seat={waiting}&token={asker['token']}")
    clock = answered["clock"]
    assert (clock["seat"], clock["seconds"]) == (mover, CLOCK)
    assert 0 < clock["left"] <= CLOCK
    # The move a timeout plays is told to the person it is played for, and to no one
    # else (a discard would name a card of their hand).
    assert "default_move" not in clock
    mine = site.call("GET", f"/tables/{table}?seat={mover}&token={tokens[str(mover)]}")[1]
    assert mine["clock"]["default_move"] == str(state.default_move(mover))
    for seat in (waiting, mover):  # the seat to decide may not skip its own clock either
        body = {"seat": seat, "token": tokens[str(seat)]}
        status, answered = site.call("POST", f"/tables/{table}/timeout", body)
        assert (status, answered["error"]) == (409, "ClockRunning"), answered
        assert f"seat {mover} has " in answered["message"]
    assert site.state(table) == state  # refused: nothing played
    time.sleep(CLOCK + 0.1)
    status, answered = site.call("POST", f"/tables/{table}/timeout", asker)
    assert status == 200, answered
    played = site.state(table)
    assert played.move_number == state.move_number + 1
    assert answered["events"][-1]["move"] == str(state.default_move(mover))
    # The next decision has a clock of its own, started afresh.
    assert answered["clock"]["left"] > 0
    status, answered = site.call("POST", f"/tables/{table}/timeout", asker)
    assert (status, answered["error"]) == (409, "ClockRunning")


def test_no_clock_runs_while_a_bot_is_to_move_or_the_match_is_over(site: Site) -> None:
    table, tokens = site.create("chinchon", [None, "greedy"], seed=3)
    asker = {"seat": 0, "token": tokens["0"]}
    status, answered = site.call("POST", f"/tables/{table}/resign", asker)
    assert status == 200, answered
    assert answered["clock"] is None
    status, answered = site.call("POST", f"/tables/{table}/timeout", asker)
    assert (status, answered["error"]) == (400, "InvalidArgumentError")


def test_the_clock_is_the_servers_to_set() -> None:
    with pytest.raises(ValueError, match="decision_seconds must be a number of seconds"):
        ServerLimits(decision_seconds=-1)


def test_a_persons_first_decision_of_each_hand_has_the_break_on_its_clock(
    tmp_path: Path,
) -> None:
    """The clock of the next hand's first decision ran while the page showed how the last
    hand ended: a person reading it could have their move played for them."""
    limits = unmetered(decision_seconds=CLOCK, hand_break_seconds=BREAK)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as site:
        table, tokens = site.create("chinchon", [None, "greedy"], seed=3)
        greedy = make_bot("greedy", "chinchon")
        rng = random.Random(3)
        hands: list[int] = []
        for _ in range(2_000):
            status, answered = site.call("GET", f"/tables/{table}?seat=0&token={tokens['0']}")
            assert status == 200, answered
            state = site.state(table)
            if state.is_over or len(hands) == 2:
                break
            first = not any(entry.seat == 0 for entry in state.view(0).history)
            if first:
                hands.append(state.hand_number)
                assert answered["clock"]["left"] > CLOCK, answered["clock"]
                status, refused = site.call(
                    "POST", f"/tables/{table}/timeout", {"seat": 0, "token": tokens["0"]}
                )
                assert (status, refused["error"]) == (409, "ClockRunning"), refused
            else:
                assert answered["clock"]["left"] <= CLOCK, answered["clock"]
            move = greedy.choose(state.view(0), list(state.legal_moves()), rng)
            body = {"seat": 0, "token": tokens["0"], "move": str(move)}
            status, answered = site.call(
                "POST", f"/tables/{table}/moves", {**body, "move_number": state.move_number}
            )
            assert status == 200, answered
        assert hands == [1, 2]


def test_every_persons_first_decision_of_a_hand_has_the_break(tmp_path: Path) -> None:
    """The defect: once one person had moved in a hand, the second person's first
    decision of it got no break (60 s against 90). Each person's first decision of each
    hand has it, at a table of two people."""
    limits = unmetered(decision_seconds=CLOCK, hand_break_seconds=BREAK)
    with serving(str(tmp_path / "tables.sqlite"), limits=limits) as site:
        table, tokens = site.create("chinchon", [None, None], players=2)
        greedy = make_bot("greedy", "chinchon")
        rng = random.Random(5)
        firsts: list[tuple[int, int]] = []
        for _ in range(200):
            state = site.state(table)
            if state.is_over or len(firsts) == 4:
                break
            seat = state.current_player
            token = tokens[str(seat)]
            status, answered = site.call("GET", f"/tables/{table}?seat={seat}&token={token}")
            assert status == 200, answered
            first = not any(entry.seat == seat for entry in state.view(seat).history)
            if first:
                firsts.append((state.hand_number, seat))
                assert answered["clock"]["left"] > CLOCK, (seat, answered["clock"])
            else:
                assert answered["clock"]["left"] <= CLOCK, (seat, answered["clock"])
            move = greedy.choose(state.view(seat), list(state.legal_moves()), rng)
            body = {"seat": seat, "token": token, "move": str(move)}
            status, answered = site.call(
                "POST", f"/tables/{table}/moves", {**body, "move_number": state.move_number}
            )
            assert status == 200, answered
        assert {seat for _, seat in firsts} == {0, 1}
