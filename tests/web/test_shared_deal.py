"""Deals a person helps to shuffle (:mod:`scala40.serving.fair_deal`): after the commitment,
each person's seat sends a random value, and the seed is derived from the server's
secret and those values, so that a server that grinds secrets gains nothing and one that
deals from any other seed fails :func:`~scala40.serving.fair_deal.verify_deal`.

The defects, each reproduced here: the server alone chose the seed (one that drew 200
seeds and kept the worst hand for the person committed to it and verified); the
commitment covered the seed alone, and the check took the rules of the last view (11
views with changed options verified); ``verify_deal`` raised ``KeyError`` on a view
without ``player_count`` or ``rules``; the events a client was sent failed the check
after an allowed undo.
"""

from __future__ import annotations

import contextlib
import copy
import json
import pathlib
import random
from typing import Any

import pytest

from scala40.bots import make_bot
from scala40.errors import InvalidArgumentError, InvalidValueError, SerializationError
from scala40.events import events_of
from scala40.game import load_game
from scala40.serving.fair_deal import (
    SharedDeal,
    check_value,
    deal_problems,
    seed_of,
    shared_commitment_of,
    terms_text,
    verify_deal,
)
from scala40.web.limits import ServerLimits
from scala40.web.tables import RequestError, Tables, TableStore

VALUE = "c0ffee" * 8
"""The person's value in these tests (48 hexadecimal digits)."""


def _tables(tmp_path: pathlib.Path) -> Tables:
    return Tables(TableStore(str(tmp_path / "tables.sqlite")))


def _state(tables: Tables, table: int, game: str) -> Any:
    """The table's state as the server keeps it."""
    with tables.store.connect() as db:
        (text,) = db.execute("SELECT state FROM tables WHERE id = ?", (table,)).fetchone()
    return load_game(game).state_from_dict(json.loads(text))


def _play_with_an_undo(tables: Tables, game: str) -> tuple[dict[str, Any], list[Any], Any]:
    """A table whose person sends a value, takes the discard and undoes it, plays on a
    few moves and resigns: its commitment, every event it was sent (oldest first, as
    sent, the undone move's included), and its last answer."""
    _, made = tables.handle("POST", "/tables", "", {"game": game, "shuffle": True})
    assert made["dealt"] is False
    table, token = made["table"], made["tokens"]["0"]
    asker = {"seat": 0, "token": token}
    path = f"/tables/{table}"
    sent: list[Any] = []
    _, answer = tables.handle("POST", path + "/shuffle", "", {**asker, "value": VALUE})
    sent += answer["events"]
    undone = False
    greedy = make_bot("greedy", game)
    rng = random.Random(2)
    for _ in range(12):
        view = answer["view"]
        if view["is_over"] or view["current_player"] != 0:
            break
        texts = [move["text"] for move in view["legal_moves"]]
        since = view["move_number"]
        if not undone and "take" in texts:
            _, answer = tables.handle(
                "POST", path + "/moves", "", {**asker, "move": "take", "move_number": since}
            )
            sent += answer["events"]
            if answer["can_undo"]:
                body = {**asker, "move_number": answer["view"]["move_number"], "since": since + 1}
                _, answer = tables.handle("POST", path + "/undo", "", body)
                sent += answer["events"]
                undone = True
            continue
        state = _state(tables, table, game)
        move = greedy.choose(state.view(0), list(state.legal_moves()), rng)
        body = {**asker, "move": str(move), "move_number": since, "since": since}
        _, answer = tables.handle("POST", path + "/moves", "", body)
        sent += answer["events"]
    assert undone, "the seeded table gave no take to undo"
    since = answer["view"]["move_number"]
    _, answer = tables.handle("POST", path + "/resign", "", {**asker, "since": since})
    sent += answer["events"]
    return made, sent, answer


@pytest.mark.parametrize("game", ["chinchon", "rumino"])
def test_a_person_helps_to_shuffle_and_verifies_the_events_as_sent_undo_included(
    tmp_path: pathlib.Path, game: str
) -> None:
    made, sent, over = _play_with_an_undo(_tables(tmp_path), game)
    deal = over["deal"]
    assert deal["values"][0] == VALUE
    assert deal["seed"] == str(seed_of(deal["secret"], deal["values"]))
    numbers = [event["number"] for event in sent if event["seat"] == 0]
    assert len(numbers) > len(set(numbers)), "an undone move's events are among those sent"
    commitment = made["deal"]["commitment"]
    assert deal_problems(commitment, deal, over["view"], sent, value=VALUE) == []
    # Another value than the person's: the server did not use it.
    assert not verify_deal(commitment, deal, over["view"], sent, value="ab" * 16)


