"""Fair dealing in ``scala40 serve`` (C-RNG): a game made without a seed is dealt from a
secret the referee draws and commits to, with the game's terms; ``commit`` answers the
commitment before the deal, and ``new`` with its ticket deals from the secret and the
client's values, so that the referee cannot choose the cards alone; ``deal`` reveals
everything once the match is over, so that the client checks the deal
(:mod:`scala40.serving.fair_deal`). While the match is on, the referee answers nothing that
shows a hidden card or the generator's state."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scala40.cli.serve import Referee
from scala40.serving.fair_deal import (
    DEAL_SCHEME,
    SHARED_DEAL_SCHEME,
    seed_of,
    shared_commitment_of,
    verify_deal,
)
from tests.test_cli_serve import ANSWER, REQUEST, _validate

VALUE = "a1" * 20
"""The client's value in these tests."""


def _ask(referee: Referee, request: dict[str, Any]) -> dict[str, Any]:
    _validate(request, REQUEST)
    answer = referee.answer(request)
    _validate(answer, ANSWER)
    return answer


def test_the_referees_secret_stays_secret_while_the_match_is_on() -> None:
    referee = Referee()
    made = _ask(referee, {"op": "new", "game": "chinchon", "bots": [None, "greedy"]})
    assert made["deal"] == {
        "scheme": SHARED_DEAL_SCHEME,
        "commitment": made["deal"]["commitment"],
        "seed_chosen": False,
        "terms": made["deal"]["terms"],
        "values": [None, None],
    }
    other = _ask(referee, {"op": "new", "game": "chinchon"})
    assert other["deal"]["commitment"] != made["deal"]["commitment"]  # a secret each time
    handle = made["handle"]
    assert _ask(referee, {"op": "deal", "handle": handle})["deal"] == made["deal"]
    chosen = _ask(referee, {"op": "new", "game": "chinchon", "seed": 4})
    assert chosen["deal"]["seed_chosen"] is True
    assert chosen["deal"]["scheme"] == DEAL_SCHEME


@pytest.mark.parametrize(
    "request_",
    [
        {"op": "save"},
        {"op": "view", "seat": 1},
        {"op": "events", "seat": 1},
        {"op": "sample", "seat": 1},
        {"op": "picture", "seat": 1},
    ],
    ids=lambda request: str(request["op"]),
)
def test_nothing_hidden_is_answered_while_the_referees_deal_is_on(
    request_: dict[str, Any],
) -> None:
    """The defect: ``save`` answered the generator's state (which rewinds to the secret
    seed) and ``view`` any seat's hand mid-match. Both are refused for a game the
    referee dealt while its match is on, for the seats its bots play; the client's own
    seat, a chosen seed, and a match that is over answer as before."""
    referee = Referee()
    handle = _ask(referee, {"op": "new", "game": "chinchon", "bots": [None, "greedy"]})["handle"]
    refused = _ask(referee, {**request_, "handle": handle})
    assert refused["ok"] is False
    assert refused["error"]["type"] == "InvalidArgumentError"
    assert "secret" in refused["error"]["message"] or "hidden" in refused["error"]["message"]
    if "seat" in request_:
        assert _ask(referee, {**request_, "handle": handle, "seat": 0})["ok"]
    chosen = _ask(referee, {"op": "new", "game": "chinchon", "seed": 4, "bots": [None, "greedy"]})
    assert _ask(referee, {**request_, "handle": chosen["handle"]})["ok"]
    _ask(referee, {"op": "apply", "handle": handle, "move": "resign 0"})
    assert _ask(referee, {**request_, "handle": handle})["ok"]


def _finish(referee: Referee, handle: str) -> tuple[dict[str, Any], dict[str, Any], list[Any]]:
    for _ in range(2):
        move = _ask(referee, {"op": "legal", "handle": handle})["moves"][0]["move"]
        assert _ask(referee, {"op": "apply", "handle": handle, "move": move})["ok"]
    over = _ask(referee, {"op": "apply", "handle": handle, "move": "resign 0"})
    assert over["summary"]["is_over"]
    deal = _ask(referee, {"op": "deal", "handle": handle})["deal"]
    view = _ask(referee, {"op": "view", "handle": handle, "seat": 0})["view"]
    events = _ask(referee, {"op": "events", "handle": handle, "seat": 0})["events"]
    return deal, view, events


def test_the_deal_is_revealed_at_the_end_and_verifies() -> None:
    referee = Referee()
    made = _ask(referee, {"op": "new", "game": "rumino", "players": 2, "bots": [None, "greedy"]})
    deal, view, events = _finish(referee, made["handle"])
    expected = shared_commitment_of(deal["secret"], deal["salt"], deal["terms"])
    assert expected == made["deal"]["commitment"]
    assert verify_deal(made["deal"]["commitment"], deal, view, events)


def test_a_client_helps_to_shuffle_after_the_commitment() -> None:
    """The defect: the referee alone chose the seed. ``commit`` answers the commitment
    (the secret and the game's terms), ``new`` with the ticket and the client's values
    deals from the seed both give, and the check holds the referee to the value."""
    referee = Referee()
    committed = _ask(
        referee, {"op": "commit", "game": "rumino", "players": 2, "bots": [None, "greedy"]}
    )
    assert json.loads(committed["deal"]["terms"])["seats"] == [{"player": True}, {"bot": "greedy"}]
    refusals = [
        {"ticket": committed["ticket"], "values": [VALUE, None], "seed": 5},
        {"ticket": committed["ticket"], "values": [VALUE]},
        {"ticket": committed["ticket"], "values": [VALUE, VALUE]},
        {"ticket": committed["ticket"], "values": ["not hex", None]},
        {"ticket": "c999", "values": [VALUE, None]},
    ]
    for fields in refusals:
        assert referee.answer({"op": "new", **fields})["ok"] is False, fields
    made = _ask(referee, {"op": "new", "ticket": committed["ticket"], "values": [VALUE, None]})
    assert made["deal"]["commitment"] == committed["deal"]["commitment"]
    assert _ask(referee, {"op": "new", "ticket": committed["ticket"], "values": [VALUE, None]})[
        "error"
    ]["message"].startswith("no commitment")
    deal, view, events = _finish(referee, made["handle"])
    assert deal["values"] == [VALUE, None]
    assert deal["seed"] == str(seed_of(deal["secret"], [VALUE, None]))
    commitment = committed["deal"]["commitment"]
    assert verify_deal(commitment, deal, view, events, value=VALUE)
    assert not verify_deal(commitment, deal, view, events, value="b2" * 20)


def test_a_game_the_referee_did_not_deal_has_no_deal() -> None:
    referee = Referee()
    made = _ask(referee, {"op": "new", "seed": 3})
    saved = _ask(referee, {"op": "save", "handle": made["handle"]})
    loaded = _ask(referee, {"op": "load", "state": saved["state"]})
    answer = _ask(referee, {"op": "deal", "handle": loaded["handle"]})
    assert answer["error"]["type"] == "InvalidArgumentError"
    assert "was not dealt by the referee" in answer["error"]["message"]
