"""Fair dealing in ``scala40 serve`` (C-RNG): a game made without a seed is dealt from one
the referee draws and keeps; ``new`` answers a commitment to it, and ``deal`` reveals
the seed and its salt once the match is over, so that the client and the people it
seats check the deal (:mod:`scala40.web.fair_deal`)."""

from __future__ import annotations

from typing import Any

from scala40.cli.serve import Referee
from scala40.web.fair_deal import DEAL_SCHEME, commitment_of, verify_deal
from tests.test_cli_serve import ANSWER, REQUEST, _validate


def _ask(referee: Referee, request: dict[str, Any]) -> dict[str, Any]:
    _validate(request, REQUEST)
    answer = referee.answer(request)
    _validate(answer, ANSWER)
    return answer


def test_the_referees_seed_stays_secret_while_the_match_is_on() -> None:
    referee = Referee()
    made = _ask(referee, {"op": "new", "game": "chinchon", "bots": [None, "greedy"]})
    assert made["deal"] == {
        "scheme": DEAL_SCHEME,
        "commitment": made["deal"]["commitment"],
        "seed_chosen": False,
    }
    other = _ask(referee, {"op": "new", "game": "chinchon"})
    assert other["deal"]["commitment"] != made["deal"]["commitment"]  # a seed drawn each time
    handle = made["handle"]
    assert _ask(referee, {"op": "deal", "handle": handle})["deal"] == made["deal"]
    chosen = _ask(referee, {"op": "new", "game": "chinchon", "seed": 4})
    assert chosen["deal"]["seed_chosen"] is True


def test_the_seed_is_revealed_at_the_end_and_the_deal_verifies() -> None:
    referee = Referee()
    made = _ask(referee, {"op": "new", "game": "rumino", "players": 2, "bots": [None, "greedy"]})
    handle = made["handle"]
    for _ in range(2):
        move = _ask(referee, {"op": "legal", "handle": handle})["moves"][0]["move"]
        assert _ask(referee, {"op": "apply", "handle": handle, "move": move})["ok"]
    over = _ask(referee, {"op": "apply", "handle": handle, "move": "resign 0"})
    assert over["summary"]["is_over"]
    deal = _ask(referee, {"op": "deal", "handle": handle})["deal"]
    assert commitment_of(deal["seed"], deal["salt"]) == made["deal"]["commitment"]
    view = _ask(referee, {"op": "view", "handle": handle, "seat": 0})["view"]
    events = _ask(referee, {"op": "events", "handle": handle, "seat": 0})["events"]
    assert verify_deal(made["deal"]["commitment"], deal, view, events)


def test_a_game_the_referee_did_not_deal_has_no_deal() -> None:
    referee = Referee()
    saved = _ask(referee, {"op": "save", "handle": _ask(referee, {"op": "new"})["handle"]})
    loaded = _ask(referee, {"op": "load", "state": saved["state"]})
    answer = _ask(referee, {"op": "deal", "handle": loaded["handle"]})
    assert answer["error"]["type"] == "InvalidArgumentError"
    assert "was not dealt by the referee" in answer["error"]["message"]
