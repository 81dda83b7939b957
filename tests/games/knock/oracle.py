"""A slow, brute-force oracle for the arrangements of a hand (C-ARRANGE, CH-CLOSE,
RU-KNOCK, CH-LAYOFF), checked against the shared engine of the knock games.

It shares nothing with the engine's searches: it walks every set partition of a hand's
cards (4,140 for eight cards), keeps those whose blocks are single unmatched cards or
melds (read by :func:`scala40.meld_interpretations`, itself checked against its own
oracle), tries every reading of every meld, and lays off unmatched cards onto shown melds
in every order, one card and one place at a time (by :meth:`scala40.Meld.extensions`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from scala40.cards import Card
from scala40.games._knock.profile import KnockRules
from scala40.games._knock.spanish import SpanishRules
from scala40.melds import Meld, meld_interpretations

MeldKey = tuple[tuple[Card, ...], tuple[Card, ...]]
Key = tuple[int, int, tuple[Card, ...], tuple[MeldKey, ...], tuple[tuple[int, Card, Card], ...]]


def partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every set partition of ``items`` (positions), each once."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in partitions(rest):
        yield [[first], *smaller]
        for index in range(len(smaller)):
            yield [*smaller[:index], [first, *smaller[index]], *smaller[index + 1 :]]


def arrangements(
    cards: Sequence[Card], profile: KnockRules
) -> set[tuple[tuple[Meld, ...], tuple[Card, ...]]]:
    """Every arrangement of ``cards``: melds (with their readings) and unmatched cards."""
    found: set[tuple[tuple[Meld, ...], tuple[Card, ...]]] = set()
    positions = list(range(len(cards)))
    # The readings of each block, asked once: many partitions share a block.
    known: dict[tuple[Card, ...], tuple[Meld, ...]] = {}
    for partition in partitions(positions):
        loose: list[Card] = []
        choices: list[tuple[Meld, ...]] = []
        for block in partition:
            if len(block) == 1:
                loose.append(cards[block[0]])
                continue
            block_cards = tuple(cards[i] for i in block)
            readings = known.get(block_cards)
            if readings is None:
                readings = known[block_cards] = tuple(
                    meld_interpretations(list(block_cards), profile.meld_rules)
                )
            if not readings:
                break
            choices.append(readings)
        else:
            for chosen in _products(choices):
                melds = tuple(sorted(chosen, key=lambda m: (m.cards, m.represented)))
                found.add((melds, tuple(sorted(loose))))
    return found


def _products(choices: list[tuple[Meld, ...]]) -> Iterator[tuple[Meld, ...]]:
    if not choices:
        yield ()
        return
    for meld in choices[0]:
        for rest in _products(choices[1:]):
            yield (meld, *rest)


def value(cards: Sequence[Card], profile: KnockRules) -> int:
    return sum(profile.values[card] for card in cards)


def least(cards: Sequence[Card], profile: KnockRules, min_melded: int = 0) -> int:
    """The least unmatched value with at least ``min_melded`` cards in melds."""
    best = 1 << 30
    for melds, loose in arrangements(cards, profile):
        if sum(len(meld) for meld in melds) >= min_melded:
            best = min(best, value(loose, profile))
    return best


def close_sets(kept: Sequence[Card], rules: SpanishRules) -> set[tuple[MeldKey, ...]]:
    """The melds of every arrangement within the close limits of ``rules`` (CH-CLOSE)."""
    found = set()
    profile = rules.profile
    most = rules.close_max_unmatched
    for melds, loose in arrangements(kept, profile):
        if value(loose, profile) > rules.close_limit:
            continue
        if most is not None and len(loose) > most:
            continue
        found.add(tuple((m.cards, m.represented) for m in melds))
    return found


def layoff_outcomes(
    loose: tuple[Card, ...], targets: tuple[Meld, ...]
) -> set[tuple[tuple[int, Card, Card], ...]]:
    """Every set of layoffs (target, card, represented card) reachable, in any order."""
    found: set[tuple[tuple[int, Card, Card], ...]] = {()}

    def walk(
        rest: tuple[Card, ...], melds: tuple[Meld, ...], done: frozenset[tuple[int, Card, Card]]
    ) -> None:
        for index, card in enumerate(rest):
            for position, meld in enumerate(melds):
                for extension in meld.extensions():
                    if extension.card != card:
                        continue
                    taken = done | {(position, card, extension.represents)}
                    if len(taken) == len(done):
                        continue
                    found.add(tuple(sorted(taken)))
                    grown = (
                        *melds[:position],
                        meld.with_extension(extension),
                        *melds[position + 1 :],
                    )
                    walk(rest[:index] + rest[index + 1 :], grown, taken)

    walk(loose, targets, frozenset())
    return found


def best_key(cards: Sequence[Card], profile: KnockRules, targets: tuple[Meld, ...] = ()) -> Key:
    """The smallest C-ARRANGE key: unmatched value, cards laid off, unmatched cards,
    melds, layoffs."""
    best: Key | None = None
    for melds, loose in arrangements(cards, profile):
        for laid in layoff_outcomes(loose, targets):
            left = list(loose)
            for _, card, _ in laid:
                left.remove(card)
            key: Key = (
                value(left, profile),
                len(laid),
                tuple(sorted(left)),
                tuple((m.cards, m.represented) for m in melds),
                laid,
            )
            if best is None or key < best:
                best = key
    assert best is not None
    return best