def _feed(game: Any, rules: Any, seed: int, seat: int) -> tuple[list[Any], Any]:
    """What a server dealing from ``seed`` sends ``seat`` over a game of random moves
    (at most 80): its events and its last view."""
    state = game.new_game(rules, 2, seed)
    rng = random.Random(7)
    events: list[Any] = []
    for _ in range(80):
        if state.is_over:
            break
        legal = list(state.legal_moves())
        move = legal[0] if state.is_chance else rng.choice(legal)
        after = state.apply(move)
        events += [event.for_seat(seat) for event in events_of(state, move, after)]
        state = after
    return events, state.view(seat).to_dict()


def test_a_server_dealing_from_any_other_seed_fails_verification() -> None:
    """A server that grinds secrets before the person's value comes, ignores the value,
    or deals from any seed but the one its commitment and the value give, fails the
    check: 40 other seeds tried, each refused; the honest deal verified."""
    game = load_game("chinchon")
    rules = game.ruleset_type.default()
    terms = terms_text(game.name, rules.to_dict(), [{"player": True}, {"bot": "greedy"}])
    deal = SharedDeal.draw(terms, 2).with_value(0, VALUE)
    deal = type(deal)(deal.secret, deal.salt, deal.terms, deal.values, True)
    revealed = deal.public(revealed=True)
    events, view = _feed(game, rules, deal.seed, 0)
    assert verify_deal(deal.commitment, revealed, view, events, value=VALUE)
    rng = random.Random(11)
    others = [seed_of(deal.secret, [None, None])]  # the value ignored
    others += [seed_of(f"{rng.getrandbits(256):064x}", [VALUE, None]) for _ in range(19)]
    others += [rng.getrandbits(64) for _ in range(20)]  # any seed at all
    for seed in others:
        events, view = _feed(game, rules, seed, 0)
        assert not verify_deal(deal.commitment, revealed, view, events, value=VALUE), seed
        # Revealing the seed it dealt from does not help: it is not the values' seed.
        forged = {**revealed, "seed": str(seed)}
        problems = deal_problems(deal.commitment, forged, view, events, value=VALUE)
        assert problems
        assert "values give" in problems[0]
    # A server that leaves the person's value out of what it reveals.
    without = {**revealed, "values": [None, None], "seed": str(seed_of(deal.secret, [None, None]))}
    events, view = _feed(game, rules, seed_of(deal.secret, [None, None]), 0)
    assert "your value" in deal_problems(deal.commitment, without, view, events, value=VALUE)[0]


def test_the_commitment_covers_the_game_the_rules_and_the_seats() -> None:
    """Terms changed after the commitment (an option, a seat, the game) fail the check,
    and so does a last view whose rules are not the committed ones: the check replays
    under the committed rules, never the view's."""
    game = load_game("chinchon")
    rules = game.ruleset_type.default()
    seats: list[dict[str, Any]] = [{"player": True}, {"bot": "greedy"}]
    deal = SharedDeal.draw(terms_text(game.name, rules.to_dict(), seats), 2)
    deal = type(deal)(deal.secret, deal.salt, deal.terms, deal.values, True)
    revealed = deal.public(revealed=True)
    events, view = _feed(game, rules, deal.seed, 0)
    assert verify_deal(deal.commitment, revealed, view, events)
    changed_rules = rules.to_dict()
    flags = changed_rules["options"]
    options = [key for key, value in flags.items() if isinstance(value, bool)]
    assert options
    tried = 0
    for key in options:
        other = {**changed_rules, "options": {**flags, key: not flags[key]}}
        forged_terms = terms_text(game.name, other, seats)
        forged = {**revealed, "terms": forged_terms}
        assert "commitment" in deal_problems(deal.commitment, forged, view, events)[0]
        changed_view = copy.deepcopy(view)
        changed_view["public"]["rules"] = other
        # A view whose rules read as no ruleset is refused as well.
        with contextlib.suppress(SerializationError):
            assert not verify_deal(deal.commitment, revealed, changed_view, events)
        tried += 1
    for terms in (
        terms_text("laconga", rules.to_dict(), seats),
        terms_text(game.name, rules.to_dict(), [{"player": True}, {"player": True}]),
    ):
        assert (
            "commitment"
            in deal_problems(deal.commitment, {**revealed, "terms": terms}, view, events)[0]
        )
    assert tried >= 2


