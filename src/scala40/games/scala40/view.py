"""What one player may know: :class:`PlayerView`, and sampling full states from it.

A view holds the player's own hand, how many cards the others hold, the
table, the discard pile, the stock size, scores and turn details, and nothing
else: not the stock order, not the other hands. Search bots sample views
into full states consistent with them (determinization), reproducibly from a
seed.

>>> import scala40
>>> view = scala40.new_game(players=3, seed=11).view(1)
>>> view.is_my_turn, view.may_close, len(view.unknown_cards())
(True, False, 94)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import attrs

from scala40._base.record import order_fields
from scala40._base.sampling import pick, random_meld
from scala40.cards import Card
from scala40.games.scala40.moves import Move
from scala40.games.scala40.phases import PLAY, HandResult, Phase
from scala40.games.scala40.record import Scala40Fields, StateRecord
from scala40.games.scala40.rules import Ruleset
from scala40.melds import MeldRules
from scala40.views import ViewBase

__all__ = ["PlayerView"]


@attrs.frozen(field_transformer=order_fields)
class PlayerView(Scala40Fields, ViewBase[Ruleset, Phase, HandResult, StateRecord, Move]):
    """One player's knowledge of a :class:`~scala40.games.scala40.state.GameState` (see
    :meth:`scala40.games.scala40.state.GameState.view`). Views are made from states; the
    constructor checks nothing.

    A sample (:meth:`sample`) keeps what everyone knows of the hidden hands. A card the
    player to move took from the discard pile and has not melded is in his hand, with
    cards that meld it, or, when his hand has no room for a meld and a card to discard,
    a card that lets it be laid off after it (and, when the take opens him,
    S40-V-EARLYDISCARD, melds that reach the opening threshold with it,
    S40-DRAW-DISCARD); a player who has put down part of his opening this turn holds
    melds that complete it (S40-OPEN); the cards each player was seen to take and has
    not played (the upcard taken to keep, S40-V-UPCARD; a joker freed by a swap, S40-SWAP)
    are in his hand. Such cards are drawn first, at random from the unknown cards. Its
    public fields are those of ``scala40.games.scala40.record.Scala40Fields``.
    """

    def _face_up(self) -> Iterator[Card]:
        yield from self.discard
        for meld in self.table:
            yield from meld.cards

    def _known_hidden(
        self, unseen: tuple[Card, ...], rng: int
    ) -> tuple[dict[int, list[Card]], int]:
        """The cards the hidden hands must hold: those everyone saw them take and they
        have not played (:meth:`known_cards`: a card taken from the discard pile, the
        upcard taken to keep, a joker freed by a swap); and for the player to move, with
        the card he took from the discard pile and has not melded, cards that meld it,
        and melds that complete his opening when he must open this turn."""
        known, rng = super()._known_hidden(unseen, rng)
        mover = self.turn
        if mover == self.player or self.phase is not PLAY:
            return known, rng
        must = self.taken if self.taken_must_use and not self.taken_used else None
        opened = self.opened[mover]
        needed = 0
        if not opened and (must is not None or self.opening_value):
            needed = self.rules.opening_threshold - self.opening_value
        if must is None and not needed:
            return known, rng
        meld_rules = self.rules.meld_rules
        pool = Counter(unseen)
        for held in known.values():
            pool -= Counter(held)
        cards: list[Card] = list(known.get(mover, ()))
        value = 0
        if must is not None:
            if must not in cards:
                if not pool[must]:
                    return known, rng  # not a view a state gives: the checks will say so
                pool[must] -= 1
                cards.append(must)
            others, rng = random_meld(
                tuple(sorted(pool.elements())), meld_rules, rng, containing=must
            )
            # A meld with it keeps a card back to discard (one of the other cards known to
            # be there will do), unless the hand may close by melding every card
            # (S40-V-NODISCARDCLOSE); a hand too small to meld it with two of its cards
            # lays it off instead.
            keep = 0 if self.rules.close_without_discard and self.may_close else 1
            room = self.hand_sizes[mover] - 1 - max(keep, len(cards) - 1)
            if others is not None and len(others) <= room:
                pool -= Counter(others)
                cards.extend(others)
                value += _meld_value(meld_rules, (must, *others))
            elif room >= 1:
                bridge, rng = self._layoff_bridge(must, pool, rng)
                if bridge is not None:
                    pool[bridge] -= 1
                    cards.append(bridge)
        # Keep two cards out of the melds: one to discard, one more in the first round.
        room = self.hand_sizes[mover] - 2
        while value < needed and len(cards) + 3 <= room:
            meld, rng = random_meld(tuple(sorted(pool.elements())), meld_rules, rng)
            if meld is None:
                break
            pool -= Counter(meld)
            cards.extend(meld)
            value += _meld_value(meld_rules, meld)
        known[mover] = cards
        return known, rng

    def _layoff_bridge(self, must: Card, pool: Counter[Card], rng: int) -> tuple[Card | None, int]:
        """A card of ``pool`` that, laid off first, lets ``must`` be laid off after it on
        the same table meld (``4S`` before ``3S`` on ``5S 6S 7S``), drawn at random among
        those the unseen cards allow; ``None`` when ``must`` can be laid off as it is, or
        no single card bridges the gap. A hand with no room to meld the taken card
        (S40-DRAW-DISCARD: he must use it this turn, and keep a card to discard) uses it so.
        Reads each table meld's extensions and theirs: at most a few hundred."""
        if any(ext.card == must for meld in self.table for ext in meld.extensions()):
            return None, rng
        bridges = sorted(
            {
                ext.card
                for meld in self.table
                for ext in meld.extensions()
                if pool[ext.card] > 0
                and any(after.card == must for after in meld.with_extension(ext).extensions())
            }
        )
        if not bridges:
            return None, rng
        return pick(bridges, rng)


def _meld_value(rules: MeldRules, cards: tuple[Card, ...]) -> int:
    return max(meld.value for meld in rules.readings_of_sorted(tuple(sorted(cards))))
