"""What the deal's tests share: the hands a seed deals at a two-seat Chinchón table, the
median hand of an honest deal, deals made as a server makes them (with secrets and
values from a generator the test seeds, so that every run is the same), and the events a
seat is sent over a game."""

from __future__ import annotations

import functools
import random
import statistics
from typing import Any

import attrs

from scala40.events import events_of
from scala40.game import load_game
from scala40_server.serving.fair_deal import SealedDeal, terms_text, value_commitment_of

__all__ = [
    "GAME",
    "RULES",
    "TERMS",
    "dealt_alone",
    "feed",
    "hex_of",
    "honest_median",
    "points",
    "sealed_deal",
]

GAME = load_game("chinchon")
RULES = GAME.ruleset_type.default()
TERMS = terms_text(GAME.name, RULES.to_dict(), [{"player": True}, {"player": True}], shuffle=True)
"""The terms of a Chinchón table of two people."""


def points(seed: int, seat: int = 0) -> int:
    """The unmatched points of the hand ``seed`` deals ``seat`` at a two-seat Chinchón
    table (the more, the worse the hand)."""
    state = GAME.new_game(RULES, 2, seed)
    value: int = GAME.hand_value(state.view(seat).hand, RULES)  # type: ignore[misc]
    return value


@functools.cache
def honest_median() -> float:
    """The median of :func:`points` over 2,000 honest deals (seeds drawn at random)."""
    rng = random.Random(2024)
    return statistics.median(points(rng.getrandbits(64)) for _ in range(2_000))


def hex_of(rng: random.Random, digits: int = 64) -> str:
    """Random lowercase hexadecimal digits (a secret, a salt or a value)."""
    return f"{rng.getrandbits(4 * digits):0{digits}x}"


def sealed_deal(
    rng: random.Random,
    values: list[str | None],
    *,
    secret: str | None = None,
    terms: str = TERMS,
) -> tuple[SealedDeal, list[str | None]]:
    """A deal as a server makes it with ``secret`` (drawn from ``rng`` unless given),
    each seat with a value committing, then revealing, and dealt; with the commitments
    every seat saw before it revealed."""
    nothing = (None,) * len(values)
    secret = hex_of(rng) if secret is None else secret
    deal = SealedDeal(secret, hex_of(rng), terms, nothing, nothing, "commit", 0.0)
    people = [seat for seat, value in enumerate(values) if value is not None]
    for seat in people:
        value = values[seat]
        assert value is not None
        deal = deal.with_commitment(seat, value_commitment_of(deal.commitment, seat, value))
    deal = deal.advanced(people, 1.0, 60.0)
    seen = list(deal.commitments)
    for seat in people:
        deal = deal.with_value(seat, values[seat])
    deal = deal.advanced(people, 2.0, 60.0)
    assert deal.is_dealt, deal
    return deal, seen


def dealt_alone(rng: random.Random, secret: str | None = None) -> SealedDeal:
    """A deal of a table made without shuffling with its people, from ``secret``."""
    terms = terms_text(GAME.name, RULES.to_dict(), [{"player": True}, {"bot": "greedy"}], False)
    deal = SealedDeal.draw(terms, 2, 0.0, shuffle=False)
    return attrs.evolve(deal, secret=hex_of(rng) if secret is None else secret)


def feed(
    seed: int,
    seat: int = 0,
    moves: int = 40,
    game: Any = GAME,
    rules: Any = RULES,
    players: int = 2,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """What a server dealing from ``seed`` sends ``seat`` over a game of random moves
    (at most ``moves``, the chance steps included): its events and its last view."""
    state = game.new_game(rules, players, seed)
    rng = random.Random(7)
    events: list[dict[str, Any]] = []
    for _ in range(moves):
        if state.is_over:
            break
        legal = list(state.legal_moves())
        move = legal[0] if state.is_chance else rng.choice(legal)
        after = state.apply(move)
        events += [event.for_seat(seat) for event in events_of(state, move, after)]
        state = after
    return events, state.view(seat).to_dict()