def test_a_deal_check_raises_only_its_documented_errors() -> None:
    """The defect: ``verify_deal`` raised ``KeyError`` on a view without ``player_count``
    or ``rules``. 600 hostile deals, views and feeds (keys dropped, values of other
    types, shared and chosen deals): each answered, or refused with
    SerializationError, InvalidArgumentError or InvalidValueError."""
    game = load_game("chinchon")
    rules = game.ruleset_type.default()
    seats: list[dict[str, Any]] = [{"player": True}, {"bot": "greedy"}]
    deal = SharedDeal.draw(terms_text(game.name, rules.to_dict(), seats), 2).with_value(0, VALUE)
    deal = type(deal)(deal.secret, deal.salt, deal.terms, deal.values, True)
    revealed = deal.public(revealed=True)
    events, view = _feed(game, rules, deal.seed, 0)
    chosen = {"scheme": "sha256:scala40-deal-v1:<salt>:<seed>", "seed": "7", "salt": "ab" * 32}
    rng = random.Random(3)
    weird: list[Any] = [None, 7, -1, "x", [], {}, [None], {"a": 1}, 1.5, True, "ab" * 40]
    documented = (SerializationError, InvalidArgumentError, InvalidValueError)
    for attempt in range(600):
        subject = [copy.deepcopy(revealed if attempt % 3 else chosen), copy.deepcopy(view)]
        feed = copy.deepcopy(events)
        for _ in range(rng.randint(1, 3)):
            target = rng.choice(subject + ([rng.choice(feed)] if feed else []))
            key = rng.choice(sorted(target)) if target else None
            if key is None:
                continue
            if rng.random() < 0.4:
                del target[key]
            else:
                target[key] = rng.choice(weird)
            if key in ("public",) and isinstance(target.get(key), dict):
                target[key].pop(rng.choice(["player_count", "rules"]), None)
        if attempt % 7 == 0 and isinstance(subject[1].get("public"), dict):
            subject[1]["public"].pop("player_count", None)
            subject[1]["public"].pop("rules", None)
        try:
            answer = deal_problems(deal.commitment, subject[0], subject[1], feed, value=VALUE)
        except documented:
            continue
        assert isinstance(answer, list)


def test_a_value_is_hexadecimal_text_taken_once_before_the_deal(tmp_path: pathlib.Path) -> None:
    tables = _tables(tmp_path)
    _, made = tables.handle(
        "POST", "/tables", "", {"game": "chinchon", "bots": [None, None], "shuffle": True}
    )
    path = f"/tables/{made['table']}/shuffle"
    first = {"seat": 0, "token": made["tokens"]["0"]}
    for wrong in ("ab", "AB" * 20, "xy" * 20, 7, None, "ab" * 40):
        with pytest.raises((InvalidValueError, InvalidArgumentError)):
            tables.handle("POST", path, "", {**first, "value": wrong})
    _, waiting = tables.handle("POST", path, "", {**first, "value": VALUE})
    assert waiting["dealt"] is False
    assert waiting["deal"]["values"] == [VALUE, None]
    with pytest.raises(InvalidValueError, match="already"):
        tables.handle("POST", path, "", {**first, "value": VALUE})
    second = {"seat": 1, "token": made["tokens"]["1"]}
    _, dealt = tables.handle("POST", path, "", {**second, "value": "12" * 20})
    assert dealt["view"]["hand"], dealt
    with pytest.raises(RequestError, match="dealt"):
        tables.handle("POST", path, "", {**second, "value": "34" * 20})
    assert check_value(VALUE) == VALUE
    assert shared_commitment_of("00" * 32, "11" * 32, "{}") != shared_commitment_of(
        "00" * 32, "11" * 32, "{ }"
    )


def test_the_cards_wait_for_every_persons_value_or_a_decisions_clock(
    tmp_path: pathlib.Path,
) -> None:
    """At a table of two people, the first to look does not deal the cards before the
    second has sent a value: a look answers ``dealt: false`` until every value is in, or
    until a decision's clock has passed since the table was made."""
    tables = _tables(tmp_path)
    body = {"game": "chinchon", "bots": [None, None], "shuffle": True}
    _, made = tables.handle("POST", "/tables", "", body)
    path = f"/tables/{made['table']}"
    first = {"seat": 0, "token": made["tokens"]["0"]}
    tables.handle("POST", path + "/shuffle", "", {**first, "value": VALUE})
    _, looked = tables.handle("GET", path, f"seat=0&token={first['token']}", None)
    assert looked["dealt"] is False
    with pytest.raises(RequestError, match="every person"):
        tables.handle("POST", path + "/advance", "", first)
    second = {"seat": 1, "token": made["tokens"]["1"]}
    _, dealt = tables.handle("POST", path + "/shuffle", "", {**second, "value": "12" * 20})
    assert dealt["deal"]["values"] == [VALUE, "12" * 20]
    # With no clock to wait for, a look deals at once, without the values not sent.
    impatient = Tables(
        TableStore(str(tmp_path / "other.sqlite")), ServerLimits(decision_seconds=0)
    )
    _, made = impatient.handle("POST", "/tables", "", body)
    token = made["tokens"]["0"]
    _, looked = impatient.handle("GET", f"/tables/{made['table']}", f"seat=0&token={token}", None)
    assert looked["view"]["hand"]
    assert looked["deal"]["values"] == [None, None]
