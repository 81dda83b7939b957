"""The corpus's ``deal`` section: a deal asked as an engine can answer it without knowing
the library's generator, since the line gives the deck's order.

Each line gives a ruleset, a table size, the dealer and the deck in the order it is
dealt from (its top card last), and either what the deal gives (each seat's hand, the
stock with its top card last, the card turned up to start the discard pile where the game
turns one, and the seat that plays first), or, for a table size the rules do not allow
or a deck that is not the rules' pack, that the deal is refused, and why.

>>> from scala40.conformance.deals import deal_lines
>>> from scala40.game import load_game
>>> game = load_game("laconga")
>>> lines = deal_lines(game, game.ruleset_type.preset("catsatcards"), "catsatcards")
>>> [(line["players"], "refused" in line) for line in lines]
[(1, True), (2, False), (3, False), (4, False), (5, True), (2, True)]
>>> line = lines[1]
>>> line["dealer"], line["first"], [len(hand.split()) for hand in line["hands"]], line["upcard"]
(0, 1, [7, 8], None)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from scala40.cards import CARD_NAMES, JOKER, Card
from scala40.conformance.citations import rule_family
from scala40.errors import Scala40Error
from scala40.game import Game

__all__ = ["deal_answer", "deal_lines", "deal_rules"]


def _texts(cards: Sequence[Card]) -> str:
    return " ".join(CARD_NAMES[card] for card in cards)


def deal_rules(game: Game, rules: Any, players: int, refused: str | None) -> list[str]:
    """The rules that decide a deal line: how the game deals (its deal rule, La Conga's
    mano's eighth card), the table sizes it allows where the size is at an end of its
    range or out of it, and the pack where the deck given is not the rules' pack."""
    prefix = rule_family(game)
    found: dict[str, None] = {"LC-BASE": None} if game.name == "laconga" else {}
    if refused == "deck":
        found[f"{prefix}-DECK"] = None
        found["C-DECK"] = None
        return list(found)
    if refused == "players" or players in (rules.min_players, rules.max_players):
        found[f"{prefix}-PLAYERS"] = None
    if refused is None:
        found[f"{prefix}-DEAL"] = None
        if game.name == "laconga" and rules.mano_extra_card:
            found["LC-DEAL"] = None
    return list(found)


def deal_answer(game: Game, rules: Any, players: int, dealer: int, deck: str) -> dict[str, Any]:
    """What the library answers to a deal: the fields of a deal line's answer
    (``hands``, ``stock``, ``upcard``, ``first``), or ``refused`` and the ``reason``.
    The game starts with the seed of the first dealer asked (C-LOT draws it)."""
    seed = _seed_for_dealer(game, rules, players, dealer)
    try:
        state = game.new_game(rules, players=players, seed=seed, auto_chance=False)
        after = state.apply(f"deal {deck}")
    except Scala40Error as error:
        return {"refused": True, "reason": str(error)}
    discard = getattr(after, "discard", ())
    return {
        "hands": [_texts(hand) for hand in after.hands],
        "stock": _texts(after.stock),
        "upcard": CARD_NAMES[discard[-1]] if discard else None,
        "first": after.current_player,
    }


def _seed_for_dealer(game: Game, rules: Any, players: int, dealer: int) -> int:
    """The first seed from 0 whose lot (C-LOT) makes ``dealer`` the first dealer at
    ``players`` seats (0 where the table size is refused)."""
    if not rules.min_players <= players <= rules.max_players:
        return 0
    for seed in range(1000):
        if game.new_game(rules, players=players, seed=seed, auto_chance=False).dealer == dealer:
            return seed
    raise AssertionError(f"no seed of the first thousand deals from seat {dealer}")


def deal_lines(game: Game, rules: Any, rules_text: str) -> list[dict[str, Any]]:
    """A ruleset's deal lines, without their heads: one at each table size the rules
    allow and one just outside the range at each end (refused), then one at the usual
    size whose deck lacks a card and holds a joker more (refused). Each deck's order and
    dealer come from a seed of the ruleset's own."""
    rng = random.Random(hashlib.sha256(f"{game.name}/{rules_text}/deals".encode()).digest())
    cards = list(rules.deck.cards)
    sizes = [
        rules.min_players - 1,
        *range(rules.min_players, rules.max_players + 1),
        rules.max_players + 1,
    ]
    asked: list[tuple[int, list[Card], str | None]] = [
        (size, cards, None if rules.min_players <= size <= rules.max_players else "players")
        for size in sizes
        if size >= 1
    ]
    wrong = list(cards)
    wrong.remove(next(card for card in wrong if card != JOKER))
    asked.append((rules.min_players, [*wrong, JOKER], "deck"))
    lines = []
    for players, pack, why in asked:
        order = list(pack)
        rng.shuffle(order)
        dealer = rng.randrange(max(players, 1))
        deck = _texts(order)
        answer = deal_answer(game, rules, players, dealer, deck)
        if ("refused" in answer) != (why is not None):  # pragma: no cover - a library bug
            raise AssertionError(f"{game.name} {rules_text}: the deal at {players} {answer}")
        lines.append(
            {
                "rules": deal_rules(game, rules, players, why),
                "players": players,
                "dealer": dealer,
                "deck": deck,
                **answer,
            }
        )
    return lines
