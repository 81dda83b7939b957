"""Fair dealing in ``scala40 serve`` (C-RNG): a game made without a seed shuffles with the
client's seats by default: the referee draws a secret and commits to it with the game's
terms (``new``), the client commits to a value for each seat it plays (``commit``), then
reveals them (``reveal``), and the game is dealt from a seed all of them give, so that
the referee cannot choose the cards, nor a seat once it has seen another's; a seat that
withholds its value voids the game, by name. ``deal`` reveals everything once the match
is over, so that the client checks the deal (:mod:`scala40_server.serving.fair_deal`). While the
match is on, the referee answers nothing that shows a hidden card or the generator's
state. A game made with ``"shuffle": false`` is dealt from the secret alone, and says
so (D2: it was the default, and its deal verified)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scala40.errors import InvalidArgumentError
from scala40.game import load_game
from scala40_server.commands.serve import Referee
from scala40_server.serving.fair_deal import (
    DEAL_SCHEME,
    SEALED_DEAL_SCHEME,
    deal_problems,
    sealed_commitment_of,
    sealed_seed_of,
    value_commitment_of,
    verify_deal,
)
from scala40_server.serving.seat_access import Reach, SeatAccess

from .test_cli_serve import ANSWER, REQUEST, _validate

VALUE = "a1" * 20
"""The client's value in these tests."""


def _ask(referee: Referee, request: dict[str, Any]) -> dict[str, Any]:
    _validate(request, REQUEST)
    answer = referee.answer(request)
    _validate(answer, ANSWER)
    return answer


