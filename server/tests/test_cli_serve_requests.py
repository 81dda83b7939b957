"""``scala40 serve``'s requests read as the formats write them and checked whole: a batch
of melds answered meld by meld, seeds as integers or decimal text within what JSON
readers keep exactly, and bot seats built (and refused) when the game is made."""

from __future__ import annotations

from typing import Any

import pytest

from scala40_server.commands.serve import Referee

from .support.bots import FailingBot, failing_bots
from .test_cli_serve import ANSWER, REQUEST, _validate, _validator, jsonschema


def _ask(referee: Referee, request: dict[str, Any], *, valid: bool = True) -> dict[str, Any]:
    """The referee's answer to ``request``, checked against the answer schema (and the
    request against the request schema, when ``valid``)."""
    if valid:
        _validate(request, REQUEST)
    answer = referee.answer(request)
    _validate(answer, ANSWER)
    return answer


def test_one_unreadable_meld_costs_only_its_own_verdict() -> None:
    """A batch of 64 melds with one that is not cards: 63 verdicts and one error, each in
    its place (the whole request was once refused for it)."""
    melds = ["AS 2S 3S", "5D 5H 5S"] * 32
    melds[40] = "7X 8S 9S"
    answer = _ask(Referee(), {"op": "check", "game": "chinchon", "melds": melds})
    assert answer["ok"], answer
    assert len(answer["melds"]) == 64
    refused = answer["melds"][40]
    assert refused == {
        "text": "7X 8S 9S",
        "valid": False,
        "error": "InvalidCardError",
        "reason": refused["reason"],
    }
    assert "7X" in refused["reason"]
    assert [meld["valid"] for index, meld in enumerate(answer["melds"]) if index != 40] == [
        True
    ] * 63
    assert answer["valid"] is False
    assert answer["total"] == 16 * 6 + 16 * 15 + 15 * 6 + 16 * 15  # the readable melds


def test_every_kind_of_unreadable_meld_is_its_own_error() -> None:
    """Not a card: an error in its place; a natural card said to stand for another, and
    more copies of a card than the deck has, are melds judged invalid with their
    reasons, as ``check_meld`` judges them; the good meld judged."""
    melds = ["7S JK=8S 9S", "ZZ", "7S=8S 9S 10S", "AS " * 160, "KS KH"]
    answer = _ask(Referee(), {"op": "check", "melds": melds})
    assert answer["ok"], answer
    verdicts = answer["melds"]
    assert [verdict.get("error") for verdict in verdicts] == [
        None,
        "InvalidCardError",
        None,
        None,
        None,
    ]
    assert verdicts[0]["valid"] is True
    assert verdicts[2]["valid"] is False
    assert "only a wild card stands for another card" in verdicts[2]["reason"]
    assert verdicts[3]["valid"] is False
    assert "160 copies of AS" in verdicts[3]["reason"]
    assert (verdicts[4]["valid"], "reason" in verdicts[4]) == (False, True)


@pytest.mark.parametrize(
    ("seed", "same_as"),
    [(7, 7), ("7", 7), ("18446744073709551615", 2**64 - 1), (2**53 - 1, 2**53 - 1)],
)
def test_a_seed_is_an_integer_or_its_decimal_text(seed: object, same_as: int) -> None:
    """C-RNG: the formats write seeds as decimal text; serve takes them so, and as JSON
    integers up to 2**53 - 1 (what every JSON reader keeps exactly)."""
    referee = Referee()
    first = _ask(referee, {"op": "new", "seed": seed})
    again = _ask(referee, {"op": "new", "seed": str(same_as)})
    one = _ask(referee, {"op": "save", "handle": first["handle"]})["state"]
    two = _ask(referee, {"op": "save", "handle": again["handle"]})["state"]
    assert one == two


@pytest.mark.parametrize(
    "seed", [2**53, 2**64, "18446744073709551616", "-1", "+5", " 5", "5.0", "", "٣", 5.0, True]
)
def test_a_seed_past_what_json_keeps_exactly_is_refused(seed: object) -> None:
    answer = _ask(Referee(), {"op": "new", "seed": seed}, valid=False)
    assert answer["error"]["type"] in ("InvalidValueError", "InvalidArgumentError")
    assert "'seed'" in answer["error"]["message"]
    assert "2**53" in answer["error"]["message"] or "decimal" in answer["error"]["message"]


@pytest.mark.parametrize("boolean", [False, True])
def test_a_seat_or_a_number_written_as_a_boolean_is_refused(boolean: bool) -> None:
    """Python reads ``true`` as 1 and ``false`` as 0; the protocol's schema takes neither
    as an integer, nor does the referee: a seat (of every operation naming one, at a
    game whose seat 1 the referee's bot plays), a move number or a player count written
    so is refused, naming its field, as the schema refuses it."""
    referee = Referee()
    made = _ask(referee, {"op": "new", "game": "chinchon", "seed": 4, "bots": [None, "greedy"]})
    handle = made["handle"]
    for request in (
        {"op": "view", "handle": handle, "seat": boolean},
        {"op": "events", "handle": handle, "seat": boolean, "since": 0},
        {"op": "events", "handle": handle, "seat": 0, "since": boolean},
        {"op": "picture", "handle": handle, "seat": boolean},
        {"op": "sample", "handle": handle, "seat": boolean, "seed": 1},
        {"op": "apply", "handle": handle, "move": "draw", "expected_move_number": boolean},
        {"op": "new", "game": "chinchon", "players": boolean},
    ):
        if jsonschema is not None:  # the schema, where it can be checked
            assert not _validator(REQUEST["$id"]).is_valid(request), request
        answer = _ask(referee, request, valid=False)
        assert answer["ok"] is False, (request, answer)
        assert answer["error"]["type"] == "InvalidArgumentError", (request, answer)
        field = next(name for name, value in request.items() if value is boolean)
        assert f"{field!r} must be an integer" in answer["error"]["message"], answer


@pytest.mark.parametrize(
    "spec",
    [
        "belief:worlds=0",
        "greedy:depth=3",
        "ismcts:iterations=x",
        "search:worlds=2,worlds=3",
        "belief:model=x",
    ],
)
def test_a_bot_that_cannot_be_made_is_refused_when_the_game_is_made(spec: str) -> None:
    """A bot seat is made, whole, by 'new' and 'load': a bad option is refused there,
    with the library's message, and no game is held (none to fail at every move)."""
    referee = Referee()
    saved = _ask(
        referee, {"op": "save", "handle": _ask(referee, {"op": "new", "seed": 4})["handle"]}
    )
    for request in (
        {"op": "new", "game": "scala40", "bots": [None, spec]},
        {"op": "load", "state": saved["state"], "bots": [None, spec]},
    ):
        answer = _ask(referee, request)
        assert answer["error"]["type"] == "InvalidBotSpecError", answer
    assert (
        _ask(referee, {"op": "legal", "handle": "g2"})["error"]["type"] == "InvalidArgumentError"
    )


def test_a_bot_that_fails_at_its_first_move_leaves_no_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with failing_bots(monkeypatch, "chinchon"):
        referee = Referee("chinchon")
        answer = _ask(
            referee,
            {"op": "new", "players": 3, "bots": ["failing", "failing", None], "seed": 1},
            valid=False,
        )
        assert answer["error"] == {"type": "InvalidValueError", "message": FailingBot.MESSAGE}
        assert (
            _ask(referee, {"op": "legal", "handle": "g1"})["error"]["type"]
            == "InvalidArgumentError"
        )
