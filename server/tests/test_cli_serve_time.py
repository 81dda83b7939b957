"""``scala40 serve``'s time bound: everything a request makes the bots do runs under a
deadline of the server's request bound (``--request-seconds``, never the client's), the
bots asked through ``choose_move``; the bot seats play in slices, so that a resignation
or a long run of bot moves is played over several requests (``advance``).

The default run judges the slices (a request that plays fewer bot moves than the bots
would), and the seconds each request took only where the tests run alone
(:data:`~server.tests.support.hostile.TIMED`)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from scala40.cli import main
from scala40_server.commands.serve import Referee

from .support.bots import patient_bots
from .support.hostile import TIMED

pytestmark = pytest.mark.timed  # seconds judged alone (support/hostile.py: TIMED)

BOUND = 0.2
"""The request bound of these tests' referee, in seconds."""
SLACK = 0.25
"""What a request may take past the bound: the library's own bounded calls (a move, a
view, the answer) and the machine's load."""


def _timed(referee: Referee, request: dict[str, Any]) -> tuple[dict[str, Any], float]:
    started = time.monotonic()
    answer = referee.answer(request)
    return answer, time.monotonic() - started


def test_bots_that_would_think_longer_stop_at_the_request_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Five bots of 2 seconds a move once made a request last 4 seconds at rest and 37
    under load: the request's deadline reaches each bot, and the seats play on in
    slices."""
    with patient_bots(monkeypatch, "scala40"):
        referee = Referee("scala40", request_seconds=BOUND)
        bots = [*["patient"] * 5, None]  # seat 0 deals first: the bots play before seat 5
        new = {"op": "new", "players": 6, "bots": bots, "bot_time_limit": 2, "seed": 1}
        answer, seconds = _timed(referee, new)
        assert answer["ok"], answer
        if TIMED:
            assert seconds < BOUND + SLACK
        summary = answer["summary"]
        slices = 1
        while summary["current_player"] != 5:
            assert summary["current_player"] in range(5)
            answer, seconds = _timed(
                referee, {"op": "advance", "handle": answer.get("handle", "g1")}
            )
            assert answer["ok"], answer
            assert answer["bot_moves"]  # each slice plays on
            if TIMED:
                assert seconds < BOUND + SLACK
            summary, slices = answer["summary"], slices + 1
        assert slices > 1


@pytest.mark.parametrize(("time_limit", "most"), [(2.0, BOUND), (0.05, 0.05)])
def test_a_bot_asked_for_a_move_thinks_within_the_bound_and_its_time_limit(
    monkeypatch: pytest.MonkeyPatch, time_limit: float, most: float
) -> None:
    """serve's ``bot`` with time_limit 0.01 once took 3.6 s: the client's time_limit
    lowers the bot's budget, the server's bound caps it."""
    with patient_bots(monkeypatch, "chinchon"):
        referee = Referee("chinchon", request_seconds=BOUND)
        referee.answer({"op": "new", "seed": 2})
        asked = {"op": "bot", "handle": "g1", "bot": "patient", "time_limit": time_limit}
        answer, seconds = _timed(referee, asked)
        assert answer["ok"], answer
        if TIMED:
            assert most * 0.9 <= seconds < most + SLACK


def test_a_resignation_leaves_the_bots_to_play_on_in_slices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The client's resignation once played the rest of the match for the bot seats in
    one request (90 to 380 bot moves, 3.4 to 24 s); C-RESIGN: the match goes on without
    the seat, a slice at a time."""
    with patient_bots(monkeypatch, "rumino"):
        referee = Referee("rumino", request_seconds=0.1)
        bots = [None, "patient", "patient"]
        answer = referee.answer(
            {"op": "new", "players": 3, "bots": bots, "bot_time_limit": 0.02, "seed": 3}
        )
        while answer["summary"]["current_player"] != 0:
            answer = referee.answer({"op": "advance", "handle": "g1"})
        answer, seconds = _timed(referee, {"op": "apply", "handle": "g1", "move": "resign 0"})
        assert answer["ok"], answer
        if TIMED:
            assert seconds < 0.1 + SLACK
        assert not answer["summary"]["is_over"]
        assert 0 < len(answer["bot_moves"]) < 20
        answer, seconds = _timed(referee, {"op": "advance", "handle": "g1"})
        if TIMED:
            assert seconds < 0.1 + SLACK
        assert answer["bot_moves"]


def test_the_request_bound_is_the_servers_to_set(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="the request bound must be a number of seconds"):
        Referee(request_seconds=0)
    for value in ("0", "61", "nan", "1e3"):
        assert main(["serve", "--request-seconds", value]) == 2
        assert "--request-seconds" in capsys.readouterr().err
