"""A stalled hand of a knock game, and what the family's bots aim for in one (internal).

The rules let a hand go on for ever (the stock is rebuilt as often as it runs out,
RU-RESTOCK, CH-RESTOCK, and nobody is made to knock or close), and at three or four seats
players who each keep the low cards another needs can freeze it: the stock holds only
cards everyone throws back at once, and no close ever becomes legal. A hand that has
lasted :data:`STALL_DECKS` times as many turns, all seats together, as its deck has
cards has *stalled* (:func:`hand_stalled`): public, the same for every seat, and never
undone within the hand. There the bots play otherwise
(:meth:`~scala40.bots.knock.bots.GreedyBot.progress_move`, whose module gives the
argument why a table of them ends every hand):

* the cards that went round the table, thrown in the hand's last turns and held by
  nobody known (:func:`circulating_cards`), are the ones everyone throws back: they can be
  had by waiting;
* so the bot aims for a hand of every card in melds made of its own cards and those
  (:func:`stalled_plan`, the one that needs the fewest cards it does not hold): it takes
  the top discard when the plan needs it, draws otherwise, and throws what the plan does
  not need. A hand with every card in melds is a close or a knock no rule bars, and one
  who collects it ends the hand, to its own profit rather than another's.

>>> from scala40.bots.knock.stalled import hand_stalled
>>> from scala40.games.chinchon import new_game
>>> hand_stalled(new_game(players=2, seed=4).view(0))
False
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from scala40.cards import Card
from scala40.errors import SearchLimitError
from scala40.games._knock.moves import Discard
from scala40.history import TEXT_MOVES
from scala40.melds._hand import melded_card_sets

__all__ = ["STALL_DECKS", "circulating_cards", "hand_stalled", "stalled_plan"]

STALL_DECKS = 3
"""How many times as many turns as its deck has cards a hand lasts, all seats together,
before it has stalled (:func:`hand_stalled`): a hand between two players hardly ever
lasts so long, so that they play as before."""


def hand_stalled(view: Any) -> bool:
    """Whether the hand in play has stalled: it has lasted :data:`STALL_DECKS` times as
    many turns, all seats together, as its deck has cards (a hand between players who can
    end it is far shorter; see the module).

    >>> from scala40.bots.knock.stalled import hand_stalled
    >>> from scala40.games.chinchon import new_game
    >>> hand_stalled(new_game(players=2, seed=4).view(0))
    False
    """
    turns: int = sum(view.turns_played)
    return turns >= STALL_DECKS * len(view.rules.profile.deck.cards)


def circulating_cards(view: Any) -> Counter[Card]:
    """The cards that went round the table: each card thrown in the hand's last discards
    (as many as its deck has cards, within its last
    :data:`~scala40.history.TEXT_MOVES` moves, which a view's text keeps) or in the
    discard pile now, less the copies the
    player holds and those another seat was seen to take and still holds (at most as many
    copies as the deck has).

    >>> from scala40.bots.knock.stalled import circulating_cards
    >>> from scala40.games.chinchon import new_game
    >>> from scala40.cards import format_cards
    >>> state = new_game(players=2, seed=4).apply("draw").apply("discard KS")
    >>> format_cards(sorted(circulating_cards(state.view(1)).elements()))
    'KS QD'
    """
    deck = Counter(view.rules.profile.deck.cards)
    seen: Counter[Card] = Counter(view.discard)
    thrown = 0
    history = view.history
    # No further back than a view's text keeps (TEXT_MOVES): a bot given the view read
    # back from its text plays as at the table.
    for index in range(len(history) - 1, max(len(history) - TEXT_MOVES, 0) - 1, -1):
        move = history[index].move
        if isinstance(move, Discard):
            seen[move.card] += 1
            thrown += 1
            if thrown >= len(deck):
                break
    held = Counter(view.hand)
    for cards in view.shown or ():
        held.update(cards)
    return (
        Counter({card: min(count, deck[card] - held[card]) for card, count in seen.items()})
        - Counter()
    )


def stalled_plan(view: Any) -> tuple[Card, ...] | None:
    """The hand the player aims for in a stalled hand (see the module): as many cards as a
    hand holds between turns, every one in a meld, one meld or two, made of the player's
    own cards and :func:`circulating_cards`, the one that needs the fewest cards the
    player does not hold (the first such in card order); ``None`` if there is none, or if
    the pool's melds are more than a search may read (``MAX_HAND_READINGS``).

    >>> from scala40.bots.knock.stalled import stalled_plan
    >>> from scala40.games.chinchon import new_game
    >>> stalled_plan(new_game(players=2, seed=4).view(0)) is None
    True
    """
    profile = view.rules.profile
    size: int = profile.hand_size
    hand = Counter(view.hand)
    circulating = circulating_cards(view)
    if not circulating:
        return None
    pool = tuple(sorted((hand + circulating).elements()))
    try:
        found = melded_card_sets(pool, profile.meld_rules)
    except SearchLimitError:
        # A pool past the search's bound (many cards that went round, wild cards under
        # rules that allow any number in a meld) has no plan: the bot plays as in a hand
        # that has not stalled, and its random move one time in five still ends the hand.
        return None
    melds = [meld for meld in found if len(meld) <= size]
    best: tuple[int, tuple[Card, ...]] | None = None
    for first, meld in enumerate(melds):
        if len(meld) == size:
            best = _better(best, meld, hand)
            continue
        room = Counter(pool) - Counter(meld)
        for other in melds[first + 1 :]:
            if len(meld) + len(other) != size or Counter(other) - room:
                continue
            best = _better(best, tuple(sorted(meld + other)), hand)
    return None if best is None else best[1]


def _better(
    best: tuple[int, tuple[Card, ...]] | None, target: tuple[Card, ...], hand: Counter[Card]
) -> tuple[int, tuple[Card, ...]]:
    missing = sum((Counter(target) - hand).values())
    if best is None or missing < best[0]:
        return (missing, target)
    return best
