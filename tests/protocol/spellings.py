"""Other ways to write a listed move, for the spellings property (``test_spellings.py``).

A listed move is written by ``str(move)`` and its game's ``move_to_dict``; a person or a client
may write it otherwise: in another case, with suit symbols, ``T`` for ten or ``1`` for
the ace, commas between the words, a meld's cards in another order or the other way
round, the melds of a close or the pieces of a split in another order, a wild card's
reading left out (for the cards or the position to fix) or a natural card said to stand
for itself, a lay-off's end left out, a dictionary without its header or with the meld's
readings in a field of their own (version 1). A dictionary is a document: it spells each
card and word as the library writes them (``7S``, ``low``), the other spellings are a
text's. :func:`spellings` makes such texts and dictionaries from a move's own text and
dictionary, knowing only the notation.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from scala40.cards import CARD_NAMES
from scala40.movekinds import LayOffMove, MoveBase, MoveSet, PutDownMove

__all__ = ["spellings"]

Spelling = str | dict[str, Any]

_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CARD_WORDS = frozenset(CARD_NAMES)


def _is_card(word: str) -> bool:
    return word.split("=", 1)[0] in _CARD_WORDS


def _card_variant(word: str, rng: random.Random) -> str:
    """One card word (``10S``, ``JK=6S``) in another form of the notation (C-NOTATION)."""

    def one(card: str) -> str:
        if card == "JK":
            return rng.choice(["JK", "jk", "*", "Jk"])
        rank, suit = card[:-1], card[-1]
        rank = {"10": rng.choice(["10", "T", "t"]), "A": rng.choice(["A", "1", "a"])}.get(
            rank, rank
        )
        suit = rng.choice([suit, suit.lower(), _SUIT_SYMBOLS[suit]])
        return (
            rng.choice([rank + suit, suit + rank])
            if suit in _SUIT_SYMBOLS.values()
            else (rank + suit)
        )

    return "=".join(one(part) for part in word.split("="))


def _natural(word: str) -> bool:
    return "=" not in word and word != "JK"


def _meld_variants(words: list[str], rng: random.Random) -> Iterator[list[str]]:
    """A meld's words in other orders, with readings left out or added."""
    yield words[::-1]
    shuffled = words[:]
    rng.shuffle(shuffled)
    yield shuffled
    # Implicit wild cards: every reading left out, in the written order and reversed.
    bare = [word.split("=", 1)[0] for word in words]
    yield bare
    yield bare[::-1]
    # One reading left out; a natural card said to stand for itself.
    readings = [index for index, word in enumerate(words) if "=" in word]
    if readings:
        one = words[:]
        index = rng.choice(readings)
        one[index] = one[index].split("=", 1)[0]
        yield one
    naturals = [index for index, word in enumerate(words) if _natural(word)]
    if naturals:
        itself = words[:]
        index = rng.choice(naturals)
        itself[index] = f"{itself[index]}={itself[index]}"
        rng.shuffle(itself)
        yield itself


def _texts(move: MoveBase, rng: random.Random) -> Iterator[str]:
    text = str(move)
    words = text.split()
    verb, args = words[0], words[1:]
    yield text.lower()
    yield text.upper()
    yield " ".join(
        _card_variant(word, rng) if _is_card(word) else rng.choice([word, word.upper()])
        for word in words
    )
    yield verb + " " + ", ".join(args)
    if isinstance(move, LayOffMove):
        card, index = args[0], args[1]
        end = args[2:]
        bare = card.split("=", 1)[0]
        yield " ".join([verb, card, index])  # the end left out
        yield " ".join([verb, bare, index, *end])  # the reading left out
        yield " ".join([verb, bare, index])
        if _natural(card):
            yield " ".join([verb, f"{card}={card}", index, *end])
        return
    if isinstance(move, PutDownMove):
        for variant in _meld_variants(args, rng):
            yield " ".join([verb, *variant])
        return
    if ":" in args:
        # A close's melds or a split's pieces: each meld otherwise, the melds reordered.
        colon = args.index(":")
        head = args[:colon]
        melds = [meld.split() for meld in " ".join(args[colon + 1 :]).split(" / ")]
        if verb == "split" and len(head) > 2:
            added = head[1:]
            rng.shuffle(added)
            yield " ".join([verb, head[0], *added, ":", " / ".join(map(" ".join, melds))])
        order = melds[:]
        rng.shuffle(order)
        yield " ".join([verb, *head, ":", " / ".join(" ".join(meld) for meld in order)])
        for choice in range(3):
            changed = []
            for meld in order:
                variants = list(_meld_variants(meld, rng))
                changed.append(variants[choice % len(variants)] if choice else variants[0])
            yield " ".join([verb, *head, ":", " / ".join(" ".join(meld) for meld in changed)])


def _dicts(moves: MoveSet, move: MoveBase, rng: random.Random) -> Iterator[dict[str, Any]]:
    data = moves.to_dict(move)
    light = {key: value for key, value in data.items() if key not in ("format", "version")}
    yield light
    meld_fields = type(move).meld_fields
    if meld_fields is not None:
        cards_name, readings_name = meld_fields
        words = str(data[cards_name]).split()
        for variant in _meld_variants(words, rng):
            yield {**light, cards_name: " ".join(variant)}
        # Version 1: the readings in a field of their own.
        cards = [word.split("=", 1)[0] for word in words]
        readings = [word.split("=", 1)[-1] for word in words]
        order = list(range(len(words)))
        rng.shuffle(order)
        yield {
            **data,
            "version": 1,
            cards_name: " ".join(cards[i] for i in order),
            readings_name: " ".join(readings[i] for i in order),
        }
    if isinstance(move, LayOffMove):
        yield {key: value for key, value in light.items() if key != "end"}
        yield {**light, "represents": None}
    for name in ("melds", "pieces"):
        if isinstance(data.get(name), list):
            melds = [str(meld).split() for meld in data[name]]
            rng.shuffle(melds)
            yield {**light, name: [" ".join(meld) for meld in melds]}
            yield {
                **light,
                name: [" ".join(next(iter(_meld_variants(meld, rng)))) for meld in melds],
            }


def spellings(moves: MoveSet, move: MoveBase, rng: random.Random, most: int = 8) -> list[Spelling]:
    """Up to ``most`` other texts and dictionaries of ``move``, a move of the move set
    ``moves`` (chosen with ``rng``), each meaning the move or, where it leaves out what
    the position fixes, possibly another legal move too."""
    found: list[Spelling] = []
    seen: set[str] = {str(move)}
    made: list[Iterator[Spelling]] = [_texts(move, rng), _dicts(moves, move, rng)]
    for spellings_made in made:
        for spelling in spellings_made:
            key = repr(spelling)
            if key not in seen:
                seen.add(key)
                found.append(spelling)
    if len(found) > most:
        found = rng.sample(found, most)
    return found
