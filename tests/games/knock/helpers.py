"""Helpers of the knock games' tests: fixed deals and moves played in a row."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from scala40.cards import Card, parse_cards


def cards(text: str) -> tuple[Card, ...]:
    """Cards from text, sorted (as hands are held)."""
    return tuple(sorted(parse_cards(text)))


def deal_order(
    deck: Sequence[Card], hands: Sequence[str], upcard: str | None, extra: str | None = None
) -> tuple[Card, ...]:
    """The shuffled deck (top card last) that deals ``hands`` (given in deal order, the
    first player first), one card at a time, then the ``extra`` card to the first player
    (LC-DEAL), then turns ``upcard`` up; the rest of ``deck`` is the stock."""
    dealt = [list(parse_cards(hand)) for hand in hands]
    top: list[Card] = []
    for round_number in range(len(dealt[0])):
        for hand in dealt:
            top.append(hand[round_number])
    if extra is not None:
        top.extend(parse_cards(extra))
    if upcard is not None:
        top.extend(parse_cards(upcard))
    rest = Counter(deck) - Counter(top)
    assert sum(rest.values()) == len(deck) - len(top), "the hands use cards the deck lacks"
    return (*sorted(rest.elements()), *reversed(top))


def position(state_class: Any, hands: Sequence[str], **options: Any) -> Any:
    """A position of ``state_class`` (see ``from_position``): by default seat 0 to draw,
    every seat past its first turn, a KC on the discard pile. ``top`` puts cards on top
    of the stock (top card last), the rest of the deck below them; with ``last=True``
    the stock is those cards only, the rest of the deck under the discard pile."""
    values: dict[str, Any] = {"discard": "KC", "turns_played": [1] * len(hands)}
    values.update(options)
    top = values.pop("top", None)
    last = values.pop("last", False)
    if top is not None:
        rules = state_class.RULESET.resolve(values.get("rules"))
        placed = Counter(parse_cards(" ".join(hands))) + Counter(parse_cards(values["discard"]))
        placed += Counter(parse_cards(top))
        rest = tuple(sorted((Counter(rules.deck.cards) - placed).elements()))
        if last:
            values["stock"] = parse_cards(top)
            values["discard"] = (*rest, *parse_cards(values["discard"]))
        else:
            values["stock"] = (*rest, *parse_cards(top))
    return state_class.from_position(hands=list(hands), **values)


def play(state: Any, moves: str) -> Any:
    """``state`` after the moves written one after the other, separated by ``;``."""
    for text in moves.split(";"):
        if text.strip():
            state = state.apply(text.strip())
    return state


def legal(state: Any) -> list[str]:
    """The legal moves' texts."""
    return [str(move) for move in state.legal_moves()]
