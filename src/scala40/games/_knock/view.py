"""What one player may know of a knock game, and sampling full states from it.

A view holds the player's own hand, how many cards the others hold, the discard pile,
the stock size, the totals and the turn's details, and nothing else: not the other hands
(until a hand's end shows them all) and not the stock order. Search bots sample views
into full states consistent with them, reproducibly from a seed.

>>> from scala40.games.rumino import new_game
>>> view = new_game(players=3, seed=11).view(1)
>>> view.current_player, view.hands_shown, len(view.unknown_cards())
(1, False, 100)
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Generic

import attrs
from typing_extensions import TypeVar

from scala40._base.sampling import pick, unplaced
from scala40._base.state_record import order_fields
from scala40._rng import random_below, shuffle
from scala40.cards import RANK_OF, SUIT_OF, Card
from scala40.games._knock.arrange import has_rumino, rumino_meld
from scala40.games._knock.knocking import KnockingRules
from scala40.games._knock.phases import CLAIM, DRAW, PLAY, HandResult, Phase
from scala40.games._knock.profile import ClaimMode
from scala40.games._knock.spanish import SpanishRules
from scala40.games._knock.state_record import FamilyRules, KnockFields, KnockRecord
from scala40.views import ViewBase

__all__ = ["PlayerView"]

M = TypeVar("M", default=Any)
"""The game's moves, as its state's (its package's ``Move``)."""
R = TypeVar("R", bound=FamilyRules, default=FamilyRules)
"""The game's ruleset class, as its state's."""

_END_WORDS = {
    "knock": "knocked, unmatched",
    "gin": "gin",
    "close": "closed, unmatched",
    "all_matched": "closed with every card matched",
    "wild_chinchon": "chinchón with a wild card",
    "chinchon": "chinchón",
    "rumino": "rumino",
    "blocked": "last turn of a blocked hand, unmatched",
}
"""How the closer ended the hand, by :class:`~scala40.games._knock.phases.HandEnd`."""


@attrs.frozen(field_transformer=order_fields)
class PlayerView(KnockFields, ViewBase[R, Phase, HandResult, KnockRecord, M], Generic[M, R]):
    """One player's knowledge of a knock game's state (the view of every game of the
    family; see the state's ``view``), generic as the state is, in the game's moves and
    ruleset: a Chinchón state's view is a ``PlayerView[chinchon.Move, chinchon.Ruleset]``,
    its ``rules`` Chinchón's and its legal moves Chinchón's. Views are made from states;
    the constructor checks nothing.

    A sample (:meth:`sample`) keeps what everyone knows of the hidden hands: the hands
    shown at a hand's end, the cards each player was seen to take from the discard pile
    and has not discarded, and, in Rumino (RU-RUMINO), that no hand holds a Rumino, that each seat still to
    decide on a claim holds the six cards the discard completes into one (drawn first,
    at random from the unknown cards), and that the seats known not to be able to claim
    the top discard (the seats after them; at a draw under ``rumino_claim="auto"``, all
    but the discarder) cannot. Its public fields are those of
    ``scala40.games._knock.state_record.KnockFields``.
    """

    def last_hand_parts(self) -> tuple[tuple[tuple[str, tuple[Card, ...], int], ...], ...]:
        """How each seat's points of the last hand were made: the closer's by how it
        ended the hand, the others' by the cards they left unmatched (the rest melded or
        laid off); a seat that showed nothing (out of the game, or a Rumino's hand) by
        its points alone."""
        last = self.last_hand
        if last is None:
            return ()
        parts: list[tuple[tuple[str, tuple[Card, ...], int], ...]] = []
        for seat, points in enumerate(last.points):
            shown = last.shown[seat]
            if seat == last.closer:
                what = _END_WORDS.get(last.end.value, last.end.value)
                cards = () if shown is None else shown.unmatched
                parts.append(((what, cards, points),))
            elif shown is None:
                parts.append((("points", (), points),))
            else:
                parts.append((("unmatched", shown.unmatched, points),))
        return tuple(parts)

    def known_cards(self) -> tuple[tuple[Card, ...], ...]:
        """What this player knows each hand holds: every hand, once the hand's end has
        shown them all; before, his own and the cards the others were seen to take from
        the discard pile and have not discarded (``ViewBase.known_cards``)."""
        if self.hands_shown and self.last_hand is not None:
            # Everyone showed his hand at the end of it.
            return tuple(
                self.hand if seat == self.player else cards
                for seat, cards in enumerate(self.last_hand.hands)
            )
        return super().known_cards()

    def _known_hidden(
        self, unseen: tuple[Card, ...], rng: int
    ) -> tuple[dict[int, list[Card]], int]:
        """The cards the hidden hands are known to hold (:meth:`known_cards`), and the
        claimants' Rumino cards (:meth:`_claim_witnesses`)."""
        shown, rng = super()._known_hidden(unseen, rng)
        return self._claim_witnesses(unseen, shown, rng)

    def _claim_witnesses(
        self, unseen: tuple[Card, ...], shown: dict[int, list[Card]], rng: int
    ) -> tuple[dict[int, list[Card]], int]:
        """``shown``, and for each hidden seat still to decide on a claim, six cards the
        top discard completes into a Rumino (RU-RUMINO)."""
        if self.phase is not CLAIM or not self.discard:
            return shown, rng
        known = dict(shown)
        pool = unplaced(unseen, known)
        top = self.discard[-1]
        for seat in self.pending:
            if seat == self.player or seat in known:
                continue
            witness, rng = _rumino_witness(pool, top, self.rules, rng)
            if witness is None:
                break  # not a view a state gives: the checks will say so
            pool -= Counter(witness)
            known[seat] = witness
        return known, rng

    def _consistent(self, state: Any) -> bool:
        """Whether a dealt state passes its own checks and keeps the Rumino facts: no
        hand in play holds a Rumino (it would have won), and the seats that could not
        claim the top discard still cannot (RU-RUMINO)."""
        if state.problems():
            return False
        profile = self.profile
        if not profile.rumino or self.phase not in (DRAW, PLAY, CLAIM):
            return True
        rules = self.rules
        if any(has_rumino(hand, rules) for hand in state.hands if hand):
            return False
        top = self.discard[-1] if self.discard else None
        return not any(has_rumino(state.hands[seat], rules, top) for seat in self._cannot_claim())

    def _cannot_claim(self) -> list[int]:
        """The seats known to hold no Rumino with the top discard (RU-RUMINO): at a claim,
        the seats after the first one still to decide, other than those listed; at a
        draw under claims made at once (``rumino_claim="auto"``), every seat but the
        discarder (a claim would have ended the game). The upcard of a hand's first
        turn is not a discard, and after passed claims the passing seats may hold one."""
        count = self.player_count
        if self.phase is CLAIM and self.pending:
            order = [(self.turn + step) % count for step in range(1, count)]
            if self.pending[0] not in order:
                return []
            later = order[order.index(self.pending[0]) :]
            return [seat for seat in later if self.active[seat] and seat not in self.pending]
        if (
            self.phase is DRAW
            and self.discard
            and any(self.turns_played)
            and isinstance(self.rules, KnockingRules)
            and self.rules.rumino_claim is ClaimMode.AUTO
        ):
            before = [(self.turn - step) % count for step in range(1, count)]
            discarder = next((seat for seat in before if self.active[seat]), self.turn)
            return [seat for seat in range(count) if self.active[seat] and seat != discarder]
        return []


_RUN = (*range(1, 14), 1)
"""The ranks in sequence order, the ace at both ends (a Rumino window is checked by
:func:`has_rumino`, so a window the rules do not allow is never kept)."""


def _rumino_witness(
    pool: Counter[Card], top: Card, rules: KnockingRules | SpanishRules, rng: int
) -> tuple[list[Card] | None, int]:
    """Six cards of ``pool`` that ``top`` completes into a Rumino (RU-MELDS,
    RU-RUMINO), at random: seven of a rank or seven in sequence of a suit, wild cards
    standing in where the rules allow; ``None`` when the pool holds none. At most 13
    ranks and 4 suits of 8 windows are tried, each checked once."""
    meld_rules = rules.profile.meld_rules
    wild = meld_rules.wild_cards
    size, jokers = rumino_meld(meld_rules)
    top_wild = top in wild
    targets: list[tuple[int, tuple[int, ...]]] = []
    for rank in range(1, 14) if top_wild else (RANK_OF[top],):
        targets.append((-1, (rank,) * size))
    for suit in range(4) if top_wild else (SUIT_OF[top],):
        for start in range(len(_RUN) - size + 1):
            window = _RUN[start : start + size]
            if top_wild or RANK_OF[top] in window:
                targets.append((suit, window))
    order, rng = shuffle(targets, rng)
    wilds = sorted(card for card in pool.elements() if card in wild) if jokers else []
    for suit, slots in order:
        left = list(slots)
        if top_wild:
            index, rng = random_below(size, rng)
            del left[index]
        else:
            left.remove(RANK_OF[top])
        free = pool.copy()
        chosen: list[Card] = []
        spare = list(wilds)
        for rank in left:
            naturals = sorted(
                card
                for card in free.elements()
                if card not in wild
                and RANK_OF[card] == rank
                and (suit < 0 or SUIT_OF[card] == suit)
            )
            options = naturals + spare
            if not options:
                break
            card, rng = pick(options, rng)
            if card in wild:
                spare.remove(card)
            free[card] -= 1
            chosen.append(card)
        else:
            if has_rumino(chosen, rules, top):
                return chosen, rng
    return None, rng
