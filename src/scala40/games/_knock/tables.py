"""Small tables the knock games share: the card values left unmatched.

>>> from scala40.games._knock.tables import rumino_values
>>> from scala40.cards import parse_card
>>> values = rumino_values()
>>> values[parse_card("AS")], values[parse_card("10H")], values[parse_card("KD")], values[52]
(1, 10, 10, 10)
"""

from __future__ import annotations

from scala40.cards import JOKER, RANK_OF, Card

__all__ = ["rumino_values", "spanish_values"]


def rumino_values() -> tuple[int, ...]:
    """What each card code costs left unmatched in Rumino (RU-VALUES): ace 1, 2-10 their
    face value, J Q K 10, joker 10."""
    return (*tuple(min(RANK_OF[card], 10) for card in range(JOKER)), 10)


def spanish_values(
    face: tuple[int, int, int], wild_cards: frozenset[Card], wild_penalty: int
) -> tuple[int, ...]:
    """What each card code costs left unmatched in Chinchón (CH-VALUES): ace 1, 2-9 their
    face value, the sota, caballo and rey ``face``, a wild card ``wild_penalty``.

    >>> from scala40 import JOKER
    >>> from scala40.games._knock.tables import spanish_values
    >>> from scala40.cards import parse_card
    >>> values = spanish_values((8, 9, 10), frozenset({JOKER}), 25)
    >>> values[parse_card("7C")], values[parse_card("JC")], values[parse_card("KC")], values[JOKER]
    (7, 8, 10, 25)
    """
    table = []
    for card in range(JOKER + 1):
        rank = RANK_OF[card]
        if card in wild_cards:
            table.append(wild_penalty)
        elif rank >= 11:
            table.append(face[rank - 11])
        else:
            table.append(rank)
    return tuple(table)