def _dealt(referee: Referee, fields: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """A game ``new`` makes with ``fields``, its client's seats shuffled in: seat 0 (and
    every seat no bot plays) commits to :data:`VALUE`, then reveals it. The answer of
    ``new`` and the commitments the client saw before it revealed."""
    made = _ask(referee, {"op": "new", **fields})
    assert made["dealt"] is False
    bots = fields.get("bots") or [None] * len(made["deal"]["values"])
    table = made["deal"]["commitment"]
    sealed = [
        None if bot is not None else value_commitment_of(table, seat, VALUE)
        for seat, bot in enumerate(bots)
    ]
    seen = _ask(referee, {"op": "commit", "handle": made["handle"], "commitments": sealed})
    values = [None if bot is not None else VALUE for bot in bots]
    dealt = _ask(referee, {"op": "reveal", "handle": made["handle"], "values": values})
    assert dealt["dealt"] is True
    return made, seen["deal"]["commitments"]


def test_the_referees_secret_stays_secret_while_the_match_is_on() -> None:
    referee = Referee()
    made = _ask(referee, {"op": "new", "game": "chinchon", "bots": [None, "greedy"]})
    assert made["deal"] == {
        "scheme": SEALED_DEAL_SCHEME,
        "commitment": made["deal"]["commitment"],
        "seed_chosen": False,
        "terms": made["deal"]["terms"],
        "phase": "commit",
        "commitments": [None, None],
        "values": [None, None],
    }
    assert "summary" not in made
    other = _ask(referee, {"op": "new", "game": "chinchon"})
    assert other["deal"]["commitment"] != made["deal"]["commitment"]  # a secret each time
    handle = made["handle"]
    assert _ask(referee, {"op": "deal", "handle": handle})["deal"] == made["deal"]
    shuffled, _ = _dealt(referee, {"game": "chinchon", "bots": [None, "greedy"]})
    shown = _ask(referee, {"op": "deal", "handle": shuffled["handle"]})["deal"]
    assert shown["phase"] == "dealt"
    assert not {"secret", "salt", "seed"} & set(shown)
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
    made, _ = _dealt(referee, {"game": "chinchon", "bots": [None, "greedy"]})
    handle = made["handle"]
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


def test_the_cards_a_chance_step_deals_are_not_answered_while_the_deal_is_on() -> None:
    """At a chance step of a game dealt from a secret, what reaches the seat to decide
    (``legal``, ``hint``, ``bot``) would list the cards the deal brings next: refused to
    a client that does not know every card, answered to one that does."""
    game = load_game("chinchon")
    state = game.new_game(game.ruleset_type.default(), 2, 1, auto_chance=False)
    assert state.is_chance
    hidden = SeatAccess(seats=frozenset({0}), knows_all=False)
    for op in ("legal", "hint", "bot"):
        with pytest.raises(InvalidArgumentError, match="keeps this game's deal secret"):
            hidden.check(Reach.DECIDER, state, repr(op))
    SeatAccess(seats=frozenset({0}), knows_all=True).check(Reach.DECIDER, state, "'legal'")


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
    made, seen = _dealt(referee, {"game": "rumino", "players": 2, "bots": [None, "greedy"]})
    deal, view, events = _finish(referee, made["handle"])
    expected = sealed_commitment_of(deal["secret"], deal["salt"], deal["terms"])
    assert expected == made["deal"]["commitment"]
    assert deal["values"] == [VALUE, None]
    assert deal["seed"] == str(sealed_seed_of(deal["secret"], [VALUE, None]))
    commitment = made["deal"]["commitment"]
    assert verify_deal(commitment, deal, view, events, value=VALUE, commitments=seen)
    assert not verify_deal(commitment, deal, view, events, value="b2" * 20, commitments=seen)


def test_the_client_commits_then_reveals_each_once() -> None:
    """The commitments come first, one per seat the client plays (a bot's seat has
    none), once; then the values, each hashing to its commitment; the game answers
    nothing until it is dealt, and says what it waits for."""
    referee = Referee()
    fields = {"game": "rumino", "players": 2, "bots": [None, "greedy"]}
    made = _ask(referee, {"op": "new", **fields})
    handle, table = made["handle"], made["deal"]["commitment"]
    sealed = value_commitment_of(table, 0, VALUE)
    waiting = referee.answer({"op": "legal", "handle": handle})
    assert "waits for its seats' commitments ('commit')" in waiting["error"]["message"]
    refusals: list[tuple[str, dict[str, Any], str]] = [
        ("commit", {"commitments": [sealed]}, "one entry per seat"),
        ("commit", {"commitments": [None, None]}, "at least"),
        ("commit", {"commitments": [sealed, sealed]}, "bot's"),
        ("commit", {"commitments": ["AB" * 32, None]}, "hexadecimal"),
        ("reveal", {"values": [VALUE, None]}, "waits for its seats' commitments"),
    ]
    for op, request, message in refusals:
        refused = referee.answer({"op": op, "handle": handle, **request})
        assert refused["ok"] is False, (op, request)
        assert message in refused["error"]["message"], refused
    asked = _ask(referee, {"op": "commit", "handle": handle, "commitments": [sealed, None]})
    assert asked["deal"]["phase"] == "reveal"
    assert asked["deal"]["commitments"] == [sealed, None]
    again = referee.answer({"op": "commit", "handle": handle, "commitments": [sealed, None]})
    assert "has its commitments already" in again["error"]["message"]
    wrong = referee.answer({"op": "reveal", "handle": handle, "values": ["b2" * 20, None]})
    assert "does not hash to the commitment" in wrong["error"]["message"]
    dealt = _ask(referee, {"op": "reveal", "handle": handle, "values": [VALUE, None]})
    assert dealt["dealt"] is True
    assert dealt["summary"]["game"] == "rumino"
    assert dealt["deal"]["values"] == [VALUE, None]
    late = referee.answer({"op": "reveal", "handle": handle, "values": [VALUE, None]})
    assert "dealt already" in late["error"]["message"]
    assert _ask(referee, {"op": "legal", "handle": handle})["moves"]


def test_a_seat_that_withholds_its_value_voids_the_game_by_name() -> None:
    """Two seats commit; the client reveals one and withholds the other: no card is
    dealt, the deal says ``void`` and names the seat, and every operation on the game
    but ``deal`` and ``close`` says why."""
    referee = Referee()
    made = _ask(referee, {"op": "new", "game": "chinchon"})
    handle, table = made["handle"], made["deal"]["commitment"]
    sealed = [value_commitment_of(table, seat, VALUE) for seat in range(2)]
    _ask(referee, {"op": "commit", "handle": handle, "commitments": sealed})
    void = _ask(referee, {"op": "reveal", "handle": handle, "values": [VALUE, None]})
    assert void["dealt"] is False
    assert void["deal"]["phase"] == "void"
    assert void["deal"]["withheld"] == [1]
    refused = referee.answer({"op": "legal", "handle": handle})
    assert "void: seat 1 committed to a value and withheld it" in refused["error"]["message"]
    assert _ask(referee, {"op": "deal", "handle": handle})["deal"]["phase"] == "void"
    assert _ask(referee, {"op": "close", "handle": handle})["closed"] == handle


def test_a_game_shuffles_with_the_client_by_default_and_says_when_it_does_not() -> None:
    """(D2) ``new`` without a seed waits for the client's seats; with ``"shuffle":
    false`` it is dealt at once from the referee's secret alone, its terms say so, and
    the check reports the deal as the referee's choice."""
    referee = Referee()
    assert _ask(referee, {"op": "new", "game": "rumino"})["dealt"] is False
    fields = {"game": "rumino", "players": 2, "bots": [None, "greedy"], "shuffle": False}
    alone = _ask(referee, {"op": "new", **fields})
    assert alone["dealt"] is True
    assert json.loads(alone["deal"]["terms"])["shuffle"] is False
    deal, view, events = _finish(referee, alone["handle"])
    problems = deal_problems(alone["deal"]["commitment"], deal, view, events)
    assert problems[0].startswith("the server chose this deal")
    mixed = referee.answer({"op": "new", "game": "rumino", "seed": 3, "shuffle": True})
    assert "a chosen seed is dealt as chosen" in mixed["error"]["message"]


def test_a_game_the_referee_did_not_deal_has_no_deal() -> None:
    referee = Referee()
    made = _ask(referee, {"op": "new", "seed": 3})
    saved = _ask(referee, {"op": "save", "handle": made["handle"]})
    loaded = _ask(referee, {"op": "load", "state": saved["state"]})
    answer = _ask(referee, {"op": "deal", "handle": loaded["handle"]})
    assert answer["error"]["type"] == "InvalidArgumentError"
    assert "was not dealt by the referee" in answer["error"]["message"]
