"""What the Monte Carlo bot's playouts are made of: the stock shared out in drawing order,
a playout's score, and the statistics of the race that drops the candidates clearly
behind (internal)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from scala40._stats import paired_difference
from scala40.cards import Card
from scala40.games.scala40.phases import DRAW
from scala40.games.scala40.rules import MatchFormat, hand_value
from scala40.games.scala40.state import GameState
from scala40.games.scala40.view import PlayerView

__all__ = [
    "PRUNE_ERRORS",
    "cut_short_win",
    "leader",
    "least_wanted",
    "playout_score",
    "stacked",
    "stock_shares",
    "survivors",
]

PRUNE_ERRORS = 3.0
"""How many standard errors of the mean difference behind the best a candidate of the
race must be to be dropped."""


def leader(scores: Sequence[Sequence[float]], alive: Sequence[int]) -> int:
    """The option of ``alive`` with the best total score (the first one on a tie)."""
    return max(alive, key=lambda index: (sum(scores[index]), -index))


def survivors(scores: Sequence[Sequence[float]], alive: Sequence[int]) -> list[int]:
    """The options of ``alive`` not clearly behind the best of them (by more than
    ``PRUNE_ERRORS`` standard errors of the mean difference)."""
    best = leader(scores, alive)
    kept = []
    for index in alive:
        mean, error = paired_difference(scores[best], scores[index], lone_error=0.0)
        if index == best or mean <= PRUNE_ERRORS * error:
            kept.append(index)
    return kept


def stock_shares(world: GameState, view: PlayerView) -> list[list[Card]]:
    """The stock dealt out among the active players in drawing order, from the next
    player to draw: each player's stock draws in a playout, whoever takes the discard."""
    count = world.player_count
    first = view.player if view.phase is DRAW else (view.player + 1) % count
    order = [p for p in ((first + step) % count for step in range(count)) if world.active[p]]
    shares: list[list[Card]] = [[] for _ in range(count)]
    for position, card in enumerate(reversed(world.stock)):
        shares[order[position % len(order)]].append(card)
    return shares


def stacked(state: GameState, share: Sequence[Card], drawn: int) -> GameState:
    """``state`` with the next card of ``share`` on top of the stock (when it is still
    there), the card it replaces taking its place."""
    if drawn >= len(share) or not state.stock:
        return state
    card = share[drawn]
    stock = list(state.stock)
    if stock[-1] == card or card not in stock:
        return state
    position = len(stock) - 1 - stock[::-1].index(card)
    stock[position], stock[-1] = stock[-1], card
    return attrs.evolve(state, stock=tuple(stock))


def least_wanted(pool: Sequence[Card], order: Sequence[Card], count: int) -> list[Card]:
    """The first ``count`` cards to throw away from ``pool``, following ``order`` (distinct
    cards, least wanted first; a card held twice may go twice)."""
    left = list(pool)
    dropped: list[Card] = []
    while len(dropped) < count:
        for card in order:
            if len(dropped) < count and card in left:
                left.remove(card)
                dropped.append(card)
    return dropped


def playout_score(state: GameState, player: int, hand_number: int) -> float:
    """A playout's value for ``player``: closing, and the points left in the hands.

    In a single-hand match only closing counts (S40-V-SINGLE): points left in hand
    would only bias the choice towards throwing high cards, which the opening needs.
    """
    rules = state.rules
    result = state.last_hand
    if rules.match_format is MatchFormat.SINGLE:
        if result is not None and result.hand_number == hand_number:
            return 1.0 if result.closer == player else 0.0
        return cut_short_win(state, player)
    if result is not None and result.hand_number == hand_number:
        closer = result.closer
        hands = result.hands
        win = 1.0 if closer == player else 0.0
    else:
        closer = None
        hands = state.hands
        win = cut_short_win(state, player)
    others = [
        0 if p == closer else hand_value(hand, rules)
        for p, hand in enumerate(hands)
        if p != player and state.active[p]
    ]
    mine = 0 if player == closer else hand_value(hands[player], rules)
    mean_others = sum(others) / len(others) if others else 0.0
    return win + (mean_others - mine) / 100


def cut_short_win(state: GameState, player: int) -> float:
    """The share of a win for ``player`` in a playout cut short: the player with the
    fewest cards (an opened player before one who has not) is the likeliest to close."""
    distance = [
        len(hand) + (0 if state.opened[p] else 6) if state.active[p] else 1000
        for p, hand in enumerate(state.hands)
    ]
    best = min(distance)
    leaders = [p for p, d in enumerate(distance) if d == best]
    return 1.0 / len(leaders) if player in leaders else 0.0
